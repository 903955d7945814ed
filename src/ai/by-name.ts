/**
 * A registry looked up by a name someone typed (a command-line flag, a setup screen's seat, an online
 * room's AI): an object with no prototype, so "constructor", "toString" or "__proto__" are simply not in
 * it, as any other unknown name; and a lookup that reads own properties only, for any registry at all.
 */
export function byName<T>(entries: { [name: string]: T }): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** The entry of that name, or undefined: never something inherited from Object.prototype. */
export function lookUp<T>(registry: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}
