/**
 * The game-turn interphase [Game Turn SRS]: the Rebel player checks whether any planet becomes
 * Rebel-controlled (end of the Imperial player-turn [15.52, 15.53]); the engine then advances the
 * game-turn marker.
 */
import { emit } from '../src/core/engine/game';
import type { Game, Procedure, Step } from '../src/core/engine/types';
import { refOf } from '../src/core/world/world';
import { rebelControlAtEndOfImperialTurn } from './control';
import { planetsInPlay } from './sides';

export const interphase: Procedure = {
  step(game: Game): Step {
    for (const planet of rebelControlAtEndOfImperialTurn(game, planetsInPlay(game)))
      emit(game, {
        kind: 'rebel-control',
        text: `${refOf(game.world, planet)} is now under Rebel control.`,
        rule: '[15.53]',
        visibleTo: 'all',
        entities: [planet],
      });
    return { done: true };
  },
  answer() {
    throw new Error('the interphase asks nothing');
  },
};
