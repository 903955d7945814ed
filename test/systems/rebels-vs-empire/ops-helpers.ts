/**
 * Helpers for the operations tests (movement, detection, PDB, reaction, military combat): a game of
 * the start-of-rebellion scenario (Wendmoor: wendhaven PDB 1 [urban 4, wild 3], tollis PDB 1 [urban 3,
 * liquid 2, air 2], gallowmere PDB 0 [wild 3, subterranean 2]) stopped at the Rebel movement segment
 * with the board cleared, and small ways to put pieces on it and to play commands.
 */
import { expect } from 'vitest';
import { apply } from '../../../src/core/engine/game';
import type { Command, Game } from '../../../src/core/engine/types';
import { spawnUnit } from '../../../src/core/world/build';
import { allOf, hold, holderOf, place, release, unplace, untag } from '../../../src/core/world/world';
import { allShips } from '../../../systems/rebels-vs-empire/stacking';
import { eid, testGame } from '../../fixtures';

export function opsGame(seed: string | number = 'ops'): Game {
  return clearBoard(testGame('start-of-rebellion', seed));
}

/** Take every unit, character and ship off the board of a game stopped at the Rebel movement segment. */
export function clearBoard(game: Game): Game {
  expect(game.pending?.kind).toBe('movement');
  const w = game.world;
  for (const e of [...allOf(w, 'unit'), ...allOf(w, 'character'), ...allShips(game)]) {
    unplace(w, e);
    // whatever setup did to them (a landing from space may have detected or killed some [16.12])
    for (const t of [w.c.Detected, w.c.Dead, w.c.Captured, w.c.Moved, w.c.StackedWithUnits, w.c.Eliminated, w.c.Revealed]) untag(w, e, t);
  }
  delete game.vars.tally;
  game.vars.possessionDeck = [];
  // every ship back with its owner of the content, or with nobody
  for (const s of allShips(game)) {
    const h = holderOf(w, s);
    if (h) release(w, s);
  }
  for (const ch of game.content.characters.values())
    if (ch.spaceship) hold(w, eid(game, ch.side === 'rebel' ? 'possession' : 'ship', ch.spaceship), eid(game, 'character', ch.id));
  game.ruleset.refresh(game);
  return game;
}

export const env = (game: Game, id: string) => eid(game, 'environ', id);
export const planet = (game: Game, id: string) => eid(game, 'planet', id);
export const char = (game: Game, id: string) => eid(game, 'character', id);
export const ship = (game: Game, id: string) => game.world.ids.possession.get(id) ?? eid(game, 'ship', id);

export function unit(game: Game, type: string, environ: number, environType: 'urban' | 'wild' | 'liquid' | 'subterranean' | 'air' | 'fire' | null = null): number {
  const u = spawnUnit(game.world, game.content, game.ruleset.sides, type, type.startsWith('rebel') ? (environType ?? 'urban') : null);
  place(game.world, u, environ);
  return u;
}

/** Put characters in an environ (their own ships come with them at the next refresh). */
export function putChar(game: Game, id: string, environ: number): number {
  const ch = char(game, id);
  place(game.world, ch, environ);
  game.ruleset.refresh(game);
  return ch;
}

/** After changing the board by hand: refresh and ask the pending decision again. */
export function reask(game: Game) {
  game.ruleset.refresh(game);
  const frame = game.stack.at(-1)!;
  const step = game.ruleset.procedures[frame.proc]!.step(game, frame);
  if (!('decide' in step)) throw new Error(`no decision from ${frame.proc}`);
  game.pending = step.decide;
  return step.decide;
}

export function ok(game: Game, command: Command) {
  const r = apply(game, command);
  if (!r.ok) throw new Error(r.reason);
}

/** Pick pieces into a moving stack and send it: returns the apply result of the destination. */
export function moveStack(game: Game, side: 'rebel' | 'imperial', pieces: number[], to: number) {
  reask(game);
  for (const piece of pieces) ok(game, { type: 'pick', side, piece });
  return apply(game, { type: 'move-to', side, to });
}

/** The options of the pending decision with this type. */
export function optionsOf(game: Game, type: string): Command[] {
  return (game.pending?.options ?? []).filter((o) => o.type === type);
}

/** Set who controls a planet through its state (the chart decides; no units on it here). */
export function setState(game: Game, planetId: number, state: number) {
  game.world.c.PlanetState.value[planetId] = state;
  game.ruleset.refresh(game);
}
