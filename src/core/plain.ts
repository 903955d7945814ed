/**
 * A deep copy of plain data (objects, arrays, strings, numbers, booleans, null), for the views handed to
 * agents and screens: what they are given is theirs, and the game's own state is never reached through
 * it. `structuredClone` does the same through V8's serializer, whose fixed cost per call was a fifth of a
 * solitaire game of `hard`, its view copied at every decision. Anything that is not a plain object or
 * array (a Map, a typed array) is still copied by `structuredClone`. Two references to one object give
 * two copies: plain data in a view shares nothing.
 */
export function copyPlain<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i]);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}
