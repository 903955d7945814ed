/**
 * The embedded game store [issue 27]: a SQLite file (better-sqlite3), for a server of one process. The
 * schema and guarantees are store.ts's. Each write is durable once it is answered: WAL with `synchronous =
 * FULL`, so a power loss or a filesystem fault after a move was answered cannot take it back (NORMAL lost
 * a game made seconds before one) [issue 55].
 *
 * The connection lives on a thread of its own (sqlite-worker.ts), which keeps the writes of the moment
 * together in one transaction (group commit): the server's thread, where every room runs, never waits for
 * the disk, and one fsync keeps every room's moves of the moment. Its cost per move is in the bench.
 */
import type { Worker } from 'node:worker_threads';
import type { Command } from '../core/engine/types';
import { serverWorker } from './server-worker';
import { FailureWatch, fromRow, openSeats, readable, StoreError, type Row, type GameProgress, type GameStore, type LobbyQuery, type NewStoredGame, type StoredGame, type StoredSeat } from './store';

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
  /** How long a write waits for another program's lock, in ms (on the store's own thread; past it the
   * games are on hold) (default 250). */
  busyTimeoutMs?: number;
  /** The largest the database may grow, in MB (SQLite's max_page_count); past it the games are on hold. */
  maxMegabytes?: number;
  /** 'FULL' (the default) or 'NORMAL': only the bench asks for NORMAL, to measure what FULL costs. */
  synchronous?: 'FULL' | 'NORMAL';
}

/** What the store asks of its thread (sqlite-worker.ts): the writes, kept by group commit, then the rest. */
export type SqliteRequest =
  | { op: 'createGame'; values: (string | number | null)[] }
  | { op: 'addCommands'; id: string; n: number; commands: string[]; progress: GameProgress }
  | { op: 'setSeats'; id: string; seats: string; open: number }
  | { op: 'finish'; id: string; winner: string }
  | { op: 'game'; id: string }
  | { op: 'games'; ids: readonly string[] }
  | { op: 'lobby'; ruleset?: string; scenario?: string; limit: number; offset: number }
  | { op: 'commands'; id: string }
  | { op: 'probe' }
  | { op: 'close' };
export interface SqliteEnvelope {
  id: number;
  request: SqliteRequest;
}
/** Its answer (id 0: the database opened, or why not). */
export type SqliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; code: string; message: string };
export interface SqliteWorkerData {
  file: string;
  options: SqliteOptions;
}

/** A SQLite error as the store's thread told it. */
class SqliteError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export class SqliteStore extends FailureWatch implements GameStore {
  readonly kind = 'sqlite';
  private worker: Worker | null = null;
  private opened: Promise<void> | null = null;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  /** Requests not yet posted to the store's thread (`post`). */
  private readonly outbox: SqliteEnvelope[] = [];
  private closed = false;

  private constructor(
    private readonly file: string,
    private readonly options: SqliteOptions,
  ) {
    super();
  }

  /** Open (or create) the database at `file` on the store's own thread; ':memory:' keeps it in memory (tests).
   * A file that cannot be opened as a database is refused, with SQLite's words. */
  static async open(file: string, options: SqliteOptions = {}): Promise<SqliteStore> {
    const store = new SqliteStore(file, options);
    try {
      await store.start();
    } catch (e) {
      throw new Error(`the database ${file} cannot be opened: ${(e as Error).message}`);
    }
    return store;
  }

  /** The store's thread, started (again, after one that stopped: a database that failed may open now). */
  private start(): Promise<void> {
    if (this.opened) return this.opened;
    const data: SqliteWorkerData = { file: this.file, options: this.options };
    const worker = serverWorker('sqlite-worker', data);
    this.worker = worker;
    worker.unref();
    this.opened = new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
      worker.on('message', (replies: SqliteReply[]) => {
        for (const reply of replies) this.answer(reply);
      });
      worker.on('error', (e) => this.stopped(worker, e));
      worker.on('exit', () => this.stopped(worker, new Error('the store\'s thread stopped')));
    });
    return this.opened;
  }

  private answer(reply: SqliteReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new SqliteError(reply.message, reply.code));
  }

  /** The thread is gone (an error, or the database would not open): whatever waited fails; the next
   * request starts another. */
  private stopped(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.opened = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    // failed, so never posted: the next thread must not keep a write its asker was told failed
    this.outbox.length = 0;
  }

  /** Ask the store's thread; answered in its time (a write once it is on the disk). */
  private async ask<T>(request: SqliteRequest): Promise<T> {
    if (this.closed) throw new SqliteError('the store is closed', 'CLOSED');
    await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker!.ref();
      if (this.outbox.push({ id, request }) === 1) setImmediate(() => this.post());
    });
  }

  /**
   * The requests of the moment go to the store's thread as one message [issue 55]: the rooms' moves read
   * from the sockets in one turn of the event loop are posted once it has read them all, and kept by one
   * commit, and their answers come back in one message. A message to a thread is a wake-up of it, and
   * one each was about 4% of the server's main thread with 50 rooms at once.
   */
  private post(): void {
    const batch = this.outbox.splice(0);
    if (batch.length) this.worker?.postMessage(batch satisfies SqliteEnvelope[]);
  }

  /** A write, its failure said in words (and the store failing until it writes again). */
  private run(request: SqliteRequest): Promise<void> {
    return this.write(() => this.ask<void>(request), problemOf);
  }

  /** A read: one that fails is said in words too (a damaged file), but does not put the games on hold. */
  private async read<T>(request: SqliteRequest): Promise<T> {
    try {
      return await this.ask<T>(request);
    } catch (e) {
      throw problemOf(e);
    }
  }

  protected async probe(): Promise<boolean> {
    return this.ask<boolean>({ op: 'probe' });
  }

  async createGame(game: NewStoredGame): Promise<StoredGame> {
    const now = Date.now();
    const stored: StoredGame = { ...game, created: now, updated: now, status: 'playing', winner: null };
    const values = [stored.id, now, now, stored.ruleset, stored.scenario, stored.seed, stored.seedHash, JSON.stringify(stored.options), JSON.stringify(stored.handPlacement), JSON.stringify(stored.seats), openSeats(stored.seats), stored.seatTimeoutSeconds, stored.pace, stored.waitingFor, stored.turn, JSON.stringify(stored.clocks), stored.clockSince, 'playing', null];
    await this.run({ op: 'createGame', values });
    return stored;
  }

  async game(id: string): Promise<StoredGame | null> {
    const row = await this.read<Row | null>({ op: 'game', id });
    // a row that does not read (damaged by hand) is that row's fault (a RowError), not the database's
    return row ? fromRow(row) : null;
  }

  async games(ids: readonly string[]): Promise<StoredGame[]> {
    if (!ids.length) return [];
    return readable(await this.read<Row[]>({ op: 'games', ids }));
  }

  async lobby(query: LobbyQuery = {}): Promise<StoredGame[]> {
    const limit = Math.min(100, Math.max(1, query.limit ?? 50));
    const offset = Math.max(0, query.offset ?? 0);
    // a side asked for is looked for in the seats (JSON), so the page is cut after that filter
    const rows = await this.read<Row[]>({ op: 'lobby', ...(query.ruleset ? { ruleset: query.ruleset } : {}), ...(query.scenario ? { scenario: query.scenario } : {}), limit: query.side ? 1000 : limit, offset: query.side ? 0 : offset });
    const games = readable(rows);
    if (!query.side) return games;
    return games.filter((g) => g.seats.some((s) => s.side === query.side && s.kind === 'open')).slice(offset, offset + limit);
  }

  async commands(id: string): Promise<Command<string>[]> {
    return (await this.read<string[]>({ op: 'commands', id })).map((c) => JSON.parse(c) as Command<string>);
  }

  addCommands(id: string, n: number, commands: readonly Command<string>[], progress: GameProgress): Promise<void> {
    return this.run({ op: 'addCommands', id, n, commands: commands.map((c) => JSON.stringify(c)), progress });
  }

  setSeats(id: string, seats: StoredSeat[]): Promise<void> {
    return this.run({ op: 'setSeats', id, seats: JSON.stringify(seats), open: openSeats(seats) });
  }

  finish(id: string, winner: string): Promise<void> {
    return this.run({ op: 'finish', id, winner });
  }

  async close(): Promise<void> {
    this.stopWatching();
    if (this.closed) return;
    const worker = this.worker;
    if (worker) await this.ask({ op: 'close' }).catch(() => {});
    this.closed = true;
    await worker?.terminate();
  }
}
