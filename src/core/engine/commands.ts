/**
 * Commands as data: their canonical form (for comparing a command with the legal options) and the
 * shape check every command from outside passes before the engine looks at it.
 */
import type { Command, Json } from './types';

/** JSON with sorted keys: two commands are the same if and only if their keys are equal. */
export function canonical(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k] as Json)}`).join(',')}}`;
}

const PARAM_NAME = /^[a-zA-Z][a-zA-Z0-9]{0,31}$/;
/** Names that reach into an object's prototype: refused wherever they appear. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 4;
const MAX_ARRAY = 64;

/**
 * Why a value from outside is not a well-formed command, or null when it is. Well-formed means: a
 * plain object with a `type` and a `side`, parameter names that are plain words (so never
 * `__proto__` or `constructor`), and values that are small JSON (numbers, short strings, booleans,
 * null, and short arrays or objects of those).
 */
export function commandShapeProblem(value: unknown, sides: readonly string[] | 'any'): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a command must be an object';
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return 'a command must be a plain object';
  const record = value as Record<string, unknown>;
  if (typeof record.type !== 'string' || !/^[a-z][a-zA-Z-]{0,39}$/.test(record.type)) return 'a command needs a "type" word';
  if (sides === 'any') {
    // a ruleset's sides are checked when the command meets the game; here only the word
    if (typeof record.side !== 'string' || !/^[a-z][a-z0-9-]{0,31}$/.test(record.side)) return 'a command needs a "side"';
  } else if (typeof record.side !== 'string' || !sides.includes(record.side)) return `a command needs a "side" (${sides.join(' or ')})`;
  return valueProblem(record, 0, 'command');
}

function valueProblem(value: unknown, depth: number, where: string): string | null {
  if (depth > MAX_DEPTH) return `${where} is nested too deeply`;
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${where} is not a finite number`;
  if (typeof value === 'string') return value.length <= 200 ? null : `${where} is too long`;
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY) return `${where} has too many entries`;
    for (let i = 0; i < value.length; i++) {
      const p = valueProblem(value[i], depth + 1, `${where}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === 'object') {
    for (const key of Object.keys(value as object)) {
      if (!PARAM_NAME.test(key) || FORBIDDEN_NAMES.has(key)) return `${where} has a field named ${JSON.stringify(key)}, which is not allowed`;
      const p = valueProblem((value as Record<string, unknown>)[key], depth + 1, `${where}.${key}`);
      if (p) return p;
    }
    return null;
  }
  return `${where} holds a ${typeof value}, which is not JSON`;
}

/** A command in one line, for messages. */
export function describeCommand(command: Command<string>): string {
  const { type, side, ...params } = command;
  const rest = Object.entries(params)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
  return `${side} ${type}${rest ? ` ${rest}` : ''}`;
}
