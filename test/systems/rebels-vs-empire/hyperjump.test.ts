/**
 * Hyperjumps between star systems and the drift areas [5.22] (tables.md, hyperjump table) [issue 26],
 * in the province scenario of the Ember Reach: Pyrrhos, Rakhar, Orrim and Skarrow, joined by routes
 * of distance 1 and, through the navigation star Cinder Gate, of distance 2.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { environOf, planetOfEnviron, systemOfPlanet, untag } from '../../../src/core/world/world';
import { viewFor } from '../../../src/core/view';
import { groupDestinations } from '../../../systems/rebels-vs-empire/movement';
import { hyperjumpOdds, hyperjumpResult, isAdrift, routeBetween, stackNavigation } from '../../../systems/rebels-vs-empire/hyperjump';
import { eid, rigDice, testGame } from '../../fixtures';
import { describeOption } from '../../../src/words/describe';
import { clearBoard, env, moveStack, optionsOf, putChar, reask, ship, unit } from './ops-helpers';

const reachGame = (): Game => clearBoard(testGame('embers-of-the-reach', 'jumps'));
const system = (game: Game, id: string) => eid(game, 'system', id);
const systemOfEnv = (game: Game, environ: number) => systemOfPlanet(game.world, planetOfEnviron(game.world, environ));

describe('hyperjumps [5.22]', () => {
  it('[5.22] a stack flies to another star system only along a hyperjump route; through a navigation star the route has distance 2', () => {
    const game = reachGame();
    expect(routeBetween(game, system(game, 'pyrrhos'), system(game, 'rakhar'))?.distance).toBe(1);
    const viaGate = routeBetween(game, system(game, 'pyrrhos'), system(game, 'orrim'));
    expect(viaGate?.distance).toBe(2);
    expect(viaGate?.via).toBe(eid(game, 'navStar', 'cinder-gate'));
    expect(routeBetween(game, system(game, 'pyrrhos'), system(game, 'skarrow'))).toBeNull();
    const u = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    const reached = new Set(groupDestinations(game, [u]).map((to) => systemOfEnv(game, to)));
    expect(reached).toEqual(new Set([system(game, 'pyrrhos'), system(game, 'rakhar'), system(game, 'orrim')]));
  });

  it('[tables.md] the table: die + (distance - navigation), rolled only when the navigation is not above the distance; a stack loses 1 navigation per unit over 3', () => {
    const game = reachGame();
    expect(hyperjumpOdds(game, 2, 3)).toEqual({ safe: 1 });
    const even = hyperjumpOdds(game, 2, 2); // die + 0: 1 and 5 drift
    expect(even.safe).toBeCloseTo(4 / 6);
    expect(even.drift).toBeCloseTo(2 / 6);
    const units = [1, 2, 3, 4, 5].map(() => unit(game, 'patrol', env(game, 'kzar-thuun.1')));
    expect(stackNavigation(game, units.slice(0, 3), [])).toBe(1);
    expect(stackNavigation(game, units, [])).toBe(-1);
    const heavy = hyperjumpOdds(game, 2, -1); // die + 3: 4, 6 safe; 5, 8 drift; 7, 9 outer drift
    expect(heavy.safe).toBeCloseTo(2 / 6);
    expect(heavy.drift).toBeCloseTo(2 / 6);
    expect(heavy['outer-drift']).toBeCloseTo(2 / 6);
    expect([10, 11, 12, 15].map((roll) => hyperjumpResult(game, roll))).toEqual(['drift-damaged', 'outer-drift-damaged', 'outer-drift-eliminated', 'outer-drift-eliminated']);
  });

  it('[5.22] a safe jump arrives; a drift leaves the stack in space by the destination sun, seen by its own side only, until it lands on a planet of that system', () => {
    const game = reachGame();
    const safe = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    rigDice(game, [2]); // distance 2, navigation 1: die 2 + 1 = 3, safe
    expect(moveStack(game, 'rebel', [safe], env(game, 'brask.1'))).toEqual({ ok: true });
    expect(environOf(game.world, safe)).toBe(env(game, 'brask.1'));

    const lost = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    rigDice(game, [4]); // 4 + 1 = 5: drift
    expect(moveStack(game, 'rebel', [lost], env(game, 'brask.1'))).toEqual({ ok: true });
    expect(environOf(game.world, lost)).toBe(0);
    expect(isAdrift(game, lost)).toBe(true);
    expect(viewFor(game, 'rebel').drifting).toEqual([{ eid: lost, kind: 'unit', side: 'rebel', system: 'orrim', outer: false }]);
    expect(viewFor(game, 'imperial').drifting).toEqual([]);
    expect(viewFor(game, 'imperial').units.some((u) => u.eid === lost)).toBe(false);
    expect(game.events.at(-1)).toMatchObject({ kind: 'hyperjump', visibleTo: 'rebel' });

    // the next movement: it may only land, on a planet of Orrim
    untag(game.world, lost, game.world.c.Moved);
    reask(game);
    const ways = optionsOf(game, 'leave-drift');
    expect(ways.length).toBeGreaterThan(0);
    expect(ways.every((o) => systemOfEnv(game, o.to as number) === system(game, 'orrim'))).toBe(true);
    expect(apply(game, { type: 'leave-drift', side: 'rebel', system: system(game, 'orrim'), outer: false, to: env(game, 'drossgate.1') }).ok).toBe(true);
    expect(environOf(game.world, lost)).toBe(env(game, 'drossgate.1'));
    expect(isAdrift(game, lost)).toBe(false);
  });

  it('[5.22] from the outer drift area a stack first reaches the sun\'s drift area, a movement later it lands', () => {
    const game = reachGame();
    const u = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    rigDice(game, [6]); // 6 + 1 = 7: outer drift
    expect(moveStack(game, 'rebel', [u], env(game, 'brask.1'))).toEqual({ ok: true });
    expect(viewFor(game, 'rebel').drifting[0]).toMatchObject({ system: 'orrim', outer: true });
    untag(game.world, u, game.world.c.Moved);
    reask(game);
    expect(optionsOf(game, 'leave-drift')).toEqual([{ type: 'leave-drift', side: 'rebel', system: system(game, 'orrim'), outer: true, to: 0 }]);
    expect(apply(game, { type: 'leave-drift', side: 'rebel', system: system(game, 'orrim'), outer: true, to: 0 }).ok).toBe(true);
    expect(viewFor(game, 'rebel').drifting[0]).toMatchObject({ system: 'orrim', outer: false });
    // it moved this segment: no landing before the next
    reask(game);
    expect(optionsOf(game, 'leave-drift')).toEqual([]);
  });

  it('[tables.md] a pilot whose navigation is above the distance jumps without a roll; navigation 1 on a route of 1 rolls', () => {
    const game = reachGame();
    const lio = putChar(game, 'lio-quen', env(game, 'hollowdeep.1')); // navigation 4
    const emberline = ship(game, 'emberline');
    rigDice(game, [1, 1, 1]); // the PDBs' detection dice [9.3], undetected; the jump rolls none
    expect(moveStack(game, 'rebel', [lio, emberline], env(game, 'brask.1'))).toEqual({ ok: true });
    expect(environOf(game.world, lio)).toBe(env(game, 'brask.1'));
    const jump = game.events.filter((e) => e.kind === 'hyperjump');
    expect(jump.map((e) => e.text)).toEqual([expect.stringMatching(/distance 2, navigation 4: no roll/)]);
    const u = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    rigDice(game, []);
    expect(() => moveStack(game, 'rebel', [u], env(game, 'valcairn.2'))).toThrow(/scripted dice/);
  });

  it('[5.22] before a jump the choice says its exact odds; leaving a drift area reads as what it does', () => {
    const game = reachGame();
    const u = unit(game, 'rebel-2-1', env(game, 'hollowdeep.1'));
    reask(game);
    expect(apply(game, { type: 'pick', side: 'rebel', piece: u }).ok).toBe(true);
    const toBrask = optionsOf(game, 'move-to').find((o) => o.to === env(game, 'brask.1'))!;
    // die + 1: 2-4 and 6 safe, 5 drift, 7 outer drift
    expect(describeOption(game, toBrask, game.pending!).detail).toContain('hyperjump, distance 2 by Cinder Gate, navigation 1: safe 67%, drift 17%, outer drift 17% [5.22]');
    const home = optionsOf(game, 'move-to').find((o) => o.to === env(game, 'hollowdeep.2'))!;
    expect(describeOption(game, home, game.pending!).detail ?? '').not.toContain('hyperjump');
    const land = describeOption(game, { type: 'leave-drift', side: 'rebel', system: system(game, 'orrim'), outer: false, to: env(game, 'brask.1') });
    expect(land.label).toMatch(/^Land from Orrim's drift area at Brask/);
    expect(land.places).toEqual(['brask.1']);
  });
});
