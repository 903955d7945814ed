/**
 * The embedded game store [issue 27]: a SQLite file (better-sqlite3), for a server of one process. The
 * schema and guarantees are store.ts's. Each write is durable once it returns: WAL with `synchronous =
 * FULL`, so a power loss or a filesystem fault after a move was answered cannot take it back (NORMAL lost
 * a game made seconds before one) [issue 55]; its cost per move is in the bench.
 */
import Database from 'better-sqlite3';
import type { Command } from '../core/engine/types';
import { FailureWatch, fromRow, openSeats, readable, RowError, StoreError, type Row, type GameProgress, type GameStore, type LobbyQuery, type NewStoredGame, type StoredGame, type StoredSeat } from './store';

/** What a SQLite error means for whoever waits on the game. */
function problemOf(e: unknown): StoreError {
  const code = String((e as { code?: unknown }).code ?? 'unknown');
  if (code.startsWith('SQLITE_CONSTRAINT')) return new StoreError(`the move was kept already (${(e as Error).message})`, code, true);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new StoreError('the database is locked by another program', code);
  if (code.startsWith('SQLITE_FULL')) return new StoreError('the database is full (its disk, or its size limit)', code);
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM'))
    return new StoreError('the database file cannot be written', code);
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) return new StoreError('the database file is damaged', code);
  return new StoreError(`the database failed (${code}: ${(e as Error).message})`, code);
}

export interface SqliteOptions {
  /** How long a write waits for another program's lock, in ms. The wait blocks the server's one thread,
   * so it is short; a longer lock puts the games on hold instead (default 250). */
  busyTimeoutMs?: number;
  /** The largest the database may grow, in MB (SQLite's max_page_count); past it the games are on hold. */
  maxMegabytes?: number;
  /** 'FULL' (the default) or 'NORMAL': only the bench asks for NORMAL, to measure what FULL costs. */
  synchronous?: 'FULL' | 'NORMAL';
}

export class SqliteStore extends FailureWatch implements GameStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly busyTimeoutMs: number;
  private readonly insertCommand: Database.Statement;
  private readonly keepProgress: Database.Statement;
  private readonly updateSeats: Database.Statement;
  private readonly keepCommands: (id: string, n: number, commands: string[], progress: GameProgress) => void;

  /** Open (or create) the database at `file`; ':memory:' keeps it in memory (tests). */
  constructor(file: string, options: SqliteOptions = {}) {
    super();
    this.busyTimeoutMs = options.busyTimeoutMs ?? 250;
    this.db = new Database(file, { timeout: this.busyTimeoutMs });
    // WAL: readers never wait for the writer; FULL: a write is on the disk when it returns
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
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
    // columns added since the first databases (their games placed automatically, ordered by creation,
    // seeded by the 32-bit fold, played live)
    const columns = (this.db.prepare('pragma table_info(games)').all() as { name: string }[]).map((c) => c.name);
    const add = (column: string, definition: string, then = '') => columns.includes(column) || this.db.exec(`alter table games add column ${column} ${definition};${then}`);
    add('hand_placement', "text not null default '[]'");
    add('open_seats', 'integer not null default 0');
    add('updated', 'integer not null default 0', 'update games set updated = created');
    add('seed_hash', "text not null default 'xmur3'");
    add('pace', "text not null default 'live'");
    add('waiting_for', 'text');
    add('turn', 'integer not null default 1');
    add('clocks', "text not null default '{}'");
    add('clock_since', 'integer not null default 0');
    this.db.exec('create index if not exists games_lobby on games (status, open_seats, updated)');
    if (options.maxMegabytes !== undefined) {
      const pageSize = this.db.pragma('page_size', { simple: true }) as number;
      this.db.pragma(`max_page_count = ${Math.max(1, Math.floor((options.maxMegabytes * 1048576) / pageSize))}`);
    }
    // the statements of every move, prepared once (preparing is most of a small write's cost)
    this.insertCommand = this.db.prepare('insert into commands (game_id, n, command) values (?, ?, ?)');
    this.keepProgress = this.db.prepare('update games set updated = ?, waiting_for = ?, turn = ?, clocks = ?, clock_since = ? where id = ?');
    this.updateSeats = this.db.prepare('update games set seats = ?, open_seats = ?, updated = ? where id = ?');
    // a move of several commands is one write: all of it is kept, or none [issue 47]
    this.keepCommands = this.db.transaction((id: string, n: number, commands: string[], progress: GameProgress) => {
      commands.forEach((command, i) => this.insertCommand.run(id, n + i, command));
      this.keepProgress.run(Date.now(), progress.waitingFor, progress.turn, JSON.stringify(progress.clocks), progress.clockSince, id);
    });
  }

  /** A write, its failure said in words (and the store failing until it writes again). */
  private run<T>(write: () => T): Promise<T> {
    return this.write(write, problemOf);
  }

  /** A read: one that fails is said in words too (a damaged file), but does not put the games on hold. */
  private async read<T>(read: () => T): Promise<T> {
    try {
      return read();
    } catch (e) {
      // the database's own failure in words; a row that does not read (damaged by hand) is that row's
      throw e instanceof RowError ? e : problemOf(e);
    }
  }

  /**
   * A trial write, committed (so it reaches the file: a lock, a read-only file or a failing disk refuse it),
   * and room for a few more pages under the size limit (a full database takes a one-row rewrite, not a move).
   */
  protected async probe(): Promise<boolean> {
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

  createGame(game: NewStoredGame): Promise<StoredGame> {
    const now = Date.now();
    const stored: StoredGame = { ...game, created: now, updated: now, status: 'playing', winner: null };
    return this.run(() => {
      this.db
        .prepare(
          'insert into games (id, created, updated, ruleset, scenario, seed, seed_hash, options, hand_placement, seats, open_seats, seat_timeout, pace, waiting_for, turn, clocks, clock_since, status, winner) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(stored.id, now, now, stored.ruleset, stored.scenario, stored.seed, stored.seedHash, JSON.stringify(stored.options), JSON.stringify(stored.handPlacement), JSON.stringify(stored.seats), openSeats(stored.seats), stored.seatTimeoutSeconds, stored.pace, stored.waitingFor, stored.turn, JSON.stringify(stored.clocks), stored.clockSince, 'playing', null);
      return stored;
    });
  }

  game(id: string): Promise<StoredGame | null> {
    return this.read(() => {
      const row = this.db.prepare('select * from games where id = ?').get(id) as Row | undefined;
      return row ? fromRow(row) : null;
    });
  }

  games(ids: readonly string[]): Promise<StoredGame[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.read(() => readable(this.db.prepare(`select * from games where id in (${ids.map(() => '?').join(', ')})`).all(...ids) as Row[]));
  }

  lobby(query: LobbyQuery = {}): Promise<StoredGame[]> {
    const where = ["status = 'playing'", 'open_seats > 0'];
    const args: (string | number)[] = [];
    if (query.ruleset) where.push('ruleset = ?') && args.push(query.ruleset);
    if (query.scenario) where.push('scenario = ?') && args.push(query.scenario);
    const limit = Math.min(100, Math.max(1, query.limit ?? 50));
    const offset = Math.max(0, query.offset ?? 0);
    return this.read(() => {
      // a side asked for is looked for in the seats (JSON), so the page is cut after that filter
      const rows = this.db.prepare(`select * from games where ${where.join(' and ')} order by updated desc limit ? offset ?`).all(...args, query.side ? 1000 : limit, query.side ? 0 : offset) as Row[];
      const games = readable(rows);
      if (!query.side) return games;
      return games.filter((g) => g.seats.some((s) => s.side === query.side && s.kind === 'open')).slice(offset, offset + limit);
    });
  }

  commands(id: string): Promise<Command<string>[]> {
    return this.read(() => (this.db.prepare('select command from commands where game_id = ? order by n').all(id) as { command: string }[]).map((r) => JSON.parse(r.command) as Command<string>));
  }

  addCommands(id: string, n: number, commands: readonly Command<string>[], progress: GameProgress): Promise<void> {
    return this.run(() => this.keepCommands(id, n, commands.map((c) => JSON.stringify(c)), progress));
  }

  setSeats(id: string, seats: StoredSeat[]): Promise<void> {
    return this.run(() => void this.updateSeats.run(JSON.stringify(seats), openSeats(seats), Date.now(), id));
  }

  finish(id: string, winner: string): Promise<void> {
    return this.run(() => void this.db.prepare("update games set status = 'over', winner = ?, waiting_for = null where id = ?").run(winner, id));
  }

  async close(): Promise<void> {
    this.stopWatching();
    this.db.close();
  }
}
