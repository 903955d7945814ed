/**
 * Answers worked out from the world, kept until it changes.
 *
 * A movement segment asks the same questions many times over a world that has not moved: a player who
 * picks a piece and drops it again, a group decision after a pick (which changes nothing on the board).
 * The world counts its changes (`revision`, src/core/world/world.ts), so an answer stamped with the
 * revision, turn and segment it was worked out in is still the answer while all three stand. Callers
 * must not change what they are given: it is handed out again.
 */
import type { Game } from '../src/core/engine/types';

const memos = new WeakMap<Game['world'], Map<string, { stamp: string; value: unknown }>>();

/** `compute()`, or what it gave last time for this `name` if the world, turn and segment are as they were. */
export function whileUnchanged<T>(game: Game, name: string, compute: () => T): T {
  const stamp = `${game.world.revision}:${game.turn}:${game.segment}`;
  let byName = memos.get(game.world);
  if (!byName) memos.set(game.world, (byName = new Map()));
  const kept = byName.get(name);
  if (kept?.stamp === stamp) return kept.value as T;
  const value = compute();
  byName.set(name, { stamp, value });
  return value;
}
