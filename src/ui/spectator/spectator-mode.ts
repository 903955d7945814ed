/**
 * The spectator: a star-system game nobody plays, AI against AI or a replay, run by the spectator's
 * worker and shown on the shell's star-system screen (game-feed.ts), with its own bar: play and pause,
 * step a decision or a phase, the speed, whose view, following the action, a replay's timeline.
 */
import type { SideId } from '../../core/content/schema';
import type { Host, Mode } from '../shell/mode';
import type { FromWorker, StepUnit, ToWorker } from './spectator-protocol';
import { speedOptions } from './watch-menu';

/** Decisions per second at ×1. */
const BASE_RATE = 3;

export interface WatchOptions {
  scenario?: string;
  seed?: string;
  rebel?: string;
  imperial?: string;
  side?: SideId | null;
  speed?: number;
  play?: boolean;
  /** Keep watching: when a game ends, start the next one (the bench counts turns across games). */
  autoRestart?: boolean;
}

export class SpectatorMode implements Mode {
  readonly id = 'spectator';
  readonly starSystem = true;
  readonly framesItself = false;
  private worker: Worker | null = null;
  private readonly bar: HTMLElement;
  private readonly el: Record<string, HTMLElement> = {};
  private autoRestart: WatchOptions | null = null;

  constructor(private readonly host: Host) {
    this.bar = document.createElement('section');
    this.bar.className = 'controls';
    this.bar.hidden = true;
    this.bar.dataset.foot = '';
    this.bar.innerHTML = `
      <button data-el="play" data-testid="play" title="Play / pause (space)">Play</button>
      <button data-el="stepDecision" title="Step one decision">Step decision</button>
      <button data-el="stepPhase" title="Step one phase">Step phase</button>
      <label>Speed <select data-el="speed">${speedOptions()}</select></label>
      <label><input type="checkbox" data-el="follow" checked> follow the action</label>
      <label>Show <select data-el="viewSide2"><option value="">everything</option><option value="rebel">Rebel view</option><option value="imperial">Imperial view</option></select></label>
      <label>Animations <select data-el="animSpeed"><option value="1">normal</option><option value="2.5">fast</option><option value="0">off</option></select></label>
      <button data-el="skip" title="Skip running animations">skip</button>
      <button data-el="saveReplay" title="Download this game as a replay">save replay</button>
      <div class="timeline" data-el="timelineBox" hidden><input type="range" min="0" max="0" value="0" data-el="timeline" data-testid="timeline"><span data-el="timelineText"></span></div>`;
    host.root.appendChild(this.bar);
    for (const node of this.bar.querySelectorAll<HTMLElement>('[data-el]')) this.el[node.dataset.el as string] = node;
    const on = (name: string, ev: string, fn: (e: Event) => void) => this.el[name]?.addEventListener(ev, fn);
    on('play', 'click', () => this.togglePlay());
    on('stepDecision', 'click', () => this.step('decision'));
    on('stepPhase', 'click', () => this.step('phase'));
    on('speed', 'change', (e) => this.setSpeed(Number((e.target as HTMLSelectElement).value)));
    on('follow', 'change', (e) => (host.feed.follow = (e.target as HTMLInputElement).checked));
    on('viewSide2', 'change', (e) => this.send({ type: 'side', side: sideOf((e.target as HTMLSelectElement).value) }));
    on('animSpeed', 'change', (e) => host.changeSetting({ animationSpeed: Number((e.target as HTMLSelectElement).value) }));
    on('skip', 'click', () => host.galaxy.skipAnimations());
    on('saveReplay', 'click', () => this.send({ type: 'save', purpose: 'replay' }));
    on('timeline', 'input', (e) => this.send({ type: 'seek', index: Number((e.target as HTMLInputElement).value) }));
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT')) return;
      if (e.key === ' ' && this.active && host.feed.info) {
        e.preventDefault();
        this.togglePlay();
      }
    });
    host.feed.onState = () => this.active && this.updateBar();
    this.settingsChanged();
  }

  private get active(): boolean {
    return this.host.current === this;
  }

  /** The start menu's choices (its "Watch the AI play" entry, watch-menu.ts). */
  private menu(name: string): string {
    return (this.host.root.querySelector<HTMLInputElement | HTMLSelectElement>(`.start [data-el="${name}"]`))?.value ?? '';
  }

  // ------------------------------------------------------------------ the lifecycle

  /** The menu's Watch: an AI-vs-AI game with its choices. */
  showSetup(): void {
    this.watch();
  }

  /** Start an AI-vs-AI game with the start menu's choices, or `opts` (the bench and tests call it too). */
  watch(opts: WatchOptions = {}): void {
    // a new game is sure to start: the spectator takes the page now (nothing of the last game stays meanwhile)
    if (!this.active) this.host.enter(this);
    this.autoRestart = opts.autoRestart ? { ...opts, seed: `${opts.seed ?? 'auto'}+` } : null;
    const side = opts.side !== undefined ? opts.side : sideOf(this.menu('viewSide'));
    (this.el.viewSide2 as HTMLSelectElement).value = side ?? '';
    (this.el.speed as HTMLSelectElement).value = String(opts.speed ?? this.menu('startSpeed'));
    this.setSpeed(Number((this.el.speed as HTMLSelectElement).value));
    this.send({
      type: 'new',
      scenario: opts.scenario ?? this.menu('scenario'),
      seed: opts.seed ?? (this.menu('seed') || '1'),
      agents: { rebel: opts.rebel ?? this.menu('rebelAgent'), imperial: opts.imperial ?? this.menu('imperialAgent') },
      side,
    });
    if (opts.play !== false) this.send({ type: 'play' });
  }

  /** A watched game's save resumes paused, the AIs of the menu playing on; a refusal comes as a message. */
  resume(text: string): string | null {
    this.send({ type: 'load', text, agents: { rebel: this.menu('rebelAgent'), imperial: this.menu('imperialAgent') }, side: sideOf((this.el.viewSide2 as HTMLSelectElement).value) });
    return null;
  }

  /** Watch a replay from its first command, with a timeline. A broken one gets a message; the game on the screen stays. */
  replay(text: string): void {
    this.send({ type: 'replay', text, side: sideOf(this.menu('viewSide')) });
  }

  hasGame(): boolean {
    return this.active && this.host.feed.view !== null && this.host.feed.info !== null;
  }

  save(purpose: 'store' | 'download', label?: string): void {
    this.send({ type: 'save', purpose, label });
  }

  /** Menu, while watching: the start menu opens over the game (the game goes on behind it). */
  leave(): void {
    // (`hidden` is true, false or 'until-found', which hides too)
    this.host.showStartMenu(Boolean((this.host.root.querySelector('.start') as HTMLElement).hidden));
  }

  stop(): void {
    this.worker?.postMessage({ type: 'pause' } satisfies ToWorker);
    this.autoRestart = null;
    this.bar.hidden = true;
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  settingsChanged(): void {
    const speed = this.host.settings.animationSpeed;
    const anim = this.el.animSpeed as HTMLSelectElement;
    if (![...anim.options].some((o) => Number(o.value) === speed)) anim.add(new Option(`×${speed}`, String(speed)));
    anim.value = [...anim.options].find((o) => Number(o.value) === speed)?.value ?? '1';
  }

  state() {
    return null;
  }

  // ------------------------------------------------------------------ the worker

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./spectator-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.fromWorker(e.data);
    worker.onerror = (e) => this.host.showMessage(`The game worker failed: ${e.message}`);
    this.worker = worker;
    this.setSpeed(Number((this.el.speed as HTMLSelectElement).value));
    return worker;
  }

  private send(m: ToWorker): void {
    this.ensureWorker().postMessage(m);
  }

  private setSpeed(multiplier: number): void {
    this.worker?.postMessage({ type: 'speed', decisionsPerSecond: multiplier * BASE_RATE } satisfies ToWorker);
  }

  private step(unit: StepUnit): void {
    this.send({ type: 'step', unit });
  }

  private togglePlay(): void {
    this.send({ type: this.host.feed.playing ? 'pause' : 'play' });
  }

  /**
   * The worker's messages. A game it started (new, loaded or replayed) takes the page; its views are
   * shown only while the spectator has it (those still on their way after another mode took it are not).
   */
  private fromWorker(m: FromWorker): void {
    if (m.type === 'started') {
      if (!this.active) this.host.enter(this);
      this.host.receive(m);
      this.bar.hidden = false;
      (this.el.timelineBox as HTMLElement).hidden = !m.info.replay;
      this.host.frameAround(null);
      return;
    }
    if (m.type === 'state' && !this.active) return;
    this.host.receive(m);
    if (m.type === 'state' && m.view.winner && !m.playing && this.autoRestart) {
      const next = this.autoRestart;
      setTimeout(() => this.watch({ ...next, autoRestart: true }), 0);
    }
  }

  private updateBar(): void {
    const feed = this.host.feed;
    (this.el.play as HTMLElement).textContent = feed.playing ? 'Pause' : 'Play';
    const timeline = this.el.timeline as HTMLInputElement;
    if (feed.total !== null) {
      timeline.max = String(feed.total);
      timeline.value = String(feed.index);
      (this.el.timelineText as HTMLElement).textContent = `${feed.index} / ${feed.total}`;
    }
  }

  /** Hooks for the tests: follow the action or not. */
  setFollow(on: boolean): void {
    this.host.feed.follow = on;
    (this.el.follow as HTMLInputElement).checked = on;
  }
}

function sideOf(value: string): SideId | null {
  return value === 'rebel' || value === 'imperial' ? value : null;
}
