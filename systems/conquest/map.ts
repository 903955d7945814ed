/**
 * The conquest map [002 I Maps]: territories, the borders between them and the continents that give a
 * bonus to whoever holds them whole. A map is data. The bundled one is our galaxy: each star system is
 * a territory, each hyperjump route a border, each province a continent; a player may load a map file
 * of their own, which `parseConquestMap` checks and refuses with the file, the JSON path and the reason.
 */
import { z } from 'zod';
import type { Content, ContentProblem } from '../../src/core/content/validate';
import { jsonPath } from '../../src/core/content/validate';

const Id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'an id is lower-case letters, digits and dashes');
const Name = z.string().min(1).max(40);
/** Beyond this the picture's centring and scaling lose every digit that tells two stars apart (1e308 overflows outright). */
export const MAX_COORDINATE = 1e6;
const Coordinate = z
  .number()
  .refine(Number.isFinite, 'a coordinate is a finite number')
  .refine((x) => Math.abs(x) <= MAX_COORDINATE, `a coordinate lies within ${MAX_COORDINATE} of the origin, or the map cannot be drawn`);

/** A map file's shape: what a player writes to make a map of their own. */
export const ConquestMapFile = z.strictObject({
  name: Name,
  territories: z
    .array(
      z.strictObject({
        id: Id,
        name: Name,
        continent: Id,
        /**
         * Where the territory's star stands in the 3D view, in any unit (the picture centres and scales
         * the map); each coordinate a finite number within a million of the origin, so it can be drawn.
         */
        position: z.tuple([Coordinate, Coordinate, Coordinate]),
      }),
    )
    .min(2)
    .max(200),
  /** Pairs of territories that border each other (both ways). */
  borders: z.array(z.tuple([Id, Id])).min(1),
  continents: z
    .array(
      z.strictObject({
        id: Id,
        name: Name,
        /** Armies its holder receives at the start of each turn [002 II.2]. */
        bonus: z.int().min(0).max(50),
        color: z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like #a1b2c3'),
      }),
    )
    .min(1),
});
export type ConquestMapDef = z.infer<typeof ConquestMapFile>;

/** A checked map with its lookups. */
export interface ConquestMap {
  def: ConquestMapDef;
  /** Territory ids in the file's order (the order of every listing, so games are reproducible). */
  territories: string[];
  neighbours: ReadonlyMap<string, readonly string[]>;
  /** Continent id to its territories. */
  continentTerritories: ReadonlyMap<string, readonly string[]>;
  continentOf: ReadonlyMap<string, string>;
  bonus: ReadonlyMap<string, number>;
  nameOf(id: string): string;
}

export type MapResult = { ok: true; map: ConquestMap } | { ok: false; problems: ContentProblem[] };

/** Check a map file (already parsed from JSON) and build its lookups, or say every problem. */
export function parseConquestMap(raw: unknown, file: string): MapResult {
  const parsed = ConquestMapFile.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => ({ file, path: jsonPath(i.path), message: i.message })) };
  const def = parsed.data;
  const problems: ContentProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ file, path, message });

  const territoryIds = new Set<string>();
  const names = new Map<string, string>();
  def.territories.forEach((t, i) => {
    if (territoryIds.has(t.id)) problem(`territories[${i}].id`, `territory "${t.id}" is listed twice`);
    territoryIds.add(t.id);
    names.set(t.id, t.name);
  });
  // two stars on one spot would be drawn as one, and the player could not pick either
  const spots = new Map<string, string>();
  def.territories.forEach((t, i) => {
    const spot = t.position.join(',');
    const there = spots.get(spot);
    if (there !== undefined) problem(`territories[${i}].position`, `territory "${t.id}" stands where "${there}" stands; the map could not show them apart`);
    else spots.set(spot, t.id);
  });
  const continentIds = new Set<string>();
  def.continents.forEach((c, i) => {
    if (continentIds.has(c.id)) problem(`continents[${i}].id`, `continent "${c.id}" is listed twice`);
    continentIds.add(c.id);
  });
  def.territories.forEach((t, i) => {
    if (!continentIds.has(t.continent)) problem(`territories[${i}].continent`, `continent "${t.continent}" does not exist`);
  });
  for (const c of def.continents)
    if (!def.territories.some((t) => t.continent === c.id))
      problem(`continents[${def.continents.indexOf(c)}]`, `continent "${c.id}" has no territory`);

  const neighbours = new Map<string, string[]>(def.territories.map((t) => [t.id, []]));
  const seen = new Set<string>();
  def.borders.forEach(([a, b], i) => {
    if (!territoryIds.has(a)) problem(`borders[${i}][0]`, `territory "${a}" does not exist`);
    if (!territoryIds.has(b)) problem(`borders[${i}][1]`, `territory "${b}" does not exist`);
    if (a === b) problem(`borders[${i}]`, `territory "${a}" borders itself`);
    const key = [a, b].sort().join('|');
    if (seen.has(key)) problem(`borders[${i}]`, `the border between "${a}" and "${b}" is listed twice`);
    seen.add(key);
    if (territoryIds.has(a) && territoryIds.has(b) && a !== b) {
      neighbours.get(a)?.push(b);
      neighbours.get(b)?.push(a);
    }
  });
  if (problems.length) return { ok: false, problems };

  // Every territory must be reachable, or a faction could never conquer the whole map [002 I Game Type].
  const first = def.territories[0]!.id;
  const reached = new Set([first]);
  const queue = [first];
  while (queue.length) for (const n of neighbours.get(queue.pop()!) ?? []) if (!reached.has(n)) (reached.add(n), queue.push(n));
  def.territories.forEach((t, i) => {
    if (!reached.has(t.id)) problem(`territories[${i}]`, `territory "${t.id}" cannot be reached from "${first}" by any border`);
  });
  if (problems.length) return { ok: false, problems };

  const continentTerritories = new Map(def.continents.map((c) => [c.id, def.territories.filter((t) => t.continent === c.id).map((t) => t.id)]));
  return {
    ok: true,
    map: {
      def,
      territories: def.territories.map((t) => t.id),
      neighbours,
      continentTerritories,
      continentOf: new Map(def.territories.map((t) => [t.id, t.continent])),
      bonus: new Map(def.continents.map((c) => [c.id, c.bonus])),
      nameOf: (id) => names.get(id) ?? id,
    },
  };
}

/**
 * The bundled map, read off our galaxy: star systems are the territories, hyperjump routes the borders
 * (a route through a navigation star is a border like any other), provinces the continents, with the
 * bonuses `conquest.json` gives them.
 */
export function galaxyMapFile(content: Content, name: string, bonuses: Readonly<Record<string, number>>): ConquestMapDef {
  return {
    name,
    territories: content.galaxy.systems.map((s) => ({ id: s.id, name: s.name, continent: s.province, position: s.position })),
    borders: content.galaxy.routes.map((r): [string, string] => [r.from, r.to]),
    continents: content.galaxy.provinces.map((p) => ({ id: p.id, name: p.name, bonus: bonuses[p.id] ?? 0, color: p.color })),
  };
}
