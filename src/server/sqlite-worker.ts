/**
 * The SQLite store's own thread [issue 55] (sqlite-store.ts is the other side): it holds the database
 * connection, so no write, and no wait for the disk, ever blocks the server's thread, where every room
 * runs. Writes are kept by group commit: the writes that arrive while the last commit waited for the disk
 * are kept together in the next transaction, each in a savepoint of its own (one that fails is undone
 * alone and answered with its error), and answered only once that transaction is on the disk
 * (`synchronous = FULL`). So a move is told to nobody before it is kept, as before, while one fsync keeps
 * every room's moves of the moment instead of one fsync a move. Reads are answered after the commit of
 * the writes that came with them, so they see what was answered before them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { SqliteOptions, SqliteReply, SqliteRequest, SqliteEnvelope, SqliteWorkerData } from './sqlite-store';

const { file, options } = workerData as SqliteWorkerData;
const port = parentPort!;

/** The writes, kept by group commit; everything else is answered after them. */
const WRITES = new Set<SqliteRequest['op']>(['createGame', 'addCommands', 'setSeats', 'finish']);

class Connection {
  private readonly db: Database.Database;
  private readonly busyTimeoutMs: number;
  private readonly statements: { [name: string]: Database.Statement };
  /** Each write in a savepoint of its own (better-sqlite3 makes a transaction inside another a savepoint). */
  private readonly inSavepoint: (request: SqliteRequest) => unknown;

  constructor(file: string, options: SqliteOptions) {
    this.busyTimeoutMs = options.busyTimeoutMs ?? 250;
    this.db = new Database(file, { timeout: this.busyTimeoutMs });
    // WAL: readers never wait for the writer; FULL: a transaction is on the disk when its commit returns
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
    this.statements = {
      createGame: this.db.prepare(
        'insert into games (id, created, updated, ruleset, scenario, seed, seed_hash, options, hand_placement, seats, open_seats, seat_timeout, pace, waiting_for, turn, clocks, clock_since, status, winner) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      game: this.db.prepare('select * from games where id = ?'),
      commands: this.db.prepare('select command from commands where game_id = ? order by n'),
      insertCommand: this.db.prepare('insert into commands (game_id, n, command) values (?, ?, ?)'),
      keepProgress: this.db.prepare('update games set updated = ?, waiting_for = ?, turn = ?, clocks = ?, clock_since = ? where id = ?'),
      updateSeats: this.db.prepare('update games set seats = ?, open_seats = ?, updated = ? where id = ?'),
      finish: this.db.prepare("update games set status = 'over', winner = ?, waiting_for = null where id = ?"),
    };
    this.inSavepoint = this.db.transaction((request: SqliteRequest) => this.write(request));
  }

  private write(request: SqliteRequest): void {
    const s = this.statements;
    switch (request.op) {
      case 'createGame':
        s.createGame!.run(...request.values);
        return;
      case 'addCommands': {
        // a move of several commands is kept whole or not at all [issue 47]
        const { id, n, commands, progress } = request;
        commands.forEach((command, i) => s.insertCommand!.run(id, n + i, command));
        s.keepProgress!.run(Date.now(), progress.waitingFor, progress.turn, JSON.stringify(progress.clocks), progress.clockSince, id);
        return;
      }
      case 'setSeats':
        s.updateSeats!.run(request.seats, request.open, Date.now(), request.id);
        return;
      case 'finish':
        s.finish!.run(request.winner, request.id);
        return;
      default:
        throw new Error(`${request.op} is no write`);
    }
  }

  /** Writes kept together: one transaction, a savepoint each, answered once it is on the disk. */
  commitTogether(writes: SqliteEnvelope[]): SqliteReply[] {
    try {
      this.db.exec('begin immediate');
    } catch (e) {
      // another program's lock past the busy timeout, a file that cannot be written: none is kept
      return writes.map((w) => failure(w.id, e));
    }
    const replies: SqliteReply[] = [];
    for (const w of writes) {
      try {
        this.inSavepoint(w.request);
        replies.push({ id: w.id, ok: true, value: null });
      } catch (e) {
        // a full disk or a failing one may roll the whole transaction back, not just the savepoint: then
        // none of the writes before it was kept either, and the database refuses the rest too
        if (!this.db.inTransaction) return writes.map((x) => failure(x.id, e));
        replies.push(failure(w.id, e));
      }
    }
    try {
      this.db.exec('commit');
      return replies;
    } catch (e) {
      // not on the disk: none of them was kept
      try {
        if (this.db.inTransaction) this.db.exec('rollback');
      } catch {
        // the rollback's own failure changes nothing: the commit did not happen
      }
      return writes.map((w) => failure(w.id, e));
    }
  }

  /** A read, a trial write or the close. */
  other(request: SqliteRequest): unknown {
    const s = this.statements;
    switch (request.op) {
      case 'game':
        return s.game!.get(request.id) ?? null;
      case 'games':
        return this.db.prepare(`select * from games where id in (${request.ids.map(() => '?').join(', ')})`).all(...request.ids);
      case 'lobby': {
        const { ruleset, scenario, limit, offset } = request;
        const where = ["status = 'playing'", 'open_seats > 0'];
        const args: (string | number)[] = [];
        if (ruleset) where.push('ruleset = ?') && args.push(ruleset);
        if (scenario) where.push('scenario = ?') && args.push(scenario);
        return this.db.prepare(`select * from games where ${where.join(' and ')} order by updated desc limit ? offset ?`).all(...args, limit, offset);
      }
      case 'commands':
        return (s.commands!.all(request.id) as { command: string }[]).map((r) => r.command);
      case 'probe':
        return this.probe();
      case 'close':
        this.db.close();
        return null;
      default:
        throw new Error(`${request.op} is a write`);
    }
  }

  /**
   * A trial write, committed (so it reaches the file: a lock, a read-only file or a failing disk refuse it),
   * and room for a few more pages under the size limit (a full database takes a one-row rewrite, not a move).
   */
  private probe(): boolean {
    // a trial does not wait for a lock: the games are on hold meanwhile, and it is tried again soon
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
}

/** A SQLite error as it crosses to the server's thread: its code (what it means is store.ts's) and words. */
function failure(id: number, e: unknown): SqliteReply {
  return { id, ok: false, code: String((e as { code?: unknown }).code ?? 'unknown'), message: (e as Error).message };
}

let connection: Connection;
try {
  connection = new Connection(file, options);
  port.postMessage([{ id: 0, ok: true, value: null }] satisfies SqliteReply[]);
} catch (e) {
  port.postMessage([failure(0, e)]);
  process.exit(0);
}

// what arrives while a commit waits for the disk is kept by the next one: the messages are read after
// it, all of them, before the check phase runs the next flush
const queue: SqliteEnvelope[] = [];
let flushing = false;
port.on('message', (envelopes: SqliteEnvelope[]) => {
  queue.push(...envelopes);
  if (flushing) return;
  flushing = true;
  setImmediate(flush);
});

function flush(): void {
  flushing = false;
  const batch = queue.splice(0);
  const writes = batch.filter((e) => WRITES.has(e.request.op));
  const replies = writes.length ? connection.commitTogether(writes) : [];
  for (const e of batch) {
    if (WRITES.has(e.request.op)) continue;
    try {
      replies.push({ id: e.id, ok: true, value: connection.other(e.request) });
    } catch (error) {
      replies.push(failure(e.id, error));
    }
  }
  // answered in one message (sqlite-store.ts `post`)
  port.postMessage(replies);
}
