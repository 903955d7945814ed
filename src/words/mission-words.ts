/**
 * A mission card in plain words: who it suits and what a draw needs. One wording for the choice of a
 * mission on the play screen (option-facts.ts) and for the rules reference (reference.ts). Pure: reads
 * only the card.
 */
import type { MissionDef } from '../core/content/schema';

/** [13.6] the rating whose best value in the group adds bonus draws: "suits diplomacy". */
export function missionSuits(card: MissionDef): string {
  return card.bonusDraws.rating ? `suits ${card.bonusDraws.rating}` : 'suits anyone (no rating)';
}

/** [13.3, 13.53] what the draws must show: "succeeds on an action card showing D [13.3]". */
export function missionNeed(card: MissionDef): string {
  const need = card.lettersToComplete > 1 ? `${card.lettersToComplete} cards showing ${card.letter}` : `an action card showing ${card.letter}`;
  return `succeeds on ${need} [13.3]`;
}
