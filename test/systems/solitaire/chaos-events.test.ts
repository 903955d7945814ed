/**
 * The solitaire game's Chaos Events markers [001 32.0], each marker by its own rule.
 */
import { describe, expect, it } from 'vitest';
import { battle } from '../../../systems/solitaire/combat';
import { EVENTS, SUBSTITUTE } from '../../../systems/solitaire/events';
import { recruitRoll } from '../../../systems/solitaire/forces';
import { contentOf, coreDistance, sectorNumber, stateOf, unitsIn } from '../../../systems/solitaire/state';
import { addForce, addUnit, alive, atBuild, drawn, fightFor, game2, layBoard, letHappen, option, pass, play, playUntil, resolveEvent, restartTurn, rig, sec } from './fixtures';

// ------------------------------------------------------------------ the markers

describe('[001 32.0] Chaos Events markers', () => {
  it('[001 32.0 Rebellion] from the sector drawn it walks higher to the first Imperial unit, converts it all and removes its leaders', () => {
    const game = game2();
    const [low, high] = layBoard(game, {
      index: 50,
      systems: { 14: ['empire', 2, 2, 2] },
      units: [
        { at: 3, type: 'SF', side: 'empire' },
        { at: 14, type: 'AF', side: 'empire', leader: 4 },
      ],
    });
    stateOf(game).nexus = [sec(game, 14)];
    rig(game, [9]); // sector 10
    resolveEvent(game, 'rebellion');
    expect([low!.side, high!.side, high!.leader]).toEqual(['empire', 'chaos', null]);
    expect(stateOf(game).systems[sec(game, 14)]!.side).toBe('chaos');
    expect(stateOf(game).nexus).toEqual([]);
    expect(stateOf(game).index).toBe(51); // the Nexus only: a Rebellion is not combat
  });

  it('[001 32.0 Rebellion] finding nothing Imperial going higher, it reverses and goes lower', () => {
    const game = game2();
    const [low] = layBoard(game, { systems: { 2: ['empire', 2, 2, 2] }, units: [{ at: 3, type: 'SF', side: 'empire' }] });
    rig(game, [19]); // sector 20
    resolveEvent(game, 'rebellion');
    expect(low!.side).toBe('chaos');
    expect(stateOf(game).systems[sec(game, 2)]!.side).toBe('empire');
  });

  it('[001 32.0 Usurper] it walks lower to the first Imperial mobile unit and makes it a Usurper force with a leader', () => {
    const game = game2();
    const [low, lower, high] = layBoard(game, {
      systems: { 3: ['empire', 2, 2, 2], 9: ['empire', 2, 2, 2] },
      units: [
        { at: 3, type: 'SF', side: 'empire', leader: 2 },
        { at: 3, type: 'CG', side: 'empire' },
        { at: 14, type: 'AF', side: 'empire' },
      ],
    });
    stateOf(game).leaderPool = [4];
    rig(game, [9, 0]); // sector 10; 9 has a system but no mobile unit
    resolveEvent(game, 'usurper');
    const f = stateOf(game).forces;
    expect(f.map((x) => [x.kind, x.leader])).toEqual([['usurper', 4]]);
    for (const u of [low!, lower!]) expect([u.side, u.force, u.leader]).toEqual(['chaos', f[0]!.id, null]);
    expect(high!.side).toBe('empire');
    expect(stateOf(game).systems[sec(game, 3)]!.side).toBe('empire'); // mobile units only
    expect(stateOf(game).leaderPool).toEqual([2]);
  });

  it('[001 32.0 Attrition] the system unit of the sector drawn is eliminated; from an empty one it moves higher, from the last lower', () => {
    const game = game2();
    layBoard(game, { systems: { 5: ['empire', 2, 2, 2], 9: ['chaos', 2, 2, 2], 20: ['empire', 2, 2, 2] } });
    rig(game, [5]); // sector 6: none; 9 next higher
    resolveEvent(game, 'attrition');
    expect(stateOf(game).systems[sec(game, 9)]).toBeNull();
    rig(game, [4]); // sector 5 itself
    resolveEvent(game, 'attrition');
    expect(stateOf(game).systems[sec(game, 5)]).toBeNull();
    rig(game, [24]); // sector 25 (the last): none, so the next lower with a system, 20
    resolveEvent(game, 'attrition');
    expect(stateOf(game).systems[sec(game, 20)]).toBeNull();
    expect(stateOf(game).index).toBe(50);
  });

  it('[001 32.0 Defection] every Chaos unit in the sector drawn goes Imperial; with none there, nothing happens', () => {
    const game = game2();
    const usurper = addForce(game, 'usurper', 2);
    const [a, b, c] = layBoard(game, {
      systems: { 7: ['chaos', 2, 2, 2] },
      units: [
        { at: 7, type: 'SF', side: 'chaos' },
        { at: 7, type: 'AF', side: 'chaos' },
        { at: 9, type: 'SF', side: 'chaos' },
      ],
    });
    stateOf(game).forces = [usurper];
    b!.force = usurper.id;
    rig(game, [6]);
    resolveEvent(game, 'defection');
    expect([a, b, c].map((u) => [u!.side, u!.force])).toEqual([['empire', null], ['empire', null], ['chaos', null]]);
    expect(stateOf(game).systems[sec(game, 7)]!.side).toBe('empire');
    expect(stateOf(game).forces).toEqual([]);
    const before = JSON.stringify(stateOf(game));
    rig(game, [10]);
    resolveEvent(game, 'defection');
    expect(JSON.stringify(stateOf(game))).toBe(before);
  });

  it('[001 32.0 Citizens Demand Reforms] 1 RP per Imperial system; each unpaid converts on 0-2', () => {
    const game = game2();
    const [sf] = layBoard(game, {
      rp: 1,
      systems: { 1: ['empire', 5, 6, 6], 2: ['empire', 3, 2, 2], 3: ['empire', 2, 2, 2], 4: ['chaos', 4, 2, 2] },
      units: [{ at: 2, type: 'SF', side: 'empire' }],
    });
    rig(game, [2, 3]); // the two unpaid (the richest is paid for): the first goes over, the second holds
    resolveEvent(game, 'citizens-demand-reforms');
    const side = (n: number) => stateOf(game).systems[sec(game, n)]!.side;
    expect([side(1), side(2), side(3), side(4)]).toEqual(['empire', 'chaos', 'empire', 'chaos']);
    expect(stateOf(game).rp).toBe(0);
    expect(sf!.side).toBe('empire');
    // paid in full: no roll at all
    layBoard(game, { rp: 5, systems: { 1: ['empire', 5, 6, 6], 2: ['empire', 3, 2, 2] } });
    rig(game, []);
    resolveEvent(game, 'citizens-demand-reforms');
    expect(stateOf(game).rp).toBe(3);
  });

  it('[001 32.0 Troops Demand Pay] 1 RP per Imperial mobile unit; each unpaid turns Rebel on 0-2', () => {
    const game = game2();
    const [af, sf, cg] = layBoard(game, {
      rp: 1,
      units: [
        { at: 2, type: 'AF', side: 'empire', leader: 1 },
        { at: 2, type: 'SF', side: 'empire', leader: 2 },
        { at: 3, type: 'CG', side: 'empire' },
      ],
    });
    rig(game, [0, 5]);
    resolveEvent(game, 'troops-demand-pay');
    expect([af, sf, cg].map((u) => u!.side)).toEqual(['empire', 'chaos', 'empire']);
    expect([sf!.force, sf!.leader]).toEqual([null, null]);
    expect(stateOf(game).rp).toBe(0);
  });

  it('[001 32.0 Robots, Tech/Trade Advance, Tech/Trade Collapse] RP per Imperial system; plus a die; less a die, to no less than zero', () => {
    const game = game2();
    layBoard(game, { rp: 3, systems: { 1: ['empire', 5, 6, 6], 2: ['empire', 1, 1, 1], 9: ['empire', 1, 1, 1], 10: ['chaos', 1, 1, 1] } });
    resolveEvent(game, 'robots');
    expect(stateOf(game).rp).toBe(6);
    rig(game, [7]);
    resolveEvent(game, 'tech-advance');
    expect(stateOf(game).rp).toBe(13);
    rig(game, [4]);
    resolveEvent(game, 'tech-collapse');
    expect(stateOf(game).rp).toBe(9);
    rig(game, [9]);
    resolveEvent(game, 'tech-collapse');
    expect(stateOf(game).rp).toBe(0);
  });

  it('[001 32.0 Cult of the Omnipresent Empire, Smash the Empire] the index less a die; plus a die', () => {
    const game = game2();
    layBoard(game, { index: 50 });
    rig(game, [6]);
    resolveEvent(game, 'cult');
    expect(stateOf(game).index).toBe(44);
    rig(game, [9]);
    resolveEvent(game, 'smash');
    expect(stateOf(game).index).toBe(53);
  });

  it('[001 32.0 Power Struggle] a die per Imperial leader: 0-4 eliminates him, 5-9 no effect', () => {
    const game = game2();
    const [a, b, c] = layBoard(game, {
      units: [
        { at: 2, type: 'AF', side: 'empire', leader: 3 },
        { at: 2, type: 'SF', side: 'empire' },
        { at: 3, type: 'CG', side: 'empire', leader: 1 },
      ],
    });
    stateOf(game).leaderPool = [];
    rig(game, [4, 5]);
    resolveEvent(game, 'power-struggle');
    expect([a!.leader, b!.leader, c!.leader]).toEqual([null, null, 1]);
    expect(stateOf(game).leaderPool).toEqual([3]);
  });

  it('[001 32.0 Spectacle] a second Spectacle while one is in play goes back to the pool and a substitute is drawn', () => {
    const game = game2();
    layBoard(game, {});
    stateOf(game).pool = [];
    expect(resolveEvent(game, 'spectacle')).toBeUndefined();
    expect(resolveEvent(game, 'spectacle')).toBe(SUBSTITUTE);
    expect(stateOf(game).pool).toEqual(['spectacle']);
    // in a whole phase: two Spectacles and Eyes of the Storm, index 5 (two markers a turn)
    layBoard(game, { index: 5, rest: 'empire' });
    stateOf(game).pool = ['spectacle', 'spectacle', 'eye-of-the-storm', 'eye-of-the-storm'];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    const markers = drawn(game, 2);
    const spectacles = markers.filter((m) => m === 'spectacle').length;
    // every Spectacle beyond the first is replaced: two markers take effect
    expect(markers.length - Math.max(0, spectacles - 1)).toBe(2);
    // a Spectacle in effect is held to the turn's end [001 32.0 "Discard this marker at the end of the turn"]
    const s = stateOf(game);
    expect(s.fx.held).toEqual(spectacles ? ['spectacle'] : []);
    expect(s.pool.length + s.discard.length + s.fx.held.length).toBe(4);
  });

  it('[001 32.0] a marker substituted is never drawn again in its place, so a pool holding only it ends the phase', () => {
    const game = game2();
    layBoard(game, { index: 5, rest: 'empire' });
    stateOf(game).fx.spectacle = true;
    stateOf(game).pool = ['spectacle'];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    expect(atBuild(game) || game.pending !== null).toBe(true);
    expect(stateOf(game).pool.length + stateOf(game).discard.length).toBe(1);
  });

  it('[001 32.0 The Mutant] on a sector with mobile units he seizes them all, Imperial ones flipped, force markers gone; else substituted', () => {
    const game = game2();
    const usurper = addForce(game, 'usurper', 2);
    const [imp, reb, usu, far] = layBoard(game, {
      units: [
        { at: 9, type: 'AF', side: 'empire', leader: 2 },
        { at: 9, type: 'SF', side: 'chaos' },
        { at: 9, type: 'CG', side: 'chaos' },
        { at: 10, type: 'SF', side: 'empire' },
      ],
    });
    stateOf(game).forces = [usurper];
    usu!.force = usurper.id;
    stateOf(game).pool = [];
    rig(game, [2]); // sector 3: nobody
    expect(resolveEvent(game, 'mutant')).toBe(SUBSTITUTE);
    expect(stateOf(game).pool).toEqual(['mutant']);
    rig(game, [8]);
    resolveEvent(game, 'mutant');
    const mutant = stateOf(game).forces.find((f) => f.mutant)!;
    expect(stateOf(game).forces).toEqual([mutant]);
    expect(mutant.leader).toBe(5);
    for (const u of [imp!, reb!, usu!]) expect([u.side, u.force, u.leader]).toEqual(['chaos', mutant.id, null]);
    expect(far!.side).toBe('empire');
    // his own morphogenetic 3 attacks and defends with his force
    const morph = battle(game, sec(game, 9), 'morph', 'chaos', [imp!, reb!, usu!]);
    expect(morph.attack).toBe(0 + 0 + 3 + Math.min(5, 3) + 3);
    // a second Mutant: no effect
    const before = JSON.stringify(stateOf(game));
    resolveEvent(game, 'mutant');
    expect(JSON.stringify(stateOf(game))).toBe(before);
  });

  it('[001 32.0 The Mutant 2] his force is converted only by an A3 or D3 (or better) morphogenetic result', () => {
    const game = game2();
    const mutant = addForce(game, 'usurper', 5, null, true);
    const [sf, io1, io2, io3] = layBoard(game, {
      units: [
        { at: 9, type: 'SF', side: 'chaos' },
        { at: 9, type: 'IO', side: 'empire' },
        { at: 9, type: 'IO', side: 'empire' },
        { at: 9, type: 'IO', side: 'empire' },
      ],
    });
    stateOf(game).forces = [mutant];
    sf!.force = mutant.id;
    const b = battle(game, sec(game, 9), 'morph', 'empire', [io1!, io2!, io3!]);
    expect(b.defence).toBe(1 + 3);
    fightFor(game, b, 'D2');
    expect(sf!.side).toBe('chaos');
    fightFor(game, battle(game, sec(game, 9), 'morph', 'empire', [io1!, io2!, io3!]), 'D3');
    expect(sf!.side).toBe('empire');
  });

  it('[001 32.0 The Institute] placed on a sector with a system unit; without one it goes back and is substituted; a second has no effect', () => {
    const game = game2();
    layBoard(game, { systems: { 4: ['empire', 2, 2, 2] } });
    stateOf(game).pool = [];
    rig(game, [5]);
    expect(resolveEvent(game, 'institute')).toBe(SUBSTITUTE);
    expect([stateOf(game).institute, stateOf(game).pool]).toEqual([null, ['institute']]);
    rig(game, [3]);
    resolveEvent(game, 'institute');
    expect(stateOf(game).institute).toBe(sec(game, 4));
    rig(game, []);
    resolveEvent(game, 'institute');
    expect(stateOf(game).institute).toBe(sec(game, 4));
  });

  it('[001 32.0 The Institute 1, 2] under Chaos it draws one more marker a turn; under the Empire it may send one marker back, once a turn', () => {
    const game = game2();
    layBoard(game, { index: 5, rest: 'empire', systems: { 4: ['chaos', 2, 2, 2] } });
    stateOf(game).institute = sec(game, 4);
    stateOf(game).pool = Array(10).fill('eye-of-the-storm');
    stateOf(game).discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    expect(drawn(game, 2).length).toBe(2 + 1);

    const g = game2();
    layBoard(g, { index: 5, rest: 'empire' });
    stateOf(g).institute = sec(g, 4);
    stateOf(g).pool = ['cult', 'cult', 'cult', 'cult'];
    stateOf(g).discard = [];
    restartTurn(g, 2);
    expect(g.pending!.kind).toBe('chaos-institute');
    play(g, option(g, 'institute-return'));
    // the returned marker counts as drawn (no substitute); the second is asked of no more
    expect(g.pending!.kind).toBe('chaos-build');
    expect(drawn(g, 2).length).toBe(2);
    expect(stateOf(g).pool.length).toBe(3);
    expect(stateOf(g).fx.instituteUsed).toBe(true);
  });

  it('[001 32.0 Leviathan] with the Core Imperial: accept (halving) or return it to the pool; without, discarded; a second, no effect', () => {
    const game = game2();
    layBoard(game, { systems: { 1: ['empire', 5, 6, 6] } });
    stateOf(game).pool = [];
    const choice = resolveEvent(game, 'leviathan', (c) => c.options.find((o) => o.type === 'refuse-leviathan'));
    expect(choice && choice.options.map((o) => o.type)).toEqual(['accept-leviathan', 'refuse-leviathan']);
    expect([stateOf(game).leviathan, stateOf(game).pool]).toEqual([false, ['leviathan']]);
    resolveEvent(game, 'leviathan', (c) => c.options.find((o) => o.type === 'accept-leviathan'));
    expect(stateOf(game).leviathan).toBe(true);
    expect(resolveEvent(game, 'leviathan')).toBeUndefined();
    expect(stateOf(game).leviathan).toBe(true);
    layBoard(game, { systems: { 1: ['chaos', 5, 6, 6] } });
    expect(resolveEvent(game, 'leviathan')).toBeUndefined();
    expect(stateOf(game).leviathan).toBe(false);
  });

  it('[001 32.0 Galactic Crusade] any one sector: its resource value in star fleets and control groups, as the player splits them', () => {
    const game = game2();
    layBoard(game, { systems: { 6: ['chaos', 3, 2, 2], 2: ['empire', 1, 1, 1] } });
    const choice = EVENTS['galactic-crusade']!.resolve(game);
    const at6 = choice!.options.filter((o) => o.sector === sec(game, 6)).map((o) => [o.sf, o.cg]);
    expect(at6).toEqual([[0, 3], [1, 2], [2, 1], [3, 0]]);
    expect(new Set(choice!.options.map((o) => o.sector))).toEqual(new Set([sec(game, 2), sec(game, 6)]));
    resolveEvent(game, 'galactic-crusade', (c) => c.options.find((o) => o.sector === sec(game, 6) && o.sf === 1));
    expect(unitsIn(game, sec(game, 6), 'empire').map((u) => u.type).sort()).toEqual(['CG', 'CG', 'SF']);
  });

  it('[001 32.0 Empire Corps] a free star fleet or control group, placed in any sector', () => {
    const game = game2();
    layBoard(game, {});
    const choice = EVENTS['empire-corps']!.resolve(game);
    expect(choice!.options.length).toBe(2 * 25);
    resolveEvent(game, 'empire-corps', (c) => c.options.find((o) => o.unit === 'CG' && o.sector === sec(game, 25)));
    expect(stateOf(game).units.map((u) => [u.type, u.side, sectorNumber(game, u.sector)])).toEqual([['CG', 'empire', 25]]);
    expect(stateOf(game).rp).toBe(0);
  });

  it('[001 32.0 Imperial Leader Arises] a leader drawn at random from the pool, free, on any Imperial mobile unit', () => {
    const game = game2();
    const [a, b] = layBoard(game, { units: [{ at: 2, type: 'SF', side: 'empire', leader: 1 }, { at: 5, type: 'CG', side: 'empire' }, { at: 5, type: 'CG', side: 'chaos' }] });
    stateOf(game).leaderPool = [2, 5];
    rig(game, [1]);
    const choice = resolveEvent(game, 'imperial-leader');
    expect(choice!.options.map((o) => o.unit)).toEqual([b!.id]); // a unit with a leader already is not offered
    expect([a!.leader, b!.leader, stateOf(game).leaderPool, stateOf(game).rp]).toEqual([1, 5, [2], 0]);
  });

  it('[001 32.0 Independent Empire Arises] at a sector drawn (lower if it has no system unit): home, conquests by leader value, recruits, one stack', () => {
    const game = game2();
    const [rebel] = layBoard(game, {
      systems: { 12: ['chaos', 2, 3, 3], 8: ['chaos', 1, 1, 1], 15: ['chaos', 1, 1, 1], 25: ['chaos', 1, 1, 1] },
      units: [{ at: 25, type: 'SF', side: 'chaos' }],
    });
    stateOf(game).leaderPool = [2];
    rig(game, [13, 0, 0, 9]); // sector 14 (no system: down to 12); leader 2; two recruiting rolls
    resolveEvent(game, 'independent-empire');
    const ie = stateOf(game).forces[0]!;
    expect([ie.kind, ie.leader, ie.home]).toEqual(['independent', 2, sec(game, 12)]);
    const own = contentOf(game).sectors.filter((x) => stateOf(game).systems[x]?.force === ie.id).map((x) => sectorNumber(game, x));
    expect(own).toEqual([12, 15, 25]); // the two highest-numbered neighbours
    expect([rebel!.force, sectorNumber(game, rebel!.sector)]).toEqual([ie.id, 12]);
    const recruits = [...recruitRoll(game, 0 + 2 + 2), ...recruitRoll(game, 9 + 2 + 2)];
    expect(stateOf(game).units.filter((u) => u !== rebel).map((u) => [u.type, u.force, sectorNumber(game, u.sector)])).toEqual(recruits.map((t) => [t, ie.id, 12]));
  });

  it('[001 32.0 Invaders Appear] a die per point of leadership buys 0-1 AF, 2-3 SF, 4 two SF, 5 SF and CG, 6 CG, 7 two CG, 8 WS, 9 TH', () => {
    const expected: Record<number, string[]> = { 0: ['AF'], 1: ['AF'], 2: ['SF'], 3: ['SF'], 4: ['SF', 'SF'], 5: ['SF', 'CG'], 6: ['CG'], 7: ['CG', 'CG'], 8: ['WS'], 9: ['TH'] };
    for (const dice of [[0, 4, 9], [5, 7, 8], [1, 2, 3, 6]]) {
      const game = game2();
      layBoard(game, {});
      stateOf(game).leaderPool = [dice.length];
      const th = dice.includes(9) ? [4, 4] : [];
      rig(game, [0, 0, ...dice, ...th]);
      resolveEvent(game, 'invaders');
      const force = stateOf(game).forces[0]!;
      expect([force.kind, force.leader]).toEqual(['invader', dice.length]);
      const units = stateOf(game).units;
      expect(units.map((u) => u.type)).toEqual(dice.flatMap((d) => expected[d]!));
      expect(units.every((u) => u.side === 'chaos' && u.force === force.id && u.sector === units[0]!.sector)).toBe(true);
    }
  });

  it('[001 32.0 Trans-humans Appear] odd: one Imperial trans-human; even: a Rebel one, joining the Chaos force leftmost on the table there', () => {
    const game = game2();
    const usurper = addForce(game, 'usurper', 2);
    const [, usu] = layBoard(game, { units: [{ at: 7, type: 'SF', side: 'chaos' }, { at: 7, type: 'SF', side: 'chaos' }] });
    stateOf(game).forces = [usurper];
    usu!.force = usurper.id;
    rig(game, [6, 4, 0, 2, 2]); // sector 7, even; the one usurper; its strengths
    resolveEvent(game, 'trans-humans');
    const th = stateOf(game).units.at(-1)!;
    expect([th.type, th.side, th.force, sectorNumber(game, th.sector)]).toEqual(['TH', 'chaos', usurper.id, 7]);
    rig(game, [2, 3, 0, 0]);
    resolveEvent(game, 'trans-humans');
    const imp = stateOf(game).units.at(-1)!;
    expect([imp.type, imp.side, imp.force, sectorNumber(game, imp.sector)]).toEqual(['TH', 'empire', null, 3]);
    rig(game, [11, 8, 0, 0]);
    resolveEvent(game, 'trans-humans');
    expect([stateOf(game).units.at(-1)!.side, stateOf(game).units.at(-1)!.force]).toEqual(['chaos', null]);
  });

  it('[001 32.0 Alliance] the player names a Chaos force in a sector; in Chaos Operations he moves it instead of the table, and may attack', () => {
    const game = game2();
    layBoard(game, { systems: { 1: ['empire', 5, 6, 6] } });
    const choice0 = EVENTS.alliance!.resolve(game);
    expect(choice0).toBeUndefined(); // no Chaos force: nothing to ally with
    const [, reb] = layBoard(game, {
      systems: { 1: ['empire', 5, 6, 6], 5: ['empire', 1, 1, 1] },
      units: [{ at: 5, type: 'IO', side: 'empire' }, { at: 9, type: 'AF', side: 'chaos' }],
    });
    const choice = EVENTS.alliance!.resolve(game);
    expect(choice!.options.map((o) => o.type)).toEqual(['ally', 'decline']);
    stateOf(game).pool = [];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    resolveEvent(game, 'alliance');
    expect(stateOf(game).fx.alliance).toBe(`rebels@${sec(game, 9)}`);
    playUntil(game, (g) => g.pending?.kind === 'chaos-alliance-move', pass);
    const targets = game.pending!.options.map((o) => sectorNumber(game, o.to as string));
    expect(targets).toContain(1); // an alpha fleet moves 4: the Core is two away
    expect(targets.every((n) => coreDistance(game, sec(game, n)) <= 6)).toBe(true);
    play(game, option(game, 'ally-move', { to: sec(game, 5) }));
    expect(reb!.sector).toBe(sec(game, 5));
    expect(game.pending!.kind).toBe('chaos-alliance-attack');
    play(game, option(game, 'ally-hold'));
    expect(reb!.sector).toBe(sec(game, 5));
    expect(stateOf(game).fx.alliance).toBeNull(); // gone at the end of the turn
  });

  it('[001 32.0 Alliance] the allied force may attack another Chaos force (only "other units of the same Empire" are barred); the index does not move', () => {
    const game = game2();
    layBoard(game, { systems: { 1: ['empire', 5, 6, 6], 9: ['chaos', 1, 1, 1] } });
    const invaders = addForce(game, 'invader', 2);
    stateOf(game).forces = [invaders];
    const [af1, af2] = [addUnit(game, { at: 9, type: 'AF', side: 'chaos', force: invaders.id }), addUnit(game, { at: 9, type: 'AF', side: 'chaos', force: invaders.id })];
    const cg = addUnit(game, { at: 9, type: 'CG', side: 'chaos' });
    stateOf(game).pool = [];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    resolveEvent(game, 'alliance', (choice) => choice.options.find((o) => o.stack === `${invaders.id}@${sec(game, 9)}`));
    playUntil(game, (g) => g.pending?.kind === 'chaos-alliance-move', pass);
    play(game, option(game, 'ally-move', { to: sec(game, 9) }));
    // no Imperial unit or system here: the only attack is on the Rebels, never on the invaders' own units
    expect(game.pending!.options).toEqual([
      { type: 'ally-attack', side: 'empire', target: `rebels@${sec(game, 9)}` },
      { type: 'ally-hold', side: 'empire' },
    ]);
    const index = stateOf(game).index;
    const int = game.rng.int;
    rig(game, [9]); // 5 + 5 + leader 2 against the control group's (1) and the Rebel system's 1: D6
    play(game, option(game, 'ally-attack', { target: `rebels@${sec(game, 9)}` }));
    game.rng.int = int;
    expect(alive(game, cg)).toBe(false);
    expect(stateOf(game).systems[sec(game, 9)]).toBeNull();
    expect(alive(game, af1) && alive(game, af2)).toBe(true);
    expect(stateOf(game).index).toBe(index); // the chart counts battles of the Empire and Chaos only
  });

  it('[001 32.0 Colonization] in Chaos Colonization, a Chaos system on the highest-numbered sector without one; an IE force there takes it', () => {
    for (const withIE of [false, true]) {
      const game = game2();
      layBoard(game, { rest: 'chaos', systems: { 1: ['empire', 5, 6, 6], 20: null, 23: null }, units: [{ at: 1, type: 'SF', side: 'empire' }] });
      let ie: string | null = null;
      if (withIE) {
        const f = addForce(game, 'independent', 1, 22);
        ie = f.id;
        stateOf(game).systems[sec(game, 22)]!.force = f.id;
        addUnit(game, { at: 23, type: 'WS', side: 'chaos', force: f.id });
        addUnit(game, { at: 23, type: 'WS', side: 'chaos', force: f.id });
      }
      stateOf(game).pool = [];
      stateOf(game).discard = [];
      restartTurn(game, 2);
      playUntil(game, atBuild, letHappen);
      resolveEvent(game, 'colonization');
      playUntil(game, (g) => g.turn === 3 && atBuild(g), pass);
      expect(stateOf(game).systems[sec(game, 20)]).toBeNull();
      const sys = stateOf(game).systems[sec(game, 23)]!;
      expect([sys.side, sys.force]).toEqual(['chaos', ie]);
    }
  });
});
