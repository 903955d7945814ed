/**
 * Answers kept from change to change, worked out again only where the world's change log says a change
 * may have touched them: the movement list's picks and drift options (movement-list.ts), which sides have
 * units on each planet (control.ts, and so who controls it). A change the log misses, or an answer that reads
 * more than is worked out again, would leave a kept answer stale: a pick offered that the rule no longer
 * allows, or one missing; a planet's control by units no longer there. These games compare each kept
 * answer with one made anew from nothing kept, after every command.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { hasComponent } from 'bitecs';
import { allOf, changeMark, changesSince, environOf, hold, place, planetOfEnviron, release, systemOfPlanet, tag, touch, unplace, untag } from '../../../src/core/world/world';
import { playOut } from '../../../src/ai/play';
import { randomAgent } from '../../../src/ai/random-agent';
import { freshMovementOptions } from '../../../systems/rebels-vs-empire/movement-list';
import { controllerByChart, unitPresence } from '../../../systems/rebels-vs-empire/control';
import { content, testGame } from '../../fixtures';
import { groupDestinations } from '../../../systems/rebels-vs-empire/movement';
import { clearBoard, env, reask, unit } from './ops-helpers';
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

/** Which sides have live units on each planet, counted from nothing kept. */
function freshPresence(game: Game): Uint8Array {
  const w = game.world;
  const presence = new Uint8Array(w.kinds.length);
  for (const unit of allOf(w, 'unit')) {
    const at = environOf(w, unit);
    if (at && !hasComponent(w, unit, w.c.Eliminated)) presence[planetOfEnviron(w, at)]! |= 1 << (w.c.Owner.side[unit] as number);
  }
  return presence;
}

/**
 * Play a random game, comparing the kept answers with fresh ones after every command: the movement list
 * at every movement decision, the units' presence and control on every planet. Returns how many movement
 * lists were compared.
 */
function compareKept(scenario: string, seed: string): number {
  const game = newGame({ content, ruleset: starSystemRuleset, scenario, seed }) as Game;
  const planets = allOf(game.world, 'planet');
  let compared = 0;
  playOut(game, { rebel: randomAgent({ side: 'rebel', seed }), imperial: randomAgent({ side: 'imperial', seed }) }, {
    afterCommand: (g) => {
      const when = `turn ${g.turn}, segment ${g.segment}, after ${g.log.length} commands`;
      const kept = unitPresence(g);
      const fresh = freshPresence(g);
      const control = g.world.c.Control.side;
      // (expect only on a difference: an assertion per planet per command made the games crawl)
      for (const planet of planets) {
        if (kept[planet] !== fresh[planet]) expect({ planet, presence: kept[planet] }, when).toEqual({ planet, presence: fresh[planet] });
        const chart = controllerByChart(g, planet, fresh);
        if (control[planet] !== chart) expect({ planet, control: control[planet] }, when).toEqual({ planet, control: chart });
      }
      const pending = g.pending;
      if (pending?.kind !== 'movement') return;
      const options = freshMovementOptions(g, pending.side);
      // as text first: equal lists are the rule, and a deep compare of each cost more than the game
      if (JSON.stringify(pending.options) !== JSON.stringify(options)) expect(pending.options, when).toEqual(options);
      compared++;
    },
  });
  return compared;
}

describe('[9.0, 15.5] answers kept from change to change', () => {
  it.each([
    ['galactic-lucent-spiral', 'kept-1'],
    ['songs-of-the-verdant-drift', 'kept-1'],
    ['songs-of-the-verdant-drift', 'kept-2'],
    ['embers-of-the-reach', 'kept-1'],
    ['armageddon', 'kept-1'],
  ])('%s (%s): the same movement lists, units on each planet and control as made anew', (scenario, seed) => {
    expect(compareKept(scenario, seed)).toBeGreaterThan(0);
  }, 60_000);
});

describe('[5.22, 9.5] a kept pick asked again after a change a jump away', () => {
  it('a lone mobile unit whose one way out is an environ of another star system loses its pick when that environ fills up', () => {
    // the Ember Reach: Hollowdeep (Pyrrhos) is one jump from Rakhar and Orrim
    const game = clearBoard(testGame('embers-of-the-reach', 'kept-jump'));
    const w = game.world;
    const system = (environ: number) => systemOfPlanet(w, planetOfEnviron(w, environ));
    const lone = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    const reach = groupDestinations(game, [lone]);
    const away = reach.find((e) => system(e) !== system(environOf(w, lone))) as number;
    expect(away).toBeDefined();
    // every other environ it could reach is full of its own units [9.5]
    const fill = (environ: number, moved = false) => {
      for (let n = w.c.Environ.size[environ] as number; n > 0; n--) if (moved) tag(w, unit(game, 'rebel-2-1', environ), w.c.Moved);
      else unit(game, 'rebel-2-1', environ);
    };
    for (const environ of reach) if (environ !== away) fill(environ);
    const pick = (side: string) => reask(game).options.some((o) => o.type === 'pick' && o.piece === lone && o.side === side);
    expect(pick('rebel')).toBe(true); // it may still jump to the one environ left
    // units that have moved this segment fill it (new movable pieces would have the list made anew)
    fill(away, true);
    expect(pick('rebel')).toBe(false);
    expect(game.pending!.options).toEqual(freshMovementOptions(game, 'rebel'));
  });
});
