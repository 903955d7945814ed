/**
 * [16.12, 15.1] where a player places his pieces: each place's loyalty on the track and what it means,
 * and for characters landing from space the detection odds of their ships, against the landing played
 * with each die through the engine.
 */
import { describe, expect, it } from 'vitest';
import { applyOrThrow, cloneGame, newGame } from '../../src/core/engine/game';
import { percent } from '../../src/core/odds';
import { planetOfEnviron } from '../../src/core/world/world';
import { describeOption } from '../../src/words/describe';
import { loyaltyTrack } from '../../src/words/place-facts';
import { content, rigDice, ruleset } from '../fixtures';

function landing() {
  const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 1, handPlacement: ['rebel'] });
  const d = game.pending!;
  expect(d.kind).toBe('place-characters');
  expect(d.context?.fromSpace).toBe(true);
  return { game, d };
}

describe('placing: the loyalty track and the landing [16.12, 15.1]', () => {
  it('[15.1, 15.2] each place shows its planet\'s mark on the loyalty track and what it means for the Rebel', () => {
    const { game, d } = landing();
    for (const o of d.options) {
      const planet = planetOfEnviron(game.world, o.environ as number);
      const detail = describeOption(game, o, d).detail!;
      const loyalty = game.world.c.Loyalty.value[planet]!;
      expect(detail).toContain(`loyalty ${loyaltyTrack(game, planet)}`);
      expect(loyaltyTrack(game, planet).split(' · ').findIndex((x) => x === x.toUpperCase())).toBe(loyalty);
      expect(detail).toMatch(loyalty === 4 ? /Start Rebellion can raise it now \[15\.2\]/ : new RegExp(`${4 - loyalty} steps? from unrest`));
    }
  });

  it('[16.12, 9.3] a landing\'s detection chance is the six dice of the landing played', () => {
    const { game, d } = landing();
    let checked = 0;
    for (const o of d.options) {
      const detail = describeOption(game, o, d).detail!;
      const shown = /\(evasion \d+\) detected (\d+%)/.exec(detail);
      if (!shown) {
        expect(detail).toMatch(/no detection roll on landing|nothing to detect/);
        continue;
      }
      let detected = 0;
      for (let die = 1; die <= 6; die++) {
        const g = cloneGame(game);
        rigDice(g, [die]);
        const from = g.events.length;
        applyOrThrow(g, o);
        if (g.events.slice(from).some((e) => e.kind === 'detection' && / (detects|destroys) /.test(e.text))) detected++;
      }
      expect(shown[1]).toBe(percent(detected / 6));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
