/**
 * Answers worked out from the world, kept until it changes.
 *
 * A movement segment asks the same questions many times over a world that has not moved: a player who
 * picks a piece and drops it again, a group decision after a pick (which changes nothing on the board).
 * The world counts its changes (`revision`, src/core/world/world.ts), so an answer stamped with the
 * revision, turn and segment it was worked out in is still the answer while all three stand. Callers
 * must not change what they are given: it is handed out again.
 */
import type { Game } from '../../src/core/engine/types';

interface Kept {
  revision: number;
  turn: number;
  segment: number;
  value: unknown;
}

/** By world, the answers kept under each question's name and key (a side, say). */
const memos = new WeakMap<Game['world'], Map<string, Map<string | number, Kept>>>();

/**
 * `compute()`, or what it gave last time for this `name` and `key` if the world, turn and segment are as
 * they were. The name and key are apart, not one text made at each call: asked at every decision, a
 * text made anew was hashed anew to be found.
 */
export function whileUnchanged<T>(game: Game, name: string, key: string | number, compute: () => T): T {
  const { world, turn, segment } = game;
  let byName = memos.get(world);
  if (!byName) memos.set(world, (byName = new Map()));
  let byKey = byName.get(name);
  if (!byKey) byName.set(name, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept && kept.revision === world.revision && kept.turn === turn && kept.segment === segment) return kept.value as T;
  const value = compute();
  if (kept) Object.assign(kept, { revision: world.revision, turn, segment, value });
  else byKey.set(key, { revision: world.revision, turn, segment, value });
  return value;
}
