/**
 * How good a game looks for one side: the AI's sense of the position. Victory points decide games, so
 * they weigh most; then what wins points later: loyalty leaning toward a side, control, the forces
 * each side keeps on the board, and characters alive, free and unseen. Points are weighed twice: each
 * one counts, and being over the Rebel's target counts again, since that is what wins (tables.md
 * "Loyalty, control and victory").
 *
 * The weights are data (`EvaluationWeights`), so AI personalities are tables, not code.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../core/content/schema';
import type { Game } from '../core/engine/types';
import { allOf, environOf } from '../core/world/world';
import { rebelVictoryPoints } from '../../systems/rebels-vs-empire/victory';

export interface EvaluationWeights {
  victoryPoint: number;
  loyaltyStep: number;
  control: number;
  unitStrength: number;
  character: number;
  detectedRebel: number;
  /**
   * Being at or over the Rebel's victory-point target, on top of the points themselves. A game is
   * decided by the target at the end, so a point that crosses it matters more than a point far from
   * it, and the more so the fewer game-turns are left to change it (see `overTarget`).
   */
  target: number;
}

export const DEFAULT_WEIGHTS: EvaluationWeights = {
  victoryPoint: 10,
  loyaltyStep: 3,
  control: 4,
  unitStrength: 4,
  character: 1,
  detectedRebel: 2,
  target: 60,
};

const WIN = 1_000_000;

/** The position's value for `side`: positive is good. A decided game is worth ±WIN. */
export function evaluate(game: Game, side: SideId, weights: EvaluationWeights = DEFAULT_WEIGHTS): number {
  if (game.winner) return game.winner === 'draw' ? 0 : game.winner === side ? WIN : -WIN;
  const w = game.world;
  const c = w.c;
  const REBEL = game.ruleset.sides.indexOf('rebel');
  const points = rebelVictoryPoints(game);
  let rebel = points * weights.victoryPoint + overTarget(game, points) * weights.target;

  for (const planet of allOf(w, 'planet')) {
    if (!hasComponent(w, planet, c.InPlay)) continue;
    rebel += ((c.Loyalty.value[planet] as number) - 2) * weights.loyaltyStep;
    const control = c.Control.side[planet] as number;
    if (control >= 0) rebel += control === REBEL ? weights.control : -weights.control;
  }

  for (const unit of allOf(w, 'unit')) {
    if (!environOf(w, unit) || hasComponent(w, unit, c.Eliminated)) continue;
    const strength = (c.Unit.combat[unit] as number) * weights.unitStrength;
    rebel += c.Owner.side[unit] === REBEL ? strength : -strength;
  }

  for (const ch of allOf(w, 'character')) {
    if (hasComponent(w, ch, c.Dead) || hasComponent(w, ch, c.Captured) || !environOf(w, ch)) continue;
    const worth =
      ((c.Character.combat[ch] as number) +
        (c.Character.endurance[ch] as number) -
        (c.Wounds.value[ch] as number) +
        (c.Character.intelligence[ch] as number) +
        (c.Character.leadership[ch] as number) +
        (c.Character.diplomacy[ch] as number)) *
      weights.character;
    if (c.Owner.side[ch] === REBEL) rebel += worth - (hasComponent(w, ch, c.Detected) ? weights.detectedRebel : 0);
    else rebel -= worth;
  }
  return side === 'rebel' ? rebel : -rebel;
}

/**
 * How far the Rebel is past his target, from −1 (far short) to +1 (well over), 0 halfway between one
 * point short and the target. The step is steep near the end of the game and gentle early on, when a
 * point short now can still be made up.
 */
export function overTarget(game: Game, points: number): number {
  const turnsLeft = Math.max(1, game.scenario.turns - game.turn + 1);
  return Math.tanh((points - game.scenario.victory.rebelPoints + 0.5) / (1 + turnsLeft));
}
