/**
 * The notes beside a pending decision: what it is about and the odds of its answers, each computed by
 * the rule's own outcome function. One entry point per decision kind; the play screen shows them as
 * they are.
 */
import type { Decision, Game } from '../core/engine/types';
import { characterCombatNotes, type OddsNote } from './character-odds';
import { drawNotes } from './draw-odds';

export function decisionNotes(game: Game, d: Decision): OddsNote[] {
  if (d.kind === 'mission-draw') return drawNotes(game, d.side);
  return [...characterCombatNotes(game, d)];
}
