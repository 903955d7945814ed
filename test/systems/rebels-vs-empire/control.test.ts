/**
 * The Planet Control Chart [15.5-15.54], cell by cell: state x (units on the planet) x PDB.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/core/engine/types';
import { IMPERIAL_CONTROL, NOBODY, REBELLION, REBELLION_STOPPED, REBEL_CONTROL } from '../../../src/core/world/components';
import { spawnUnit } from '../../../src/core/world/build';
import { allOf, environsOf, place, tag, unplace } from '../../../src/core/world/world';
import { newGame } from '../../../src/core/engine/game';
import { playOut } from '../../../src/ai/play';
import { randomAgent } from '../../../src/ai/random-agent';
import { bundledContent } from '../../../src/core/content/bundled';
import { starSystemRuleset } from '../../../systems/rebels-vs-empire/star-system-ruleset';
import { controllerByChart, rebelControlAtEndOfImperialTurn, unitPresence } from '../../../systems/rebels-vs-empire/control';
import { planetsInPlay, unitsOnPlanet } from '../../../systems/rebels-vs-empire/sides';
import { testGame } from '../../fixtures';

type Units = 'imperial' | 'both' | 'rebel' | 'none';

/** A planet of the game with exactly the given units on it and the given state and PDB. */
function planetWith(state: number, units: Units, pdbUp: boolean): { game: Game; planet: number } {
  const game = testGame();
  const w = game.world;
  const planet = planetsInPlay(game)[0]!;
  for (const u of allOf(w, 'unit')) unplace(w, u);
  const env = environsOf(w, planet)[0]!;
  if (units === 'imperial' || units === 'both') place(w, spawnUnit(w, game.content, game.ruleset.sides, 'militia', null), env);
  if (units === 'rebel' || units === 'both') place(w, spawnUnit(w, game.content, game.ruleset.sides, 'rebel-1-0', 'urban'), env);
  w.c.PlanetState.value[planet] = state;
  w.c.Pdb.up[planet] = pdbUp ? 1 : 0;
  return { game, planet };
}

const R = 0;
const I = 1;

const chart: [string, number, Units, boolean, number][] = [
  // [15.51] not in rebellion (Imperial control)
  ['[15.51] Imperial control, only Imperial units, PDB up: Imperial', IMPERIAL_CONTROL, 'imperial', true, I],
  ['[15.51] Imperial control, only Imperial units, PDB down: Imperial', IMPERIAL_CONTROL, 'imperial', false, I],
  ['[15.51] Imperial control, both sides\' units: Imperial', IMPERIAL_CONTROL, 'both', false, I],
  ['[15.51] Imperial control, no units: Imperial', IMPERIAL_CONTROL, 'none', false, I],
  ['[15.51] Imperial control, only Rebel units, PDB up: Imperial', IMPERIAL_CONTROL, 'rebel', true, I],
  ['[15.51] Imperial control, only Rebel units, PDB down: neither', IMPERIAL_CONTROL, 'rebel', false, NOBODY],
  // [15.52] rebellion: neither player, whatever the units and PDB
  ['[15.52] rebellion, only Imperial units: neither', REBELLION, 'imperial', true, NOBODY],
  ['[15.52] rebellion, both: neither', REBELLION, 'both', true, NOBODY],
  ['[15.52] rebellion, only Rebel units, PDB up: neither', REBELLION, 'rebel', true, NOBODY],
  ['[15.52] rebellion, no units, PDB down: neither', REBELLION, 'none', false, NOBODY],
  // [15.53] Rebel control
  ['[15.53] Rebel control, only Rebel units: Rebel', REBEL_CONTROL, 'rebel', false, R],
  ['[15.53] Rebel control, both: Rebel', REBEL_CONTROL, 'both', false, R],
  ['[15.53] Rebel control, no units: Rebel', REBEL_CONTROL, 'none', false, R],
  ['[15.53] Rebel control, only Imperial units, PDB up: Rebel', REBEL_CONTROL, 'imperial', true, R],
  ['[15.53] Rebel control, only Imperial units, PDB down: neither', REBEL_CONTROL, 'imperial', false, NOBODY],
  // [15.54] rebellion stopped
  ['[15.54] rebellion stopped, only Imperial units, PDB down: Imperial', REBELLION_STOPPED, 'imperial', false, I],
  ['[15.54] rebellion stopped, only Imperial units, PDB up: Imperial', REBELLION_STOPPED, 'imperial', true, I],
  ['[15.54] rebellion stopped, both: neither', REBELLION_STOPPED, 'both', true, NOBODY],
  ['[15.54] rebellion stopped, only Rebel units: neither', REBELLION_STOPPED, 'rebel', true, NOBODY],
  ['[15.54] rebellion stopped, no units: neither', REBELLION_STOPPED, 'none', true, NOBODY],
];

describe('the Planet Control Chart', () => {
  it.each(chart)('%s', (_name, state, units, pdbUp, expected) => {
    const { game, planet } = planetWith(state, units, pdbUp);
    expect(controllerByChart(game, planet)).toBe(expected);
  });

  it('[15.74] characters never count toward control', () => {
    const { game, planet } = planetWith(IMPERIAL_CONTROL, 'rebel', false);
    const before = controllerByChart(game, planet);
    const w = game.world;
    for (const ch of allOf(w, 'character').slice(0, 3)) place(w, ch, environsOf(w, planet)[0]!);
    expect(controllerByChart(game, planet)).toBe(before);
  });

  describe('[15.52, 15.53] at the end of the Imperial player-turn a planet in rebellion becomes Rebel-controlled', () => {
    it('with only Rebel units and the PDB up', () => {
      const { game, planet } = planetWith(REBELLION, 'rebel', true);
      expect(rebelControlAtEndOfImperialTurn(game, [planet])).toEqual([planet]);
      expect(game.world.c.PlanetState.value[planet]).toBe(REBEL_CONTROL);
    });
    it('with no units and the PDB up', () => {
      const { game, planet } = planetWith(REBELLION, 'none', true);
      expect(rebelControlAtEndOfImperialTurn(game, [planet])).toEqual([planet]);
    });
    it('but not with the PDB down', () => {
      const { game, planet } = planetWith(REBELLION, 'rebel', false);
      expect(rebelControlAtEndOfImperialTurn(game, [planet])).toEqual([]);
      expect(game.world.c.PlanetState.value[planet]).toBe(REBELLION);
    });
    it('nor with Imperial units on the planet', () => {
      const { game, planet } = planetWith(REBELLION, 'both', true);
      expect(rebelControlAtEndOfImperialTurn(game, [planet])).toEqual([]);
    });
  });
});

/** Which sides have units on each planet, counted afresh from the units on each planet's environs. */
function presenceAfresh(game: Game): number[] {
  return (game.world.byKind.planet ?? []).map((planet) => (unitsOnPlanet(game, planet, 'rebel').length ? 1 << R : 0) | (unitsOnPlanet(game, planet, 'imperial').length ? 1 << I : 0));
}

function presenceKept(game: Game): number[] {
  const table = unitPresence(game);
  return (game.world.byKind.planet ?? []).map((planet) => table[planet] as number);
}

describe('[15.5] the units on each planet, as control reads them (kept until a piece is placed, taken off or eliminated)', () => {
  it('follows a unit placed, eliminated where it stands, and taken off', () => {
    const game = testGame();
    const w = game.world;
    const planet = planetsInPlay(game)[0]!;
    for (const u of allOf(w, 'unit')) unplace(w, u);
    expect(presenceKept(game)[game.world.byKind.planet!.indexOf(planet)]).toBe(0);
    const unit = spawnUnit(w, game.content, game.ruleset.sides, 'militia', null);
    place(w, unit, environsOf(w, planet)[0]!);
    expect(presenceKept(game)).toEqual(presenceAfresh(game));
    expect(presenceKept(game)[game.world.byKind.planet!.indexOf(planet)]).toBe(1 << I);
    tag(w, unit, w.c.Eliminated); // still standing there, but eliminated
    expect(presenceKept(game)[game.world.byKind.planet!.indexOf(planet)]).toBe(0);
    const other = spawnUnit(w, game.content, game.ruleset.sides, 'rebel-1-0', 'urban');
    place(w, other, environsOf(w, planet)[0]!);
    expect(presenceKept(game)[game.world.byKind.planet!.indexOf(planet)]).toBe(1 << R);
    unplace(w, other);
    expect(presenceKept(game)).toEqual(presenceAfresh(game));
  });

  it('equals a count made afresh after every command of random games', () => {
    const content = bundledContent();
    for (const [scenario, decisions] of [['songs-of-the-verdant-drift', Infinity], ['galactic-lucent-spiral', 150]] as const) {
      const game = newGame({ content, ruleset: starSystemRuleset, scenario, seed: 'presence' });
      let checked = 0;
      playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 'presence' }), imperial: randomAgent({ side: 'imperial', seed: 'presence' }) }, {
        stopAfter: decisions,
        afterCommand: (g) => {
          expect(presenceKept(g)).toEqual(presenceAfresh(g));
          checked++;
        },
      });
      expect(checked).toBeGreaterThan(100);
    }
  });
});
