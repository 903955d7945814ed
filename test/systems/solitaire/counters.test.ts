/**
 * [001] What the counters allow: an allied Chaos stack never leaves a Living Nebula it has entered; the
 * leader counters are the mix's fourteen, never more, whoever holds them; Scenario 5's Usurper markers
 * are the eight of the mix, all on the turn track (docs/rules.md, "Solitaire").
 */
import { describe, expect, it } from 'vitest';
import { drawLeader, contentOf, neighboursOf, sectorNumber, stateOf, type SolitaireGame } from '../../../systems/solitaire/state';
import { atBuild, layBoard, letHappen, pass, playUntil, resolveEvent, restartTurn, solitaireGame } from './fixtures';
import { leadersInPlay } from './invariants';

/** The sectors a stack may reach in `steps` moves along the map's borders, never going on from `stop`. */
function reachAround(game: SolitaireGame, from: string, steps: number, stop: string): Set<string> {
  const seen = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (seen.get(at)! >= steps || (at === stop && at !== from)) continue;
    for (const n of neighboursOf(game, at)) if (!seen.has(n)) (seen.set(n, seen.get(at)! + 1), queue.push(n));
  }
  return new Set(seen.keys());
}

describe('[001 32.0] the counters', () => {
  it('[001 32.0 Aliens—Living Nebula, Alliance] an allied Chaos stack may enter a Living Nebula but not move on out of it', () => {
    const game = solitaireGame('chaos-long-twilight', 'counters');
    game.turn = 2;
    // an alpha fleet (movement 4) beside a sector that is the only way on to some others: the Nebula there
    const blocked = (from: string, n: string) => reachAround(game, from, 4, '').size - reachAround(game, from, 4, n).size;
    const sectors = contentOf(game).sectors.slice(1);
    const from = sectors.find((x) => [...neighboursOf(game, x)].some((n) => n !== sectors[0] && blocked(x, n) > 0))!;
    const nebula = [...neighboursOf(game, from)].find((n) => blocked(from, n) > 0)!;
    layBoard(game, { systems: { 1: ['empire', 5, 6, 6] }, units: [{ at: sectorNumber(game, from), type: 'AF', side: 'chaos' }] });
    stateOf(game).aliens = [{ kind: 'living-nebula', sector: nebula, placedOnTurn: 1 }];
    stateOf(game).pool = [];
    stateOf(game).discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    resolveEvent(game, 'alliance');
    playUntil(game, (g) => g.pending?.kind === 'chaos-alliance-move', pass);
    const offered = new Set(game.pending!.options.map((o) => o.to as string));
    const allowed = reachAround(game, from, 4, nebula);
    expect(offered.has(nebula)).toBe(true); // he may go in
    expect([...offered].sort()).toEqual([...allowed].sort());
    // and the map does have sectors the Nebula keeps him from (else the test would prove nothing)
    const plain = reachAround(game, from, 4, '');
    expect([...plain].filter((x) => !allowed.has(x)).length).toBeGreaterThan(0);
  });

  it('[001 Leaders] scenario 6\'s three "1" leaders are set aside from the mix before any is drawn: never five "1"s', () => {
    const mix = contentOf(solitaireGame('chaos-second-empire', 'l-0')).file.leaders;
    const most = (v: number) => mix.filter((x) => x === v).length;
    for (let seed = 0; seed < 100; seed++) {
      const game = solitaireGame('chaos-second-empire', `leaders-${seed}`);
      for (const [value, n] of leadersInPlay(game)) expect(n, `seed ${seed}: leaders of value ${value}`).toBeLessThanOrEqual(most(value));
    }
  });

  it('[001 Leaders] an empty pool stays empty: no counter is drawn twice, and a force that finds none has no leader', () => {
    const game = solitaireGame('chaos-long-twilight', 'pool');
    const s = stateOf(game);
    s.leaderPool = [];
    expect(drawLeader(game)).toBeNull();
    expect(s.leaderPool).toEqual([]);
    // Imperial Leader Arises with no counter left does nothing
    const leaders = s.units.filter((u) => u.leader !== null).length;
    resolveEvent(game, 'imperial-leader');
    expect(s.units.filter((u) => u.leader !== null).length).toBe(leaders);
    expect(s.leaderPool).toEqual([]);
  });

  it('[001 Scenario 5] the Trans-human Revolt\'s eight Usurper markers are all on the turn track: none in the pool at the start, one with each trans-human on turns 1-5, three join the pool on turn 6', () => {
    const game = solitaireGame('chaos-transhuman-revolt', 'usurpers');
    const mix = contentOf(game).file.events.find((e) => e.id === 'usurper')!.count;
    expect(mix).toBe(8);
    const s = stateOf(game);
    const turnTrack = (game.scenario.transHumanUsurpers ?? []).length + (game.scenario.poolChanges?.addOnTurn ?? []).filter((a) => a.event === 'usurper').reduce((n, a) => n + a.count, 0);
    expect(turnTrack).toBe(mix);
    expect(s.pool.filter((m) => m === 'usurper')).toEqual([]);
    expect(game.scenario.transHumanUsurpers).toEqual([1, 2, 3, 4, 5]);
    expect(game.scenario.poolChanges?.addOnTurn).toEqual([{ turn: 6, event: 'usurper', count: 3 }]);
  });
});
