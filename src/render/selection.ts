/**
 * What can be picked on the map (a star system, a planet, a navigation star, a stack), and where each is
 * in the galaxy's layout: the star system it is in, its position, the size of its halo, and the pick
 * nearest a ray through the canvas. Pure geometry over the layout; the scene draws and raycasts.
 */
import { Vector3, type Ray } from 'three';
import type { GalaxyLayout } from './layout';

export type Selection =
  | { kind: 'system'; id: string }
  | { kind: 'planet'; id: string }
  | { kind: 'navStar'; id: string }
  | { kind: 'stack'; environ: string; side: string };

/** The star system a selection is in (a system itself, a planet's, a stack's planet's); null for a navigation star. */
export function systemOfSelection(L: GalaxyLayout, sel: Selection): string | null {
  if (sel.kind === 'system') return sel.id;
  if (sel.kind === 'navStar') return null;
  const planet = sel.kind === 'planet' ? L.planets[L.planetIndex.get(sel.id) ?? -1] : L.planets[L.environIndex.get(sel.environ)?.planet ?? -1];
  return planet?.system ?? null;
}

export function selectionPosition(L: GalaxyLayout, sel: Selection): Vector3 | null {
  if (sel.kind === 'system') return L.systems[L.systemIndex.get(sel.id) ?? -1]?.position.clone() ?? null;
  if (sel.kind === 'planet') return L.planets[L.planetIndex.get(sel.id) ?? -1]?.position.clone() ?? null;
  if (sel.kind === 'navStar') return L.navStars[L.navIndex.get(sel.id) ?? -1]?.position.clone() ?? null;
  const where = L.environIndex.get(sel.environ);
  return where ? (L.planets[where.planet]?.position.clone() ?? null) : null;
}

/** The radius of a selection's halo: a system's outer drift, a planet's body. */
export function selectionScale(L: GalaxyLayout, sel: Selection | null): number {
  if (!sel) return 0;
  if (sel.kind === 'system') return (L.systems[L.systemIndex.get(sel.id) ?? -1]?.def.drift.outer ?? 3) * 1.12;
  if (sel.kind === 'navStar') return 1.2;
  const id = sel.kind === 'planet' ? sel.id : (L.planets[L.environIndex.get(sel.environ)?.planet ?? -1]?.id ?? '');
  return (L.planets[L.planetIndex.get(id) ?? -1]?.radius ?? 0.2) * 3.4;
}

const toPoint = new Vector3();

/** The planet, star or navigation star closest to the ray in angle (a pixel tolerance that works at any zoom), if any is close enough. */
export function nearestToRay(L: GalaxyLayout, ray: Ray): Selection | null {
  let best: Selection | null = null;
  let bestScore = 0.028;
  const consider = (pos: Vector3, sel: Selection, tolerance: number) => {
    const along = toPoint.copy(pos).sub(ray.origin).dot(ray.direction);
    if (along <= 0) return;
    const score = Math.sqrt(ray.distanceSqToPoint(pos)) / along / tolerance;
    if (score < bestScore) {
      bestScore = score;
      best = sel;
    }
  };
  for (const p of L.planets) consider(p.position, { kind: 'planet', id: p.id }, 0.7);
  for (const s of L.systems) consider(s.position, { kind: 'system', id: s.id }, 1);
  for (const n of L.navStars) consider(n.position, { kind: 'navStar', id: n.id }, 0.8);
  return best;
}
