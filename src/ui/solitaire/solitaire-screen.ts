/**
 * Solitaire in the browser [001]: the setup screen, then the Emperor against Chaos on the galaxy. Each
 * sector's label shows its number, its holder, the units and markers there (board.ts); on the left the
 * state of the Empire (turn, the Chaos Index as a meter, victory points against the scenario's levels,
 * RP, the markers in hand) and the log of Chaos's doings (operations rolls, battles, index moves); on
 * the right the pending decision in plain words, the exact odds before every attack (decision-panel.ts). Each Chaos Events
 * marker strikes as a card (a click or a key skips them). The Emperor is a person or an AI (watched with
 * pause, step and speed). The game runs in the page (session.ts); this file only reads its views.
 */
import { unitKeyHtml } from './risks';
import '../game-screen/game-screen.css';
import './solitaire.css';
import type { Vector3 } from 'three';
import type { Command, Decision, GameEvent } from '../../core/engine/types';
import { solitaireContent, type UnitDef, type UnitType } from '../../../systems/solitaire/content';
import type { Side, SolitaireGame } from '../../../systems/solitaire/state';
import type { SolitaireView } from '../../../systems/solitaire/view';
import type { Guide, Host, Mode } from '../shell/mode';
import { boardDrawers, drawersWhen, makeDrawer, openDrawerOf, type Drawer } from '../shell/drawers';
import { esc, setHtml } from '../html';
import { BoardFrame, placeEachFrame, systemOfPick } from '../game-screen/board-frame';
import { aiSpeed, clickedButton, GUIDE_READS_HTML, footHtml, gameButton, gameKey, LogList, samePlaces, typedInField, watchControlsHtml, playAi, playOne, type GameActions } from '../game-screen/controls';
import { defaultSaveName, exportSave, type SaveMeta } from '../saves';
import { COLOURS, NO_MARKS, SolitaireBoard, holderOf, type SolitaireMarks } from './board';
import { SolitaireSession, sessionFromSave, type SolitaireSetup, type SolitaireStep } from './session';
import { SolitaireSetupScreen } from './setup-screen';
import { anchorOf, decisionBodyHtml, type PanelContext } from './decision-panel';
import { DECISION_TITLES, ENDING_TYPES, eventCards, LEVEL_WORDS, levelLadder, logClass, moveOrigin, nextLevel, type EventCard } from './words';

/** Milliseconds between the AI Emperor's decisions at ×1 (at the fastest speed, 0: no cards either). */
const PACE_MS = 650;
const CARD_MS = 2600;
const LOG_LINES = 200;

type C = Command<Side>;

export class SolitaireScreen implements GameActions, Mode {
  readonly id = 'solitaire';
  /** A board of its own: it answers the map's clicks and has its own help. */
  readonly starSystem = false;
  readonly framesItself = true;
  readonly box: HTMLElement;
  private readonly setupScreen: SolitaireSetupScreen;
  private readonly hudEl: HTMLElement;
  private readonly logEl: HTMLElement;
  private readonly panelEl: HTMLElement;
  private readonly decisionEl: HTMLElement;
  private readonly footEl: HTMLElement;
  private readonly toastEl: HTMLElement;
  private readonly overEl: HTMLElement;
  private readonly helpEl: HTMLElement;
  private readonly board: SolitaireBoard;
  private readonly frame: BoardFrame;
  /** The Empire panel (the meters, the key to the labels), folding to its tab. */
  private readonly empireDrawer: Drawer;
  private readonly log: LogList;
  private readonly defs: ReadonlyMap<UnitType, UnitDef>;

  private session: SolitaireSession | null = null;
  active = false;
  /** The sector picked on the map or in the list: the options there are shown (a move's origin). */
  private focus: string | null = null;
  private hovered = new Set<string>();
  private recent = new Set<string>();
  private speed = 1;
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holdUntil = 0;
  /** Chaos Events cards waiting to be shown, and the one on show. */
  private cards: EventCard[] = [];
  private card: EventCard | null = null;
  private cardTimer: ReturnType<typeof setTimeout> | null = null;
  private cardsShown = 0;
  private overShown = false;
  private error = '';
  private stepsDone = 0;
  /** A tutorial's guide, while its game is played here [issue 56]. */
  private guide: Guide | null = null;

  constructor(readonly app: Host) {
    this.defs = solitaireContent(app.content).units;
    this.box = document.createElement('div');
    this.box.className = 'solitaire';
    this.box.innerHTML = `
      <section class="sol-setup" data-testid="sol-setup" hidden></section>
      <section class="sol-hud" hidden><div data-sol="hud" data-testid="sol-hud"></div></section>
      <section class="sol-log" hidden><h3>Chaos at work <small>operations, battles, the index</small></h3><ol data-sol="log" data-testid="sol-log"></ol></section>
      <section class="sol-panel" hidden><div class="sol-decision" data-sol="decision" data-testid="sol-decision" aria-live="polite"></div><div class="sol-foot" data-sol="foot"></div></section>
      <div class="sol-toast" data-testid="sol-toast" hidden></div>
      <div class="sol-over" data-testid="sol-over" hidden></div>
      <div class="sol-help game-help" data-testid="sol-help" hidden></div>`;
    app.root.appendChild(this.box);
    const q = (s: string) => this.box.querySelector(s) as HTMLElement;
    this.hudEl = q('[data-sol="hud"]');
    this.logEl = q('[data-sol="log"]');
    this.panelEl = q('.sol-panel');
    this.decisionEl = q('[data-sol="decision"]');
    this.footEl = q('[data-sol="foot"]');
    this.toastEl = q('.sol-toast');
    this.overEl = q('.sol-over');
    this.helpEl = q('.sol-help');
    this.helpEl.innerHTML = helpHtml();
    this.log = new LogList(this.logEl);
    this.setupScreen = new SolitaireSetupScreen(q('.sol-setup'), app.content, {
      start: (setup, speed) => this.start(setup, speed),
      resume: (text, speed) => this.resume(text, speed),
      cancel: () => {
        this.setupScreen.hide();
        app.showStartMenu(true);
      },
    });
    // each sector's label stands on its star, kept off the other labels only: the system names keep off the labels [issue 53]
    this.board = new SolitaireBoard(
      this.box,
      app.galaxy,
      (s) => this.clickSector(s),
      (s) => this.hoverSector(s),
    );
    this.frame = new BoardFrame(app.galaxy);
    placeEachFrame(app.galaxy, () => this.active && this.board.place());
    this.takePicks();
    this.box.addEventListener('click', (e) => this.onClick(e));
    this.box.addEventListener('change', (e) => this.onChange(e));
    this.box.addEventListener('mouseover', (e) => this.onOptionHover(e));
    this.toastEl.addEventListener('click', () => this.skipCards());
    this.helpEl.addEventListener('click', () => (this.helpEl.hidden = true));
    window.addEventListener('keydown', (e) => this.onKey(e));
    window.addEventListener('resize', () => this.active && this.frameBoard());
    // a small window: the side panels fold away to tabs, and the board is framed again in the room left
    this.empireDrawer = makeDrawer(this.hudEl.parentElement as HTMLElement, 'left', 'Empire', () => this.active && this.frameBoard());
    makeDrawer(this.panelEl, 'right', 'Orders', () => this.active && this.frameBoard());
  }

  /**
   * A click on a star (or a planet in it) is a click on its sector, never a flight into it. Taken again
   * at each game's start: another screen may have put its own handler in since (it is kept for when no
   * solitaire game runs).
   */
  private pick: ((sel: Parameters<NonNullable<Host['galaxy']['onPick']>>[0]) => boolean) | null = null;
  private takePicks(): void {
    const g = this.app.galaxy;
    if (this.pick && g.onPick === this.pick) return;
    const prev = g.onPick;
    this.pick = (sel) => {
      if (!this.active) return prev ? prev(sel) : false;
      const system = systemOfPick(this.app.content, sel);
      if (system) this.clickSector(system);
      return true;
    };
    g.onPick = this.pick;
  }

  // ------------------------------------------------------------------ setup, start, leave

  showSetup(): void {
    this.app.showStartMenu(false);
    this.setupScreen.show();
  }

  start(setup: SolitaireSetup, speed = 1): void {
    let session: SolitaireSession;
    try {
      session = new SolitaireSession(this.app.content, setup);
    } catch (e) {
      this.app.showMessage(`The game cannot start: ${(e as Error).message}`);
      return;
    }
    this.begin(session, speed, true);
  }

  /** Resume a game from a save's text, as it was. Returns why it cannot be (and changes nothing then), or null. */
  resume(text: string, speed = 1): string | null {
    const loaded = sessionFromSave(this.app.content, text);
    if (!loaded.ok) return loaded.message;
    this.begin(loaded.session, speed, false);
    return null;
  }

  /** Play a tutorial's game [issue 56]: `save` is its game so far; the guide lights what it teaches. */
  playGuided(guide: Guide, save: string): string | null {
    const loaded = sessionFromSave(this.app.content, save);
    if (!loaded.ok) return loaded.message;
    loaded.session.guide = guide;
    // the opening Chaos Events are shown as cards, as in a new game
    this.begin(loaded.session, 1, loaded.session.game.log.length === 0, guide);
    return null;
  }

  /** The guide moved on: the pending decision may now be answered. */
  guidedRefresh(): void {
    if (!this.active) return;
    this.render();
    this.schedule();
  }

  /** The panel's button for the taught command (with a guide, the only answer the panel offers). */
  guidedButton(): HTMLElement | null {
    return this.decisionEl.querySelector<HTMLElement>('[data-opt]');
  }

  /** A panel a tutorial's step stands beside (src/tutorial/solitaire.ts names them). */
  guidedPanel(name: string): HTMLElement | null {
    const selectors: Record<string, string> = { index: '.sol-meter-box', score: '.sol-vp-box' };
    const panel = selectors[name] ? this.box.querySelector<HTMLElement>(selectors[name] as string) : null;
    // a step about the Empire's fortunes, the panel folded away (a small window): it opens to show them
    if (panel) openDrawerOf(panel, [this.empireDrawer]);
    return panel;
  }

  private begin(session: SolitaireSession, speed: number, fresh: boolean, guide: Guide | null = null): void {
    this.stop();
    this.guide = guide;
    this.setupScreen.hide();
    this.app.enter(this);
    this.takePicks();
    this.frame.measure();
    this.session = session;
    this.active = true;
    this.speed = aiSpeed(speed);
    this.paused = false;
    this.focus = null;
    this.log.forget();
    this.overShown = false;
    this.error = '';
    this.stepsDone = 0;
    this.cardsShown = 0;
    // the coach speaks in a person's game, not a tutorial's (its guide speaks) [issue 56]
    if (!guide && session.human) this.app.coach.begin('solitaire', `solitaire|${session.scenario.id}|${session.game.seed}`);
    else this.app.coach.end();
    for (const el of [this.hudEl.parentElement, this.logEl.parentElement, this.panelEl]) (el as HTMLElement).hidden = false;
    // a small window, or a map the two panels leave narrow: the map gets the room, the Empire panel at its tab (with
    // both panels open, 800 px left the 25 sectors some 270 px, their labels piled on each other; 960 px, 400 px and
    // names under the panels); the orders stay, where most questions are answered. The panels are drawers while
    // either holds. A tutorial's step about the Empire's fortunes opens it (guidedPanel)
    const fold = boardDrawers(this.hudEl.parentElement as HTMLElement, this.panelEl);
    if (this.empireDrawer.folded !== fold) this.empireDrawer.fold(fold);
    // the system names keep off the sectors' labels (placed first, for the camera now)
    this.app.setLabelObstacles(() => {
      this.board.place();
      return this.board.boxes();
    });
    this.app.galaxy.select(null);
    this.render();
    this.frameBoard();
    // a new game's first Chaos Events have struck already: they are shown as cards
    if (fresh) this.queueCards(session.events);
    this.autosave();
    this.schedule();
  }

  private frameBoard(): void {
    this.frame.frame(this.hudEl.parentElement as HTMLElement, this.panelEl);
  }

  leave(): void {
    this.stop();
    this.app.leave(this);
    this.app.galaxy.home();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.cardTimer) clearTimeout(this.cardTimer);
    this.timer = this.cardTimer = null;
    this.active = false;
    drawersWhen(null);
    const guide = this.guide;
    this.guide = null;
    guide?.ended();
    this.app.coach.end();
    this.session = null;
    this.cards = [];
    this.card = null;
    this.board.clear();
    this.app.setLabelObstacles(null);
    this.app.galaxy.skipAnimations();
    for (const el of [this.hudEl.parentElement, this.logEl.parentElement, this.panelEl, this.overEl, this.toastEl, this.helpEl]) (el as HTMLElement).hidden = true;
    for (const el of [this.hudEl, this.logEl, this.decisionEl, this.footEl]) setHtml(el, '');
    this.overEl.replaceChildren();
    this.toastEl.replaceChildren();
    this.setupScreen.hide();
    this.app.galaxy.setInsets({ left: 0, right: 0, bottom: 0 });
  }

  // ------------------------------------------------------------------ saves

  /** A game a person plays is kept in its autosave slot (Continue brings it back); a watched one is not. */
  private autosave(): void {
    const s = this.session;
    // (a tutorial's game is the tutorial's to keep)
    if (!s || !this.active || !s.human || this.guide) return;
    try {
      this.app.saves.autosave(s.saveText(), this.saveMeta(s));
    } catch (e) {
      console.warn('solitaire autosave failed', e);
    }
  }

  private saveMeta(s: SolitaireSession): SaveMeta {
    return {
      scenario: s.scenario.id,
      turn: s.turn,
      played: s.human,
      who: s.human ? 'you: the Emperor, against Chaos' : `AI ${s.setup.emperor} as the Emperor`,
      game: `solitaire|${s.scenario.id}|${s.game.seed}|${s.setup.rules.join(',')}`.slice(0, 200),
      ruleset: 'solitaire',
      title: `Solitaire · ${s.scenario.name}`,
      speed: this.speed,
    };
  }

  /** Whether there is a game of this screen's to save (an online one is the server's). */
  hasGame(): boolean {
    return this.active && !!this.session && !this.guide;
  }

  /** The game kept under a player's name (the Saves panel), or as a file; it is also autosaved as it goes. */
  save(purpose: 'store' | 'download', label?: string): void {
    const s = this.session;
    if (purpose === 'download') return this.exportGame();
    if (label && s) this.app.keepSave(label, s.saveText(), this.saveMeta(s));
  }

  /** The name a save of this game is offered under: "Solitaire · Reconquest, turn 3, 27 Nov 22:40". */
  saveName(): string | null {
    const s = this.session;
    return s ? defaultSaveName({ title: `Solitaire · ${s.scenario.name}`, turnWord: 'turn', turn: s.turn }) : null;
  }

  exportGame(): void {
    const s = this.session;
    if (!s) return;
    exportSave(s.saveText(), `solitaire-${s.scenario.id}-${s.game.seed}-turn-${s.turn}.json`);
  }

  // ------------------------------------------------------------------ the pace of the game

  private get myDecision(): Decision<Side> | null {
    const s = this.session;
    return s && s.human ? s.decision : null;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.session;
    if (!s || !this.active) return;
    if (s.over) {
      // the last cards first, then the end
      if (this.card || this.cards.length) this.timer = setTimeout(() => this.schedule(), 200);
      else this.showOver();
      return;
    }
    if (s.human || this.paused || !s.decision) return;
    const pace = this.speed === 0 ? 0 : PACE_MS / this.speed;
    // an AI Emperor waits while Chaos's cards are read
    const cardsLeft = this.speed === 0 ? 0 : (this.card || this.cards.length ? 150 : 0);
    const wait = Math.max(pace, this.holdUntil - performance.now(), cardsLeft);
    this.timer = setTimeout(() => (this.card || this.cards.length) && this.speed !== 0 ? this.schedule() : this.tick(), wait);
  }

  private tick(): void {
    this.timer = null;
    const s = this.session;
    if (!s || !this.active) return;
    playAi(s, this.speed === 0, (steps) => this.afterSteps(steps), (e) => this.fail(e));
  }

  stepOnce(): void {
    const s = this.session;
    if (!s || s.human || s.over) return;
    this.skipCards();
    playOne(() => s.stepAi(), (steps) => this.afterSteps(steps), (e) => this.fail(e));
  }

  private choose(command: C | undefined): void {
    const s = this.session;
    if (!s || !command || !this.myDecision) return;
    this.focus = null;
    this.hovered.clear();
    this.app.audio.play('select');
    playOne(() => s.answer(command), (steps) => this.afterSteps(steps, true), (e) => this.fail(e));
  }

  private afterSteps(steps: SolitaireStep[], own = false): void {
    if (!steps.length) return this.schedule();
    this.stepsDone += steps.length;
    if (this.guide && this.session) this.guide.moved(this.session.game.log.length);
    const events = steps.flatMap((st) => st.events);
    if (own || this.session?.over || events.some((e) => e.kind === 'turn' || e.kind === 'income')) this.autosave();
    this.recent = new Set(events.flatMap((e) => (typeof e.data?.sector === 'string' ? [e.data.sector] : [])));
    if (this.speed !== 0 || own) this.animate(events);
    this.queueCards(events);
    // a new decision of another kind: the last pick no longer applies
    const d = this.session?.decision;
    if (!d || d.kind !== steps[steps.length - 1]!.decision.kind) this.focus = null;
    this.render();
    this.schedule();
  }

  private fail(e: unknown): void {
    this.error = (e as Error).message;
    this.paused = true;
    this.app.showMessage(`The solitaire game stopped: ${this.error}`);
    console.error(e);
    this.render();
  }

  togglePause(): void {
    this.paused = !this.paused;
    this.render();
    this.schedule();
  }

  // ------------------------------------------------------------------ animation and the events' cards

  private animate(events: GameEvent<Side>[]): void {
    const g = this.app.galaxy;
    if (this.app.settings.animationSpeed <= 0) return;
    const pos = (t: unknown) => (typeof t === 'string' ? g.layout.systems[g.layout.systemIndex.get(t) ?? -1]?.position : undefined);
    const scale = (p: Vector3) => Math.min(1.3, g.cameraDistanceTo(p) / 300);
    let sounds = '';
    for (const e of events) {
      if (e.kind === 'battle') {
        const p = pos(e.data?.sector);
        if (p) g.animateAt('conquest-hit', p, undefined, e.data?.attacker === 'empire' ? COLOURS.empire : COLOURS.chaos, scale(p));
        sounds = 'combat';
      } else if (e.kind === 'move') {
        const a = pos(e.data?.from);
        const b = pos(e.data?.to);
        if (a && b) g.animateAt('conquest-move', b, a, COLOURS.empire, scale(b));
        sounds ||= 'move';
      } else if (e.kind === 'recruit' || e.kind === 'colonize') {
        const p = pos(e.data?.sector);
        if (p) g.animateAt('conquest-place', p, undefined, COLOURS.empire, scale(p));
      }
    }
    if (sounds) this.app.audio.play(sounds as 'combat' | 'move');
  }

  /** The Chaos Events markers among these events become cards, shown one by one. */
  private queueCards(events: readonly GameEvent<Side>[]): void {
    if (this.speed === 0 && !this.session?.human) return;
    const cards = eventCards(events, solitaireContent(this.app.content).eventNames);
    if (!cards.length) return;
    this.cards.push(...cards);
    if (!this.card) this.nextCard();
  }

  private nextCard(): void {
    if (this.cardTimer) clearTimeout(this.cardTimer);
    this.cardTimer = null;
    const card = this.cards.shift() ?? null;
    this.card = card;
    if (!card) {
      this.toastEl.hidden = true;
      this.toastEl.replaceChildren();
      return;
    }
    this.cardsShown++;
    const left = this.cards.length;
    this.toastEl.innerHTML = `<div class="sol-card" data-marker="${esc(card.marker)}">
      <div class="sol-card-head"><span class="sol-card-kicker">Chaos event · turn ${card.turn}</span>${left ? `<span class="sol-card-more">${left} more</span>` : ''}</div>
      <h3 data-testid="sol-toast-name">${esc(card.name)}</h3>
      ${card.blurb ? `<p class="sol-card-blurb">${esc(card.blurb)}</p>` : ''}
      ${card.lines.length ? `<ul>${card.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : ''}
      <p class="sol-card-skip">Click or press a key to skip${left ? ' them all' : ''}</p></div>`;
    this.toastEl.hidden = false;
    // restart the entrance animation
    const el = this.toastEl.firstElementChild as HTMLElement;
    el.classList.add('in');
    this.app.audio.play('card');
    const speed = Math.max(1, this.speed || 8) * Math.max(0.25, this.app.settings.animationSpeed || 1);
    this.cardTimer = setTimeout(() => this.nextCard(), CARD_MS / Math.min(speed, 4));
  }

  /** Skip every card waiting or on show (a click or a key). */
  private skipCards(): void {
    const had = !!this.card;
    this.cards = [];
    this.nextCard();
    this.app.galaxy.skipAnimations();
    if (had) this.schedule();
  }

  // ------------------------------------------------------------------ drawing

  private render(): void {
    const s = this.session;
    if (!s || !this.active) return;
    const view = s.view();
    this.renderWhere(view);
    this.renderHud(view);
    this.renderDecision(view);
    this.renderFoot();
    this.renderLog();
    this.showBoard(view);
  }

  private nameOf = (id: string): string => this.app.content.systems.get(id)?.name ?? id;

  private showBoard(view?: SolitaireView): void {
    const s = this.session;
    if (!s) return;
    this.board.show(view ?? s.view(), this.marks(view ?? s.view()), this.nameOf, this.defs);
  }

  private renderWhere(view: SolitaireView): void {
    const s = this.session as SolitaireSession;
    const turns = s.scenario.sweep ? 'Sweep of Empire' : `of ${view.turns}`;
    const who = s.human ? 'you are the Emperor' : `AI ${esc(s.setup.emperor)} plays the Emperor`;
    this.app.setWhere(`<b>Solitaire · ${esc(s.scenario.name)}</b> · Turn <b data-testid="sol-turn">${view.turn}</b> ${turns} · <span class="muted">${who}</span>`);
  }

  private renderHud(view: SolitaireView): void {
    const s = this.session as SolitaireSession;
    const levels = s.scenario.levels;
    const idx = view.index;
    const file = solitaireContent(this.app.content).file;
    const draws = (file.eventsPerTurn.find((r) => idx <= r.upTo) ?? file.eventsPerTurn[file.eventsPerTurn.length - 1])?.events ?? 0;
    const ladder = levelLadder(levels, view.vp);
    // the pin: the level's rung, and how far into it (Galactic's rung spans four points)
    const rung = ladder.findIndex((l) => l.level === view.level);
    const lo = ladder[rung]?.from ?? Math.max(0, levels.decline - 4);
    const hi = ladder[rung + 1]?.from ?? levels.galactic + 4;
    const pin = ((rung + Math.max(0, Math.min(0.98, (view.vp - lo) / Math.max(1, hi - lo)))) / ladder.length) * 100;
    const next = nextLevel(levels, view.vp);
    const fx = Object.entries({ spectacle: 'Spectacle: index changes ×2', militarism: 'Militarism', pacifism: 'Pacifism', paranoia: 'Paranoia', enlightenment: 'Enlightenment', elites: 'Elites' })
      .filter(([k]) => view.fx[k as keyof typeof view.fx] === true)
      .map(([, v]) => `<span class="sol-chip">${esc(v)}</span>`)
      .join('');
    const held = view.sectors.filter((x) => holderOf(view, x) === 'empire').length;
    const chaosHeld = view.sectors.filter((x) => ['chaos', 'independent'].includes(holderOf(view, x))).length;
    setHtml(
      this.hudEl,
      `<div class="sol-turn"><span>Turn</span> <b data-testid="sol-hud-turn">${view.turn}</b>${s.scenario.sweep ? ' <span class="muted small">Sweep of Empire: until a Universal Victory</span>' : ` <span class="muted">/ ${view.turns}</span>`}</div>
      <div class="sol-meter-box" title="The Chaos Index: the higher it is, the more Chaos Events strike each turn, and the fewer victory points">
        <div class="sol-meter-head"><span>Chaos Index</span> <b data-testid="sol-index">${fmt(idx)}</b> <span class="muted small">${draws} event${draws === 1 ? '' : 's'} a turn at this level</span></div>
        <div class="sol-meter"><div class="sol-meter-fill" style="width:${Math.min(100, idx)}%"></div></div>
      </div>
      <div class="sol-vp-box">
        <div class="sol-meter-head"><span>Victory points</span> <b data-testid="sol-vp">${view.vp}</b> <span class="sol-level lv-${view.level}" data-testid="sol-level">${LEVEL_WORDS[view.level]}</span></div>
        <div class="sol-ladder">${ladder
          .map((l) => {
            return `<div class="sol-rung lv-${l.level}${l.level === view.level ? ' now' : ''}" title="${LEVEL_WORDS[l.level]}${l.from === null ? `: below ${levels.decline}` : `: ${l.from} VP or more`}"><span>${LEVEL_WORDS[l.level]}</span><small>${l.from === null ? `&lt;${levels.decline}` : `${l.from}+`}</small></div>`;
          })
          .join('')}<div class="sol-vp-pin" style="left:${pin.toFixed(1)}%"></div></div>
        <p class="muted small">${view.imperialSystems} Imperial systems + ${Math.floor((100 - idx) / 10)} for the index${next ? ` · ${next.need} more for ${LEVEL_WORDS[next.level]}` : ' · the highest level'}</p>
      </div>
      <div class="sol-stats">
        <span title="Resource points to spend"><b data-testid="sol-rp">${view.rp}</b> RP</span>
        <span title="Repression markers available: suppress a Chaos event"><b>${view.repression}</b> Repression</span>
        <span title="Illumination markers available"><b>${view.illumination}</b> Illumination</span>
        <span title="Sectors held: Imperial / Chaos"><b class="gold">${held}</b>/<b class="red">${chaosHeld}</b> of 25</span>
        <span title="Chaos Events markers left in the pool"><b>${view.poolSize}</b> in the pool</span>
      </div>
      ${fx ? `<div class="sol-fx">This turn: ${fx}</div>` : ''}
      ${unitKeyHtml(this.defs, new Set(view.units.map((u) => u.type)))}
      <div class="sol-key small muted">Each label: the sector's number, its resource, units (<b class="gold">Imperial</b>, <b class="red">Chaos</b>), markers.<br><span class="sw" style="--c:${COLOURS.empire}"></span>Imperial <span class="sw" style="--c:${COLOURS.chaos}"></span>Chaos <span class="sw" style="--c:${COLOURS.independent}"></span>Independent <span class="sw" style="--c:${COLOURS.none}"></span>no system · ◆ Nexus ☀ Illumination ✺ aliens ⌂ Institute ∞ Leviathan ✧ expedition</div>`,
    );
  }

  private renderLog(): void {
    const s = this.session as SolitaireSession;
    this.log.show(String(s.events.length), () =>
      s.events
        .filter((e) => e.kind !== 'turn')
        .slice(-LOG_LINES)
        .map((e) => `<li class="${esc(logClass(e))}"><span class="t">T${e.turn}</span> ${e.kind === 'battle' ? '⚔ ' : e.kind === 'chaos-operations' ? '⚄ ' : e.kind === 'chaos-marker' ? '✶ ' : ''}${esc(e.text)}</li>`)
        .join(''),
    );
  }

  private renderFoot(): void {
    const s = this.session as SolitaireSession;
    const controls = !s.human && !s.over ? watchControlsHtml('sol', { paused: this.paused, speed: this.speed, canStep: this.paused, stepTitle: 'One decision of the AI Emperor' }) : '';
    setHtml(this.footEl, footHtml('sol', controls));
  }

  // ------------------------------------------------------------------ the decision panel

  private renderDecision(view: SolitaireView): void {
    const s = this.session as SolitaireSession;
    if (s.over) {
      setHtml(this.decisionEl, `<h3 class="gold" data-testid="sol-game-over">${esc(s.winnerText())}</h3><p><button data-act="menu" data-testid="sol-menu-panel">Back to the menu</button> <button data-act="show-over">The result</button></p>`);
      return;
    }
    const d = s.decision;
    if (!d) return setHtml(this.decisionEl, this.guide ? GUIDE_READS_HTML : '');
    const head = `<div class="sol-who"><span class="sol-kind">${esc(DECISION_TITLES[d.kind] ?? d.kind)}</span> <span class="rule">${esc(d.rule)}</span></div>
      <p class="sol-prompt" data-testid="sol-prompt">${esc(d.prompt)}</p>`;
    if (!this.myDecision) {
      setHtml(
        this.decisionEl,
        `${head}<p class="sol-thinking" data-testid="sol-thinking"><span class="spinner"></span> The AI ${esc(s.setup.emperor)} decides…${this.paused ? ' <b>(paused)</b>' : ''}</p>${this.error ? `<p class="sol-error">${esc(this.error)}</p>` : ''}`,
      );
      return;
    }
    setHtml(this.decisionEl, `${head}${this.app.coach.html(d.kind)}${decisionBodyHtml(this.panelContext(view), d)}${this.error ? `<p class="sol-error">${esc(this.error)}</p>` : ''}`);
  }

  /** The game on show (the rules' own functions read it for the odds said before a choice). */
  private get game(): SolitaireGame {
    return (this.session as SolitaireSession).game;
  }

  private panelContext(view: SolitaireView): PanelContext {
    const content = solitaireContent(this.app.content);
    return { view, game: this.game, focus: this.focus, nameOf: this.nameOf, defs: this.defs, eventNames: content.eventNames, file: content.file };
  }

  // ------------------------------------------------------------------ the map's marks and clicks

  private marks(view: SolitaireView): SolitaireMarks {
    const d = this.myDecision;
    const hovered = this.hovered;
    if (!d) return { ...NO_MARKS, hovered, recent: this.recent };
    const clickable = new Set<string>();
    const targets = new Set<string>();
    for (const c of d.options) {
      const a = anchorOf(view, c);
      if (a) clickable.add(a);
      if (c.type === 'move' && this.focus && a === this.focus && typeof c.to === 'string') {
        targets.add(c.to);
        clickable.add(c.to);
      }
    }
    return { clickable, selected: this.focus, targets, hovered, recent: this.recent };
  }

  private clickSector(sector: string): void {
    // a tutorial lights only what its step teaches: anywhere else, it says what to do instead
    if (this.guide && !this.guide.lights(sector)) return this.guide.notNow();
    const d = this.myDecision;
    const s = this.session;
    if (!d || !s) return;
    const view = s.view();
    // a move: a destination of the picked stack takes the whole stack there
    if (d.kind === 'chaos-move' && this.focus && this.focus !== sector) {
      const there = d.options.filter((c) => c.type === 'move' && c.to === sector && moveOrigin(view, c) === this.focus);
      const biggest = there.sort((a, b) => (b.units as number[]).length - (a.units as number[]).length)[0];
      if (biggest) return this.choose(biggest);
    }
    const here = d.options.filter((c) => !ENDING_TYPES.has(c.type) && anchorOf(view, c) === sector);
    if (!here.length) return;
    // one choice there is taken at once (never an attack: its odds are read first)
    if (here.length === 1 && d.kind !== 'chaos-attack' && d.kind !== 'chaos-move') return this.choose(here[0]);
    this.focus = this.focus === sector ? null : sector;
    this.render();
  }

  private hoverSector(sector: string | null): void {
    const next = new Set(sector ? [sector] : []);
    if (samePlaces(next, this.hovered)) return;
    this.hovered = next;
    this.showBoard();
  }

  private onOptionHover(e: Event): void {
    const b = (e.target as HTMLElement).closest<HTMLElement>('[data-opt], [data-focus]');
    const d = this.myDecision;
    const s = this.session;
    if (!d || !s) return;
    let places: string[] = [];
    if (b?.dataset.focus) places = [b.dataset.focus];
    else if (b?.dataset.opt !== undefined) {
      const c = d.options[Number(b.dataset.opt)];
      const view = s.view();
      if (c) places = [anchorOf(view, c), typeof c.to === 'string' ? c.to : null].filter((x): x is string => !!x);
    }
    const next = new Set(places);
    if (samePlaces(next, this.hovered)) return;
    this.hovered = next;
    this.showBoard();
  }

  // ------------------------------------------------------------------ input

  private onClick(e: Event): void {
    const t = clickedButton(e, this.box);
    if (!t) return;
    if (t.dataset.opt !== undefined && t.closest('.sol-decision')) return this.choose(this.myDecision?.options[Number(t.dataset.opt)]);
    if (t.dataset.focus) {
      this.focus = this.focus === t.dataset.focus ? null : t.dataset.focus;
      return this.render();
    }
    if (gameButton(t.dataset.act, this, this.helpEl, this.overEl)) return;
    if (t.dataset.act === 'unfocus') {
      this.focus = null;
      return this.render();
    }
  }

  private onChange(e: Event): void {
    const t = e.target as HTMLSelectElement;
    if (t.dataset.act !== 'speed') return;
    this.speed = Number(t.value);
    t.blur();
    this.schedule();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.active || typedInField(e)) return;
    // any key skips the cards on show
    if (this.card) {
      this.skipCards();
      if (e.key === ' ' || e.key === 'Enter') return e.preventDefault();
    }
    gameKey(e, {
      canPause: !!this.session && !this.session.human,
      togglePause: () => this.togglePause(),
      helpEl: this.helpEl,
      clearPick: () => {
        if (!this.focus) return;
        this.focus = null;
        this.render();
      },
      decision: this.myDecision,
      endTypes: ['end-build', 'end-move', 'end-turn'],
      choose: (c) => this.choose(c),
    });
  }

  // ------------------------------------------------------------------ game over

  private showOver(): void {
    const s = this.session;
    if (!s || this.overShown) return;
    this.overShown = true;
    const view = s.view();
    const levels = s.scenario.levels;
    const good = ['survival', 'expanding', 'galactic'].includes(view.level);
    const ladder = levelLadder(levels, view.vp)
      .map((l) => `<tr class="${l.level === view.level ? 'now' : ''}"><td><span class="sol-level lv-${l.level}">${LEVEL_WORDS[l.level]}</span></td><td>${l.from === null ? `below ${levels.decline}` : `${l.from}+ VP`}</td><td>${l.level === view.level ? '◀ reached' : ''}</td></tr>`)
      .join('');
    this.overEl.innerHTML = `<div class="sol-over-box game-over-box ${good ? 'won' : 'lost'}">
      <p class="sol-card-kicker">${esc(s.scenario.name)} · after ${view.turn} turn${view.turn === 1 ? '' : 's'}</p>
      <h2 data-testid="sol-result">${esc(LEVEL_WORDS[view.level])}</h2>
      <p data-testid="sol-winner">${esc(s.winnerText())}</p>
      <p class="sol-over-vp"><b>${view.vp}</b> victory points: ${view.imperialSystems} Imperial system${view.imperialSystems === 1 ? '' : 's'} + ${Math.floor((100 - view.index) / 10)} for the Chaos Index at ${fmt(view.index)}</p>
      <table class="sol-over-ladder">${ladder}</table>
      <p class="buttons"><button data-act="close-over">See the galaxy</button> <button class="primary" data-act="menu" data-testid="sol-menu">Back to the menu</button></p></div>`;
    this.overEl.hidden = false;
    this.app.audio.play(good ? 'victory' : 'defeat');
    this.render();
  }

  // ------------------------------------------------------------------ for tests

  state() {
    const s = this.session;
    const d = s?.decision ?? null;
    const score = s?.score();
    return {
      active: this.active,
      setup: !(this.box.querySelector('.sol-setup') as HTMLElement).hidden,
      decision: d ? { kind: d.kind, human: !!this.myDecision, options: d.options.length } : null,
      turn: s?.turn ?? 0,
      over: s?.over ?? false,
      vp: score?.vp ?? 0,
      level: score?.level ?? '',
      index: score?.index ?? 0,
      paused: this.paused,
      // an AI decision (or the next card) is timed to come (none while paused: a test's "nothing more will happen")
      aiWaiting: this.timer !== null,
      speed: this.speed,
      steps: this.stepsDone,
      cardsShown: this.cardsShown,
      card: this.card?.name ?? null,
      focus: this.focus,
      error: this.error,
    };
  }

  startFromHook(setup: SolitaireSetup, speed: number): void {
    this.start(setup, speed);
  }
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function helpHtml(): string {
  return `<div class="help-box"><h2>How to play: the Emperor against Chaos</h2>
    <p>You rule the Empire; Chaos plays itself by the dice. Each turn: <b>Chaos Events</b> markers are drawn (more as the Chaos Index rises) and strike, each shown as a card; <b>aliens</b> act; then <b>your Imperial phase</b>: collect resource points and spend them (recruit in your systems, leaders, a Nexus, Repression markers to suppress events, extropy operations to lower the index), move, and attack; then <b>Chaos Operations</b>: every usurper, Independent Empire, invader and rebel stack rolls on the Chaos Operations table (the rolls are in the log).</p>
    <p><b>Combat.</b> Military combat destroys, morphogenetic combat converts. Your strength against theirs picks a column, a die the result; a result hits every unit of the side it names whose strength is at or below its number. Before you attack, the panel gives each result's exact chance and whom it would hit.</p>
    <p><b>Victory.</b> A point for each Imperial system, and 10 less a tenth of the Chaos Index. At the end the points give the level: Collapse, Decline, Survival, Expanding or Galactic (the thresholds are the scenario's, on the left).</p>
    <p><b>The map.</b> Each sector's label: its number, its resource value, your units (gold), Chaos's (red), its markers. Click a glowing sector to act there; for a move, click your stack, then where it goes.</p>
    <p><b>Keys.</b> Any key or click skips the event cards; Enter ends a step (spending, moving, combat); Esc clears a pick; Space pauses a watched game.</p>
    <p class="muted">Click anywhere to close.</p></div>`;
}
