/**
 * A fresh server's warm-up [issue 55] (src/server/warm-up.ts): `npm run serve` plays games of every online
 * ruleset in process before it listens, so that V8 has compiled the engine and the states' making before the
 * first player comes. Here: it reaches every scenario of every ruleset the server plays, and every command it
 * plays is taken by the engine (each is one of the decision's own options).
 */
import { describe, expect, it } from 'vitest';
import { bundledContent } from '../../src/core/content/bundled';
import { ONLINE_RULESETS } from '../../src/server/online-rulesets';
import { warmUp } from '../../src/server/warm-up';

const content = bundledContent();

describe('the server\'s warm-up [issue 55]', () => {
  it('plays every scenario of every online ruleset, each command one the engine takes', () => {
    const scenarios = Object.values(ONLINE_RULESETS).flatMap((online) => [...online.ruleset.scenarios(content).keys()].map((s) => `${online.id}/${s}`));
    // a few commands a game, as many games as there are scenarios
    const warm = warmUp(content, scenarios.length * 8, 8);
    expect(new Set(warm.games)).toEqual(new Set(scenarios));
    expect(warm.commands).toBe(scenarios.length * 8);
    expect(warm.refused).toBe(0);
  });
});
