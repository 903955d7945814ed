/**
 * Victory in the star-system and province scenarios (tables.md "Loyalty, control and victory").
 */
import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { IMPERIAL_CONTROL, REBELLION, REBELLION_STOPPED, REBEL_CONTROL } from '../../../src/core/world/components';
import { allOf, planetOf, unplace } from '../../../src/core/world/world';
import { DISSENT, LOYAL, NEUTRAL, PATRIOTIC, UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { tallyPoints } from '../../../systems/rebels-vs-empire/tally';
import { rebelVictoryPoints, score, victory, victoryBreakdown } from '../../../systems/rebels-vs-empire/victory';
import { eid, testGame } from '../../fixtures';

function set(game: Game, id: string, loyalty: number, state = IMPERIAL_CONTROL): void {
  const p = eid(game, 'planet', id);
  game.world.c.Loyalty.value[p] = loyalty;
  game.world.c.PlanetState.value[p] = state;
}

/** A start-of-rebellion game with its three planets set: Wendhaven, Tollis, Gallowmere. */
function wendmoor(w: [number, number], t: [number, number], g: [number, number]): Game {
  const game = testGame('start-of-rebellion', 'victory');
  set(game, 'wendhaven', ...w);
  set(game, 'tollis', ...t);
  set(game, 'gallowmere', ...g);
  return game;
}

describe('victory points (tables.md)', () => {
  it('[VP] each Rebel-controlled planet +9, in rebellion +6, at unrest +3, patriotic -2, the others 0', () => {
    expect(rebelVictoryPoints(wendmoor([UNREST, REBEL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL], [LOYAL, IMPERIAL_CONTROL]))).toBe(9);
    expect(rebelVictoryPoints(wendmoor([UNREST, REBELLION], [DISSENT, IMPERIAL_CONTROL], [LOYAL, IMPERIAL_CONTROL]))).toBe(6);
    expect(rebelVictoryPoints(wendmoor([UNREST, IMPERIAL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL], [LOYAL, IMPERIAL_CONTROL]))).toBe(3);
    expect(rebelVictoryPoints(wendmoor([PATRIOTIC, IMPERIAL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL], [LOYAL, IMPERIAL_CONTROL]))).toBe(-2);
    expect(rebelVictoryPoints(wendmoor([UNREST, REBEL_CONTROL], [UNREST, REBELLION], [PATRIOTIC, IMPERIAL_CONTROL]))).toBe(9 + 6 - 2);
  });

  it('[VP] a planet in rebellion stopped scores by its loyalty, like an Imperial-controlled one', () => {
    expect(rebelVictoryPoints(wendmoor([UNREST, REBELLION_STOPPED], [PATRIOTIC, REBELLION_STOPPED], [NEUTRAL, REBELLION_STOPPED]))).toBe(3 - 2);
  });

  it('[VP] kills, captures and gathered information add to the tally, shown by reason', () => {
    const game = wendmoor([NEUTRAL, IMPERIAL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL]);
    tallyPoints(game, 2, 'Imperial character captured');
    tallyPoints(game, -1, 'Rebel character killed');
    tallyPoints(game, 1);
    expect(rebelVictoryPoints(game)).toBe(2);
    expect(score(game).breakdown).toMatchObject({ 'Imperial character captured': 2, 'Rebel character killed': -1, events: 1 });
  });

  it('[VP] (decision) only the planets of the scenario count', () => {
    const game = wendmoor([NEUTRAL, IMPERIAL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL], [NEUTRAL, IMPERIAL_CONTROL]);
    set(game, 'drossgate', UNREST, REBEL_CONTROL); // another province, not in play
    expect(rebelVictoryPoints(game)).toBe(0);
  });
});

describe('winning (tables.md, [16.x] scenarios)', () => {
  it('[VP] at the end of the last turn the Rebel wins with at least the target, else the Empire', () => {
    const game = testGame('embers-of-the-reach', 'victory');
    expect(game.scenario.victory.rebelPoints).toBe(15);
    for (const p of planetsInPlay(game)) set(game, game.world.c.Ref.id[p] as string, NEUTRAL);
    set(game, 'drossgate', UNREST, REBEL_CONTROL);
    set(game, 'brask', UNREST, REBELLION); // 9 + 6 = 15
    expect(victory(game, false)).toBeNull();
    expect(victory(game, true)).toBe('rebel');
    set(game, 'brask', UNREST); // 9 + 3 = 12
    expect(victory(game, true)).toBe('imperial');
  });

  it('[VP] the scenarios: start of rebellion 6 turns/12, armageddon 7/20, provinces 7/15 and 10/35', () => {
    const rules = (id: string) => {
      const s = testGame(id, 'v').scenario;
      return [s.turns, s.victory.rebelPoints, s.victory.rebelControlWinsAtOnce];
    };
    expect(rules('start-of-rebellion')).toEqual([6, 12, true]);
    expect(rules('armageddon')).toEqual([7, 20, false]);
    expect(rules('embers-of-the-reach')).toEqual([7, 15, false]);
    expect(rules('songs-of-the-verdant-drift')).toEqual([10, 35, false]);
  });

  it('[VP] start of rebellion: the Rebel wins at once when a planet becomes Rebel-controlled', () => {
    const game = wendmoor([UNREST, REBELLION], [LOYAL, IMPERIAL_CONTROL], [DISSENT, IMPERIAL_CONTROL]);
    expect(victory(game, false)).toBeNull();
    set(game, 'wendhaven', UNREST, REBEL_CONTROL);
    expect(victory(game, false)).toBe('rebel');
  });

  it('[VP] start of rebellion, played out: Wendhaven rises, the garrison is gone, the interphase wins the game', () => {
    const game = testGame('start-of-rebellion', 'instant');
    set(game, 'wendhaven', UNREST, REBELLION);
    for (const u of allOf(game.world, 'unit')) if (planetOf(game.world, u) === eid(game, 'planet', 'wendhaven')) unplace(game.world, u);
    while (!game.winner) {
      const d = game.pending!;
      applyOrThrow(game, d.options.find((o) => o.type === 'end-movement') ?? d.options[0]!);
    }
    expect(game.winner).toBe('rebel');
    expect(game.turn).toBe(1);
  });

  it('[VP] armageddon: a planet Rebel-controlled from the start does not win at once, and counts +9', () => {
    const game = testGame('armageddon', 'victory');
    expect(game.world.c.PlanetState.value[eid(game, 'planet', 'ironmaw')]).toBe(REBEL_CONTROL);
    expect(victory(game, false)).toBeNull();
    expect(victoryBreakdown(game).rebelControlled).toBe(9);
  });
});

describe('the score for the spectator', () => {
  it('[VP] score(): points, target, turns left and the breakdown by line', () => {
    const game = wendmoor([UNREST, REBELLION], [PATRIOTIC, IMPERIAL_CONTROL], [UNREST, IMPERIAL_CONTROL]);
    const s = score(game);
    expect(s).toMatchObject({ rebelPoints: 6 - 2 + 3, rebelTarget: 12, turn: 1, lastTurn: 6, turnsLeft: 6 });
    expect(s.breakdown).toMatchObject({
      'Rebel-controlled planets': 0,
      'planets in rebellion': 6,
      'planets at unrest': 3,
      'patriotic planets': -2,
    });
    expect(s.text).toBe('Rebel 7 of 12 VP, 6 turns left');
    expect(game.ruleset.score(game)).toEqual(s);
    game.turn = 6;
    expect(score(game).text).toBe('Rebel 7 of 12 VP, last turn');
    game.winner = 'imperial';
    expect(score(game).text).toBe('Rebel 7 of 12 VP, final');
  });

  it('[VP] a Rebel past his target before the end has not won yet, and the score says so', () => {
    const game = wendmoor([UNREST, REBEL_CONTROL], [UNREST, REBEL_CONTROL], [UNREST, REBEL_CONTROL]);
    const points = victoryBreakdown(game).total;
    expect(points).toBeGreaterThan(12);
    expect(score(game).text).toBe(`Rebel ${points} VP (12 wins at the end), 6 turns left`);
    game.winner = 'rebel';
    expect(score(game).text).toBe(`Rebel ${points} of 12 VP, final`);
  });
});
