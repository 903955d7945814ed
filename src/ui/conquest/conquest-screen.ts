/**
 * Conquest in the browser [002]: the setup screen, then the game on the galaxy. Each star system's badge
 * shows its holder and armies (board.ts); on the left the factions in the order of play and the
 * continents with their bonuses and holders, and the events the viewer may see; on the right the
 * viewer's cards (and secret mission) and the pending decision in plain words, with the exact odds
 * before every attack. The player answers with the panel's buttons or on the map (click a system of
 * yours, then an enemy neighbour). AI moves are paced and animated (arcs, dice), and skippable; an
 * all-AI game is watched with pause, step and speed; several humans share the screen with a hand-over
 * screen between them. The game runs in the page (session.ts); this file only reads its views.
 *
 * This file is the mode: it opens and leaves a game, draws the panels from the views and turns the
 * player's clicks and keys into answers. What comes next and when is play-loop.ts; who sees what,
 * hot-seat.ts; the panels' HTML, side-panels.ts and decision-body.ts; the map's picks, map-picks.ts; a
 * move's animation, step-animation.ts; where the parts stand, layout.ts; the replay of a finished game,
 * replay-player.ts; the words of its saves, saves.ts.
 */
import '../game-screen/game-screen.css';
import './conquest.css';
import './blocs.css';
import type { Command, Decision } from '../../core/engine/types';
import { conquestContent, type FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import type { Guide, Host, Mode } from '../shell/mode';
import { setHtml } from '../html';
import { placeEachFrame, systemOfPick } from '../game-screen/board-frame';
import { clickedButton, footHtml, gameButton, gameKey, LogList, samePlaces, typedInField, watchControlsHtml, type GameActions } from '../game-screen/controls';
import { BattleDice } from './battle-dice';
import { countMoved, decisionPanelHtml, type PanelContext } from './decision-body';
import { PlayLoop } from './play-loop';
import { HotSeat } from './hot-seat';
import { questionWords, smallWindow } from './small-window';
import { buildParts, ScreenLayout, type ScreenParts } from './layout';
import { blocsPanelHtml, lastBlocEvent } from './blocs-panel';
import { blocResult } from './bloc-result';
import { ConquestBoard, type BoardMarks } from './board';
import { mapClick, marksFor } from './map-picks';
import { ConquestSession, optionsOf, sessionFromSave, type ConquestSetup, type Step } from './session';
import { RemoteConquestSession, seatRequests, type AnySession } from './remote-session';
import { ReplayPlayer, type ReplayScreen } from './replay-player';
import { StepAnimation } from './step-animation';
import { gameOverPanelHtml, handHtml, handOverHtml, helpHtml, howWon, hudHtml, logHtml, onlineFootHtml, replayControlsHtml, replayPanelHtml, resultHtml, sideHtml, waitingHtml, winnerText, type FactionFaces, type Seating } from './side-panels';
import { saveFileName, saveMeta, saveName } from './saves';
import { exportSave } from '../saves';
import { ConquestSetupScreen } from './setup-screen';
import { mapPictureContent } from './map-picture';
import { paceChoice } from '../lobby';
import type { OnlineSeat } from '../../online/client';
import type { StateMessage } from '../../online/protocol';

type C = Command<FactionId>;

export class ConquestScreen implements GameActions, Mode {
  readonly id = 'conquest';
  /** A board of its own: it answers the map's clicks and has its own help. */
  readonly starSystem = false;
  readonly framesItself = true;
  readonly box: HTMLElement;
  private readonly setupScreen: ConquestSetupScreen;
  /** The screen's parts: its panels, the question bar, the result, the hand-over, the help (layout.ts). */
  private readonly el: ScreenParts;
  /** Where the panels, the question bar, the board and the dice stand (layout.ts). */
  private readonly layout: ScreenLayout;
  private readonly board: ConquestBoard;
  private readonly dice: BattleDice;
  private readonly animation: StepAnimation;
  private readonly log: LogList;
  private readonly colours: Map<FactionId, string>;
  private readonly names: Map<FactionId, string>;
  private readonly faces: FactionFaces = { name: (f) => this.name(f), colour: (f) => this.colour(f), swatch: (f) => this.swatch(f) };

  /** The game played on: what comes next and when, and what the moves did (play-loop.ts). */
  private readonly play: PlayLoop;
  /** The server and game of an online game (its invitation link names them). */
  private online: { serverUrl: string; gameId: string } | null = null;
  active = false;
  /** Who sees what: in hot-seat, who has the screen and who it is handed to (hot-seat.ts). */
  private readonly seats = new HotSeat(() => ({ session: this.session, replaying: !!this.replay }));
  /** Bloc events already shown in the blocs panel: a new one flashes it [003]. */
  private blocEventsSeen = 0;
  /** The territory picked first on the map (an attack's or a move's origin), and an enemy picked first. */
  private selected: string | null = null;
  private onto: string | null = null;
  /** Territories the option or badge under the pointer names. */
  private hovered = new Set<string>();
  private overShown = false;
  /** Why the server refused the last answer (online), shown over the decision until the next one. */
  private refusal = '';
  /** The replay of the finished game on show (its log re-run). */
  private replay: ReplayPlayer | null = null;
  /** A tutorial's guide, while its game is played here [issue 56]. */
  private guide: Guide | null = null;

  /** The game on show (a replay's, while one is). */
  private get session(): AnySession | null {
    return this.play.session;
  }

  constructor(readonly app: Host) {
    const cq = conquestContent(app.content);
    this.colours = new Map([...cq.factions.values()].map((f) => [f.id, f.color]));
    this.names = new Map([...cq.factions.values()].map((f) => [f.id, f.name]));
    this.play = new PlayLoop({
      active: () => this.active,
      guide: () => this.guide,
      replay: () => this.replay,
      awaitHuman: (d) => this.awaitHuman(d),
      showOver: () => this.showOver(),
      autosave: () => this.autosave(),
      render: () => this.render(),
      animate: (step, dice) => this.animate(step, dice),
      skipAnimations: () => {
        this.dice.skip();
        this.app.galaxy.skipAnimations();
      },
      name: (f) => this.name(f),
      showMessage: (text) => this.app.showMessage(text),
    });
    this.box = document.createElement('div');
    this.box.className = 'conquest';
    app.root.appendChild(this.box);
    this.el = buildParts(this.box);
    this.el.help.innerHTML = helpHtml();
    this.log = new LogList(this.el.log);
    this.setupScreen = new ConquestSetupScreen(this.el.setup, app.content, {
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
      this.colours,
      (t, e) => this.clickTerritory(t, e),
      (t) => this.hoverTerritory(t),
    );
    this.dice = new BattleDice(this.box, () => this.play.skip());
    this.animation = new StepAnimation(app, this.dice, this.faces, () => this.layout.placeDice(this.dice.el, [...this.board.boxes(), ...this.app.mapLabels]));
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
    this.el.privacy.addEventListener('click', () => this.reveal());
    this.el.help.addEventListener('click', () => (this.el.help.hidden = true));
    window.addEventListener('keydown', (e) => this.onKey(e));
    // any click skips the animations on show (the next AI move comes at once)
    window.addEventListener('pointerdown', () => this.active && this.play.skip(), true);
    // the panels' widths follow the window: the board is framed again in what they leave open
    window.addEventListener('resize', () => this.active && this.layout.frameBoard());
    // a small window: the side panels fold away to tabs, and the board is framed again in the room left
    // (the question bar of a small window comes and goes with the panel, and stands beside the factions when they are open)
    const folded = () => {
      if (!this.active || !this.session) return;
      this.fitToWindow();
      this.layout.frameBoard();
    };
    this.layout = new ScreenLayout(app.galaxy, { box: this.box, side: this.el.sideSection, log: this.el.logSection, panel: this.el.panel, question: this.el.question }, folded);
  }

  // ------------------------------------------------------------------ setup, start

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
    this.begin(loaded.session, this.guide === guide ? this.play.pacer.speed : 1, null, guide);
    return null;
  }

  /** The guide moved on: the pending decision may now be answered (or the opponent may play). */
  guidedRefresh(): void {
    if (!this.active) return;
    this.render();
    this.play.schedule();
  }

  /** The panel's button for the taught command (with a guide, the only answer the panel offers). */
  guidedButton(): HTMLElement | null {
    return this.el.decision.querySelector<HTMLElement>('[data-act="move-count"], [data-opt]:not(.back)');
  }

  /** A panel a tutorial's step stands beside (src/tutorial/conquest.ts names them). */
  guidedPanel(name: string): HTMLElement | null {
    const selectors: Record<string, string> = { blocs: '[data-testid="cq-blocs"]', cards: '[data-cq="hand"]', factions: '.cq-factions', continents: '.cq-continents' };
    const panel = selectors[name] ? this.box.querySelector<HTMLElement>(selectors[name] as string) : null;
    // a step about a panel folded away (a small window) opens it
    if (panel) this.layout.reveal(panel);
    return panel;
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
    this.play.begin(session, speed);
    this.active = true;
    this.seats.reset();
    this.selected = this.onto = null;
    this.log.forget();
    this.overShown = false;
    this.replay = null;
    this.refusal = '';
    // the coach speaks in a person's game, not a tutorial's (its guide speaks) [issue 56]
    if (!guide && session.humans.length) this.app.coach.begin('conquest', `conquest|${session.scenario.id}|${session.seed}`);
    else this.app.coach.end();
    // online, each state the server sends is a step to show
    if (session instanceof RemoteConquestSession) {
      session.onSteps = (steps) => {
        if (this.session !== session || !this.active) return;
        if (steps.length) return this.play.afterSteps(steps);
        this.render();
        this.play.schedule();
      };
      // the server's reason stays in the panel over the decision to answer again, not only in a passing message
      session.seat.onRefused((reason) => this.session === session && this.refuse(`the server says ${reason}`));
    }
    for (const el of [this.el.sideSection, this.el.logSection, this.el.panel]) (el as HTMLElement).hidden = false;
    // a small window, or a map left narrow by the panels: the map gets the room, the factions at their tab [issue 53]
    // (a tutorial's step about a panel opens it: guidedPanel)
    this.layout.begin();
    this.app.setLabelObstacles(() => {
      this.board.place();
      return this.board.boxes();
    });
    this.app.galaxy.select(null);
    this.render();
    this.layout.frameBoard();
    this.autosave();
    this.play.schedule();
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
      this.app.saves.autosave(s.saveText(), saveMeta(s, (f) => this.name(f), this.play.pacer.speed));
    } catch (e) {
      console.warn('conquest autosave failed', e);
    }
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
    this.app.keepSave(label, s.saveText(), saveMeta(s, (f) => this.name(f), this.play.pacer.speed));
  }

  /** The name a save of this game is offered under: "Conquest · Domination, round 5, 27 Nov 22:40". */
  saveName(): string | null {
    const s = this.session;
    if (!s || s instanceof RemoteConquestSession) return null;
    return saveName(s);
  }

  exportGame(): void {
    const s = this.session;
    if (!s || s instanceof RemoteConquestSession) return;
    exportSave(s.saveText(), saveFileName(s));
  }

  // ------------------------------------------------------------------ leave

  /** Back to the menu: nothing of the game stays (its badges, rings, panels, timers). */
  leave(): void {
    this.stop();
    this.app.leave(this);
    this.app.galaxy.home();
  }

  /** Stop the game and take everything of it off the page. */
  stop(): void {
    this.play.pacer.cancel();
    this.active = false;
    this.layout.end();
    const guide = this.guide;
    this.guide = null;
    guide?.ended();
    this.app.coach.end();
    this.replay = null;
    if (this.session instanceof RemoteConquestSession) this.app.leaveSeat(this.session.seat, this.session.winner !== null);
    this.play.session = null;
    this.online = null;
    this.dice.skip();
    this.board.clear();
    this.app.galaxy.skipAnimations();
    for (const el of [this.el.sideSection, this.el.logSection, this.el.panel, this.el.over, this.el.privacy, this.el.help, this.el.question]) (el as HTMLElement).hidden = true;
    for (const el of [this.el.side, this.el.log, this.el.hand, this.el.decision, this.el.foot]) setHtml(el, '');
    for (const el of [this.el.over, this.el.privacy]) el.replaceChildren();
    this.setupScreen.hide();
    this.app.galaxy.setInsets({ left: 0, right: 0, bottom: 0, top: 0 });
    this.app.setLabelObstacles(null);
  }

  // ------------------------------------------------------------------ the game played on (play-loop.ts)

  /** A person's decision is pending: in hot-seat, once anyone holds a secret, the screen is handed to them first. */
  private awaitHuman(d: Decision<FactionId>): void {
    const to = this.seats.turnTo(d);
    if (to === 'hand-over') this.showHandOver(d.side);
    else if (to === 'taken') this.render();
  }

  /** Play one AI move now (the spectator's Step, while paused). */
  stepOnce(): void {
    this.play.stepOnce();
  }

  togglePause(): void {
    this.play.togglePause();
  }

  /** A human's answer. */
  private choose(command: C | undefined): void {
    const s = this.session;
    if (!s || !command || !this.seats.decision) return;
    this.selected = this.onto = null;
    this.hovered.clear();
    this.refusal = '';
    this.app.audio.play('select');
    // a refused answer is the player's to make again: the reason stays over the decision, and the game goes on
    this.play.answer(command, (reason) => this.refuse(reason));
  }

  /** An answer refused (by the engine here, by the server online): why, in the panel and a message; the decision stays. */
  private refuse(reason: string): void {
    this.refusal = reason;
    this.app.showMessage(`That answer was refused: ${reason}`);
    this.render();
  }

  /** Animate what a step did (step-animation.ts); returns how long the next AI move should wait (ms). */
  private animate(step: Step, dice = true): number {
    const s = this.session;
    return s ? this.animation.play(s, step, this.play.battle, this.play.pacer.speed, dice) : 0;
  }

  // ------------------------------------------------------------------ drawing

  /** [issue 53] A small window: the panel folds while there is nothing to answer in it, the question bar stands in its stead (layout.ts). */
  private fitToWindow(): void {
    const s = this.session as AnySession;
    const asked = this.seats.decision?.kind ?? null;
    const words = () => questionWords(this.seats.decision, s.decision, { humanToDecide: s.humanToDecide, lastLine: this.play.lastLines.at(-1), summary: this.play.roundLines.length }, this.faces);
    this.layout.fit({ small: smallWindow() && !this.guide, ended: s.over || !!this.replay, asked, waitingOn: s.decision?.side ?? '' }, words);
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

  private render(): void {
    const s = this.session;
    if (!s || !this.active) return;
    const view = s.view(this.seats.viewer);
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
    this.board.show(view ?? s.view(this.seats.viewer), this.marks(), (f) => this.name(f));
  }

  private renderHud(view: ConquestView): void {
    this.app.setWhere(hudHtml(this.session as AnySession, view.round, this.winnerText(), !!this.replay, this.faces));
  }

  /** The factions in the order of play, and the continents with their bonuses and holders (side-panels.ts). */
  private renderSide(view: ConquestView): void {
    const s = this.session as AnySession;
    const bloc = lastBlocEvent(s.events, this.blocEventsSeen);
    this.blocEventsSeen = bloc.count;
    const blocs = blocsPanelHtml(this.app.content, view, (f) => this.name(f), (f) => this.swatch(f), bloc.last);
    setHtml(this.el.side, sideHtml(view, this.seating(), this.faces, blocs));
  }

  /** Who sits where, and whose eyes the side panel shows. */
  private seating(): Seating {
    const s = this.session as AnySession;
    return { turn: s.turnOf ?? s.decision?.side ?? null, over: s.over, humans: s.humans, playerOf: (f) => s.playerOf(f), viewer: this.seats.viewer, secrets: this.seats.secrets };
  }

  /** The viewer's own cards and secret mission (for a spectator: every hand). */
  private renderHand(view: ConquestView): void {
    const html = handHtml(view, this.seats.secrets, (this.session as AnySession).humans.length, this.faces);
    setHtml(this.el.hand, html ?? '');
    this.el.hand.hidden = html === null;
  }

  private renderLog(): void {
    const s = this.session as AnySession;
    const secrets = this.seats.secrets;
    this.log.show(`${String(secrets)}|${s.events.length}`, () => {
      const events = secrets === 'nobody' ? s.events.filter((e) => e.visibleTo === 'all') : s.eventsFor(secrets);
      return logHtml(events, secrets, (t) => s.nameOf(t), (f) => this.name(f));
    });
  }

  private renderFoot(): void {
    const s = this.session as AnySession;
    if (this.replay) return setHtml(this.el.foot, replayControlsHtml(this.replay.replay, this.replay.playing, this.play.pacer.speed));
    if (s instanceof RemoteConquestSession && this.online) {
      const { serverUrl, gameId } = this.online;
      return setHtml(this.el.foot, onlineFootHtml(`${serverUrl}/?online=${encodeURIComponent(gameId)}`, s.seat.latest?.seats ?? [], this.app.reservedLinks(gameId), (f) => this.name(f)));
    }
    const ai = s.setup.seats.some((seat) => seat.player !== 'human') && !s.over;
    const { paused, speed } = this.play.pacer;
    const controls = ai ? watchControlsHtml('cq', { paused, speed, canStep: paused && !s.humanToDecide && !s.over, stepTitle: 'One AI move' }) : '';
    setHtml(this.el.foot, footHtml('cq', controls));
  }

  private renderDecision(view: ConquestView): void {
    const s = this.session as AnySession;
    if (this.replay) return setHtml(this.el.decision, replayPanelHtml(this.replay.replay, this.play.lastLines, this.faces));
    if (s.over) return setHtml(this.el.decision, gameOverPanelHtml(this.winnerText(), this.canReplay));
    const d = this.seats.decision;
    if (!d) {
      const side = s.decision?.side;
      const how = s.humanToDecide ? 'human' : s instanceof RemoteConquestSession && side && s.playerOf(side) === 'human' ? 'online' : 'ai';
      const o = { paused: this.play.pacer.paused, handingOver: !!this.seats.handOver, guided: !!this.guide, lastLines: this.play.lastLines, error: this.play.error };
      return setHtml(this.el.decision, waitingHtml(s.decision, how, o, this.faces));
    }
    const o = { coach: this.app.coach.html(d.kind), refusal: this.refusal, roundLines: this.play.roundLines, lastLines: this.play.lastLines };
    setHtml(this.el.decision, decisionPanelHtml(this.panelContext(), view, d, o));
  }

  /** What the decision panel's body needs of the screen (decision-body.ts). */
  private panelContext(): PanelContext {
    return { colours: this.colours, name: (f) => this.name(f), selected: this.selected, onto: this.onto, attackDice: this.play.battle?.dice ?? 0 };
  }

  // ------------------------------------------------------------------ the map's marks and clicks

  private marks(): BoardMarks {
    return marksFor(this.seats.decision, this.selected, this.hovered.size ? this.hovered : this.play.recent);
  }

  /** A click on a system on the map (map-picks.ts says what it does). */
  private clickTerritory(t: string, e: MouseEvent | null): void {
    // a tutorial lights only what its step teaches: anywhere else, it says what to do instead
    if (this.guide && !this.guide.lights(t)) return this.guide.notNow();
    const d = this.seats.decision;
    const click = d ? mapClick(d, t, this.selected, !!e?.shiftKey) : null;
    if (!click) return;
    if ('answer' in click) return this.choose(click.answer);
    this.selected = 'select' in click ? click.select : null;
    this.onto = 'onto' in click ? click.onto : null;
    this.render();
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
    const d = this.seats.decision;
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
    if (t.dataset.opt !== undefined && t.closest('.cq-decision, .cq-question')) return this.choose(this.seats.decision?.options[Number(t.dataset.opt)]);
    if (t.dataset.act === 'open-panel') return this.layout.openPanel();
    if (gameButton(t.dataset.act, this, this.el.help, this.el.over) || this.replay?.button(t.dataset.act)) return;
    switch (t.dataset.act) {
      case 'replay':
        return this.startReplay();
      case 'unfilter':
        this.selected = this.onto = null;
        return this.render();
      case 'move-count': {
        const n = Number((this.el.decision.querySelector('input[data-act="count"]') as HTMLInputElement | null)?.value ?? t.dataset.count);
        return this.choose(this.seats.decision?.options.find((c) => c.count === n));
      }
    }
  }

  private onInput(e: Event): void {
    const t = e.target as HTMLInputElement;
    if (t.dataset.act !== 'count') return;
    countMoved(this.el.decision, t, this.seats.decision, (id) => (this.session ? this.session.nameOf(id) : ''));
  }

  private onChange(e: Event): void {
    const t = e.target as HTMLSelectElement;
    // the replay's slider, let go: the game at that move (while it is dragged the panel is not redrawn under it)
    if (t.dataset.act === 'replay-seek') return this.replay?.seek(Number(t.value));
    if (t.dataset.act !== 'speed') return;
    this.play.pacer.speed = Number(t.value);
    t.blur();
    this.autosave(); // Continue resumes at the speed chosen
    this.play.schedule();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.active || typedInField(e)) return;
    // any key skips the animations on show
    if (this.dice.shown || this.play.pacer.holding) this.play.skip();
    if (this.replay?.key(e)) return;
    if (!this.el.privacy.hidden) {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.reveal();
      }
      return;
    }
    // Backspace takes back the turn's last placement while the rules allow it [002 II.2]
    if (e.key === 'Backspace') {
      const back = this.seats.decision?.options.find((c) => c.type === 'take-back');
      if (back) {
        e.preventDefault();
        return this.choose(back);
      }
    }
    gameKey(e, {
      canPause: !!this.session?.setup.seats.some((s) => s.player !== 'human'),
      togglePause: () => this.togglePause(),
      helpEl: this.el.help,
      clearPick: () => {
        if (!this.selected && !this.onto) return;
        this.selected = this.onto = null;
        this.render();
      },
      decision: this.seats.decision,
      endTypes: ['end-attacks', 'end-turn', 'keep-cards'],
      choose: (c) => this.choose(c),
    });
  }

  // ------------------------------------------------------------------ hot-seat

  private showHandOver(side: FactionId): void {
    this.seats.handOver = side;
    this.dice.skip(); // the last person's rolls are not the next one's to see
    this.el.privacy.innerHTML = handOverHtml(side, this.session?.scenario.gameType === 'mission', this.faces);
    this.el.privacy.hidden = false;
    this.render();
  }

  private reveal(): void {
    if (!this.seats.take()) return;
    this.el.privacy.hidden = true;
    this.log.forget();
    this.render();
  }

  // ------------------------------------------------------------------ game over

  private winnerText(): string {
    const s = this.session;
    return s?.winner ? winnerText(s.view(null), s.winner, s.humans, (f) => this.name(f)) : '';
  }

  /** The result; `quiet` after a replay, whose end the player has just watched (no fanfare again). */
  private showOver(quiet = false): void {
    const s = this.session;
    if (!s || this.overShown) return;
    this.overShown = true;
    const view = s.view(null);
    const w = s.winner;
    const bloc = blocResult(this.app.content, view, s.events, s.humans, (f) => this.name(f), (f) => this.swatch(f));
    const result = { winner: w, winnerText: this.winnerText(), how: howWon(s.events, bloc?.how), verdicts: bloc?.verdicts ?? '', cells: (f: FactionId) => bloc?.cells(f) ?? '', canReplay: this.canReplay };
    this.el.over.innerHTML = resultHtml(view, result, (f) => s.playerOf(f), this.faces);
    this.el.over.hidden = false;
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

  /** Step through the finished game from its start: its log re-run, the map showing each step (replay-player.ts). */
  startReplay(): void {
    const s = this.session;
    if (!s || !s.over || s instanceof RemoteConquestSession) return;
    try {
      this.replay = new ReplayPlayer(this.app.content, s, this.replayScreen, this.play.pacer);
    } catch (e) {
      return this.play.fail(e);
    }
    this.el.over.hidden = true;
    this.replayScreen.showStill(this.replay.replay.session);
  }

  /** What the replay does on this screen: it shows the game it is at as a game in play is shown. */
  private readonly replayScreen: ReplayScreen = {
    showStill: (game) => {
      this.play.still(game);
      this.log.forget();
      this.render();
      this.play.schedule();
    },
    showSteps: (game, steps) => {
      this.play.session = game;
      this.play.afterSteps(steps);
    },
    showResult: (game) => {
      this.play.session = game;
      this.replay = null;
      this.play.lastLines = [];
      this.play.recent = new Set();
      this.overShown = false;
      this.log.forget();
      this.render();
      this.showOver(true);
    },
    render: () => this.render(),
    schedule: () => this.play.schedule(),
    fail: (e) => this.play.fail(e),
    closeHelp: () => {
      if (this.el.help.hidden) return false;
      this.el.help.hidden = true;
      return true;
    },
  };

  // ------------------------------------------------------------------ for tests

  /** Plain facts about the screen (the page hook). */
  state() {
    const s = this.session;
    const d = s?.decision ?? null;
    return {
      active: this.active,
      setup: !this.el.setup.hidden,
      decision: d ? { kind: d.kind, side: d.side, human: !!this.seats.decision, options: d.options.length } : null,
      round: s?.round ?? 0,
      turnOf: s?.turnOf ?? null,
      winner: s?.winner ?? null,
      handOver: this.seats.handOver,
      paused: this.play.pacer.paused,
      // an AI move is timed to come (none while paused: a test's "nothing more will happen")
      aiWaiting: this.play.pacer.waiting,
      speed: this.play.pacer.speed,
      steps: this.play.stepsDone,
      replay: this.replay ? { index: this.replay.replay.index, length: this.replay.replay.length, playing: this.replay.playing } : null,
      error: this.play.error,
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
    const seats = seatRequests(setup, reserved);
    if (!host || host.player !== 'human') return this.app.showMessage('An online game needs seat 1 to be yours (human).');
    await this.app.hostOnline({ ruleset: 'conquest', scenario: setup.scenario, options, seats, ...paceChoice(pace) }, host.faction);
  }

  /** Start a game from the page hook (the screenshots; the browser test uses the setup screen). */
  startFromHook(setup: ConquestSetup, speed: number): void {
    this.start(setup, speed);
  }
}
