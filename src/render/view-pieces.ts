/**
 * What a view of the game puts on the picture: the planets' loyalty colours, the stacks standing in each
 * environ, and the markers over them (PDB squares, a side's units and characters). Pure over the layout
 * and the view: the scene (galaxy-scene.ts) calls these when a new view is shown, and reads the stacks
 * back for its labels.
 */
import { BufferAttribute, Color, Vector3, type BufferGeometry } from 'three';
import type { GameView } from '../core/view';
import type { GalaxyLayout } from './layout';
import { MARKER_CAPACITY, type Layers } from './layers';
import { LOYALTY_COLORS, SIDE_COLORS } from './palette';
import type { EntityRefs } from './types';

/** Where pieces stand, per environ and side, for the markers and the stack labels. */
export interface StackSummary {
  environ: string;
  side: string;
  units: number;
  /** Total combat strength, or null when some is hidden [7.22]. */
  strength: number | null;
  characters: number;
  undetected: number;
}

const PDB_UP = new Color('#7dffa8');
const PDB_DOWN = new Color('#59607a');
const REBEL_CONTROL = new Color('#ff3b2f').multiplyScalar(1.3);

/** Marker shapes, as the markers' shader draws them. */
const SHAPE = { pdb: 1, characters: 2, units: 3 } as const;

/** Planet atmospheres: loyalty colour [15.1]; pulsing in rebellion, bright red under Rebel control [15.5]; dim out of play. */
export function paintPlanets(layers: Layers, layout: GalaxyLayout, view: GameView | null): void {
  const byId = new Map(view?.planets.map((p) => [p.id, p]) ?? []);
  const color = new Color();
  layout.planets.forEach((p, i) => {
    const pv = byId.get(p.id);
    const slot = layers.atmosphereSlot + i;
    if (pv?.state === 'rebel-control') color.copy(REBEL_CONTROL);
    else color.set(LOYALTY_COLORS[pv?.loyalty ?? 'neutral']);
    if (pv && !pv.inPlay) color.multiplyScalar(0.25);
    layers.halos.setColor(slot, color);
    layers.halos.setPhase(slot, pv?.state === 'rebellion' ? 1 : 0);
  });
}

/** The stacks of a view, one per environ and side, in the order their first piece is met (units, then characters). */
export function stacksOf(view: GameView | null, refs: EntityRefs): StackSummary[] {
  const stacks: StackSummary[] = [];
  const stackAt = new Map<string, StackSummary>();
  const stack = (environ: string, side: string): StackSummary => {
    const key = `${environ}|${side}`;
    let s = stackAt.get(key);
    if (!s) {
      s = { environ, side, units: 0, strength: 0, characters: 0, undetected: 0 };
      stackAt.set(key, s);
      stacks.push(s);
    }
    return s;
  };
  for (const u of view?.units ?? []) {
    const environ = refs[u.environ]?.id;
    if (!environ) continue;
    const s = stack(environ, u.side);
    s.units++;
    s.strength = s.strength === null || u.combat === null ? null : s.strength + u.combat;
  }
  for (const c of view?.characters ?? []) {
    if (c.dead || !c.environ) continue;
    const environ = refs[c.environ]?.id;
    if (!environ) continue;
    const s = stack(environ, c.side);
    s.characters++;
    if (!c.detected) s.undetected++;
  }
  return stacks;
}

/**
 * Write the markers of a view into the markers layer's geometry: each planet's PDB level as squares above
 * it [8.0] (green when up, grey when down), and beside each environ a side's units (a marker that grows
 * with their number) and its characters (dimmer when all are undetected, as their owner knows them).
 */
export function writeMarkers(geometry: BufferGeometry, layout: GalaxyLayout, view: GameView | null, stacks: readonly StackSummary[]): void {
  const pos = geometry.getAttribute('position') as BufferAttribute;
  const col = geometry.getAttribute('aColor') as BufferAttribute;
  const size = geometry.getAttribute('aSize') as BufferAttribute;
  const shape = geometry.getAttribute('aShape') as BufferAttribute;
  const at = new Vector3();
  const color = new Color();
  let n = 0;
  const put = (p: Vector3, c: Color, s: number, sh: number) => {
    if (n >= MARKER_CAPACITY) return;
    pos.setXYZ(n, p.x, p.y, p.z);
    col.setXYZ(n, c.r, c.g, c.b);
    size.setX(n, s);
    shape.setX(n, sh);
    n++;
  };
  for (const pv of view?.planets ?? []) {
    const p = layout.planets[layout.planetIndex.get(pv.id) ?? -1];
    if (!p) continue;
    for (let k = 0; k < pv.pdbLevel; k++) {
      at.set(p.position.x + (k - (pv.pdbLevel - 1) / 2) * p.radius * 0.9, p.position.y + p.radius * 1.9, p.position.z);
      put(at, pv.pdbUp ? PDB_UP : PDB_DOWN, p.radius * 0.75, SHAPE.pdb);
    }
  }
  for (const s of stacks) {
    const where = layout.environIndex.get(s.environ);
    const p = where ? layout.planets[where.planet] : undefined;
    const e = where && p ? p.environs[where.environ] : undefined;
    if (!p || !e) continue;
    // the Rebels stand on one side of the environ's ring, every other side on the other
    const side = s.side === 'rebel' ? 1 : -1;
    const r = e.outer + p.radius * 0.55;
    const a = e.angle + side * e.span * 0.22;
    color.set(SIDE_COLORS[s.side] ?? '#ffffff');
    if (s.units) {
      at.set(p.position.x + Math.cos(a) * r, p.position.y + p.radius * 0.3, p.position.z + Math.sin(a) * r);
      put(at, color, p.radius * (0.9 + Math.min(6, s.units) * 0.08), SHAPE.units);
    }
    if (s.characters) {
      const r2 = r + p.radius * 0.9;
      at.set(p.position.x + Math.cos(a) * r2, p.position.y + p.radius * 0.3, p.position.z + Math.sin(a) * r2);
      if (s.undetected === s.characters) color.multiplyScalar(0.55);
      put(at, color, p.radius * 0.95, SHAPE.characters);
    }
  }
  geometry.setDrawRange(0, n);
  pos.needsUpdate = col.needsUpdate = size.needsUpdate = shape.needsUpdate = true;
}

/**
 * Where an entity is in the picture, if it can be placed: a planet, an environ's middle, a star system, a
 * navigation star, or a piece in the view (at its environ). Writes `out`; false when it has no place.
 */
export function placeOf(layout: GalaxyLayout, refs: EntityRefs, view: GameView | null, eid: number, out: Vector3): boolean {
  const ref = refs[eid];
  if (ref) {
    if (ref.kind === 'planet') {
      const p = layout.planets[layout.planetIndex.get(ref.id) ?? -1];
      if (p) return !!out.copy(p.position);
    } else if (ref.kind === 'environ') {
      const where = layout.environIndex.get(ref.id);
      const p = where ? layout.planets[where.planet] : undefined;
      const e = where && p ? p.environs[where.environ] : undefined;
      if (p && e) {
        const r = (e.inner + e.outer) / 2;
        out.set(p.position.x + Math.cos(e.angle) * r, p.position.y, p.position.z + Math.sin(e.angle) * r);
        return true;
      }
    } else if (ref.kind === 'system') {
      const s = layout.systems[layout.systemIndex.get(ref.id) ?? -1];
      if (s) return !!out.copy(s.position);
    } else if (ref.kind === 'navStar') {
      const s = layout.navStars[layout.navIndex.get(ref.id) ?? -1];
      if (s) return !!out.copy(s.position);
    }
  }
  let environ = 0;
  if (view) {
    const u = view.units.find((x) => x.eid === eid);
    const c = u ? undefined : view.characters.find((x) => x.eid === eid);
    environ = u?.environ ?? c?.environ ?? 0;
  }
  if (environ && environ !== eid) return placeOf(layout, refs, view, environ, out);
  return false;
}
