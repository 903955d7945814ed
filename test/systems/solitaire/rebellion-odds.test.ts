/**
 * [001 32.0 Rebellion, Extropy Table] the odds the solitaire screen shows before the Emperor commits a
 * stack or buys an extropy operation, against the rules themselves over seeded games: where a Rebellion
 * strikes (its own walk from a random sector), whether the next events phase draws its marker (the
 * pool drawn by the rule), and what an extropy operation takes off the Chaos Index.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng';
import { cloneGame } from '../../../src/core/engine/game';
import { EVENTS, rebellionStrikes } from '../../../systems/solitaire/events';
import { drawMarker } from '../../../systems/solitaire/phases/chaos-events';
import { extropyOdds } from '../../../systems/solitaire/phases/tables';
import { contentOf, stateOf } from '../../../systems/solitaire/state';
import { markerChance } from '../../../src/ui/solitaire/risks';
import { play, solitaireGame } from './fixtures';

const within = (seen: number, trials: number, p: number) => expect(Math.abs(seen / trials - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / trials) + 1e-9);

describe('[001 32.0] a Rebellion\'s reach, before it comes', () => {
  it('[001 32.0 Rebellion] the chance it strikes each sector matches 600 rebellions of the rule', () => {
    const game = solitaireGame('chaos-long-twilight', 'rebellion-odds');
    const shown = rebellionStrikes(game);
    expect([...shown.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const trials = 600;
    const hits = new Map<string, number>();
    for (let i = 0; i < trials; i++) {
      const g = cloneGame(game);
      g.rng = Rng.fromSeed(`rebellion-${i}`);
      const from = g.events.length;
      EVENTS.rebellion!.resolve(g);
      const struck = g.events.slice(from).map((e) => e.data?.sector).find((x) => typeof x === 'string') as string | undefined;
      if (struck) hits.set(struck, (hits.get(struck) ?? 0) + 1);
    }
    for (const [sector, p] of shown) within(hits.get(sector) ?? 0, trials, p);
    for (const sector of hits.keys()) expect(shown.has(sector), sector).toBe(true);
  });

  it('[001 32.0] the chance the next events phase draws the Rebellion marker matches 400 phases drawn by the rule', () => {
    const game = solitaireGame('chaos-long-twilight', 'marker-odds');
    const shown = markerChance(game, 'rebellion');
    expect(shown).toBeGreaterThan(0.05);
    expect(shown).toBeLessThan(0.999);
    const trials = 400;
    let drawn = 0;
    const n = contentOf(game).file.eventsPerTurn.find((r) => stateOf(game).index <= r.upTo)?.events ?? 0;
    for (let i = 0; i < trials; i++) {
      // the rule's own cup: as many markers as the phase draws, each by drawMarker
      const g = cloneGame(game);
      g.rng = Rng.fromSeed(`pool-${i}`);
      const picked: (string | null)[] = [];
      for (let k = 0; k < n; k++) picked.push(drawMarker(g));
      if (picked.includes('rebellion')) drawn++;
    }
    within(drawn, trials, shown);
  });
});

describe('[001 Extropy Table] an extropy operation, before it is bought', () => {
  it('[001 Extropy Table] the fall of the Chaos Index matches 400 seeded operations', () => {
    const trials = 400;
    const falls = new Map<number, number>();
    let odds: ReturnType<typeof extropyOdds> | null = null;
    const start = solitaireGame('chaos-long-twilight', 'extropy');
    // on to the Emperor's spending: every event let happen
    for (let k = 0; k < 60 && start.pending?.kind !== 'chaos-build'; k++) play(start, start.pending!.options.find((o) => o.type === 'let-happen' || o.type === 'institute-let' || o.type === 'decline' || o.type === 'no-leader' || o.type === 'no-expedition' || o.type === 'refuse-leviathan') ?? start.pending!.options[0]!);
    expect(start.pending?.kind).toBe('chaos-build');
    stateOf(start).rp = 99;
    for (let i = 0; i < trials; i++) {
      const game = cloneGame(start);
      const s = stateOf(game);
      odds ??= extropyOdds(contentOf(game).file);
      const extropy = game.pending?.options.find((o) => o.type === 'extropy');
      if (!extropy) continue;
      const before = s.index;
      game.rng = Rng.fromSeed(`roll-${i}`);
      play(game, extropy);
      falls.set(before - stateOf(game).index, (falls.get(before - stateOf(game).index) ?? 0) + 1);
    }
    const total = [...falls.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(100);
    for (const { fall, chance } of odds!) within(falls.get(fall) ?? 0, total, chance);
  });
});
