/**
 * The end of the turn: the Leviathan without its Core, the turn's markers discarded, effects cleared.
 */
import type { Procedure } from '../../../src/core/engine/types';
import { core, forgetEmptyForces, freshEffects, rollTransHuman, stateOf, tell, type SolitaireGame } from '../state';
import { discardMarker } from './chaos-events';

export const endOfTurn: Procedure<SolitaireGame> = {
  step(game) {
    const s = stateOf(game);
    if (s.leviathan && s.systems[core(game)]?.side !== 'empire') {
      s.leviathan = false;
      discardMarker(game, 'leviathan');
      tell(game, 'chaos-event', 'The Core is lost: the Leviathan is no more.', '[001 32.0 Leviathan]');
    }
    s.discard.push(...s.fx.held);
    s.fx = freshEffects();
    for (const u of s.units) if (u.type === 'TH') u.th = rollTransHuman(game);
    forgetEmptyForces(game);
    return { done: true };
  },
  answer() {
    throw new Error('the end of the turn asks nothing');
  },
};
