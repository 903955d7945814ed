/**
 * [issue 55] The online games this browser holds a seat at: kept in its local storage (the game, the side
 * and the seat's key), listed on the start menu from the server's account of each (whose move it is, the
 * clocks of a turn-based game, who won), those waiting on you first. One click takes the seat again; a
 * finished game opens as a replay.
 */
import { esc } from './html';
import type { SeatClock } from '../online/protocol';

export interface MySeat {
  gameId: string;
  side: string;
  token: string;
  ruleset: string;
  scenario: string;
  /** When this browser last sat there (ms since 1970). */
  at: number;
}

/** The server's account of a game (GET /api/games?ids=), as much of it as the list shows. */
export interface GameAccount {
  gameId: string;
  status: string;
  winner: string | null;
  pace: string;
  waitingFor: string | null;
  turn: number;
  updated: number;
  clocks?: SeatClock[];
}

export interface MyGame extends MySeat {
  /** null: the server does not know it (another server's, or gone). */
  account: GameAccount | null;
}

const KEY = 'gu-online-seats';
const MOST = 50;

/** The seats kept, most recently taken first; a damaged entry is left out. */
export function mySeats(storage: Pick<Storage, 'getItem'> = localStorage): MySeat[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((s): s is MySeat => typeof s === 'object' && s !== null && ['gameId', 'side', 'token', 'ruleset', 'scenario'].every((k) => typeof (s as Record<string, unknown>)[k] === 'string'));
  } catch {
    return [];
  }
}

/** Keep (or refresh) a seat taken: the newest first, at most 50 kept. */
export function rememberSeat(seat: Omit<MySeat, 'at'>, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage, now = Date.now()): void {
  const rest = mySeats(storage).filter((s) => s.gameId !== seat.gameId);
  try {
    storage.setItem(KEY, JSON.stringify([{ ...seat, at: now }, ...rest].slice(0, MOST)));
  } catch {
    // storage full or refused: the list is a convenience, the game goes on
  }
}

export function forgetSeat(gameId: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(mySeats(storage).filter((s) => s.gameId !== gameId)));
}

/** Each kept seat with the server's account of its game; null when the page has no game server. */
export async function fetchMyGames(origin: string, seats: MySeat[] = mySeats()): Promise<MyGame[] | null> {
  if (!seats.length) return [];
  try {
    const response = await fetch(`${origin}/api/games?ids=${seats.map((s) => encodeURIComponent(s.gameId)).join(',')}`);
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null;
    const accounts = new Map(((await response.json()) as { games: GameAccount[] }).games.map((g) => [g.gameId, g]));
    return seats.map((s) => ({ ...s, account: accounts.get(s.gameId) ?? null }));
  } catch {
    return null;
  }
}

/** Waiting on you first (the least time left first), then the others being played (latest first), then
 * the finished ones, then those the server does not know. */
export function sortMyGames(games: MyGame[]): MyGame[] {
  const rank = (g: MyGame) => (!g.account ? 3 : g.account.status === 'over' ? 2 : g.account.waitingFor === g.side ? 0 : 1);
  const left = (g: MyGame) => g.account?.clocks?.find((c) => c.side === g.side)?.leftMs ?? Infinity;
  return [...games].sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? left(a) - left(b) : 0) || (b.account?.updated ?? b.at) - (a.account?.updated ?? a.at));
}

/** A clock's time in words: "2 days 3 h", "5 h 10 min", "40 min", "out of time". */
export function timeWords(ms: number): string {
  if (ms <= 0) return 'out of time';
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days >= 1) return `${days} day${days > 1 ? 's' : ''}${hours % 24 ? ` ${hours % 24} h` : ''}`;
  if (hours >= 1) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.max(1, minutes)} min`;
}

/** The list as HTML: each game's scenario, your side, where it stands; Open (`data-open`) or Replay (`data-replay`). */
export function myGamesHtml(games: MyGame[], names: { scenario(id: string): string; side(id: string): string }): string {
  if (!games.length) return '';
  const rows = sortMyGames(games).map((g) => {
    const a = g.account;
    const mine = a?.clocks?.find((c) => c.side === g.side);
    const stands = !a
      ? 'not on this server'
      : a.status === 'over'
        ? a.winner === g.side
          ? 'over: you won'
          : `over: ${a.winner === 'draw' ? 'a draw' : `${esc(names.side(a.winner ?? ''))} won`}`
        : a.waitingFor === g.side
          ? `<b>your move</b>${mine ? ` · ${esc(timeWords(mine.leftMs))} left` : ''}`
          : `waiting for ${esc(names.side(a.waitingFor ?? ''))}${a.clocks?.find((c) => c.side === a.waitingFor && c.leftMs <= 0) ? ' (out of time: you may hand the seat to the AI)' : ''}`;
    const button = !a ? '' : a.status === 'over' ? `<button data-replay="${esc(g.gameId)}" data-testid="my-game-replay">Replay</button>` : `<button data-open="${esc(g.gameId)}" data-testid="my-game-open">Open</button>`;
    const turn = a && a.status !== 'over' ? ` · turn ${a.turn}` : '';
    return `<div class="my-game small${a && a.status !== 'over' && a.waitingFor === g.side ? ' my-move' : ''}" data-testid="my-game"><span>${esc(names.scenario(g.scenario))} as ${esc(names.side(g.side))}${turn}: ${stands}</span>${button}</div>`;
  });
  return `<h2>Your online games</h2>${rows.join('')}`;
}
