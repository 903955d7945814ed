/**
 * Property test: random legal games, with the invariants of the rules checked after every command.
 */
import { describe, expect, it } from 'vitest';
import { getRelationTargets, hasComponent } from 'bitecs';
import type { Game } from '../../src/core/engine/types';
import { InEnviron } from '../../src/core/world/relations';
import { allOf, environOf } from '../../src/core/world/world';
import { viewFor } from '../../src/core/view';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { controllerByChart } from '../../systems/control';
import { charactersIn, environsInPlay, sideOf, unitsIn } from '../../systems/sides';
import { allShips, isFreeCharacter, stacksOf } from '../../systems/stacking';

/** Events in which hidden units are used, and so revealed to both sides [7.22]. */
const REVEALING = new Set(['military-combat', 'unit-eliminated', 'pdb-attack']);
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
  // [7.22] nor in the events the Rebel sees, except where combat reveals them
  for (const e of game.events)
    if ((e.visibleTo === 'all' || e.visibleTo === 'rebel') && !REVEALING.has(e.kind)) expect(e.text).not.toMatch(/\b(patrol|line)\b/i);
  // [9.5, 9.57] at most two stacks per side per environ; a character is in a military stack only beside his units
  for (const env of environsInPlay(game))
    for (const side of ['rebel', 'imperial'] as const) expect(stacksOf(game, env, side).length).toBeLessThanOrEqual(2);
  for (const ch of allOf(w, 'character'))
    if (hasComponent(w, ch, c.StackedWithUnits)) {
      expect(isFreeCharacter(game, ch)).toBe(true);
      expect(unitsIn(game, environOf(w, ch), sideOf(game, ch)).length).toBeGreaterThan(0);
    }
  // [14.59] a ship in play always stands with a free friendly character or unit; [9.55] and is in one place
  for (const ship of allShips(game)) {
    const at = environOf(w, ship);
    if (!at) continue;
    const side = sideOf(game, ship);
    expect(charactersIn(game, at, side).length + unitsIn(game, at, side).length).toBeGreaterThan(0);
  }
  // the dead never stand on the board as active pieces
  for (const ch of allOf(w, 'character')) if (hasComponent(w, ch, c.Dead)) expect(getRelationTargets(w, ch, InEnviron).length).toBe(0);
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
});
