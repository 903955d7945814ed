/**
 * The solitaire Emperors' spending [001 Resource Points, Extropy Table], judged at a build decision set
 * up for the purpose: each test says what the rules make the index worth and checks the agent pays for it.
 */
import { describe, expect, it } from 'vitest';
import { solitaireView } from '../../systems/solitaire/view';
import { stateOf } from '../../systems/solitaire/state';
import { decideNormal, NORMAL_TUNING } from '../../src/ai/solitaire/normal-agent';
import { HARD_TUNING } from '../../src/ai/solitaire/hard-agent';
import { Rng } from '../../src/core/rng';
import { atBuild, letHappen, playUntil, solitaireGame } from '../systems/solitaire/fixtures';
import { advance } from '../../src/core/engine/game';

/** The Long Twilight at its first build decision, with `rp` RP in the treasury and the index at `index`. */
function atSpending(rp: number, index: number) {
  const game = solitaireGame('chaos-long-twilight', 'spend');
  playUntil(game, atBuild, letHappen);
  const s = stateOf(game);
  s.rp = rp;
  s.index = index;
  game.pending = null;
  advance(game);
  expect(atBuild(game)).toBe(true); // the decision asked again, with the treasury set
  return game;
}
const decide = (game: ReturnType<typeof atSpending>, tuning = NORMAL_TUNING) => decideNormal(solitaireView(game), game.pending!, tuning, Rng.fromSeed('test'));

describe('[001 Extropy Table] the Emperor lowers the index before he recruits', () => {
  it('`normal` buys an extropy operation first, even with the index low and an army to raise', () => {
    const game = atSpending(12, 20);
    expect(game.pending!.options.some((o) => o.type === 'recruit')).toBe(true);
    expect(decide(game)).toMatchObject({ type: 'extropy' });
  });

  it('at an index of 0 there is nothing to lower: it recruits or buys something else', () => {
    const game = atSpending(12, 0);
    expect(decide(game).type).not.toBe('extropy');
  });

  it('`hard` keeps its reserve from recruits, but not from an extropy operation', () => {
    // the reserve is a point per system or mobile unit (14 systems here), more than the treasury's 5
    const game = atSpending(5, 60);
    expect(stateOf(game).units.filter((u) => u.side === 'empire').length).toBeGreaterThan(5);
    expect(game.pending!.options.some((o) => o.type === 'extropy')).toBe(true);
    expect(decide(game, HARD_TUNING)).toMatchObject({ type: 'extropy' });
  });
});
