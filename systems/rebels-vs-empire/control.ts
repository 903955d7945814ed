/**
 * Control [15.5-15.54]: who controls each planet, from its state, whose military units are on it, and
 * whether its PDB is up. Characters never count [15.74]. This is the Planet Control Chart, exactly:
 *
 * | state              | only Imperial units | both     | only Rebel units      | no units              |
 * |--------------------|---------------------|----------|-----------------------|-----------------------|
 * | Imperial control   | Imperial            | Imperial | Imperial if PDB up,   | Imperial              |
 * |                    |                     |          | else nobody           |                       |
 * | Rebellion          | nobody              | nobody   | nobody                | nobody                |
 * | Rebel control      | Rebel if PDB up,    | Rebel    | Rebel                 | Rebel                 |
 * |                    | else nobody         |          |                       |                       |
 * | Rebellion stopped  | Imperial            | nobody   | nobody                | nobody                |
 */
import type { Game } from '../../src/core/engine/types';
import { IMPERIAL_CONTROL, MAX_ENTITIES, NOBODY, REBELLION, REBELLION_STOPPED, REBEL_CONTROL } from '../../src/core/world/components';
import { hasComponent } from 'bitecs';
import { changeMark, changesSince, environOf, environsView, occupantsView, planetOfEnviron, withComponent, type ChangeMark } from '../../src/core/world/world';
import { becomeRebelControlled } from './loyalty';
import { hasUnitsOnPlanet, sideIndexOf, unitsOnPlanet } from './sides';

/** Which sides have military units on each planet: bit `1 << side index` set, by planet entity. */
export type UnitPresence = Uint8Array;

/** Each world's presence table, with the placements, eliminations and change log's place it was counted at. */
interface CountedPresence {
  table: UnitPresence;
  placements: number;
  eliminated: number;
  mark: ChangeMark;
}

const presenceTables = new WeakMap<Game['world'], CountedPresence>();

/**
 * Which sides have units on which planets (read it at once, never write it: the table is the world's
 * own, kept until a piece is placed, taken off or eliminated; then only the planets the change log names
 * are counted again, or all of them when it cannot say).
 */
export function unitPresence(game: Game): UnitPresence {
  const w = game.world;
  const eliminated = withComponent(w, w.c.Eliminated).length;
  let counted = presenceTables.get(w);
  if (counted && counted.placements === w.placements && counted.eliminated === eliminated) return counted.table;
  if (counted && planetsTouchedSince(game, counted.mark)) {
    for (const planet of touchedPlanets) countPresence(game, counted.table, planet);
  } else {
    if (!counted) presenceTables.set(w, (counted = { table: new Uint8Array(MAX_ENTITIES), placements: 0, eliminated: 0, mark: changeMark(w) }));
    countAllPresence(game, counted.table);
  }
  counted.placements = w.placements;
  counted.eliminated = eliminated;
  counted.mark = changeMark(w);
  return counted.table;
}

function countAllPresence(game: Game, table: UnitPresence): void {
  const w = game.world;
  table.fill(0);
  const owner = w.c.Owner.side;
  for (const unit of w.byKind.unit ?? []) {
    const environ = environOf(w, unit);
    if (!environ || hasComponent(w, unit, w.c.Eliminated)) continue;
    const side = owner[unit] as number;
    if (side < 0) throw new Error(`entity ${unit} has no side`);
    const planet = planetOfEnviron(w, environ);
    table[planet] = (table[planet] as number) | (1 << side);
  }
}

/** Count again which sides have live units on one planet. */
function countPresence(game: Game, table: UnitPresence, planet: number): void {
  const w = game.world;
  let here = 0;
  for (const environ of environsView(w, planet))
    for (const eid of occupantsView(w, environ)) if (w.kinds[eid] === 'unit' && !hasComponent(w, eid, w.c.Eliminated)) here |= 1 << (w.c.Owner.side[eid] as number);
  table[planet] = here;
}

/**
 * The planets whose units a change since `mark` may have changed (`touchedPlanets`): those of the
 * environs the change log names (a piece placed or taken off) and of the units it names where they stand
 * now (a unit eliminated). False when the log cannot say.
 */
function planetsTouchedSince(game: Game, mark: ChangeMark): boolean {
  const w = game.world;
  touchedPlanets.length = 0;
  return changesSince(w, mark, (eid) => {
    const kind = w.kinds[eid];
    if (kind === 'environ') addTouchedPlanet(planetOfEnviron(w, eid));
    else if (kind === 'unit') {
      const at = environOf(w, eid);
      if (at) addTouchedPlanet(planetOfEnviron(w, at));
    }
  });
}

/** (a function of the module, not a closure named in the call: tsx names each such closure as it is made, a defineProperty every time) */
function addTouchedPlanet(planet: number): void {
  if (!touchedPlanets.includes(planet)) touchedPlanets.push(planet);
}

const touchedPlanets: number[] = [];

/** Who controls a planet by the chart, as a side index or NOBODY. */
export function controllerByChart(game: Game, planet: number, presence?: UnitPresence): number {
  const c = game.world.c;
  const I = sideIndexOf(game, 'imperial');
  const R = sideIndexOf(game, 'rebel');
  const imperial = presence ? ((presence[planet] as number) & (1 << I)) !== 0 : unitsOnPlanet(game, planet, 'imperial').length > 0;
  const rebel = presence ? ((presence[planet] as number) & (1 << R)) !== 0 : unitsOnPlanet(game, planet, 'rebel').length > 0;
  return chart(c.PlanetState.value[planet] as number, imperial, rebel, c.Pdb.up[planet] === 1, I, R);
}

/** The Planet Control Chart itself: a planet's state, whose units are on it, its PDB; I and R the sides' indexes. */
function chart(state: number, imperial: boolean, rebel: boolean, pdbUp: boolean, I: number, R: number): number {
  switch (state) {
    case IMPERIAL_CONTROL: // [15.51]
      if (rebel && !imperial) return pdbUp ? I : NOBODY;
      return I;
    case REBELLION: // [15.52] neither player controls a planet in rebellion
      return NOBODY;
    case REBEL_CONTROL: // [15.53]
      if (imperial && !rebel) return pdbUp ? R : NOBODY;
      return R;
    case REBELLION_STOPPED: // [15.54]
      return imperial && !rebel ? I : NOBODY;
    default:
      return NOBODY;
  }
}

/**
 * Keep every planet's `Control` equal to the chart. Run after every change (ruleset.refresh). Every planet
 * is charted, not only those the change log names: the chart is a few reads a planet, and a planet's state
 * or PDB written without its name (a test's hand, say) is charted all the same.
 */
export function refreshControl(game: Game): void {
  const c = game.world.c;
  const presence = unitPresence(game);
  const I = sideIndexOf(game, 'imperial');
  const R = sideIndexOf(game, 'rebel');
  const imperialBit = 1 << I;
  const rebelBit = 1 << R;
  for (const planet of game.world.byKind.planet ?? []) {
    const here = presence[planet] as number;
    c.Control.side[planet] = chart(c.PlanetState.value[planet] as number, (here & imperialBit) !== 0, (here & rebelBit) !== 0, c.Pdb.up[planet] === 1, I, R);
  }
}

/** Does this side control the planet now? */
export function controls(game: Game, side: 'rebel' | 'imperial', planet: number): boolean {
  return game.world.c.Control.side[planet] === sideIndexOf(game, side);
}

/**
 * [15.52, 15.53] Does this planet become Rebel-controlled at the end of the Imperial player-turn? It is
 * in rebellion, with only Rebel units or no units, and its PDB up.
 */
export function becomesRebelControlled(game: Game, planet: number): boolean {
  const c = game.world.c;
  if (c.PlanetState.value[planet] !== REBELLION) return false;
  if (hasUnitsOnPlanet(game, planet, 'imperial')) return false;
  return c.Pdb.up[planet] === 1;
}

/**
 * [15.52, 15.53] At the end of the Imperial player-turn, a planet in rebellion with only Rebel units or
 * no units, and its PDB up, becomes Rebel-controlled. Returns the planets that changed. (The interphase
 * changes them one at a time instead, each with its chain [000 15.1c]: see interphase.ts.)
 */
export function rebelControlAtEndOfImperialTurn(game: Game, planets: number[]): number[] {
  const changed: number[] = [];
  for (const planet of planets) {
    if (!becomesRebelControlled(game, planet)) continue;
    becomeRebelControlled(game, planet, 'end of the Imperial player-turn');
    changed.push(planet);
  }
  return changed;
}
