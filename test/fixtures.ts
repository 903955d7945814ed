/**
 * Test fixtures: the real content, copies of it to break, and small helpers to build a game and look
 * into it by content id.
 */
import { bundledContent, bundledRaw } from '../src/core/content/bundled';
import { ContentError, validateContent, type Content, type RawContent } from '../src/core/content/validate';
import { apply, newGame } from '../src/core/engine/game';
import type { Game, Json } from '../src/core/engine/types';
import { entityOf, type EntityKind } from '../src/core/world/world';
import { starSystemRuleset } from '../systems/rebels-vs-empire/star-system-ruleset';

export const content = bundledContent();
export const ruleset = starSystemRuleset;
export const SCENARIOS = [...content.scenarios.keys()];
export const STAR_SYSTEM_SCENARIOS = [...content.scenarios.values()].filter((s) => s.kind === 'star-system').map((s) => s.id);

/** A deep copy of the bundled raw content, to break one thing in a test. */
export function rawCopy(): Record<string, any> {
  return structuredClone(bundledRaw) as Record<string, any>;
}

export function asRaw(raw: Record<string, any>): RawContent {
  return raw as RawContent;
}

/** What the content validator says of a broken copy, as "file at path: message" lines (none when valid). */
export function problemsOf(raw: Record<string, any>): string[] {
  try {
    validateContent(asRaw(raw));
  } catch (e) {
    if (e instanceof ContentError) return e.problems.map((p) => `${p.file} at ${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

/**
 * The bundled content with every starting unit of a scenario left free (no fixed environ), so placement
 * by hand asks for units too [16.13] (the bundled scenarios fix every unit).
 */
export function freeUnitsContent(scenarioId = 'armageddon'): Content {
  const raw = rawCopy();
  const scenario = raw['scenarios.json'].scenarios.find((s: { id: string }) => s.id === scenarioId);
  for (const side of ['rebel', 'imperial']) for (const u of scenario[side].units) u.environ = null;
  return validateContent(asRaw(raw));
}

export function testGame(scenario = STAR_SYSTEM_SCENARIOS[0] as string, seed: string | number = 1, options?: { [key: string]: Json }): Game {
  return newGame({ content, ruleset, scenario, seed, ...(options ? { options } : {}) });
}

export function eid(game: Game, kind: EntityKind, id: string): number {
  return entityOf(game.world, kind, id);
}

/**
 * Script the dice: the game's next `rng.d6()` calls return these faces, in order; running out is an
 * error (a test that rolls more than it planned is wrong). Rules code rolls dice with `rng.d6()` only.
 */
export function rigDice(game: Game, faces: number[]): void {
  const queue = [...faces];
  game.rng.d6 = () => {
    const face = queue.shift();
    if (face === undefined) throw new Error('the test ran out of scripted dice');
    return face;
  };
}

/** The options that let a segment pass without doing anything, in the order a passive player takes them. */
const PASSIVE = ['end-movement', 'drop-group', 'end-reaction', 'no-combat', 'pdb-hold', 'end-transfers', 'end-assignment', 'stop-drawing', 'end-raising'];

/**
 * Answer every decision passively (end, decline, stop; otherwise the first option) until `until` holds.
 * For tests that need the turn to move on without anything happening.
 */
export function passUntil(game: Game, until: (game: Game) => boolean, limit = 500): void {
  for (let i = 0; i < limit && !until(game); i++) {
    const d = game.pending;
    if (!d) throw new Error('the game is not waiting for a decision');
    const option = PASSIVE.map((type) => d.options.find((o) => o.type === type)).find(Boolean) ?? d.options[0]!;
    const result = apply(game, option);
    if (!result.ok) throw new Error(result.reason);
  }
  if (!until(game)) throw new Error(`passUntil gave up after ${limit} decisions`);
}

/** The next movement decision of this side (the start of its player-turn). */
export const atMovementOf = (side: 'rebel' | 'imperial') => (game: Game) => game.pending?.kind === 'movement' && game.pending.side === side;
