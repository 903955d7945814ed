/**
 * Facts worked out once while a game stands still [issue 55]. The screen's facts for one decision ask some
 * questions several times: an option's words for the list, again for its marker or button on the board;
 * the next action card's odds for each answer of the draw, for the note beside it and for its marker.
 * Inside `whileStill(game, make)`, `stillFact(game, topic, key, work)` is `work()` the first time and the
 * same answer after (an answer may not be undefined); outside, or for another game, it is always `work()`. What is kept goes when `make`
 * returns: the game must not change meanwhile, and an answer kept is shared, so it is only ever read.
 */
import type { Game } from '../core/engine/types';

let still: { game: Game; kept: Map<unknown, Map<unknown, unknown>> } | null = null;

export function whileStill<T>(game: Game, make: () => T): T {
  const outer = still;
  still = { game, kept: new Map() };
  try {
    return make();
  } finally {
    still = outer;
  }
}

/** `work()`'s answer about `key` (an option, a side...) on `topic` (a question, or the decision asked about). */
export function stillFact<T>(game: Game, topic: unknown, key: unknown, work: () => T): T {
  const known = recall<T>(game, topic, key);
  return known !== undefined ? known : remember(game, topic, key, work());
}

/** The answer kept about `key` on `topic`, if any (for a hot path that would rather not make a closure to ask). */
export function recall<T>(game: Game, topic: unknown, key: unknown): T | undefined {
  return still?.game === game ? (still.kept.get(topic)?.get(key) as T | undefined) : undefined;
}

/** Keep `answer` about `key` on `topic` while the game stands still (nothing, outside `whileStill`); it is returned. */
export function remember<T>(game: Game, topic: unknown, key: unknown, answer: T): T {
  if (still?.game !== game) return answer;
  let answers = still.kept.get(topic);
  if (!answers) still.kept.set(topic, (answers = new Map()));
  answers.set(key, answer);
  return answer;
}
