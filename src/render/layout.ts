/**
 * Where everything sits in the picture, computed once from the content: star systems at their
 * galaxy positions, planets on circular orbits between the sun's drift area and the system's outer
 * drift area [5.22], each environ as a sector of a ring around its planet. Pure data (no WebGL), so it
 * is cheap to build and easy to test.
 */
import { Color, Vector3 } from 'three';
import type { Content } from '../core/content/validate';
import type { PlanetDef, StarSystemDef } from '../core/content/schema';
import { STAR_COLORS, STAR_SIZES } from './palette';



export interface SystemLayout {
  id: string;
  def: StarSystemDef;
  index: number;
  position: Vector3;
  color: Color;
  size: number;
  provinceColor: Color;
  planets: number[];
}

export interface EnvironLayout {
  id: string;
  /** Centre angle of its sector around the planet (radians, in the galactic x-z plane). */
  angle: number;
  /** Angular width of the sector. */
  span: number;
  inner: number;
  outer: number;
}

export interface PlanetLayout {
  id: string;
  def: PlanetDef;
  index: number;
  system: string;
  position: Vector3;
  radius: number;
  orbitRadius: number;
  environs: EnvironLayout[];
}

/** How far from its planet's centre an environ's stack badges sit: on its sector, outside its ring. */
export function badgeRadius(planet: PlanetLayout, environ: EnvironLayout): number {
  return environ.outer + planet.radius * 1.6;
}

export interface NavStarLayout {
  id: string;
  name: string;
  position: Vector3;
}

export interface GalaxyLayout {
  systems: SystemLayout[];
  systemIndex: Map<string, number>;
  planets: PlanetLayout[];
  planetIndex: Map<string, number>;
  environIndex: Map<string, { planet: number; environ: number }>;
  navStars: NavStarLayout[];
  navIndex: Map<string, number>;
  /** Radius that holds every system (for the home camera). */
  radius: number;
  centre: Vector3;
}

/** A stable angle from an id, so planets keep their place between runs without any randomness. */
export function angleOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return ((h >>> 0) / 4294967296) * Math.PI * 2;
}

export const PLANET_RADIUS = 0.16;

export function buildLayout(content: Content): GalaxyLayout {
  const systems: SystemLayout[] = [];
  const systemIndex = new Map<string, number>();
  for (const def of content.systems.values()) {
    const province = content.provinces.get(def.province);
    const index = systems.length;
    systemIndex.set(def.id, index);
    systems.push({
      id: def.id,
      def,
      index,
      position: new Vector3(...def.position),
      color: new Color(STAR_COLORS[def.star] ?? '#ffffff'),
      size: STAR_SIZES[def.star] ?? 2,
      provinceColor: new Color(province?.color ?? '#8899cc'),
      planets: [],
    });
  }

  const planets: PlanetLayout[] = [];
  const planetIndex = new Map<string, number>();
  const environIndex = new Map<string, { planet: number; environ: number }>();
  for (const def of content.planets.values()) {
    const sys = systems[systemIndex.get(def.system) ?? -1];
    if (!sys) continue;
    const { inner, outer } = sys.def.drift;
    // Orbits 1..3 spread evenly between the two drift areas.
    const orbitRadius = inner + ((outer - inner) * (def.orbit - 0.35)) / 3;
    // Planets sharing an orbit keep apart: offset by how many came before on that orbit.
    const sameOrbit = sys.planets.filter((p) => planets[p]?.def.orbit === def.orbit).length;
    const angle = angleOf(sys.id) + def.orbit * 2.1 + sameOrbit * Math.PI;
    const position = new Vector3(Math.cos(angle) * orbitRadius, 0, Math.sin(angle) * orbitRadius).add(sys.position);
    const radius = PLANET_RADIUS * (0.8 + def.environs.reduce((s, e) => s + e.size, 0) * 0.05);
    const index = planets.length;
    const n = def.environs.length;
    const gap = n > 1 ? 0.22 : 0;
    const environs: EnvironLayout[] = def.environs.map((env, i) => {
      const span = (Math.PI * 2) / n - gap;
      const envId = `${def.id}.${i + 1}`;
      environIndex.set(envId, { planet: index, environ: i });
      return {
        id: envId,
        angle: ((i + 0.5) * Math.PI * 2) / n + Math.PI / 2,
        span,
        inner: radius * 1.55,
        outer: radius * (1.75 + env.size * 0.16),
      };
    });
    planetIndex.set(def.id, index);
    sys.planets.push(index);
    planets.push({ id: def.id, def, index, system: sys.id, position, radius, orbitRadius, environs });
  }

  const navStars: NavStarLayout[] = content.galaxy.navigationStars.map((n) => ({ id: n.id, name: n.name, position: new Vector3(...n.position) }));
  const navIndex = new Map(navStars.map((n, i) => [n.id, i]));

  const centre = new Vector3();
  for (const s of systems) centre.add(s.position);
  centre.divideScalar(Math.max(1, systems.length));
  let radius = 1;
  for (const s of systems) radius = Math.max(radius, s.position.distanceTo(centre) + s.def.drift.outer);
  return { systems, systemIndex, planets, planetIndex, environIndex, navStars, navIndex, radius, centre };
}
