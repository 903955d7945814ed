/**
 * The engine skips the refresh of derived state (control, stacks, ships, prisoners...) when the world's
 * revision has not moved since the last one (engine/game.ts, `refreshDerived`). That is safe only if every
 * change to the world is counted (`touch`, and the world helpers that call it); the answers rules code
 * keeps while the world stands still (systems/memo.ts, `whileUnchanged`) rely on the same count. These games run under a
 * ruleset whose `revision` also looks at the whole world: seeing the same revision again over a world
 * that has changed, it fails, naming the change nobody counted.
 */
import { describe, expect, it } from 'vitest';
import { newGame, stateHash } from '../../src/core/engine/game';
import type { Game, Ruleset } from '../../src/core/engine/types';
import { snapshotWorld } from '../../src/core/world/snapshot';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { agentFactory } from '../../src/ai/registry';
import { content, SCENARIOS } from '../fixtures';
import { starSystemRuleset } from '../../systems/star-system-ruleset';
import { commandCounter } from '../property/count';

const counted = commandCounter(import.meta.url);

/** The world as text, without what refresh itself works out uncounted (who controls each planet). */
function worldText(game: Game): string[] {
  return snapshotWorld(game.world).map((entity) => {
    const { Control: _derived, ...has } = entity.has;
    return JSON.stringify({ ...entity, has });
  });
}

/** The star-system ruleset, its revision checked against the world it stands for. */
function checkedRuleset(): Ruleset {
  const seen = new WeakMap<Game, { revision: number; world: string[] }>();
  return {
    ...starSystemRuleset,
    revision(game: Game) {
      const revision = game.world.revision;
      const world = worldText(game);
      const last = seen.get(game);
      if (last && last.revision === revision) {
        const at = world.findIndex((entity, i) => entity !== last.world[i]);
        if (at >= 0 || world.length !== last.world.length)
          throw new Error(`the world changed without a touch (revision ${revision}): entity ${at + 1} was ${last.world[at]}, is ${world[at]}`);
      }
      seen.set(game, { revision, world });
      return revision;
    },
  } as Ruleset;
}

function play(scenario: string, seed: string, agent: 'random' | 'normal', ruleset: Ruleset): Game {
  const game = newGame({ content, ruleset, scenario, seed }) as Game;
  const agents =
    agent === 'random'
      ? { rebel: randomAgent({ side: 'rebel', seed }), imperial: randomAgent({ side: 'imperial', seed }) }
      : { rebel: agentFactory('normal')({ side: 'rebel', seed }), imperial: agentFactory('normal')({ side: 'imperial', seed }) };
  const commands = playOut(game, agents);
  if (ruleset !== starSystemRuleset && ruleset.revision) counted.add(commands);
  return game;
}

/** A whole world compared at every refresh: slow, so one game a scenario. */
const LONG = 600_000;

describe.each(SCENARIOS)('the world revision in %s', (scenario) => {
  it('counts every change: a random game never changes the world under the same revision', () => {
    const game = play(scenario, 'revision', 'random', checkedRuleset());
    expect(game.winner).not.toBeNull();
  }, LONG);

  it('skipping refreshes changes nothing: the same game as refreshing after every step', () => {
    const always = { ...starSystemRuleset, revision: undefined } as Ruleset;
    for (const agent of ['random', 'normal'] as const) {
      const skipping = play(scenario, `same-${agent}`, agent, starSystemRuleset as Ruleset);
      const refreshing = play(scenario, `same-${agent}`, agent, always);
      expect(stateHash(skipping)).toBe(stateHash(refreshing));
      expect(skipping.log).toEqual(refreshing.log);
    }
  }, LONG);
});
