/**
 * The solitaire game's scenarios [001 Scenarios]: each scenario's setup (sector numbers scaled to our 25),
 * and victory [001 Scenarios 9].
 */
import { describe, expect, it } from 'vitest';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import { contentOf, core, levelOf, LEVELS, sectorNumber, stateOf, victoryPoints, type Side, type SolitaireGame } from '../../../systems/solitaire/state';
import { atBuild, drawn, layBoard, letHappen, pass, playUntil, restartTurn, SCENARIOS, sec, solitaireGame } from './fixtures';

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
