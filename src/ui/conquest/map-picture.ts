/**
 * A conquest map of a player's own as a galaxy the picture can draw [002 I Maps]: each territory a star
 * system at the file's position, each border a hyperjump route, each continent a province in its colour.
 * It has no planets: conquest plays on systems only. The picture's stars, rings and camera are tuned for
 * the bundled galaxy's scale, so the file's positions are centred and scaled until the territories stand
 * as far apart as the galaxy's systems do; a map drawn in any unit looks the same.
 */
import type { Content } from '../../core/content/validate';
import type { StarSystemDef } from '../../core/content/schema';
import type { ConquestMapDef } from '../../../systems/conquest/map';
import { angleOf } from '../../render/layout';

/** The bundled galaxy's typical distance between neighbouring systems (its median nearest neighbour). */
const GALAXY_SPACING = 23;
const STARS: StarSystemDef['star'][] = ['O', 'B', 'A', 'F', 'G', 'K', 'M'];

/** The picture's content for a map: the base content with its galaxy replaced by the map's. */
export function mapPictureContent(base: Content, map: ConquestMapDef): Content {
  const positions = fittedPositions(map.territories.map((t) => t.position));
  const systems: StarSystemDef[] = map.territories.map((t, i) => ({
    id: t.id,
    name: t.name,
    number: '11',
    province: t.continent,
    position: positions[i]!,
    // each star a class of its own, the same every time the map is shown
    star: STARS[Math.floor((angleOf(t.id) / (Math.PI * 2)) * STARS.length)] ?? 'G',
    drift: { inner: 1.4, outer: 3.2 },
  }));
  const provinces = map.continents.map((c, i) => ({ id: c.id, name: c.name, number: Math.min(9, i + 1), capital: '', color: c.color }));
  return {
    ...base,
    version: `${base.version}+map:${map.name}`,
    galaxy: {
      name: map.name,
      throne: '',
      provinces,
      systems,
      navigationStars: [],
      routes: map.borders.map(([from, to]) => ({ from, to, via: null, distance: 1 })),
      planets: [],
    },
    provinces: new Map(provinces.map((p) => [p.id, p])),
    systems: new Map(systems.map((s) => [s.id, s])),
    planets: new Map(),
    environs: new Map(),
  };
}

/** Positions centred on the origin and scaled so neighbours stand about as far apart as in the galaxy. */
export function fittedPositions(raw: readonly (readonly [number, number, number])[]): [number, number, number][] {
  const n = raw.length;
  const centre = [0, 1, 2].map((k) => raw.reduce((s, p) => s + p[k]!, 0) / Math.max(1, n));
  const nearest = raw.map((a) => Math.min(...raw.filter((b) => b !== a).map((b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]))));
  const spread = nearest.filter((d) => d > 0 && Number.isFinite(d)).sort((a, b) => a - b);
  const median = spread[spread.length >> 1];
  const scale = median ? GALAXY_SPACING / median : 1;
  return raw.map((p) => [(p[0] - centre[0]!) * scale, (p[1] - centre[1]!) * scale, (p[2] - centre[2]!) * scale]);
}
