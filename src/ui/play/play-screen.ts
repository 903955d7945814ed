/**
 * Single-screen play: the setup screen, then the decision screens. The game runs in the play worker;
 * this page shows the deciding side's view (through the App's galaxy, HUD and log), the pending
 * decision with its options as numbered buttons and as numbered markers on the map, the odds before a
 * roll and the dice after it, undo, the hot-seat privacy screen, and rules help.
 */
import { Vector2, Vector3 } from 'three';
import type { SideId } from '../../core/content/schema';
import type { Command, Decision, GameEvent } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { silentAudio, soundForEvent, type GameAudio } from '../../audio/audio';
import { SIDE_COLORS } from '../../render/palette';
import type { Guide, Host, Mode } from '../shell/mode';
import { gestureFrom, taughtCommands } from '../../tutorial/gesture';
import { makeDrawer, openDrawerOf, type Drawer } from '../shell/drawers';
import { type ScreenBox } from '../screen-boxes';
import type { OptionInfo } from '../../words/describe';
import { driftOfPlace } from '../../words/drift-place';
import { withTerms } from './glossary';
import { DiceTray, diceOf, type TrayRoom } from './dice-tray';
import type { FromPlayWorker, PlayInfo, PlaySetup, ToPlayWorker } from './play-protocol';
import { scoreLines } from '../score-lines';
import { AI_PACE_ANIMATION, AI_PACE_MS, type Settings } from '../settings';
import { esc, setHtml } from '../html';
import type { OnlineSeat } from '../../online/client';
import { RemotePlay } from './remote-play';
import { PlaySetupForm } from './play-setup';
import { ChoiceKeys } from './choice-keys';
import { helpHtml, placeName, SIDE_NAMES, SIDE_TEAMS, capital, contextHtml, notesHtml, oddsHtml, factsHtml, onlineHtml, rollsHtml, sequenceHtml, thinkingHtml, words } from './panel-html';
// [issue 44] play on the map: the board's dests, and the grouped decision list
import { MapPlay } from './board/map-play';
import { viewCounters } from '../../words/board/counters';
import { MarkerLayer } from './board/marker-layer';
import { groupedListHtml } from './board/grouped-list';
import { assignmentHtml, markAssignmentPlanets } from './board/assignment-box';
import { TurnSummary } from './board/turn-summary';
import { resultsHtml } from './board/results';
import './board/board.css';

/** Event kinds whose dice the "last roll" box shows. */
const ROLLS = ['military-combat', 'search', 'detection', 'break-off', 'character-combat', 'pdb', 'hyperjump'];

export class PlayScreen implements Mode {
  readonly id = 'play';
  readonly starSystem = true;
  /** Its decision panel is on the right: it frames the picture around it. */
  readonly framesItself = true;
  private worker: Worker | null = null;
  /** An online game [issue 27]: the seat on the game server that stands in for the worker. */
  private remote: RemotePlay | null = null;
  readonly box: HTMLElement;
  private readonly setupEl: HTMLElement;
  private readonly decisionEl: HTMLElement;
  private readonly decisionBox: HTMLElement;
  private readonly privacyEl: HTMLElement;
  private readonly helpEl: HTMLElement;
  private readonly sequenceEl: HTMLElement;

  /** [issue 44, 53] the board's markers over the map, the open stack's counters, the question with its buttons. */
  private readonly layer: MarkerLayer;
  /** The decision panel as a drawer (a small window folds it to a tab). */
  private readonly drawer: Drawer;
  play: PlayInfo | null = null;
  private view: GameView | null = null;
  /** [issue 44] the system whose group of the list is unfolded (the one last clicked on the map). */
  private openGroup: string | null = null;
  /** Options narrowed to one place by a click on the map (null: all shown). */
  private filter: string | null = null;
  private lastRolls: GameEvent[] = [];
  /** Rolls shown as dice over the map as they happen (skippable). */
  private readonly dice: DiceTray;
  /** Play states shown so far: tests wait for it to grow to know the screen took an answer. */
  private statesShown = 0;
  /** Hot-seat: the side that has been shown the screen (after the privacy screen). */
  private revealed: SideId | null = null;
  private busy = false;
  active = false;
  audio: GameAudio = silentAudio;
  private readonly tmp2 = new Vector2();
  private readonly tmp3 = new Vector3();
  /** [issue 44] the map as a board: stacks picked and moved by clicks. */
  readonly board: MapPlay;
  /** [issue 44] the opponent's turn, summed up when the player's decision comes. */
  private readonly summary = new TurnSummary();
  /** The setup screen of a new game. */
  private readonly setupForm: PlaySetupForm;
  /** [issue 56] a tutorial's guide, while its game is played here; and how far the worker was last told the game may go. */
  private guide: Guide | null = null;
  private guideLimit = -1;
  /** [issue 59] the number keys that take the choices as the list shows them (choice-keys.ts). */
  private readonly keys = new ChoiceKeys({
    options: () => this.play?.options ?? [],
    groups: () => this.play?.groups,
    take: (i) => {
      // with a place chosen on the map, the numbers still mean the options' own numbers
      const option = this.play?.options[i];
      if (this.filter && option && !option.places.includes(this.filter)) return;
      this.choose(i);
    },
    showTyped: (typed) => {
      const el = this.decisionEl.querySelector('[data-testid="typed"]');
      if (el) el.textContent = typed ? `Choice ${typed}…` : '';
    },
  });

  constructor(readonly app: Host) {
    const root = app.root;
    this.audio = app.audio; // the player's own game sounds like the spectated one
    this.box = document.createElement('div');
    this.box.className = 'play';
    this.box.innerHTML = `
      <section class="play-setup" data-testid="play-setup" hidden></section>
      <section class="decision-box" hidden><nav class="sequence-bar" data-testid="sequence"></nav><div class="decision" data-testid="decision" aria-live="polite"></div></section>
      <div class="privacy" data-testid="privacy" hidden></div>
      <div class="help" data-testid="help" hidden></div>
      <div class="marker-layer"></div>`;
    root.appendChild(this.box);
    const q = (s: string) => this.box.querySelector(s) as HTMLElement;
    this.setupEl = q('.play-setup');
    this.sequenceEl = q('.sequence-bar');
    this.decisionEl = q('.decision');
    this.decisionBox = q('.decision-box');
    this.privacyEl = q('.privacy');
    this.helpEl = q('.help');
    this.dice = new DiceTray(this.box);
    this.setupForm = new PlaySetupForm(this.setupEl, app, (setup) => this.start(setup));
    this.board = new MapPlay(
      (m) => {
        const side = this.play?.decision?.side;
        if (m.type === 'pick') this.send(m);
        else if (side && !this.busy && this.privacyEl.hidden) {
          this.busy = true;
          this.audio.play('select');
          this.send({ type: 'ask-every-time', on: this.app.settings.askEveryTime });
          this.send({ type: 'answer-many', side, commands: m.commands });
        }
      },
      () => this.render(),
      (environ) => {
        const L = this.app.galaxy.layout;
        const where = L.environIndex.get(environ);
        // [5.22] a drift area's place names its star system
        return (where ? L.planets[where.planet]?.system : driftOfPlace(environ)?.system) ?? '';
      },
      (system) => this.app.galaxy.focusSystem(system, this.app.galaxy.animationSpeed === 0),
    );
    this.board.systemName = (id) => this.app.content.systems.get(id)?.name ?? id;
    this.board.say = (text) => (this.guide ? this.guide.notNow() : this.app.showMessage(text));
    // [issue 56] a tutorial lights only the move its step teaches
    this.board.gate = (commands) => this.guidedRefusal(commands) ?? true;
    const screen = this;
    this.layer = new MarkerLayer({
      app,
      root: this.box,
      layer: q('.marker-layer'),
      board: this.board,
      busy: () => screen.busy || !screen.privacyEl.hidden,
      play: () => screen.play,
      filter: () => screen.filter,
      pickPlace: (environ) => screen.pickPlace(environ),
      keyOf: (i) => screen.keys.keyOf(i),
      mapChanged: () => screen.foldForMap(),
    });
    this.helpEl.innerHTML = helpHtml();
    this.helpEl.addEventListener('click', () => (this.helpEl.hidden = true));
    this.privacyEl.addEventListener('click', () => this.reveal());
    this.decisionEl.addEventListener('click', (e) => this.onDecisionClick(e));
    // a small window: the decision panel folds away to a tab, and the picture is framed in the room left
    this.drawer = makeDrawer(this.decisionBox, 'right', 'Your turn', () => this.active && this.frameAroundPanels());
    const prevFrame = app.galaxy.onFrame;
    app.galaxy.onFrame = () => {
      prevFrame();
      // the markers move with the camera, as the names do (placed again when the markers or the panels change)
      if (app.galaxy.placingLabels) this.layer.place();
    };
    const prevSelect = app.galaxy.onSelect;
    app.galaxy.onSelect = (sel) => {
      // another side's stack clicked during one's decision opens into its counters to look at, in place of
      // the shell's panel about it (which is not opened: the selection is let go)
      if (this.active && sel?.kind === 'stack' && this.play?.decision && sel.side !== this.play.decision.side) {
        this.lookAt(sel.environ, sel.side as SideId);
        return app.galaxy.select(null);
      }
      prevSelect(sel);
      // a click on a stack on the map works like a click on its marker
      if (this.active && sel?.kind === 'stack') this.pickPlace(sel.environ);
    };
    window.addEventListener('keydown', (e) => this.onKey(e));
    // [issue 44] a click anywhere but on the panel's own buttons (Pause) skips the rest of the AI's turn; a drag
    // (orbiting the camera to watch it) does not
    let down: { x: number; y: number } | null = null;
    window.addEventListener('pointerdown', (e) => (down = (e.target as HTMLElement).closest?.('.decision-box button') ? null : { x: e.clientX, y: e.clientY }), true);
    window.addEventListener(
      'pointerup',
      (e) => {
        if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 6) this.skipAiTurn();
        down = null;
      },
      true,
    );
  }

  // ------------------------------------------------------------------ setup screen

  /** The setup screen (play-setup.ts): a new game, here or online. */
  showSetup(after?: string): void {
    this.setupForm.show(after === 'rebels');
  }

  // ------------------------------------------------------------------ a tutorial's game [issue 56]

  /** Play a tutorial's game: `save` is its game so far; the worker answers for the opponent from the script, as far as the guide lets it. */
  playGuided(guide: Guide, save: string): string | null {
    this.leaveOnline();
    this.guide = guide;
    this.guideLimit = guide.limit();
    this.resuming = true;
    this.send({ type: 'resume', text: save, guided: { commands: guide.commands.map((c) => ({ command: c.command as Command, by: c.by })), limit: this.guideLimit } });
    return null;
  }

  /** The guide moved on: the worker may take the game as far as it says now. */
  guidedRefresh(): void {
    const limit = this.guide?.limit() ?? -1;
    if (!this.guide || limit === this.guideLimit) return;
    this.guideLimit = limit;
    this.send({ type: 'guide-limit', limit });
  }

  /** The player left a tutorial's step: its rolls' dice go with it. */
  guidedStepLeft(): void {
    this.dice.skip();
    if (this.openedForStep && this.active) this.drawer.fold(true);
    this.openedForStep = false;
  }

  /** The button that answers the taught command when it has no place on the map: the question's, else the list's. */
  guidedButton(): HTMLElement | null {
    // (one on the page: in a small window the decision panel is folded away, and the map's question asks)
    const buttons = this.box.querySelectorAll<HTMLElement>('[data-testid="board-button"]:not(.refused), .decision [data-option]:not(.refused)');
    return [...buttons].find((b) => b.getClientRects().length > 0) ?? null;
  }

  /** A panel a tutorial's step stands beside (src/tutorial/star-system.ts names them). */
  guidedPanel(name: string): HTMLElement | null {
    const panel = name === 'sequence' ? this.sequenceEl : name === 'decision' ? this.decisionBox : this.app.root.querySelector<HTMLElement>(name === 'score' ? '[data-el="score"]' : '[data-el="log"]');
    // a step about the turn's bar or the decision panel, the panel folded away (a small window): it opens
    // for the step, and folds again when the step is left
    if (panel && openDrawerOf(panel, [this.drawer])) this.openedForStep = true;
    return panel;
  }

  /** The decision panel was opened for a tutorial's step about it (guidedPanel). */
  private openedForStep = false;

  /** The tutorial's game is left (another game starts here, or the screen stops): its guide closes. */
  private endGuide(): void {
    const guide = this.guide;
    this.guide = null;
    guide?.ended();
  }

  /** Why a tutorial refuses these commands now ("not now": they are not the move its step teaches), or null. */
  private guidedRefusal(commands: Command[]): string | null {
    const made = this.play?.made;
    if (!this.guide || made === undefined) return null;
    const taught = gestureFrom(this.guide.commands, made, this.guide.limit());
    return taughtCommands(commands, taught) ? null : 'Not now: the tutorial asks for something else';
  }

  // ------------------------------------------------------------------ the worker

  private send(m: ToPlayWorker): void {
    if (this.remote) return this.remote.handle(m);
    if (!this.worker) {
      this.worker = new Worker(new URL('./play-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<FromPlayWorker>) => this.receive(e.data);
      this.worker.onerror = (e) => this.app.showMessage(`The game worker failed: ${e.message}`);
    }
    this.worker.postMessage(m);
  }

  /** Start a game (the setup screen's button; tests may call it through the page hook too). */
  start(setup: PlaySetup): void {
    this.endGuide();
    this.leaveOnline();
    this.enter();
    this.send({ type: 'new', setup });
  }

  /**
   * Resume a played game from a save with seats (Continue, a save, an imported file). The screen changes
   * only once the worker has loaded it: a refused save leaves whatever was on the screen as it was.
   */
  resume(text: string): string | null {
    this.endGuide();
    this.leaveOnline();
    this.resuming = true;
    this.send({ type: 'resume', text });
    return null;
  }

  /**
   * Play a star-system game on a game server [issue 27] at the seat `seat` holds: the screen shows it as
   * a local game, with the server standing in for the worker. `link` invites others; `seatLink` brings this
   * player back to the seat.
   */
  async playOnline(seat: OnlineSeat, serverUrl: string): Promise<string | null> {
    const { onlineLink } = await import('../../online/client');
    const link = onlineLink(serverUrl, seat.joined.gameId);
    const seatLink = onlineLink(serverUrl, seat.joined.gameId, seat.token ?? '');
    this.leaveOnline();
    this.remote = new RemotePlay(seat, link, seatLink, (m) => this.receive(m));
    this.enter();
    this.remote.begin();
    return null;
  }

  /** Leave the online seat, if this screen holds one (the server hands it to an AI after the host's wait). */
  private leaveOnline(): void {
    const remote = this.remote;
    if (!remote) return;
    this.remote = null;
    this.app.leaveSeat(remote.seat, !!this.view?.winner);
  }

  /** [issue 44] the scenario being played (from the worker's 'started'), for the results panel. */
  private scenario = '';
  /** A resume sent to the worker and not yet answered. */
  private resuming = false;

  /** Whether there is a played game to save or export. */
  hasGame(): boolean {
    return this.active && this.play !== null;
  }

  /** Ask the worker for the game as a save with its seats: kept under `label`, or offered as a file. */
  save(purpose: 'download' | 'store', label?: string): void {
    this.send({ type: 'save', purpose, label });
  }

  /** The play screen takes the page: the spectator's controls go, the pace is set. */
  private enter(): void {
    this.setupEl.hidden = true;
    this.active = true;
    this.revealed = null;
    this.play = null;
    this.lastRolls = [];
    this.layer.reset();
    this.app.enter(this);
    // the stars' and planets' names keep off the board's markers (a star's name under a column of choices was
    // unreadable at 800x600), as the markers keep off the names where they can; a name with no clear side waits
    this.app.setLabelObstacles(() => this.layer.markers.filter((m) => m.visible));
    (document.activeElement as HTMLElement | null)?.blur();
    this.applyPace();
    this.send({ type: 'ask-every-time', on: this.app.settings.askEveryTime });
  }

  /**
   * [issue 44] the opponent's pace (Settings > Motion > Opponent's moves): how long the worker holds each
   * step of the AI's turn the player may see, and how fast the picture flies its moves.
   */
  private applyPace(): void {
    const pace = this.app.settings.aiPace;
    this.app.galaxy.animationSpeed = this.app.settings.animationSpeed * AI_PACE_ANIMATION[pace];
    this.send({ type: 'pace', ms: AI_PACE_MS[pace] });
  }

  settingsChanged(_settings: Settings): void {
    if (this.active) this.applyPace();
  }

  /** [issue 44] the player skipped the rest of the AI's turn: its moves come at once, unanimated, until his decision. */
  private skipping = false;

  /** Skip the AI's turn on show (any key or click while it plays; online, the server sets the pace). */
  private skipAiTurn(): boolean {
    if (!this.active || !this.play?.thinking || (this.play.online && this.play.online.waitingFor !== 'ai') || this.play.paused || this.skipping) return false;
    this.skipping = true;
    this.app.galaxy.skipAnimations();
    this.dice.skip();
    this.send({ type: 'skip' });
    return true;
  }

  private receive(m: FromPlayWorker): void {
    if (m.type === 'autosave' || m.type === 'save') return this.app.receive(m);
    if (m.type === 'pick') return this.board.receivePick(m.facts);
    if (m.type === 'error') {
      this.busy = false;
      this.resuming = false;
      this.app.receive(m); // a refused resume is said where it was asked for (the Saves panel too)
      return;
    }
    if (m.type === 'started') {
      this.scenario = m.info.scenario;
      // [issue 56] the coach speaks in a person's game, not a tutorial's (its guide speaks)
      if (!this.guide && Object.values(m.info.agents ?? {}).includes('human')) this.app.coach.begin('play', `play|${m.info.scenario}|${m.info.seed}`);
      else this.app.coach.end();
    }
    if (m.type === 'started' && this.resuming) {
      this.resuming = false;
      this.enter();
    }
    // a view still on its way after the game was left is not shown over the next screen
    if (!this.active) return;
    this.app.receive(m);
    if (m.type !== 'state' || !('play' in m)) return;
    this.busy = false;
    this.statesShown++;
    if (m.reset) this.lastRolls = [];
    for (const e of m.events) {
      const sound = soundForEvent(e.kind);
      if (sound) this.audio.play(sound);
      if (ROLLS.some((k) => e.kind === k || e.kind.startsWith(`${k}-`))) this.lastRolls.push(e);
    }
    this.lastRolls = this.lastRolls.slice(-3);
    if (this.skipping) {
      // the skipped turn's moves and rolls are in the log and the summary, not flown
      this.app.galaxy.skipAnimations();
      if (!m.play.thinking) this.skipping = false;
    } else if (!m.reset && this.app.settings.showDice) {
      const rolled = m.events.filter((e) => ROLLS.some((k) => e.kind === k || e.kind.startsWith(`${k}-`)));
      this.dice.show(rolled.map((e) => ({ dice: diceOf(e.text), text: e.text })), this.app.galaxy.animationSpeed, () => this.diceRoom());
    }
    const before = this.play;
    this.play = m.play;
    this.view = m.view;
    if (this.guide && m.play.made !== undefined) {
      this.guide.moved(m.play.made);
      this.guidedRefresh();
    }
    const looking = this.board.lookingAt;
    this.board.update(m.play.decision ? m.play.board : undefined, m.play.decision?.side);
    // another side's stack still looked at: its counters as the new view shows them
    if (looking && this.board.lookingAt && this.lookedSide) this.lookAt(looking, this.lookedSide, true);
    // [issue 44] gather what the AI's turn showed; sum it up when the player decides again
    const points = typeof (m.view?.score as { rebelPoints?: unknown } | undefined)?.rebelPoints === 'number' ? ((m.view.score as { rebelPoints: number }).rebelPoints) : null;
    if (m.reset) this.summary.settle({}, null, '');
    else if (m.play.thinking) this.summary.gather(m.events, points);
    else if (before?.thinking) {
      // the AI's last steps came with the player's decision
      this.summary.gather(m.events, points);
      this.summary.settle(this.app.galaxy.refs, points, capital(SIDE_TEAMS[before.thinking] ?? before.thinking));
    }
    if (!before || before.decision?.kind !== m.play.decision?.kind) this.filter = null;
    // hot-seat: a different person is to play; hide the board until they say they are ready
    if (m.play.humans.length > 1 && m.play.decision && m.play.decision.side !== this.revealed) this.showPrivacy(m.play.decision.side);
    this.render();
  }

  // ------------------------------------------------------------------ the decision screen

  private render(): void {
    const p = this.play;
    if (!p) return;
    setHtml(this.sequenceEl, sequenceHtml(p, this.view));
    const v = this.view;
    const parts: string[] = [];
    // online: where the others join comes first, while a seat still waits for its person
    if (p.online && !v?.winner) parts.push(onlineHtml(p.online, this.app.reservedLinks(p.online.gameId)));
    // [issue 44] the galactic Empire's strategic assignment, all game long (public)
    if (!v?.winner) parts.push(assignmentHtml(p.assignment));
    markAssignmentPlanets(v?.winner ? null : p.assignment);
    if (v?.winner) {
      // seen at the end of a whole game: "the Rebellion wins." with no word of how it was won
      const won = v.winner === 'draw' ? 'The game ends in a draw.' : `${capital(SIDE_TEAMS[v.winner] ?? v.winner)} wins.`;
      // [issue 44] the results panel: who won and why, the points by source, the ways on
      const victory = this.app.content.scenarios.get(this.scenario)?.victory.text ?? null;
      parts.push(resultsHtml(v, won, scoreLines(v.score), victory));
    } else if (p.thinking) {
      // [issue 44] what the AI's turn has done so far, as the map shows it: the latest lines, newest last
      const ai = !p.online || p.online.waitingFor === 'ai';
      parts.push(thinkingHtml(p, p.thinking, this.summary.recent(4), ai && this.app.settings.aiPace !== 'instant' && !p.paused));
    } else if (p.decision) {
      parts.push(this.summary.html());
      parts.push(this.decisionHtml(p.decision, p.options));
    }
    parts.push(rollsHtml(this.app.content.tables, this.lastRolls));
    parts.push(
      // online, nothing is taken back (the others have seen it): no undo button at all
      `<div class="decision-foot">${p.online ? '' : `<button data-act="undo" data-testid="undo" ${p.canUndo ? '' : 'disabled'} title="${esc(p.undoNote || 'Take back your last choice (Esc)')}">Undo (Esc)</button>`}
       <button data-act="help" title="Rules help (?)">Help (?)</button>
       <span class="muted small">${p.canUndo || p.online ? '' : esc(p.undoNote)}</span><span class="typed" data-testid="typed"></span></div>`,
    );
    // (most states redraw a panel whose words have not changed, a stack opened or a counter picked: the same
    // HTML is not parsed, styled and laid out again, and a button under the pointer stays the one pressed)
    setHtml(this.decisionEl, parts.join(''));
    this.decisionBox.hidden = false;
    this.layer.panels.stale();
    this.frameAroundPanels();
    this.layer.build();
    this.foldForMap();
    this.markGuided();
    // (a tutorial's words were placed before this state's panels were drawn: they stand clear of them now)
    this.guide?.place();
  }

  /**
   * [issue 56] In a tutorial's move, the counters of the open stack the player must still take in or
   * leave out of the pick to make the move its step teaches: lit (the rest of the board is gated).
   */
  private markGuided(): void {
    const made = this.play?.made;
    if (!this.guide || made === undefined) return;
    const want = new Set(gestureFrom(this.guide.commands, made, this.guide.limit()).flatMap((c) => (c.type === 'pick' ? [c.piece as number] : [])));
    const picked = new Set(this.board.selection?.pieces ?? []);
    for (const chip of this.box.querySelectorAll<HTMLElement>('[data-testid="counter"][data-pieces]')) {
      const pieces = (chip.dataset.pieces ?? '').split(' ').map(Number);
      chip.classList.toggle('tut-take', want.size > 0 && pieces.some((p) => want.has(p) !== picked.has(p)));
    }
  }

  /** The decision panel was folded away to give the map the room (a small window), and comes back when that is over. */
  private foldedForMap = false;

  /**
   * [issue 53] in a small window the map needs the room when it shows the whole galaxy's badges or an open
   * stack's counters: the decision panel folds to its tab meanwhile (the question and its buttons stay on
   * the map, and the tab brings the panel back), and unfolds again when the map is back to one system.
   */
  private foldForMap(): void {
    const small = window.innerWidth <= 900;
    // (a tutorial's words stand on the map too, and say what the panel would: [issue 56])
    const crowded = this.layer.trayShown || this.layer.badgesShown || this.guide !== null;
    let changed = false;
    if (small && crowded && !this.drawer.folded && !this.foldedForMap) {
      this.foldedForMap = true;
      this.drawer.fold(true);
      changed = true;
    } else if (this.foldedForMap && !crowded) {
      this.foldedForMap = false;
      if (this.drawer.folded) this.drawer.fold(false);
      changed = true;
    }
    // the room changed: the camera frames the choices again in it
    if (changed) {
      this.layer.reset();
      this.layer.build();
    }
  }

  /** The colour palette changed (Settings): draw the panel again with the new side colours. */
  refreshColours(): void {
    if (!this.active) return;
    this.render();
    if (!this.privacyEl.hidden && this.play?.decision) this.showPrivacy(this.play.decision.side);
  }

  /**
   * The decision panel covers the right of the page and the event log the lower left: the picture's
   * centre moves into the open part, so the focused system is not drawn under them (seen in play: the
   * log hid Wendhaven, the planet the game was about).
   */
  private frameAroundPanels(): void {
    this.app.frameAround(this.decisionBox);
  }

  private decisionHtml(d: Decision, options: OptionInfo[]): string {
    const shown = options.map((o, i) => ({ o, i })).filter(({ o }) => !this.filter || o.places.includes(this.filter));
    const button = (o: OptionInfo, i: number, count = 1) => {
        // [issue 59] a choice's key is its place in the list as shown, top first; past the 9th, typed as
        // two digits ("1" then "2" for 12)
        const key = `<kbd>${this.keys.keyOf(i)}</kbd>`;
        const place = o.places.length ? ' has-place' : '';
        // the facts to weigh it by, and a warning before it throws something away
        const detail = o.detail ? `<small class="opt-detail" data-testid="option-detail">${factsHtml(o.detail)}</small>` : '';
        const warn = o.warning ? `<small class="opt-warn" data-testid="option-warning">⚠ ${esc(o.warning)}</small>` : '';
        const times = count > 1 ? ` <b class="times">×${count}</b>` : '';
        // [issue 56] in a tutorial, a choice its step does not teach is drawn dim (its click says what to do)
        const refused = this.guidedRefusal([d.options[i] as Command]) ? ' refused' : '';
        return `<button class="option${place}${refused}${o.ends ? ' ends' : ''}${o.warning ? ' warns' : ''}" data-option="${i}" data-testid="option">${key}<span>${esc(o.label)}${times}${detail}${warn}</span></button>`;
    };
    // [issue 44] a long list comes grouped by system and stack, identical choices merged; a map filter shows its own few flat
    const groups = this.play?.groups;
    const buttons =
      !this.filter && groups?.length
        ? groupedListHtml(groups, options.length, (i, count) => button(options[i] as OptionInfo, i, count), this.openGroup ?? undefined)
        : shown.map(({ o, i }) => button(o, i)).join('');
    const filterNote = this.filter
      ? `<p class="filter">Showing the choices at <b>${esc(placeName(this.app.content, this.filter))}</b>. <button data-act="unfilter">show all</button></p>`
      : options.some((o) => o.places.length) && !this.board.active
        ? `<p class="muted small">Numbered markers on the map are these choices: click one, or press its number.</p>`
        : '';
    const enter = options.findIndex((o) => o.ends);
    return `
      <div class="who" style="--c:${SIDE_COLORS[d.side] ?? '#fff'}">${esc(SIDE_NAMES[d.side] ?? d.side)} player · <span class="kind">${esc(words(d.kind))}</span> <span class="rule">${esc(d.rule)}</span></div>
      <p class="prompt" data-testid="prompt">${withTerms(esc(d.prompt))}</p>
      ${this.guide ? '' : this.app.coach.html(d.kind)}
      ${contextHtml(d)}
      ${oddsHtml(this.app.content.tables, d, this.play, this.view)}
      ${notesHtml(this.play?.notes)}
      ${this.board.panelHtml(esc)}
      ${filterNote}
      <div class="options">${buttons}</div>
      ${enter >= 0 ? `<p class="muted small">Enter: ${esc(options[enter]?.label ?? '')}</p>` : ''}`;
  }

  private onDecisionClick(e: Event): void {
    if ((e.target as HTMLElement).closest('[data-board-piece]')) {
      this.board.panelClick(e.target as HTMLElement);
      return;
    }
    const target = (e.target as HTMLElement).closest('button') as HTMLButtonElement | null;
    if (!target || target.disabled) return;
    if (this.board.panelClick(e.target as HTMLElement)) return;
    const said = this.summary.click(e.target as HTMLElement);
    if (said === true) return this.render();
    if (said) return void (said.kind === 'system' ? this.app.galaxy.focusSystem(said.id, false) : this.app.galaxy.focusPlanet(said.kind === 'environ' ? (this.app.content.environs.get(said.id)?.planet ?? said.id) : said.id, false));
    const planet = target.dataset.focusPlanet;
    if (planet) return void this.app.galaxy.focusPlanet(planet, true);
    if (target.dataset.option) return this.choose(Number(target.dataset.option));
    switch (target.dataset.act) {
      case 'undo':
        return this.undo();
      case 'help':
        this.helpEl.hidden = !this.helpEl.hidden;
        return;
      case 'pause':
        return this.togglePause();
      case 'unfilter':
        this.filter = null;
        return this.render();
      case 'menu':
        return this.leave();
      case 'download':
        return this.save('download');
      case 'hand-over':
        if (target.dataset.side) this.send({ type: 'hand-over', side: target.dataset.side });
        return;
    }
  }

  private choose(index: number): void {
    const d = this.play?.decision;
    if (!d || this.busy || !this.privacyEl.hidden || index < 0 || index >= d.options.length) return;
    if (this.guidedRefusal([d.options[index] as Command])) return this.guide?.notNow();
    this.busy = true;
    this.filter = null;
    this.audio.play('select');
    this.send({ type: 'ask-every-time', on: this.app.settings.askEveryTime });
    this.send({ type: 'answer', side: d.side, index });
  }

  private undo(): void {
    if (!this.play?.canUndo || this.busy) return;
    this.busy = true;
    this.send({ type: 'undo' });
  }

  private togglePause(): void {
    if (this.play) this.send({ type: 'pause', paused: !this.play.paused });
  }

  /** Back to the menu (the game-over button, the HUD's Menu): the game is autosaved, Continue resumes it. */
  leave(): void {
    this.stop();
    this.app.leave(this);
  }

  /** Stop showing the game (the spectator takes the screen, or back to the menu). */
  stop(): void {
    this.active = false;
    // a game still loading when the screen is left does not take the page back when it comes
    this.resuming = false;
    this.endGuide();
    this.app.coach.end();
    this.send({ type: 'pause', paused: true });
    this.leaveOnline();
    for (const el of [this.decisionBox, this.privacyEl, this.helpEl, this.setupEl]) el.hidden = true;
    this.dice.skip();
    this.layer.stop();
    this.app.setLabelObstacles(null);
    this.app.galaxy.setInsets({ right: 0, bottom: 0 });
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.active) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    // [issue 44] any key but Space (pause) skips the rest of the AI's turn on show
    if (e.key !== ' ' && !['Shift', 'Control', 'Alt', 'Meta'].includes(e.key) && this.skipAiTurn()) return e.preventDefault();
    // any key skips the dice on show; Esc does nothing else (it closes the topmost thing first)
    if (this.dice.shown) {
      this.dice.skip();
      if (e.key === 'Escape') return e.preventDefault();
    }
    if (!this.privacyEl.hidden) {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.reveal();
      }
      return;
    }
    const p = this.play;
    if (!p) return;
    if (e.key >= '0' && e.key <= '9') {
      e.preventDefault();
      this.keys.type(e.key);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const end = p.options.findIndex((o) => o.ends);
      if (end >= 0) this.choose(end);
      else if (p.options.length === 1) this.choose(0);
    } else if (e.key === 'Escape' || e.key === 'Backspace') {
      e.preventDefault();
      // Esc closes the topmost thing first: the help card, then the filter; only then does it undo.
      if (e.key === 'Escape' && !this.helpEl.hidden) {
        this.helpEl.hidden = true;
      } else if (this.board.drop()) {
        // [issue 44] Esc puts the stack picked on the map down first
      } else if (this.filter) {
        this.filter = null;
        this.render();
      } else this.undo();
    } else if (e.key === ' ') {
      e.preventDefault();
      e.stopImmediatePropagation();
      this.togglePause();
    } else if (e.key === '?') {
      this.helpEl.hidden = !this.helpEl.hidden;
    }
  }

  // ------------------------------------------------------------------ hot-seat privacy

  private showPrivacy(side: SideId): void {
    this.dice.skip(); // the last person's rolls are not the next one's to see
    this.privacyEl.innerHTML = `<div><h2>Pass the screen to the ${esc(SIDE_NAMES[side] ?? side)} player</h2><p>Click (or press Enter) when ready.</p></div>`;
    this.privacyEl.style.setProperty('--c', SIDE_COLORS[side] ?? '#fff');
    this.privacyEl.hidden = false;
  }

  private reveal(): void {
    this.privacyEl.hidden = true;
    this.revealed = this.play?.decision?.side ?? null;
  }

  // ------------------------------------------------------------------ the map

  /** The side whose stack is looked at (board.lookingAt says where). */
  private lookedSide: SideId | null = null;

  /** [issue 53] Another side's stack clicked on the map: its counters as this side's view shows them, to look at. */
  private lookAt(environ: string, side: SideId, again = false): void {
    const env = this.view?.environs.find((e) => e.id === environ);
    if (!this.view || !env) return;
    this.lookedSide = side;
    this.board.look(environ, `${SIDE_NAMES[side] ?? capital(side)} stack at ${placeName(this.app.content, environ)}`, viewCounters(this.view, this.app.content, env.eid, side), again);
  }

  /** A place on the map clicked: its only choice is taken; several are narrowed to in the panel. */
  private pickPlace(environ: string): void {
    const p = this.play;
    if (!p?.decision) return;
    // [issue 56] in a tutorial, a place the step does not light says "not now" (a lit destination is the board's to take)
    if (this.guide && !this.guide.lights(environ) && !this.board.lightsDest(environ)) return this.guide.notNow();
    // [issue 44] a stack to pick or a destination of the picked one: the board plays it
    if (!this.busy && this.board.click(environ)) return;
    const here = p.options.map((o, i) => ({ o, i })).filter(({ o }) => o.places.includes(environ));
    if (!here.length) return;
    if (here.length === 1) return this.choose((here[0] as { i: number }).i);
    this.filter = environ;
    this.render();
  }

  /**
   * Where the dice may land: the map's open part (below the header, left of the decision panel), clear
   * of the names on the map, the choices' markers and the panels (the event log), in the window's pixels.
   */
  private diceRoom(): TrayRoom {
    const c = this.app.galaxy.renderer.domElement.getBoundingClientRect();
    const panel = this.decisionBox.hidden ? null : this.decisionBox.getBoundingClientRect();
    const hud = this.box.ownerDocument.querySelector<HTMLElement>('.hud')?.getBoundingClientRect();
    const shift = (b: ScreenBox): ScreenBox => ({ ...b, x: b.x + c.left, y: b.y + c.top });
    // a tutorial's words: the rolls of the step before never stand under the next step's words
    const words = this.guide ? this.box.ownerDocument.querySelector<HTMLElement>('.tut-bubble') : null;
    const w = words && !words.hidden && words.getClientRects().length ? words.getBoundingClientRect() : null;
    const bubble: ScreenBox[] = w ? [{ x: w.left + w.width / 2, y: w.top + w.height / 2, width: w.width, height: w.height, visible: true }] : [];
    return {
      area: { left: c.left + 16, top: Math.max(c.top, hud?.bottom ?? 0) + 10, right: (panel && panel.width ? panel.left : c.right) - 16, bottom: c.bottom - 16 },
      avoid: [...this.app.mapLabels, ...this.layer.markers, ...this.layer.panels.boxes(), ...this.layer.planetBoxes()].map(shift),
      keepOff: bubble,
    };
  }

  /** The planets the camera last framed for a decision (for the framing test). */
  get framedPlanets(): string[] {
    return this.layer.framedPlanets;
  }

  /** For tests: plain facts about the screen. */
  state() {
    return {
      active: this.active,
      viewer: this.play?.viewer ?? null,
      decision: this.play?.decision ? { kind: this.play.decision.kind, side: this.play.decision.side, options: this.play.options.map((o) => o.label) } : null,
      thinking: this.play?.thinking ?? null,
      segment: this.play?.segment ?? -2,
      turn: this.view?.turn ?? 0,
      winner: this.view?.winner ?? null,
      privacy: !this.privacyEl.hidden,
      canUndo: this.play?.canUndo ?? false,
      states: this.statesShown,
      // an answer or an undo sent to the game's worker and not yet answered (a test's "nothing was sent")
      busy: this.busy,
      // [issue 44] the rest of the AI's turn skipped by a key or click, until the player's decision comes
      skipping: this.skipping,
    };
  }
}
