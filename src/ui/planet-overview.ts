/**
 * The planet overview: one row per planet in play, built from a side's view of the game only (the same
 * view the map and the planet panel read), so it shows what that side may know and nothing more:
 * undetected enemy characters are not in the view [9.31], and hidden Imperial units count as units of
 * unknown strength [7.22]. The spectator's view (side null) shows everything.
 *
 * Pure data in, rows out (no DOM): the panel in planet-overview-panel.ts draws and sorts them.
 */
import type { Content } from '../core/content/validate';
import type { LOYALTIES, SideId } from '../core/content/schema';
import type { GameView, PlanetView } from '../core/view';
import { explainPlanetInView, type PlanetStateName } from '../../systems/rebels-vs-empire/control-explain';

/** One side's pieces on a planet, as the viewer sees them. */
export interface ForceCount {
  units: number;
  /** Total combat strength of the units whose strength the viewer knows. */
  strength: number;
  /** Units whose strength is hidden from the viewer [7.22]. */
  hiddenUnits: number;
  /** Characters standing there (not dead, not prisoners). */
  characters: number;
  /** Their content ids, for the names. */
  characterIds: string[];
}

export interface PlanetRow {
  id: string;
  eid: number;
  name: string;
  system: string;
  systemName: string;
  loyalty: (typeof LOYALTIES)[number];
  state: PlanetStateName;
  /** Who controls it now [15.5]. */
  control: SideId | null;
  /** Why, in the words of the Planet Control Chart (systems/rebels-vs-empire/control-explain.ts). */
  controlWhy: string;
  pdbLevel: number;
  pdbUp: boolean;
  forces: Record<'rebel' | 'imperial', ForceCount>;
  /** The Rebel victory points the planet scores as it stands (the VP table: state first, then loyalty). */
  vp: number;
}

export const OVERVIEW_COLUMNS = ['planet', 'system', 'loyalty', 'state', 'control', 'pdb', 'rebel', 'imperial', 'vp'] as const;
export type OverviewColumn = (typeof OVERVIEW_COLUMNS)[number];

const emptyForce = (): ForceCount => ({ units: 0, strength: 0, hiddenUnits: 0, characters: 0, characterIds: [] });

/** The rows of every planet in play, in content order (system, then orbit). */
export function planetOverviewRows(view: GameView, content: Content): PlanetRow[] {
  // what each planet scores, from the view's score (the public VP breakdown, one line per scoring planet)
  const sources = Array.isArray(view.score.sources) ? (view.score.sources as { kind?: string; planet?: string; points?: number }[]) : [];
  const vpOf = new Map<string, number>();
  for (const s of sources) if (s.kind === 'planet' && s.planet && typeof s.points === 'number') vpOf.set(s.planet, (vpOf.get(s.planet) ?? 0) + s.points);

  const planetOfEnviron = new Map(view.environs.map((e) => [e.eid, e.planet]));
  const forces = new Map<number, PlanetRow['forces']>();
  const forceAt = (environ: number, side: SideId): ForceCount | null => {
    const planet = planetOfEnviron.get(environ);
    if (planet === undefined || (side !== 'rebel' && side !== 'imperial')) return null;
    let f = forces.get(planet);
    if (!f) forces.set(planet, (f = { rebel: emptyForce(), imperial: emptyForce() }));
    return f[side];
  };
  for (const u of view.units) {
    const f = forceAt(u.environ, u.side);
    if (!f) continue;
    f.units++;
    if (u.combat === null) f.hiddenUnits++;
    else f.strength += u.combat;
  }
  for (const ch of view.characters) {
    if (ch.dead || ch.captured || !ch.environ) continue;
    const f = forceAt(ch.environ, ch.side);
    if (!f) continue;
    f.characters++;
    f.characterIds.push(ch.id);
  }

  const rows = view.planets.filter((p) => p.inPlay).map((pv) => rowOf(pv, view, content, forces.get(pv.eid), vpOf.get(pv.id) ?? 0));
  const order = (r: PlanetRow) => {
    const p = content.planets.get(r.id);
    return [content.systems.get(r.system)?.number ?? r.system, p?.orbit ?? 0] as const;
  };
  return rows.sort((a, b) => {
    const [sa, oa] = order(a);
    const [sb, ob] = order(b);
    return String(sa).localeCompare(String(sb), undefined, { numeric: true }) || oa - ob;
  });
}

function rowOf(pv: PlanetView, view: GameView, content: Content, forces: PlanetRow['forces'] | undefined, vp: number): PlanetRow {
  const p = content.planets.get(pv.id);
  const system = p?.system ?? '';
  return {
    id: pv.id,
    eid: pv.eid,
    name: p?.name ?? pv.id,
    system,
    systemName: content.systems.get(system)?.name ?? system,
    loyalty: pv.loyalty,
    state: pv.state,
    control: pv.control,
    controlWhy: explainPlanetInView(view, pv.eid).why,
    pdbLevel: pv.pdbLevel,
    pdbUp: pv.pdbUp,
    forces: forces ?? { rebel: emptyForce(), imperial: emptyForce() },
    vp,
  };
}

// Orders for the columns that are not plain text or numbers: from the Empire's end to the Rebel's.
const LOYALTY_RANK: Record<PlanetRow['loyalty'], number> = { patriotic: 0, loyal: 1, neutral: 2, dissent: 3, unrest: 4 };
const STATE_RANK: Record<PlanetStateName, number> = { 'imperial-control': 0, 'rebellion-stopped': 1, rebellion: 2, 'rebel-control': 3 };
const controlRank = (c: SideId | null) => (c === 'imperial' ? 0 : c === 'rebel' ? 2 : 1);
/** A side's forces: by units, then the strength known, then characters. */
const forceKey = (f: ForceCount) => f.units * 1e6 + (f.strength + f.hiddenUnits) * 1e3 + f.characters;

/** Compare two rows by one column (ascending); ties fall back to the planet's name. */
export function compareRows(a: PlanetRow, b: PlanetRow, column: OverviewColumn): number {
  const byName = a.name.localeCompare(b.name);
  let d = 0;
  switch (column) {
    case 'planet':
      return byName;
    case 'system':
      d = a.systemName.localeCompare(b.systemName);
      break;
    case 'loyalty':
      d = LOYALTY_RANK[a.loyalty] - LOYALTY_RANK[b.loyalty];
      break;
    case 'state':
      d = STATE_RANK[a.state] - STATE_RANK[b.state];
      break;
    case 'control':
      d = controlRank(a.control) - controlRank(b.control);
      break;
    case 'pdb':
      // a level-0 PDB still detects [9.32]: the level first, then up before down counts as more
      d = a.pdbLevel - b.pdbLevel || Number(a.pdbUp) - Number(b.pdbUp);
      break;
    case 'rebel':
    case 'imperial':
      d = forceKey(a.forces[column]) - forceKey(b.forces[column]);
      break;
    case 'vp':
      d = a.vp - b.vp;
      break;
  }
  return d || byName;
}

/** The rows sorted by a column, ascending or descending (a new array). */
export function sortRows(rows: readonly PlanetRow[], column: OverviewColumn, descending = false): PlanetRow[] {
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => sign * compareRows(a, b, column));
}
