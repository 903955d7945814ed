/**
 * A tutorial played on the board [issue 56]: the guide between the tutorial's script (src/tutorial) and
 * the mode that plays its game (conquest, solitaire, the Rebels-vs-Empire play screen), which plays as it
 * always does and asks the guide at each decision (shell/mode.ts, `Guide`).
 *
 * Each step: the opponent's moves that open it play first, as the mode plays an AI turn; then the step's
 * words stand beside the place they concern, with its rule numbers (links to the reference) and what
 * to do; only the taught command is lit, and a click anywhere else on the board says "not now" and what
 * to do instead. Once the player has made it, the words say what it caused, and Next goes on. Back and
 * forward rebuild the game at that step (the game at any step is its script's first commands replayed),
 * and the step reached is remembered, so leaving and coming back resumes it.
 */
import { Vector2, Vector3 } from 'three';
import type { Command, Decision } from '../../core/engine/types';
import { canonical } from '../../core/engine/commands';
import type { Content } from '../../core/content/validate';
import type { GalaxyScene } from '../../render/galaxy-scene';
import type { Anchor, TutorialScript } from '../../tutorial/compile';
import { commandsAt } from '../../tutorial/compile';
import { esc } from '../html';
import { placeEachFrame } from '../game-screen/board-frame';
import type { Guide, Host, Mode } from '../shell/mode';
import { keepProgress } from './progress';
import './tutorial.css';

/** What the guide needs of the mode that plays the tutorial's game. */
export type GuidedMode = Mode & Required<Pick<Mode, 'playGuided' | 'guidedRefresh'>>;

/** Where the step stands: its opening opponent moves playing, its words read (and its commands awaited), or what they caused shown. */
type Phase = 'opening' | 'words' | 'result';

/** How long "not now" stays lit after a stray click. */
const NOT_NOW_MS = 2600;

/** The guide whose words follow the map as the camera moves (one at a time), and whether the galaxy's frames call it yet. */
let placing: TutorialGuide | null = null;
let hooked = false;

function followFrames(galaxy: GalaxyScene, guide: TutorialGuide): void {
  placing = guide;
  if (hooked) return;
  hooked = true;
  placeEachFrame(galaxy, () => placing?.place());
}

export class TutorialGuide implements Guide {
  private step = 0;
  private phase: Phase = 'opening';
  /** Commands in the game now. */
  private made = 0;
  private readonly bubble: HTMLElement;
  private readonly spot: HTMLElement;
  private active = false;
  /** While the guide rebuilds the game, the mode's stop is not the player leaving. */
  private rebuilding = false;
  private notNowUntil = 0;
  private notNowTimer: ReturnType<typeof setTimeout> | null = null;
  /** Stray clicks said "not now" to (the tests read it). */
  notNowCount = 0;

  constructor(
    private readonly host: Host,
    readonly script: TutorialScript,
    private readonly mode: GuidedMode,
    /** The game's save text after these commands (with its seats). */
    private readonly saveAt: (commands: Command<string>[]) => string,
    /** The tutorial ended: left (`finished` false) or played to its end, the player asking for a first game. */
    private readonly onEnd: (finished: boolean) => void,
  ) {
    this.bubble = document.createElement('div');
    this.bubble.className = 'tut-bubble';
    this.bubble.dataset.testid = 'tutorial';
    this.bubble.setAttribute('role', 'dialog');
    this.bubble.setAttribute('aria-live', 'polite');
    this.spot = document.createElement('div');
    this.spot.className = 'tut-spot';
    this.spot.setAttribute('aria-hidden', 'true');
    host.root.append(this.spot, this.bubble);
    this.bubble.addEventListener('click', (e) => this.onClick(e));
    followFrames(host.galaxy, this);
  }

  get id(): string {
    return this.script.def.id;
  }

  /** Open the tutorial at a step (its words shown, the opponent's opening moves already made). */
  open(step: number): string | null {
    return this.goTo(Math.max(0, Math.min(step, this.script.steps.length - 1)));
  }

  // ------------------------------------------------------------------ what the mode asks

  lit<S extends string>(decision: Decision<S> | null, made: number): Decision<S> | null {
    if (!decision || !this.active) return null;
    const next = this.script.commands[made];
    const human = decision.side === this.script.def.human;
    if (!next || next.by === 'prelude') return null;
    if (next.by === 'opponent') return !human && this.opponentMayPlay(made) ? decision : null;
    if (!human || this.phase !== 'words' || made >= this.current.done) return null;
    const key = canonical(next.command);
    const options = decision.options.filter((o) => canonical(o) === key);
    return options.length ? { ...decision, options } : null;
  }

  opponentAnswer<S extends string>(decision: Decision<S>, made: number): Command<S> {
    const next = this.script.commands[made];
    if (!next || next.by !== 'opponent' || next.command.side !== decision.side) throw new Error(`the tutorial's script has no answer for ${decision.side} here (command ${made + 1})`);
    return next.command as Command<S>;
  }

  get commands(): TutorialScript['commands'] {
    return this.script.commands;
  }

  limit(): number {
    if (!this.active) return this.made;
    return this.phase === 'opening' ? this.current.ready : this.current.done;
  }

  lights(place: string): boolean {
    return this.expected()?.places.includes(place) ?? false;
  }

  notNow(): void {
    if (!this.active) return;
    this.notNowCount++;
    this.notNowUntil = performance.now() + NOT_NOW_MS;
    if (this.notNowTimer) clearTimeout(this.notNowTimer);
    this.notNowTimer = setTimeout(() => this.render(), NOT_NOW_MS + 20);
    this.render();
  }

  moved(made: number): void {
    if (!this.active) return;
    this.made = made;
    const s = this.current;
    if (this.phase === 'opening' && made >= s.ready) this.phase = 'words';
    if (this.phase === 'words' && s.def.do?.length && made >= s.done) {
      if (s.def.result || this.isLast) this.phase = 'result';
      else return this.goOn();
    }
    this.render();
  }

  ended(): void {
    if (this.rebuilding || !this.active) return;
    this.close();
    this.onEnd(false);
  }

  // ------------------------------------------------------------------ steps

  private get current() {
    return this.script.steps[this.step] as TutorialScript['steps'][number];
  }

  private get isLast(): boolean {
    return this.step === this.script.steps.length - 1;
  }

  /** The player's command the step waits for now, if any. */
  private expected(): TutorialScript['commands'][number] | null {
    if (!this.active || this.phase !== 'words' || this.made >= this.current.done) return null;
    const next = this.script.commands[this.made];
    return next?.by === 'player' ? next : null;
  }

  /** The opponent plays the step's opening moves, and its answers between the taught commands; never while words wait to be read. */
  private opponentMayPlay(made: number): boolean {
    const s = this.current;
    if (this.phase === 'opening') return made < s.ready;
    return this.phase === 'words' && made >= s.ready && made < s.done;
  }

  /** Rebuild the game where step `k`'s words are shown. */
  private goTo(k: number): string | null {
    const s = this.script.steps[k];
    if (!s) return null;
    this.step = k;
    this.phase = 'words';
    this.made = s.ready;
    this.active = true;
    keepProgress(this.id, { step: k, of: this.script.steps.length });
    this.rebuilding = true;
    let problem: string | null;
    try {
      problem = this.mode.playGuided(this, this.saveAt(commandsAt(this.script, k, 'ready')));
    } finally {
      this.rebuilding = false;
    }
    if (problem) {
      this.close();
      return problem;
    }
    this.render();
    return null;
  }

  /** On to the next step in the game as it stands: its opening moves play (as the opponent's turn), then its words. */
  private goOn(): void {
    if (this.isLast) return this.finish();
    this.step++;
    keepProgress(this.id, { step: this.step, of: this.script.steps.length });
    const s = this.current;
    this.phase = this.made >= s.ready ? 'words' : 'opening';
    this.render();
    this.mode.guidedRefresh();
  }

  private finish(): void {
    keepProgress(this.id, { step: 0, finished: true });
    this.close();
    this.onEnd(true);
  }

  /** Take the guide off the page (the mode's game goes with the player's Menu or the end). */
  close(): void {
    this.active = false;
    if (placing === this) placing = null;
    for (const old of this.host.root.querySelectorAll('.tut-lit')) old.classList.remove('tut-lit');
    this.bubble.remove();
    this.spot.remove();
    if (this.notNowTimer) clearTimeout(this.notNowTimer);
  }

  private onClick(e: Event): void {
    const t = (e.target as HTMLElement).closest<HTMLElement>('[data-tut]');
    if (!t) return;
    e.stopPropagation();
    if (t.dataset.tut === 'next' || t.dataset.tut === 'back') this.mode.guidedStepLeft?.();
    switch (t.dataset.tut) {
      case 'next':
        // a step with commands still to make is skipped: they are made for the player (the game rebuilt at the next step)
        if (this.phase === 'words' && this.made < this.current.done) return void this.skipTo(this.step + 1);
        return this.goOn();
      case 'back':
        return void this.skipTo(this.step - 1);
      case 'leave':
        return this.mode.leave();
    }
  }

  private skipTo(k: number): void {
    if (k < 0) return;
    if (k >= this.script.steps.length) return this.finish();
    const problem = this.goTo(k);
    if (problem) {
      this.host.showMessage(`The tutorial cannot go on: ${problem}`);
      this.onEnd(false);
    }
  }

  // ------------------------------------------------------------------ the words on the board

  private render(): void {
    if (!this.active) return;
    const s = this.current;
    const d = s.def;
    const total = this.script.steps.length;
    const notNow = performance.now() < this.notNowUntil;
    const waiting = this.phase === 'words' && this.made < s.done;
    const rules = d.rules?.length ? `<p class="tut-rules">Rules: ${d.rules.map((r) => `<a href="#" class="tut-rule" data-rule-ref="${esc(r)}" title="Look it up in the rules">${esc(r)}</a>`).join(' ')}</p>` : '';
    const body =
      this.phase === 'opening'
        ? `<p class="tut-say muted"><span class="spinner"></span> The opponent plays…</p>`
        : `<p class="tut-say">${esc(d.say)}</p>${rules}${
            waiting && d.hint ? `<p class="tut-hint${notNow ? ' not-now' : ''}" data-testid="tutorial-hint">${notNow ? '<b>Not now.</b> ' : '→ '}${esc(d.hint)}</p>` : ''
          }${this.phase === 'result' && d.result ? `<p class="tut-result" data-testid="tutorial-result">${esc(d.result)}</p>` : ''}`;
    const canNext = this.phase === 'result' || (this.phase === 'words' && !waiting);
    const next = this.isLast && canNext && d.finish ? `<button class="primary" data-tut="next" data-testid="tutorial-finish">${esc(d.finish.button)}</button>` : canNext ? `<button class="primary" data-tut="next" data-testid="tutorial-next">Next ▶</button>` : this.phase === 'words' ? `<button data-tut="next" data-testid="tutorial-skip" title="Make this step's moves for me">Skip ▶</button>` : '';
    this.bubble.innerHTML = `<div class="tut-head"><span class="tut-count">${this.step + 1} / ${total}</span> <b>${esc(d.title)}</b><button class="tut-leave" data-tut="leave" title="Leave the tutorial (it resumes here)" data-testid="tutorial-leave">×</button></div>
      ${body}
      <div class="tut-nav"><button data-tut="back" data-testid="tutorial-back"${this.step === 0 ? ' disabled' : ''}>◀ Back</button>${next}</div>`;
    this.bubble.classList.toggle('not-now', notNow);
    this.bubble.hidden = false;
    this.place();
    // again once the mode has drawn its panel for the step (its button stands there then)
    requestAnimationFrame(() => this.place());
  }

  /**
   * Stand the words beside what they concern: the panel's button when the taught command is answered
   * there (it glows), else the step's place on the map (a ring on it); where they cover the fewest stars,
   * and none the step lights, inside the part of the page the panels leave open.
   */
  place(): void {
    if (!this.active) return;
    const g = this.host.galaxy;
    const canvas = g.renderer.domElement.getBoundingClientRect();
    const inset = g.viewInsets;
    // (on the Rebels-vs-Empire board in a small window, over its left and lower panels if need be, the open stack's counters
    // and the event log: the counters are avoided one by one below; the decision panel on the right never)
    const small = this.mode.id === 'play' && (innerWidth <= 900 || innerHeight <= 650);
    // the page's top lines stay readable: the score, the Planets button, and the board's question (what the step asks, in the
    // game's words); the words stand below them
    const topLines = [...this.host.root.querySelectorAll<HTMLElement>('.score, .planets-button, .board-question')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.top < innerHeight / 3);
    const top = Math.max(canvas.top + 60, ...topLines.map((r) => r.bottom + 8));
    const free = { left: canvas.left + (small ? 0 : inset.left) + 8, right: canvas.right - inset.right - 8, top, bottom: canvas.bottom - (small ? 0 : inset.bottom) - 8 };
    const w = this.bubble.offsetWidth;
    const h = this.bubble.offsetHeight;
    const expected = this.expected();
    // a button in the mode's panel the taught command is answered with, else a panel the step speaks of
    const panel = this.phase === 'opening' ? undefined : this.current.anchor?.panel;
    const button = expected && !expected.places.length ? (this.mode.guidedButton?.() ?? null) : panel ? (this.mode.guidedPanel?.(panel) ?? null) : null;
    for (const old of this.host.root.querySelectorAll('.tut-lit')) if (old !== button) old.classList.remove('tut-lit');
    // newly lit, in sight: a long list of choices scrolls to it (once: the player may scroll away)
    if (button && !button.classList.contains('tut-lit')) bringIntoSight(button);
    button?.classList.add('tut-lit');
    const at = this.phase === 'opening' ? null : anchorPoint(g, this.host.content, this.current.anchor);
    this.spot.hidden = !at;
    if (at) this.spot.style.transform = `translate(${canvas.left + at.x}px, ${canvas.top + at.y}px)`;
    const lit = (expected?.places ?? []).map((p) => placePoint(g, this.host.content, p)).filter((p): p is Vector2 => p !== null).map((p) => ({ x: canvas.left + p.x, y: canvas.top + p.y }));
    const stars = starPoints(g).map((p) => ({ x: canvas.left + p.x, y: canvas.top + p.y }));
    const target = at ? { x: canvas.left + at.x, y: canvas.top + at.y } : null;
    const inside = (b: { x: number; y: number }, p: { x: number; y: number }, pad: number) => p.x > b.x - pad && p.x < b.x + w + pad && p.y > b.y - pad && p.y < b.y + h + pad;
    // the board's lit markers and the open stack's counters (the Rebels-vs-Empire board's): the words never cover what they ask to click
    const marks = [...this.host.root.querySelectorAll<HTMLElement>('.map-marker:not(.refused):not(.idle), .board-column, .chip.tut-take, [data-testid="board-button"]:not(.refused)')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const covers = (b: { x: number; y: number }, r: DOMRect) => b.x < r.right + 8 && b.x + w > r.left - 8 && b.y < r.bottom + 8 && b.y + h > r.top - 8;
    const shown = button && button.getClientRects().length ? button.getBoundingClientRect() : null;
    // near the button it points to, else near its place on the map
    const near = shown ? { x: shown.left + shown.width / 2, y: shown.top + shown.height / 2 } : target;
    const cost = (b: { x: number; y: number }) =>
      (target && inside(b, target, 24) ? 1000 : 0) +
      200 * lit.filter((p) => inside(b, p, 24)).length +
      300 * marks.filter((r) => covers(b, r)).length +
      12 * stars.filter((p) => inside(b, p, 10)).length +
      (near ? Math.hypot(b.x + w / 2 - near.x, b.y + h / 2 - near.y) / 40 : 0);
    let tries: { x: number; y: number }[];
    if (shown) {
      // beside the button (or panel), on the board's side of it, at any height that keeps it in reach
      const x = shown.left > innerWidth / 2 ? shown.left - 14 - w : shown.right + 14;
      const clampPage = (y: number) => ({ x: Math.max(8, Math.min(x, innerWidth - w - 8)), y: Math.max(top, Math.min(y, innerHeight - h - 8)) });
      tries = [shown.top + shown.height / 2 - h / 2, shown.top, shown.bottom - h, shown.top - h / 3, shown.bottom - (2 * h) / 3].map(clampPage);
    } else {
      // (where the open part is narrower than the words, they reach over the left panel, never the right one, where the decision is)
      const clamp = (x: number, y: number) => ({ x: Math.min(Math.max(x, free.left), free.right - w), y: Math.max(free.top, Math.min(y, free.bottom - h)) });
      tries = [clamp((free.left + free.right - w) / 2, free.top), clamp(free.left, free.bottom - h), clamp(free.right - w, free.bottom - h), clamp(free.left, free.top), clamp(free.right - w, free.top)];
      if (target) for (const [dx, dy] of [[34, -h / 2], [-34 - w, -h / 2], [-w / 2, 34], [-w / 2, -34 - h], [34, 10], [34, -h - 10], [-34 - w, 10], [-34 - w, -h - 10]] as const) tries.unshift(clamp(target.x + dx, target.y + dy));
    }
    const best = tries.reduce((a, b) => (cost(b) < cost(a) ? b : a));
    this.bubble.style.transform = `translate(${Math.round(best.x)}px, ${Math.round(best.y)}px)`;
  }

  // ------------------------------------------------------------------ for tests

  state() {
    const next = this.expected();
    return {
      id: this.id,
      step: this.step,
      steps: this.script.steps.length,
      stepId: this.current.def.id,
      phase: this.phase,
      made: this.made,
      done: this.current.done,
      /** The board places of the command the step waits for (empty: a button in the panel, or nothing). */
      lit: next?.places ?? [],
      expected: next?.command ?? null,
      notNow: this.notNowCount,
    };
  }
}

/** A tutorial place's world position: a star system, a planet, or an environ's planet. */
function positionOf(g: GalaxyScene, content: Content, place: string): Vector3 | null {
  const system = g.layout.systems[g.layout.systemIndex.get(place) ?? -1];
  if (system) return system.position;
  const planetId = g.layout.planetIndex.has(place) ? place : content.environs.get(place)?.planet;
  const planet = planetId ? g.layout.planets[g.layout.planetIndex.get(planetId) ?? -1] : undefined;
  return planet?.position ?? null;
}

function placePoint(g: GalaxyScene, content: Content, place: string): Vector2 | null {
  const at = positionOf(g, content, place);
  const out = new Vector2();
  return at && g.project(at, out) ? out : null;
}

/** Where the map's stars are on the screen (the words keep off them). */
function starPoints(g: GalaxyScene): Vector2[] {
  const out: Vector2[] = [];
  for (const s of g.layout.systems) {
    const v = new Vector2();
    if (g.project(s.position, v)) out.push(v);
  }
  return out;
}

function anchorPoint(g: GalaxyScene, content: Content, anchor: Anchor | null): Vector2 | null {
  if (!anchor) return null;
  return placePoint(g, content, anchor.planet ?? anchor.system ?? '');
}

/** Scroll the panel `el` stands in (its nearest scrolling box) just enough that `el` is in sight. */
function bringIntoSight(el: HTMLElement): void {
  for (let box = el.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if (overflow !== 'auto' && overflow !== 'scroll') continue;
    const r = el.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    if (r.top < view.top) box.scrollTop -= view.top - r.top + 8;
    else if (r.bottom > view.bottom) box.scrollTop += r.bottom - view.bottom + 8;
    return;
  }
}
