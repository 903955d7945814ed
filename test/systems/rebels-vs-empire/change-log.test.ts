/**
 * The movement list's picks are kept from move to move and asked again only where the world's change log
 * says a change may have touched them (movement-list.ts). A change the log misses, or a piece whose test
 * reads more than the list asks again, would leave a kept list stale: a pick offered that the rule no
 * longer allows, or one missing. These games compare the kept list, at every movement decision, with the
 * list made anew from nothing kept.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { allOf, changeMark, changesSince, hold, place, release, tag, touch, unplace, untag } from '../../../src/core/world/world';
import { playOut } from '../../../src/ai/play';
import { randomAgent } from '../../../src/ai/random-agent';
import { freshMovementOptions } from '../../../systems/rebels-vs-empire/movement-list';
import { content, testGame } from '../../fixtures';
import { starSystemRuleset } from '../../../systems/rebels-vs-empire/star-system-ruleset';

describe("the world's change log", () => {
  it('names the entities each change touched, and cannot tell past a change that named nothing', () => {
    const game = testGame();
    const w = game.world;
    const [unit] = allOf(w, 'unit') as [number];
    const [character] = allOf(w, 'character') as [number];
    const [possession] = allOf(w, 'possession') as [number];
    const [from, to] = allOf(w, 'environ') as [number, number];
    const [planet] = allOf(w, 'planet') as [number];
    place(w, unit, from);
    const named = (change: () => void): number[] => {
      const mark = changeMark(w);
      change();
      const seen: number[] = [];
      expect(changesSince(w, mark, (eid) => seen.push(eid))).toBe(true);
      return [...new Set(seen)].sort((a, b) => a - b);
    };
    const sorted = (...eids: number[]) => [...eids].sort((a, b) => a - b);
    expect(named(() => place(w, unit, to))).toEqual(sorted(unit, from, to));
    expect(named(() => unplace(w, unit))).toEqual(sorted(unit, to));
    expect(named(() => tag(w, character, w.c.Detected))).toEqual([character]);
    expect(named(() => untag(w, character, w.c.Detected))).toEqual([character]);
    expect(named(() => hold(w, possession, character))).toEqual(sorted(possession, character));
    expect(named(() => release(w, possession))).toEqual(sorted(possession, character));
    expect(named(() => touch(w, planet))).toEqual([planet]);
    const mark = changeMark(w);
    touch(w); // a value written with no entity named
    expect(changesSince(w, mark, () => {})).toBe(false);
  });
});

/** Play a random game, comparing the kept movement list with a fresh one at every movement decision; returns how many were compared. */
function compareLists(scenario: string, seed: string): number {
  const game = newGame({ content, ruleset: starSystemRuleset, scenario, seed }) as Game;
  let compared = 0;
  playOut(game, { rebel: randomAgent({ side: 'rebel', seed }), imperial: randomAgent({ side: 'imperial', seed }) }, {
    afterCommand: (g) => {
      const pending = g.pending;
      if (pending?.kind !== 'movement') return;
      const fresh = freshMovementOptions(g, pending.side);
      // as text first: equal lists are the rule, and a deep compare of each cost more than the game
      if (JSON.stringify(pending.options) !== JSON.stringify(fresh)) expect(pending.options, `turn ${g.turn}, segment ${g.segment}, after ${g.log.length} commands`).toEqual(fresh);
      compared++;
    },
  });
  return compared;
}

describe('[9.0] the movement list kept from move to move', () => {
  it.each([
    ['galactic-lucent-spiral', 'kept-1'],
    ['songs-of-the-verdant-drift', 'kept-1'],
    ['songs-of-the-verdant-drift', 'kept-2'],
    ['embers-of-the-reach', 'kept-1'],
    ['armageddon', 'kept-1'],
  ])('%s (%s): the same list as one made anew at every movement decision', (scenario, seed) => {
    expect(compareLists(scenario, seed)).toBeGreaterThan(0);
  }, 60_000);
});
