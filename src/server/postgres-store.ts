/**
 * The game store on PostgreSQL [issue 55] (`DATABASE_URL=postgres://...`): the schema and guarantees of
 * store.ts, shared by every server process. A commit is durable when it returns (PostgreSQL's default:
 * `synchronous_commit = on`, the commit flushed to its write-ahead log). A move is one statement (its
 * commands and where the game then stands), so it is kept whole or not at all, in one round trip; the
 * commands' key (game, number) lets only one process keep a game's next command.
 *
 * A database server that is down, restarting or gone away fails the write with words to say so, and the
 * store is `failing` until a trial write goes through (store.ts); the pool makes new connections as it
 * needs them, so nothing has to restart.
 */
import pg from 'pg';
import type { Command } from '../core/engine/types';
import { FailureWatch, fromRow, openSeats, readable, StoreError, type GameProgress, type GameStore, type LobbyQuery, type NewStoredGame, type Row, type StoredGame, type StoredSeat, RowError, where } from './store';

/** What a PostgreSQL (or connection) error means for whoever waits on the game. */
function problemOf(e: unknown): StoreError {
  const code = String((e as { code?: unknown }).code ?? 'unknown');
  const message = (e as Error).message ?? String(e);
  if (code === '23505') return new StoreError(`the move was kept already (${message})`, code, true);
  if (['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006'].includes(code) || /terminat|timeout|Connection|connect/i.test(message))
    return new StoreError('the database server cannot be reached', code);
  if (code === '53100') return new StoreError('the database is full (its disk)', code);
  if (code === '25006' || code === '42501') return new StoreError('the database cannot be written (read-only, or not allowed)', code);
  return new StoreError(`the database failed (${code}: ${message.slice(0, 200)})`, code);
}

const SCHEMA = `
  create table if not exists games (
    id text primary key,
    created bigint not null,
    updated bigint not null,
    ruleset text not null,
    scenario text not null,
    seed text not null,
    seed_hash text not null default 'xmur3',
    options text not null,
    hand_placement text not null default '[]',
    seats text not null,
    open_seats integer not null default 0,
    seat_timeout integer not null,
    pace text not null default 'live',
    waiting_for text,
    turn integer not null default 1,
    clocks text not null default '{}',
    clock_since bigint not null default 0,
    status text not null,
    winner text
  );
  create table if not exists commands (
    game_id text not null references games(id),
    n integer not null,
    command text not null,
    primary key (game_id, n)
  );
  create table if not exists probe (id integer primary key, at bigint not null);
  create index if not exists games_lobby on games (status, open_seats, updated);`;

/** The lock that makes two processes starting at once create the schema one after the other. */
const SCHEMA_LOCK = 55_055;

export class PostgresStore extends FailureWatch implements GameStore {
  readonly kind = 'postgres';

  private constructor(private readonly pool: pg.Pool) {
    super();
  }

  /** Connect and make the schema (if it is not there); throws, saying so, when the server cannot be reached. */
  static async open(url: string): Promise<PostgresStore> {
    // a wait for a connection of the pool (many rooms at once, a loaded machine) is not the server gone: 10 s
    const pool = new pg.Pool({ connectionString: url, max: 16, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, statement_timeout: 5000, query_timeout: 6000 });
    // a connection the server closes while idle (a restart) is an event of the pool, never a crash
    pool.on('error', (e) => console.error(`the database connection was lost: ${e.message}`));
    const client = await pool.connect().catch((e: Error) => {
      void pool.end();
      throw new Error(`the database at ${where(url)} cannot be reached: ${e.message}`);
    });
    try {
      await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    } finally {
      client.release();
    }
    return new PostgresStore(pool);
  }

  /**
   * A statement run as a named one, which PostgreSQL parses and plans once on each connection and then only
   * runs: a move's write (the commands and where the game stands), the seats', and a room's reads run
   * thousands of times, and parsing and planning them each time was about half of PostgreSQL's CPU a move
   * (0.27-0.30 -> 0.14-0.18 ms, 3,000 moves of 50 games at once, load 14-17). `name` goes with one text only.
   */
  private prepared<R extends pg.QueryResultRow = pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>({ name, text, values });
  }

  private run<T>(write: () => Promise<T>): Promise<T> {
    return this.write(write, problemOf);
  }

  private async read<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (e) {
      // the database's (or the connection's) failure in words; a row that does not read is that row's
      throw e instanceof RowError ? e : problemOf(e);
    }
  }

  protected async probe(): Promise<boolean> {
    try {
      await this.pool.query('insert into probe (id, at) values (1, $1) on conflict (id) do update set at = excluded.at', [Date.now()]);
      return true;
    } catch {
      return false;
    }
  }

  createGame(game: NewStoredGame): Promise<StoredGame> {
    const now = Date.now();
    const stored: StoredGame = { ...game, created: now, updated: now, status: 'playing', winner: null };
    return this.run(async () => {
      await this.pool.query(
        'insert into games (id, created, updated, ruleset, scenario, seed, seed_hash, options, hand_placement, seats, open_seats, seat_timeout, pace, waiting_for, turn, clocks, clock_since, status, winner) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)',
        [stored.id, now, now, stored.ruleset, stored.scenario, stored.seed, stored.seedHash, JSON.stringify(stored.options), JSON.stringify(stored.handPlacement), JSON.stringify(stored.seats), openSeats(stored.seats), stored.seatTimeoutSeconds, stored.pace, stored.waitingFor, stored.turn, JSON.stringify(stored.clocks), stored.clockSince, 'playing', null],
      );
      return stored;
    });
  }

  game(id: string): Promise<StoredGame | null> {
    return this.read(async () => {
      const row = (await this.prepared<Row>('game', 'select * from games where id = $1', [id])).rows[0];
      return row ? fromRow(row) : null;
    });
  }

  games(ids: readonly string[]): Promise<StoredGame[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.read(async () => readable((await this.pool.query<Row>('select * from games where id = any($1::text[])', [ids])).rows));
  }

  lobby(query: LobbyQuery = {}): Promise<StoredGame[]> {
    const where = ["status = 'playing'", 'open_seats > 0'];
    const args: (string | number)[] = [];
    if (query.ruleset) where.push(`ruleset = $${args.push(query.ruleset)}`);
    if (query.scenario) where.push(`scenario = $${args.push(query.scenario)}`);
    const limit = Math.min(100, Math.max(1, query.limit ?? 50));
    const offset = Math.max(0, query.offset ?? 0);
    return this.read(async () => {
      // a side asked for is looked for in the seats (JSON), so the page is cut after that filter
      const page = query.side ? [1000, 0] : [limit, offset];
      const rows = (await this.pool.query<Row>(`select * from games where ${where.join(' and ')} order by updated desc limit $${args.length + 1} offset $${args.length + 2}`, [...args, ...page])).rows;
      const games = readable(rows);
      if (!query.side) return games;
      return games.filter((g) => g.seats.some((s) => s.side === query.side && s.kind === 'open')).slice(offset, offset + limit);
    });
  }

  commands(id: string): Promise<Command<string>[]> {
    return this.read(async () => (await this.prepared<{ command: string }>('commands', 'select command from commands where game_id = $1 order by n', [id])).rows.map((r) => JSON.parse(r.command) as Command<string>));
  }

  addCommands(id: string, n: number, commands: readonly Command<string>[], progress: GameProgress): Promise<void> {
    // one statement, so one transaction: the commands and where the game stands, all or none
    return this.run(async () => {
      await this.prepared(
        'add-commands',
        `with kept as (
           insert into commands (game_id, n, command)
           select $1, $2 + t.i - 1, t.c from unnest($3::text[]) with ordinality as t(c, i)
           returning 1
         )
         update games set updated = $4, waiting_for = $5, turn = $6, clocks = $7, clock_since = $8 where id = $1 and (select count(*) from kept) = $9`,
        [id, n, commands.map((c) => JSON.stringify(c)), Date.now(), progress.waitingFor, progress.turn, JSON.stringify(progress.clocks), progress.clockSince, commands.length],
      );
    });
  }

  setSeats(id: string, seats: StoredSeat[]): Promise<void> {
    return this.run(async () => void (await this.prepared('set-seats', 'update games set seats = $1, open_seats = $2, updated = $3 where id = $4', [JSON.stringify(seats), openSeats(seats), Date.now(), id])));
  }

  finish(id: string, winner: string): Promise<void> {
    return this.run(async () => void (await this.prepared('finish', "update games set status = 'over', winner = $1, waiting_for = null where id = $2", [winner, id])));
  }

  async close(): Promise<void> {
    this.stopWatching();
    await this.pool.end();
  }
}
