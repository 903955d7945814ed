/**
 * Property test: random legal games, with the invariants of the rules checked after every command.
 */
import { describe, expect, it } from 'vitest';
import { getRelationTargets, hasComponent } from 'bitecs';
import type { Game } from '../../src/core/engine/types';
import { InEnviron } from '../../src/core/world/relations';
import { allOf } from '../../src/core/world/world';
import { viewFor } from '../../src/core/view';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { controllerByChart } from '../../systems/control';
import { environsInPlay, unitsIn } from '../../systems/sides';
import { loyaltyFrozen, PATRIOTIC, UNREST } from '../../systems/loyalty';
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
  // [15.1, 15.13] every planet's loyalty stays on the five-space track
  for (const planet of allOf(w, 'planet')) {
    expect(c.Loyalty.value[planet]).toBeGreaterThanOrEqual(PATRIOTIC);
    expect(c.Loyalty.value[planet]).toBeLessThanOrEqual(UNREST);
  }
  // [15.14, 15.47] a planet in rebellion or under Rebel control before and after a command kept its loyalty
  const frozen = frozenBefore.get(game) ?? {};
  for (const [planet, value] of Object.entries(frozen)) if (loyaltyFrozen(game, Number(planet))) expect(c.Loyalty.value[Number(planet)]).toBe(value);
  rememberFrozen(game);
}

/** The loyalty of the planets whose marker may not move, as of the last check (kept off the game). */
const frozenBefore = new WeakMap<Game, Record<string, number>>();
function rememberFrozen(game: Game) {
  const c = game.world.c;
  const frozen: Record<string, number> = {};
  for (const planet of allOf(game.world, 'planet')) if (loyaltyFrozen(game, planet)) frozen[planet] = c.Loyalty.value[planet] as number;
  frozenBefore.set(game, frozen);
}

describe.each(SCENARIOS)('random legal games of %s', (scenario) => {
  it('keep every invariant after every command, and end', () => {
    for (let i = 0; i < 6; i++) {
      const game = testGame(scenario, `property-${i}`);
      rememberFrozen(game);
      playOut(game, { rebel: randomAgent({ side: 'rebel', seed: `${i}` }), imperial: randomAgent({ side: 'imperial', seed: `${i}` }) }, {
        afterCommand: checkInvariants,
      });
      expect(game.winner).not.toBeNull();
    }
  });
});
