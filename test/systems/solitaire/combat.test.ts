/**
 * The solitaire game's combat [001 31.0]: whom a result hits, bracketed strengths, and what the markers
 * change in a battle: the aliens' restrictions and Militarism and Pacifism's die modifiers [001 32.0].
 */
import { describe, expect, it } from 'vitest';
import { attacksAllowed, battle, messiahReach } from '../../../systems/solitaire/combat';
import { chaosAttack } from '../../../systems/solitaire/forces';
import { attackOptions } from '../../../systems/solitaire/phases/imperial';
import { contentOf, sectorNumber, stateOf } from '../../../systems/solitaire/state';
import { addUnit, alive, fightFor, game2, layBoard, play, playUntil, resolveEvent, restartTurn, rig, sec, solitaireGame } from './fixtures';

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
