/**
 * The solitaire game's Chaos Operations Table results [001], each result by its line.
 */
import { describe, expect, it } from 'vitest';
import { operate } from '../../../systems/solitaire/forces';
import { chaosStacks, coreDistance, sectorNumber, stateOf, type SolitaireGame, type Unit } from '../../../systems/solitaire/state';
import { addForce, addUnit, alive, game2, layBoard, rig, sec } from './fixtures';

// ------------------------------------------------------------------ Chaos Operations

describe('[001 Chaos Operations Table Results]', () => {
  const rebels = (game: SolitaireGame, at: number, types: ('SF' | 'AF' | 'WS' | 'CG')[]) => {
    const units = types.map((type) => addUnit(game, { at, type, side: 'chaos' }));
    return { id: `rebels@${sec(game, at)}`, kind: 'rebel' as const, force: null, sector: sec(game, at), units };
  };
  const where = (game: SolitaireGame, units: Unit[]) => [...new Set(units.map((u) => sectorNumber(game, u.sector)))];

  it('[001 Chaos Operations] Move Toward the Core: by the most direct route, its slowest unit\'s movement; it stops where Imperial units are', () => {
    const game = game2();
    layBoard(game, {});
    const st = rebels(game, 20, ['SF', 'AF']);
    operate(game, st, 'toward');
    expect(where(game, st.units)).toEqual([5]); // 20 → 14 → 7 → 5: three steps
    expect(coreDistance(game, st.sector)).toBe(1);
    const slow = rebels(game, 20, ['SF', 'CG']);
    operate(game, slow, 'toward');
    expect(coreDistance(game, slow.sector)).toBe(2); // a control group moves 2
    layBoard(game, { units: [{ at: 14, type: 'CG', side: 'empire' }] });
    const blocked = rebels(game, 20, ['AF']);
    operate(game, blocked, 'toward');
    expect(where(game, blocked.units)).toEqual([14]);
    const atCore = rebels(game, 1, ['AF']);
    operate(game, atCore, 'toward');
    expect(where(game, atCore.units)).toEqual([1]);
  });

  it('[001 Chaos Operations] Move one Sector toward the Core; Move Away from the Core (at random among several)', () => {
    const game = game2();
    layBoard(game, {});
    const st = rebels(game, 20, ['AF']);
    operate(game, st, 'one-toward');
    expect(where(game, st.units)).toEqual([14]);
    const out = rebels(game, 5, ['AF']);
    rig(game, [1]);
    operate(game, out, 'away'); // from 5, 7 and 9 lie farther out
    expect(where(game, out.units)).toEqual([9]);
    const atCore = rebels(game, 1, ['AF']);
    operate(game, atCore, 'one-toward');
    expect(where(game, atCore.units)).toEqual([1]);
  });

  it('[001 Chaos Operations] Move Higher / Move Lower: the next higher / lower numbered adjacent sector; at the Core, Lower stays', () => {
    const game = game2();
    layBoard(game, {});
    const a = rebels(game, 5, ['AF']);
    operate(game, a, 'higher'); // 5 borders 1, 3, 4, 7, 9
    expect(where(game, a.units)).toEqual([7]);
    const b = rebels(game, 9, ['AF']);
    operate(game, b, 'lower'); // 9 borders 3, 5, 7, 19
    expect(where(game, b.units)).toEqual([7]);
    const c = rebels(game, 1, ['AF']);
    operate(game, c, 'lower');
    expect(where(game, c.units)).toEqual([1]);
  });

  it('[001 Chaos Operations] Attrition: one mobile unit of the force, at random, eliminated; no move, no attack', () => {
    const game = game2();
    layBoard(game, { index: 50, units: [{ at: 12, type: 'IO', side: 'empire' }] });
    const st = rebels(game, 12, ['SF', 'AF', 'WS']);
    rig(game, [1]);
    operate(game, st, 'attrition');
    expect(stateOf(game).units.map((u) => u.type)).toEqual(['IO', 'SF', 'WS']);
    expect(stateOf(game).index).toBe(50);
  });

  it('[001 Chaos Operations] No Operations; + Attack: the force attacks at the end of its move, and even if it did not move', () => {
    const game = game2();
    const [io] = layBoard(game, { index: 50, units: [{ at: 12, type: 'SF', side: 'empire' }] });
    const st = rebels(game, 12, ['WS', 'WS']);
    rig(game, []);
    operate(game, st, 'none');
    expect(game.events.filter((e) => e.kind === 'battle')).toEqual([]);
    rig(game, [9]);
    operate(game, st, 'attack');
    expect(alive(game, io!)).toBe(false);
    // move, then attack
    const [sf] = layBoard(game, { index: 50, units: [{ at: 14, type: 'SF', side: 'empire' }] });
    const mover = rebels(game, 20, ['WS', 'WS']);
    rig(game, [9]);
    operate(game, mover, 'one-toward+attack');
    expect(where(game, mover.units)).toEqual([14]);
    expect(alive(game, sf!)).toBe(false);
  });

  it('[001 Chaos Operations] Move to a threatened Sector (an IE sector with Imperial units in or next to it); none: no movement, or on to the next conquest', () => {
    const game = game2();
    const ie = addForce(game, 'independent', 1, 12);
    layBoard(game, {
      systems: { 12: ['chaos', 2, 2, 2, ie.id], 15: ['chaos', 2, 2, 2, ie.id], 8: ['empire', 1, 1, 1], 25: ['chaos', 1, 1, 1] },
      units: [{ at: 21, type: 'SF', side: 'empire' }],
    });
    stateOf(game).forces = [ie];
    const units = [addUnit(game, { at: 12, type: 'AF', side: 'chaos', force: ie.id })];
    const st = () => chaosStacks(game).find((x) => x.force?.id === ie.id)!;
    operate(game, st(), 'threatened');
    expect(where(game, units)).toEqual([15]);
    // no threat: "threatened" stays, "threatened-or-conquer" goes for the next sector, a Rebel system first
    stateOf(game).units = stateOf(game).units.filter((u) => u.side === 'chaos');
    for (const u of units) u.sector = sec(game, 12);
    operate(game, st(), 'threatened');
    expect(where(game, units)).toEqual([12]);
    operate(game, st(), 'threatened-or-conquer');
    expect(where(game, units)).toEqual([25]);
    expect(stateOf(game).systems[sec(game, 25)]!.force).toBe(ie.id);
  });
});
