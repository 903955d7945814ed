/**
 * The AI's sense of a position (`evaluate`): what it values must follow what wins games.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, evaluate, overTarget } from '../../src/ai/evaluate';
import { testGame } from '../fixtures';

describe('the evaluation values the Rebel target (tables.md "Loyalty, control and victory")', () => {
  const game = testGame('armageddon', 'evaluate');
  const target = game.scenario.victory.rebelPoints;
  const at = (turn: number, points: number) => overTarget({ ...game, turn }, points);

  it('reaching the target is on the winning side of the step, one point short on the losing side', () => {
    for (const turn of [1, game.scenario.turns]) {
      expect(at(turn, target)).toBeGreaterThan(0);
      expect(at(turn, target - 1)).toBeLessThan(0);
    }
  });

  it('the point that reaches the target counts more on the last game-turn than on the first', () => {
    const last = game.scenario.turns;
    expect(at(last, target) - at(last, target - 1)).toBeGreaterThan(2 * (at(1, target) - at(1, target - 1)));
  });

  it('on the last game-turn, the point that reaches the target is worth more than three points far below it', () => {
    const last = { ...game, turn: game.scenario.turns };
    const crossing = DEFAULT_WEIGHTS.target * (overTarget(last, target) - overTarget(last, target - 1)) + DEFAULT_WEIGHTS.victoryPoint;
    const farBelow = DEFAULT_WEIGHTS.target * (overTarget(last, target - 20) - overTarget(last, target - 23)) + 3 * DEFAULT_WEIGHTS.victoryPoint;
    expect(crossing).toBeGreaterThan(farBelow);
  });

  it('a decided game is worth the same to both sides, with opposite signs', () => {
    const won = { ...game, winner: 'rebel' as const };
    expect(evaluate(won, 'rebel')).toBe(-evaluate(won, 'imperial'));
    expect(evaluate(won, 'rebel')).toBeGreaterThan(0);
  });
});
