/**
 * Property test: random legal games, with the invariants of the rules checked after every command.
 */
import { describe, expect, it } from 'vitest';
import { getRelationTargets, hasComponent } from 'bitecs';
import type { Game } from '../../src/core/engine/types';
import { InEnviron } from '../../src/core/world/relations';
import { allOf, environOf, guardOf, isActivePiece, tag } from '../../src/core/world/world';
import { movablePieces } from '../../systems/movement';
import { enemyOf, sideOf } from '../../systems/sides';
import { viewFor } from '../../src/core/view';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import type { Agent } from '../../src/ai/agent';
import { controllerByChart } from '../../systems/control';
import { environsInPlay, unitsIn } from '../../systems/sides';
import { SCENARIOS, testGame } from '../fixtures';

function checkInvariants(game: Game) {
  const w = game.world;
  const c = w.c;
  // [9.5] no environ over its size limit for either player
  for (const env of environsInPlay(game))
    for (const side of ['rebel', 'imperial'] as const) expect(unitsIn(game, env, side).length).toBeLessThanOrEqual(c.Environ.size[env] as number);
  // no piece in two places
  for (const eid of [...allOf(w, 'unit'), ...allOf(w, 'character')]) expect(getRelationTargets(w, eid, InEnviron).length).toBeLessThanOrEqual(1);
  // [15.5] control is always what the control chart says
  for (const planet of allOf(w, 'planet')) expect(c.Control.side[planet]).toBe(controllerByChart(game, planet));
  // [7.22] hidden strengths never in the Rebel's view
  for (const u of viewFor(game, 'rebel', { events: false }).units)
    if (u.side === 'imperial' && u.mobile) expect(u).toMatchObject({ type: 'hidden', combat: null });
  // the dead never stand on the board as active pieces
  for (const ch of allOf(w, 'character')) if (hasComponent(w, ch, c.Dead)) expect(getRelationTargets(w, ch, InEnviron).length).toBe(0);
  // [12.73, 12.84] no dead or captured character acts: never among movable pieces, never named in an option
  const inactive = allOf(w, 'character').filter((ch) => hasComponent(w, ch, c.Dead) || hasComponent(w, ch, c.Captured));
  for (const side of ['rebel', 'imperial'] as const) for (const ch of movablePieces(game, side)) expect(inactive).not.toContain(ch);
  for (const o of game.pending?.options ?? [])
    for (const key of ['piece', 'character', 'knight', 'to'] as const) if (typeof o[key] === 'number') expect(inactive).not.toContain(o[key]);
  // [12.81, 12.82] a captured character is always guarded by a live enemy piece in his environ
  for (const ch of allOf(w, 'character')) {
    if (!hasComponent(w, ch, c.Captured)) continue;
    const guard = guardOf(w, ch);
    expect(guard).not.toBe(0);
    expect(isActivePiece(w, guard)).toBe(true);
    expect(hasComponent(w, guard, c.Captured)).toBe(false);
    expect(sideOf(game, guard)).toBe(enemyOf(sideOf(game, ch)));
    expect(environOf(w, guard)).toBe(environOf(w, ch));
  }
  // [12.7, 12.73] wounds never exceed endurance; a character whose wounds reach it is dead
  for (const ch of allOf(w, 'character')) {
    expect(c.Wounds.value[ch] as number).toBeLessThanOrEqual(c.Character.endurance[ch] as number);
    if ((c.Wounds.value[ch] as number) >= (c.Character.endurance[ch] as number)) expect(hasComponent(w, ch, c.Dead)).toBe(true);
  }
}

/**
 * Until detection and missions are built, nothing detects a character in a random game, so no search or
 * character combat would ever run. In these games every character on the board is detected after every
 * command, and the agents always search and attack when they may (random otherwise), so the search
 * phase, searches, character combats, captures and healing are played through too.
 */
function detectEveryone(game: Game) {
  for (const ch of allOf(game.world, 'character')) if (environOf(game.world, ch)) tag(game.world, ch, game.world.c.Detected);
}

function bold(agent: Agent): Agent {
  return {
    name: `bold ${agent.name}`,
    decide: (view, decision) =>
      decision.options.find((o) => o.attack === true || o.search === true || o.by === 'units' || o.by === 'characters') ?? agent.decide(view, decision),
  };
}

describe.each(SCENARIOS)('random legal games of %s', (scenario) => {
  it('keep every invariant after every command, and end', () => {
    for (let i = 0; i < 6; i++) {
      const game = testGame(scenario, `property-${i}`);
      playOut(game, { rebel: randomAgent({ side: 'rebel', seed: `${i}` }), imperial: randomAgent({ side: 'imperial', seed: `${i}` }) }, {
        afterCommand: checkInvariants,
      });
      expect(game.winner).not.toBeNull();
    }
  });

  it('with every character detected from the start (searches and character combats), keep every invariant and end', () => {
    for (let i = 0; i < 4; i++) {
      const game = testGame(scenario, `detected-${i}`);
      detectEveryone(game);
      playOut(game, { rebel: bold(randomAgent({ side: 'rebel', seed: `d${i}` })), imperial: bold(randomAgent({ side: 'imperial', seed: `d${i}` })) }, {
        afterCommand: (g) => {
          checkInvariants(g);
          detectEveryone(g);
        },
      });
      expect(game.winner).not.toBeNull();
    }
  });
});
