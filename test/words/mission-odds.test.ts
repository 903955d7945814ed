/**
 * [13.6] a mission's chance from its bonus draws, shown beside the draws, against the draws themselves:
 * many seeded bonus draws of that many cards from a fresh deck (`drawActionCard`, read by `sectionFor`).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { drawActionCard, sectionFor } from '../../systems/rebels-vs-empire/action-cards';
import { environsInPlay } from '../../systems/rebels-vs-empire/sides';
import { bonusLetterChance } from '../../src/words/option-facts';
import { testGame } from '../fixtures';

describe('mission odds against the bonus draw [13.6]', () => {
  it('[13.6] the chance that d bonus draws show the letter matches 2000 seeded draws', () => {
    const game = testGame();
    const environ = environsInPlay(game)[0] as number;
    for (const [letter, draws, need] of [['D', 2, 1], ['R', 3, 1], ['G', 4, 2]] as const) {
      const p = bonusLetterChance(game, environ, letter, draws, need);
      expect(p).toBeGreaterThan(0.05);
      expect(p).toBeLessThan(0.999);
      const trials = 2000;
      let hits = 0;
      for (let i = 0; i < trials; i++) {
        game.rng = Rng.fromSeed(`draw-${letter}-${i}`);
        game.vars.actionDeck = undefined as never;
        game.vars.actionDiscard = [];
        let letters = 0;
        for (let k = 0; k < draws; k++) if (sectionFor(game, drawActionCard(game), environ).letters.includes(letter)) letters++;
        if (letters >= need) hits++;
      }
      expect(Math.abs(hits / trials - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / trials) + 1e-9);
    }
  });
});
