/**
 * Where the Chaos Events markers go [001 32.0]: with the force they raised until it is gone, in effect
 * to the end of the turn, or out of play for good (the Probe); and the Imperial markers' prices.
 */
import { describe, expect, it } from 'vitest';
import { advance as advanceGame } from '../../../src/core/engine/game';
import { buildOptions } from '../../../systems/solitaire/phases/imperial';
import { forgetEmptyForces, stateOf } from '../../../systems/solitaire/state';
import { addUnit, layBoard, letHappen, play, playUntil, restartTurn, solitaireGame } from './fixtures';

const atBuild = (game: ReturnType<typeof solitaireGame>) => game.pending?.kind === 'chaos-build';

describe('[001 32.0] where the markers go', () => {
  it('[001 32.0 Usurper] the marker stays with the usurper\'s force and is discarded when the force is gone', () => {
    const game = solitaireGame('chaos-long-twilight', 'marker');
    layBoard(game, { index: 5, rest: 'empire', units: [{ type: 'SF', side: 'empire', at: 3 }] });
    const s = stateOf(game);
    s.pool = ['usurper', 'eye-of-the-storm'];
    s.discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    const force = stateOf(game).forces.find((f) => f.kind === 'usurper');
    expect(force?.marker).toBe('usurper');
    expect(stateOf(game).discard).not.toContain('usurper');
    // the force's last unit falls: its marker goes to the discard, its leader back to the pool
    const after = stateOf(game);
    const leaders = after.leaderPool.length;
    after.units = after.units.filter((u) => u.force !== force!.id);
    forgetEmptyForces(game);
    expect(after.discard).toContain('usurper');
    expect(after.leaderPool.length).toBe(leaders + 1);
  });

  it('[001 32.0 Militarism] a marker in effect for the turn is held until the turn ends, then discarded', () => {
    const game = solitaireGame('chaos-long-twilight', 'turn-marker');
    layBoard(game, { index: 5, rest: 'empire' });
    const s = stateOf(game);
    s.pool = ['militarism', 'eye-of-the-storm'];
    s.discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    expect(stateOf(game).fx.held).toEqual(['militarism']);
    expect(stateOf(game).discard).toEqual(['eye-of-the-storm']);
    // enough markers for the next turn that the discard is not mixed back in
    stateOf(game).pool = Array(6).fill('eye-of-the-storm');
    // on to the next turn: the held marker is discarded at the end of this one
    playUntil(game, (g) => g.turn === 3, (g) => g.pending!.options.find((o) => ['end-build', 'end-move', 'end-turn', 'let-happen', 'institute-let', 'no-leader', 'no-expedition'].includes(o.type)) ?? g.pending!.options[0]);
    expect(stateOf(game).discard).toContain('militarism');
  });

  it('[001 32.0 Aliens—Probe] the Probe is removed from play for good at the end of its phase', () => {
    const game = solitaireGame('chaos-long-twilight', 'probe');
    layBoard(game, { index: 5, rest: 'empire' });
    const s = stateOf(game);
    s.pool = ['aliens-probe', 'eye-of-the-storm'];
    s.discard = [];
    restartTurn(game, 2);
    playUntil(game, atBuild, letHappen);
    const after = stateOf(game);
    expect(after.aliens.some((a) => a.kind === 'probe')).toBe(false);
    expect(after.outOfPlay).toEqual(['aliens-probe']);
    expect(after.discard).not.toContain('aliens-probe');
  });

  it('[001 Scenario 5] the pool holds no Usurper at the start: they come with the trans-humans and on turn 6', () => {
    const game = solitaireGame('chaos-transhuman-revolt', 'usurpers');
    const s = stateOf(game);
    expect([...s.pool, ...s.discard].filter((m) => m === 'usurper')).toHaveLength(0);
    expect(s.forces.filter((f) => f.kind === 'usurper' && f.marker === 'usurper').length).toBeGreaterThanOrEqual(game.pending ? 1 : 0);
  });

  it('[001 32.0 Paranoia] a Repression marker costs 1 RP; under Paranoia each RP buys two', () => {
    const game = solitaireGame('chaos-long-twilight', 'repression', ['illumination']);
    layBoard(game, { index: 50, rest: 'empire', rp: 5 });
    addUnit(game, { type: 'SF', side: 'empire', at: 1 });
    const s = stateOf(game);
    s.repression = 0;
    restartTurnAtBuild(game);
    play(game, buildOptions(game).find((o) => o.type === 'buy-repression')!);
    expect(stateOf(game).rp).toBe(4);
    expect(stateOf(game).repression).toBe(1);
    stateOf(game).fx.paranoia = true;
    play(game, game.pending!.options.find((o) => o.type === 'buy-repression')!);
    expect(stateOf(game).rp).toBe(3);
    expect(stateOf(game).repression).toBe(3);
  });
});

/** Ask the build decision again from the state the test laid out. */
function restartTurnAtBuild(game: ReturnType<typeof solitaireGame>): void {
  game.pending = null;
  game.segment = 2;
  game.stack = [{ proc: 'chaos-imperial', data: { stage: 'build' } }];
  game.interrupts = [];
  // the engine asks from the state it finds
  advanceGame(game);
}
