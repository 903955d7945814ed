/**
 * [001 Suppression] the odds the screen shows before a Repression marker is used, against the
 * suppression itself over many seeded rolls: the chance the event is prevented and of each Chaos Index change.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng';
import { suppressionOdds } from '../../../systems/solitaire/phases/tables';
import { contentOf, stateOf } from '../../../systems/solitaire/state';
import { layBoard, play, restartTurn, solitaireGame } from './fixtures';

describe('[001 Suppression] odds against the roll', () => {
  it('[001 Suppression] prevented and Chaos Index changes match 400 seeded suppressions', () => {
    const trials = 400;
    let prevented = 0;
    const changes = new Map<number, number>();
    let odds: ReturnType<typeof suppressionOdds> | null = null;
    for (let i = 0; i < trials; i++) {
      const game = solitaireGame('chaos-long-twilight', `suppress-${i}`);
      layBoard(game, { index: 50, rest: 'empire' });
      const s = stateOf(game);
      s.pool = ['rebellion', 'eye-of-the-storm'];
      s.discard = [];
      s.repression = 1;
      restartTurn(game, 2);
      expect(game.pending?.kind).toBe('chaos-suppress');
      odds ??= suppressionOdds(contentOf(game).file);
      const before = stateOf(game).index;
      game.rng = Rng.fromSeed(`roll-${i}`);
      const from = game.events.length;
      play(game, game.pending!.options.find((o) => o.type === 'suppress')!);
      if (game.events.slice(from).some((e) => /is prevented/.test(e.text))) prevented++;
      // the index's change: read from the state (a prevented event changes nothing else at once)
      const change = stateOf(game).index - before;
      changes.set(change, (changes.get(change) ?? 0) + 1);
    }
    const within = (seen: number, p: number) => expect(Math.abs(seen / trials - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / trials) + 1e-9);
    within(prevented, odds!.prevented);
    for (const { change, chance } of odds!.changes) within(changes.get(change) ?? 0, chance);
  });
});
