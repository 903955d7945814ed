/**
 * Random solitaire games [001] of every scenario, checked after every command: the board stays a board
 * (units on real sectors, on a real side, in a real force), the index within 0-100, the RP never below
 * zero, Nexus markers only on Imperial systems, no leader on a Chaos unit, no Chaos Events marker made
 * or lost, and a finished game at the level its points give. Then: same seed, same game; and a save
 * made mid-game loads to the same state.
 */
import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../../src/core/engine/game';
import { loadSave, saveToText } from '../../../src/core/save';
import { playSolitaireOne, playSolitaireOut } from '../../../src/ai/solitaire/play';
import { randomSolitaireAgent } from '../../../src/ai/solitaire/random-agent';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import {
  contentOf,
  core,
  imperialSystems,
  LEVELS,
  levelOf,
  optionOn,
  stateOf,
  victoryPoints,
  type SolitaireGame,
} from '../../../systems/solitaire/state';
import { content, solitaireGame } from './fixtures';

const SCENARIOS = ['chaos-long-twilight', 'chaos-divided-heavens', 'chaos-reconquest', 'chaos-undying-emperor', 'chaos-transhuman-revolt', 'chaos-second-empire'];

/** How many of each Chaos Events marker the game holds now: the pool, the scenario's changes so far. */
function markersExpected(game: SolitaireGame): Map<string, number> {
  const expected = new Map<string, number>();
  const sc = game.scenario;
  for (const e of contentOf(game).file.events) {
    if (e.optional && !optionOn(game, e.optional)) continue;
    expected.set(e.id, e.count - (sc.poolChanges?.remove[e.id] ?? 0));
  }
  // a turn's markers join the pool as its events phase starts, before it asks anything (or the game ends)
  for (const add of sc.poolChanges?.addOnTurn ?? []) if (add.turn <= game.turn) expected.set(add.event, (expected.get(add.event) ?? 0) + add.count);
  return expected;
}

/** Where every marker is: the pool, the discard, the map, or in the hand of the events phase. */
function markersHeld(game: SolitaireGame): Map<string, number> {
  const s = stateOf(game);
  const held = new Map<string, number>();
  const add = (id: string) => held.set(id, (held.get(id) ?? 0) + 1);
  s.pool.forEach(add);
  s.discard.forEach(add);
  for (const a of s.aliens) add(`aliens-${a.kind}`);
  for (const _ of s.expeditions) add('expedition-possible');
  if (s.institute) add('institute');
  if (s.leviathan) add('leviathan');
  for (const f of game.stack)
    if (f.proc === 'chaos-events') {
      const d = f.data as { current?: string | null; setAside?: string[] };
      if (d.current) add(d.current);
      (d.setAside ?? []).forEach(add);
    }
  return held;
}

/** Fail with the reason when a condition does not hold (cheap enough to run after every command). */
function check(holds: boolean, what: string): void {
  if (!holds) expect.fail(what);
}

function checkInvariants(game: SolitaireGame): void {
  const s = stateOf(game);
  const sectors = contentOf(game).sectors;
  const at = `turn ${game.turn}`;
  check(s.index >= 0 && s.index <= 100, `${at}: the index ${s.index} is outside 0-100`);
  check(Number.isInteger(s.index * 2), `${at}: the index ${s.index} is not in halves`);
  check(s.rp >= 0, `${at}: ${s.rp} RP`);
  check(Object.keys(s.systems).length === sectors.length && sectors.every((x) => x in s.systems), `${at}: the systems are not the sectors`);
  const forceIds = s.forces.map((f) => f.id);
  check(new Set(forceIds).size === forceIds.length, `${at}: a force id twice`);
  check(new Set(s.units.map((u) => u.id)).size === s.units.length, `${at}: a unit id twice`);
  for (const u of s.units) {
    const what = `${at}: unit ${u.id} (${u.type}, ${u.side}, force ${u.force}, leader ${u.leader}) in ${u.sector}`;
    check(sectors.includes(u.sector), `${what} is on no sector`);
    check(u.side === 'empire' || u.side === 'chaos', `${what} is on no side`);
    check(u.id < s.nextUnit, `${what} has an id not yet given`);
    if (u.side === 'empire') check(u.force === null, `${what}: an Imperial unit in a Chaos force`);
    else {
      check(u.leader === null, `${what}: a leader on a Chaos unit`);
      check(u.force === null || forceIds.includes(u.force), `${what}: its force is gone`);
    }
    check(u.leader === null || contentOf(game).file.leaders.includes(u.leader), `${what}: no such leader`);
    check(u.type === 'TH' ? u.th !== null : u.th === null, `${what}: trans-human strengths`);
  }
  for (const x of sectors) {
    const sys = s.systems[x];
    if (!sys) continue;
    check(sys.side === 'empire' || sys.side === 'chaos', `${at}: the system in ${x} is on no side`);
    if (sys.force !== null)
      check(sys.side === 'chaos' && s.forces.find((f) => f.id === sys.force)?.kind === 'independent', `${at}: the system in ${x} belongs to ${sys.force}, no Independent Empire`);
  }
  // a force with a marker has something left: a unit, or (an Independent Empire) a system
  for (const f of s.forces)
    check(s.units.some((u) => u.force === f.id) || (f.kind === 'independent' && sectors.some((x) => s.systems[x]?.force === f.id)), `${at}: ${f.id} has nothing left`);
  check(new Set(s.nexus).size === s.nexus.length, `${at}: two Nexus markers in one sector`);
  for (const x of s.nexus) {
    check(s.systems[x]?.side === 'empire', `${at}: the Nexus in ${x} stands on no Imperial system`);
    for (const y of s.nexus) check(x === y || !contentOf(game).neighbours.get(x)!.includes(y), `${at}: Nexus markers side by side in ${x} and ${y}`);
  }
  for (const x of s.illuminated) check(s.systems[x]?.side === 'empire', `${at}: ${x} is illuminated but not Imperial`);
  check(!s.leviathan || s.systems[core(game)]?.side === 'empire', `${at}: the Leviathan without the Core`);
  check(s.forces.filter((f) => f.mutant).length <= 1, `${at}: two Mutants`);
  for (const a of s.aliens) check(sectors.includes(a.sector), `${at}: ${a.kind} on no sector`);
  // no Chaos Events marker is made or lost
  const expected = markersExpected(game);
  const held = markersHeld(game);
  for (const id of new Set([...expected.keys(), ...held.keys()]))
    check((held.get(id) ?? 0) === (expected.get(id) ?? 0), `${at}: ${held.get(id) ?? 0} "${id}" markers in the game, not ${expected.get(id) ?? 0}`);
  if (game.pending) check(game.pending.options.length > 0, `${at}: a decision without options`);
}

function checkEnd(game: SolitaireGame): void {
  const s = stateOf(game);
  expect(game.winner).not.toBeNull();
  expect(s.outcome).not.toBeNull();
  const o = s.outcome!;
  expect(o.vp).toBe(victoryPoints(game));
  if (o.universal) {
    expect(game.scenario.sweep).toBe(true);
    expect(imperialSystems(game).length).toBe(contentOf(game).sectors.length);
    expect(s.index).toBeLessThanOrEqual(10);
    expect(game.winner).toBe('empire');
    return;
  }
  expect(o.level).toBe(levelOf(game, o.vp));
  expect(game.winner).toBe(LEVELS.indexOf(o.level) >= LEVELS.indexOf('survival') ? 'empire' : 'chaos');
  // the last turn, or an Empire with nothing left
  const fallen = imperialSystems(game).length === 0 && !s.units.some((u) => u.side === 'empire');
  if (!fallen) expect(game.turn).toBe(game.scenario.turns);
}

describe('[001] random solitaire games', () => {
  for (const scenario of SCENARIOS)
    it(`${scenario}: random games keep every invariant after every command, and end at their level`, () => {
      for (let seed = 1; seed <= 12; seed++) {
        const game = solitaireGame(scenario, `random-${seed}`);
        checkInvariants(game);
        playSolitaireOut(game, randomSolitaireAgent({ seed: String(seed) }), { afterCommand: checkInvariants, maxDecisions: 20_000 });
        checkEnd(game);
      }
    });

  it('Sweep of Empire: random games keep every invariant and play past the scenario\'s length until they end', () => {
    for (const [scenario, seed] of [['chaos-long-twilight-sweep', 1], ['chaos-divided-heavens-sweep', 2], ['chaos-reconquest-sweep', 3], ['chaos-undying-emperor-sweep', 4], ['chaos-transhuman-revolt-sweep', 5], ['chaos-second-empire-sweep', 6]] as const) {
      const game = solitaireGame(scenario, `sweep-${seed}`);
      playSolitaireOut(game, randomSolitaireAgent({ seed: String(seed) }), { afterCommand: checkInvariants, maxDecisions: 50_000 });
      checkEnd(game);
    }
  });

  it('with every optional rule in play (expeditions, illumination, trans-humans) the invariants hold too', () => {
    for (const seed of [1, 2]) {
      const game = solitaireGame('chaos-long-twilight', `options-${seed}`, ['expeditions', 'illumination', 'trans-humans']);
      playSolitaireOut(game, randomSolitaireAgent({ seed: String(seed) }), { afterCommand: checkInvariants, maxDecisions: 20_000 });
      checkEnd(game);
    }
  });

  it('same seed, same agent: the same game, to the same hash and log', () => {
    const play = () => {
      const game = solitaireGame('chaos-undying-emperor', 'replay');
      playSolitaireOut(game, randomSolitaireAgent({ seed: 'x' }));
      return game;
    };
    const a = play();
    const b = play();
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.log).toEqual(b.log);
    // and another seed makes another game
    const c = solitaireGame('chaos-undying-emperor', 'other');
    playSolitaireOut(c, randomSolitaireAgent({ seed: 'x' }));
    expect(stateHash(c)).not.toBe(stateHash(a));
  });

  it('a save made mid-game names the solitaire ruleset and its options, and loads to the same state, which plays on the same', () => {
    const game = solitaireGame('chaos-reconquest', 'save', ['illumination']);
    const agent = randomSolitaireAgent({ seed: 's' });
    for (let i = 0; i < 40 && game.pending; i++) playSolitaireOne(game, agent);
    expect(game.turn).toBeGreaterThan(1);
    const text = saveToText(game, { empire: { kind: 'human' } });
    const saved = JSON.parse(text);
    expect(saved.ruleset).toBe('solitaire');
    expect(saved.options).toEqual({ rules: ['illumination'] });
    const loaded = loadSave(text, { content, ruleset: solitaireRuleset });
    if (!loaded.ok) throw new Error(loaded.message);
    const copy = loaded.game as SolitaireGame;
    expect(stateHash(copy)).toBe(stateHash(game));
    expect(copy.pending).toEqual(game.pending);
    // both play on alike
    for (let i = 0; i < 30 && game.pending; i++) {
      const command = game.pending.options[i % game.pending.options.length]!;
      expect(apply(game, command).ok).toBe(true);
      expect(apply(copy, command).ok).toBe(true);
      expect(stateHash(copy)).toBe(stateHash(game));
    }
    // a solitaire save is no conquest game's
    const other = loadSave(text, { content, ruleset: { ...solitaireRuleset, id: 'conquest' } });
    expect(other.ok).toBe(false);
  });
});
