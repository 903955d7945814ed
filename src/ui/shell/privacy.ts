/**
 * Secrets by construction: whose private panels (cards, mission, hand, hidden strengths, private log
 * lines) a game screen may draw. Every mode with hot-seat asks this one question before it draws a
 * seat's secrets, so no screen decides it on its own.
 *
 * - Watching (no human seat) or after the game's end: everyone's (null).
 * - One human against AIs: that human's, always (the AIs do not look at the screen).
 * - Hot-seat (two humans or more): a seat's secrets only while its human is the one to act and has
 *   taken the screen (after the hand-over); while another human or an AI acts, or while the screen is
 *   being handed over, nobody's.
 */
export function secretsShownFor<S extends string>(seats: {
  humans: readonly S[];
  /** The seat whose decision is pending (null: none). */
  acting: S | null;
  /** Hot-seat: the human who took the screen last (after the hand-over). */
  revealed: S | null;
  handingOver: boolean;
  over: boolean;
}): S | null | 'nobody' {
  const { humans, acting, revealed, handingOver, over } = seats;
  if (humans.length === 0 || over) return null;
  if (humans.length === 1) return humans[0] as S;
  if (handingOver || revealed === null || acting !== revealed) return 'nobody';
  return revealed;
}
