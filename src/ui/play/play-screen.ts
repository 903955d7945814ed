/**
 * Single-screen play: the setup screen, then the decision screens. The game runs in the play worker;
 * this page shows the deciding side's view (through the App's galaxy, HUD and log), the pending
 * decision with its options as numbered buttons and as numbered markers on the map, the odds before a
 * roll and the dice after it, undo, the hot-seat privacy screen, and rules help.
 */
import { Vector2, Vector3 } from 'three';
import { DOMINO_RULES, type DominoRule, type ScenarioDef, type SideId } from '../../core/content/schema';
import { planetInArea, type Content } from '../../core/content/validate';
import type { Decision, GameEvent, Json } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { silentAudio, soundForEvent, type GameAudio } from '../../audio/audio';
import { badgeRadius, type PlanetLayout } from '../../render/layout';
import { SIDE_COLORS } from '../../render/palette';
import type { Host, Mode } from '../shell/mode';
import { makeDrawer } from '../shell/drawers';
import { PanelWatch, spreadMarkers, type ScreenBox } from '../screen-boxes';
import type { OptionInfo } from '../../words/describe';
import type { CombatFacts } from '../../words/combat-facts';
import type { Dest } from '../../words/board/types';
import { driftOfPlace } from '../../words/drift-place';
import { driftPoint } from '../shell/map-labels';
import type { OddsNote } from '../../words/character-odds';
import { GLOSSARY, withTerms } from './glossary';
import { DiceTray, diceOf, type TrayRoom } from './dice-tray';
import { attackColumns, militaryColumn, militaryOdds, oddsForEvent, percent, searchOdds, type Outcome } from '../../core/odds';
import type { FromPlayWorker, OnlineTable, PlayInfo, PlaySetup, ToPlayWorker } from './play-protocol';
import { scoreLines } from '../score-lines';
import { AI_PACE_ANIMATION, AI_PACE_MS, AI_PACE_NAMES, type AiPace, type Settings } from '../settings';
import { esc } from '../html';
import type { OnlineSeat } from '../../online/client';
import type { SeatRequest } from '../../online/protocol';
import { fetchLobby, lobbyHtml, seatWaitSelect } from '../lobby';
import { RemotePlay } from './remote-play';
// [issue 44] play on the map: the board's dests, and the grouped decision list
import { MapPlay } from './board/map-play';
import { groupedListHtml } from './board/grouped-list';
import { assignmentHtml, markAssignmentPlanets } from './board/assignment-box';
import { TurnSummary } from './board/turn-summary';
import { resultsHtml } from './board/results';
import './board/board.css';

/** [issue 44] the most targets one place's column shows on the map; the rest are a line that opens them in the list. */
const COLUMN_MAX = 5;

const SIDE_NAMES: Record<string, string> = { rebel: 'Rebel', imperial: 'Imperial' };
const SIDE_TEAMS: Record<string, string> = { rebel: 'the Rebellion', imperial: 'the Empire' };
/** Decision facts that only feed the odds box (a search's possible hiding values). */
const ODDS_FACTS = new Set(['hidingLeast', 'hidingMost', 'searchValues', 'ownStrength']);
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

  private readonly markerLayer: HTMLElement;
  private markers: MapMarker[] = [];
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
    this.markerLayer = q('.marker-layer');
    this.dice = new DiceTray(this.box);
    this.board = new MapPlay(
      (m) => {
        const side = this.play?.decision?.side;
        if (m.type === 'dests') this.send(m);
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
    this.helpEl.innerHTML = this.helpHtml();
    this.helpEl.addEventListener('click', () => (this.helpEl.hidden = true));
    this.privacyEl.addEventListener('click', () => this.reveal());
    this.decisionEl.addEventListener('click', (e) => this.onDecisionClick(e));
    // a small window: the decision panel folds away to a tab, and the picture is framed in the room left
    makeDrawer(this.decisionBox, 'right', 'Your turn', () => this.active && this.frameAroundPanels());
    const prevFrame = app.galaxy.onFrame;
    app.galaxy.onFrame = () => {
      prevFrame();
      this.placeMarkers();
    };
    const prevSelect = app.galaxy.onSelect;
    app.galaxy.onSelect = (sel) => {
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

  showSetup(): void {
    const c = this.app.content;
    const scenarios = [...c.scenarios.values()];
    const players = (side: string, def: string) =>
      `<select data-player="${side}"><option value="human"${def === 'human' ? ' selected' : ''}>Human</option>${this.app.options.agents
        .map((a) => `<option value="ai:${esc(a)}"${def === a ? ' selected' : ''}>AI — ${esc(a)}</option>`)
        .join('')}<option value="reserved" data-online-only hidden>Reserved: one person, own link</option></select>`;
    // [16.12-16.14] each side's starting forces: placed by the game's dice, or by its player (an AI side by its plan)
    // a human side places by hand unless its player chooses otherwise: the dice may put his team where an enemy PDB sees it
    const placing = (side: string, def: 'auto' | 'hand') =>
      `<select data-placement="${side}" title="Initial placement [16.12-16.14]"><option value="auto"${def === 'auto' ? ' selected' : ''}>placed automatically</option><option value="hand"${def === 'hand' ? ' selected' : ''}>placed by hand</option></select>`;
    this.setupEl.innerHTML = `
      <h2>New game</h2>
      <label>Scenario <select data-setup="scenario">${scenarios.map((s) => `<option value="${esc(s.id)}">${esc(s.name)} (${s.turns} turns)</option>`).join('')}</select></label>
      <div class="scenario-text" data-setup="about"></div>
      <div class="domino-row" data-setup="domino-row" data-testid="domino-row">
        <label title="000 15.x: how far a rising's loyalty shifts spread (an optional rule)">Domino effect <select data-setup="domino" data-testid="domino-select">${DOMINO_RULES.map((r) => `<option value="${r}">${esc(DOMINO_CHOICES[r].name)}</option>`).join('')}</select></label>
        <p class="muted small" data-setup="domino-text" data-testid="domino-text"></p>
      </div>
      <div class="sides">
        <div class="side-row"><input type="color" data-color="rebel" value="${SIDE_COLORS.rebel}" title="Rebel colour"><b>Rebel</b> ${players('rebel', 'human')} ${placing('rebel', 'hand')}</div>
        <div class="side-row"><input type="color" data-color="imperial" value="${SIDE_COLORS.imperial}" title="Imperial colour"><b>Empire</b> ${players('imperial', 'normal')} ${placing('imperial', 'auto')}</div>
        <p class="muted" data-setup="mode"></p>
        <p class="warn small" data-setup="placement-warning" data-testid="placement-warning"></p>
      </div>
      <label class="online-row"><input type="checkbox" data-setup="online" data-testid="play-online-check"> <b>Online</b> <span class="muted small">on this page's game server (<code>npm run serve</code>): you play your Human side; another Human side is open to anyone with the link</span></label>
      <label data-setup="wait-row" hidden>A seat left empty goes to an AI after ${seatWaitSelect('data-setup="wait"')}</label>
      <div class="lobby" data-setup="lobby" data-testid="play-lobby" hidden></div>
      <div data-setup="seed-row">
        <label>Seed <input data-setup="seed" size="12" value="${randomSeed()}"> <button data-setup="reroll" title="A new random seed">new</button></label>
        <p class="muted small">The same seed and choices replay the same game.</p>
      </div>
      <label>Opponent's moves <select data-setup="pace" title="How long each move of the AI is held on the map (also in Settings > Motion)">${Object.entries(AI_PACE_NAMES)
        .map(([k, v]) => `<option value="${k}"${k === this.app.settings.aiPace ? ' selected' : ''}>${esc(v)}</option>`)
        .join('')}</select></label>
      <p class="muted small">Placed by hand: before the first turn the Empire, then the Rebel, chooses where its starting characters gather (and its units go, where the scenario leaves them free) [16.12-16.14].</p>
      <div class="buttons"><button data-setup="cancel">Back</button><button class="primary" data-setup="start" data-testid="start-game">Start the game</button></div>`;
    const get = (k: string) => this.setupEl.querySelector(`[data-setup="${k}"]`) as HTMLInputElement;
    // the domino rule starts at each scenario's own default, and follows the scenario when it changes
    let dominoFor = '';
    const refresh = () => {
      const s = c.scenarios.get(get('scenario').value);
      get('about').innerHTML = s ? `<p>${esc(s.description)}</p><p class="victory"><b>Victory:</b> ${esc(s.victory.text)}</p>` : '';
      const usesDomino = !!s && usesDominoChapter(c, s);
      (get('domino-row') as HTMLElement).hidden = !usesDomino;
      if (s && dominoFor !== s.id) {
        dominoFor = s.id;
        get('domino').value = s.domino ?? 'chain';
      }
      const rule = get('domino').value as DominoRule;
      get('domino-text').textContent = `${DOMINO_CHOICES[rule]?.text ?? ''}${s && rule === (s.domino ?? 'chain') ? ' (This scenario\'s default.)' : ''}`;
      const online = get('online').checked;
      // online the server draws the seed itself, and tells it to no one before the end: no field for it
      (get('seed-row') as HTMLElement).hidden = online;
      // [issue 27] the reserved seat is an online choice only
      for (const o of this.setupEl.querySelectorAll<HTMLOptionElement>('[data-online-only]')) o.hidden = !online;
      for (const side of ['rebel', 'imperial']) {
        const select = this.setupEl.querySelector(`[data-player="${side}"]`) as HTMLSelectElement;
        if (!online && select.value === 'reserved') select.value = 'human';
      }
      (get('wait-row') as HTMLElement).hidden = !online;
      const seatOf = (side: string) => (this.setupEl.querySelector(`[data-player="${side}"]`) as HTMLSelectElement).value;
      const humans = ['rebel', 'imperial'].filter((side) => seatOf(side) === 'human');
      get('mode').textContent = online
        ? onlineModeText(seatOf)
        : humans.length === 2
          ? 'Hot-seat: two players share this screen, each sees only their own side.'
          : humans.length === 0
            ? 'Both sides AI: you watch.'
            : `You play ${SIDE_TEAMS[humans[0] as string]} against the AI.`;
      // [16.12, 9.3] the dice may land a human side's team on a planet whose enemy PDB detects its ship when it flies
      const auto = humans.filter((side) => (this.setupEl.querySelector(`[data-placement="${side}"]`) as HTMLSelectElement).value === 'auto');
      get('placement-warning').textContent = auto.length
        ? `⚠ ${auto.map((side) => capital(SIDE_TEAMS[side] ?? side)).join(' and ')} placed automatically: the dice may put the team on a planet an enemy PDB watches, where flying off risks detection [16.12, 9.3]. Choose "placed by hand" to pick the place.`
        : '';
    };
    this.setupEl.addEventListener('change', refresh);
    get('reroll').addEventListener('click', () => (get('seed').value = randomSeed()));
    get('cancel').addEventListener('click', () => {
      this.setupEl.hidden = true;
      this.app.showStartMenu(true);
    });
    // the domino rule chosen, when the scenario uses the chapter (it goes into the game's options, and so its saves)
    const domino = (): { domino?: DominoRule } => ((get('domino-row') as HTMLElement).hidden ? {} : { domino: get('domino').value as DominoRule });
    get('start').addEventListener('click', () => {
      const player = (side: string) => {
        const v = (this.setupEl.querySelector(`[data-player="${side}"]`) as HTMLSelectElement).value;
        return v === 'human' || v === 'reserved' ? ({ kind: 'human' } as const) : ({ kind: 'ai', agent: v.slice(3) } as const);
      };
      for (const side of ['rebel', 'imperial']) SIDE_COLORS[side] = (this.setupEl.querySelector(`[data-color="${side}"]`) as HTMLInputElement).value;
      const handPlacement = (['rebel', 'imperial'] as const).filter((side) => (this.setupEl.querySelector(`[data-placement="${side}"]`) as HTMLSelectElement).value === 'hand');
      if (get('online').checked) {
        const reserved = (['rebel', 'imperial'] as const).filter((side) => (this.setupEl.querySelector(`[data-player="${side}"]`) as HTMLSelectElement).value === 'reserved');
        const setup = { scenario: get('scenario').value, seed: get('seed').value.trim() || randomSeed(), players: { rebel: player('rebel'), imperial: player('imperial') }, handPlacement, ...domino() };
        return void this.startOnline(setup, reserved, Number(get('wait').value));
      }
      // [issue 44] the pace chosen here is the Settings' own (Motion > Opponent's moves)
      const pace = get('pace').value as AiPace;
      if (pace in AI_PACE_MS && pace !== this.app.settings.aiPace) this.app.changeSetting({ aiPace: pace });
      this.start({ scenario: get('scenario').value, seed: get('seed').value.trim() || randomSeed(), players: { rebel: player('rebel'), imperial: player('imperial') }, handPlacement, ...domino() });
    });
    this.setupEl.addEventListener('click', (e) => {
      const join = (e.target as HTMLElement).closest<HTMLElement>('[data-join]')?.dataset.join;
      if (join) void this.app.joinOnline(join);
    });
    refresh();
    this.app.showStartMenu(false);
    this.setupEl.hidden = false;
    void this.showLobby();
  }

  /** The lobby [issue 27]: star-system games on this page's server waiting for players (none without a server). */
  private async showLobby(): Promise<void> {
    const games = await fetchLobby('star-system');
    if (!games) return;
    const el = this.setupEl.querySelector('[data-setup="lobby"]') as HTMLElement;
    const c = this.app.content;
    el.innerHTML = lobbyHtml(games, { scenario: (id) => c.scenarios.get(id)?.name ?? id, side: (id) => capital(SIDE_TEAMS[id] ?? id) }, 'play', 'lobby-row');
    el.hidden = false;
  }

  /**
   * Make the game on this page's game server [issue 27] and take its seat: the host plays the first
   * Human side; another Human side is open to anyone with the link, a Reserved one gets a link of its
   * own (shown in the panel until its person comes); AI sides play on the server.
   */
  private async startOnline(setup: PlaySetup, reserved: SideId[], waitSeconds: number): Promise<void> {
    const sides = ['rebel', 'imperial'] as SideId[];
    const host = sides.find((side) => setup.players[side]?.kind === 'human' && !reserved.includes(side));
    if (!host) return this.app.showMessage('An online game needs a side of your own: choose Human for it.');
    const seats: SeatRequest[] = sides.map((side) => {
      const p = setup.players[side];
      return p?.kind === 'ai' ? { side, kind: 'ai', agent: p.agent } : { side, kind: reserved.includes(side) ? 'reserved' : 'open' };
    });
    await this.app.hostOnline(
      { ruleset: 'star-system', scenario: setup.scenario, handPlacement: setup.handPlacement ?? [], seats, seatTimeoutSeconds: waitSeconds, ...(setup.domino ? { options: { domino: setup.domino } } : {}) },
      host,
    );
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
    this.leaveOnline();
    this.enter();
    this.send({ type: 'new', setup });
  }

  /**
   * Resume a played game from a save with seats (Continue, a save, an imported file). The screen changes
   * only once the worker has loaded it: a refused save leaves whatever was on the screen as it was.
   */
  resume(text: string): string | null {
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
    this.framed = '';
    this.app.enter(this);
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
    if (m.type === 'dests') return this.board.receiveDests(m.pieces, m.dests);
    if (m.type === 'error') {
      this.busy = false;
      this.resuming = false;
      this.app.receive(m); // a refused resume is said where it was asked for (the Saves panel too)
      return;
    }
    if (m.type === 'started') this.scenario = m.info.scenario;
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
    this.board.update(m.play.decision ? m.play.movers : []);
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
    this.renderSequence(p);
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
      const now = this.summary.recent(4);
      const ai = !p.online || p.online.waitingFor === 'ai';
      const paced = ai && this.app.settings.aiPace !== 'instant' && !p.paused;
      const lines = now.length ? `<p class="muted small">Since your last choice:</p><ul class="context ai-now" data-testid="ai-now">${now.map((e) => `<li>${esc(e.text)} <span class="rule">${esc(e.rule ?? '')}</span></li>`).join('')}</ul>` : '';
      const hint = paced ? `<p class="muted small" data-testid="skip-hint">${p.online ? 'A key' : 'Any other key'}, or a click on the map, skips to the end of its turn. Its pace: Settings &gt; Motion &gt; Opponent's moves.</p>` : '';
      // online the server plays the others, and nobody pauses them
      if (p.online) parts.push(`<div class="thinking" data-testid="thinking"><span class="spinner"></span> ${esc(onlineWaiting(p.thinking, p.online))}</div>${lines}${hint}`);
      else
        parts.push(
          `<div class="thinking" data-testid="thinking"><span class="spinner"></span> ${esc(capital(SIDE_TEAMS[p.thinking] ?? p.thinking))} is ${now.length ? 'playing' : 'thinking'}…</div>
           ${lines}
           <p><button data-act="pause" data-testid="pause">${p.paused ? 'Go on (Space)' : 'Pause the AI (Space)'}</button></p>
           ${hint}`,
        );
    } else if (p.decision) {
      parts.push(this.summary.html());
      parts.push(this.decisionHtml(p.decision, p.options));
    }
    parts.push(this.rollsHtml());
    parts.push(
      // online, nothing is taken back (the others have seen it): no undo button at all
      `<div class="decision-foot">${p.online ? '' : `<button data-act="undo" data-testid="undo" ${p.canUndo ? '' : 'disabled'} title="${esc(p.undoNote || 'Take back your last choice (Esc)')}">Undo (Esc)</button>`}
       <button data-act="help" title="Rules help (?)">Help (?)</button>
       <span class="muted small">${p.canUndo || p.online ? '' : esc(p.undoNote)}</span><span class="typed" data-testid="typed"></span></div>`,
    );
    this.decisionEl.innerHTML = parts.join('');
    this.decisionBox.hidden = false;
    this.panels.stale();
    this.frameAroundPanels();
    this.buildMarkers();
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
        // past the 9th, a choice's key is its number typed as two digits ("1" then "2" for 12)
        const key = `<kbd>${i + 1}</kbd>`;
        const place = o.places.length ? ' has-place' : '';
        // the facts to weigh it by, and a warning before it throws something away
        const detail = o.detail ? `<small class="opt-detail" data-testid="option-detail">${withTerms(esc(o.detail))}</small>` : '';
        const warn = o.warning ? `<small class="opt-warn" data-testid="option-warning">⚠ ${esc(o.warning)}</small>` : '';
        const times = count > 1 ? ` <b class="times">×${count}</b>` : '';
        return `<button class="option${place}${o.ends ? ' ends' : ''}${o.warning ? ' warns' : ''}" data-option="${i}" data-testid="option">${key}<span>${esc(o.label)}${times}${detail}${warn}</span></button>`;
    };
    // [issue 44] a long list comes grouped by system and stack, identical choices merged; a map filter shows its own few flat
    const groups = this.play?.groups;
    const buttons =
      !this.filter && groups?.length
        ? groupedListHtml(groups, options.length, (i, count) => button(options[i] as OptionInfo, i, count), this.openGroup ?? undefined)
        : shown.map(({ o, i }) => button(o, i)).join('');
    const filterNote = this.filter
      ? `<p class="filter">Showing the choices at <b>${esc(this.placeName(this.filter))}</b>. <button data-act="unfilter">show all</button></p>`
      : options.some((o) => o.places.length) && !this.board.active
        ? `<p class="muted small">Numbered markers on the map are these choices: click one, or press its number.</p>`
        : '';
    const enter = options.findIndex((o) => o.ends);
    return `
      <div class="who" style="--c:${SIDE_COLORS[d.side] ?? '#fff'}">${esc(SIDE_NAMES[d.side] ?? d.side)} player · <span class="kind">${esc(words(d.kind))}</span> <span class="rule">${esc(d.rule)}</span></div>
      <p class="prompt" data-testid="prompt">${withTerms(esc(d.prompt))}</p>
      ${this.contextHtml(d)}
      ${this.oddsHtml(d)}
      ${notesHtml(this.play?.notes)}
      ${this.board.panelHtml()}
      ${filterNote}
      <div class="options">${buttons}</div>
      ${enter >= 0 ? `<p class="muted small">Enter: ${esc(options[enter]?.label ?? '')}</p>` : ''}`;
  }

  /** The decision's facts, in words (skipping ids the player cannot read). */
  private contextHtml(d: Decision): string {
    const ctx = d.context ?? {};
    const rows: string[] = [];
    for (const [k, v] of Object.entries(ctx)) {
      // ids the player cannot read, and empty facts ("race: null" said nothing), are left out
      if (k === 'environ' || k === 'group' || v === null || (typeof v === 'object' && !Array.isArray(v))) continue;
      if (ODDS_FACTS.has(k)) continue; // shown in words in the odds box below
      const text = Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('; ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v as Json);
      if (text) rows.push(`<li><span class="muted">${esc(words(k.replace(/([A-Z])/g, ' $1').toLowerCase()))}:</span> ${esc(text)}</li>`);
    }
    return rows.length ? `<ul class="context">${rows.join('')}</ul>` : '';
  }

  /** Exact odds before a roll, where the decision leads to one. */
  private oddsHtml(d: Decision): string {
    const t = this.app.content.tables;
    const ctx = d.context ?? {};
    const dist = (xs: Outcome[]) => xs.map((x) => `${esc(x.label)} <b>${percent(x.chance)}</b>`).join(' · ');
    const cf = this.play?.combat;
    if (d.kind === 'declare-combat' && cf) return combatOddsHtml(t, cf);
    if (d.kind === 'declare-combat' && typeof ctx.ownStrength === 'number' && typeof ctx.environ === 'number') {
      const enemy = (this.view?.units ?? []).filter((u) => u.environ === ctx.environ && u.side !== d.side);
      const known = enemy.reduce((s, u) => s + (u.combat ?? 0), 0);
      const hidden = enemy.filter((u) => u.combat === null).length;
      // hidden Imperial units [7.22]: a patrol is 1, a line 3; show the odds at both ends
      const lo = militaryColumn(t, ctx.ownStrength, known + hidden * 3);
      const hi = militaryColumn(t, ctx.ownStrength, known + hidden * 1);
      const cols = lo === hi ? [lo] : [lo, hi];
      return `<div class="odds" data-testid="odds"><b>Odds [10.0]</b> <span class="muted">before leader and environ shifts [10.2]; ${
        hidden ? `${hidden} hidden enemy unit(s) counted as 1 to 3 strength each [7.22]` : `enemy strength ${known}`
      }</span>${cols.map((c) => lossTable(militaryOdds(t, c), 'you lose', 'enemy loses')).join('')}</div>`;
    }
    if (d.kind === 'pdb-attack' && typeof ctx.pdbLevel === 'number') {
      const name = (t.pdbAttackColumn as Record<string, string>)[String(ctx.pdbLevel)];
      const col = name ? t.militaryCombat.columns.indexOf(name) : -1;
      if (col >= 0) return `<div class="odds" data-testid="odds"><b>PDB fire [9.22]</b>${lossTable(militaryOdds(t, col), 'the PDB loses', 'the units lose')}</div>`;
    }
    if (d.kind === 'search-by' && Array.isArray(ctx.searchValues) && typeof ctx.hidingLeast === 'number' && typeof ctx.hidingMost === 'number') {
      // [11.0] the hider and his possessions are not known: the chance runs from the weakest hiding
      // value the group could show to the strongest
      const least = ctx.hidingLeast;
      const most = ctx.hidingMost;
      const lines = d.options
        .map((o, i) => ({ o, value: (ctx.searchValues as number[])[i] ?? 0 }))
        .filter(({ value }) => value > 0)
        .map(({ o, value }) => {
          const best = searchOdds(t, value, least).found;
          const worst = searchOdds(t, value, most).found;
          const chance = best === worst ? percent(best) : `${percent(worst)} to ${percent(best)}`;
          const label = esc(this.play?.options[d.options.indexOf(o)]?.label ?? '');
          // [11.0] no die finds them: said as a fact, not offered as a 0% chance
          if (best === 0) return `<li>${label}: search value ${value} <b>cannot find them</b> (no die finds a hiding value of ${least} or more at this search value) [11.0]</li>`;
          return `<li>${label}: search value ${value}, finds them <b>${chance}</b>${worst === 0 ? ' (0%: no die finds them if they hide at their best)' : ''}</li>`;
        });
      return `<div class="odds" data-testid="odds"><b>Odds [11.0]</b> <span class="muted">hiding value ${least === most ? least : `${least} to ${most}`} (who hides, and what helps him hide, is not known)</span><ul class="context">${lines.join('')}</ul></div>`;
    }
    return '';
  }

  private rollsHtml(): string {
    if (!this.lastRolls.length) return '';
    const t = this.app.content.tables;
    return `<div class="rolls" data-testid="rolls"><b>Last rolls</b>${this.lastRolls
      .map((e) => {
        const odds = oddsForEvent(t, e.kind, e.text);
        return `<p>${esc(e.text)} <span class="rule">${esc(e.rule ?? '')}</span>${odds ? `<br><span class="muted">${esc(odds)}</span>` : ''}</p>`;
      })
      .join('')}</div>`;
  }

  /** The turn sequence, one row per player-turn, the current segment lit. */
  private renderSequence(p: PlayInfo): void {
    const rows = new Map<string, string[]>();
    p.sequence.forEach((label, i) => {
      const m = /^(rebel|imperial) [a-z-]+: (.+)$/.exec(label);
      const row = m ? (m[1] === 'rebel' ? 'Rebel' : 'Empire') : '';
      const chip = `<span class="seg${i === p.segment ? ' now' : ''}${i < p.segment ? ' done' : ''}" title="${esc(label)}">${esc(SHORT_SEGMENTS[m?.[2] ?? label] ?? m?.[2] ?? label)}</span>`;
      rows.set(row, [...(rows.get(row) ?? []), chip]);
    });
    this.sequenceEl.innerHTML = `<div class="seq-turn">Turn <b>${this.view?.turn ?? 1}</b> of ${this.view?.turns ?? '?'}</div>${[...rows]
      .map(([row, chips]) => `<div class="seq-row">${row ? `<span class="seq-side">${row}</span>` : ''}${chips.join('')}</div>`)
      .join('')}`;
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
    }
  }

  private choose(index: number): void {
    const d = this.play?.decision;
    if (!d || this.busy || !this.privacyEl.hidden || index < 0 || index >= d.options.length) return;
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
    this.send({ type: 'pause', paused: true });
    this.leaveOnline();
    for (const el of [this.decisionBox, this.privacyEl, this.helpEl, this.setupEl]) el.hidden = true;
    this.dice.skip();
    this.clearMarkers();
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
      this.typeDigit(e.key, p);
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

  /** Digits typed so far toward a two-digit option number, and the timer that ends the typing. */
  private typed = '';
  private typedTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * A number key. With more than nine choices, a digit that can begin a two-digit number waits a moment
   * for the second digit ("1", "2" is choice 12); otherwise, or when the moment passes, it is taken alone.
   */
  private typeDigit(digit: string, p: PlayInfo): void {
    if (this.typedTimer !== null) clearTimeout(this.typedTimer);
    this.typedTimer = null;
    const typed = this.typed + digit;
    const n = Number(typed);
    const canGrow = typed.length < 2 && n * 10 <= p.options.length && n > 0;
    if (canGrow) {
      this.typed = typed;
      this.showTyped();
      this.typedTimer = setTimeout(() => this.takeTyped(), 700);
      return;
    }
    this.typed = typed;
    this.takeTyped();
  }

  private takeTyped(): void {
    const p = this.play;
    const n = Number(this.typed);
    this.typed = '';
    this.typedTimer = null;
    this.showTyped();
    if (!p || !(n >= 1)) return;
    const i = n - 1;
    if (this.filter) {
      // with a place chosen on the map, the numbers still mean the options' own numbers
      const opt = p.options[i];
      if (opt && !opt.places.includes(this.filter)) return;
    }
    this.choose(i);
  }

  /** Show the digit typed so far, so the wait for the second one is not a mystery. */
  private showTyped(): void {
    const el = this.decisionEl.querySelector('[data-testid="typed"]');
    if (el) el.textContent = this.typed ? `Choice ${this.typed}…` : '';
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

  // ------------------------------------------------------------------ the map: numbered markers

  /** One marker per place named by the options, with the numbers of the options there. */
  private buildMarkers(): void {
    this.clearMarkers();
    const p = this.play;
    if (!p?.decision) return;
    if (this.board.active) return this.buildBoardMarkers();
    const byPlace = new Map<string, number[]>();
    p.options.forEach((o, i) => {
      for (const place of o.places) byPlace.set(place, [...(byPlace.get(place) ?? []), i]);
    });
    this.frameChoices([...byPlace.keys()], p.decision);
    const named = this.spansSystems([...byPlace.keys()]);
    for (const [environ, list] of byPlace) {
      if (!this.app.galaxy.layout.environIndex.has(environ)) continue;
      const el = document.createElement('button');
      el.className = `map-marker${this.filter === environ ? ' on' : ''}`;
      el.dataset.environ = environ;
      el.dataset.testid = 'marker';
      el.title = `${this.placeName(environ)}: ${list.map((i) => `${i + 1}. ${p.options[i]?.label}`).join('; ')}`;
      el.textContent = list.length > 3 ? `${list.slice(0, 3).map((i) => i + 1).join(' ')}…` : list.map((i) => i + 1).join(' ');
      if (named) el.textContent += ` · ${this.planetName(environ)}`;
      el.addEventListener('click', () => this.pickPlace(environ));
      this.markerLayer.appendChild(el);
      this.markers.push({ el, environ, x: 0, y: 0, width: 0, height: 0, visible: false });
    }
    // sizes once, while laid out: the spreading below runs every frame and must not touch layout
    for (const m of this.markers) {
      m.width = m.el.offsetWidth;
      m.height = m.el.offsetHeight;
    }
    this.placeMarkers();
  }

  /** [issue 44] the dests of the board's markers on show, by their elements' `data-board-dest`. */
  private boardDests: Dest[] = [];
  /** [issue 44] a drag from a stack's marker under way: where it began (page pixels), whether it has picked the stack. */
  private drag: { environ: string; x: number; y: number; picked: boolean } | null = null;
  /** A drag has just ended: the click that follows its pointerup is not a click on a marker. */
  private dragged = false;

  /**
   * [issue 44] drag a stack to where it goes: past a few pixels the stack is picked (its destinations
   * light up); let go over one of them and it moves there, anywhere else and it stays picked.
   */
  private dragFrom(e: PointerEvent, environ: string): void {
    if (e.button !== 0 || e.shiftKey || this.busy) return;
    this.drag = { environ, x: e.clientX, y: e.clientY, picked: false };
    const move = (m: PointerEvent) => {
      const d = this.drag;
      if (!d || d.picked || Math.hypot(m.clientX - d.x, m.clientY - d.y) < 8) return;
      d.picked = this.board.dragStart(d.environ);
    };
    const up = (u: PointerEvent) => {
      window.removeEventListener('pointermove', move, true);
      window.removeEventListener('pointerup', up, true);
      const d = this.drag;
      this.drag = null;
      if (!d?.picked) return;
      this.dragged = true;
      setTimeout(() => (this.dragged = false), 0);
      const over = document.elementFromPoint(u.clientX, u.clientY)?.closest<HTMLElement>('[data-board-dest]');
      const dest = over ? this.boardDests[Number(over.dataset.boardDest)] : undefined;
      if (dest && !this.busy) this.board.clickDest(dest);
    };
    window.addEventListener('pointermove', move, true);
    window.addEventListener('pointerup', up, true);
  }

  /** [issue 44] the hover card of a target's facts and odds. */
  private tip: HTMLElement | null = null;

  private showTip(el: HTMLElement, text: string): void {
    if (!this.tip) {
      this.tip = document.createElement('div');
      this.tip.className = 'board-tip';
      this.tip.dataset.testid = 'board-tip';
      this.box.appendChild(this.tip);
    }
    const r = el.getBoundingClientRect();
    // beside its whole column, when it stands in one
    const col = (el.closest('.board-column') ?? el).getBoundingClientRect();
    const [head, ...rest] = text.split(': ');
    this.tip.innerHTML = `<b>${esc(head ?? '')}</b>${rest.length ? `<br>${withTerms(esc(rest.join(': ')))}` : ''}`;
    this.tip.hidden = false;
    // beside the marker (not below: the next targets of its column are there), kept inside the window
    const w = Math.min(360, window.innerWidth - 16);
    this.tip.style.width = `${w}px`;
    const right = col.right + 8 + w <= window.innerWidth - 8;
    this.tip.style.left = `${right ? col.right + 8 : Math.max(8, col.left - w - 8)}px`;
    const h = this.tip.offsetHeight;
    this.tip.style.top = `${Math.max(8, Math.min(window.innerHeight - h - 8, r.top))}px`;
  }

  private hideTip(): void {
    if (this.tip) this.tip.hidden = true;
  }

  /** [issue 44] the board's markers: stacks that can move, or the picked one and its destinations with their odds. */
  private buildBoardMarkers(): void {
    this.boardDests = [];
    this.hideTip();
    const list = this.board.markers();
    const d = this.play?.decision;
    // the camera frames the stacks of the system on show; a marker standing for another system's stacks waits for its click
    const near = list.filter((m) => !(m.far && m.kind === 'mover'));
    if (d) this.frameChoices((near.length ? near : list).map((m) => m.environ), d);
    // several targets at one place (a character's missions, the ways to search an environ): one column of
    // them there, so none is pushed away from its place or hidden by the others
    const together = new Map<string, HTMLElement>();
    const shared = new Set(list.filter((bm, i) => bm.dest && list.findIndex((o) => o.dest && o.environ === bm.environ) !== i).map((bm) => bm.environ));
    const ask = this.board.ask;
    for (const bm of list) {
      if (!this.onMap(bm.environ)) continue;
      const el = document.createElement('button');
      el.className = `map-marker board-${bm.kind}`;
      el.dataset.environ = bm.environ;
      el.dataset.testid = bm.kind === 'dest' ? 'board-dest-marker' : 'board-marker';
      // a destination's facts and odds show in a card of their own on hover (a tooltip's words are not
      // drawn in a screenshot, and come late); the stacks' short hints stay tooltips
      if (bm.kind === 'dest') {
        el.dataset.tip = bm.title;
        el.setAttribute('aria-label', bm.title);
        el.addEventListener('pointerenter', () => this.showTip(el, bm.title));
        el.addEventListener('pointerleave', () => this.hideTip());
      } else el.title = bm.title;
      el.textContent = bm.text;
      el.addEventListener('click', (e) => {
        if (this.dragged) return; // the end of a drag, taken on its own
        this.board.shift = e.shiftKey;
        // a target's own marker takes that target (several may stand at one place)
        if (bm.dest && !this.busy && this.board.clickDest(bm.dest)) return;
        // a stack drawn where it does not stand (adrift in a drift area) is known by its key
        if (bm.key && bm.key !== bm.environ) return void (!this.busy && this.board.click(bm.key));
        this.pickPlace(bm.environ);
      });
      if (bm.dest) el.dataset.boardDest = String(this.boardDests.push(bm.dest) - 1);
      if (bm.kind === 'mover') el.addEventListener('pointerdown', (e) => this.dragFrom(e, bm.key ?? bm.environ));
      if (bm.dest && shared.has(bm.environ)) {
        let column = together.get(bm.environ);
        // a long column would cover the map: past a few, one line narrows the list to the place's choices
        if (column && column.childElementCount >= COLUMN_MAX) {
          const more = column.querySelector<HTMLElement>('[data-board-more]') ?? column.appendChild(document.createElement('button'));
          if (!more.dataset.boardMore) {
            more.className = 'map-marker board-dest board-more';
            more.dataset.boardMore = '1';
            more.addEventListener('click', () => this.pickPlace(bm.environ));
          }
          const n = list.filter((o) => o.dest && o.environ === bm.environ).length - COLUMN_MAX;
          more.textContent = `+${n} more here (in the list)`;
          continue;
        }
        if (!column) {
          column = document.createElement('div');
          column.className = 'board-column'; // not a marker of its own: its lines are (the legibility check counts them)
          column.dataset.environ = bm.environ;
          // a question asked at one place (a domino effect's shift, break off or fight): it stands above its answers
          if (ask) {
            const head = column.appendChild(document.createElement('div'));
            head.className = 'board-ask';
            head.dataset.testid = 'board-ask';
            head.textContent = ask;
          }
          together.set(bm.environ, column);
          this.markerLayer.appendChild(column);
          this.markers.push({ el: column, environ: bm.environ, x: 0, y: 0, width: 0, height: 0, visible: false, beside: !!ask });
        }
        column.appendChild(el);
        continue;
      }
      this.markerLayer.appendChild(el);
      this.markers.push({ el, environ: bm.environ, x: 0, y: 0, width: 0, height: 0, visible: false });
    }
    for (const m of this.markers) {
      m.width = m.el.offsetWidth;
      m.height = m.el.offsetHeight;
    }
    this.placeMarkers();
  }

  /** The planets the camera last framed for a decision (ids joined): it moves only when they change. */
  private framed = '';

  /** The planets the camera last framed for a decision (for the framing test). */
  get framedPlanets(): string[] {
    return this.framed ? this.framed.split(',') : [];
  }
  /** The camera's flight count just after that framing (GalaxyScene.flights). */
  private framedFlight = -1;

  /**
   * Frame the planet the decision is about (at system zoom planets were 40 px wide and their markers
   * piled up): the planets its choices name, else the environ its facts name. One planet fills about
   * half the open part of the page; several (a move to another planet or another star system) all fit.
   */
  private frameChoices(places: string[], d: Decision): void {
    const g = this.app.galaxy;
    const L = g.layout;
    const planets = new Map<string, PlanetLayout>();
    const addPlace = (environ: string) => {
      const where = L.environIndex.get(environ);
      const planet = where ? L.planets[where.planet] : undefined;
      if (planet) planets.set(planet.id, planet);
    };
    for (const place of places) addPlace(place);
    const env = d.context?.environ;
    if (!planets.size && typeof env === 'number') addPlace(g.refs[env]?.id ?? '');
    if (!planets.size) return;
    const key = [...planets.keys()].sort().join(',');
    // the same planets again: the camera stays, unless the game flew it elsewhere since (the AI's moves)
    if (key === this.framed && g.flights === this.framedFlight) return;
    this.framed = key;
    const list = [...planets.values()];
    const centre = new Vector3();
    for (const p of list) centre.add(p.position);
    centre.divideScalar(list.length);
    // each planet with its environ rings and the stack badges around them
    let radius = 0;
    for (const p of list) radius = Math.max(radius, p.position.distanceTo(centre) + Math.max(p.radius, ...p.environs.map((e) => badgeRadius(p, e))));
    const systems = new Set(list.map((p) => p.system));
    g.frameSphere(centre, radius, list.length === 1 ? 0.55 : 0.85, systems.size === 1 ? (list[0]?.system ?? null) : null);
    this.framedFlight = g.flights;
  }

  /** A decision spread over several star systems: each marker names its planet (planet names show only close up). */
  private spansSystems(places: string[]): boolean {
    const L = this.app.galaxy.layout;
    const systems = new Set<string>();
    for (const place of places) {
      const where = L.environIndex.get(place);
      if (where) systems.add(L.planets[where.planet]?.system ?? '');
    }
    return systems.size > 1;
  }

  /** A place on the map clicked: its only choice is taken; several are narrowed to in the panel. */
  private pickPlace(environ: string): void {
    const p = this.play;
    if (!p?.decision) return;
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
    return {
      area: { left: c.left + 16, top: Math.max(c.top, hud?.bottom ?? 0) + 10, right: (panel && panel.width ? panel.left : c.right) - 16, bottom: c.bottom - 16 },
      avoid: [...this.app.mapLabels, ...this.markers, ...this.panelBoxes(), ...this.planetBoxes()].map(shift),
    };
  }

  /** The planets of the star system on show, each with its environ rings, as boxes on the screen (the dice land beside them, not on them). */
  private planetBoxes(): ScreenBox[] {
    const g = this.app.galaxy;
    const out: ScreenBox[] = [];
    const edge = new Vector3();
    const at = new Vector2();
    const rim = new Vector2();
    for (const p of g.layout.planets) {
      if (p.system !== g.focusedSystem || !g.project(p.position, at)) continue;
      const r = Math.max(p.radius, ...p.environs.map((e) => e.outer));
      // the rings' reach on the screen: the farther of a step along x and along z (the camera looks down at an angle)
      let px = 0;
      for (const [dx, dz] of [[r, 0], [0, r]] as const) if (g.project(edge.set(p.position.x + dx, p.position.y, p.position.z + dz), rim)) px = Math.max(px, rim.distanceTo(at));
      out.push({ x: at.x, y: at.y, width: 2 * px, height: 2 * px, visible: true });
    }
    return out;
  }

  /** Whether the map can draw a marker at this place: an environ, or a star system's drift area [5.22]. */
  private onMap(place: string): boolean {
    const L = this.app.galaxy.layout;
    const drift = driftOfPlace(place);
    return L.environIndex.has(place) || (!!drift && L.systemIndex.has(drift.system));
  }

  private clearMarkers(): void {
    this.hideTip();
    for (const m of this.markers) m.el.remove();
    this.markers = [];
  }

  private placeMarkers(): void {
    if (!this.markers.length) return;
    const g = this.app.galaxy;
    const L = g.layout;
    const panels = this.panelBoxes();
    for (const m of this.markers) {
      const where = L.environIndex.get(m.environ);
      const planet = where ? L.planets[where.planet] : undefined;
      const env = where && planet ? planet.environs[where.environ] : undefined;
      m.visible = false;
      if (!planet || !env) {
        // [5.22] a drift area: on its ring, where the map draws the deciding side's stacks adrift (map-labels' driftPoint)
        const drift = driftOfPlace(m.environ);
        const system = drift ? L.systems[L.systemIndex.get(drift.system) ?? -1] : undefined;
        if (!drift || !system) continue;
        this.tmp3.copy(driftPoint(system.position, drift.outer ? system.def.drift.outer : system.def.drift.inner, this.play?.decision?.side ?? ''));
      } else {
        const r = env.outer + planet.radius * 0.6;
        this.tmp3.set(planet.position.x + Math.cos(env.angle) * r, planet.position.y, planet.position.z + Math.sin(env.angle) * r);
      }
      m.visible = g.project(this.tmp3, this.tmp2);
      if (m.visible && m.beside && planet) this.placeBeside(m, planet.position, panels);
      else {
        m.x = this.tmp2.x;
        m.y = this.tmp2.y;
      }
    }
    // [issue 44] the panels over the map are fixed boxes too: a marker moves out from under them, or hides
    spreadMarkers(this.markers, panels.length ? [...this.app.mapLabels, ...panels] : this.app.mapLabels);
    for (const m of this.markers) if (m.visible && panels.some((b) => underPanel(m, b))) m.visible = false;
    // crowded all round (a small screen at galaxy zoom): a marker that found no clear spot waits until the
    // camera comes closer, rather than covering a name; the decision list still holds its choices
    this.markers.forEach((m, i) => {
      if (!m.visible) return;
      if (this.app.mapLabels.some((b) => b.visible && underPanel(m, b)) || this.markers.slice(0, i).some((o) => o.visible && underPanel(m, o))) m.visible = false;
    });
    for (const m of this.markers) {
      m.el.style.display = m.visible ? '' : 'none';
      if (m.visible) m.el.style.transform = `translate(${m.x.toFixed(1)}px, ${m.y.toFixed(1)}px) translate(-50%, -50%)`;
    }
  }

  /**
   * A question asked at one place (a small prompt, `tmp2` its place on the screen) stands beside the
   * place, not over the planet: its near edge at the place and the rest outward, away from the planet's
   * centre; where that side would leave the screen or go under a panel (a planet near the edge of a small
   * window), the other side, else below the planet or above it, else outward all the same.
   */
  private placeBeside(m: MapMarker, planetCentre: Vector3, panels: readonly ScreenBox[]): void {
    const { x, y } = this.tmp2;
    const centre = this.app.galaxy.project(planetCentre, this.tmp2) ? { x: this.tmp2.x, y: this.tmp2.y } : { x, y };
    const out = x >= centre.x ? 1 : -1;
    const reach = Math.hypot(x - centre.x, y - centre.y); // the place's distance from the planet's centre
    const half = { w: m.width / 2 + 6, h: m.height / 2 + 6 };
    const candidates = [
      { x: x + out * half.w, y },
      { x: x - out * half.w, y },
      { x: centre.x, y: centre.y + reach + half.h },
      { x: centre.x, y: centre.y - reach - half.h },
    ];
    const screen = this.app.galaxy.renderer.domElement;
    const fits = (c: { x: number; y: number }) =>
      c.x - m.width / 2 >= 0 && c.x + m.width / 2 <= screen.clientWidth && c.y - m.height / 2 >= 0 && c.y + m.height / 2 <= screen.clientHeight && !panels.some((b) => underPanel({ ...m, ...c }, b));
    const at = candidates.find(fits) ?? (candidates[0] as { x: number; y: number });
    m.x = at.x;
    m.y = at.y;
  }

  /**
   * The panels' boxes (header, decision panel, event log): markers keep out from under them. Measured
   * again when a panel or the window changes size (the markers placed again at once), or the panel is
   * drawn again; not on a timer.
   */
  private readonly panels = new PanelWatch('.hud, .decision-box, section.log, .hud-buttons, .top-buttons', () => this.app.galaxy.renderer.domElement, () => this.placeMarkers());
  private panelBoxes(): ScreenBox[] {
    return this.panels.boxes();
  }

  private planetName(environ: string): string {
    const e = this.app.content.environs.get(environ);
    return (e ? this.app.content.planets.get(e.planet)?.name : undefined) ?? environ;
  }

  private placeName(environ: string): string {
    const e = this.app.content.environs.get(environ);
    const planet = e ? this.app.content.planets.get(e.planet) : undefined;
    return e ? `${planet?.name ?? e.planet} ${e.index + 1} (${e.type})` : environ;
  }

  // ------------------------------------------------------------------ help

  private helpHtml(): string {
    return `<div class="help-box"><h2>How to play</h2>
      <p>When it is your turn to decide, the panel on the right says what is being decided and lists every legal choice. Click a choice, press its number, or click its numbered marker on the map. Enter takes the "end / no" choice; Esc (or Backspace) undoes your last choice within the current segment; Space pauses the AI; ? shows this help; R (or the Rules button) opens the rules and every card, searchable, and a dotted word opens its rule there; P (or Planets) lists every planet in play, sortable; rolls show as dice, and any key skips them.</p>
      <p>On the map: click a stack (⬆) and where it may go lights up, with its odds; click one to go, or drag the stack there. Shift-click a stack to take its pieces one at a time. Attacks (⚔), searches (◎), reinforcements and starting forces (⬇), missions (✦: the character, then his mission; or a mission first, named in the panel, and who may take it lights up), reactions (↪) and domino effects (⇄: how many planets, asked at the planet that rose, then which) light up the same way: hover one for its facts and odds, click it to take it. Characters found may be attacked or let be, and a character combat asks its questions where it is fought (hand-to-hand or a firefight, to kill or to capture, active or inactive, break off (⚑) or fight the round), each answer with its odds. A stack adrift (≈) stands on its drift area's ring: from the outer ring it goes on to the sun's, from there it lands. The list holds the same choices, for the keyboard.</p>
      <h3>Words</h3><dl>${GLOSSARY.map((g) => `<dt><span class="term" data-term="${esc(g.term)}">${esc(g.term)}</span> <span class="rule">${esc(g.rule)}</span></dt><dd>${esc(g.text)}</dd>`).join('')}</dl>
      <p class="muted">Click anywhere to close.</p></div>`;
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

/** What an online game waits for, in words. */
function onlineWaiting(side: SideId, table: OnlineTable): string {
  const team = capital(SIDE_TEAMS[side] ?? side);
  switch (table.waitingFor) {
    case 'ai':
      return `${team} (an AI on the server) is thinking…`;
    case 'away':
      return `${team}'s player has left; the seat waits for them, then an AI takes it over…`;
    case 'nobody':
      return `Waiting for a player to take ${SIDE_TEAMS[side] ?? side}'s seat…`;
    default:
      return `${team} is deciding, online…`;
  }
}

/** The online game's lines in the decision panel: where others join while a seat waits for them. */
function onlineHtml(table: OnlineTable, reservedLinks: { side: string; link: string }[]): string {
  const open = table.open.map((s) => SIDE_TEAMS[s] ?? s);
  const lines: string[] = [];
  if (open.length) lines.push(`${esc(capital(open.join(' and ')))}: the seat is open. Send this link to invite a player: <input readonly size="30" value="${esc(table.link)}" data-testid="play-invite" aria-label="Invitation link">`);
  for (const r of reservedLinks.filter((r) => table.reserved.includes(r.side)))
    lines.push(`${esc(capital(SIDE_TEAMS[r.side] ?? r.side))}: the seat is reserved. Send this link to its player: <input readonly size="30" value="${esc(r.link)}" data-testid="play-reserved-link" aria-label="Reserved seat's link">`);
  return lines.length
    ? `<div class="small online-box" data-testid="play-online"><b>Online game</b>${lines.map((l) => `<p>${l}</p>`).join('')}</div>`
    : `<p class="muted small" data-testid="play-online">Online game: every seat is taken.</p>`;
}

/** The setup's line for an online game: who plays what. */
function onlineModeText(seatOf: (side: string) => string): string {
  const sides = ['rebel', 'imperial'];
  const host = sides.find((s) => seatOf(s) === 'human');
  if (!host) return 'Online: choose Human for the side you play.';
  const others = sides
    .filter((s) => s !== host)
    .map((s) => {
      const v = seatOf(s);
      const team = SIDE_TEAMS[s] ?? s;
      return v === 'human' ? `${team} is open to anyone with the link` : v === 'reserved' ? `${team} is kept for one person, with its own link` : `${team} is played by the AI on the server`;
    });
  return `Online: you play ${SIDE_TEAMS[host]}; ${others.join('; ')}.`;
}

/** [issue 44] the decision's notes (src/words/decision-notes): what it is about and its answers' odds. */
function notesHtml(notes: OddsNote[] | undefined): string {
  if (!notes?.length) return '';
  return notes
    .map((n) => `<div class="odds" data-testid="odds-note"><b>${esc(n.title)}</b> <span class="rule">${esc(n.rule)}</span><ul class="context">${n.lines.map((l) => `<li>${withTerms(esc(l))}</li>`).join('')}</ul></div>`)
    .join('');
}

/** A military column's odds as a small table: loss in strength points across, each side's chance below. */
/**
 * [10.0-10.7] the odds of an attack with every shift the side knows (its own leader, the environ), the
 * hidden enemy strength as a range, and what is not known said in words.
 */
function combatOddsHtml(t: Host['content']['tables'], cf: CombatFacts): string {
  const { worst, best } = attackColumns(t, cf.ownStrength, cf.enemyLeast, cf.enemyMost, cf.shift, !!cf.ownLeader || cf.enemyLeadershipSeen > 0);
  const cols = worst === best ? [worst] : [worst, best];
  const strength = cf.enemyLeast === cf.enemyMost ? `enemy strength ${cf.enemyLeast}` : `enemy strength ${cf.enemyLeast} to ${cf.enemyMost}`;
  const hidden = cf.hiddenUnits ? ` (${cf.hiddenUnits} hidden unit${cf.hiddenUnits === 1 ? '' : 's'} [7.22]${cf.narrowed ? ', narrowed by the strength you saw them use' : ''})` : '';
  const shift = `shift ${cf.shift >= 0 ? '+' : ''}${cf.shift}${cf.shiftParts.length ? `: ${cf.shiftParts.join(', ')}` : ''} [10.2]`;
  const unknown = cf.enemyLeaderUnknown ? 'Unknown: an enemy leader you cannot see would shift it against you [10.4].' : '';
  return `<div class="odds" data-testid="odds"><b>Odds [10.0]</b> <span class="muted">your strength ${cf.ownStrength} against ${strength}${hidden}; ${esc(shift)}. ${unknown}</span>${cols
    .map((c, i) => (cols.length > 1 ? `<div class="muted small">${i === 0 ? 'if they are at their strongest' : 'if they are at their weakest'}</div>` : '') + lossTable(militaryOdds(t, c), 'you lose', 'enemy loses'))
    .join('')}</div>`;
}

function lossTable(o: ReturnType<typeof militaryOdds>, attacker: string, defender: string): string {
  const loss = (label: string) => Number(label.replace(/\D+/g, ''));
  const all = [...o.attackerLoss, ...o.defenderLoss].map((x) => loss(x.label));
  const max = Math.max(0, ...all);
  const cells = (xs: Outcome[]) =>
    Array.from({ length: max + 1 }, (_, n) => {
      const x = xs.find((y) => loss(y.label) === n);
      return `<td>${x ? percent(x.chance) : '·'}</td>`;
    }).join('');
  return `<table class="odds-table"><caption>Column <b>${esc(o.column)}</b></caption><tr><th>loss</th>${Array.from({ length: max + 1 }, (_, n) => `<th>${n}</th>`).join('')}</tr>
    <tr><th>${esc(attacker)}</th>${cells(o.attackerLoss)}</tr><tr><th>${esc(defender)}</th>${cells(o.defenderLoss)}</tr></table>`;
}

/** The domino rules a new game may choose (000 15.x, optional; docs/rules.md "The game's length and the domino option"), each in a line. */
export const DOMINO_CHOICES: Record<DominoRule, { name: string; text: string }> = {
  chain: { name: 'Chain reactions (the whole chapter)', text: 'The chapter whole: planets a rising shifts can rise in turn and fall in the same interphase, so one rising may turn a province.' },
  'chain-next-turn': { name: 'Chain reactions, falling a turn later', text: 'Chain reactions too, but a planet they raise falls no sooner than the end of the next Imperial player-turn.' },
  single: { name: 'Single effects, no chain reaction', text: "Each rising's own effect shifts its system and its races, but what those shifts raise sparks nothing more." },
  off: { name: 'Off', text: 'No domino effect at all: a rising stays on its own planet.' },
};

/** Whether a domino effect can reach another planet in this scenario (more than one planet in play): only then does its rule mean something. */
export function usesDominoChapter(content: Content, scenario: ScenarioDef): boolean {
  return content.galaxy.planets.filter((p) => planetInArea(scenario, p, content.systems)).length > 1;
}

function randomSeed(): string {
  // the seed is shown and editable; only its first value comes from the browser's randomness
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String((a[0] as number) % 1_000_000);
}

function words(s: string): string {
  const t = s.replace(/-/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Short names for the sequence bar's chips; the full label is each chip's tooltip. */
const SHORT_SEGMENTS: Record<string, string> = {
  movement: 'move',
  'enemy reaction': 'react',
  'military combat': 'combat',
  search: 'search',
  'mission assignment': 'assign',
  'mission action': 'missions',
  'bonus draw': 'bonus',
};

/** Whether a marker's box overlaps a panel's. */
function underPanel(m: ScreenBox, b: ScreenBox): boolean {
  return Math.abs(m.x - b.x) < (m.width + b.width) / 2 && Math.abs(m.y - b.y) < (m.height + b.height) / 2;
}

/** A numbered marker on the map, where its environ projects to on the screen. */
interface MapMarker extends ScreenBox {
  el: HTMLElement;
  environ: string;
  /** A question asked at its place (a small prompt): it stands beside the place, away from the planet, not over it. */
  beside?: boolean;
}
