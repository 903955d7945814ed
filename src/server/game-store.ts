/**
 * Where the game server keeps its games [issue 27]: a SQLite database (better-sqlite3), one row per game
 * (its ruleset, scenario, seed and options: what starts it) and one per command applied, written before
 * the command's result is sent, so a server restart loses nothing: a game is its start and its log.
 * Seat tokens are kept only as hashes; a token is the key to its seat and is never stored or sent back.
 *
 * A write that fails (the file locked by another program past the busy timeout, the disk or the size limit
 * full, the file made read-only) throws a `StoreError` that says why in words, and the store is then
 * `failing` until a trial write succeeds again: it tries every half second and tells whoever waits
 * (`whenWritable`), so the rooms put their games on hold and resume by themselves [issue 46].
 */
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import type { Command, Json } from '../core/engine/types';
import type { SeatKind } from '../online/protocol';
import type { SeedHash } from '../core/rng';

/** A seat as stored: who sits there, and the hash of its token when a person holds it. */
export interface StoredSeat {
  side: string;
  kind: SeatKind;
  agent?: string;
  tokenHash?: string;
  /** When the seat goes to an AI if its person has not come back (ms since 1970): kept with the game so a
   * restarted server still hands it over [issue 46]. */
  handOverAt?: number;
}

export interface StoredGame {
  id: string;
  created: number;
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
  /** 'playing' until the game has a winner. */
  status: 'playing' | 'over';
  winner: string | null;
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

/** A write the database refused, in words a player may read (what went wrong, not a stack). */
export class StoreError extends Error {
  constructor(
    readonly problem: string,
    readonly code: string,
  ) {
    super(problem);
  }
}

/** What a SQLite error means for whoever waits on the game. */
function problemOf(e: unknown): StoreError {
  const code = String((e as { code?: unknown }).code ?? 'unknown');
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new StoreError('the database is locked by another program', code);
  if (code.startsWith('SQLITE_FULL')) return new StoreError('the database is full (its disk, or its size limit)', code);
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM'))
    return new StoreError('the database file cannot be written', code);
  return new StoreError(`the database failed (${code}: ${(e as Error).message})`, code);
}

export interface StoreOptions {
  /** How long a write waits for another program's lock, in ms. The wait blocks the server's one thread,
   * so it is short; a longer lock puts the games on hold instead (default 250). */
  busyTimeoutMs?: number;
  /** The largest the database may grow, in MB (SQLite's max_page_count); past it the games are on hold. */
  maxMegabytes?: number;
}

/** How the lobby looks: games of a ruleset, or with a side open; `limit` rows from `offset`. */
export interface LobbyQuery {
  ruleset?: string;
  scenario?: string;
  side?: string;
  limit?: number;
  offset?: number;
}

export class GameStore {
  private readonly db: Database.Database;
  private readonly busyTimeoutMs: number;
  private readonly insertCommand: Database.Statement;
  private readonly touchGame: Database.Statement;
  private readonly updateSeats: Database.Statement;
  private readonly keepCommands: (id: string, n: number, commands: string[]) => void;
  /** Why the last write failed, until a trial write succeeds again. */
  private problem: StoreError | null = null;
  private probing: ReturnType<typeof setInterval> | null = null;
  private waiting: (() => void)[] = [];

  /** Open (or create) the database at `file`; ':memory:' keeps it in memory (tests). */
  constructor(file: string, options: StoreOptions = {}) {
    this.busyTimeoutMs = options.busyTimeoutMs ?? 250;
    this.db = new Database(file, { timeout: this.busyTimeoutMs });
    // WAL: a command is durable once written, and readers never wait for the writer
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      create table if not exists games (
        id text primary key,
        created integer not null,
        ruleset text not null,
        scenario text not null,
        seed text not null,
        options text not null,
        seats text not null,
        seat_timeout integer not null,
        status text not null,
        winner text,
        hand_placement text not null default '[]'
      );
      create table if not exists commands (
        game_id text not null references games(id),
        n integer not null,
        command text not null,
        primary key (game_id, n)
      );
      create table if not exists probe (id integer primary key, at integer not null);`);
    // columns added since the first databases (their games placed automatically, and are ordered by creation)
    const columns = (this.db.prepare('pragma table_info(games)').all() as { name: string }[]).map((c) => c.name);
    if (!columns.includes('hand_placement')) this.db.exec("alter table games add column hand_placement text not null default '[]'");
    if (!columns.includes('open_seats')) this.db.exec('alter table games add column open_seats integer not null default 0');
    // games made before [issue 55] seeded their RNG by the 32-bit fold, and keep it
    if (!columns.includes('seed_hash')) this.db.exec("alter table games add column seed_hash text not null default 'xmur3'");
    if (!columns.includes('updated')) this.db.exec('alter table games add column updated integer not null default 0; update games set updated = created');
    this.db.exec('create index if not exists games_lobby on games (status, open_seats, updated)');
    if (options.maxMegabytes !== undefined) {
      const pageSize = this.db.pragma('page_size', { simple: true }) as number;
      this.db.pragma(`max_page_count = ${Math.max(1, Math.floor((options.maxMegabytes * 1048576) / pageSize))}`);
    }
    // the statements of every move, prepared once (preparing is most of a small write's cost)
    this.insertCommand = this.db.prepare('insert into commands (game_id, n, command) values (?, ?, ?)');
    this.touchGame = this.db.prepare('update games set updated = ? where id = ?');
    this.updateSeats = this.db.prepare('update games set seats = ?, open_seats = ?, updated = ? where id = ?');
    // a move of several commands is one write: all of it is kept, or none [issue 47]
    this.keepCommands = this.db.transaction((id: string, n: number, commands: string[]) => {
      commands.forEach((command, i) => this.insertCommand.run(id, n + i, command));
      this.touchGame.run(Date.now(), id);
    });
  }

  /** Why writes fail now (null: they do not). */
  get failing(): string | null {
    return this.problem?.problem ?? null;
  }

  /** Call `then` once the database takes writes again (at once when it does now). */
  whenWritable(then: () => void): void {
    if (!this.problem) return then();
    this.waiting.push(then);
  }

  /** Every write goes through here: a failure is said in words, and the store tries again until it can. */
  private write<T>(run: () => T): T {
    try {
      return run();
    } catch (e) {
      const error = problemOf(e);
      // a broken rule of the data (a move number kept twice) is that write's fault, not the database's
      if (!error.code.startsWith('SQLITE_CONSTRAINT')) this.fail(error);
      throw error;
    }
  }

  private fail(error: StoreError): void {
    this.problem = error;
    if (this.probing) return;
    this.probing = setInterval(() => {
      if (!this.probe()) return;
      clearInterval(this.probing!);
      this.probing = null;
      this.problem = null;
      for (const then of this.waiting.splice(0)) then();
    }, 500);
    this.probing.unref();
  }

  /**
   * A trial write, committed (so it reaches the file: a lock, a read-only file or a failing disk refuse it),
   * and room for a few more pages under the size limit (a full database takes a one-row rewrite, not a move).
   */
  private probe(): boolean {
    // a trial does not wait for a lock: the wait would block the server's one thread every half second
    this.db.pragma('busy_timeout = 0');
    try {
      const pages = this.db.pragma('page_count', { simple: true }) as number;
      const free = this.db.pragma('freelist_count', { simple: true }) as number;
      const max = this.db.pragma('max_page_count', { simple: true }) as number;
      if (pages - free + 8 > max) return false;
      this.db.prepare('insert or replace into probe (id, at) values (1, ?)').run(Date.now());
      return true;
    } catch {
      return false;
    } finally {
      this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  createGame(game: Omit<StoredGame, 'status' | 'winner' | 'created'>): StoredGame {
    const stored: StoredGame = { ...game, created: Date.now(), status: 'playing', winner: null };
    this.write(() =>
      this.db
        .prepare('insert into games (id, created, updated, ruleset, scenario, seed, seed_hash, options, hand_placement, seats, open_seats, seat_timeout, status, winner) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(stored.id, stored.created, stored.created, stored.ruleset, stored.scenario, stored.seed, stored.seedHash, JSON.stringify(stored.options), JSON.stringify(stored.handPlacement), JSON.stringify(stored.seats), openSeats(stored.seats), stored.seatTimeoutSeconds, stored.status, null),
    );
    return stored;
  }

  game(id: string): StoredGame | null {
    const row = this.db.prepare('select * from games where id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** The games still being played, most recently played first. */
  playing(limit = 100): StoredGame[] {
    return readable(this.db.prepare("select * from games where status = 'playing' order by updated desc limit ?").all(limit) as Row[]);
  }

  /**
   * The lobby: games being played with a seat open to anyone, of the ruleset, scenario or open side asked
   * for; those played most recently first (a game someone is in moves; a flood of made-and-left games does
   * not), so a page is what a player looking for a game wants to see. A row that does not read is left
   * out and logged, never the whole list.
   */
  lobby(query: LobbyQuery = {}): StoredGame[] {
    const where = ["status = 'playing'", 'open_seats > 0'];
    const args: (string | number)[] = [];
    if (query.ruleset) where.push('ruleset = ?') && args.push(query.ruleset);
    if (query.scenario) where.push('scenario = ?') && args.push(query.scenario);
    const limit = Math.min(100, Math.max(1, query.limit ?? 50));
    const offset = Math.max(0, query.offset ?? 0);
    // a side asked for is looked for in the seats (JSON), so the page is cut after that filter
    const rows = this.db.prepare(`select * from games where ${where.join(' and ')} order by updated desc limit ? offset ?`).all(...args, query.side ? 1000 : limit, query.side ? 0 : offset) as Row[];
    const games = readable(rows);
    if (!query.side) return games;
    return games.filter((g) => g.seats.some((s) => s.side === query.side && s.kind === 'open')).slice(offset, offset + limit);
  }

  commands(id: string): Command<string>[] {
    return (this.db.prepare('select command from commands where game_id = ? order by n').all(id) as { command: string }[]).map((r) => JSON.parse(r.command) as Command<string>);
  }

  /** Keep the `n`-th command (from 0) of a game. */
  addCommand(id: string, n: number, command: Command<string>): void {
    this.addCommands(id, n, [command]);
  }

  /** Keep a game's commands from its `n`-th (from 0) on, in one transaction: all of them, or none [issue 47]. */
  addCommands(id: string, n: number, commands: readonly Command<string>[]): void {
    this.write(() => this.keepCommands(id, n, commands.map((c) => JSON.stringify(c))));
  }

  setSeats(id: string, seats: StoredSeat[]): void {
    this.write(() => this.updateSeats.run(JSON.stringify(seats), openSeats(seats), Date.now(), id));
  }

  finish(id: string, winner: string): void {
    this.write(() => this.db.prepare("update games set status = 'over', winner = ? where id = ?").run(winner, id));
  }

  close(): void {
    if (this.probing) clearInterval(this.probing);
    this.db.close();
  }
}

const openSeats = (seats: readonly StoredSeat[]) => seats.filter((s) => s.kind === 'open').length;

interface Row {
  id: string;
  created: number;
  ruleset: string;
  scenario: string;
  seed: string;
  seed_hash: string;
  options: string;
  hand_placement: string;
  seats: string;
  seat_timeout: number;
  status: string;
  winner: string | null;
}

/** The rows that read as games; one that does not (a damaged seats list) is logged and left out. */
function readable(rows: Row[]): StoredGame[] {
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

function fromRow(row: Row): StoredGame {
  const seats = JSON.parse(row.seats) as StoredSeat[];
  if (!Array.isArray(seats) || seats.some((s) => typeof s !== 'object' || s === null || typeof s.side !== 'string' || typeof s.kind !== 'string')) throw new Error('its seats are not a list of seats');
  return {
    id: row.id,
    created: row.created,
    ruleset: row.ruleset,
    scenario: row.scenario,
    seed: row.seed,
    seedHash: row.seed_hash === 'sha256' ? 'sha256' : 'xmur3',
    options: JSON.parse(row.options) as { [key: string]: Json },
    handPlacement: JSON.parse(row.hand_placement) as string[],
    seats,
    seatTimeoutSeconds: row.seat_timeout,
    status: row.status === 'over' ? 'over' : 'playing',
    winner: row.winner,
  };
}
