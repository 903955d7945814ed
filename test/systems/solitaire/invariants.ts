/**
 * The solitaire game's invariants [001], checked after every command by the property test and by the
 * thousand-game runs: the board stays a board (units on real sectors, on a real side, in a real force),
 * the index within 0-100, the RP never below zero, Nexus markers only on Imperial systems, no leader on a
 * Chaos unit, no Chaos Events marker made or lost, and no leader counter made.
 */
import { contentOf, core, optionOn, stateOf, type SolitaireGame } from '../../../systems/solitaire/state';

/** How a broken invariant is reported: `expect.fail` in a test, a thrown error in a script. */
export type Fail = (what: string) => never;

let fail: Fail = (what) => {
  throw new Error(what);
};

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
  // Scenario 5's trans-human usurpers rise with a Usurper marker of the turn track each
  const risen = (sc.transHumanUsurpers ?? []).filter((t) => t <= game.turn).length;
  if (risen) expected.set('usurper', (expected.get('usurper') ?? 0) + risen);
  return expected;
}

/** Where every marker is: the pool, the discard, the map, or in the hand of the events phase. */
function markersHeld(game: SolitaireGame): Map<string, number> {
  const s = stateOf(game);
  const held = new Map<string, number>();
  const add = (id: string) => held.set(id, (held.get(id) ?? 0) + 1);
  s.pool.forEach(add);
  s.discard.forEach(add);
  s.outOfPlay.forEach(add);
  s.fx.held.forEach(add);
  for (const f of s.forces) if (f.marker) add(f.marker);
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

/**
 * [001 Leaders] the leader counters in the game, by value: on Imperial units, leading Chaos forces (the
 * Mutant is a marker of his own; a force that found no counter has leader 0) and in the pool. One drawn
 * for Imperial Leader Arises and not yet placed, or lost to the Messiah, is in none of them.
 */
export function leadersInPlay(game: SolitaireGame): Map<number, number> {
  const s = stateOf(game);
  const held = new Map<number, number>();
  const add = (v: number) => held.set(v, (held.get(v) ?? 0) + 1);
  for (const u of s.units) if (u.leader !== null) add(u.leader);
  for (const f of s.forces) if (!f.mutant && f.leader > 0) add(f.leader);
  s.leaderPool.forEach(add);
  return held;
}

/** Fail with the reason when a condition does not hold (cheap enough to run after every command). */
function check(holds: boolean, what: string): void {
  if (!holds) fail(what);
}

export function checkInvariants(game: SolitaireGame, onFailure?: Fail): void {
  if (onFailure) fail = onFailure;
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
  // [001 Leaders] no leader counter is made: never more of a value than the mix has
  const mix = contentOf(game).file.leaders;
  for (const [value, n] of leadersInPlay(game)) check(n <= mix.filter((v) => v === value).length, `${at}: ${n} leaders of value ${value}, the mix has ${mix.filter((v) => v === value).length}`);
  if (game.pending) check(game.pending.options.length > 0, `${at}: a decision without options`);
}
