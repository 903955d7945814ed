/**
 * The game-turn interphase [Game Turn SRS]: the Rebel player checks whether any planet becomes
 * Rebel-controlled (end of the Imperial player-turn [15.52, 15.53]); the engine then advances the
 * game-turn marker.
 */
import type { Game, Procedure, Step } from '../src/core/engine/types';
import { rebelControlAtEndOfImperialTurn } from './control';
import { planetsInPlay } from './sides';

export const interphase: Procedure = {
  step(game: Game): Step {
    rebelControlAtEndOfImperialTurn(game, planetsInPlay(game));
    return { done: true };
  },
  answer() {
    throw new Error('the interphase asks nothing');
  },
};
