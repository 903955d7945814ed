/**
 * The solitaire game's Chaos Index [001]: the Chaos Index Changes Summary Chart line by line (each change
 * combat makes), and how a change is applied: the Leviathan's halving, the Spectacle's doubling, and the
 * scenarios' cap of 95 on the first turn.
 */
import { describe, expect, it } from 'vitest';
import { battle } from '../../../systems/solitaire/combat';
import { eventsToDraw } from '../../../systems/solitaire/phases/chaos-events';
import { changeIndex, core, stateOf, type SolitaireGame } from '../../../systems/solitaire/state';
import { addForce, alive, atBuild, fightFor, game2, layBoard, letHappen, playUntil, resolveEvent, restartTurn, rig, sec } from './fixtures';

// ------------------------------------------------------------------ the Chaos Index chart

describe('[001 Chaos Index Changes Summary Chart] combat', () => {
  it('[001 Chaos Index Changes] each Imperial mobile unit eliminated by Chaos military combat: +2', () => {
    const game = game2();
    const [sf1, sf2, ws1, ws2] = layBoard(game, {
      index: 50,
      units: [
        { at: 12, type: 'SF', side: 'empire' },
        { at: 12, type: 'SF', side: 'empire' },
        { at: 12, type: 'WS', side: 'chaos' },
        { at: 12, type: 'WS', side: 'chaos' },
      ],
    });
    fightFor(game, battle(game, sec(game, 12), 'military', 'chaos', [ws1!, ws2!]), 'D3');
    expect(alive(game, sf1!) || alive(game, sf2!)).toBe(false);
    expect(stateOf(game).index).toBe(54);
  });

  it('[001 Chaos Index Changes] each Imperial mobile unit converted by Chaos morphogenetic combat: +1, joining the attacking force', () => {
    const game = game2();
    const usurper = addForce(game, 'usurper', 1);
    const [sf1, sf2, cg1, cg2] = layBoard(game, {
      index: 50,
      units: [
        { at: 12, type: 'SF', side: 'empire', leader: 3 },
        { at: 12, type: 'SF', side: 'empire' },
        { at: 12, type: 'CG', side: 'chaos' },
        { at: 12, type: 'CG', side: 'chaos' },
      ],
    });
    stateOf(game).forces = [usurper];
    cg1!.force = cg2!.force = usurper.id;
    const pool = stateOf(game).leaderPool.length;
    fightFor(game, battle(game, sec(game, 12), 'morph', 'chaos', [cg1!, cg2!]), 'D1');
    for (const u of [sf1!, sf2!]) {
      expect(u.side).toBe('chaos');
      expect(u.force).toBe(usurper.id);
      expect(u.leader).toBeNull();
    }
    expect(stateOf(game).leaderPool.length).toBe(pool + 1);
    expect(stateOf(game).index).toBe(52);
  });

  it('[001 Chaos Index Changes] each Imperial system unit eliminated by Chaos military combat: +twice its resource value', () => {
    const game = game2();
    const [ws] = layBoard(game, { index: 50, systems: { 12: ['empire', 3, 2, 2] }, units: [{ at: 12, type: 'WS', side: 'chaos' }] });
    fightFor(game, battle(game, sec(game, 12), 'military', 'chaos', [ws!]), 'D2');
    expect(stateOf(game).systems[sec(game, 12)]).toBeNull();
    expect(stateOf(game).index).toBe(56);
  });

  it('[001 Chaos Index Changes] each Imperial system unit converted by Chaos morphogenetic combat: +its resource value', () => {
    const game = game2();
    const [cg1, cg2] = layBoard(game, { index: 50, systems: { 12: ['empire', 3, 2, 2] }, units: [{ at: 12, type: 'CG', side: 'chaos' }, { at: 12, type: 'CG', side: 'chaos' }] });
    fightFor(game, battle(game, sec(game, 12), 'morph', 'chaos', [cg1!, cg2!]), 'D2');
    expect(stateOf(game).systems[sec(game, 12)]!.side).toBe('chaos');
    expect(stateOf(game).index).toBe(53);
  });

  it('[001 Chaos Index Changes] each Chaos mobile unit eliminated by Imperial military combat: -1', () => {
    const game = game2();
    const [sf1, sf2, ws, af] = layBoard(game, {
      index: 50,
      units: [
        { at: 12, type: 'SF', side: 'chaos' },
        { at: 12, type: 'SF', side: 'chaos' },
        { at: 12, type: 'WS', side: 'empire' },
        { at: 12, type: 'AF', side: 'empire' },
      ],
    });
    fightFor(game, battle(game, sec(game, 12), 'military', 'empire', [ws!, af!]), 'D3');
    expect(alive(game, sf1!) || alive(game, sf2!)).toBe(false);
    expect(stateOf(game).index).toBe(48);
  });

  it('[001 Chaos Index Changes] each Chaos mobile unit converted by Imperial morphogenetic combat: -2, and it is Imperial with no force', () => {
    const game = game2();
    const usurper = addForce(game, 'usurper', 1);
    const [sf1, sf2, io1, io2] = layBoard(game, {
      index: 50,
      units: [
        { at: 12, type: 'SF', side: 'chaos' },
        { at: 12, type: 'SF', side: 'chaos' },
        { at: 12, type: 'IO', side: 'empire' },
        { at: 12, type: 'IO', side: 'empire' },
      ],
    });
    stateOf(game).forces = [usurper];
    sf1!.force = sf2!.force = usurper.id;
    fightFor(game, battle(game, sec(game, 12), 'morph', 'empire', [io1!, io2!]), 'D1');
    for (const u of [sf1!, sf2!]) expect([u.side, u.force]).toEqual(['empire', null]);
    expect(stateOf(game).index).toBe(46);
    expect(stateOf(game).forces).toEqual([]); // the marker goes with its last unit
  });

  it('[001 Chaos Index Changes] each Chaos system unit eliminated by Imperial military combat: -its resource value', () => {
    const game = game2();
    const [ws] = layBoard(game, { index: 50, systems: { 12: ['chaos', 3, 2, 2] }, units: [{ at: 12, type: 'WS', side: 'empire' }] });
    fightFor(game, battle(game, sec(game, 12), 'military', 'empire', [ws!]), 'D2');
    expect(stateOf(game).systems[sec(game, 12)]).toBeNull();
    expect(stateOf(game).index).toBe(47);
  });

  it('[001 Chaos Index Changes] each Chaos system unit converted by Imperial morphogenetic combat: -twice its resource value', () => {
    const game = game2();
    const [io1, io2] = layBoard(game, { index: 50, systems: { 12: ['chaos', 3, 2, 2] }, units: [{ at: 12, type: 'IO', side: 'empire' }, { at: 12, type: 'IO', side: 'empire' }] });
    fightFor(game, battle(game, sec(game, 12), 'morph', 'empire', [io1!, io2!]), 'D2');
    expect(stateOf(game).systems[sec(game, 12)]!.side).toBe('empire');
    expect(stateOf(game).index).toBe(44);
  });

  it('[001 Chaos Index Changes 4] each Imperial Nexus eliminated: +2 on the Core, +1 elsewhere (with its system, on top of the combat line)', () => {
    const game = game2();
    const [ws] = layBoard(game, { index: 50, systems: { 12: ['empire', 1, 2, 2] }, units: [{ at: 12, type: 'WS', side: 'chaos' }] });
    stateOf(game).nexus = [sec(game, 12)];
    fightFor(game, battle(game, sec(game, 12), 'military', 'chaos', [ws!]), 'D4'); // the Nexus adds 2 to the defence
    expect(stateOf(game).nexus).toEqual([]);
    expect(stateOf(game).index).toBe(50 + 2 + 1);
    // Web Raiders: a die per Nexus, 0-2 eliminates it
    layBoard(game, { index: 50, rest: 'empire' });
    stateOf(game).nexus = [core(game), sec(game, 8), sec(game, 17)];
    rig(game, [2, 0, 3]);
    resolveEvent(game, 'web-raiders');
    expect(stateOf(game).nexus).toEqual([sec(game, 17)]);
    expect(stateOf(game).index).toBe(53);
  });

  it('[001 Chaos Index Changes 4] a Nexus eliminated for any reason: taken by an Independent Empire, wiped out by aliens', () => {
    const game = game2();
    layBoard(game, { index: 50, systems: { 12: ['chaos', 2, 2, 2], 25: ['empire', 1, 1, 1] } });
    stateOf(game).nexus = [sec(game, 25)];
    stateOf(game).leaderPool = [1];
    rig(game, [11, 0, 0]); // sector 12, leader 1, one recruiting roll
    resolveEvent(game, 'independent-empire');
    expect(stateOf(game).systems[sec(game, 25)]!.force).toBe(stateOf(game).forces[0]!.id);
    expect([stateOf(game).nexus, stateOf(game).index]).toEqual([[], 51]);

    layBoard(game, { index: 50, systems: { 1: ['empire', 5, 6, 6], 8: ['empire', 1, 1, 1] } });
    stateOf(game).nexus = [sec(game, 8)];
    stateOf(game).aliens = [{ kind: 'biomech', sector: sec(game, 8), placedOnTurn: 1 }];
    stateOf(game).pool = [];
    stateOf(game).discard = [];
    rig(game, [0]); // the Biomech Predators' roll: negative
    restartTurn(game, 2);
    expect(stateOf(game).systems[sec(game, 8)]).toBeNull();
    expect([stateOf(game).nexus, stateOf(game).index]).toEqual([[], 51]);
  });

  it('[001 Chaos Index Changes] a system lost in combat takes its Illumination with it', () => {
    const game = game2();
    const [cg1, cg2] = layBoard(game, { index: 50, systems: { 12: ['empire', 1, 2, 2] }, units: [{ at: 12, type: 'CG', side: 'chaos' }, { at: 12, type: 'CG', side: 'chaos' }] });
    stateOf(game).illuminated = [sec(game, 12)];
    fightFor(game, battle(game, sec(game, 12), 'morph', 'chaos', [cg1!, cg2!]), 'D2');
    expect(stateOf(game).systems[sec(game, 12)]!.side).toBe('chaos');
    expect(stateOf(game).illuminated).toEqual([]);
  });

  it('[001 Chaos Index Changes] a result with no effect, or an attacker\'s loss, changes nothing the chart does not name', () => {
    const game = game2();
    const [sf, ws] = layBoard(game, { index: 50, systems: { 12: ['empire', 3, 9, 9] }, units: [{ at: 12, type: 'SF', side: 'empire' }, { at: 12, type: 'WS', side: 'chaos' }] });
    fightFor(game, battle(game, sec(game, 12), 'military', 'chaos', [ws!]), '-');
    expect(alive(game, sf!) && alive(game, ws!)).toBe(true);
    expect(stateOf(game).index).toBe(50);
  });
});

describe('[001 Chaos Index, Leviathan, Spectacle] how a change is applied', () => {
  it('[001 32.0 Leviathan] while the Leviathan is on the Core every change is halved, the half kept (-3 is -1.5, +1 is +0.5)', () => {
    const game = game2();
    layBoard(game, { index: 50, systems: { 1: ['empire', 5, 6, 6] } });
    stateOf(game).leviathan = true;
    changeIndex(game, -3, 'test', 'event');
    expect(stateOf(game).index).toBe(48.5);
    changeIndex(game, 1, 'test', 'event');
    expect(stateOf(game).index).toBe(49);
    stateOf(game).leviathan = false;
    changeIndex(game, 1, 'test', 'event');
    expect(stateOf(game).index).toBe(50);
  });

  it('[001 32.0 Spectacle] for the rest of the turn every gain and loss is doubled (+1 is +2)', () => {
    const game = game2();
    layBoard(game, { index: 50 });
    resolveEvent(game, 'spectacle');
    changeIndex(game, 1, 'test', 'event');
    expect(stateOf(game).index).toBe(52);
    changeIndex(game, -3, 'test', 'combat');
    expect(stateOf(game).index).toBe(46);
  });

  it('[001 32.0 Spectacle] with the Leviathan also in play, use normal Chaos point changes', () => {
    const game = game2();
    layBoard(game, { index: 50, systems: { 1: ['empire', 5, 6, 6] } });
    stateOf(game).leviathan = true;
    resolveEvent(game, 'spectacle');
    changeIndex(game, 3, 'test', 'event');
    expect(stateOf(game).index).toBe(53);
  });

  it('[001 32.0 Leviathan] it is in effect only while an Imperial system unit holds the Core', () => {
    const game = game2();
    layBoard(game, { index: 50, systems: { 1: ['chaos', 5, 6, 6] } });
    stateOf(game).leviathan = true;
    changeIndex(game, 4, 'test', 'event');
    expect(stateOf(game).index).toBe(54);
    expect(stateOf(game).leviathan).toBe(false);
  });

  it('[001 Scenarios, special rules] no event may raise the index above 95 on the first turn; later, or by combat, it may', () => {
    const game = game2();
    layBoard(game, { index: 90, turn: 1 });
    changeIndex(game, 10, 'test', 'event');
    expect(stateOf(game).index).toBe(95);
    changeIndex(game, 3, 'test', 'event');
    expect(stateOf(game).index).toBe(95);
    changeIndex(game, -4, 'test', 'event');
    expect(stateOf(game).index).toBe(91);
    // what an event sets off during the events phase (a Nexus lost to Web Raiders) is held too; combat, later in the turn, is not
    changeIndex(game, 8, 'test', 'nexus');
    expect(game.stack.some((f) => f.proc === 'chaos-events')).toBe(true);
    expect(stateOf(game).index).toBe(95);
    changeIndex(game, -4, 'test', 'event');
    game.stack = [{ proc: 'chaos-imperial', data: {} }];
    changeIndex(game, 8, 'test', 'combat');
    expect(stateOf(game).index).toBe(99);
    layBoard(game, { index: 90, turn: 2 });
    changeIndex(game, 10, 'test', 'event');
    expect(stateOf(game).index).toBe(100); // and never above 100
  });

  it('[001 Scenarios, special rules] the first-turn cap holds through a whole events phase of Smash the Empire', () => {
    const game = game2();
    layBoard(game, { index: 90, rest: 'empire' });
    stateOf(game).pool = Array(9).fill('smash');
    stateOf(game).discard = [];
    restartTurn(game, 1);
    playUntil(game, atBuild, letHappen);
    const dice = game.events.filter((e) => e.turn === 1 && /Smash the Empire: die/.test(e.text)).map((e) => Number(/die (\d)/.exec(e.text)![1]));
    expect(game.scenario.firstTurnEvents).toBeNull(); // scenario 1 (ours) draws by the index on turn 1 too
    expect(dice.length).toBe(eventsToDraw({ ...game, vars: { ...game.vars, index: 90 } } as SolitaireGame));
    expect(dice.reduce((a, b) => a + b, 0)).toBeGreaterThan(5); // uncapped, it would pass 95
    expect(stateOf(game).index).toBe(95);
  });
});
