/**
 * Helpers for the character systems' tests: a cleared board, pieces placed by content id, and a way to
 * run one procedure frame on top of the waiting movement segment and read its result.
 */
import { expect } from 'vitest';
import { advance, apply } from '../../../src/core/engine/game';
import type { Command, Game, Json } from '../../../src/core/engine/types';
import { spawnUnit } from '../../../src/core/world/build';
import { allOf, place, unplace } from '../../../src/core/world/world';
import { environsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { eid, testGame } from '../../fixtures';

/** A game waiting at the Rebel movement segment, with every unit and character taken off the board. */
export function clearedGame(seed = 'characters'): Game {
  const game = testGame(undefined, seed);
  expect(game.pending?.kind).toBe('movement');
  for (const e of [...allOf(game.world, 'unit'), ...allOf(game.world, 'character')]) unplace(game.world, e);
  return game;
}

/** An environ in play of at least this size. */
export function anEnviron(game: Game, minSize = 1): number {
  const env = environsInPlay(game).find((e) => (game.world.c.Environ.size[e] as number) >= minSize);
  if (!env) throw new Error('no environ that big');
  return env;
}

export function putCharacter(game: Game, id: string, environ: number): number {
  const ch = eid(game, 'character', id);
  place(game.world, ch, environ);
  return ch;
}

export function putUnit(game: Game, type: string, environ: number): number {
  const unit = spawnUnit(game.world, game.content, game.ruleset.sides, type, 'urban');
  place(game.world, unit, environ);
  return unit;
}

/** Run a procedure frame now (on top of the waiting movement segment) until its first decision. */
export function run(game: Game, proc: string, data: { [k: string]: Json }): void {
  game.pending = null;
  game.stack.push({ proc, data });
  advance(game);
}

/** The result the procedure handed back (it lands in the movement frame under it). */
export function resultOf(game: Game): any {
  expect(game.stack.length).toBe(1);
  return game.stack[0]!.data.result;
}

export function answer(game: Game, command: Command): void {
  expect(apply(game, command)).toEqual({ ok: true });
}

/** Answer the pending decision with the option that matches these fields. */
export function choose(game: Game, fields: Record<string, Json>): void {
  const option = game.pending?.options.find((o) => Object.entries(fields).every(([k, v]) => o[k] === v));
  if (!option) throw new Error(`no option ${JSON.stringify(fields)} in ${JSON.stringify(game.pending)}`);
  answer(game, option);
}

/** Back at the movement segment: the procedure under test is finished. */
export function finished(game: Game): boolean {
  return game.pending?.kind === 'movement' && game.stack.length === 1;
}

/** Re-ask the waiting movement decision after the board was changed by hand. */
export function reaskMovement(game: Game): void {
  const step = game.ruleset.procedures.movement!.step(game, game.stack.at(-1)!);
  if (!('decide' in step)) throw new Error('no decision');
  game.pending = step.decide;
}
