/**
 * Victory points won in play (tables.md, "Loyalty, control and victory"): a character killed or
 * captured [12.81], information gathered [13.2]. Each is written down where it is won, by the rule that
 * wins it (character-combat.ts, capture.ts, mission-effects.ts); victory.ts adds the tally to what the
 * planets score. So the rules that score need nothing of victory.ts, which reads them all.
 */
import type { Game } from '../../src/core/engine/types';

/** Where the victory points are written down (tables.md, "Loyalty, control and victory"). */
export const VP_RULE = '[VP table]';

/** A scoring event as kept in `game.vars.tallyLog`. */
export interface TallyEntry {
  turn: number;
  points: number;
  text: string;
  rule: string;
}

/**
 * Victory points scored by events (kills, captures, gather information), kept in `game.vars.tally`,
 * and by reason in `game.vars.tallies` for the score's breakdown (e.g. "character killed").
 */
export function tallyPoints(game: Game, points: number, reason = 'events', detail?: { text: string; rule: string }): void {
  game.vars.tally = ((game.vars.tally as number | undefined) ?? 0) + points;
  const tallies = (game.vars.tallies ??= {}) as Record<string, number>;
  tallies[reason] = (tallies[reason] ?? 0) + points;
  // each scoring event on its own, for the VP breakdown (all of them are public: their events are seen by both)
  const log = (game.vars.tallyLog ??= []) as unknown as TallyEntry[];
  log.push({ turn: game.turn, points, text: detail?.text ?? reason, rule: detail?.rule ?? VP_RULE });
}
