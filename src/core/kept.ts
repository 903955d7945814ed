/**
 * Answers worked out once and kept for an owner that never changes them: a world's fixed layout (the
 * peoples of a planet, the environs a star system reaches), or the world's own query objects.
 * `keptFor(answers, owner, key, compute)` is `compute()` the first time for this owner and key, and
 * the same answer after. The answers are held in a WeakMap, so they go when their owner goes.
 */
export type KeptAnswers<O extends object, K, V> = WeakMap<O, Map<K, V>>;

export function keptFor<O extends object, K, V>(answers: KeptAnswers<O, K, V>, owner: O, key: K, compute: () => V): V {
  let byKey = answers.get(owner);
  if (!byKey) answers.set(owner, (byKey = new Map()));
  let value = byKey.get(key);
  if (value === undefined) byKey.set(key, (value = compute()));
  return value;
}
