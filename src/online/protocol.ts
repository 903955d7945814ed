/**
 * Online play: what the game server and its clients say to each other. The server is authoritative: it
 * holds the engine, the command log and the seed (src/server/); a client sends the commands of its own
 * seat and receives only its own side's view, events and decision. Plain data, no imports from Node or
 * the page, so both sides read the same definitions.
 */
import type { Command, Decision, GameEvent, Json } from '../core/engine/types';
import type { EntityRefs } from '../core/world/entity-refs';
import type { OptionInfo } from '../words/describe';
import type { CombatFacts } from '../words/combat-facts';
import type { OddsNote } from '../words/character-odds';
import type { BoardForm, PickFacts } from '../words/board/types';
import type { ListGroup } from '../words/decision-list';
import type { AssignmentFacts } from '../words/assignment';
import type { SeedHash } from '../core/rng';

/** The Colyseus room type every online game is played in (one room per game, found by its id). */
export const GAME_ROOM = 'game';

/** The largest message a client may send, in bytes of JSON: a command is a few hundred. */
export const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

/** Messages a client may send in a burst, and how many more each second (a token bucket): far above a
 * person's pace or a bot's answers, far below a flood. */
export const RATE_BURST = 200;
export const RATE_PER_SECOND = 100;

/** Who sits at a seat: open for anyone with the link, an AI of a level, or kept for a named person. */
export type SeatKind = 'open' | 'human' | 'ai' | 'reserved';

/** A seat as the host asks for it when creating a game. */
export interface SeatRequest {
  side: string;
  kind: 'open' | 'ai' | 'reserved';
  /** An AI's level (its agent's name). */
  agent?: string;
}

/** A seat as everyone at the table sees it. */
export interface SeatInfo {
  side: string;
  kind: SeatKind;
  agent?: string;
  /** A person holds the seat and is connected now. */
  connected: boolean;
}

/** A new game as the host asks for it. Its seed is not the host's to choose: the server draws it and
 * keeps it secret until the game is over [issue 46] (with it, a replay would tell every hidden thing). */
export interface NewOnlineGame {
  ruleset: string;
  scenario: string;
  /** The ruleset's own options (a conquest game's players and cards). */
  options?: { [key: string]: Json };
  /** Sides that place their starting forces by hand [16.12-16.14] (star-system games); absent: none. */
  handPlacement?: string[];
  seats: SeatRequest[];
  /** How long a person's seat waits for them after they leave before an AI takes it over, in seconds (a
   * live game's). */
  seatTimeoutSeconds?: number;
  /** The game's pace, an id of `PACES`; absent: 'live'. */
  pace?: string;
}

/**
 * How fast a game is played [issue 55]. Live: at one sitting; a seat whose person leaves goes to an AI after
 * the seat timeout. Turn-based: each seat has a clock that runs only while the decision is its own; it
 * starts with `turnMs` and gains `turnMs` more at every new game-turn, up to `maxMs` in hand. Nobody need
 * stay connected: the game waits in the store. A seat whose clock has run out may be handed to the AI by
 * any other player (never by itself, never before).
 */
export interface Pace {
  id: string;
  label: string;
  turnMs?: number;
  maxMs?: number;
}
const HOUR = 3_600_000;
export const PACES: readonly Pace[] = [
  { id: 'live', label: 'Live: played at one sitting' },
  { id: 'hours', label: 'Turn-based: 4 hours a turn (12 at most in hand)', turnMs: 4 * HOUR, maxMs: 12 * HOUR },
  { id: 'day', label: 'Turn-based: a day a turn (3 at most in hand)', turnMs: 24 * HOUR, maxMs: 72 * HOUR },
  { id: 'days', label: 'Turn-based: 3 days a turn (a week at most in hand)', turnMs: 72 * HOUR, maxMs: 168 * HOUR },
];
export const paceOf = (id: string): Pace | undefined => PACES.find((p) => p.id === id);
export const isTurnBased = (pace: Pace | undefined): pace is Pace & { turnMs: number; maxMs: number } => pace?.turnMs !== undefined;

/** A seat's clock as a state tells it: the time it has left (ms, as the state was sent), and whether it runs now. */
export interface SeatClock {
  side: string;
  leftMs: number;
  running: boolean;
}

/** The options a client joins a room with: a new game (`create`), or a game by id with a seat or token. */
export interface JoinRequest {
  create?: NewOnlineGame;
  gameId?: string;
  /** The seat token from the link: rejoin the seat it holds. */
  token?: string;
  /** The side to sit at (an open seat); without it, the first open seat, or to watch when none is open. */
  side?: string;
  /** A screen that shows the game to a person: each state then carries the ruleset's presentation facts
   * (`extra`: a star-system decision in words, with its odds). Programs that only play leave it out. */
  screen?: boolean;
}

/** Server to client: you are seated (keep the token: it is your seat's key, put in your link). */
export interface JoinedMessage {
  gameId: string;
  side: string | null;
  token: string | null;
  ruleset: string;
  scenario: string;
}

/**
 * Server to client: the game as your side may know it, after every change. On the wire a state is the
 * bytes of its JSON text, sent as Colyseus' bytes message 'state' (`readState` reads it): the server
 * writes JSON faster than msgpack, and a state is plain data either way [issue 55].
 */
export interface StateMessage<S extends string = string> {
  /** Commands applied so far (the log's length): a client sees every state in order. */
  step: number;
  turn: number;
  /**
   * Your side's view of the game (the ruleset's own view). On the wire, after the first state, only its
   * top-level fields that changed since the last state (`partial`); the client (`OnlineSeat`) puts the
   * whole view back together before anyone reads it.
   */
  view: Json;
  partial?: true;
  /** The events your side may see, since the last state you were sent. */
  events: GameEvent<S>[];
  /** The pending decision when it is yours (with its options); otherwise only whose it is. */
  decision: Decision<S> | null;
  waitingFor: S | null;
  /** The kind of the pending decision, whoever's it is ("conquest-attack"): a screen says what is awaited. */
  waitingKind: string | null;
  seats: SeatInfo[];
  winner: S | 'draw' | null;
  /** [issue 55] a turn-based game's pace id and each seat's clock (absent: a live game). A seat whose clock
   * is at 0 may be handed to the AI by another player (`HandOverMessage`). */
  pace?: string;
  clocks?: SeatClock[];
  /** Present while the game is on hold: why (the server cannot save moves now); nothing moves until it can,
   * and then the game goes on by itself [issue 46]. */
  hold?: string;
  /** What this ruleset's screen shows beyond the view, made on the server for this seat alone (a star-system
   * seat's decision in words, with its odds). */
  extra?: Json;
}

/** Server to client: your message was refused, and why; nothing changed. */
export interface RefusedMessage {
  reason: string;
}

/** Server to client: the game is over; `hash` is the final state's hash (a replay of the log from `seed`
 * gives the same). The seed is told only now: until the end it is the server's secret [issue 46]. */
export interface OverMessage {
  winner: string;
  hash: string;
  commands: number;
  seed: string;
  /** How the seed made the generator (src/core/rng.ts): a replay needs it too [issue 55]. */
  seedHash: SeedHash;
}

/** The most commands one move may hold (a stack's picks and its destination: a stack holds far fewer). */
export const MAX_MOVE_COMMANDS = 64;

/**
 * Client to server, [issue 47] a move made on the map: its commands in order (pick each piece, then where
 * to). The room plays them all or none: each is checked against the decision pending when its turn comes;
 * if any is refused, the game is as it was before the first and the seat is told why. Saved once and
 * sent to everyone once, as one step of the game. Only its last command may roll a die or reveal anything
 * (those before it are the ruleset's `leadingCommands`: picks), so no seat learns what a move would bring
 * and has it undone.
 */
export interface MoveMessage {
  commands: Command<string>[];
}

/**
 * Client to server, [issue 47, 53] a pick of the counters of the seat's own stack at `place`: where it may
 * go together now, and what each other counter of the stack would do to it (answered with `dests`).
 */
export interface DestsRequest {
  place: string;
  pieces: number[];
}

/** Server to client, [issue 47, 53] the answer to a `DestsRequest`, for the state of that `step`: the pick's
 * facts as the board shows them (src/words/board/stacks.ts `pickFacts`, for this seat's own pending
 * decision), or, with none, why they were not given (nothing changed). */
export interface DestsMessage {
  step: number;
  place: string;
  pieces: number[];
  facts?: PickFacts;
  refused?: string;
}

/** Client to server, [issue 55] hand the seat of `side`, whose clock has run out, to the AI (another seat's player asks). */
export interface HandOverMessage {
  side: string;
}

export type ClientMessages = { command: Command<string>; move: MoveMessage; dests: DestsRequest; 'hand-over': HandOverMessage };

/**
 * What the game server adds for a star-system seat to each state it sends [issue 27]: what the play
 * screen shows beyond the view, made where the game is. What never changes (the turn sequence, the
 * static entities) comes with the first state only; the decision's words only with the seat's own
 * decision, without its options again (the state's decision has them).
 */
export interface OnlinePlayFacts {
  segment: number;
  sequence?: string[];
  refs?: EntityRefs;
  decision?: {
    prompt: string;
    context?: Decision['context'];
    options: OptionInfo[];
    combat: CombatFacts | null;
    /** [issue 44] the decision's notes and odds, as the play worker gives them. */
    notes?: OddsNote[];
    /** [issue 53] the decision's board form: the seat's stacks (its own pieces, named as it may read them), targets, questions and buttons. */
    board?: BoardForm;
    /** [issue 44] the options grouped by star system, then stack, sorted. */
    groups?: ListGroup[];
  };
  /** [issue 44] the galactic Empire's strategic assignment (public), while one is in hand. */
  assignment?: AssignmentFacts | null;
}

const utf8 = new TextDecoder();

/** A state as it came over the wire (the bytes of its JSON text; see `StateMessage`). */
export function readState(bytes: Uint8Array): StateMessage {
  return JSON.parse(utf8.decode(bytes)) as StateMessage;
}
