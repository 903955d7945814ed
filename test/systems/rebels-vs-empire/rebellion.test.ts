/**
 * Rebellion [15.2-15.48]: raising the units when a planet rises, waiting units, rebellion combat,
 * rebellion stopped, and the populace going wild.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/core/engine/types';
import { REBELLION, REBELLION_STOPPED } from '../../../src/core/world/components';
import { environOf, unplace } from '../../../src/core/world/world';
import { applyEvent } from '../../../systems/rebels-vs-empire/action-cards';
import { DISSENT, UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { beginMissionPhase, missionPhase } from '../../../systems/rebels-vs-empire/missions';
import { placeWaitingRebelUnits, startRebellion } from '../../../systems/rebels-vs-empire/rebellion';
import { unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { act, assign, deck, emptyBoard, env, hasOption, planet, put, toSegment, unit } from './mission-helpers';

const typeOf = (game: Game, u: number) => game.content.tables.unitTypes[game.world.c.Unit.type[u] as number]!.id;
const envType = (game: Game, u: number) => game.world.c.Unit.environType[u];

/** Jax completes Start Rebellion at wendhaven.1 (resource 3; wendhaven.2 has resource 2). */
function rise(stubs: Parameters<typeof emptyBoard>[0] = {}, cards = [93]) {
  const { game, calls } = emptyBoard(stubs);
  put(game, 'jax-tollaway', 'wendhaven.1');
  put(game, 'mirra-solvane', 'wendhaven.1');
  deck(game, cards);
  game.vars.possessionDeck = [];
  assign(game, 'rebel', [
    ['jax-tollaway', 'R'],
    ['mirra-solvane', 'P'],
  ]);
  return { game, calls };
}

describe('rebellion', () => {
  it('[15.41, 15.42] force points = each environ\'s resource, spent there on 1-0 (1 point) or 2-1 (3 points) units of its type', () => {
    const { game } = rise();
    act(game, { type: 'draw-action' });
    expect(game.pending?.kind).toBe('raise-rebel-unit');
    expect(game.pending?.context).toEqual({ environ: env(game, 'wendhaven.1'), points: 3 });
    act(game, { type: 'raise-unit', unitType: 'rebel-2-1' });
    // wendhaven.1 is spent; wendhaven.2 has 2 points: no 2-1 affordable
    expect(game.pending?.context).toEqual({ environ: env(game, 'wendhaven.2'), points: 2 });
    expect(hasOption(game, { unitType: 'rebel-2-1' })).toBe(false);
    act(game, { type: 'raise-unit', unitType: 'rebel-1-0' });
    act(game, { type: 'raise-unit', unitType: 'rebel-1-0' });
    const urban = unitsIn(game, env(game, 'wendhaven.1'), 'rebel');
    const wild = unitsIn(game, env(game, 'wendhaven.2'), 'rebel');
    expect(urban.map((u) => typeOf(game, u))).toEqual(['rebel-2-1']);
    expect(wild.map((u) => typeOf(game, u))).toEqual(['rebel-1-0', 'rebel-1-0']);
    expect(urban.map((u) => envType(game, u))).toEqual([0]); // urban
    expect(wild.map((u) => envType(game, u))).toEqual([1, 1]); // wild
  });

  it('[15.43] the raised units are placed at once, regardless of other units', () => {
    const { game } = emptyBoard();
    for (let i = 0; i < 4; i++) unit(game, 'militia', 'wendhaven.1');
    put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [93]);
    assign(game, 'rebel', [['jax-tollaway', 'R']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'raise-unit', unitType: 'rebel-1-0' });
    expect(unitsIn(game, env(game, 'wendhaven.1'), 'rebel')).toHaveLength(1);
  });

  it('[15.44] units the environ size leaves no room for wait, and are placed at the start of the Rebel operations phase when they fit', () => {
    const { game } = rise();
    const full = [unit(game, 'rebel-1-0', 'wendhaven.2', 'wild'), unit(game, 'rebel-1-0', 'wendhaven.2', 'wild'), unit(game, 'rebel-1-0', 'wendhaven.2', 'wild')];
    act(game, { type: 'draw-action' });
    act(game, { type: 'end-raising' }); // nothing at wendhaven.1
    act(game, { type: 'raise-unit', unitType: 'rebel-1-0' });
    expect(unitsIn(game, env(game, 'wendhaven.2'), 'rebel')).toHaveLength(3);
    expect(game.vars.waitingRebelUnits).toHaveLength(1);
    const waiting = (game.vars.waitingRebelUnits as { unit: number }[])[0]!.unit;
    expect(environOf(game.world, waiting)).toBe(0);
    placeWaitingRebelUnits(game); // still no room
    expect(environOf(game.world, waiting)).toBe(0);
    unplace(game.world, full[0]!);
    toSegment(game, 'movement', 'rebel'); // the start of the Rebel operations phase
    expect(environOf(game.world, waiting)).toBe(env(game, 'wendhaven.2'));
    expect(game.vars.waitingRebelUnits).toEqual([]);
  });

  it('[15.48] a planet re-entering rebellion from rebellion stopped gives no units', () => {
    const { game } = emptyBoard();
    const wendhaven = planet(game, 'wendhaven');
    game.world.c.PlanetState.value[wendhaven] = REBELLION_STOPPED;
    startRebellion(game, wendhaven, 'test');
    expect(game.interrupts.map((f) => f.proc)).not.toContain('rebellion-forces');
    expect(game.world.c.PlanetState.value[wendhaven]).toBe(REBELLION);
  });

  it('[15.45, 10.7] the raised units may attack at once: rebellion combat is run with them', () => {
    const { game, calls } = rise({ 'rebellion-combat': null });
    act(game, { type: 'draw-action' });
    act(game, { type: 'raise-unit', unitType: 'rebel-2-1' });
    act(game, { type: 'raise-unit', unitType: 'rebel-1-0' });
    act(game, { type: 'raise-unit', unitType: 'rebel-1-0' });
    const raised = [...unitsIn(game, env(game, 'wendhaven.1'), 'rebel'), ...unitsIn(game, env(game, 'wendhaven.2'), 'rebel')];
    expect(calls).toEqual([{ proc: 'rebellion-combat', data: { planet: planet(game, 'wendhaven'), units: raised } }]);
  });

  it('[15.46] the populace going wild doubles the force points if the planet rises this mission phase', () => {
    const { game } = rise({}, [72, 93]); // urban PG: populace goes wild (and P); then RB
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    expect(game.pending?.context).toEqual({ environ: env(game, 'wendhaven.1'), points: 6 });
  });

  it('[15.46] the populace going wild after the planet has risen has no effect', () => {
    const { game } = emptyBoard();
    const wendhaven = planet(game, 'wendhaven');
    beginMissionPhase(game, 'rebel');
    startRebellion(game, wendhaven, 'test');
    applyEvent(game, 'populace-goes-wild', env(game, 'wendhaven.1'), 'rebel', []);
    expect(missionPhase(game)!.populaceWild).toEqual([]);
  });

  it('[15.2] a rebellion starts only from unrest: the loyalty at the moment is recorded', () => {
    const { game } = rise();
    const wendhaven = planet(game, 'wendhaven');
    expect(game.world.c.Loyalty.value[wendhaven]).toBe(UNREST);
    act(game, { type: 'draw-action' });
    expect(game.world.c.PlanetState.value[wendhaven]).toBe(REBELLION);
    expect(game.vars.rebellionEntries).toEqual([{ planet: wendhaven, loyalty: UNREST, turn: 1 }]);
  });

  it('[15.2] Start Rebellion completed on a planet not at unrest raises nothing', () => {
    const { game } = emptyBoard();
    const wendhaven = planet(game, 'wendhaven');
    game.world.c.Loyalty.value[wendhaven] = DISSENT;
    put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [93]); // the letter R: the mission completes
    assign(game, 'rebel', [['jax-tollaway', 'R']]);
    act(game, { type: 'draw-action' });
    expect(game.events.some((e) => e.kind === 'mission-complete' && e.text.startsWith('Start/Stop Rebellion (R)'))).toBe(true);
    expect(game.world.c.PlanetState.value[wendhaven]).not.toBe(REBELLION);
    expect(game.vars.rebellionEntries ?? []).toEqual([]);
    expect(game.events.find((e) => e.rule === '[15.2]')?.text).toMatch(/not at unrest: the rebellion does not start/);
  });

  it('[15.4] when the planet goes into rebellion the Imperial player loses control of it', () => {
    const { game } = rise();
    unit(game, 'militia', 'wendhaven.2');
    game.ruleset.refresh(game);
    expect(game.world.c.Control.side[planet(game, 'wendhaven')]).toBe(1);
    act(game, { type: 'draw-action' });
    expect(game.world.c.Control.side[planet(game, 'wendhaven')]).toBe(-1);
  });

  it('[15.47, 15.14] the loyalty of a planet in rebellion cannot be moved by an action card', () => {
    const { game } = emptyBoard();
    const tollis = planet(game, 'tollis');
    game.world.c.PlanetState.value[tollis] = REBELLION;
    beginMissionPhase(game, 'rebel');
    applyEvent(game, 'loyalty-to-imperial', env(game, 'tollis.1'), 'rebel', []);
    expect(game.world.c.Loyalty.value[tollis]).toBe(1);
    game.world.c.PlanetState.value[tollis] = 0;
    applyEvent(game, 'loyalty-to-imperial', env(game, 'tollis.1'), 'rebel', []);
    expect(game.world.c.Loyalty.value[tollis]).toBe(0);
  });
});
