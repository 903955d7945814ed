/**
 * The game-turn interphase [Game Turn SRS]: first the Rebel player checks whether any planet becomes
 * Rebel-controlled (end of the Imperial player-turn [15.52, 15.53]); in the galactic game the galactic
 * phase follows (the Empire's strategic assignment and the galactic events, galactic-events.ts); the
 * engine then advances the game-turn marker. The Empire may first receive a spaceship for an Imperial
 * Knight [14.61].
 *
 * [000 15.1c] Control is checked one planet at a time: each planet that becomes Rebel-controlled sparks
 * its level-3 domino effect, and the whole chain is resolved before control is checked again. A planet
 * the chain puts into rebellion, and whose Imperials are gone, so becomes Rebel-controlled in the same
 * interphase (the chapter's example). Checks repeat until no planet changes; a planet changes at most once
 * per interphase, so the loop ends.
 */
import { isGalactic } from '../../src/core/content/validate';
import type { Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { becomesRebelControlled } from './control';
import { dominoRule } from './loyalty';
import { becomeRebelControlled } from './loyalty';
import { planetsInPlay } from './sides';
import { repairPossessions } from './possessions';
import { checkBase } from './secret-planets';

export const interphase: Procedure = {
  step(game: Game, frame: Frame): Step {
    if (!frame.data.controlChecked) {
      const controlled = (frame.data.controlled as number[] | undefined) ?? [];
      // [000 15.1c] without chain reactions (the game's domino option) only the planets that stood to
      // fall at the end of the Imperial player-turn are checked, not those the domino effects raise
      if (dominoRule(game) !== 'chain' && !frame.data.candidates) frame.data.candidates = planetsInPlay(game).filter((p) => becomesRebelControlled(game, p));
      const candidates = (frame.data.candidates as number[] | undefined) ?? planetsInPlay(game);
      const next = candidates.find((p) => !controlled.includes(p) && becomesRebelControlled(game, p));
      if (next) {
        frame.data.controlled = [...controlled, next];
        return { push: { proc: 'interphase-rebel-control', data: { planet: next } } };
      }
      frame.data.controlChecked = true;
    }
    // the galactic game: then the galactic phase (assignment, events). [15.53] control changes at the end
    // of the Imperial player-turn, which the check above closes: a planet an event puts into rebellion
    // is checked at the end of the next Imperial player-turn, so the Empire has a player-turn to answer
    if (!frame.data.galacticPhase && isGalactic(game.scenario)) {
      frame.data.galacticPhase = true;
      return { push: { proc: 'galactic-phase', data: {} } };
    }
    // galactic game: a discovered base held by Imperial units alone is destroyed
    if (!frame.data.baseChecked) {
      frame.data.baseChecked = true;
      checkBase(game);
    }
    // [14.22] province and galactic games: inoperative possessions are repaired on friendly planets
    if (!frame.data.repaired) {
      frame.data.repaired = true;
      repairPossessions(game);
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

/**
 * One planet becomes Rebel-controlled [15.53], in a sub-frame, so the domino effect it sparks (and its
 * chain) runs before the interphase checks control again [000 15.1c].
 */
export const interphaseRebelControl: Procedure = {
  step(game: Game, frame: Frame): Step {
    becomeRebelControlled(game, frame.data.planet as number, 'end of the Imperial player-turn');
    return { done: true };
  },
  answer() {
    throw new Error('a change of control asks nothing');
  },
};
