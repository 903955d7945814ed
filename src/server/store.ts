/**
 * Where the game server keeps its games [issue 27, 55]: one row per game (its ruleset, scenario, seed and
 * options: what starts it; its seats; where it stands: whose decision, which turn, the seats' clocks) and
 * one per command applied, written before the command's result is sent, so a server restart loses
 * nothing: a game is its start and its log. Seat tokens are kept only as hashes.
 *
 * Two stores keep the same schema with the same guarantees: SQLite (sqlite-store.ts, the embedded default,
 * one process) and PostgreSQL (postgres-store.ts, `DATABASE_URL=postgres://...`, any number of processes).
 * Each write is durable when it returns (SQLite `synchronous = FULL`; PostgreSQL's own default, a commit
 * flushed to its log).
 *
 * A write that fails (a lock held past the busy timeout, a full disk, a file made read-only, a database
 * server down or gone away) throws a `StoreError` that says why in words, and the store is then `failing`
 * until a trial write succeeds again: it tries every half second and tells whoever waits (`whenWritable`),
 * so the rooms put their games on hold and resume by themselves [issue 46].
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Command, Json } from '../core/engine/types';
import type { SeedHash } from '../core/rng';
import type { SeatKind } from '../online/protocol';

/** A seat as stored: who sits there, and the hash of its token when a person holds it. */
export interface StoredSeat {
  side: string;
  kind: SeatKind;
  agent?: string;
  tokenHash?: string;
  /** When the seat goes to an AI if its person has not come back (ms since 1970): kept with the game so a
   * restarted server still hands it over [issue 46]. A live game's only. */
  handOverAt?: number;
}

/** Where a game stands, kept with every move: what a list of games shows without replaying any. */
export interface GameProgress {
  /** The side whose decision is pending (null: nobody's, the game over). */
  waitingFor: string | null;
  turn: number;
  /** Each seat's clock (a turn-based game's time bank, ms) as of `clockSince`; {} for a live game. */
  clocks: { [side: string]: number };
  /** When the pending side's clock last started running (ms since 1970). */
  clockSince: number;
}

export interface StoredGame extends GameProgress {
  id: string;
  created: number;
  /** When a command or a seat was last kept (ms since 1970). */
  updated: number;
  ruleset: string;
  scenario: string;
  seed: string;
  /** How the seed makes the game's RNG: 'sha256' for every game made since [issue 55], 'xmur3' before. */
  seedHash: SeedHash;
  options: { [key: string]: Json };
  /** Sides that place their starting forces by hand [16.12-16.14] (a star-system game's choice). */
  handPlacement: string[];
  seats: StoredSeat[];
  seatTimeoutSeconds: number;
  /** The game's pace (protocol.ts `PACES`): 'live', or a turn-based clock of hours or days [issue 55]. */
  pace: string;
  /** 'playing' until the game has a winner. */
  status: 'playing' | 'over';
  winner: string | null;
}

/** What a new game is stored with (the store sets its times, status and winner). */
export type NewStoredGame = Omit<StoredGame, 'status' | 'winner' | 'created' | 'updated'>;

/** How the lobby looks: games of a ruleset, or with a side open; `limit` rows from `offset`. */
export interface LobbyQuery {
  ruleset?: string;
  scenario?: string;
  side?: string;
  limit?: number;
  offset?: number;
}

export interface GameStore {
  /** 'sqlite' or 'postgres': said on the status page and by the bench. */
  readonly kind: string;
  /** Why writes fail now (null: they do not). */
  readonly failing: string | null;
  /** Call `then` once the database takes writes again (at once when it does now). */
  whenWritable(then: () => void): void;
  createGame(game: NewStoredGame): Promise<StoredGame>;
  game(id: string): Promise<StoredGame | null>;
  /** The games of these ids that exist (a player's own list); a row that does not read is left out. */
  games(ids: readonly string[]): Promise<StoredGame[]>;
  /**
   * The lobby: games being played with a seat open to anyone, of the ruleset, scenario or open side asked
   * for; those played most recently first. A row that does not read is left out and logged.
   */
  lobby(query?: LobbyQuery): Promise<StoredGame[]>;
  commands(id: string): Promise<Command<string>[]>;
  /** Keep a game's commands from its `n`-th (from 0) on, and where it then stands, in one transaction:
   * all of it, or none [issue 47]. A command numbered twice is refused (two processes never both keep one). */
  addCommands(id: string, n: number, commands: readonly Command<string>[], progress: GameProgress): Promise<void>;
  setSeats(id: string, seats: StoredSeat[]): Promise<void>;
  finish(id: string, winner: string): Promise<void>;
  close(): Promise<void>;
}

/** A new seat token: 24 random bytes, unguessable, safe in a link. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new game id: short enough for a link, random enough not to be guessed. */
export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

/** An online game's seed: 128 bits from the operating system's cryptographic source, as hex, so no search
 * from the opening position finds it [issue 46]; its SHA-256 makes the generator's whole state (seed hash
 * 'sha256', src/core/rng.ts) [issue 55]. Only the server ever knows it, until the game is over. */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/** A write the database refused, in words a player may read (what went wrong, not a stack). `conflict`:
 * the data's own rule refused it (a command numbered twice), not the database. */
export class StoreError extends Error {
  constructor(
    readonly problem: string,
    readonly code: string,
    readonly conflict = false,
  ) {
    super(problem);
  }
}

export const openSeats = (seats: readonly StoredSeat[]) => seats.filter((s) => s.kind === 'open').length;

/**
 * A store's failures and recovery, the same for every database: a write that fails for the database's
 * sake puts the store in `failing`, a trial write (`probe`) every half second takes it out again, and
 * whoever waits is told.
 */
export abstract class FailureWatch {
  private problem: StoreError | null = null;
  private probing: ReturnType<typeof setInterval> | null = null;
  private trying = false;
  private waiting: (() => void)[] = [];

  get failing(): string | null {
    return this.problem?.problem ?? null;
  }

  whenWritable(then: () => void): void {
    if (!this.problem) return then();
    this.waiting.push(then);
  }

  /** A trial write, committed: true when the database takes writes again. */
  protected abstract probe(): Promise<boolean>;

  /** Every write goes through here: a failure is said in words, and the store tries again until it can. */
  protected async write<T>(run: () => T | Promise<T>, problemOf: (e: unknown) => StoreError): Promise<T> {
    try {
      return await run();
    } catch (e) {
      const error = e instanceof StoreError ? e : problemOf(e);
      // a broken rule of the data (a move number kept twice) is that write's fault, not the database's
      if (!error.conflict) this.fail(error);
      throw error;
    }
  }

  protected fail(error: StoreError): void {
    this.problem = error;
    if (this.probing) return;
    this.probing = setInterval(() => {
      if (this.trying) return;
      this.trying = true;
      void this.probe()
        .catch(() => false)
        .then((ok) => {
          this.trying = false;
          if (!ok || !this.probing) return;
          clearInterval(this.probing);
          this.probing = null;
          this.problem = null;
          for (const then of this.waiting.splice(0)) then();
        });
    }, 500);
    this.probing.unref();
  }

  protected stopWatching(): void {
    if (this.probing) clearInterval(this.probing);
    this.probing = null;
  }
}

/** A games row as either database gives it (PostgreSQL's bigints come as text). */
export interface Row {
  id: string;
  created: number | string;
  updated: number | string;
  ruleset: string;
  scenario: string;
  seed: string;
  seed_hash: string;
  options: string;
  hand_placement: string;
  seats: string;
  seat_timeout: number;
  pace: string;
  waiting_for: string | null;
  turn: number;
  clocks: string;
  clock_since: number | string;
  status: string;
  winner: string | null;
}

/** A stored row that does not read as a game (damaged by hand): that row's fault, not the database's. */
export class RowError extends Error {}

/** A stored row as a game; one whose fields are damaged does not read (throws a `RowError`). */
export function fromRow(row: Row): StoredGame {
  try {
    return gameOfRow(row);
  } catch (e) {
    throw e instanceof RowError ? e : new RowError((e as Error).message);
  }
}

function gameOfRow(row: Row): StoredGame {
  const seats = JSON.parse(row.seats) as StoredSeat[];
  if (!Array.isArray(seats) || seats.some((s) => typeof s !== 'object' || s === null || typeof s.side !== 'string' || typeof s.kind !== 'string')) throw new RowError('its seats are not a list of seats');
  return {
    id: row.id,
    created: Number(row.created),
    updated: Number(row.updated),
    ruleset: row.ruleset,
    scenario: row.scenario,
    seed: row.seed,
    seedHash: row.seed_hash === 'sha256' ? 'sha256' : 'xmur3',
    options: JSON.parse(row.options) as { [key: string]: Json },
    handPlacement: JSON.parse(row.hand_placement) as string[],
    seats,
    seatTimeoutSeconds: Number(row.seat_timeout),
    pace: row.pace,
    waitingFor: row.waiting_for,
    turn: Number(row.turn),
    clocks: JSON.parse(row.clocks) as { [side: string]: number },
    clockSince: Number(row.clock_since),
    status: row.status === 'over' ? 'over' : 'playing',
    winner: row.winner,
  };
}

/** Rows that read as games; one that does not is logged and left out, never the whole list. */
export function readable(rows: Row[]): StoredGame[] {
  const games: StoredGame[] = [];
  for (const row of rows) {
    try {
      games.push(fromRow(row));
    } catch (e) {
      console.error(`game ${String(row.id).slice(0, 40)}: its stored row does not read, left out: ${(e as Error).message}`);
    }
  }
  return games;
}

/** A database's or Redis's address without its password, for messages. */
export function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the address given';
  }
}
