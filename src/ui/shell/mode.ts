/**
 * The contract between the game-screen shell and its modes. The shell (shell.ts) is the page every mode
 * shares: the galaxy and its labels, the header, the menu, settings, saves, the rules, messages. A mode
 * (Rebels-vs-Empire play, the spectator, conquest, solitaire; online is a way each of them plays) is a
 * module under src/ui/<mode>/ that gets the shell as a `Host` and answers the same lifecycle (`Mode`).
 * The router (app.ts) loads a mode the first time it is needed, from the list in modes.ts: a new mode
 * adds its folder and one entry there, and touches nothing else. Modes never import the router.
 */
import type { Content } from '../../core/content/validate';
import type { Command, Decision } from '../../core/engine/types';
import type { GalaxyScene } from '../../render/galaxy-scene';
import type { GameAudio } from '../../audio/audio';
import type { OnlineSeat } from '../../online/client';
import type { NewOnlineGame } from '../../online/protocol';
import type { SaveMeta, SaveStore } from '../saves';
import type { Settings } from '../settings';
import type { ScreenBox } from '../screen-boxes';
import type { FromWorker } from '../spectator/spectator-protocol';
import type { GameFeed } from './game-feed';
import type { Coach } from '../coach';

/** What a mode may use of the shell. */
export interface Host {
  readonly root: HTMLElement;
  readonly content: Content;
  readonly galaxy: GalaxyScene;
  readonly audio: GameAudio;
  readonly settings: Settings;
  readonly saves: SaveStore;
  /** The AI levels a seat may take (names from src/ai/registry.ts). */
  readonly options: { agents: string[] };
  /** [issue 56] The coach: a line on each new kind of decision in a mode's first game. */
  readonly coach: Coach;
  /** A star-system game's view on the shared screen (header, score, log, pieces, labels): play and the spectator show theirs here. */
  readonly feed: GameFeed;
  /** The mode that has the page (null: the start menu over the galaxy). */
  readonly current: Mode | null;
  /** The planet names and stack badges on the map: a mode's markers keep clear of them. */
  readonly mapLabels: readonly ScreenBox[];
  /**
   * A board whose labels stand on the stars (conquest's badges) gives their boxes here, placed for the
   * camera of the frame being drawn: the system names keep clear of them, rather than they of the names
   * (null: none).
   */
  setLabelObstacles(boxes: (() => readonly ScreenBox[]) | null): void;

  /** The mode takes the page: any other mode stops, the start menu goes, the Menu button comes. */
  enter(mode: Mode): void;
  /** The mode gives the page back: nothing of it stays, the start menu returns. */
  leave(mode: Mode): void;
  /** The start menu, shown or hidden (a setup screen stands in its place). */
  showStartMenu(show: boolean): void;

  /** A star-system game's view and events on the shared screen (log, header, score, pieces, labels). */
  receive(m: FromWorker): void;
  /** The header's line (trusted HTML, escaped by the writer). */
  setWhere(html: string): void;
  showMessage(text: string): void;
  /** Change settings from the mode's own controls (remembered, applied at once). */
  changeSetting(change: Partial<Settings>): void;
  /** Keep a game's save in this browser under a player's name (the Saves panel says it was kept, or why not). */
  keepSave(label: string, text: string, meta: SaveMeta): void;
  /** Open a save's text as it was played (a replay as a replay), wherever it is opened; `from` names it. */
  open(text: string, from: string, speed?: number): void;
  /** A refused save: its source and the problem, said in the Saves panel and as a message. */
  refused(from: string, problem: string): void;
  /** What is being loaded (named in the messages of a star-system worker until it answers). */
  pendingLoad: string | null;
  /** A map of a player's own drawn in place of the galaxy; null draws the galaxy again. */
  showMap(content: Content | null): void;
  /** A panel covers the page's right: the picture's centre moves into what is left. */
  frameAround(rightPanel: HTMLElement | null): void;

  /** Online: take a seat, make a game, the reserved seats' links, and leave a seat. */
  joinOnline(gameId: string, token?: string): Promise<void>;
  hostOnline(game: NewOnlineGame, side: string): Promise<void>;
  reservedLinks(gameId: string): { side: string; link: string }[];
  leaveSeat(seat: OnlineSeat, gameOver: boolean): void;
}

/**
 * A mode's lifecycle, the same for every mode: start (its setup screen, or its game at once), resume
 * from a save, save, leave (the Menu button: autosaved, Continue brings it back), stop (another mode
 * takes the page), and online play where it has it. Hand-over and game over are the mode's own screens,
 * built on the shell's (privacy.ts keeps a seat's secrets off the screen while another seat acts).
 */
export interface Mode {
  readonly id: string;
  /**
   * Whether its game is the star-system game: the shell's info panel (a click on the map), rules
   * reference (R) and Planets table (P) are about it. A mode with a board of its own answers the map's
   * clicks itself and has its own help.
   */
  readonly starSystem: boolean;
  /** Whether it frames the picture around panels of its own (else the shell frames it around its info panel). */
  readonly framesItself: boolean;
  /**
   * The start menu's entry: its setup screen (or, for the spectator, the game the menu describes). After
   * a tutorial [issue 56], `after` names it: the setup opens with choices for a first game.
   */
  showSetup(after?: string): void;
  /**
   * Resume a game from a save's text as it was played, at `speed` where the mode has one. Returns the
   * problem in words when the save is refused at once (the screen then stays as it was); null when it
   * is resumed, or is being loaded (a refusal then comes as a message).
   */
  resume(text: string, speed?: number): string | null;
  /** Whether there is a game to save. */
  hasGame(): boolean;
  /** Save the game: kept under `label` in this browser, or offered as a file. */
  save(purpose: 'store' | 'download', label?: string): void;
  /** The name a save of its game is offered under (`defaultSaveName`); absent: the shell names a star-system game itself. */
  saveName?(): string | null;
  /** The Menu button: leave the game for the menu. */
  leave(): void;
  /** Another mode takes the page: stop, and leave nothing on the screen. */
  stop(): void;
  /** Play an online game at `seat` (the server hosts it); the problem in words when it cannot. */
  playOnline?(seat: OnlineSeat, serverUrl: string): Promise<string | null>;
  /** The palette changed (colour-blind): redraw what the mode coloured itself. */
  refreshColours?(): void;
  /** The settings changed: keep the mode's own controls in step. */
  settingsChanged?(settings: Settings): void;
  /** The mode's facts for the browser tests. */
  state(): unknown;
  /**
   * [issue 56] Play a tutorial's game: resume `save` (the tutorial's game so far) under `guide`, which
   * lets the player answer only what the step teaches and answers for the opponent. The problem in
   * words when it cannot. Called again to rebuild the game at another step (back, forward).
   */
  playGuided?(guide: Guide, save: string): string | null;
  /** [issue 56] The guide moved on (a step's words were read): look at the pending decision again. */
  guidedRefresh?(): void;
  /** [issue 56] The player left a tutorial's step (Next, Back, Skip): what it left on show (its rolls' dice) goes, not to linger under the next step's words. */
  guidedStepLeft?(): void;
  /** [issue 56] The button in the mode's own panel that answers the taught command, when it is answered there (not on the map). */
  guidedButton?(): HTMLElement | null;
  /** [issue 56] A panel of the mode's screen a tutorial's step stands beside, by the name its ruleset gives it (src/tutorial). */
  guidedPanel?(name: string): HTMLElement | null;
}

/**
 * [issue 56] A tutorial's guide as a mode sees it (src/ui/tutorial/guide.ts). The mode plays the game as
 * it always does, asking the guide at each decision: only what the guide lets through is lit, and the
 * opponent answers what the script says, as its AI turn would.
 */
export interface Guide {
  /**
   * The pending decision as the tutorial lets it be answered now, `made` commands into the game: the
   * player's with only the taught command among its options, or null while the step's words are read
   * (or the opponent waits for the player to go on).
   */
  lit<S extends string>(decision: Decision<S> | null, made: number): Decision<S> | null;
  /** The opponent's scripted answer to its decision, `made` commands into the game. */
  opponentAnswer<S extends string>(decision: Decision<S>, made: number): Command<S>;
  /** Whether a place on the board (a territory, sector, environ or planet id) is where the taught command acts. */
  lights(place: string): boolean;
  /** A click on the board off the taught action: the guide says what to do instead ("not now"). */
  notNow(): void;
  /** The game moved on: `made` commands are in it now. */
  moved(made: number): void;
  /** The mode left the tutorial's game (the Menu button, or another mode took the page). */
  ended(): void;
  /** The mode drew its panels anew: the words stand again where they cover none of them. */
  place(): void;
  /**
   * For a mode whose game is played elsewhere (the Rebels-vs-Empire play worker), which cannot ask `lit`
   * and `opponentAnswer` at each decision: the script's commands, each with who makes it, and how many
   * of them the game may reach now (the opening moves of the step, or all of it once its words are read).
   */
  readonly commands: readonly { command: Command<string>; by: 'prelude' | 'player' | 'opponent' | 'auto' }[];
  limit(): number;
}
