/**
 * The Planets table's rows (src/ui/planet-overview.ts): one per planet in play, counted from the side's
 * view only (an enemy the side has not seen is not in its counts [9.31], a hidden unit's strength stays
 * unknown [7.22]), and sortable by every column.
 */
import { describe, expect, it } from 'vitest';
import { addComponent, hasComponent } from 'bitecs';
import { LOYALTIES, PLANET_STATES } from '../../src/core/content/schema';
import type { Game } from '../../src/core/engine/types';
import { viewFor } from '../../src/core/view';
import { spawnUnit } from '../../src/core/world/build';
import { allOf, environOf, environsOf, place, planetOfEnviron, refOf } from '../../src/core/world/world';
import { OVERVIEW_COLUMNS, planetOverviewRows, sortRows, type OverviewColumn, type PlanetRow } from '../../src/ui/planet-overview';
import { explainPlanetInView } from '../../systems/rebels-vs-empire/control-explain';
import { planetsInPlay } from '../../systems/rebels-vs-empire/sides';
import { content, SCENARIOS, testGame } from '../fixtures';

const SIDES = ['rebel', 'imperial', null] as const;

/** Units and living, free characters of a side on a planet, read from the world itself (the truth). */
function truth(game: Game, planet: number, side: 0 | 1) {
  const w = game.world;
  const on = (eid: number) => environOf(w, eid) !== 0 && planetOfEnviron(w, environOf(w, eid)) === planet && w.c.Owner.side[eid] === side;
  const units = allOf(w, 'unit').filter((u) => on(u) && !hasComponent(w, u, w.c.Eliminated));
  const characters = allOf(w, 'character').filter((c) => on(c) && !hasComponent(w, c, w.c.Dead) && !hasComponent(w, c, w.c.Captured));
  return { units, characters };
}

/** A game with a spread of loyalties, states, PDBs and forces, so every column has something to sort. */
function variedGame(): Game {
  const game = testGame('embers-of-the-reach', 'overview');
  const w = game.world;
  const planets = planetsInPlay(game);
  planets.forEach((p, i) => {
    w.c.Loyalty.value[p] = i % LOYALTIES.length;
    w.c.PlanetState.value[p] = (i * 3) % PLANET_STATES.length;
    w.c.Pdb.level[p] = i % 3;
    w.c.Pdb.up[p] = i % 2;
    w.c.Control.side[p] = (i % 3) - 1;
  });
  // some militia on the first planets, more on each
  for (let i = 0; i < 3; i++) {
    const env = environsOf(w, planets[i]!)[0]!;
    for (let k = 0; k <= i; k++) place(w, spawnUnit(w, game.content, game.ruleset.sides, 'militia', null), env);
  }
  return game;
}

/** The column's own order, written out here from the rules' words (not read from the module). */
const STATE_ORDER = ['imperial-control', 'rebellion-stopped', 'rebellion', 'rebel-control'];
function key(r: PlanetRow, column: OverviewColumn): number | string | number[] {
  switch (column) {
    case 'planet':
      return r.name;
    case 'system':
      return r.systemName;
    case 'loyalty':
      return ['patriotic', 'loyal', 'neutral', 'dissent', 'unrest'].indexOf(r.loyalty);
    case 'state':
      return STATE_ORDER.indexOf(r.state);
    case 'control':
      return r.control === 'imperial' ? 0 : r.control === null ? 1 : 2;
    case 'pdb':
      return r.pdbLevel * 2 + (r.pdbUp ? 1 : 0);
    case 'rebel':
    case 'imperial': {
      // the units, then their strength (a hidden unit counts one), then the characters
      const f = r.forces[column];
      return [f.units, f.strength + f.hiddenUnits, f.characters];
    }
    case 'vp':
      return r.vp;
  }
}
function cmp(a: number | string | number[], b: number | string | number[]): number {
  if (typeof a === 'string') return a.localeCompare(b as string);
  if (Array.isArray(a)) return a.map((x, i) => x - (b as number[])[i]!).find((d) => d !== 0) ?? 0;
  return a - (b as number);
}

describe('the Planets table', () => {
  it('has one row per planet in play, for each side and the spectator, in every scenario', () => {
    for (const scenario of SCENARIOS) {
      const game = testGame(scenario, 'overview');
      for (const side of SIDES) {
        const view = viewFor(game, side);
        const rows = planetOverviewRows(view, content);
        const inPlay = view.planets.filter((p) => p.inPlay).map((p) => p.id);
        expect(rows.map((r) => r.id).sort(), `${scenario} ${side}`).toEqual([...inPlay].sort());
        for (const r of rows) {
          const p = content.planets.get(r.id)!;
          expect(r.name).toBe(p.name);
          expect(r.systemName).toBe(content.systems.get(p.system)!.name);
          // control and its reason are the planet panel's: the chart read on the same view [15.5]
          expect(r.controlWhy).toBe(explainPlanetInView(view, r.eid).why);
        }
      }
    }
  });

  it('shows the spectator every piece on each planet, and each planet its loyalty, state, PDB and control', () => {
    const game = variedGame();
    const view = viewFor(game, null);
    for (const r of planetOverviewRows(view, content)) {
      const pv = view.planets.find((p) => p.eid === r.eid)!;
      expect({ loyalty: r.loyalty, state: r.state, pdbLevel: r.pdbLevel, pdbUp: r.pdbUp, control: r.control }).toEqual({
        loyalty: pv.loyalty,
        state: pv.state,
        pdbLevel: pv.pdbLevel,
        pdbUp: pv.pdbUp,
        control: pv.control,
      });
      for (const [name, index] of [['rebel', 0], ['imperial', 1]] as const) {
        const t = truth(game, r.eid, index);
        expect(r.forces[name].units, `${r.id} ${name} units`).toBe(t.units.length);
        expect(r.forces[name].characters, `${r.id} ${name} characters`).toBe(t.characters.length);
        expect(r.forces[name].strength).toBe(t.units.reduce((s, u) => s + (game.world.c.Unit.combat[u] as number), 0));
      }
    }
  });

  it('[VP table] each row scores what the VP table gives its state, else its loyalty', () => {
    const game = testGame('embers-of-the-reach', 'overview');
    const [a, b, c] = planetsInPlay(game);
    const { c: comp } = game.world;
    comp.PlanetState.value[a!] = PLANET_STATES.indexOf('rebellion');
    comp.PlanetState.value[b!] = PLANET_STATES.indexOf('imperial-control');
    comp.Loyalty.value[b!] = LOYALTIES.indexOf('patriotic');
    comp.PlanetState.value[c!] = PLANET_STATES.indexOf('imperial-control');
    comp.Loyalty.value[c!] = LOYALTIES.indexOf('neutral');
    const vp = content.tables.victoryPoints;
    for (const side of SIDES) {
      const rows = planetOverviewRows(viewFor(game, side), content);
      const of = (eid: number) => rows.find((r) => r.eid === eid)!.vp;
      expect([of(a!), of(b!), of(c!)]).toEqual([vp.rebellion, vp.patriotic, 0]);
    }
  });

  it('[9.31] an enemy character the side has not detected is in no count of its table; once detected he is', () => {
    const game = testGame('embers-of-the-reach', 'overview');
    const w = game.world;
    const planet = planetsInPlay(game)[0]!;
    const env = environsOf(w, planet)[0]!;
    const imperial = allOf(w, 'character').filter((c) => w.c.Owner.side[c] === 1 && !environOf(w, c))[0]!;
    const rebel = allOf(w, 'character').filter((c) => w.c.Owner.side[c] === 0 && !environOf(w, c))[0]!;
    const before = (side: 'rebel' | 'imperial' | null) => planetOverviewRows(viewFor(game, side), content).find((r) => r.eid === planet)!.forces;
    const start = { rebel: before('rebel'), imperial: before('imperial'), all: before(null) };
    place(w, imperial, env);
    place(w, rebel, env);
    const after = (side: 'rebel' | 'imperial' | null) => planetOverviewRows(viewFor(game, side), content).find((r) => r.eid === planet)!.forces;
    // the Rebel's table: his own man counts, the hidden Imperial does not
    expect(after('rebel').imperial).toEqual(start.rebel.imperial);
    expect(after('rebel').rebel.characters).toBe(start.rebel.rebel.characters + 1);
    // and the other way round
    expect(after('imperial').rebel).toEqual(start.imperial.rebel);
    expect(after('imperial').imperial.characters).toBe(start.imperial.imperial.characters + 1);
    // the spectator sees both
    expect(after(null).imperial.characters).toBe(start.all.imperial.characters + 1);
    expect(after(null).rebel.characters).toBe(start.all.rebel.characters + 1);
    // detected, the Imperial shows in the Rebel's table, by name
    addComponent(w, imperial, w.c.Detected);
    expect(after('rebel').imperial.characters).toBe(start.rebel.imperial.characters + 1);
    expect(after('rebel').imperial.characterIds).toContain(refOf(w, imperial));
  });

  it('[7.22] a hidden Imperial unit counts for the Rebel as a unit of unknown strength', () => {
    const game = testGame('embers-of-the-reach', 'overview');
    const w = game.world;
    const planet = planetsInPlay(game)[0]!;
    const patrol = spawnUnit(w, game.content, game.ruleset.sides, 'patrol', null);
    place(w, patrol, environsOf(w, planet)[0]!);
    const strength = w.c.Unit.combat[patrol] as number;
    expect(w.c.Unit.hidden[patrol]).toBe(1);
    const forces = (side: 'rebel' | 'imperial' | null) => planetOverviewRows(viewFor(game, side), content).find((r) => r.eid === planet)!.forces.imperial;
    const truthUnits = truth(game, planet, 1).units;
    const rebel = forces('rebel');
    expect(rebel.units).toBe(truthUnits.length);
    expect(rebel.hiddenUnits).toBeGreaterThanOrEqual(1);
    const known = truthUnits.filter((u) => w.c.Unit.hidden[u] !== 1).reduce((s, u) => s + (w.c.Unit.combat[u] as number), 0);
    expect(rebel.strength).toBe(known);
    expect(forces('imperial').strength).toBe(known + truthUnits.filter((u) => w.c.Unit.hidden[u] === 1).reduce((s, u) => s + (w.c.Unit.combat[u] as number), 0));
    expect(forces('imperial').hiddenUnits).toBe(0);
    expect(forces(null).strength).toBeGreaterThanOrEqual(known + strength);
  });

  it('sorts by every column, ascending then (clicked again) reversed', () => {
    const game = variedGame();
    for (const side of SIDES) {
      const rows = planetOverviewRows(viewFor(game, side), content);
      expect(rows.length).toBeGreaterThan(5);
      for (const column of OVERVIEW_COLUMNS) {
        const up = sortRows(rows, column);
        expect(up).toHaveLength(rows.length);
        for (let i = 1; i < up.length; i++) {
          const d = cmp(key(up[i - 1]!, column), key(up[i]!, column));
          expect(d, `${side} ${column}: ${up[i - 1]!.id} before ${up[i]!.id}`).toBeLessThanOrEqual(0);
          if (d === 0) expect(up[i - 1]!.name.localeCompare(up[i]!.name), `${column} ties by name`).toBeLessThanOrEqual(0);
        }
        // the column has more than one value here, so the order means something
        expect(cmp(key(up[0]!, column), key(up.at(-1)!, column)), `${column} varies`).toBeLessThan(0);
        expect(sortRows(rows, column, true).map((r) => r.id)).toEqual([...up].reverse().map((r) => r.id));
      }
    }
  });
});
