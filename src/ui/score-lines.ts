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

/** The planets that score now, each with its points and why ("at unrest"), from the score's sources (the Rebels-vs-Empire games). */
export function scoringPlanets(score: { [key: string]: Json }): Map<string, { points: number; why: string }> {
  const out = new Map<string, { points: number; why: string }>();
  if (!Array.isArray(score.sources)) return out;
  for (const s of score.sources) {
    if (!s || typeof s !== 'object' || Array.isArray(s) || s.kind !== 'planet' || typeof s.planet !== 'string' || typeof s.points !== 'number') continue;
    const why = typeof s.text === 'string' ? s.text.replace(/^[^:]*:\s*/, '') : '';
    out.set(s.planet, { points: s.points, why });
  }
  return out;
}

/**
 * The score's sources in a few words beside the meter [VP]: each planet that scores with its points
 * ("Gallowmere +3 (unrest)"), then the rest summed ("+2 from kills and captures"); the breakdown whole is a click away.
 */
export function sourcesInBrief(score: { [key: string]: Json }, names: (planet: string) => string, most = 2): string {
  const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;
  const planets = [...scoringPlanets(score)].sort((a, b) => Math.abs(b[1].points) - Math.abs(a[1].points));
  const parts = planets.slice(0, most).map(([id, p]) => `${names(id)} ${signed(p.points)} (${p.why})`);
  if (planets.length > most) parts.push(`${planets.length - most} more planet${planets.length - most === 1 ? '' : 's'}`);
  let others = 0;
  for (const s of Array.isArray(score.sources) ? score.sources : [])
    if (s && typeof s === 'object' && !Array.isArray(s) && s.kind !== 'planet' && typeof s.points === 'number') others += s.points;
  if (others) parts.push(`${signed(others)} from kills, captures and information`);
  return parts.length ? parts.join(' · ') : 'no planet scores yet: unrest, a rising or Rebel control would';
}
