/**
 * Conquest in the browser [002]: the setup screen, then the game on the galaxy. Each star system's badge
 * shows its holder and armies (board.ts); on the left the factions in the order of play and the
 * continents with their bonuses and holders, and the events the viewer may see; on the right the
 * viewer's cards (and secret mission) and the pending decision in plain words, with the exact odds
 * before every attack. The player answers with the panel's buttons or on the map (click a system of
 * yours, then an enemy neighbour). AI moves are paced and animated (arcs, dice), and skippable; an
 * all-AI game is watched with pause, step and speed; several humans share the screen with a hand-over
 * screen between them. The game runs in the page (session.ts); this file only reads its views.
 */
import '../game-screen/game-screen.css';
import './conquest.css';
import './blocs.css';
import type { Vector3 } from 'three';
import type { Command, Decision, GameEvent } from '../../core/engine/types';
import type { Card } from '../../../systems/conquest/cards';
import { conquestContent, type FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import type { Guide, Host, Mode } from '../shell/mode';
import { makeDrawer, type Drawer } from '../shell/drawers';
import { secretsShownFor } from '../shell/privacy';
import { esc, setHtml } from '../html';
import { BoardFrame, placeEachFrame, systemOfPick } from '../game-screen/board-frame';
import { AI_SPEEDS, aiSpeed, clickedButton, GUIDE_READS_HTML, footHtml, gameButton, gameKey, HELP_BUTTON, LogList, samePlaces, typedInField, watchControlsHtml, playAi, playOne, type GameActions } from '../game-screen/controls';
import { BattleDice } from './battle-dice';
import { decisionBody, takeBackHtml, type PanelContext } from './decision-body';
import { BEATS_FROM_SPEED, playBeat, RoundPace, type Beat } from './pace';
import { clearSpot, panelFolds, questionBarHtml, smallWindow, type QuestionWords } from './small-window';
import type { ScreenBox } from '../screen-boxes';
import { blocsPanelHtml, blocWinnerText, lastBlocEvent } from './blocs-panel';
import { blocResult } from './bloc-result';
import { ConquestBoard, NO_MARKS, type BoardMarks } from './board';
import { ConquestSession, optionsOf, sessionFromSave, type ConquestSetup, type Step } from './session';
import { RemoteConquestSession } from './remote-session';
import { ConquestReplay } from './replay';
import type { OnlineSeat } from '../../online/client';
import type { SeatRequest, StateMessage } from '../../online/protocol';

/** A game on this page (local), or on a game server (remote: this page holds one seat). */
type AnySession = ConquestSession | RemoteConquestSession;
import { defaultSaveName, exportSave, type SaveMeta } from '../saves';
import { ConquestSetupScreen } from './setup-screen';
import { capital } from '../game-screen/setup';
import { mapPictureContent } from './map-picture';
import { paceChoice } from '../lobby';
import {
  CARD_KIND_NAMES,
  CARD_KIND_SIGNS,
  cardText,
  DECISION_TITLES,
  logLines,
  optionText,
  reinforcementsOf,
  rollDice,
  setValuesText,
} from './words';

/** Milliseconds between AI decisions at ×1, by kind: the setup's many placements go quicker. */
const PACE_MS: Record<string, number> = { 'conquest-claim': 280, 'conquest-setup-place': 140, 'conquest-capital': 400, 'conquest-place': 320 };
const DEFAULT_PACE_MS = 700;
const LOG_LINES = 160;

type C = Command<FactionId>;
type Event_ = GameEvent<FactionId>;

export class ConquestScreen implements GameActions, Mode {
  readonly id = 'conquest';
  /** A board of its own: it answers the map's clicks and has its own help. */
  readonly starSystem = false;
  readonly framesItself = true;
  readonly box: HTMLElement;
  private readonly setupScreen: ConquestSetupScreen;
  private readonly sideEl: HTMLElement;
  private readonly logEl: HTMLElement;
  private readonly panelEl: HTMLElement;
  private readonly handEl: HTMLElement;
  private readonly decisionEl: HTMLElement;
  private readonly footEl: HTMLElement;
  private readonly privacyEl: HTMLElement;
  private readonly overEl: HTMLElement;
  private readonly helpEl: HTMLElement;
  /** [issue 53] In a small window, the turn's question at the top of the map while the panel is folded. */
  private readonly questionEl: HTMLElement;
  private readonly sideDrawer: Drawer;
  private readonly panelDrawer: Drawer;
  /** The question the panel was last folded or opened for in a small window (the player's own fold stands until it changes). */
  private foldedFor = '';
  private readonly board: ConquestBoard;
  private readonly dice: BattleDice;
  private readonly frame: BoardFrame;
  private readonly log: LogList;
  private readonly colours: Map<FactionId, string>;
  private readonly names: Map<FactionId, string>;

  private session: AnySession | null = null;
  /** The server and game of an online game (its invitation link names them). */
  private online: { serverUrl: string; gameId: string } | null = null;
  active = false;
  /** Hot-seat: the human who took the screen last; `handOver` the one it is being handed to. */
  private revealed: FactionId | null = null;
  private handOver: FactionId | null = null;
  /** Bloc events already shown in the blocs panel: a new one flashes it [003]. */
  private blocEventsSeen = 0;
  /** The territory picked first on the map (an attack's or a move's origin), and an enemy picked first. */
  private selected: string | null = null;
  private onto: string | null = null;
  /** Territories the option or badge under the pointer names. */
  private hovered = new Set<string>();
  /** Territories of the last move, marked on the board while the next is awaited. */
  private recent = new Set<string>();
  private speed = 1;
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The next AI move waits until the animations of the last one end (a key or click skips them). */
  private holdUntil = 0;
  /** The battle under way (its attacker, for a defence and the dice), and the attacker's last dice. */
  private battle: { from: string; to: string; dice: number } | null = null;
  /** What the last moves did, in words, for whoever watches them. */
  private lastLines: string[] = [];
  /** [issue 53] At fast: what the AI's beats did since the player's last answer, summed up when the player's turn comes. */
  private roundLines: string[] = [];
  /** The timing plan of the AI's beats at this speed (fast and faster), and the game round its clock began in. */
  private roundPace: RoundPace | null = null;
  private paceRound = -1;
  private overShown = false;
  private error = '';
  /** Why the server refused the last answer (online), shown over the decision until the next one. */
  private refusal = '';
  /** The replay of the finished game on show (its log re-run), and whether it plays on by itself. */
  private replay: ConquestReplay | null = null;
  private replayPlaying = false;
  /** Decisions answered so far (tests wait on it). */
  private stepsDone = 0;
  /** A tutorial's guide, while its game is played here [issue 56]. */
  private guide: Guide | null = null;

  constructor(readonly app: Host) {
    const cq = conquestContent(app.content);
    this.colours = new Map([...cq.factions.values()].map((f) => [f.id, f.color]));
    this.names = new Map([...cq.factions.values()].map((f) => [f.id, f.name]));
    this.box = document.createElement('div');
    this.box.className = 'conquest';
    this.box.innerHTML = `
      <section class="cq-setup" data-testid="cq-setup" hidden></section>
      <section class="cq-side" hidden><div data-cq="side" data-testid="cq-side"></div></section>
      <section class="cq-log" hidden><h3>Events</h3><ol data-cq="log" data-testid="cq-log"></ol></section>
      <section class="cq-panel" hidden><div class="cq-hand" data-cq="hand" data-testid="cq-hand"></div><div class="cq-decision" data-cq="decision" data-testid="cq-decision" aria-live="polite"></div><div class="cq-foot" data-cq="foot"></div></section>
      <div class="cq-question" data-testid="cq-question" hidden></div>
      <div class="cq-over" data-testid="cq-over" hidden></div>
      <div class="cq-privacy" data-testid="cq-privacy" hidden></div>
      <div class="cq-help game-help" data-testid="cq-help" hidden></div>`;
    app.root.appendChild(this.box);
    const q = (s: string) => this.box.querySelector(s) as HTMLElement;
    this.sideEl = q('[data-cq="side"]');
    this.logEl = q('[data-cq="log"]');
    this.panelEl = q('.cq-panel');
    this.handEl = q('[data-cq="hand"]');
    this.decisionEl = q('[data-cq="decision"]');
    this.footEl = q('[data-cq="foot"]');
    this.privacyEl = q('.cq-privacy');
    this.overEl = q('.cq-over');
    this.helpEl = q('.cq-help');
    this.questionEl = q('.cq-question');
    this.helpEl.innerHTML = helpHtml();
    this.log = new LogList(this.logEl);
    this.setupScreen = new ConquestSetupScreen(q('.cq-setup'), app.content, {
      start: (setup, speed) => this.start(setup, speed),
      resume: (text, speed) => this.resume(text, speed),
      startOnline: (setup, wait, reserved) => void this.startOnline(setup, wait, reserved),
      joinOnline: (gameId) => void this.app.joinOnline(gameId),
      cancel: () => {
        this.setupScreen.hide();
        app.showStartMenu(true);
      },
    });
    // each badge stands on its star, kept off the other badges only: the system names keep off the badges [issue 53]
    this.board = new ConquestBoard(
      this.box,
      app.galaxy,
      () => [],
      this.colours,
      (t, e) => this.clickTerritory(t, e),
      (t) => this.hoverTerritory(t),
    );
    this.dice = new BattleDice(this.box, () => this.skip());
    this.frame = new BoardFrame(app.galaxy);
    // the badges keep their systems as the camera moves
    placeEachFrame(app.galaxy, () => this.active && this.board.place());
    // a click on a star (or a planet in it) is a click on its territory, never a flight into it
    app.galaxy.onPick = (sel) => {
      if (!this.active) return false;
      const system = systemOfPick(app.content, sel);
      if (system) this.clickTerritory(system, null);
      return true;
    };
    this.box.addEventListener('click', (e) => this.onClick(e));
    this.box.addEventListener('input', (e) => this.onInput(e));
    this.box.addEventListener('change', (e) => this.onChange(e));
    this.box.addEventListener('mouseover', (e) => this.onOptionHover(e));
    this.privacyEl.addEventListener('click', () => this.reveal());
    this.helpEl.addEventListener('click', () => (this.helpEl.hidden = true));
    window.addEventListener('keydown', (e) => this.onKey(e));
    // any click skips the animations on show (the next AI move comes at once)
    window.addEventListener('pointerdown', () => this.active && this.skip(), true);
    // the panels' widths follow the window: the board is framed again in what they leave open
    window.addEventListener('resize', () => this.active && this.frameBoard());
    // a small window: the side panels fold away to tabs, and the board is framed again in the room left
    // (the question bar of a small window comes and goes with the panel, and stands beside the factions when they are open)
    const folded = () => {
      if (!this.active || !this.session) return;
      this.fitToWindow();
      this.frameBoard();
    };
    this.sideDrawer = makeDrawer(this.sideEl.parentElement as HTMLElement, 'left', 'Factions', folded);
    this.panelDrawer = makeDrawer(this.panelEl, 'right', 'Cards and turn', folded);
  }

  // ------------------------------------------------------------------ setup, start, leave

  showSetup(after?: string): void {
    this.app.showStartMenu(false);
    this.setupScreen.show(after ? { blocs: after === 'blocs' } : undefined);
  }

  /** Start a game with these choices (the setup screen's button; the screenshots call it through the page hook). */
  start(setup: ConquestSetup, speed = 1): void {
    let session: ConquestSession;
    try {
      session = new ConquestSession(this.app.content, setup);
    } catch (e) {
      this.app.showMessage(`The game cannot start: ${(e as Error).message}`);
      return;
    }
    this.begin(session, speed);
  }

  /**
   * Resume a game from a save's text (Continue, the Saves panel, a file), as it was: the same seats and
   * human factions (in hot-seat, the hand-over screen before the next person's turn), at `speed`.
   * Returns why the save cannot be resumed (and changes nothing then), or null.
   */
  resume(text: string, speed = 1): string | null {
    const loaded = sessionFromSave(this.app.content, text);
    if (!loaded.ok) return loaded.message;
    this.begin(loaded.session, speed);
    return null;
  }

  /** Play a tutorial's game [issue 56]: `save` is its game so far; the guide lights what it teaches and answers for the opponent. */
  playGuided(guide: Guide, save: string): string | null {
    const loaded = sessionFromSave(this.app.content, save);
    if (!loaded.ok) return loaded.message;
    loaded.session.guide = guide;
    // the pace the player chose stays as the guide goes back and forth
    this.begin(loaded.session, this.guide === guide ? this.speed : 1, null, guide);
    return null;
  }

  /** The guide moved on: the pending decision may now be answered (or the opponent may play). */
  guidedRefresh(): void {
    if (!this.active) return;
    this.render();
    this.schedule();
  }

  /** The panel's button for the taught command (with a guide, the only answer the panel offers). */
  guidedButton(): HTMLElement | null {
    return this.decisionEl.querySelector<HTMLElement>('[data-act="move-count"], [data-opt]:not(.back)');
  }

  /** A panel a tutorial's step stands beside (src/tutorial/conquest.ts names them). */
  guidedPanel(name: string): HTMLElement | null {
    const selectors: Record<string, string> = { blocs: '[data-testid="cq-blocs"]', cards: '[data-cq="hand"]', factions: '.cq-factions', continents: '.cq-continents' };
    return selectors[name] ? this.box.querySelector<HTMLElement>(selectors[name] as string) : null;
  }

  private begin(session: AnySession, speed: number, online: { serverUrl: string; gameId: string } | null = null, guide: Guide | null = null): void {
    this.stop();
    this.guide = guide;
    this.online = online;
    this.setupScreen.hide();
    this.app.enter(this);
    // a map of the player's own is drawn in the galaxy's place [002 I Maps]
    const own = session.setup.map;
    this.app.showMap(own ? mapPictureContent(this.app.content, own) : null);
    this.frame.measure();
    this.session = session;
    this.active = true;
    this.speed = aiSpeed(speed);
    this.paused = false;
    this.revealed = null;
    this.handOver = null;
    this.selected = this.onto = null;
    this.battle = null;
    this.lastLines = [];
    this.roundLines = [];
    this.log.forget();
    this.overShown = false;
    this.error = '';
    this.stepsDone = 0;
    this.replay = null;
    this.replayPlaying = false;
    this.refusal = '';
    // the coach speaks in a person's game, not a tutorial's (its guide speaks) [issue 56]
    if (!guide && session.humans.length) this.app.coach.begin('conquest', `conquest|${session.scenario.id}|${session.seed}`);
    else this.app.coach.end();
    // online, each state the server sends is a step to show
    if (session instanceof RemoteConquestSession) {
      session.onSteps = (steps) => {
        if (this.session !== session || !this.active) return;
        if (steps.length) return this.afterSteps(steps);
        this.render();
        this.schedule();
      };
      // the server's reason stays in the panel over the decision to answer again, not only in a passing message
      session.seat.onRefused((reason) => this.session === session && this.refuse(`the server says ${reason}`));
    }
    for (const el of [this.sideEl.parentElement, this.logEl.parentElement, this.panelEl]) (el as HTMLElement).hidden = false;
    // a small window: the map gets the room, the factions at their tab [issue 53]
    this.foldedFor = '';
    // (a tutorial's steps point at the panels: they stay as its guide shows them)
    const fold = smallWindow() && !guide;
    if (this.sideDrawer.folded !== fold) this.sideDrawer.fold(fold);
    if (this.panelDrawer.folded) this.panelDrawer.fold(false);
    this.app.setLabelObstacles(() => {
      this.board.place();
      return this.board.boxes();
    });
    this.app.galaxy.select(null);
    this.render();
    this.frameBoard();
    this.autosave();
    this.schedule();
  }

  // ------------------------------------------------------------------ saves

  /**
   * Keep a played game (a human at some seat) in its conquest autosave slot, so Continue brings it back
   * as it was. A watched all-AI game is not kept: it never takes a played game's place.
   */
  private autosave(): void {
    const s = this.session;
    // (a replay shows the game's past: the game kept is the finished one; a tutorial's game is the tutorial's to keep)
    if (!s || !this.active || s.humans.length === 0 || s instanceof RemoteConquestSession || this.replay || this.guide) return;
    try {
      this.app.saves.autosave(s.saveText(), this.saveMeta(s));
    } catch (e) {
      console.warn('conquest autosave failed', e);
    }
  }

  private saveMeta(s: ConquestSession): SaveMeta {
    const ais = s.setup.seats.filter((seat) => seat.player !== 'human');
    const humans = s.humans.map((f) => this.name(f));
    const levels = [...new Set(ais.map((a) => a.player))].join(', ');
    const against = ais.length ? `, against ${ais.length} AI (${levels})` : '';
    const who = s.humans.length === 0 ? `watched: ${ais.length} AI (${levels})` : s.humans.length === 1 ? `you: ${humans[0]}${against}` : `hot-seat: ${humans.join(', ')}${against}`;
    const seats = s.setup.seats.map((seat) => `${seat.faction}:${seat.player}`).join(',');
    return {
      scenario: s.scenario.id,
      turn: s.round,
      played: s.humans.length > 0,
      who,
      game: `conquest|${s.scenario.id}|${s.seed}|${seats}|${s.setup.cards}`.slice(0, 200),
      ruleset: 'conquest',
      title: `Conquest · ${s.scenario.name}${s.setup.map ? ` · ${s.setup.map.name}` : ''}`,
      speed: this.speed,
    };
  }

  /** Whether there is a game of this screen's to save (an online one is the server's). */
  hasGame(): boolean {
    return this.active && !!this.session && !(this.session instanceof RemoteConquestSession) && !this.guide;
  }

  /** The game kept under a player's name (the Saves panel), or as a file; it is also autosaved as it goes. */
  save(purpose: 'store' | 'download', label?: string): void {
    const s = this.session;
    if (purpose === 'download') return this.exportGame();
    if (!label || !s || s instanceof RemoteConquestSession) return;
    this.app.keepSave(label, s.saveText(), this.saveMeta(s));
  }

  /** The name a save of this game is offered under: "Conquest · Domination, round 5, 27 Nov 22:40". */
  saveName(): string | null {
    const s = this.session;
    if (!s || s instanceof RemoteConquestSession) return null;
    return defaultSaveName({ title: `Conquest · ${s.scenario.name}${s.setup.map ? ` · ${s.setup.map.name}` : ''}`, turnWord: 'round', turn: s.round });
  }

  exportGame(): void {
    const s = this.session;
    if (!s || s instanceof RemoteConquestSession) return;
    exportSave(s.saveText(), `conquest-${s.scenario.id}-${s.seed}-round-${s.round}.json`);
  }

  /** Back to the menu: nothing of the game stays (its badges, rings, panels, timers). */
  leave(): void {
    this.stop();
    this.app.leave(this);
    this.app.galaxy.home();
  }

  /** Stop the game and take everything of it off the page. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.active = false;
    const guide = this.guide;
    this.guide = null;
    guide?.ended();
    this.app.coach.end();
    this.replay = null;
    this.replayPlaying = false;
    if (this.session instanceof RemoteConquestSession) this.app.leaveSeat(this.session.seat, this.session.winner !== null);
    this.session = null;
    this.online = null;
    this.dice.skip();
    this.board.clear();
    this.app.galaxy.skipAnimations();
    for (const el of [this.sideEl.parentElement, this.logEl.parentElement, this.panelEl, this.overEl, this.privacyEl, this.helpEl, this.questionEl]) (el as HTMLElement).hidden = true;
    for (const el of [this.sideEl, this.logEl, this.handEl, this.decisionEl, this.footEl]) setHtml(el, '');
    for (const el of [this.overEl, this.privacyEl]) el.replaceChildren();
    this.setupScreen.hide();
    this.app.galaxy.setInsets({ left: 0, right: 0, bottom: 0, top: 0 });
    this.app.setLabelObstacles(null);
  }

  /** Frame the whole board in the part of the page the panels (and the question bar of a small window) leave open. */
  private frameBoard(): void {
    const canvas = this.app.galaxy.renderer.domElement.getBoundingClientRect();
    const top = this.questionEl.hidden ? 0 : Math.max(0, this.questionEl.getBoundingClientRect().bottom - canvas.top + 4);
    this.frame.frame(this.sideEl.parentElement as HTMLElement, this.panelEl, top);
  }

  /**
   * [issue 53] A small window: the cards-and-turn panel folds while there is nothing to answer in it (the
   * AI plays, or the map answers), and opens for the questions its buttons answer; while folded, the turn's
   * question stands in a bar at the top of the map.
   */
  private fitToWindow(): void {
    const s = this.session as AnySession;
    const small = smallWindow() && !this.guide;
    const d = this.myDecision;
    const ended = s.over || !!this.replay;
    const situation = `${d?.kind ?? s.decision?.side ?? ''}|${!!d}|${ended}`;
    let fold: boolean | null = null;
    if (small && situation !== this.foldedFor) {
      this.foldedFor = situation;
      fold = !ended && panelFolds(d?.kind ?? null, !!d);
    }
    const wasShown = !this.questionEl.hidden;
    const shown = small && !ended && (fold ?? this.panelDrawer.folded);
    this.questionEl.hidden = !shown;
    if (shown) setHtml(this.questionEl, questionBarHtml(this.questionWords()));
    const side = this.sideDrawer.folded ? null : (this.sideEl.parentElement as HTMLElement).getBoundingClientRect();
    this.questionEl.style.left = side && side.width ? `${Math.round(side.right + 8)}px` : '';
    if (fold !== null && fold !== this.panelDrawer.folded) this.panelDrawer.fold(fold);
    else if (shown !== wasShown) this.frameBoard();
  }

  /** What the question bar says now. */
  private questionWords(): QuestionWords {
    const s = this.session as AnySession;
    const d = this.myDecision;
    const side = d?.side ?? s.decision?.side ?? null;
    const who = this.name(side);
    const title = DECISION_TITLES[d?.kind ?? s.decision?.kind ?? ''] ?? '';
    if (!d) return { who, colour: this.colour(side), title, prompt: s.humanToDecide ? `Waiting for ${who}…` : `The AI plays ${who}… ${this.lastLines.at(-1) ?? ''}`, summary: 0 };
    const end = d.options.findIndex((c) => c.type === 'end-attacks' || c.type === 'end-turn');
    const onMap = panelFolds(d.kind, true) ? ` Click a glowing system on the map${d.kind === 'conquest-place' ? ' (Shift-click: all)' : ''}.` : '';
    return {
      who,
      colour: this.colour(side),
      title,
      prompt: `${capital(d.prompt.replace(/^[A-Z][a-z]+: /, ''))}${onMap}`,
      ...(end >= 0 ? { end: { opt: end, label: d.options[end]?.type === 'end-attacks' ? 'End attacks' : 'End your turn' } } : {}),
      summary: this.roundLines.length,
    };
  }

  /** The battle dice stand where they cover no system of the board: the open part's top or bottom, a corner, else over a panel [issue 53]. */
  private placeDice(): void {
    const el = this.dice.el;
    if (el.hidden) return;
    const canvas = this.app.galaxy.renderer.domElement.getBoundingClientRect();
    const box = this.box.getBoundingClientRect();
    const rect = (e: Element | null) => (e && !(e as HTMLElement).hidden && e.getClientRects().length ? e.getBoundingClientRect() : null);
    const side = rect(this.sideEl.parentElement);
    const panel = rect(this.panelEl);
    const top = Math.max(rect(document.querySelector('.hud'))?.bottom ?? canvas.top, rect(this.questionEl)?.bottom ?? 0) + 6;
    el.style.right = 'auto';
    el.style.left = '0px';
    el.style.top = '0px';
    const open = { left: (side?.right ?? canvas.left) + 8 - canvas.left, top: top - canvas.top, right: (panel?.left ?? canvas.right) - 8 - canvas.left, bottom: canvas.height - 8 };
    const over: ScreenBox[] = [side, panel].filter((r): r is DOMRect => !!r).map((r) => ({ x: r.left + r.width / 2 - canvas.left, y: r.top + r.height / 2 - canvas.top, width: r.width, height: r.height, visible: true }));
    const at = clearSpot(el.offsetWidth, el.offsetHeight, open, [...this.board.boxes(), ...this.app.mapLabels], over);
    el.style.left = `${Math.round(at.left + canvas.left - box.left)}px`;
    el.style.top = `${Math.round(at.top + canvas.top - box.top)}px`;
  }

  // ------------------------------------------------------------------ who sees what

  /** Whose eyes the screen shows: its human; in hot-seat the one who took the screen; watching or after the end, everyone's (null). */
  private get viewer(): FactionId | null {
    const s = this.session;
    if (!s || s.humans.length === 0 || s.over || this.replay) return null;
    if (s.humans.length === 1) return s.humans[0] as FactionId;
    return this.revealed;
  }

  /**
   * Secrets (cards, mission, private events) are drawn only as the shell's rule says (shell/privacy.ts):
   * in hot-seat, only while the human who took the screen is the one to act, so nothing of theirs stays
   * on the screen while an AI or the next person plays.
   */
  private get secretsFor(): FactionId | null | 'nobody' {
    const s = this.session;
    if (!s) return 'nobody';
    // a replay is of a finished game: everything is told
    return secretsShownFor({ humans: s.humans, acting: s.decision?.side ?? null, revealed: this.revealed, handingOver: this.handOver !== null, over: s.over || !!this.replay });
  }

  /** The pending decision, when it is the viewer's to answer on this screen now. */
  private get myDecision(): Decision<FactionId> | null {
    const s = this.session;
    const d = s?.decision;
    if (!s || !d || !s.humanToDecide || this.handOver || this.replay) return null;
    if (s.humans.length > 1 && d.side !== this.revealed) return null;
    return d;
  }

  private name(f: FactionId | null | undefined): string {
    return f ? (this.names.get(f) ?? f) : '';
  }

  private colour(f: FactionId | null | undefined): string {
    return f ? (this.colours.get(f) ?? '#888') : '#8b93b8';
  }

  private swatch(f: FactionId | null | undefined): string {
    return `<span class="cq-swatch" style="--c:${this.colour(f)}"></span>`;
  }

  // ------------------------------------------------------------------ the pace of the game

  /** What comes next: a human's decision waits for them (behind a hand-over screen in hot-seat); an AI's is played after its pace. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.session;
    if (!s || !this.active) return;
    if (this.replay) return this.scheduleReplay();
    if (s.over) return this.showOver();
    const d = s.decision;
    if (!d) return;
    // online, the server plays the others: their moves come with its messages
    if (s instanceof RemoteConquestSession && !s.humanToDecide) return;
    if (s.humanToDecide) {
      if (s.humans.length > 1 && d.side !== this.revealed && this.handOver !== d.side) {
        // before the first card or mission no one has a secret: the setup's claims pass without a hand-over
        if (this.secretsDealt()) this.showHandOver(d.side);
        else {
          this.revealed = d.side;
          this.render();
        }
      }
      return;
    }
    if (this.paused) return;
    // in beats (fast) each beat's hold is the whole pause; a step at a time, the kind's pace at least
    const pace = this.speed === 0 || this.beats ? 0 : (PACE_MS[d.kind] ?? DEFAULT_PACE_MS) / this.speed;
    const wait = Math.max(pace, this.holdUntil - performance.now());
    this.timer = setTimeout(() => this.tick(), wait);
  }

  /** [issue 53] The AI's moves are shown in beats (fast and faster, not the fastest), with their timing plan. */
  private get beats(): RoundPace | null {
    if (this.speed < BEATS_FROM_SPEED || this.guide) return null;
    if (this.roundPace?.speed !== this.speed) this.roundPace = new RoundPace(this.speed);
    return this.roundPace;
  }

  /** AI moves: one (animated), or at the fastest speed as many as a slice of time allows. */
  private tick(): void {
    this.timer = null;
    const s = this.session;
    if (!s || !this.active) return;
    if (!this.beats) return playAi(s, this.speed === 0, (steps) => this.afterSteps(steps), (e) => this.fail(e));
    let played: { beat: Beat; steps: Step[] };
    try {
      played = playBeat(s);
    } catch (e) {
      return this.fail(e);
    }
    this.afterSteps(played.steps, false, played.beat);
  }

  /** Play one AI move now (the spectator's Step, while paused). */
  stepOnce(): void {
    const s = this.session;
    if (!s || s.humanToDecide || s.over) return;
    playOne(() => s.stepAi(), (steps) => this.afterSteps(steps), (e) => this.fail(e));
  }

  /** A human's answer. */
  private choose(command: C | undefined): void {
    const s = this.session;
    if (!s || !command || !this.myDecision) return;
    this.selected = this.onto = null;
    this.hovered.clear();
    this.refusal = '';
    // the summary of the AI's turns is read: the next AI turns start a new round on the clock
    this.roundLines = [];
    this.roundPace?.newRound();
    this.app.audio.play('select');
    // a refused answer is the player's to make again: the reason stays over the decision, and the game goes on
    playOne(() => s.answer(command), (steps) => this.afterSteps(steps, true), (e) => this.refuse((e as Error).message));
  }

  /** An answer refused (by the engine here, by the server online): why, in the panel and a message; the decision stays. */
  private refuse(reason: string): void {
    this.refusal = reason;
    this.app.showMessage(`That answer was refused: ${reason}`);
    this.render();
  }

  /**
   * After moves: note them, animate the last (the AI's only below the fastest speed; a human's own always),
   * draw, go on. A beat of the AI's (fast) is animated whole, held as its timing plan says, and summed up
   * in a line for the summary after its turns.
   */
  private afterSteps(steps: Step[], own = false, beat?: Beat): void {
    if (!steps.length) return this.schedule();
    this.stepsDone += steps.length;
    if (this.guide && this.session instanceof ConquestSession) this.guide.moved(this.session.game.log.length);
    // kept after every human answer, at every turn's end (a new turn begins) and at the game's end
    if (own || this.session?.over || steps.some((st) => st.events.some((e) => e.kind === 'turn'))) this.autosave();
    for (const step of steps) this.noteBattle(step);
    const last = steps[steps.length - 1] as Step;
    if (beat) return this.afterBeat(beat, steps);
    // what the others did, in words (a player's own move needs no telling)
    this.lastLines = own ? [] : this.publicLines(steps);
    this.recent = own ? new Set() : this.placesOf(last);
    const hold = this.speed === 0 && !own ? 0 : this.animate(last);
    this.holdUntil = performance.now() + hold;
    this.render();
    this.schedule();
  }

  /** An AI beat (fast): every step of it on the map at once (no dice: the battle's outcome is on the map and in words), held as the plan says. */
  private afterBeat(beat: Beat, steps: Step[]): void {
    const s = this.session as AnySession;
    const pace = this.beats as RoundPace;
    // watched without a player, each game round is a round on the clock
    if (!s.humans.length && s.round !== this.paceRound) pace.newRound();
    this.paceRound = s.round;
    const line = this.beatLine(beat, steps);
    if (line) this.roundLines.push(line);
    this.lastLines = line ? [line] : this.lastLines;
    const places = new Set<string>();
    for (const step of steps) for (const t of this.placesOf(step)) places.add(t);
    this.recent = places;
    // a placement pulses each system it reinforced; a battle draws its attack, its hits and its taking once
    const shown = beat === 'place' || beat === 'cards' ? steps : steps.filter((st, i) => i === steps.length - 1 || st.events.some((e) => e.kind === 'roll') !== steps[i + 1]?.events.some((e) => e.kind === 'roll'));
    for (const step of shown) this.animate(step, false);
    this.holdUntil = performance.now() + pace.hold(beat);
    this.render();
    this.schedule();
  }

  /** A beat in one line for the summary: a battle's rolls and losses summed, the other steps' own words. */
  private beatLine(beat: Beat, steps: Step[]): string {
    const s = this.session as AnySession;
    const first = steps[0];
    const rolls = steps.flatMap((st) => st.events.filter((e) => e.kind === 'roll'));
    if (beat === 'battle' && first && this.battle && rolls.length) {
      const { from, to } = this.battle;
      const attacker = first.ownerBefore[from] ?? null;
      const defender = first.ownerBefore[to] ?? null;
      const taken = steps.some((st) => st.events.some((e) => e.kind === 'conquest'));
      const eliminated = steps.flatMap((st) => st.events.filter((e) => e.kind === 'eliminated' && e.visibleTo === 'all').map((e) => e.text));
      return [`${this.name(attacker)} attacks ${s.nameOf(to)} from ${s.nameOf(from)}: ${this.battleResult(first, rolls, from, to, attacker, defender, taken)}`, ...eliminated].join(' ');
    }
    return this.publicLines(steps).join(' ');
  }

  private fail(e: unknown): void {
    this.error = (e as Error).message;
    this.paused = true;
    this.app.showMessage(`The conquest game stopped: ${this.error}`);
    console.error(e);
    this.render();
  }

  /** Skip the animations on show; an AI move waiting for them comes at once. */
  private skip(): void {
    const waiting = this.holdUntil > performance.now();
    this.dice.skip();
    this.app.galaxy.skipAnimations();
    this.holdUntil = 0;
    if (waiting && this.timer) this.schedule();
  }

  togglePause(): void {
    this.paused = !this.paused;
    this.render();
    this.schedule();
  }

  /** The battle a step belongs to: its territories and the attacker's dice, for a defence, the dice and the odds. */
  private noteBattle(step: Step): void {
    const d = step.decision;
    if (d.kind === 'conquest-battle' && typeof d.context?.from === 'string' && typeof d.context?.to === 'string')
      this.battle = { from: d.context.from, to: d.context.to, dice: typeof step.command.dice === 'number' ? step.command.dice : 0 };
    if (step.command.type === 'attack') this.battle = { from: String(step.command.from), to: String(step.command.to), dice: 0 };
  }

  /** The territories a step acted on. */
  private placesOf(step: Step): Set<string> {
    const c = step.command;
    const places = [c.territory, c.from, c.to].filter((t): t is string => typeof t === 'string');
    if (['roll', 'annihilate', 'defend', 'retreat'].includes(c.type) && this.battle) places.push(this.battle.from, this.battle.to);
    if (typeof step.decision.context?.from === 'string') places.push(step.decision.context.from, String(step.decision.context.to));
    return new Set(places);
  }

  /** The events of these steps that everyone may read, as lines (the viewer's own are in the log). */
  private publicLines(steps: Step[]): string[] {
    const lines = steps.flatMap((s) => s.events.filter((e) => e.visibleTo === 'all' && e.kind !== 'turn').map((e) => e.text));
    return lines.slice(-3);
  }

  // ------------------------------------------------------------------ animation

  /** Animate what a step did on the map (arcs, pulses) and as dice (unless `dice` is false); returns how long the next AI move should wait (ms). */
  private animate(step: Step, dice = true): number {
    const s = this.session;
    if (!s) return 0;
    const speed = this.app.settings.animationSpeed * Math.max(1, this.speed / 2);
    const g = this.app.galaxy;
    const pos = (t: string) => g.layout.systems[g.layout.systemIndex.get(t) ?? -1]?.position;
    const c = step.command;
    const owner = (t: string) => step.ownerBefore[t] ?? null;
    const rolls = step.events.filter((e) => e.kind === 'roll');
    const taken = step.events.find((e) => e.kind === 'conquest');
    this.playSounds(step.events);
    let hold = 0;
    if (speed <= 0) return 0;
    // the effects are sized for the whole galaxy in view: smaller as the camera comes closer
    const scale = (p: Vector3) => Math.min(1.3, g.cameraDistanceTo(p) / 300);
    const arc = (kind: string, from: string, to: string, colour: string) => {
      const a = pos(from);
      const b = pos(to);
      if (a && b) g.animateAt(kind, b, a, colour, scale(b));
    };
    const at = (kind: string, t: string, colour: string) => {
      const p = pos(t);
      if (p) g.animateAt(kind, p, undefined, colour, scale(p));
    };
    if (c.type === 'attack') {
      arc('conquest-attack', String(c.from), String(c.to), this.colour(owner(String(c.from))));
      hold = 500;
    }
    if (rolls.length && this.battle) {
      const { from, to } = this.battle;
      const attacker = owner(from);
      const defender = owner(to);
      arc('conquest-attack', from, to, this.colour(attacker));
      at('conquest-hit', to, this.colour(attacker));
      if (taken) at('conquest-taken', to, this.colour(attacker));
      const last = rollDice(rolls[rolls.length - 1] as Event_);
      if (last && this.app.settings.showDice && dice) {
        this.dice.show(
          {
            attack: last.attack,
            defence: last.defence,
            attackColour: this.colour(attacker),
            defenceColour: this.colour(defender),
            title: `${this.name(attacker)} attacks ${s.nameOf(to)} from ${s.nameOf(from)}`,
            result: this.battleResult(step, rolls, from, to, attacker, defender, !!taken),
          },
          speed,
        );
        this.placeDice();
        hold = BattleDice.duration(speed);
      } else hold = 900 / speed;
    }
    if (c.type === 'move-in' || c.type === 'move') {
      const from = String(step.decision.context?.from ?? '');
      const to = String(step.decision.context?.to ?? '');
      arc('conquest-move', from, to, this.colour(owner(from)));
      hold = Math.max(hold, 600 / speed);
    }
    if (['claim', 'place', 'bonus', 'capital'].includes(c.type) && typeof c.territory === 'string') {
      at('conquest-place', c.territory, this.colour(c.side));
      hold = Math.max(hold, 150 / speed);
    }
    return hold;
  }

  /** What a roll (or an Annihilate's many) cost each side, and whether the territory fell. */
  private battleResult(step: Step, rolls: Event_[], from: string, to: string, attacker: FactionId | null, defender: FactionId | null, taken: boolean): string {
    const s = this.session as AnySession;
    const now = s.view(null).armies;
    const before = step.armiesBefore;
    // after a conquest the attackers that rolled already stand in the new territory
    const attackerLoss = (before[from] ?? 0) - (now[from] ?? 0) - (taken ? (now[to] ?? 0) : 0);
    const defenderLoss = taken ? (before[to] ?? 0) : (before[to] ?? 0) - (now[to] ?? 0);
    const rolled = rolls.length > 1 ? `${rolls.length} rolls: ` : '';
    const lost = `${this.name(attacker)} loses ${attackerLoss}, ${this.name(defender)} loses ${defenderLoss}.`;
    return `${rolled}${lost}${taken ? ` ${s.nameOf(to)} is taken!` : ''}`;
  }

  private playSounds(events: Event_[]): void {
    const kinds = new Set(events.map((e) => e.kind));
    if (kinds.has('conquest') || kinds.has('eliminated')) this.app.audio.play('combat');
    else if (kinds.has('roll')) this.app.audio.play('dice');
    else if (kinds.has('card') || kinds.has('trade')) this.app.audio.play('card');
    else if (kinds.has('fortify')) this.app.audio.play('move');
  }

  // ------------------------------------------------------------------ drawing

  private render(): void {
    const s = this.session;
    if (!s || !this.active) return;
    const view = s.view(this.viewer);
    this.renderHud(view);
    this.renderSide(view);
    this.renderHand(view);
    this.renderDecision(view);
    this.renderFoot();
    this.renderLog();
    this.showBoard(view);
    this.fitToWindow();
  }

  private showBoard(view?: ConquestView): void {
    const s = this.session;
    if (!s) return;
    this.board.show(view ?? s.view(this.viewer), this.marks(), (f) => this.name(f));
  }

  private renderHud(view: ConquestView): void {
    const s = this.session as AnySession;
    const scenario = s.scenario;
    const turn = s.turnOf;
    const who = s.over
      ? `<b class="gold">${esc(this.winnerText())}</b>`
      : turn
        ? `${this.swatch(turn)}<b>${esc(this.name(turn))}</b>'s turn`
        : `Setting up${s.decision ? `: ${this.swatch(s.decision.side)}${esc(this.name(s.decision.side))}` : ''}`;
    this.app.setWhere(`${this.replay ? '<b class="gold">Replay</b> · ' : ''}<b>Conquest · ${esc(scenario.name)}</b>${s.setup.map ? ` · ${esc(s.setup.map.name)}` : ''} · Round <b data-testid="cq-round">${view.round}</b> · <span data-testid="cq-turn">${who}</span>`);
  }

  /** The factions in the order of play, and the continents with their bonuses and holders. */
  private renderSide(view: ConquestView): void {
    const s = this.session as AnySession;
    const turn = s.turnOf ?? s.decision?.side ?? null;
    const rows = view.order
      .map((f) => {
        const held = view.map.territories.filter((t) => view.owner[t] === f);
        const armies = held.reduce((sum, t) => sum + (view.armies[t] ?? 0), 0);
        const out = view.eliminatedBy[f];
        const player = s.playerOf(f);
        const who = player === 'human' ? (f === this.viewer && s.humans.length === 1 ? 'you' : 'human') : `AI ${player}`;
        const setup = !view.map.territories.every((t) => view.owner[t] !== null);
        return `<tr class="${f === turn ? 'now' : ''}${out ? ' out' : ''}" data-faction="${f}">
          <td class="cq-turn-mark">${f === turn && !s.over ? '▶' : ''}</td>
          <td>${this.swatch(f)}<b>${esc(this.name(f))}</b> <small class="muted">${esc(who)}</small>${out ? `<br><small class="muted">eliminated by ${esc(this.name(out))}</small>` : ''}</td>
          <td title="star systems held">${held.length}</td><td title="armies">${armies}</td><td title="cards">${view.handSizes[f] ?? 0}</td>
          <td title="new armies at the start of its turn">${out || setup ? '' : `+${reinforcementsOf(view, f)}`}</td></tr>`;
      })
      .join('');
    const continents = view.map.def.continents
      .map((c) => {
        const ts = view.map.continentTerritories.get(c.id) ?? [];
        const holder = view.order.find((f) => (view.continentsHeld[f] ?? []).includes(c.id));
        const me = this.viewer;
        const mine = me ? ts.filter((t) => view.owner[t] === me).length : 0;
        return `<li style="--p:${c.color}"><span class="cq-cont-name">${esc(c.name)}</span> <b class="cq-bonus">+${c.bonus}</b>
          <span class="cq-holder">${holder ? `${this.swatch(holder)}${esc(this.name(holder))}` : `<span class="muted">${me ? `you ${mine}/${ts.length}` : `${ts.length} systems`}</span>`}</span></li>`;
      })
      .join('');
    const secrets = this.secretsFor;
    const missions =
      view.gameType === 'mission' && secrets === null
        ? `<h3>Secret missions <small>(you see them all)</small></h3><ul class="cq-missions">${view.order
            .map((f) => `<li>${this.swatch(f)}${esc(view.missions[f]?.text ?? '?')}</li>`)
            .join('')}</ul>`
        : '';
    const bloc = lastBlocEvent(s.events, this.blocEventsSeen);
    this.blocEventsSeen = bloc.count;
    setHtml(this.sideEl, `${blocsPanelHtml(this.app.content, view, (f) => this.name(f), (f) => this.swatch(f), bloc.last)}<h3>Factions <small>in the order of play</small></h3>
      <table class="cq-factions"><thead><tr><th></th><th></th><th title="star systems held">sys</th><th title="armies">arm</th><th title="cards">cards</th><th title="new armies next turn">next</th></tr></thead><tbody>${rows}</tbody></table>
      <h3>Continents <small>bonus to whoever holds all of one</small></h3><ul class="cq-continents">${continents}</ul>${missions}`);
  }

  /** The viewer's own cards and secret mission (for a spectator: every hand). */
  private renderHand(view: ConquestView): void {
    const s = this.session as AnySession;
    const who = this.secretsFor;
    const nameOf = (t: string) => view.map.nameOf(t);
    const cardsHtml = (cards: readonly Card[]) =>
      cards.length
        ? `<div class="cq-cards">${cards
            .map((c) => {
              const own = c.territory && who !== 'nobody' && who !== null && view.owner[c.territory] === who;
              return `<span class="cq-card cq-card-${c.kind}${own ? ' own' : ''}" title="${esc(cardText(c, nameOf))}${own ? ': you hold it, +2 armies there if traded' : ''}"><i>${CARD_KIND_SIGNS[c.kind]}</i>${esc(c.territory ? nameOf(c.territory) : CARD_KIND_NAMES.wild)}</span>`;
            })
            .join('')}</div>`
        : '<p class="muted small">No cards yet: take a system in a turn to draw one at its end.</p>';
    if (who === 'nobody') {
      setHtml(this.handEl, '');
      this.handEl.hidden = true;
      return;
    }
    this.handEl.hidden = false;
    const values = `<p class="muted small">${esc(setValuesText(view.options.cards, view.setsTraded))} ${view.cardsInDeck} cards in the deck.</p>`;
    if (who === null) {
      // watching: every hand
      const hands = view.order
        .filter((f) => !view.eliminatedBy[f])
        .map((f) => `<div class="cq-hand-row">${this.swatch(f)}<b>${esc(this.name(f))}</b> ${(view.hands[f] ?? []).length ? cardsHtml(view.hands[f] ?? []) : '<span class="muted small">no cards</span>'}</div>`)
        .join('');
      setHtml(this.handEl, `<h3>Cards</h3>${hands}${values}`);
      return;
    }
    const mission = view.gameType === 'mission' ? `<p class="cq-mission" data-testid="cq-mission"><b>Your secret mission:</b> ${esc(view.missions[who]?.text ?? '?')}</p>` : '';
    const capital = view.gameType === 'capital' && view.capitals[who] ? `<p class="small">Your capital: ★ ${esc(nameOf(view.capitals[who] as string))}</p>` : '';
    const title = s.humans.length > 1 ? `${this.swatch(who)}${esc(this.name(who))}: your cards` : 'Your cards';
    setHtml(this.handEl, `<h3>${title} <small>(${(view.hands[who] ?? []).length})</small></h3>${cardsHtml(view.hands[who] ?? [])}${values}${mission}${capital}`);
  }

  private renderLog(): void {
    const s = this.session as AnySession;
    const secrets = this.secretsFor;
    this.log.show(`${String(secrets)}|${s.events.length}`, () => {
      const events = secrets === 'nobody' ? s.events.filter((e) => e.visibleTo === 'all') : s.eventsFor(secrets);
      return logLines(events, (t) => s.nameOf(t), (f) => this.name(f))
        .slice(-LOG_LINES)
        .map((e) => {
          // a line only one faction sees: "only you" to that faction, its name to a spectator
          const only = e.visibleTo === 'all' ? '' : ` <span class="muted">(${e.visibleTo === secrets ? 'only you' : `told to ${esc(this.name(e.visibleTo))} only`})</span>`;
          // bloc politics is logged with its rule [003]
          const rule = e.kind.startsWith('bloc-') && e.rule ? ` <span class="rule">${esc(e.rule)}</span>` : '';
          return `<li class="ev-${esc(e.kind)}${only ? ' secret' : ''}"><span class="t">R${e.turn}</span> ${esc(e.text)}${rule}${only}</li>`;
        })
        .join('');
    });
  }

  private renderFoot(): void {
    const s = this.session as AnySession;
    if (this.replay) return setHtml(this.footEl, this.replayControlsHtml(this.replay));
    if (s instanceof RemoteConquestSession && this.online) {
      // online: the server sets the pace; what is left to say is where the others join
      const link = `${this.online.serverUrl}/?online=${encodeURIComponent(this.online.gameId)}`;
      const seats = s.seat.latest?.seats ?? [];
      const open = seats.filter((x) => x.kind === 'open').length;
      // a reserved seat not yet taken: its own link, for the host to send to its person
      const waiting = this.app.reservedLinks(this.online.gameId).filter((r) => seats.some((x) => x.side === r.side && x.kind === 'reserved'));
      const reservedHtml = waiting
        .map((r) => `<p class="small">${esc(this.name(r.side as FactionId))}'s seat is reserved. Send this link to its player: <input readonly size="28" value="${esc(r.link)}" data-testid="cq-reserved-link" aria-label="Reserved seat's link"></p>`)
        .join('');
      setHtml(
        this.footEl,
        `<p class="small" data-testid="cq-online">Online game${open ? ` · ${open} open ${open === 1 ? 'seat' : 'seats'}: invite with <input readonly size="28" value="${esc(link)}" data-testid="cq-invite" aria-label="Invitation link">` : ''}</p>${reservedHtml}${HELP_BUTTON}`,
      );
      return;
    }
    const ai = s.setup.seats.some((seat) => seat.player !== 'human') && !s.over;
    const controls = ai ? watchControlsHtml('cq', { paused: this.paused, speed: this.speed, canStep: this.paused && !s.humanToDecide && !s.over, stepTitle: 'One AI move' }) : '';
    setHtml(this.footEl, footHtml('cq', controls));
  }

  // ------------------------------------------------------------------ the decision panel

  private renderDecision(view: ConquestView): void {
    const s = this.session as AnySession;
    if (this.replay) return this.renderReplay(this.replay);
    if (s.over) {
      setHtml(this.decisionEl, `<h3 class="gold" data-testid="cq-game-over">${esc(this.winnerText())}</h3><p><button data-act="menu" data-testid="cq-menu-panel">Back to the menu</button> <button data-act="show-over">The result</button>${this.canReplay ? ' <button data-act="replay" data-testid="cq-replay-panel">Replay the game</button>' : ''}</p>`);
      return;
    }
    const d = this.myDecision;
    if (!d) {
      const side = s.decision?.side;
      const paused = this.paused ? ' <b>(paused)</b>' : '';
      const head = this.handOver
        ? ''
        : side
          ? `<div class="cq-who" style="--c:${this.colour(side)}">${esc(this.name(side))} · <span class="muted">${esc(DECISION_TITLES[s.decision?.kind ?? ''] ?? '')}</span></div>
             <p class="cq-thinking" data-testid="cq-thinking">${
               s.humanToDecide
                 ? `Waiting for ${esc(this.name(side))}…`
                 : s instanceof RemoteConquestSession && s.playerOf(side) === 'human'
                   ? `<span class="spinner"></span> ${esc(this.name(side))} plays, online…`
                   : `<span class="spinner"></span> The AI plays ${esc(this.name(side))}…`
             }${paused}</p>`
          : '';
      const lines = this.lastLines.length ? `<ul class="cq-last" data-testid="cq-last">${this.lastLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
      setHtml(this.decisionEl, `${head || (this.guide ? GUIDE_READS_HTML : '')}${lines}${this.error ? `<p class="cq-error">${esc(this.error)}</p>` : ''}`);
      return;
    }
    const hand = ((d.context?.hand as unknown as Card[] | undefined) ?? view.hands[d.side] ?? []) as Card[];
    const nameOf = (t: string) => view.map.nameOf(t);
    const body = decisionBody(this.panelContext(), view, d, hand, nameOf);
    setHtml(this.decisionEl, `<div class="cq-who" style="--c:${this.colour(d.side)}">${esc(this.name(d.side))} · <span class="cq-kind">${esc(DECISION_TITLES[d.kind] ?? d.kind)}</span> <span class="rule">${esc(d.rule)}</span></div>
      ${this.app.coach.html(d.kind)}${this.refusal ? `<p class="cq-error" data-testid="cq-refused">Your answer was refused: ${esc(this.refusal)}. Choose again.</p>` : ''}
      <p class="cq-prompt" data-testid="cq-prompt">${esc(capital(d.prompt.replace(/^[A-Z][a-z]+: /, '')))}</p>${takeBackHtml(view, d)}${body}
      ${this.roundLines.length ? this.roundSummaryHtml() : this.lastLines.length ? `<ul class="cq-last small muted">${this.lastLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : ''}`);
  }

  /** What the decision panel's body needs of the screen (decision-body.ts). */
  private panelContext(): PanelContext {
    return { colours: this.colours, name: (f) => this.name(f), selected: this.selected, onto: this.onto, attackDice: this.battle?.dice ?? 0 };
  }

  /** [issue 53] The summary after the AI's turns (fast): each beat in a line, until the player answers. */
  private roundSummaryHtml(): string {
    const n = this.roundLines.length;
    return `<details class="cq-round" data-testid="cq-round-summary" open><summary>While you waited: ${n} ${n === 1 ? 'move' : 'moves'}</summary><ul class="small">${this.roundLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></details>`;
  }

  // ------------------------------------------------------------------ the map's marks and clicks

  private marks(): BoardMarks {
    const d = this.myDecision;
    const hovered = this.hovered.size ? this.hovered : this.recent;
    if (!d) return { ...NO_MARKS, hovered };
    const clickable = new Set<string>();
    const targets = new Set<string>();
    for (const c of d.options) {
      if (typeof c.territory === 'string') clickable.add(c.territory);
      if ((c.type === 'attack' || c.type === 'fortify') && typeof c.from === 'string' && typeof c.to === 'string') {
        if (this.selected === c.from) {
          targets.add(c.to);
          clickable.add(c.to);
        }
        clickable.add(c.from);
        if (c.type === 'attack' && !this.selected) clickable.add(c.to);
      }
    }
    if (d.kind === 'conquest-battle' || d.kind === 'conquest-move-in' || d.kind === 'conquest-fortify-count') {
      const ctx = d.context ?? {};
      return { clickable, selected: typeof ctx.from === 'string' ? ctx.from : null, targets: new Set(typeof ctx.to === 'string' ? [ctx.to] : []), hovered };
    }
    return { clickable, selected: this.selected, targets, hovered };
  }

  private clickTerritory(t: string, e: MouseEvent | null): void {
    // a tutorial lights only what its step teaches: anywhere else, it says what to do instead
    if (this.guide && !this.guide.lights(t)) return this.guide.notNow();
    const d = this.myDecision;
    if (!d) return;
    const o = d.options;
    switch (d.kind) {
      case 'conquest-claim':
      case 'conquest-setup-place':
      case 'conquest-capital':
      case 'conquest-bonus':
        return this.choose(o.find((c) => c.territory === t));
      case 'conquest-place': {
        const here = o.filter((c) => c.territory === t);
        const one = here.find((c) => c.count === 1);
        const all = here.find((c) => c.count !== 1);
        // (a tutorial may light only the placing of all)
        return this.choose(e?.shiftKey ? (all ?? one) : (one ?? all));
      }
      case 'conquest-attack':
      case 'conquest-fortify': {
        const type = d.kind === 'conquest-attack' ? 'attack' : 'fortify';
        const pairs = o.filter((c) => c.type === type);
        if (this.selected && this.selected !== t) {
          const pick = pairs.find((c) => c.from === this.selected && c.to === t);
          if (pick) return this.choose(pick);
        }
        if (pairs.some((c) => c.from === t)) {
          this.selected = this.selected === t ? null : t;
          this.onto = null;
          return this.render();
        }
        // an enemy picked first: the one system that can attack it does; several are listed
        const onto = pairs.filter((c) => c.to === t);
        if (type === 'attack' && onto.length === 1) return this.choose(onto[0]);
        if (onto.length) {
          this.selected = null;
          this.onto = t;
          return this.render();
        }
        return;
      }
    }
  }

  private hoverTerritory(t: string | null): void {
    const next = new Set(t ? [t] : []);
    if (samePlaces(next, this.hovered)) return;
    this.hovered = next;
    this.showBoard();
  }

  /** An option under the pointer lights its territories on the map. */
  private onOptionHover(e: Event): void {
    const b = (e.target as HTMLElement).closest<HTMLElement>('.cq-opt[data-opt]');
    const d = this.myDecision;
    if (!d) return;
    const c = b ? d.options[Number(b.dataset.opt)] : undefined;
    const places = c ? [c.territory, c.from, c.to].filter((x): x is string => typeof x === 'string') : [];
    const next = new Set(places);
    if (samePlaces(next, this.hovered)) return;
    this.hovered = next;
    this.showBoard();
  }

  // ------------------------------------------------------------------ input

  private onClick(e: Event): void {
    const t = clickedButton(e, this.box);
    if (!t) return;
    if (t.dataset.opt !== undefined && t.closest('.cq-decision, .cq-question')) return this.choose(this.myDecision?.options[Number(t.dataset.opt)]);
    if (t.dataset.act === 'open-panel') return this.panelDrawer.fold(false);
    if (gameButton(t.dataset.act, this, this.helpEl, this.overEl)) return;
    switch (t.dataset.act) {
      case 'replay':
        return this.startReplay();
      case 'replay-start':
        return this.seekReplay(0);
      case 'replay-back':
        return this.seekReplay((this.replay?.index ?? 1) - 1);
      case 'replay-forward':
        return this.replayForward();
      case 'replay-end':
        return this.seekReplay(this.replay?.length ?? 0);
      case 'replay-play':
        return this.toggleReplayPlay();
      case 'replay-leave':
        return this.leaveReplay();
      case 'unfilter':
        this.selected = this.onto = null;
        return this.render();
      case 'move-count': {
        const n = Number((this.decisionEl.querySelector('input[data-act="count"]') as HTMLInputElement | null)?.value ?? t.dataset.count);
        return this.choose(this.myDecision?.options.find((c) => c.count === n));
      }
    }
  }

  private onInput(e: Event): void {
    const t = e.target as HTMLInputElement;
    if (t.dataset.act !== 'count') return;
    for (const sel of ['[data-cq="count"]', '[data-cq="count-label"]']) {
      const el = this.decisionEl.querySelector(sel);
      if (el) el.textContent = t.value;
    }
    // what each system would hold, as the slider says
    const box = t.closest<HTMLElement>('.cq-range');
    const after = this.decisionEl.querySelector('[data-cq="after"]');
    const d = this.myDecision;
    if (box && after && d) {
      const n = Number(t.value);
      const a = Number(box.dataset.a);
      const b = Number(box.dataset.b);
      const [x, y] = box.dataset.total === '1' ? [a + b - n, n] : [a - n, b + n];
      const nameOf = (id: unknown) => (this.session ? this.session.nameOf(String(id)) : '');
      after.textContent = `${nameOf(d.context?.from)} ${x} · ${nameOf(d.context?.to)} ${y}`;
    }
  }

  private onChange(e: Event): void {
    const t = e.target as HTMLSelectElement;
    // the replay's slider, let go: the game at that move (while it is dragged the panel is not redrawn under it)
    if (t.dataset.act === 'replay-seek') return this.seekReplay(Number(t.value));
    if (t.dataset.act !== 'speed') return;
    this.speed = Number(t.value);
    t.blur();
    this.autosave(); // Continue resumes at the speed chosen
    this.schedule();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.active || typedInField(e)) return;
    // any key skips the animations on show
    if (this.dice.shown || this.holdUntil > performance.now()) this.skip();
    if (this.replay && this.replayKey(e)) return;
    if (!this.privacyEl.hidden) {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.reveal();
      }
      return;
    }
    // Backspace takes back the turn's last placement while the rules allow it [002 II.2]
    if (e.key === 'Backspace') {
      const back = this.myDecision?.options.find((c) => c.type === 'take-back');
      if (back) {
        e.preventDefault();
        return this.choose(back);
      }
    }
    gameKey(e, {
      canPause: !!this.session?.setup.seats.some((s) => s.player !== 'human'),
      togglePause: () => this.togglePause(),
      helpEl: this.helpEl,
      clearPick: () => {
        if (!this.selected && !this.onto) return;
        this.selected = this.onto = null;
        this.render();
      },
      decision: this.myDecision,
      endTypes: ['end-attacks', 'end-turn', 'keep-cards'],
      choose: (c) => this.choose(c),
    });
  }

  // ------------------------------------------------------------------ hot-seat

  /** Whether anyone holds a card or a mission yet. */
  private secretsDealt(): boolean {
    const v = this.session?.view(null);
    return !!v && (Object.keys(v.missions).length > 0 || Object.values(v.handSizes).some((n) => (n ?? 0) > 0));
  }

  private showHandOver(side: FactionId): void {
    this.handOver = side;
    this.dice.skip(); // the last person's rolls are not the next one's to see
    this.privacyEl.innerHTML = `<div><h2 style="color:${this.colour(side)}">Pass the screen to ${esc(this.name(side))}</h2>
      <p>${esc(this.name(side))}'s cards${this.session?.scenario.gameType === 'mission' ? ' and secret mission are' : ' are'} shown only after this screen.</p>
      <p><button class="primary" data-testid="cq-reveal">I am ${esc(this.name(side))}: show my turn</button></p><p class="muted small">Click, or press Enter.</p></div>`;
    this.privacyEl.hidden = false;
    this.render();
  }

  private reveal(): void {
    if (!this.handOver) return;
    this.revealed = this.handOver;
    this.handOver = null;
    this.privacyEl.hidden = true;
    this.log.forget();
    this.render();
  }

  // ------------------------------------------------------------------ game over

  private winnerText(): string {
    const s = this.session;
    const w = s?.winner;
    if (!s || !w) return '';
    const bloc = blocWinnerText(s.view(null), w, (f) => this.name(f));
    if (bloc) return bloc;
    if (w === 'draw') return 'The game ends in a draw.';
    return s.humans.length === 1 && s.humans[0] === w ? `You win: ${this.name(w)} conquers!` : `${this.name(w)} wins!`;
  }

  /** The result; `quiet` after a replay, whose end the player has just watched (no fanfare again). */
  private showOver(quiet = false): void {
    const s = this.session;
    if (!s || this.overShown) return;
    this.overShown = true;
    const view = s.view(null);
    const w = s.winner;
    const bloc = blocResult(this.app.content, view, s.events, s.humans, (f) => this.name(f), (f) => this.swatch(f));
    const how = bloc?.how || ([...s.events].reverse().find((e) => e.kind === 'victory' || (e.kind === 'mission' && e.visibleTo === 'all'))?.text ?? '');
    const rows = view.order
      .map((f) => {
        const held = view.map.territories.filter((t) => view.owner[t] === f);
        const out = view.eliminatedBy[f];
        const player = s.playerOf(f);
        return `<tr${f === w ? ' class="won"' : ''}><td>${this.swatch(f)}<b>${esc(this.name(f))}</b> <small class="muted">${esc(player === 'human' ? 'human' : `AI ${player}`)}</small></td>
          <td>${held.length} systems</td>${bloc?.cells(f) ?? ''}<td>${out ? `eliminated by ${esc(this.name(out))}` : ''}</td>${view.gameType === 'mission' ? `<td class="small">${esc(view.missions[f]?.text ?? '')}</td>` : ''}</tr>`;
      })
      .join('');
    this.overEl.innerHTML = `<div class="cq-over-box game-over-box" style="--c:${this.colour(w === 'draw' ? null : w)}">
      <h2 data-testid="cq-winner">${esc(this.winnerText())}</h2>
      <p data-testid="cq-how">${esc(how)}</p>${bloc?.verdicts ?? ''}<p class="muted">After ${view.round} ${view.round === 1 ? 'round' : 'rounds'}.</p>
      <table class="cq-result">${rows}</table>
      <p class="buttons"><button data-act="close-over">See the board</button>${this.canReplay ? ' <button data-act="replay" data-testid="cq-replay" title="Step through the game from its first move">Replay the game</button>' : ''} <button class="primary" data-act="menu" data-testid="cq-menu">Back to the menu</button></p></div>`;
    this.overEl.hidden = false;
    const viewer = s.humans.length === 1 ? s.humans[0] : null;
    const viewerWon = viewer && (bloc ? bloc.won(viewer) : w === viewer);
    if (!quiet) this.app.audio.play(viewer && !viewerWon ? 'defeat' : 'victory');
    this.render();
  }

  // ------------------------------------------------------------------ the replay of a finished game

  /** Whether the game on show can be replayed: a finished game of this page's (an online one's log is the server's). */
  private get canReplay(): boolean {
    const s = this.session;
    return !!s && s.over && !(s instanceof RemoteConquestSession);
  }

  /** Step through the finished game from its start: its log re-run, the map showing each step (replay.ts). */
  startReplay(): void {
    const s = this.session;
    if (!s || !s.over || s instanceof RemoteConquestSession) return;
    try {
      this.replay = new ConquestReplay(this.app.content, s, 0);
    } catch (e) {
      return this.fail(e);
    }
    this.replayPlaying = false;
    this.overEl.hidden = true;
    this.showReplayStep();
  }

  /** Show the replay after its first `n` commands (rebuilt from the start: a step back, the start, the end, the slider). */
  private seekReplay(n: number): void {
    const r = this.replay;
    if (!r) return;
    if (n === r.index + 1) return this.replayForward();
    this.replayPlaying = false;
    try {
      r.seek(n);
    } catch (e) {
      return this.fail(e);
    }
    this.showReplayStep();
  }

  /** The game as the replay leaves it: what its last command did, in words and on the map, without animation. */
  private showReplayStep(): void {
    const r = this.replay as ConquestReplay;
    this.session = r.session;
    this.skip();
    this.battle = null;
    this.lastLines = [];
    this.recent = new Set();
    this.log.forget();
    this.render();
    this.schedule();
  }

  /** One command on, animated like a move in play. */
  private replayForward(): void {
    const r = this.replay;
    if (!r) return;
    if (!r.next) {
      this.replayPlaying = false;
      return this.render();
    }
    playOne(
      () => r.forward(),
      (steps) => {
        this.session = r.session;
        this.afterSteps(steps);
      },
      (e) => this.fail(e),
    );
  }

  private toggleReplayPlay(): void {
    const r = this.replay;
    if (!r) return;
    // played to its end, Play starts it again
    if (!r.next && !this.replayPlaying) r.seek(0);
    this.replayPlaying = !this.replayPlaying;
    if (this.replayPlaying) this.showReplayStep();
    else this.render();
    this.schedule();
  }

  /** A replay playing by itself goes on at the pace of play (×1 the AI's pace; max: as fast as the engine goes). */
  private scheduleReplay(): void {
    const r = this.replay as ConquestReplay;
    if (!this.replayPlaying) return;
    if (!r.next) {
      this.replayPlaying = false;
      return this.render();
    }
    const kind = r.session.decision?.kind ?? '';
    const pace = this.speed === 0 ? 0 : (PACE_MS[kind] ?? DEFAULT_PACE_MS) / this.speed;
    const wait = Math.max(pace, this.holdUntil - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.replay !== r || !this.replayPlaying) return;
      playAi({ stepAi: () => r.forward() }, this.speed === 0, (steps) => {
        this.session = r.session;
        if (steps.length) this.afterSteps(steps);
        else this.schedule();
      }, (e) => this.fail(e));
    }, wait);
  }

  /** Leave the replay for the finished game and its result. */
  private leaveReplay(): void {
    const r = this.replay;
    if (!r) return;
    try {
      r.seek(r.length);
    } catch (e) {
      return this.fail(e);
    }
    this.session = r.session;
    this.replay = null;
    this.replayPlaying = false;
    this.lastLines = [];
    this.recent = new Set();
    this.overShown = false;
    this.log.forget();
    this.render();
    this.showOver(true);
  }

  /** The replay's keys: ← and → a command, Home and End, Space plays or pauses, Esc leaves. True when the key was the replay's. */
  private replayKey(e: KeyboardEvent): boolean {
    const r = this.replay as ConquestReplay;
    const act: Record<string, () => void> = {
      ArrowLeft: () => this.seekReplay(r.index - 1),
      ArrowRight: () => this.replayForward(),
      Home: () => this.seekReplay(0),
      End: () => this.seekReplay(r.length),
      ' ': () => this.toggleReplayPlay(),
      Escape: () => (this.helpEl.hidden ? this.leaveReplay() : (this.helpEl.hidden = true)),
    };
    const run = act[e.key];
    if (!run) return false;
    e.preventDefault();
    e.stopImmediatePropagation();
    run();
    return true;
  }

  /** The replay's panel: where it is, what the last command did, what comes next. */
  private renderReplay(r: ConquestReplay): void {
    const s = r.session;
    const view = s.view(null);
    const last = r.index > 0 ? s.game.log[r.index - 1] : null;
    const d = s.decision;
    const lastText = last ? `${esc(this.name(last.side as FactionId))}: ${esc(optionText(view, last, [], view.map.nameOf))}` : 'The board before the first move.';
    const next = r.next && d ? `${this.swatch(d.side)}${esc(this.name(d.side))} · <span class="muted">${esc(DECISION_TITLES[d.kind] ?? d.kind)}</span>` : '<b class="gold">The end of the game.</b>';
    const lines = this.lastLines.length ? `<ul class="cq-last" data-testid="cq-last">${this.lastLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
    setHtml(
      this.decisionEl,
      `<div class="cq-who">Replay · <span data-testid="cq-replay-at">move ${r.index} of ${r.length}</span></div>
      <p class="cq-prompt"><span class="muted small">Last:</span> ${lastText}</p>${lines}
      <p class="small"><span class="muted">Next:</span> ${next}</p>
      <p class="muted small">← → a move, Home and End, Space plays or pauses, Esc leaves the replay.</p>
      <p><button data-act="replay-leave" data-testid="cq-replay-leave">Leave the replay: the result</button></p>`,
    );
  }

  /** The replay's controls: start, back, play or pause, forward, end, the pace, and a slider over the whole game. */
  private replayControlsHtml(r: ConquestReplay): string {
    const atStart = r.index === 0;
    const atEnd = !r.next;
    const b = (act: string, label: string, title: string, off: boolean) => `<button data-act="${act}" data-testid="cq-${act}" title="${title}"${off ? ' disabled' : ''}>${label}</button>`;
    return `<div class="cq-replay-bar">
      ${b('replay-start', '|◀', 'To the start (Home)', atStart)}${b('replay-back', '◀', 'One move back (←)', atStart)}
      ${b('replay-play', this.replayPlaying ? '❚❚ Pause' : '▶ Play', 'Play the game on at the pace chosen (Space)', false)}
      ${b('replay-forward', '▶', 'One move on (→)', atEnd)}${b('replay-end', '▶|', 'To the end (End)', atEnd)}
      <label class="small">Pace <select data-act="speed" data-testid="cq-speed">${AI_SPEEDS.map((v) => `<option value="${v}"${v === this.speed ? ' selected' : ''}>${v ? `×${v}` : 'max'}</option>`).join('')}</select></label>
      <input type="range" min="0" max="${r.length}" value="${r.index}" data-act="replay-seek" data-testid="cq-replay-seek" aria-label="Move of the game">
    </div>${HELP_BUTTON}`;
  }

  // ------------------------------------------------------------------ for tests

  /** Plain facts about the screen (the page hook). */
  state() {
    const s = this.session;
    const d = s?.decision ?? null;
    return {
      active: this.active,
      setup: !(this.box.querySelector('.cq-setup') as HTMLElement).hidden,
      decision: d ? { kind: d.kind, side: d.side, human: !!this.myDecision, options: d.options.length } : null,
      round: s?.round ?? 0,
      turnOf: s?.turnOf ?? null,
      winner: s?.winner ?? null,
      handOver: this.handOver,
      paused: this.paused,
      // an AI move is timed to come (none while paused: a test's "nothing more will happen")
      aiWaiting: this.timer !== null,
      speed: this.speed,
      steps: this.stepsDone,
      replay: this.replay ? { index: this.replay.index, length: this.replay.length, playing: this.replayPlaying } : null,
      error: this.error,
    };
  }

  /**
   * Play a conquest game on a game server [issue 27] at the seat `seat` holds (the App joined it) and
   * show it like a local game. Returns why it cannot, or null.
   */
  async playOnline(seat: OnlineSeat, serverUrl: string): Promise<string | null> {
    const first = await new Promise<StateMessage>((resolve) => seat.onState(resolve));
    let session: RemoteConquestSession;
    try {
      session = new RemoteConquestSession(this.app.content, seat, first as StateMessage<FactionId>);
    } catch (e) {
      return (e as Error).message;
    }
    this.begin(session, 1, { serverUrl, gameId: seat.joined.gameId });
    return null;
  }

  /** Create the game on this page's server: seat 1 the host's, other human seats open or reserved, AIs on the server. */
  async startOnline(setup: ConquestSetup, pace = '120', reserved: FactionId[] = []): Promise<void> {
    const host = setup.seats[0];
    const options = optionsOf(setup);
    const seats: SeatRequest[] = setup.seats.map((s) =>
      s.player !== 'human' ? { side: s.faction, kind: 'ai', agent: s.player } : { side: s.faction, kind: reserved.includes(s.faction) ? 'reserved' : 'open' },
    );
    if (!host || host.player !== 'human') return this.app.showMessage('An online game needs seat 1 to be yours (human).');
    await this.app.hostOnline({ ruleset: 'conquest', scenario: setup.scenario, options, seats, ...paceChoice(pace) }, host.faction);
  }

  /** Start a game from the page hook (the screenshots; the browser test uses the setup screen). */
  startFromHook(setup: ConquestSetup, speed: number): void {
    this.start(setup, speed);
  }
}

function helpHtml(): string {
  return `<div class="help-box"><h2>How to play Conquest</h2>
    <p>Every star system is a territory, every hyperjump route a border between two, every province a continent. Hold all of a continent for its bonus armies each turn. Win as the game type says: <b>Domination</b>, hold every system; <b>Capitals</b>, hold every faction's capital; <b>Secret missions</b>, complete your own mission first.</p>
    <p><b>Setup.</b> In turn, claim a free system, one army on each, until all are held; then place the rest of your armies one at a time.</p>
    <p><b>Your turn.</b> Trade in a set of three cards for armies; place your new armies (your systems / 3, at least 3, plus continent bonuses); attack; then make one reinforcing move between two neighbouring systems of yours. Take at least one system in a turn to draw a card at its end.</p>
    <p><b>Attacking.</b> Click one of your systems with 2 or more armies, then an enemy neighbour (or choose in the panel). Before you roll, the panel shows the exact odds: the chance to take the system rolling to the end, the expected losses, and each single roll's outcomes. Roll 1 to 3 dice, Annihilate (roll until one side is done, or until you are down to the armies you keep), or retreat. Ties go to the defender.</p>
    <p><b>Keys.</b> Any key or click skips an animation; Space pauses or resumes the AI; Enter ends your attacks or your turn; Esc clears a pick on the map. Settings &gt; Motion sets the animation speed (0: none) and turns the dice off.</p>
    <p class="muted">Click anywhere to close.</p></div>`;
}
