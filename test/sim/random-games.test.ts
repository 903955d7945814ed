/**
 * Property tests: whole games of random legal commands (and of the AI), with every invariant of the
 * rules checked after every command (invariants.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/engine/types';
import { environOf, allOf, tag } from '../../src/core/world/world';
import type { Agent } from '../../src/ai/agent';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { agentFactory } from '../../src/ai/registry';
import { content, SCENARIOS, testGame } from '../fixtures';
import { checkInvariants } from './invariants';
import { commandCounter, SOAK } from '../property/count';

const counted = commandCounter(import.meta.url);

/** Every character on the board detected, so searches and character combats happen in every game. */
function detectEveryone(game: Game) {
  for (const ch of allOf(game.world, 'character')) if (environOf(game.world, ch)) tag(game.world, ch, game.world.c.Detected);
}

/** An agent that always searches and attacks when it may, otherwise as given. */
function bold(agent: Agent): Agent {
  return {
    name: `bold ${agent.name}`,
    decide: (view, decision) =>
      decision.options.find((o) => o.attack === true || o.search === true || o.by === 'units' || o.by === 'characters') ?? agent.decide(view, decision),
  };
}

/** Whole games checked after every command take a while on a small machine. */
const LONG = 600_000 * SOAK;

/**
 * How many games of a scenario each test plays. A galactic game checked after every command costs as
 * much as ten star-system ones (three-fifths of this file's time with five and three of them): `npm test`
 * plays two and one of it, the first of the seeds `npm run soak` plays, which plays as many of it as of
 * the others.
 */
function gamesOf(scenario: string, games: number, galacticGames: number): number {
  return content.scenarios.get(scenario)?.kind === 'galactic' && SOAK === 1 ? galacticGames : games * SOAK;
}

describe.each(SCENARIOS)('games of %s', (scenario) => {
  it('random legal games keep every invariant after every command, and end', () => {
    for (let i = 0; i < gamesOf(scenario, 5, 2); i++) {
      const game = testGame(scenario, `property-${i}`);
      checkInvariants(game);
      playOut(game, { rebel: randomAgent({ side: 'rebel', seed: `${i}` }), imperial: randomAgent({ side: 'imperial', seed: `${i}` }) }, { afterCommand: counted.after(checkInvariants) });
      expect(game.winner).not.toBeNull();
    }
  }, LONG);

  it('with every character detected (searches, character combats, captures), keep every invariant and end', () => {
    for (let i = 0; i < gamesOf(scenario, 3, 1); i++) {
      const game = testGame(scenario, `detected-${i}`);
      detectEveryone(game);
      checkInvariants(game);
      const agents = { rebel: bold(randomAgent({ side: 'rebel', seed: `d${i}` })), imperial: bold(randomAgent({ side: 'imperial', seed: `d${i}` })) };
      playOut(game, agents, {
        afterCommand: counted.after((g: Game) => {
          checkInvariants(g);
          detectEveryone(g);
        }),
      });
      expect(game.winner).not.toBeNull();
    }
  }, LONG);

  it('a game of the normal AI against itself keeps every invariant, and ends', () => {
    const game = testGame(scenario, 'normal');
    playOut(game, { rebel: agentFactory('normal')({ side: 'rebel', seed: 'n' }), imperial: agentFactory('normal')({ side: 'imperial', seed: 'n' }) }, { afterCommand: counted.after(checkInvariants) });
    expect(game.winner).not.toBeNull();
  }, LONG);
});
