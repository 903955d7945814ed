/**
 * The solitaire game refuses an illegal command [001]: with its reason, the state unchanged.
 */
import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../../src/core/engine/game';
import { stateOf } from '../../../systems/solitaire/state';
import { atBuild, game2, layBoard, option, pass, play, playUntil, restartTurn, sec } from './fixtures';

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
