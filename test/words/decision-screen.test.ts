/**
 * [issue 55] A decision's screen facts made together (`decisionScreen`: each option described once, the
 * words shared by the list, the board's markers and its buttons) are exactly the facts made apart, each
 * part describing the options afresh: at every decision of a whole game played at random by both sides.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/core/engine/game';
import { Rng } from '../../src/core/rng';
import { decisionInfo, decisionScreen } from '../../src/words/decision-info';
import { boardForm } from '../../src/words/board/forms';
import { groupedOptions } from '../../src/words/decision-list';
import { testGame } from '../fixtures';

describe('a decision on the screen, its options described once [issue 55]', () => {
  it('gives the same words, board and list as each made apart, at every decision of a game', () => {
    const kinds = new Set<string>();
    for (const seed of ['screen-1']) {
      const game = testGame(undefined, seed);
      const rng = Rng.fromSeed(`${seed}-answers`);
      while (game.pending && !game.winner) {
        const d = game.pending;
        const info = decisionInfo(game, d);
        const apart = { info, board: boardForm(game, d), groups: groupedOptions(game, d, info.options) };
        expect(JSON.stringify(decisionScreen(game, d)), `${d.kind} at command ${game.log.length}`).toBe(JSON.stringify(apart));
        kinds.add(d.kind);
        expect(apply(game, rng.pick(d.options)).ok).toBe(true);
      }
    }
    // the games reach the decisions whose options are described by several parts of the screen
    expect([...kinds]).toEqual(expect.arrayContaining(['movement', 'move-group', 'pick-for-mission', 'assign-mission', 'mission-draw', 'reaction']));
  });
});
