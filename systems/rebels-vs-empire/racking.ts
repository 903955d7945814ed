/**
 * The racking attack [9.28] and a spaceship's cannon and shields [14.5]: rules of the province and
 * galactic games ("non SS"). `004_*` only names them: "PDB executes a racking attack", and cannon and
 * shields among a ship's ratings. What they do is ours (docs/rules.md, "The racking attack"):
 *
 * A PDB that has just detected a spaceship leaving or reaching its planet [9.3] (seen, and still flying:
 * detected, or detected and damaged) may rake it with fire, as it may attack military units passing it
 * [9.21, 9.27]; a level-0 PDB cannot [9.22]. Its controller chooses. As in that attack [9.22], the PDB
 * rolls for the ship, then the ship for the PDB (`rackingResult`, src/core/odds.ts):
 * - the PDB's die + its level − the ship's shields, at least `racking.shipHitOn`: the ship is hit, damaged
 *   as by a detection's Dd (wrecked when it lands, those aboard unharmed [9.31]); one damaged already this
 *   game-turn is eliminated with everyone aboard [9.35];
 * - the ship's die + its cannon, at least `pdbDownOn`: a loss of 2 to the PDB (down), at least
 *   `pdbLevelLostOn` a loss of 3 (down, and a level lost) [9.25]. A ship without a cannon does not fire back.
 */
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Decision, Game } from '../../src/core/engine/types';
import { rackingResult } from '../../src/core/odds';
import { environOf, touch } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { damagedThisTurn, eliminateCharacters } from './detection';
import { applyPdbLoss, pdbAttackColumn } from './pdb';
import { loseShip } from './possessions';

/** The ratings a racking attack is fought with, as both sides know them (the ship is detected and named [14.2]). */
export function rackingRatings(game: Game, planet: number, ship: number): { level: number; shields: number; cannon: number } {
  const c = game.world.c;
  return { level: c.Pdb.level[planet] as number, shields: c.Spaceship.shields[ship] as number, cannon: c.Spaceship.cannon[ship] as number };
}

/**
 * [9.28] after the PDB of `planet` has detected `ship` (its controller, the enemy of `movingSide`, may use
 * it): the choice to rake it, or null where no racking attack is possible (the star-system game, a
 * level-0 PDB [9.22], a ship no longer flying).
 */
export function rackingDecision(game: Game, planet: number, ship: number, pdbSide: SideId): Decision | null {
  if (game.scenario.kind === 'star-system' || pdbAttackColumn(game, planet) === null || !environOf(game.world, ship)) return null;
  const { level, shields, cannon } = rackingRatings(game, planet, ship);
  return {
    side: pdbSide,
    kind: 'pdb-racking',
    prompt: `The PDB of ${nameOf(game, planet)} has detected ${nameOf(game, ship)}. Rake it with fire (level ${level} against shields ${shields}; ${cannon > 0 ? `its cannon ${cannon} may fire back` : 'it has no cannon to fire back'})?`,
    rule: '[9.28]',
    options: [
      { type: 'pdb-rack', side: pdbSide, ship, planet },
      { type: 'pdb-hold', side: pdbSide, planet },
    ],
    context: { planet, ship, environ: environOf(game.world, ship), pdbLevel: level, shields, cannon },
  };
}

/** [9.28, 9.22] the racking attack on `ship` and the characters aboard it: the PDB's die, then the ship's. */
export function rackShip(game: Game, planet: number, ship: number, aboard: number[]): void {
  const w = game.world;
  const { level, shields, cannon } = rackingRatings(game, planet, ship);
  const pdbDie = game.rng.d6();
  const shipDie = game.rng.d6();
  const { shipHit, pdbLoss } = rackingResult(game.content.tables, level, shields, cannon, pdbDie, shipDie);
  const damaged = damagedThisTurn(game);
  const eliminated = shipHit && damaged.includes(ship); // [9.35] damaged twice in a game-turn
  const name = nameOf(game, ship);
  const hit = !shipHit ? 'misses' : eliminated ? 'hits it again and destroys it with everyone aboard [9.35]' : 'hits it: it will be wrecked when it lands [9.31]';
  const answer = cannon <= 0 ? 'it has no cannon to answer with' : `its cannon ${cannon} answers (die ${shipDie}): ${pdbLoss >= 3 ? 'the PDB is knocked down and loses a level' : pdbLoss >= 2 ? 'the PDB is knocked down' : 'no harm done'}`;
  emit(game, {
    kind: 'pdb-racking',
    text: `The PDB of ${nameOf(game, planet)} rakes ${name} (level ${level} against shields ${shields}, die ${pdbDie}) and ${hit}; ${answer}.`,
    rule: '[9.28]',
    visibleTo: 'all',
    entities: [ship, planet, ...aboard],
  });
  if (eliminated) {
    eliminateCharacters(game, aboard, '[9.35]');
    loseShip(game, ship, 'destroyed by a PDB', '[9.35]', true);
  } else if (shipHit) {
    damaged.push(ship);
    w.c.Spaceship.damaged[ship] = 1; // [9.31] wrecked when it reaches its destination
    touch(w, ship);
  }
  applyPdbLoss(game, planet, pdbLoss); // [9.25]
}
