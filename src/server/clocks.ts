/**
 * A turn-based game's clocks [issue 55] (protocol.ts `PACES`): each seat's time in hand, which runs only
 * while the pending decision is that seat's and grows by the pace's time a turn at every new game-turn,
 * up to its most. Kept with the game (store.ts `GameProgress`), so a game nobody is connected to keeps
 * its clocks in the store, and any process that brings it back reads them as they were.
 */
import { isTurnBased, paceOf, type SeatClock } from '../online/protocol';
import type { GameProgress } from './store';

export interface Clocked {
  pace: string;
  clocks: { [side: string]: number };
  clockSince: number;
  waitingFor: string | null;
  turn: number;
}

/** The clocks a new game starts with: each seat a turn's time (none for a live game). */
export function startingClocks(pace: string, sides: readonly string[]): { [side: string]: number } {
  const p = paceOf(pace);
  return isTurnBased(p) ? Object.fromEntries(sides.map((s) => [s, p.turnMs])) : {};
}

/** What `side` has left now (ms, never below 0); a live game's seats have no clock (Infinity). */
export function timeLeft(game: Clocked, side: string, now = Date.now()): number {
  if (!isTurnBased(paceOf(game.pace))) return Infinity;
  const left = game.clocks[side] ?? 0;
  return Math.max(0, game.waitingFor === side ? left - (now - game.clockSince) : left);
}

/**
 * Where the game stands after a move, clocks booked: the side that was waited for pays the time it took,
 * and a new game-turn gives every seat the pace's time a turn, up to its most.
 */
export function progressAfter(before: Clocked, after: { waitingFor: string | null; turn: number }, now = Date.now()): GameProgress {
  const pace = paceOf(before.pace);
  if (!isTurnBased(pace)) return { waitingFor: after.waitingFor, turn: after.turn, clocks: {}, clockSince: now };
  const clocks = { ...before.clocks };
  if (before.waitingFor !== null && before.waitingFor in clocks) clocks[before.waitingFor] = timeLeft(before, before.waitingFor, now);
  for (let turn = before.turn; turn < after.turn; turn++) for (const side of Object.keys(clocks)) clocks[side] = Math.min(pace.maxMs, (clocks[side] as number) + pace.turnMs);
  return { waitingFor: after.waitingFor, turn: after.turn, clocks, clockSince: now };
}

/** The clocks as a state tells them (a live game: none). */
export function clocksToSend(game: Clocked, now = Date.now()): SeatClock[] | undefined {
  if (!isTurnBased(paceOf(game.pace))) return undefined;
  return Object.keys(game.clocks).map((side) => ({ side, leftMs: timeLeft(game, side, now), running: game.waitingFor === side }));
}
