/**
 * Planetary defence bases [8.0-8.33, 9.2x, 15.6x].
 *
 * Every planet has a PDB of level 0-2, up or down [8.0]. Only the player who controls the planet uses
 * it, and only while it is up [15.6, 8.2, 8.33]. It tries to detect enemy spaceships (detection.ts) and
 * attacks enemy military stacks that leave or enter its planet [9.21, 9.27]: a level-2 PDB on the 3-1
 * column, a level-1 on the 1-1 column, a level-0 not at all [9.22]. The PDB rolls for the units' loss,
 * then the units roll for the PDB's: 2 puts it down, 3 or more puts it down and costs a level [9.25].
 * Units never attack a PDB [9.26].
 */
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { REBELLION } from '../../src/core/world/components';
import { nameOf } from '../../src/core/names';
import { controls } from './control';
import { enemyOf, hasUnitsOnPlanet } from './sides';
import { combatResult } from './military-combat';
import { touch } from '../../src/core/world/world';

/** [15.6, 8.2, 8.33] may this side use the planet's PDB now: it controls the planet and the PDB is up. */
export function pdbUsableBy(game: Game, planet: number, side: SideId): boolean {
  return controls(game, side, planet) && game.world.c.Pdb.up[planet] === 1;
}

/** [9.22] the Military Combat Results Table column a PDB attacks on, or null for a level-0 PDB. */
export function pdbAttackColumn(game: Game, planet: number): number | null {
  const level = String(game.world.c.Pdb.level[planet]) as '1' | '2';
  const name = game.content.tables.pdbAttackColumn[level];
  if (!name) return null; // [9.22] a level-0 PDB cannot attack
  const col = game.content.tables.militaryCombat.columns.indexOf(name);
  if (col < 0) throw new Error(`the PDB column "${name}" is not on the military combat table`);
  return col;
}

/**
 * [9.22] a PDB's fire on a moving stack, for its two dice: the PDB's die gives the units' loss (the
 * defender's, right of the slash), then the units' die the PDB's loss (the attacker's, left). Pure.
 */
export function pdbFireResult(game: Game, column: number, pdbDie: number, unitsDie: number): { unitsLoss: number; pdbLoss: number } {
  return { unitsLoss: combatResult(game, column, pdbDie).defenderLoss, pdbLoss: combatResult(game, column, unitsDie).attackerLoss };
}

/** What a PDB's fire may do, each die of `pdbFireResult` enumerated: the units' loss in strength points, and the PDB knocked down or down a level [9.22, 9.25]. */
export interface PdbFireOdds {
  column: string;
  unitsLoss: { n: number; chance: number }[];
  /** A loss of 2 puts it down, of 3 or more down and a level lower [9.25]. */
  down: number;
  levelLost: number;
}

/** [9.22, 9.25] the odds of the PDB of `planet` firing on a moving stack, or null for a level-0 PDB, which cannot fire. */
export function pdbFireOdds(game: Game, planet: number): PdbFireOdds | null {
  const column = pdbAttackColumn(game, planet);
  if (column === null) return null;
  const unitsLoss: { n: number; chance: number }[] = [];
  let down = 0;
  let levelLost = 0;
  for (let pdbDie = 1; pdbDie <= 6; pdbDie++)
    for (let unitsDie = 1; unitsDie <= 6; unitsDie++) {
      const r = pdbFireResult(game, column, pdbDie, unitsDie);
      const x = unitsLoss.find((y) => y.n === r.unitsLoss);
      if (x) x.chance += 1 / 36;
      else unitsLoss.push({ n: r.unitsLoss, chance: 1 / 36 });
      if (r.pdbLoss >= 2) down += 1 / 36;
      if (r.pdbLoss >= 3) levelLost += 1 / 36;
    }
  return { column: game.content.tables.militaryCombat.columns[column] ?? '?', unitsLoss: unitsLoss.sort((a, b) => a.n - b.n), down, levelLost };
}

/** [9.25] what a loss does to a PDB: 1 nothing, 2 down, 3 (or more) down and a level lost. */
export function applyPdbLoss(game: Game, planet: number, loss: number): void {
  const c = game.world.c;
  if (loss < 2) return;
  c.Pdb.up[planet] = 0;
  if (loss >= 3) c.Pdb.level[planet] = Math.max(0, (c.Pdb.level[planet] as number) - 1);
  touch(game.world, planet);
  emit(game, {
    kind: 'pdb',
    text: `The PDB of ${nameOf(game, planet)} is knocked down${loss >= 3 ? ` and falls to level ${c.Pdb.level[planet]}` : ''}.`,
    rule: '[9.25]',
    visibleTo: 'all',
    entities: [planet],
  });
}

/**
 * [15.61] when a player may put a down PDB up (our decision, docs/rules.md): during his own movement
 * segment, on a planet he controls, or (the Rebel [15.52]) on a planet in rebellion, with no enemy
 * military units on the planet.
 */
export function canPutPdbUp(game: Game, planet: number, side: SideId): boolean {
  const c = game.world.c;
  if (c.Pdb.up[planet] === 1) return false;
  const hers = controls(game, side, planet) || (side === 'rebel' && c.PlanetState.value[planet] === REBELLION);
  return hers && !hasUnitsOnPlanet(game, planet, enemyOf(side));
}

export function putPdbUp(game: Game, planet: number, side: SideId): void {
  game.world.c.Pdb.up[planet] = 1;
  touch(game.world, planet);
  emit(game, { kind: 'pdb', text: `The ${side === 'rebel' ? 'Rebel' : 'Imperial'} player puts the PDB of ${nameOf(game, planet)} up.`, rule: '[15.61]', visibleTo: 'all', entities: [planet] });
}
