/**
 * Where the game server keeps its games [issue 27]: a SQLite database (better-sqlite3), one row per game
 * (its ruleset, scenario, seed and options: what starts it) and one per command applied, written before
 * the command's result is sent, so a server restart loses nothing: a game is its start and its log.
 * Seat tokens are kept only as hashes; a token is the key to its seat and is never stored or sent back.
 */
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import type { Command, Json } from '../core/engine/types';
import type { SeatKind } from '../online/protocol';

/** A seat as stored: who sits there, and the hash of its token when a person holds it. */
export interface StoredSeat {
  side: string;
  kind: SeatKind;
  agent?: string;
  tokenHash?: string;
}

export interface StoredGame {
  id: string;
  created: number;
  ruleset: string;
  scenario: string;
  seed: string;
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

export class GameStore {
  private readonly db: Database.Database;
  private readonly insertCommand: Database.Statement;

  /** Open (or create) the database at `file`; ':memory:' keeps it in memory (tests). */
  constructor(file: string) {
    this.db = new Database(file);
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
      );`);
    // a database made before placement by hand was stored gets the column (its games placed automatically)
    const columns = (this.db.prepare('pragma table_info(games)').all() as { name: string }[]).map((c) => c.name);
    if (!columns.includes('hand_placement')) this.db.exec("alter table games add column hand_placement text not null default '[]'");
    this.insertCommand = this.db.prepare('insert into commands (game_id, n, command) values (?, ?, ?)');
  }

  createGame(game: Omit<StoredGame, 'status' | 'winner' | 'created'>): StoredGame {
    const stored: StoredGame = { ...game, created: Date.now(), status: 'playing', winner: null };
    this.db
      .prepare('insert into games (id, created, ruleset, scenario, seed, options, hand_placement, seats, seat_timeout, status, winner) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(stored.id, stored.created, stored.ruleset, stored.scenario, stored.seed, JSON.stringify(stored.options), JSON.stringify(stored.handPlacement), JSON.stringify(stored.seats), stored.seatTimeoutSeconds, stored.status, null);
    return stored;
  }

  game(id: string): StoredGame | null {
    const row = this.db.prepare('select * from games where id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** The games still being played, newest first (the lobby lists those with an open seat). */
  playing(limit = 100): StoredGame[] {
    return (this.db.prepare("select * from games where status = 'playing' order by created desc limit ?").all(limit) as Row[]).map(fromRow);
  }

  commands(id: string): Command<string>[] {
    return (this.db.prepare('select command from commands where game_id = ? order by n').all(id) as { command: string }[]).map((r) => JSON.parse(r.command) as Command<string>);
  }

  /** Keep the `n`-th command (from 0) of a game. */
  addCommand(id: string, n: number, command: Command<string>): void {
    this.insertCommand.run(id, n, JSON.stringify(command));
  }

  setSeats(id: string, seats: StoredSeat[]): void {
    this.db.prepare('update games set seats = ? where id = ?').run(JSON.stringify(seats), id);
  }

  finish(id: string, winner: string): void {
    this.db.prepare("update games set status = 'over', winner = ? where id = ?").run(winner, id);
  }

  close(): void {
    this.db.close();
  }
}

interface Row {
  id: string;
  created: number;
  ruleset: string;
  scenario: string;
  seed: string;
  options: string;
  hand_placement: string;
  seats: string;
  seat_timeout: number;
  status: string;
  winner: string | null;
}

function fromRow(row: Row): StoredGame {
  return {
    id: row.id,
    created: row.created,
    ruleset: row.ruleset,
    scenario: row.scenario,
    seed: row.seed,
    options: JSON.parse(row.options) as { [key: string]: Json },
    handPlacement: JSON.parse(row.hand_placement) as string[],
    seats: JSON.parse(row.seats) as StoredSeat[],
    seatTimeoutSeconds: row.seat_timeout,
    status: row.status === 'over' ? 'over' : 'playing',
    winner: row.winner,
  };
}
