/**
 * The solitaire game's rules [001], by the marker, table or chart of 001 each test checks: the Chaos
 * Index Changes Summary Chart line by line, combat, the aliens' restrictions, the Chaos Events markers,
 * the Chaos Operations results, the scenarios' setups, victory, and illegal commands refused.
 */
import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../../src/core/engine/game';
import type { Command } from '../../../src/core/engine/types';
import { attacksAllowed, battle, combatResult, fight, messiahReach, type Battle } from '../../../systems/solitaire/combat';
import { EVENTS, SUBSTITUTE } from '../../../systems/solitaire/events';
import { chaosAttack, operate, recruitRoll } from '../../../systems/solitaire/forces';
import { eventsToDraw } from '../../../systems/solitaire/phases/chaos-events';
import { attackOptions } from '../../../systems/solitaire/phases/imperial';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import {
  changeIndex,
  chaosStacks,
  contentOf,
  core,
  coreDistance,
  levelOf,
  LEVELS,
  sectorNumber,
  stateOf,
  unitsIn,
  victoryPoints,
  type Side,
  type SolitaireGame,
  type Unit,
} from '../../../systems/solitaire/state';
import {
  addForce,
  addUnit,
  atBuild,
  layBoard,
  letHappen,
  option,
  play,
  playUntil,
  resolveEvent,
  restartTurn,
  rig,
  sec,
  solitaireGame,
} from './fixtures';

const SCENARIOS = ['chaos-long-twilight', 'chaos-divided-heavens', 'chaos-reconquest', 'chaos-undying-emperor', 'chaos-transhuman-revolt', 'chaos-second-empire'];

/** A game on turn 2 (no first-turn cap), ready for a board laid by hand. */
const game2 = (scenario = 'chaos-long-twilight') => {
  const game = solitaireGame(scenario, 'rules');
  game.turn = 2;
  return game;
};

/** The die that gives `want` ("D3", "A1", "-") in this battle, found on the table itself. */
function dieFor(game: SolitaireGame, b: Battle, want: string): number {
  for (let die = 0; die < 10; die++) {
    const r = combatResult(game, b.attack - b.defence, die + b.dieModifier);
    if ((r.who ? `${r.who}${r.level}` : '-') === want) return die;
  }
  throw new Error(`no die gives ${want} at ${b.attack} against ${b.defence} (${b.dieModifier >= 0 ? '+' : ''}${b.dieModifier})`);
}

/** Fight a battle whose die is rigged to give `want`. */
function fightFor(game: SolitaireGame, b: Battle, want: string): void {
  rig(game, [dieFor(game, b, want)]);
  const { result } = fight(game, b);
  expect(result.who ? `${result.who}${result.level}` : '-').toBe(want);
}

const alive = (game: SolitaireGame, u: Unit) => stateOf(game).units.includes(u);
const pass = (game: SolitaireGame): Command<Side> | undefined =>
  game.pending!.options.find((o) => ['end-build', 'end-move', 'end-turn', 'institute-let', 'let-happen'].includes(o.type)) ?? game.pending!.options[0];
/** The markers drawn on a turn, in order. */
const drawn = (game: SolitaireGame, turn: number) => game.events.filter((e) => e.kind === 'chaos-marker' && e.turn === turn).map((e) => e.data!.marker as string);

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

// ------------------------------------------------------------------ combat

describe('[001 31.0] combat', () => {
  it('[001 31.0] a result hits every unit of the named side at or below its number, and no other', () => {
    const game = game2();
    const [sf, af, cg, io, ws] = layBoard(game, {
      index: 50,
      systems: { 12: ['empire', 1, 5, 5] },
      units: [
        { at: 12, type: 'SF', side: 'empire' }, // 3
        { at: 12, type: 'AF', side: 'empire' }, // 5
        { at: 12, type: 'CG', side: 'empire' }, // (1)
        { at: 12, type: 'IO', side: 'empire' }, // 4
        { at: 12, type: 'WS', side: 'chaos' },
      ],
    });
    const ws2 = addUnit(game, { at: 12, type: 'WS', side: 'chaos' });
    const ws3 = addUnit(game, { at: 12, type: 'WS', side: 'chaos' });
    fightFor(game, battle(game, sec(game, 12), 'military', 'chaos', [ws!, ws2, ws3]), 'D4');
    expect([sf, af, cg, io].map((u) => alive(game, u!))).toEqual([false, true, false, false]);
    expect(stateOf(game).systems[sec(game, 12)]).not.toBeNull(); // military 5 is above D4
    expect(stateOf(game).index).toBe(56);
  });

  it('[001 31.0] an attacker\'s result hits the attackers at or below it, never the system unit', () => {
    const game = game2();
    const [sf, cg, af] = layBoard(game, {
      index: 50,
      systems: { 12: ['empire', 1, 9, 9] },
      units: [
        { at: 12, type: 'SF', side: 'empire' }, // attacks with 3
        { at: 12, type: 'CG', side: 'empire' }, // (1) does not attack, is hit
        { at: 12, type: 'AF', side: 'chaos' },
      ],
    });
    const b = battle(game, sec(game, 12), 'military', 'empire', [sf!, cg!]);
    fightFor(game, b, 'A1');
    expect([alive(game, sf!), alive(game, cg!), alive(game, af!)]).toEqual([true, false, true]);
  });

  it('[001 31.0] bracketed strengths only defend: they add nothing to an attack but count in the defence', () => {
    const game = game2();
    const [sf, cg, ecg, esf] = layBoard(game, {
      systems: { 12: ['chaos', 1, 2, 3] },
      units: [
        { at: 12, type: 'SF', side: 'empire' },
        { at: 12, type: 'CG', side: 'empire' },
        { at: 12, type: 'CG', side: 'chaos' },
        { at: 12, type: 'SF', side: 'chaos' },
      ],
    });
    const mil = battle(game, sec(game, 12), 'military', 'empire', [sf!, cg!]);
    expect([mil.attack, mil.defence]).toEqual([3, 1 + 3 + 2]);
    const morph = battle(game, sec(game, 12), 'morph', 'empire', [sf!, cg!]);
    expect([morph.attack, morph.defence]).toEqual([3, 3 + 1 + 3]);
    // a lone control group is offered no military attack, a lone star fleet no morphogenetic one
    stateOf(game).units = [cg!, ecg!, esf!];
    expect(attackOptions(game).options.filter((o) => o.type === 'attack').map((o) => o.kind)).toEqual(['morph']);
    stateOf(game).units = [sf!, ecg!, esf!];
    expect(attackOptions(game).options.filter((o) => o.type === 'attack').map((o) => o.kind)).toEqual(['military']);
  });

  it('[001 32.0 Aliens—The Hive, Randoids, Messiah] the Hive forbids military attacks, the Randoids morphogenetic ones, in their sector', () => {
    const game = game2();
    const [io, , ws, cg] = layBoard(game, {
      systems: { 12: ['chaos', 1, 2, 2], 14: ['chaos', 1, 2, 2] },
      units: [
        { at: 12, type: 'IO', side: 'empire' },
        { at: 14, type: 'IO', side: 'empire' },
        { at: 12, type: 'WS', side: 'chaos' },
        { at: 12, type: 'CG', side: 'chaos' },
      ],
    });
    stateOf(game).aliens = [{ kind: 'hive', sector: sec(game, 12), placedOnTurn: 1 }, { kind: 'randoids', sector: sec(game, 14), placedOnTurn: 1 }];
    expect([attacksAllowed(game, sec(game, 12), 'military'), attacksAllowed(game, sec(game, 12), 'morph')]).toEqual([false, true]);
    expect([attacksAllowed(game, sec(game, 14), 'military'), attacksAllowed(game, sec(game, 14), 'morph')]).toEqual([true, false]);
    expect([attacksAllowed(game, sec(game, 8), 'military'), attacksAllowed(game, sec(game, 8), 'morph')]).toEqual([true, true]);
    const offered = attackOptions(game).options.filter((o) => o.type === 'attack').map((o) => `${sectorNumber(game, o.sector as string)}:${o.kind}`);
    expect(new Set(offered)).toEqual(new Set(['12:morph', '14:military']));
    // Chaos obeys too: the world ship (military only) cannot attack under the Hive; the control group attacks by mind
    rig(game, [9]);
    chaosAttack(game, { id: 'x', kind: 'rebel', force: null, sector: sec(game, 12), units: [ws!, cg!] });
    expect(game.events.at(-1)!.data!.type).toBe('morph');
    expect(alive(game, io!)).toBe(true);
  });

  it('[001 32.0 Aliens—Messiah] no attacks in his sector on the turn he comes, one sector further each turn after', () => {
    const game = game2();
    layBoard(game, { units: [{ at: 12, type: 'IO', side: 'empire' }, { at: 12, type: 'SF', side: 'chaos' }, { at: 8, type: 'IO', side: 'empire' }, { at: 8, type: 'SF', side: 'chaos' }] });
    stateOf(game).aliens = [{ kind: 'messiah', sector: sec(game, 12), placedOnTurn: 2 }];
    const blocked = () => contentOf(game).sectors.filter((x) => !attacksAllowed(game, x, 'military') && !attacksAllowed(game, x, 'morph')).map((x) => sectorNumber(game, x));
    expect(blocked()).toEqual([12]);
    expect(attackOptions(game).options.filter((o) => o.type === 'attack').every((o) => o.sector === sec(game, 8))).toBe(true);
    game.turn = 3;
    expect(blocked()).toEqual([8, 12, 15, 25]);
    game.turn = 4;
    expect(new Set(blocked())).toEqual(new Set([...messiahReach(game, sec(game, 12), 2)].map((x) => sectorNumber(game, x))));
    // within two steps of 12: 12; 8, 15, 25; 6, 21
    expect(new Set(blocked())).toEqual(new Set([6, 8, 12, 15, 21, 25]));
  });

  it('[001 32.0 Aliens—Messiah] a leader lost to a negative roll defects to his cause, "eliminated for game purposes": not back in the pool', () => {
    const game = game2();
    const [io] = layBoard(game, { turn: 2, units: [{ at: 12, type: 'IO', side: 'empire', leader: 3 }] });
    stateOf(game).aliens = [{ kind: 'messiah', sector: sec(game, 12), placedOnTurn: 2 }];
    stateOf(game).leaderPool = [1, 2];
    stateOf(game).pool = [];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    playUntil(game, (g) => g.pending?.kind === 'chaos-alien-leader');
    rig(game, [0]); // die 0 + 0 turns + leader 3: negative
    play(game, { type: 'use-leader', side: 'empire', unit: io!.id });
    expect(io!.leader).toBeNull();
    expect(stateOf(game).leaderPool).toEqual([1, 2]);
    expect(stateOf(game).aliens.map((a) => a.kind)).toEqual(['messiah']); // negative: the Messiah stays
  });

  it('[001 32.0 Aliens—Biomech Predators, Dark Empire] two markers of each ("if another ... marker is already in the sector, roll again")', () => {
    const game = game2();
    layBoard(game, {});
    const pool = solitaireGame('chaos-long-twilight', 'pool');
    for (const id of ['aliens-biomech', 'aliens-dark-empire']) expect(stateOf(pool).pool.filter((x) => x === id)).toHaveLength(2);
    for (const [id, kind] of [['aliens-biomech', 'biomech'], ['aliens-dark-empire', 'dark-empire']] as const) {
      stateOf(game).aliens = [];
      rig(game, [11]);
      resolveEvent(game, id);
      rig(game, [11, 11, 4]); // the second lands on the first's sector twice, then rolls again onto sector 5
      resolveEvent(game, id);
      expect(stateOf(game).aliens.filter((a) => a.kind === kind).map((a) => sectorNumber(game, a.sector))).toEqual([12, 5]);
    }
  });

  it('[001 32.0 Militarism, Pacifism] +1 to Imperial military attacks and -1 to morphogenetic ones (Pacifism the reverse); both cancel', () => {
    const game = game2();
    const [io] = layBoard(game, { units: [{ at: 12, type: 'IO', side: 'empire' }, { at: 12, type: 'SF', side: 'chaos' }] });
    const mods = () => [battle(game, sec(game, 12), 'military', 'empire', [io!]).dieModifier, battle(game, sec(game, 12), 'morph', 'empire', [io!]).dieModifier];
    expect(mods()).toEqual([0, 0]);
    resolveEvent(game, 'militarism');
    expect(mods()).toEqual([1, -1]);
    resolveEvent(game, 'pacifism');
    expect(mods()).toEqual([0, 0]);
    stateOf(game).fx.militarism = false;
    expect(mods()).toEqual([-1, 1]);
    // Chaos attacks are not touched
    const ws = addUnit(game, { at: 12, type: 'WS', side: 'chaos' });
    expect(battle(game, sec(game, 12), 'military', 'chaos', [ws]).dieModifier).toBe(0);
  });
});

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

// ------------------------------------------------------------------ scenarios

describe('[001 Scenarios] setups (sector numbers scaled to our 25)', () => {
  /** The scenario's state just after its setup, before any turn is played. */
  const setUp = (scenario: string, seed: number | string) => {
    const game = solitaireGame(scenario, seed);
    game.turn = 1;
    game.events = [];
    solitaireRuleset.setup(game);
    return { game, s: stateOf(game) };
  };
  const sideOf = (game: SolitaireGame, n: number) => stateOf(game).systems[sec(game, n)]?.side ?? null;
  const count = (game: SolitaireGame, side: Side) => {
    const out: Record<string, number> = {};
    for (const u of stateOf(game).units) if (u.side === side) out[u.type] = (out[u.type] ?? 0) + 1;
    return out;
  };
  const poolCount = (game: SolitaireGame, id: string) => stateOf(game).pool.filter((x) => x === id).length;
  const fileCount = (game: SolitaireGame, id: string) => contentOf(game).file.events.find((e) => e.id === id)!.count;

  it('every scenario has its Sweep of Empire variant, the same start with unlimited turns', () => {
    const scenarios = solitaireRuleset.scenarios(solitaireGame().content);
    for (const id of SCENARIOS) {
      expect(scenarios.get(id)!.sweep).toBe(false);
      expect(scenarios.get(`${id}-sweep`)!.sweep).toBe(true);
      expect(scenarios.get(`${id}-sweep`)!.turns).toBeGreaterThan(100);
      const a = setUp(id, 3);
      const b = setUp(`${id}-sweep`, 3);
      expect([b.s.index, b.s.rp, b.s.repression, b.s.illumination, b.s.leviathan]).toEqual([a.s.index, a.s.rp, a.s.repression, a.s.illumination, a.s.leviathan]);
      // the sectors' sides (drawn at random in the Divided Heavens, whose seeds differ by scenario id)
      if (!a.game.scenario.randomSectors) for (let n = 1; n <= 25; n++) expect(sideOf(b.game, n)).toBe(sideOf(a.game, n));
    }
  });

  it('[001 Scenarios] the pool holds every marker but the optional rules\' not in play', () => {
    const { game } = setUp('chaos-long-twilight', 1);
    for (const e of contentOf(game).file.events) expect(poolCount(game, e.id), e.id).toBe(e.optional ? 0 : e.count);
    const th = setUp('chaos-transhuman-revolt', 1).game;
    expect(poolCount(th, 'trans-humans')).toBe(fileCount(th, 'trans-humans'));
  });

  it('[001 Scenario 1] The Long Twilight: index 50, RP 8, Imperial 01-14 with its forces, Rebels on Chaos sectors only, Nexus on the Core', () => {
    for (const seed of [1, 2, 3]) {
      const { game, s } = setUp('chaos-long-twilight', seed);
      expect([s.index, s.rp, s.repression, s.illumination, s.leviathan]).toEqual([50, 8, 1, 1, false]);
      for (let n = 1; n <= 25; n++) expect(sideOf(game, n)).toBe(n <= 14 ? 'empire' : 'chaos');
      const coreSys = s.systems[core(game)]!;
      expect([coreSys.resource, coreSys.military, coreSys.morph]).toEqual([5, 6, 6]);
      expect(count(game, 'empire')).toEqual({ IO: 1, AF: 2, SF: 3, CG: 3, CF: 1 });
      expect(s.units.filter((u) => u.side === 'empire').every((u) => sectorNumber(game, u.sector) <= 14)).toBe(true);
      expect(s.units.filter((u) => u.side === 'chaos').every((u) => sectorNumber(game, u.sector) >= 15 && u.force === null)).toBe(true);
      expect(s.units.filter((u) => u.leader !== null).map((u) => u.leader)).toEqual([2]);
      expect(s.nexus).toEqual([core(game)]);
      expect(s.forces).toEqual([]);
    }
  });

  it('[001 Scenario 2, 10] The Divided Heavens draws 16 events on turn 1 ("two rounds of Chaos Events i.e. 16 Events total"), from its index of 60', () => {
    for (const seed of [1, 2]) {
      const game = solitaireGame('chaos-divided-heavens', seed);
      playUntil(game, (g) => g.events.some((e) => /^Chaos Events: /.test(e.text)), letHappen);
      const start = game.events.find((e) => e.turn === 1 && /^Chaos Events: \d+ markers are drawn/.test(e.text));
      expect(start?.text).toMatch(/^Chaos Events: 16 markers are drawn \(Chaos Index 60\)/);
      playUntil(game, atBuild, letHappen);
      // every marker drawn is told (a substitute for one put back is told too)
      expect(game.events.filter((e) => e.turn === 1 && e.kind === 'chaos-marker').length).toBeGreaterThanOrEqual(16);
    }
  });

  it('[001 Scenario 2] The Divided Heavens: every sector Imperial or Chaos at random, 2AF 6SF 8CG 4CF anywhere, no more than 2 a sector, odd rolls flipped', () => {
    const sides = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      const { game, s } = setUp('chaos-divided-heavens', seed);
      expect([s.rp, s.nexus, s.leviathan, s.repression, s.illumination]).toEqual([0, [], false, 0, 0]);
      for (let n = 1; n <= 25; n++) expect(['empire', 'chaos']).toContain(sideOf(game, n));
      for (let n = 1; n <= 25; n++) sides.add(`${n}:${sideOf(game, n)}`);
      const all: Record<string, number> = {};
      for (const u of s.units) all[u.type] = (all[u.type] ?? 0) + 1;
      expect(all).toEqual({ AF: 2, SF: 6, CG: 8, CF: 4 });
      const per: Record<string, number> = {};
      for (const u of s.units) per[u.sector] = (per[u.sector] ?? 0) + 1;
      expect(Math.max(...Object.values(per))).toBeLessThanOrEqual(2);
      expect(s.units.some((u) => u.side === 'chaos')).toBe(true);
      expect(s.units.some((u) => u.side === 'empire')).toBe(true);
      expect(s.units.every((u) => u.force === null && u.leader === null)).toBe(true);
    }
    expect(sides.size).toBeGreaterThan(25); // some sector fell to each side over the seeds
  });

  it('[001 Scenario 3] The Empire Strikes: index 80, RP 15, 5 turns, 01-11 Imperial, two Independent Empires at 21 and 25 with an extra SF and CG', () => {
    for (const seed of [1, 2, 3]) {
      const { game, s } = setUp('chaos-reconquest', seed);
      expect([s.index, s.rp, s.illumination, game.scenario.turns, game.scenario.firstTurnEvents]).toEqual([80, 15, 2, 5, 16]);
      for (let n = 1; n <= 25; n++) expect(sideOf(game, n)).toBe(n <= 11 ? 'empire' : 'chaos');
      expect(count(game, 'empire')).toEqual({ IO: 2, AF: 3, SF: 5, CG: 3, CF: 2 });
      expect(s.units.filter((u) => u.leader !== null).map((u) => u.leader)).toEqual([3]);
      expect(s.nexus.map((x) => sectorNumber(game, x)).sort((a, b) => a - b)).toEqual([1, 7, 8]); // 13 and 17 scale to 6 and 7; 6 borders the Core
      for (const a of s.nexus) for (const b of s.nexus) if (a !== b) expect(contentOf(game).neighbours.get(a)).not.toContain(b);
      const ies = s.forces.filter((f) => f.kind === 'independent');
      expect(ies.map((f) => sectorNumber(game, f.home!))).toEqual([21, 25]); // 49 × 25 / 57 = 21.49, 57 → 25
      for (const f of ies) {
        const fleet = s.units.filter((u) => u.force === f.id);
        expect(fleet.every((u) => u.sector === f.home)).toBe(true);
        expect(fleet.filter((u) => u.type === 'SF').length).toBeGreaterThanOrEqual(1);
        expect(fleet.filter((u) => u.type === 'CG').length).toBeGreaterThanOrEqual(1);
        expect(s.systems[f.home!]!.force).toBe(f.id);
        const own = contentOf(game).sectors.filter((x) => s.systems[x]?.force === f.id && x !== f.home);
        expect(own.length).toBeLessThanOrEqual(f.leader);
        for (const x of own) expect(contentOf(game).neighbours.get(f.home!)).toContain(x);
      }
    }
  });

  it('[001 Scenario 3] the Rebels roll only for Chaos sectors not part of an Independent Empire', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { s } = setUp('chaos-reconquest', seed);
      for (const f of s.forces) {
        const extra = s.units.filter((u) => u.force === f.id).length - 2;
        // the fleet: the leader's rolls (at most two units each) and nothing gathered from Rebel rolls
        expect(extra).toBeLessThanOrEqual(2 * f.leader);
      }
      for (const u of s.units.filter((x) => x.side === 'chaos' && x.force === null)) expect(s.systems[u.sector]!.force).toBeNull();
    }
  });

  it('[001 Scenario 4] Eternal Empire: index 70, RP 20, 01-07 Imperial, the Leviathan on the Core, two IEs at the strongest systems apart', () => {
    for (const seed of [1, 2, 3]) {
      const { game, s } = setUp('chaos-undying-emperor', seed);
      expect([s.index, s.rp, s.repression, s.illumination, s.leviathan]).toEqual([70, 20, 2, 2, true]);
      for (let n = 1; n <= 25; n++) expect(sideOf(game, n)).toBe(n <= 7 ? 'empire' : 'chaos');
      expect(count(game, 'empire')).toEqual({ IO: 3, AF: 3, CG: 3, WS: 1 });
      expect(s.units.filter((u) => u.leader !== null).map((u) => u.leader)).toEqual([2]);
      expect(s.nexus).toEqual([core(game)]);
      const ies = s.forces.filter((f) => f.kind === 'independent');
      expect(ies.length).toBe(2);
      const [a, b] = ies.map((f) => f.home!);
      expect(contentOf(game).neighbours.get(a!)).not.toContain(b);
      // the first home is the strongest Chaos system (ties to the lowest number)
      const value = (x: string) => s.systems[x]!.military + s.systems[x]!.morph + s.systems[x]!.resource;
      const chaosSectors = contentOf(game).sectors.filter((x) => sectorNumber(game, x) >= 8);
      expect(value(a!)).toBe(Math.max(...chaosSectors.map(value)));
      // the marker on the Core is one of the two: one is left in the pool
      expect(poolCount(game, 'leviathan')).toBe(fileCount(game, 'leviathan') - 1);
    }
  });

  it('[001 Scenario 5] Trans-human Revolt: index 80, RP 10, 01-04 Imperial of resource 2+, no Leviathan left in the pool, 2 IO 2 AF', () => {
    for (const seed of [1, 2, 3]) {
      const { game, s } = setUp('chaos-transhuman-revolt', seed);
      expect([s.index, s.rp, s.repression, s.leviathan]).toEqual([80, 10, 4, true]);
      for (let n = 1; n <= 25; n++) expect(sideOf(game, n)).toBe(n <= 4 ? 'empire' : 'chaos');
      for (let n = 1; n <= 4; n++) expect(s.systems[sec(game, n)]!.resource).toBeGreaterThanOrEqual(2);
      expect(count(game, 'empire')).toEqual({ IO: 2, AF: 2 });
      expect(s.units.filter((u) => u.side === 'chaos')).toEqual([]);
      expect(s.nexus).toEqual([core(game)]);
      expect(poolCount(game, 'leviathan')).toBe(0);
      expect(game.scenario.firstTurnEvents).toBe(24);
    }
  });

  it('[001 Scenario 5] a trans-human Usurper rises at the start of each of turns 1-5; three Usurper markers join the pool on turn 6', () => {
    for (const turn of [3, 6]) {
      const game = solitaireGame('chaos-transhuman-revolt', 'th');
      layBoard(game, { rest: 'empire', index: 5 });
      stateOf(game).pool = [];
      stateOf(game).discard = [];
      stateOf(game).repression = 0;
      restartTurn(game, turn);
      playUntil(game, atBuild, letHappen);
      const thUsurpers = game.events.filter((e) => e.turn === turn && /trans-human Usurper/.test(e.text));
      expect(thUsurpers.length).toBe(turn <= 5 ? 1 : 0);
      expect(drawn(game, turn)).toEqual(turn === 6 ? ['usurper', 'usurper'] : []); // index 5: two markers a turn
      if (turn === 6) expect(stateOf(game).pool).toEqual(['usurper']);
    }
  });

  it('[001 Scenario 5 10b] on the first turn, no more than two Rebellions: the others are substituted', () => {
    const game = solitaireGame('chaos-transhuman-revolt', 'reb');
    layBoard(game, { rest: 'empire', index: 80 });
    stateOf(game).pool = [...Array(6).fill('rebellion'), ...Array(30).fill('eye-of-the-storm')];
    stateOf(game).discard = [];
    stateOf(game).repression = 0;
    restartTurn(game, 1);
    playUntil(game, atBuild, letHappen);
    const markers = drawn(game, 1);
    expect(markers.length).toBe(8 * 3);
    expect(markers.filter((m) => m === 'rebellion').length).toBeLessThanOrEqual(2);
    expect(stateOf(game).pool.filter((m) => m === 'rebellion').length).toBeGreaterThanOrEqual(4); // set aside, back in the pool
  });

  it('[001 Scenario 6] Second Empire: index 70, RP 5, the Core alone Imperial, 5 TH with three "1" leaders, 4 Illumination, no Usurper or Rebellion in the pool', () => {
    for (const seed of [1, 2, 3]) {
      const { game, s } = setUp('chaos-second-empire', seed);
      expect([s.index, s.rp, s.illumination, s.leviathan]).toEqual([70, 5, 4, false]);
      for (let n = 1; n <= 25; n++) expect(sideOf(game, n)).toBe(n === 1 ? 'empire' : 'chaos');
      expect(count(game, 'empire')).toEqual({ TH: 5 });
      expect(s.units.filter((u) => u.leader !== null).map((u) => u.leader)).toEqual([1, 1, 1]);
      expect(s.forces.filter((f) => f.kind === 'independent').length).toBe(2);
      expect([poolCount(game, 'usurper'), poolCount(game, 'rebellion')]).toEqual([0, 0]);
      expect(game.scenario.firstTurnEvents).toBe(24);
    }
  });

  it('[001 Scenario 6 10a] a Usurper on each of turns 2-9; a Rebellion on turns 2-5, two on turns 6-9, added to the pool', () => {
    for (const [turn, usurpers, rebellions] of [[1, 0, 0], [2, 1, 1], [5, 1, 1], [6, 1, 2], [9, 1, 2], [10, 0, 0]] as const) {
      const game = solitaireGame('chaos-second-empire', 'pool');
      layBoard(game, { rest: 'empire', index: 70 });
      stateOf(game).pool = Array(30).fill('eye-of-the-storm');
      stateOf(game).discard = [];
      restartTurn(game, turn);
      playUntil(game, atBuild, letHappen);
      // each is drawn and discarded, or still in the pool
      const all = [...stateOf(game).pool, ...stateOf(game).discard];
      expect([all.filter((m) => m === 'usurper').length, all.filter((m) => m === 'rebellion').length], `turn ${turn}`).toEqual([usurpers, rebellions]);
      const markers = drawn(game, turn);
      expect(markers.filter((m) => m === 'usurper').length).toBe(stateOf(game).discard.filter((m) => m === 'usurper').length);
    }
  });
});

// ------------------------------------------------------------------ victory

describe('[001 Scenarios 9] victory', () => {
  /** A board worth `vp` points: the index at 100 adds none, each Imperial system one. */
  const worth = (game: SolitaireGame, vp: number, index?: number) => {
    const held = Math.min(vp, 25);
    const systems: Record<number, ['empire' | 'chaos', number, number, number]> = {};
    for (let n = 1; n <= 25; n++) systems[n] = [n <= held ? 'empire' : 'chaos', 1, 1, 1];
    layBoard(game, { index: index ?? 100 - 10 * (vp - held), systems });
    stateOf(game).pool = [];
    stateOf(game).discard = [];
  };

  it('[001 Scenarios 9] victory points give the level: each threshold is the least of its level', () => {
    for (const id of SCENARIOS) {
      const game = solitaireGame(id, 1);
      const l = game.scenario.levels;
      expect(l.decline).toBeLessThan(l.survival);
      expect(l.survival).toBeLessThan(l.expanding);
      expect(l.expanding).toBeLessThan(l.galactic);
      for (const [level, at] of [['decline', l.decline], ['survival', l.survival], ['expanding', l.expanding], ['galactic', l.galactic]] as const) {
        worth(game, at);
        expect(victoryPoints(game)).toBe(at);
        expect(levelOf(game, victoryPoints(game))).toBe(level);
        expect(levelOf(game, at - 1)).toBe(LEVELS[LEVELS.indexOf(level) - 1]);
      }
      expect(levelOf(game, 0)).toBe('collapse');
    }
  });

  it('[001 Scenarios 9] after the last turn the game ends at its level: the Empire wins at Survival or better, with the line that says so', () => {
    for (const [offset, winner] of [[0, 'empire'], [-1, 'chaos']] as const) {
      const game = solitaireGame('chaos-long-twilight', 'end');
      const vp = game.scenario.levels.survival + offset;
      worth(game, vp);
      restartTurn(game, game.scenario.turns);
      playUntil(game, (g) => g.winner !== null, pass);
      expect(game.winner).toBe(winner);
      expect(stateOf(game).outcome).toEqual({ vp, level: offset === 0 ? 'survival' : 'decline', universal: false });
      expect(game.events.at(-1)!.text).toBe(`The Empire ends at ${offset === 0 ? 'Survival' : 'Decline'}: ${vp} victory points.`);
    }
  });

  it('[001 Scenarios 8] the game does not end before its last turn', () => {
    const game = solitaireGame('chaos-long-twilight', 'end');
    worth(game, 20);
    restartTurn(game, game.scenario.turns - 1);
    playUntil(game, (g) => g.turn === game.scenario.turns && atBuild(g), pass);
    expect(game.winner).toBeNull();
  });

  it('[001 Scenario 7] Sweep of Empire ends on a Universal Victory: every sector Imperial and the index at 10 or less', () => {
    const game = solitaireGame('chaos-long-twilight-sweep', 'sweep');
    worth(game, 25, 10);
    restartTurn(game, 4);
    expect(game.winner).toBe('empire');
    expect(stateOf(game).outcome).toEqual({ vp: 25 + 9, level: 'galactic', universal: true });
    expect(game.events.at(-1)!.text).toMatch(/^Universal Victory on turn 4/);
    // one sector short, or the index at 11: play goes on, past the scenario's own length
    for (const [vp, index] of [[24, 10], [25, 11]]) {
      const g = solitaireGame('chaos-long-twilight-sweep', 'sweep');
      worth(g, vp!, index);
      restartTurn(g, 10);
      playUntil(g, (x) => x.turn === 11 && atBuild(x), pass);
      expect(g.winner).toBeNull();
    }
    // the same board in the scenario itself is no Universal Victory
    const plain = solitaireGame('chaos-long-twilight', 'sweep');
    worth(plain, 25, 10);
    restartTurn(plain, 4);
    expect(plain.winner).toBeNull();
  });
});

// ------------------------------------------------------------------ the engine's door

describe('[001] illegal commands are refused, the state unchanged', () => {
  it('a command not among the options, of the wrong side, malformed, or after the end, changes nothing', () => {
    const game = game2();
    layBoard(game, { rp: 0, systems: { 1: ['empire', 5, 6, 6], 20: ['chaos', 1, 1, 1] }, units: [{ at: 1, type: 'SF', side: 'empire' }, { at: 5, type: 'SF', side: 'chaos' }] });
    stateOf(game).pool = [];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    expect(atBuild(game)).toBe(true);
    expect(stateOf(game).rp).toBe(5 - 1); // the Core's 5, less the star fleet's upkeep
    play(game, option(game, 'recruit', { unit: 'SF', sector: sec(game, 1) })); // legal: 3 RP
    const sector = sec(game, 1);
    const cases: unknown[] = [
      { type: 'recruit', side: 'empire', unit: 'SF', sector }, // 1 RP left
      { type: 'recruit', side: 'empire', unit: 'CG', sector: sec(game, 20) }, // not an Imperial system
      { type: 'recruit', side: 'chaos', unit: 'SF', sector },
      { type: 'move', side: 'empire', units: [1], to: sec(game, 2) }, // not the movement yet
      { type: 'end-move', side: 'empire' },
      { type: 'nonsense', side: 'empire' },
      { side: 'empire' },
      'end-build',
    ];
    const hash = stateHash(game);
    for (const c of cases) {
      const r = apply(game, c);
      expect(r.ok, JSON.stringify(c)).toBe(false);
      expect(stateHash(game)).toBe(hash);
    }
    // at the movement: not through the Chaos units in 5 (14 is three jumps by 5, four by 3), nor farther than the fleet's 3
    play(game, option(game, 'end-build'));
    expect(game.pending!.kind).toBe('chaos-move');
    const sf = stateOf(game).units.find((u) => u.side === 'empire')!;
    const h2 = stateHash(game);
    for (const to of [14, 20]) {
      expect(apply(game, { type: 'move', side: 'empire', units: [sf.id], to: sec(game, to) }).ok, `to ${to}`).toBe(false);
      expect(stateHash(game)).toBe(h2);
    }
    expect(apply(game, { type: 'move', side: 'empire', units: [sf.id], to: sec(game, 5) }).ok).toBe(true);
    playUntil(game, (g) => g.winner !== null, pass, 5000);
    const h3 = stateHash(game);
    expect(apply(game, { type: 'end-build', side: 'empire' }).ok).toBe(false);
    expect(stateHash(game)).toBe(h3);
  });
});
