/**
 * The vocabulary of the engine.
 *
 * The game advances until a rule needs a choice; then it stops at a **Decision** that names the side
 * and lists every legal answer. That side's agent (the player's screen, an AI, a test) answers with a
 * **Command**, which must be one of the options. So legality is simple and exact: a command is legal
 * if and only if it is listed, and an illegal one changes nothing.
 *
 * Rules procedures are **frames** on a stack: plain data (`{ proc, data }`) run by a `Procedure` that
 * either asks for a decision, pushes a sub-procedure (a search inside a mission, a combat inside a
 * search), or finishes. Because frames are plain data, a game in the middle of a combat can be copied,
 * hashed and saved like any other.
 */
import type { Content } from '../content/validate';
import type { ScenarioDef, SideId } from '../content/schema';

/**
 * What the engine needs of any scenario: its id, its name and its length. Each ruleset has its own
 * scenario shape (the star-system game's forces and planets, a conquest game's map and game type).
 */
export interface ScenarioBase {
  id: string;
  name: string;
  /** Game-turns; the game ends after the last one. */
  turns: number;
}

/**
 * The engine's types take the ruleset's sides `S` and scenario shape `Scn` as parameters, so a ruleset
 * names its own sides (the star-system game's Rebel and Empire, a conquest game's six colours) and
 * nothing in the kernel assumes two. They default to the star-system game's, the first ruleset.
 */
import type { Rng, SeedHash } from '../rng';
import type { GameWorld } from '../world/world';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An answer to a decision. `type` says what it does; the other fields are its parameters. */
export interface Command<S extends string = SideId> {
  type: string;
  side: S;
  [param: string]: Json;
}

export interface Decision<S extends string = SideId> {
  side: S;
  /** What kind of choice this is: the UI picks its screen and the AI its handler by this. */
  kind: string;
  /** In plain words, for the player. */
  prompt: string;
  /** The rule that asks, e.g. "[10.0]". */
  rule: string;
  /** Every legal answer. Never empty. */
  options: Command<S>[];
  /** Extra facts the deciding side may know and needs (odds, the stack in hand...). */
  context?: { [key: string]: Json };
}

/** A procedure in progress: which procedure, and its own state as plain data. */
export interface Frame {
  proc: string;
  data: { [key: string]: Json };
}

/**
 * What a procedure's `step` returns: ask a decision, run a sub-procedure first (its `done` result comes
 * back in this frame's `data.result`), or finish (optionally with a result for the parent frame).
 */
export type Step<S extends string = SideId> = { decide: Decision<S> } | { push: Frame } | { done: true; result?: Json };

export interface Procedure<G extends AnyGame = Game> {
  /** Run until a decision is needed, a sub-procedure must run first, or the procedure is finished. */
  step(game: G, frame: Frame): Step<SideOf<G>>;
  /** Apply an answer to this frame's pending decision. The engine has already checked it is legal. */
  answer(game: G, frame: Frame, command: Command<SideOf<G>>): void;
}

/** One segment of the turn sequence: whose player-turn, which phase and segment, which procedure. */
export interface SegmentDef<S extends string = SideId> {
  /** The phasing side, or null for the interphase (or a segment that runs every side in turn). */
  player: S | null;
  phase: string;
  segment: string;
  procedure: string;
}

export type Winner<S extends string = SideId> = S | 'draw';

/**
 * A winner that wins with others: a conquest game's bloc [003]. The game's `winner` stays one side, the
 * coalition's leading member, so every mode reads its own result as before; a mode that knows coalitions
 * asks `gameResult` for the rest.
 */
export interface Coalition<S extends string = SideId> {
  /** The coalition's id and name ("loyalist", "Loyalist bloc"). */
  id: string;
  name: string;
  /** The sides that win with it, the leader among them. */
  members: S[];
  leader: S;
}

/** How a game ended: its one winner (or a draw), and the coalition it led, if it won with one. */
export interface GameResult<S extends string = SideId> {
  winner: Winner<S>;
  coalition: Coalition<S> | null;
}

/**
 * A ruleset is one game's turn sequence and victory check, with the procedures its segments run.
 * The engine runs whatever ruleset it is handed; rulesets live in `systems/`.
 */
export interface Ruleset<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef> {
  id: string;
  /** Every side a game of this ruleset may have, in the rules' order. */
  sides: S[];
  /** The scenarios this ruleset plays, by id. */
  scenarios(content: Content): ReadonlyMap<string, Scn>;
  /** The world a scenario starts from. */
  buildWorld(content: Content, scenario: Scn, sides: readonly S[], rng: Rng): GameWorld;
  /**
   * Why these ruleset options (a new-game choice such as a conquest game's players and card option)
   * cannot be played, or null when they can. Absent: the ruleset takes no options.
   */
  optionsProblem?(options: { [key: string]: Json }, scenario: Scn): string | null;
  procedures: Record<string, Procedure<Game<S, Scn>>>;
  /** One game-turn, in order. */
  sequence: SegmentDef<S>[];
  /** After the world is built: decks, automatic placement, frames to run before the first turn. */
  setup(game: Game<S, Scn>): void;
  /**
   * Recompute derived state (who controls each planet...) after every change. It reads the world, and
   * of the procedure stack only whether a segment is still running (the engine skips it after a
   * procedure finishes inside a segment, and whenever `revision` shows nothing has changed).
   */
  refresh(game: Game<S, Scn>): void;
  /**
   * A count that rises with every change `refresh` reads (a star-system world's `revision`). With it the
   * engine skips a refresh when nothing has changed since the last one, in the same segment; without
   * it, it refreshes after every step.
   */
  revision?(game: Game<S, Scn>): number;
  /**
   * The part of `refresh` that reads where the game stands in the turn sequence (the turn, the segment,
   * whether a segment is still running), not only the world: the rest of a refresh is then a function of
   * the world alone. With it (and `revision`), when the world stands as a refresh that changed nothing
   * left it and only the turn sequence has moved on (a segment begun or ended), the engine runs this part
   * alone: the rest would find nothing to do. Absent: the whole refresh runs then.
   */
  refreshTurn?(game: Game<S, Scn>): void;
  /** The winner, if the game is decided now; `final` at the end of the last turn. */
  victory(game: Game<S, Scn>, final: boolean): Winner<S> | null;
  /** Short description of the state for the event log and the spectator (e.g. victory points). */
  score(game: Game<S, Scn>): { [key: string]: Json };
  /** The coalition the winner led, if it won with others (a conquest game's bloc); absent: never. */
  coalition?(game: Game<S, Scn>): Coalition<S> | null;
  /** The game-over line; the game is over (its winner set) when this is called. */
  winnerText?(winner: S, game: Game<S, Scn>): string;
  /**
   * For beliefs (src/core/belief.ts), after the pieces were re-dealt: re-deal what this ruleset keeps
   * in `game.vars` that `side` may not know (the enemy's secret mission assignments).
   */
  conceal?(game: Game<S, Scn>, side: S, rng: Rng): void;
}

export interface GameEvent<S extends string = SideId> {
  turn: number;
  /** "rebel / operations / movement", or "setup", or "interphase". */
  when: string;
  kind: string;
  text: string;
  rule?: string;
  /** Who may see it: everyone, or only one side (a hidden unit's move). */
  visibleTo: S | 'all';
  /** Entities it concerns, for the picture (animate, fly to). */
  entities?: number[];
  /** What happened as facts, for the screens (a roll's dice, a placement's count), beside the words. */
  data?: { [key: string]: Json };
}

export interface Game<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef> {
  readonly content: Content;
  readonly ruleset: Ruleset<S, Scn>;
  readonly scenario: Scn;
  readonly seed: string;
  /** How the seed made the RNG's state (src/core/rng.ts): saved, so a game replays with its own generator. */
  readonly seedHash: SeedHash;
  /** The sides placing their starting forces by hand [16.12-16.14] (a new-game option; saved). */
  readonly handPlacement: readonly S[];
  /** The ruleset's own new-game options (a conquest game's players and card option); saved. */
  readonly options: { [key: string]: Json };
  world: GameWorld;
  rng: Rng;
  /** Game-turn, from 1. */
  turn: number;
  /** Index into the ruleset's sequence; -1 during setup. */
  segment: number;
  stack: Frame[];
  /**
   * Procedures that must run at once, queued by rules code that is not itself a procedure step (a
   * loyalty shift sparking a domino effect, an action card calling a search). The engine runs them
   * before anything else, first queued first. See `interrupt()`.
   */
  interrupts: Frame[];
  pending: Decision<S> | null;
  log: Command<S>[];
  events: GameEvent<S>[];
  /** Rules state that is not on an entity: decks, tallies, per-turn flags. Plain data. */
  vars: { [key: string]: Json };
  winner: Winner<S> | null;
}

/** A game of any ruleset, for the parts of the kernel that run them all. */
export type AnyGame = Game<any, any>;
/** The sides of a game's ruleset. */
export type SideOf<G extends AnyGame> = G extends Game<infer S, any> ? S : never;
