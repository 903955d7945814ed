/**
 * The Rebel's victory points as lines a player reads: each scoring planet and each kill, capture and
 * gathering of information on its own line ("+6 Tollis: in rebellion"), from the score's `sources`
 * (systems/rebels-vs-empire/victory.ts victorySources); an older save's score has only totals by reason, read instead.
 */
import type { Json } from '../core/engine/types';

export function scoreLines(score: { [key: string]: Json }): string[] {
  const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;
  if (Array.isArray(score.sources)) {
    return score.sources.flatMap((s) => {
      if (!s || typeof s !== 'object' || Array.isArray(s) || typeof s.points !== 'number' || typeof s.text !== 'string') return [];
      const when = typeof s.turn === 'number' ? ` (turn ${s.turn})` : '';
      return [`${signed(s.points)} ${s.text}${when}`];
    });
  }
  const b = score.breakdown;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return [];
  return Object.entries(b).flatMap(([what, n]) => (typeof n === 'number' && n !== 0 ? [`${what}: ${signed(n)}`] : []));
}
