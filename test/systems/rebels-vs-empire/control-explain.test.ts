/**
 * The control explanation [15.5-15.54]: its verdict is the chart's on many random game states, read
 * from each side's view, and its words name the cell's rule and reason.
 */
import { describe, expect, it } from 'vitest';
import { addComponent } from 'bitecs';
import { PLANET_STATES, SIDES } from '../../../src/core/content/schema';
import { viewFor } from '../../../src/core/view';
import { spawnUnit } from '../../../src/core/world/build';
import { NOBODY } from '../../../src/core/world/components';
import { allOf, environOf, environsOf, place, unplace } from '../../../src/core/world/world';
import { controllerByChart, refreshControl } from '../../../systems/rebels-vs-empire/control';
import { explainControl, explainPlanetInView, type ControlFacts } from '../../../systems/rebels-vs-empire/control-explain';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { SCENARIOS, testGame } from '../../fixtures';

/** A small seeded generator, so a failure names the state it found. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('explainControl agrees with the Planet Control Chart on random game states', () => {
  it.each(SCENARIOS)('[15.5] %s: 40 random states, every planet, every side\'s view', (scenario) => {
    const game = testGame(scenario, 7);
    const w = game.world;
    const c = w.c;
    const rand = lcg(scenario.length * 977);
    const planets = planetsInPlay(game);
    const units = allOf(w, 'unit');
    for (let round = 0; round < 40; round++) {
      // scatter the units: some off the board, some on random environs of random planets, a few new ones
      for (const u of units) {
        if (rand(3) === 0) {
          unplace(w, u);
          continue;
        }
        const planet = planets[rand(planets.length)]!;
        const envs = environsOf(w, planet);
        place(w, u, envs[rand(envs.length)]!);
        if (rand(20) === 0) addComponent(w, u, c.Eliminated);
      }
      if (rand(4) === 0) {
        const planet = planets[rand(planets.length)]!;
        place(w, spawnUnit(w, game.content, game.ruleset.sides, rand(2) ? 'militia' : 'rebel-1-0', 'urban'), environsOf(w, planet)[0]!);
      }
      for (const planet of planets) {
        c.PlanetState.value[planet] = rand(PLANET_STATES.length);
        c.Pdb.up[planet] = rand(2);
        if (rand(6) === 0) {
          // an empty planet, so the "no units" column is seen often
          for (const u of allOf(w, 'unit')) if (environsOf(w, planet).includes(environOf(w, u))) unplace(w, u);
        }
      }
      refreshControl(game);
      for (const side of [null, ...SIDES]) {
        const view = viewFor(game, side, { events: false });
        for (const planet of planets) {
          const chart = controllerByChart(game, planet);
          const e = explainPlanetInView(view, planet);
          const expected = chart === NOBODY ? null : game.ruleset.sides[chart];
          expect(e.controller, `${scenario} round ${round} planet ${planet} (${side ?? 'spectator'}): ${e.why}`).toBe(expected ?? null);
          expect(e.rebelControlled).toBe(PLANET_STATES[c.PlanetState.value[planet] as number] === 'rebel-control');
        }
      }
    }
  });
});

const facts = (state: ControlFacts['state'], units: 'imperial' | 'rebel' | 'both' | 'none', pdbUp: boolean): ControlFacts => ({
  state,
  imperialUnits: units === 'imperial' || units === 'both',
  rebelUnits: units === 'rebel' || units === 'both',
  pdbUp,
});

describe('the explanation in words', () => {
  it('[15.52] in rebellion, no Imperial units, PDB down: says so, and that the PDB must be up', () => {
    const e = explainControl(facts('rebellion', 'rebel', false));
    expect(e.controller).toBeNull();
    expect(e.why).toMatch(/in rebellion/i);
    expect(e.next).toMatch(/no Imperial units, but its PDB is down/i);
    expect(e.next).toContain('[15.52]');
  });

  it('[15.52] in rebellion with Imperial units: they bar Rebel control', () => {
    const e = explainControl(facts('rebellion', 'both', true));
    expect(e.next).toMatch(/Imperial units are on it/);
  });

  it('[15.52, 15.53] in rebellion, no Imperial units, PDB up: Rebel control comes at the end of the Imperial player-turn', () => {
    const e = explainControl(facts('rebellion', 'none', true));
    expect(e.next).toMatch(/end of the Imperial player-turn/);
  });

  it('[15.51] Imperial control, only Rebel units, PDB down: neither, because the PDB is down', () => {
    const e = explainControl(facts('imperial-control', 'rebel', false));
    expect(e.controller).toBeNull();
    expect(e.why).toMatch(/only Rebel units and its PDB is down/);
    expect(e.rule).toBe('[15.51]');
  });

  it('[15.53] Rebel control, only Imperial units, PDB down: neither, yet still scored as Rebel-controlled', () => {
    const e = explainControl(facts('rebel-control', 'imperial', false));
    expect(e.controller).toBeNull();
    expect(e.rebelControlled).toBe(true);
    expect(e.why).toContain('[15.53]');
  });

  it('[15.54] rebellion stopped: the Empire needs its units alone on it', () => {
    expect(explainControl(facts('rebellion-stopped', 'imperial', false)).controller).toBe('imperial');
    expect(explainControl(facts('rebellion-stopped', 'none', true)).why).toMatch(/neither side/);
  });

  it('every cell cites its own state\'s rule', () => {
    const rules: Record<string, string> = { 'imperial-control': '[15.51]', rebellion: '[15.52]', 'rebel-control': '[15.53]', 'rebellion-stopped': '[15.54]' };
    for (const state of PLANET_STATES)
      for (const units of ['imperial', 'rebel', 'both', 'none'] as const)
        for (const pdbUp of [true, false]) {
          const e = explainControl(facts(state, units, pdbUp));
          expect(e.rule).toBe(rules[state]);
          expect(e.why).toContain(rules[state]);
        }
  });
});
