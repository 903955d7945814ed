/**
 * The game-turn interphase [Game Turn SRS]: the Rebel player checks whether any planet becomes
 * Rebel-controlled (end of the Imperial player-turn [15.52, 15.53]); the engine then advances the
 * game-turn marker. The Empire may first receive a spaceship for an Imperial Knight [14.61].
 */
import type { Frame, Game, Procedure, Step } from '../src/core/engine/types';
import { rebelControlAtEndOfImperialTurn } from './control';
import { planetsInPlay } from './sides';

export const interphase: Procedure = {
  step(game: Game, frame: Frame): Step {
    if (!frame.data.controlChecked) {
      frame.data.controlChecked = true;
      rebelControlAtEndOfImperialTurn(game, planetsInPlay(game));
    }
    // [14.61] the Empire may give an Imperial Knight a spaceship at the end of the turn
    if (!frame.data.shipsOffered) {
      frame.data.shipsOffered = true;
      return { push: { proc: 'imperial-ship-receipt', data: {} } };
    }
    return { done: true };
  },
  answer() {
    throw new Error('the interphase asks nothing');
  },
};
