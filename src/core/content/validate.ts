/**
 * The content validator: the first reader of every content file, ours or a player's custom galaxy.
 * It checks each file against its schema, then every reference between files, and says exactly what is
 * wrong and where: `galaxy.json at planets[3].environs[0].races[1]: race "vorn" does not exist`.
 */
import type { z } from 'zod';
import {
  CONTENT_FILES,
  type ActionCardDef,
  type CharacterDef,
  type ContentFileName,
  type CreatureDef,
  type EnvironDef,
  type GalaxyDef,
  type ImperialShipDef,
  type MissionDef,
  type PlanetDef,
  type PossessionDef,
  type ProvinceDef,
  type RaceDef,
  type ScenarioDef,
  type GalacticDef,
  type PlanetScopeDef,
  type StarSystemDef,
  type TablesDef,
  type UnitTypeDef,
  type MissionLetterId,
} from './schema';
import { hashString } from '../hash';

export interface ContentProblem {
  file: string;
  /** JSON path inside the file, like `planets[3].environs[0].size`; empty for the whole file. */
  path: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(formatProblems(problems));
    this.name = 'ContentError';
  }
}

export function formatProblem(p: ContentProblem): string {
  return `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.message}`;
}

function formatProblems(problems: ContentProblem[]): string {
  const shown = problems.slice(0, 20).map(formatProblem);
  if (problems.length > shown.length) shown.push(`... and ${problems.length - shown.length} more`);
  return `The game content is not valid:\n${shown.join('\n')}`;
}

/** An environ with the id the game gives it (`<planet>.<n>`) and its planet. */
export interface EnvironInfo extends EnvironDef {
  id: string;
  planet: string;
  index: number;
}

/** Validated content with lookup tables. Immutable: the game never writes to it. */
export interface Content {
  /** A hash of the content, so a save made with other content is recognised. */
  version: string;
  galaxy: GalaxyDef;
  races: Map<string, RaceDef>;
  creatures: Map<string, CreatureDef>;
  provinces: Map<string, ProvinceDef>;
  systems: Map<string, StarSystemDef>;
  planets: Map<string, PlanetDef>;
  environs: Map<string, EnvironInfo>;
  characters: Map<string, CharacterDef>;
  possessions: Map<string, PossessionDef>;
  imperialShips: Map<string, ImperialShipDef>;
  missions: Map<MissionLetterId, MissionDef>;
  actions: ActionCardDef[];
  tables: TablesDef;
  unitTypes: Map<string, UnitTypeDef>;
  scenarios: Map<string, ScenarioDef>;
  /** The galactic game's Chaos Index, events and strategic assignments. */
  galactic: GalacticDef;
}

export type RawContent = Partial<Record<ContentFileName, unknown>>;

/** A zod issue path as a readable JSON path: `planets[3].environs[0]`. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function schemaProblems(file: string, error: z.ZodError): ContentProblem[] {
  return error.issues.map((issue) => ({ file, path: jsonPath(issue.path), message: issue.message }));
}

/** Validate raw JSON content (already parsed) and build the lookup tables. Throws ContentError. */
/** The area of a galactic scenario: every planet of the galaxy. */
export const GALAXY_AREA = 'galaxy';

/**
 * Whether this is the galactic game (issue 26): the whole galaxy in play, secret planets kept from the
 * Empire, the Chaos Index and galactic events, galactic victory points.
 */
export function isGalactic(scenario: ScenarioDef): boolean {
  return scenario.kind === 'galactic';
}

/** Whether the scenario of this id is a galactic one (for agents, which hold the scenario's id). */
export function isGalacticScenario(content: Content, id: string): boolean {
  const scenario = content.scenarios.get(id);
  return scenario !== undefined && isGalactic(scenario);
}

/** Whether a planet is the home planet of a star-faring race (tables.md's galactic points, events' scopes). */
export function isStarFaringHome(content: Content, planet: string): boolean {
  return [...content.races.values()].some((r) => r.starFaring && r.homePlanet === planet);
}

/**
 * Whether a planet lies within a galactic card's scope (`PlanetScopeDef`): its province, a race living
 * in one of its environs, its kind. Read from the content alone, so the rules (systems/rebels-vs-empire/galactic-events.ts)
 * and the views (the Empire's strategic assignment) agree on it. A "random" province is drawn by the
 * rules before they ask.
 */
export function planetInScope(content: Content, planetId: string, where: PlanetScopeDef): boolean {
  if (where.province === 'random') throw new Error('a random province is drawn before the scope is read');
  const def = content.planets.get(planetId);
  if (!def) return false;
  if (where.province !== undefined && content.systems.get(def.system)?.province !== where.province) return false;
  if (where.race !== undefined && !def.environs.some((e) => e.races.includes(where.race as string))) return false;
  switch (where.kind) {
    case 'capital':
      return content.galaxy.provinces.some((p) => p.capital === planetId);
    case 'throne':
      return content.galaxy.throne === planetId;
    case 'home-world':
      return isStarFaringHome(content, planetId);
    case 'secret':
      return def.secret;
    default:
      return true;
  }
}

/** Whether a planet is in a scenario's area: its star system, its province, or the whole galaxy. */
export function planetInArea(scenario: ScenarioDef, planet: PlanetDef, systems: ReadonlyMap<string, StarSystemDef>): boolean {
  if (isGalactic(scenario)) return true;
  if (scenario.kind === 'star-system') return planet.system === scenario.area;
  return systems.get(planet.system)?.province === scenario.area;
}

export function validateContent(raw: RawContent): Content {
  const problems: ContentProblem[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [file, schema] of Object.entries(CONTENT_FILES)) {
    const data = raw[file as ContentFileName];
    if (data === undefined) {
      problems.push({ file, path: '', message: 'the file is missing' });
      continue;
    }
    const result = schema.safeParse(data);
    if (result.success) parsed[file] = result.data;
    else problems.push(...schemaProblems(file, result.error));
  }
  if (problems.length) throw new ContentError(problems);

  const files = parsed as {
    'races.json': z.infer<(typeof CONTENT_FILES)['races.json']>;
    'creatures.json': z.infer<(typeof CONTENT_FILES)['creatures.json']>;
    'galaxy.json': GalaxyDef;
    'characters.json': z.infer<(typeof CONTENT_FILES)['characters.json']>;
    'possessions.json': z.infer<(typeof CONTENT_FILES)['possessions.json']>;
    'spaceships.json': z.infer<(typeof CONTENT_FILES)['spaceships.json']>;
    'missions.json': z.infer<(typeof CONTENT_FILES)['missions.json']>;
    'actions.json': z.infer<(typeof CONTENT_FILES)['actions.json']>;
    'tables.json': TablesDef;
    'scenarios.json': z.infer<(typeof CONTENT_FILES)['scenarios.json']>;
    'galactic.json': GalacticDef;
  };
  const galaxy = files['galaxy.json'];
  const problem = (file: string, path: string, message: string) => problems.push({ file, path, message });

  function index<T>(file: string, listPath: string, items: T[], key: (t: T) => string): Map<string, T> {
    const map = new Map<string, T>();
    items.forEach((item, i) => {
      const k = key(item);
      if (map.has(k)) problem(file, `${listPath}[${i}]`, `"${k}" is defined twice`);
      map.set(k, item);
    });
    return map;
  }

  const races = index('races.json', 'races', files['races.json'].races, (r) => r.id);
  const creatures = index('creatures.json', 'creatures', files['creatures.json'].creatures, (c) => c.id);
  const provinces = index('galaxy.json', 'provinces', galaxy.provinces, (p) => p.id);
  const systems = index('galaxy.json', 'systems', galaxy.systems, (s) => s.id);
  const navStars = index('galaxy.json', 'navigationStars', galaxy.navigationStars, (s) => s.id);
  const planets = index('galaxy.json', 'planets', galaxy.planets, (p) => p.id);
  const characters = index('characters.json', 'characters', files['characters.json'].characters, (c) => c.id);
  const possessions = index('possessions.json', 'possessions', files['possessions.json'].possessions, (p) => p.id);
  const imperialShips = index('spaceships.json', 'imperial', files['spaceships.json'].imperial, (s) => s.id);
  const missions = index('missions.json', 'missions', files['missions.json'].missions, (m) => m.letter) as Map<
    MissionLetterId,
    MissionDef
  >;
  index('actions.json', 'actions', files['actions.json'].actions, (a) => String(a.number));
  const tables = files['tables.json'];
  const unitTypes = index('tables.json', 'unitTypes', tables.unitTypes, (u) => u.id);
  const scenarios = index('scenarios.json', 'scenarios', files['scenarios.json'].scenarios, (s) => s.id);

  const environs = new Map<string, EnvironInfo>();
  for (const planet of galaxy.planets) {
    planet.environs.forEach((env, i) => {
      const id = `${planet.id}.${i + 1}`;
      environs.set(id, { ...env, id, planet: planet.id, index: i });
    });
  }

  // races.json
  files['races.json'].races.forEach((race, i) => {
    const at = `races[${i}]`;
    if (race.homePlanet !== null) {
      const home = planets.get(race.homePlanet);
      if (!home) problem('races.json', `${at}.homePlanet`, `planet "${race.homePlanet}" does not exist`);
      else if (!home.environs.some((e) => e.races.includes(race.id)))
        problem('races.json', `${at}.homePlanet`, `planet "${home.id}" has no environ where "${race.id}" live`);
      if (!race.starFaring) problem('races.json', `${at}.homePlanet`, 'only star-faring races have a home planet');
    }
    if (race.tribeOf !== null) {
      const parent = races.get(race.tribeOf);
      if (!parent) problem('races.json', `${at}.tribeOf`, `race "${race.tribeOf}" does not exist`);
      else if (!parent.starFaring) problem('races.json', `${at}.tribeOf`, `race "${parent.id}" is not star-faring`);
    }
    if (!race.starFaring && race.irateLocals === null)
      problem('races.json', `${at}.irateLocals`, 'a native race needs its Irate Locals Chart row [13.47]');
  });

  // galaxy.json
  if (!planets.has(galaxy.throne)) problem('galaxy.json', 'throne', `planet "${galaxy.throne}" does not exist`);
  galaxy.provinces.forEach((prov, i) => {
    const capital = planets.get(prov.capital);
    if (!capital) problem('galaxy.json', `provinces[${i}].capital`, `planet "${prov.capital}" does not exist`);
    else if (systems.get(capital.system)?.province !== prov.id)
      problem('galaxy.json', `provinces[${i}].capital`, `planet "${capital.id}" is not in province "${prov.id}"`);
  });
  galaxy.systems.forEach((sys, i) => {
    const prov = provinces.get(sys.province);
    if (!prov) problem('galaxy.json', `systems[${i}].province`, `province "${sys.province}" does not exist`);
    else if (!sys.number.startsWith(String(prov.number)))
      problem('galaxy.json', `systems[${i}].number`, `"${sys.number}" must start with its province's number ${prov.number}`);
    if (sys.drift.outer <= sys.drift.inner)
      problem('galaxy.json', `systems[${i}].drift`, 'the outer drift area must be wider than the inner one [5.22]');
  });
  const orbits = new Set<string>();
  const sovereigns = new Map<string, string>();
  galaxy.planets.forEach((planet, i) => {
    const at = `planets[${i}]`;
    const sys = systems.get(planet.system);
    if (!sys) problem('galaxy.json', `${at}.system`, `star system "${planet.system}" does not exist`);
    else if (!planet.number.startsWith(sys.number))
      problem('galaxy.json', `${at}.number`, `"${planet.number}" must start with its system's number ${sys.number} [5.3A]`);
    const orbitKey = `${planet.system}/${planet.orbit}`;
    if (orbits.has(orbitKey)) problem('galaxy.json', `${at}.orbit`, `orbit ${planet.orbit} of "${planet.system}" is taken twice`);
    orbits.add(orbitKey);
    planet.environs.forEach((env, j) => {
      env.races.forEach((r, k) => {
        if (!races.has(r)) problem('galaxy.json', `${at}.environs[${j}].races[${k}]`, `race "${r}" does not exist`);
      });
      if (env.creature !== null && !creatures.has(env.creature))
        problem('galaxy.json', `${at}.environs[${j}].creature`, `creature "${env.creature}" does not exist`);
      // [5.3I, 13.2] a sovereign rules one environ, and his word carries over his whole planet: so one a
      // planet (two would each claim it), and no name twice in the galaxy (he cannot rule two places)
      if (env.sovereign === null) return;
      const first = planet.environs.findIndex((e) => e.sovereign !== null);
      if (first !== j)
        problem('galaxy.json', `${at}.environs[${j}].sovereign`, `planet "${planet.id}" already has a sovereign (environs[${first}]); a planet has at most one [5.3I]`);
      const elsewhere = sovereigns.get(env.sovereign);
      if (elsewhere) problem('galaxy.json', `${at}.environs[${j}].sovereign`, `sovereign "${env.sovereign}" already rules ${elsewhere}`);
      else sovereigns.set(env.sovereign, `${planet.id}.${j + 1}`);
    });
  });
  for (const sys of galaxy.systems) {
    const count = galaxy.planets.filter((p) => p.system === sys.id).length;
    if (count < 1 || count > 3)
      problem('galaxy.json', `systems[${galaxy.systems.indexOf(sys)}]`, `star system "${sys.id}" has ${count} planets; 1 to 3 [5.21]`);
  }
  const routeKeys = new Set<string>();
  galaxy.routes.forEach((route, i) => {
    const at = `routes[${i}]`;
    if (!systems.has(route.from)) problem('galaxy.json', `${at}.from`, `star system "${route.from}" does not exist`);
    if (!systems.has(route.to)) problem('galaxy.json', `${at}.to`, `star system "${route.to}" does not exist`);
    if (route.from === route.to) problem('galaxy.json', at, 'a route must join two different systems');
    if (route.via !== null && !navStars.has(route.via))
      problem('galaxy.json', `${at}.via`, `navigation star "${route.via}" does not exist`);
    const key = [route.from, route.to].sort().join('~');
    if (routeKeys.has(key)) problem('galaxy.json', at, `the route ${route.from}-${route.to} is listed twice`);
    routeKeys.add(key);
  });

  // characters.json
  files['characters.json'].characters.forEach((ch, i) => {
    const at = `characters[${i}]`;
    if (!races.has(ch.race)) problem('characters.json', `${at}.race`, `race "${ch.race}" does not exist`);
    if (ch.homePlanet !== null && !planets.has(ch.homePlanet))
      problem('characters.json', `${at}.homePlanet`, `planet "${ch.homePlanet}" does not exist`);
    if (ch.spaceship !== null) {
      const ship = ch.side === 'rebel' ? possessions.get(ch.spaceship) : imperialShips.get(ch.spaceship);
      if (!ship) problem('characters.json', `${at}.spaceship`, `${ch.side} spaceship "${ch.spaceship}" does not exist`);
      else if (ch.side === 'rebel' && (ship as PossessionDef).kind !== 'spaceship')
        problem('characters.json', `${at}.spaceship`, `possession "${ch.spaceship}" is not a spaceship`);
    }
  });

  // possessions.json, spaceships.json
  files['possessions.json'].possessions.forEach((p, i) => {
    if ((p.kind === 'spaceship') !== (p.ship !== null))
      problem('possessions.json', `possessions[${i}].ship`, 'a spaceship has ship ratings, and only a spaceship has them');
  });
  files['spaceships.json'].imperial.forEach((s, i) => {
    if (s.onlyPilot !== null && characters.get(s.onlyPilot)?.side !== 'imperial')
      problem('spaceships.json', `imperial[${i}].onlyPilot`, `Imperial character "${s.onlyPilot}" does not exist`);
  });

  // tables.json: every row as wide as its columns
  const width = (name: string, rows: unknown[][], columns: number) =>
    rows.forEach((row, r) => {
      if (row.length !== columns) problem('tables.json', `${name}[${r}]`, `has ${row.length} entries for ${columns} columns`);
    });
  width('militaryCombat.rows', tables.militaryCombat.rows, tables.militaryCombat.columns.length);
  width('detection.rows', tables.detection.rows, tables.detection.columns.length);
  width('search.found', tables.search.found, tables.search.searchColumns.length);
  if (tables.search.found.length !== tables.search.hidingRows.length)
    problem('tables.json', 'search.found', 'needs one row per hiding-value row');
  width('characterCombat.rows', tables.characterCombat.rows, tables.characterCombat.columns.length);
  width('characterCombat.breakOff', [tables.characterCombat.breakOffActive, tables.characterCombat.breakOffInactive], tables.characterCombat.columns.length);
  for (const col of [...tables.militaryCombat.plainRange, tables.pdbAttackColumn['1'], tables.pdbAttackColumn['2']])
    if (!tables.militaryCombat.columns.includes(col)) problem('tables.json', 'militaryCombat', `column "${col}" is not in the table`);

  // scenarios.json
  files['scenarios.json'].scenarios.forEach((sc, i) => {
    const at = `scenarios[${i}]`;
    const areaPlanets = new Set(galaxy.planets.filter((p) => planetInArea(sc, p, systems)).map((p) => p.id));
    const areaExists = sc.kind === 'star-system' ? systems.has(sc.area) : sc.kind === 'province' ? provinces.has(sc.area) : sc.area === GALAXY_AREA;
    if (!areaExists)
      problem('scenarios.json', `${at}.area`, sc.kind === 'galactic' ? `a galactic scenario's area is "${GALAXY_AREA}"` : `${sc.kind === 'star-system' ? 'star system' : 'province'} "${sc.area}" does not exist`);
    for (const pid of Object.keys(sc.planets)) {
      if (!planets.has(pid)) problem('scenarios.json', `${at}.planets.${pid}`, `planet "${pid}" does not exist`);
      else if (!areaPlanets.has(pid)) problem('scenarios.json', `${at}.planets.${pid}`, `planet "${pid}" is not in "${sc.area}"`);
    }
    for (const side of ['imperial', 'rebel'] as const) {
      const forces = sc[side];
      const placements = [...forces.units, ...forces.reinforcements.flatMap((r) => r.units)];
      placements.forEach((u, j) => {
        const where = `${at}.${side}.units[${j}]`;
        const type = unitTypes.get(u.type);
        if (!type) problem('scenarios.json', `${where}.type`, `unit type "${u.type}" does not exist`);
        else if (type.side !== side) problem('scenarios.json', `${where}.type`, `"${u.type}" is not a ${side} unit`);
        if (side === 'rebel' && u.environType === null)
          problem('scenarios.json', `${where}.environType`, 'Rebel units have an environ type [7.31]');
        if (u.environ !== null) {
          const env = environs.get(u.environ);
          if (!env) problem('scenarios.json', `${where}.environ`, `environ "${u.environ}" does not exist`);
          else if (!areaPlanets.has(env.planet)) problem('scenarios.json', `${where}.environ`, `environ "${u.environ}" is not in "${sc.area}"`);
        }
      });
      const chars = [...forces.characters, ...forces.reinforcements.flatMap((r) => r.characters)];
      chars.forEach((c, j) => {
        const ch = characters.get(c);
        if (!ch) problem('scenarios.json', `${at}.${side}.characters[${j}]`, `character "${c}" does not exist`);
        else if (ch.side !== side) problem('scenarios.json', `${at}.${side}.characters[${j}]`, `"${c}" is not a ${side} character`);
      });
      forces.possessions.forEach((p, j) => {
        if (!possessions.has(p)) problem('scenarios.json', `${at}.${side}.possessions[${j}]`, `possession "${p}" does not exist`);
      });
      forces.spaceships.forEach((s, j) => {
        if (!imperialShips.has(s)) problem('scenarios.json', `${at}.${side}.spaceships[${j}]`, `Imperial spaceship "${s}" does not exist`);
      });
    }
  });

  // galactic.json: every id a card names exists, and unit types belong to their side
  const galactic = files['galactic.json'];
  const scope = (where: PlanetScopeDef, at: string) => {
    if (where.province !== undefined && where.province !== 'random' && !provinces.has(where.province))
      problem('galactic.json', `${at}.province`, `province "${where.province}" does not exist`);
    if (where.race !== undefined && !races.has(where.race)) problem('galactic.json', `${at}.race`, `race "${where.race}" does not exist`);
  };
  galactic.events.forEach((ev, i) =>
    ev.effects.forEach((e, j) => {
      const at = `events[${i}].effects[${j}]`;
      if ('where' in e) scope(e.where, `${at}.where`);
      if (e.do === 'imperial-units' || e.do === 'rebel-units') {
        const side = e.do === 'imperial-units' ? 'imperial' : 'rebel';
        if (unitTypes.get(e.type)?.side !== side) problem('galactic.json', `${at}.type`, `"${e.type}" is not a ${side} unit type`);
      }
      if (e.do === 'desert') {
        if (unitTypes.get(e.from)?.side !== 'imperial') problem('galactic.json', `${at}.from`, `"${e.from}" is not an imperial unit type`);
        if (unitTypes.get(e.type)?.side !== 'rebel') problem('galactic.json', `${at}.type`, `"${e.type}" is not a rebel unit type`);
      }
    }),
  );
  galactic.assignments.forEach((a, i) => {
    scope(a.goal.where, `assignments[${i}].goal.where`);
    // the Empire must know which planets it is ordered to keep (the views show them) before the deadline
    if (a.goal.where.province === 'random') problem('galactic.json', `assignments[${i}].goal.where.province`, 'an assignment names its province');
    if (a.goal.kind === 'garrison' && a.goal.units === undefined) problem('galactic.json', `assignments[${i}].goal.units`, 'a garrison goal says how many units');
  });
  const levels = galactic.chaos.levels;
  if (levels.some((l, i) => i > 0 && l.upTo <= (levels[i - 1]?.upTo ?? -1)) || levels.at(-1)?.upTo !== 100)
    problem('galactic.json', 'chaos.levels', 'levels rise in `upTo` and the last reaches 100');
  if (galactic.chaos.draws[0]?.from !== 0) problem('galactic.json', 'chaos.draws', 'the first row starts from 0');

  if (problems.length) throw new ContentError(problems);

  return {
    version: hashString(JSON.stringify(parsed)),
    galaxy,
    races,
    creatures,
    provinces,
    systems,
    planets,
    environs,
    characters,
    possessions,
    imperialShips,
    missions,
    actions: files['actions.json'].actions,
    tables,
    unitTypes,
    scenarios,
    galactic,
  };
}

/** Parse a JSON text as a content file, naming the file when it is not JSON at all. */
export function parseContentJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ContentError([{ file, path: '', message: `not valid JSON (${(e as Error).message})` }]);
  }
}
