/**
 * The loyalty track [15.1-15.15] and the causes of the domino effect (000 15.2b), through loyalty.ts,
 * the one door for loyalty and planet-state changes.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/core/engine/types';
import { LOYALTIES } from '../../../src/core/content/schema';
import { IMPERIAL_CONTROL, REBELLION, REBELLION_STOPPED, REBEL_CONTROL } from '../../../src/core/world/components';
import {
  becomeRebelControlled,
  DISSENT,
  dominoLevelForShift,
  enterRebellion,
  LOYAL,
  loyaltyFrozen,
  NEUTRAL,
  PATRIOTIC,
  returnToImperialControl,
  shiftLoyalty,
  stopRebellion,
  UNREST,
} from '../../../systems/rebels-vs-empire/loyalty';
import { eid, testGame } from '../../fixtures';

/** A province game, and one of its planets set to a loyalty and state. */
function planetAt(loyalty: number, state = IMPERIAL_CONTROL): { game: Game; planet: number } {
  const game = testGame('embers-of-the-reach', 'loyalty');
  const planet = eid(game, 'planet', 'brask');
  game.world.c.Loyalty.value[planet] = loyalty;
  game.world.c.PlanetState.value[planet] = state;
  return { game, planet };
}

const loyaltyOf = (game: Game, planet: number) => game.world.c.Loyalty.value[planet];

/** The domino effects queued so far: [level, side, planet]. */
function sparked(game: Game): [number, string, number][] {
  return game.interrupts
    .filter((f) => f.proc === 'domino-effect')
    .map((f) => [f.data.level as number, f.data.side as string, f.data.planet as number]);
}

describe('the loyalty track [15.1-15.15]', () => {
  it('[15.1] the track has five values, from patriotic to unrest, and each planet starts on one', () => {
    expect(LOYALTIES).toEqual(['patriotic', 'loyal', 'neutral', 'dissent', 'unrest']);
    expect([PATRIOTIC, LOYAL, NEUTRAL, DISSENT, UNREST]).toEqual([0, 1, 2, 3, 4]);
    const game = testGame('embers-of-the-reach', 'loyalty');
    expect(LOYALTIES[loyaltyOf(game, eid(game, 'planet', 'drossgate')) as number]).toBe(game.scenario.planets.drossgate?.loyalty);
    expect(LOYALTIES[loyaltyOf(game, eid(game, 'planet', 'valcairn')) as number]).toBe(game.scenario.planets.valcairn?.loyalty);
  });

  it('[15.12] a Rebel shift moves the marker toward unrest, an Imperial one toward patriotic, and says so', () => {
    const { game, planet } = planetAt(NEUTRAL);
    expect(shiftLoyalty(game, planet, 'rebel', 1, 'diplomacy')).toBe(1);
    expect(loyaltyOf(game, planet)).toBe(DISSENT);
    expect(game.events.at(-1)).toMatchObject({ kind: 'loyalty', rule: '[15.12]', visibleTo: 'all' });
    expect(game.events.at(-1)?.text).toContain('dissent');
    expect(shiftLoyalty(game, planet, 'imperial', 2, 'diplomacy')).toBe(2);
    expect(loyaltyOf(game, planet)).toBe(LOYAL);
  });

  it('[15.13] a patriotic planet cannot move further toward the Empire, nor an unrest one toward the Rebel', () => {
    const low = planetAt(PATRIOTIC);
    expect(shiftLoyalty(low.game, low.planet, 'imperial', 1, 'test')).toBe(0);
    expect(loyaltyOf(low.game, low.planet)).toBe(PATRIOTIC);
    const high = planetAt(UNREST);
    expect(shiftLoyalty(high.game, high.planet, 'rebel', 1, 'test')).toBe(0);
    expect(loyaltyOf(high.game, high.planet)).toBe(UNREST);
  });

  it('[15.13] a shift past the end of the track stops at the extreme and reports the spaces really moved', () => {
    const { game, planet } = planetAt(DISSENT);
    expect(shiftLoyalty(game, planet, 'rebel', 3, 'test')).toBe(1);
    expect(loyaltyOf(game, planet)).toBe(UNREST);
    const other = planetAt(LOYAL);
    expect(shiftLoyalty(other.game, other.planet, 'imperial', 4, 'test')).toBe(1);
    expect(loyaltyOf(other.game, other.planet)).toBe(PATRIOTIC);
  });

  it('[15.14, 15.47] the loyalty of a planet in rebellion or under Rebel control cannot be moved', () => {
    for (const state of [REBELLION, REBEL_CONTROL]) {
      const { game, planet } = planetAt(DISSENT, state);
      expect(loyaltyFrozen(game, planet)).toBe(true);
      expect(shiftLoyalty(game, planet, 'imperial', 1, 'test')).toBe(0);
      expect(shiftLoyalty(game, planet, 'rebel', 1, 'test')).toBe(0);
      expect(loyaltyOf(game, planet)).toBe(DISSENT);
      expect(sparked(game)).toEqual([]);
    }
  });

  it('[15.15, 15.75] a planet in rebellion stopped may shift, and stays in rebellion stopped', () => {
    const { game, planet } = planetAt(NEUTRAL, REBELLION_STOPPED);
    expect(loyaltyFrozen(game, planet)).toBe(false);
    expect(shiftLoyalty(game, planet, 'rebel', 1, 'test')).toBe(1);
    expect(loyaltyOf(game, planet)).toBe(DISSENT);
    expect(game.world.c.PlanetState.value[planet]).toBe(REBELLION_STOPPED);
    expect(shiftLoyalty(game, planet, 'imperial', 2, 'test')).toBe(2);
    expect(loyaltyOf(game, planet)).toBe(LOYAL);
    expect(game.world.c.PlanetState.value[planet]).toBe(REBELLION_STOPPED);
  });

  it('[15.12] a shift of no spaces, or of a negative number, changes nothing', () => {
    const { game, planet } = planetAt(NEUTRAL);
    expect(shiftLoyalty(game, planet, 'rebel', 0, 'test')).toBe(0);
    expect(shiftLoyalty(game, planet, 'rebel', -2, 'test')).toBe(0);
    expect(loyaltyOf(game, planet)).toBe(NEUTRAL);
  });
});

describe('the causes of the domino effect (000 15.2b)', () => {
  it('[15.2b] a shift of one space sparks nothing; two spaces in one segment a level-1 effect for that side', () => {
    const { game, planet } = planetAt(NEUTRAL);
    shiftLoyalty(game, planet, 'rebel', 1, 'test');
    expect(sparked(game)).toEqual([]);
    const two = planetAt(NEUTRAL);
    shiftLoyalty(two.game, two.planet, 'imperial', 2, 'test');
    expect(sparked(two.game)).toEqual([[1, 'imperial', two.planet]]);
  });

  it('[15.2b] three or four spaces in one segment spark a level-2 effect', () => {
    expect([0, 1, 2, 3, 4].map(dominoLevelForShift)).toEqual([0, 0, 1, 2, 2]);
    const three = planetAt(LOYAL);
    shiftLoyalty(three.game, three.planet, 'rebel', 3, 'test');
    expect(sparked(three.game)).toEqual([[2, 'rebel', three.planet]]);
    const four = planetAt(PATRIOTIC);
    shiftLoyalty(four.game, four.planet, 'rebel', 4, 'test');
    expect(sparked(four.game)).toEqual([[2, 'rebel', four.planet]]);
  });

  it('[15.2b] spaces add up over one segment: one then one more sparks level 1', () => {
    const { game, planet } = planetAt(NEUTRAL);
    shiftLoyalty(game, planet, 'rebel', 1, 'mission');
    shiftLoyalty(game, planet, 'rebel', 1, 'card');
    expect(sparked(game)).toEqual([[1, 'rebel', planet]]);
  });

  it('[15.2b] two then one more in the same segment sparks level 1, then level 2 as well (decision)', () => {
    const { game, planet } = planetAt(LOYAL);
    shiftLoyalty(game, planet, 'rebel', 2, 'mission');
    shiftLoyalty(game, planet, 'rebel', 1, 'card');
    expect(sparked(game)).toEqual([
      [1, 'rebel', planet],
      [2, 'rebel', planet],
    ]);
    shiftLoyalty(game, planet, 'imperial', 0, 'nothing');
    expect(sparked(game)).toHaveLength(2);
  });

  it('[15.2b] only the spaces the marker really moves count (the end of the track stops them)', () => {
    const { game, planet } = planetAt(DISSENT);
    shiftLoyalty(game, planet, 'rebel', 2, 'test'); // only one space to unrest
    expect(sparked(game)).toEqual([]);
  });

  it('[15.2b] shifts toward opposite sides do not add up (decision)', () => {
    const { game, planet } = planetAt(NEUTRAL);
    shiftLoyalty(game, planet, 'rebel', 1, 'test');
    shiftLoyalty(game, planet, 'imperial', 1, 'test');
    expect(sparked(game)).toEqual([]);
    shiftLoyalty(game, planet, 'imperial', 1, 'test');
    expect(sparked(game)).toEqual([[1, 'imperial', planet]]);
  });

  it('[15.2b] shifts in different segments do not add up', () => {
    const { game, planet } = planetAt(NEUTRAL);
    shiftLoyalty(game, planet, 'rebel', 1, 'test');
    game.segment += 1;
    shiftLoyalty(game, planet, 'rebel', 1, 'test');
    expect(sparked(game)).toEqual([]);
  });

  it('[15.2b] entering rebellion sparks a level-2 effect for the Rebel; [15.4] the Empire loses the planet', () => {
    const { game, planet } = planetAt(UNREST);
    enterRebellion(game, planet, 'Start Rebellion');
    expect(game.world.c.PlanetState.value[planet]).toBe(REBELLION);
    expect(sparked(game)).toEqual([[2, 'rebel', planet]]);
    enterRebellion(game, planet, 'again');
    expect(sparked(game)).toHaveLength(1);
  });

  it('[15.2b] a rebellion stopped sparks a level-2 effect for the Empire; only a planet in rebellion can be stopped', () => {
    const { game, planet } = planetAt(UNREST, REBELLION);
    stopRebellion(game, planet, 'Stop Rebellion');
    expect(game.world.c.PlanetState.value[planet]).toBe(REBELLION_STOPPED);
    expect(sparked(game)).toEqual([[2, 'imperial', planet]]);
    const calm = planetAt(UNREST);
    stopRebellion(calm.game, calm.planet, 'Stop Rebellion');
    expect(calm.game.world.c.PlanetState.value[calm.planet]).toBe(IMPERIAL_CONTROL);
    expect(sparked(calm.game)).toEqual([]);
  });

  it('[15.2b, 15.48] a planet put back into rebellion from rebellion stopped sparks level 2 again', () => {
    const { game, planet } = planetAt(UNREST, REBELLION_STOPPED);
    enterRebellion(game, planet, 'Start Rebellion');
    expect(sparked(game)).toEqual([[2, 'rebel', planet]]);
  });

  it('[15.2b] becoming Rebel-controlled sparks a level-3 effect for the Rebel', () => {
    const { game, planet } = planetAt(UNREST, REBELLION);
    becomeRebelControlled(game, planet, 'interphase');
    expect(game.world.c.PlanetState.value[planet]).toBe(REBEL_CONTROL);
    expect(sparked(game)).toEqual([[3, 'rebel', planet]]);
  });

  it('[15.2b] there is no domino effect when a planet in rebellion stopped becomes Imperial-controlled', () => {
    const { game, planet } = planetAt(UNREST, REBELLION_STOPPED);
    returnToImperialControl(game, planet);
    expect(game.world.c.PlanetState.value[planet]).toBe(IMPERIAL_CONTROL);
    expect(sparked(game)).toEqual([]);
  });
});
