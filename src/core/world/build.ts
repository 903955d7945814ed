/**
 * Builds the world a scenario starts from: the whole galaxy (so it can be drawn and explored), with the
 * scenario's area marked `InPlay`, every character, possession and spaceship of the content (off the
 * board until play brings them in), and the scenario's military units (off the board until placed).
 * Entities are made in content order, so the same content always gives the same entity ids, except
 * the military units, which are mustered in an order drawn from the game's RNG (see `musterUnits`).
 */
import { addComponent } from 'bitecs';
import { planetInArea, type Content } from '../content/validate';
import { ENVIRON_TYPES, LOYALTIES, PLANET_STATES, type ScenarioDef, type ShipRatingsDef, type SideId } from '../content/schema';
import { POSSESSION_KINDS } from './components';
import { HomeWorld, InProvince, InSystem, OfRace, OnPlanet, PeopledBy } from './relations';
import type { Rng } from '../rng';
import { createGameWorld, entityOf, environsView, hold, planetOfEnviron, spawn, systemOfPlanet, type GameWorld } from './world';
import { cloneWorld, keepForCopies } from './snapshot';

export function sideIndex(sides: readonly SideId[], side: SideId): number {
  const i = sides.indexOf(side);
  if (i < 0) throw new Error(`side "${side}" is not in this game`);
  return i;
}

/** The planets a scenario is played on. */
export function scenarioPlanets(content: Content, scenario: ScenarioDef): string[] {
  return content.galaxy.planets.filter((p) => planetInArea(scenario, p, content.systems)).map((p) => p.id);
}

export function buildWorld(content: Content, scenario: ScenarioDef, sides: readonly SideId[], rng: Rng): GameWorld {
  const world = cloneWorld(layoutOf(content, scenario, sides));
  musterUnits(world, content, scenario, sides, rng);
  return world;
}

/**
 * Every scenario's world but its military units is the same in every game: built once (per content,
 * scenario and order of sides) and copied for each new game, which then musters its units by its own
 * RNG. Building it took a quarter of a random star-system game; the copy is the one AI search makes
 * (`cloneWorld`), equal to the world it copies and never written to itself.
 */
const layouts = new WeakMap<Content, Map<ScenarioDef, Map<string, GameWorld>>>();

export function layoutOf(content: Content, scenario: ScenarioDef, sides: readonly SideId[]): GameWorld {
  let byScenario = layouts.get(content);
  if (!byScenario) layouts.set(content, (byScenario = new Map()));
  let bySides = byScenario.get(scenario);
  if (!bySides) byScenario.set(scenario, (bySides = new Map()));
  const key = sides.join(',');
  let layout = bySides.get(key);
  if (!layout) {
    bySides.set(key, (layout = buildLayout(content, scenario, sides)));
    keepForCopies(layout);
  }
  return layout;
}

/** The galaxy, the scenario's area in play, and the characters, possessions and spaceships: all but the units. */
function buildLayout(content: Content, scenario: ScenarioDef, sides: readonly SideId[]): GameWorld {
  const world = createGameWorld();
  const c = world.c;
  const inPlay = new Set(scenarioPlanets(content, scenario));

  for (const race of content.races.values()) spawn(world, 'race', race.id);
  for (const prov of content.galaxy.provinces) spawn(world, 'province', prov.id);
  for (const sys of content.galaxy.systems) {
    const eid = spawn(world, 'system', sys.id);
    addComponent(world, eid, c.StarSystem);
    addComponent(world, eid, InProvince(entityOf(world, 'province', sys.province)));
  }
  for (const star of content.galaxy.navigationStars) addComponent(world, spawn(world, 'navStar', star.id), c.NavigationStar);
  content.galaxy.routes.forEach((route, i) => {
    const eid = spawn(world, 'route', `route-${i}`);
    addComponent(world, eid, c.Route);
    c.Route.from[eid] = entityOf(world, 'system', route.from);
    c.Route.to[eid] = entityOf(world, 'system', route.to);
    c.Route.via[eid] = route.via === null ? 0 : entityOf(world, 'navStar', route.via);
    c.Route.distance[eid] = route.distance;
  });

  const capitals = new Set(content.galaxy.provinces.map((p) => p.capital));
  for (const planet of content.galaxy.planets) {
    const eid = spawn(world, 'planet', planet.id);
    addComponent(world, eid, c.Planet);
    addComponent(world, eid, InSystem(entityOf(world, 'system', planet.system)));
    const start = scenario.planets[planet.id];
    addComponent(world, eid, c.Loyalty);
    c.Loyalty.value[eid] = LOYALTIES.indexOf(start?.loyalty ?? 'neutral');
    addComponent(world, eid, c.PlanetState);
    c.PlanetState.value[eid] = PLANET_STATES.indexOf(start?.state ?? 'imperial-control');
    addComponent(world, eid, c.Pdb);
    c.Pdb.level[eid] = planet.pdb;
    c.Pdb.up[eid] = 1;
    if (capitals.has(planet.id)) addComponent(world, eid, c.Capital);
    if (content.galaxy.throne === planet.id) addComponent(world, eid, c.Throne);
    if (planet.secret) addComponent(world, eid, c.Secret);
    if (inPlay.has(planet.id)) addComponent(world, eid, c.InPlay);

    planet.environs.forEach((env, i) => {
      const e = spawn(world, 'environ', `${planet.id}.${i + 1}`);
      addComponent(world, e, c.Environ);
      addComponent(world, e, OnPlanet(eid));
      c.Environ.type[e] = ENVIRON_TYPES.indexOf(env.type);
      c.Environ.size[e] = env.size;
      c.Environ.resource[e] = env.resource;
      c.Environ.coup[e] = env.coup ?? 0;
      for (const race of env.races) addComponent(world, e, PeopledBy(entityOf(world, 'race', race)));
      if (inPlay.has(planet.id)) addComponent(world, e, c.InPlay);
    });
  }
  for (const race of content.races.values())
    if (race.homePlanet) addComponent(world, entityOf(world, 'race', race.id), HomeWorld(entityOf(world, 'planet', race.homePlanet)));

  for (const p of content.possessions.values()) {
    const eid = spawn(world, 'possession', p.id);
    addComponent(world, eid, c.Possession);
    c.Possession.kind[eid] = POSSESSION_KINDS.indexOf(p.kind);
    addComponent(world, eid, c.Owner);
    c.Owner.side[eid] = sideIndex(sides, 'rebel');
    if (p.ship) addShip(world, eid, p.ship);
  }
  for (const s of content.imperialShips.values()) {
    const eid = spawn(world, 'ship', s.id);
    addComponent(world, eid, c.Owner);
    c.Owner.side[eid] = sideIndex(sides, 'imperial');
    addShip(world, eid, s.ship);
  }
  for (const ch of content.characters.values()) {
    const eid = spawn(world, 'character', ch.id);
    addComponent(world, eid, c.Character);
    c.Character.combat[eid] = ch.combat;
    c.Character.endurance[eid] = ch.endurance;
    c.Character.intelligence[eid] = ch.intelligence;
    c.Character.leadership[eid] = ch.leadership;
    c.Character.diplomacy[eid] = ch.diplomacy;
    c.Character.navigation[eid] = ch.navigation;
    addComponent(world, eid, c.Wounds);
    addComponent(world, eid, c.Owner);
    c.Owner.side[eid] = sideIndex(sides, ch.side);
    addComponent(world, eid, OfRace(entityOf(world, 'race', ch.race)));
  }

  // [14.53] a character who owns a spaceship brings it when he enters play; hold it from the start.
  for (const ch of content.characters.values()) {
    if (ch.spaceship === null) continue;
    const ship = world.ids[ch.side === 'rebel' ? 'possession' : 'ship'].get(ch.spaceship);
    if (ship !== undefined) hold(world, ship, entityOf(world, 'character', ch.id));
  }
  // The lookups of the layout that never change in a game, filled here once rather than as each game asks:
  // every game's copy has them. Asked per game, each planet's environs registered a bitecs query in each
  // game's world (a hundredth of a random galactic game, and V8 optimised bitecs's registerQuery again and again).
  for (const planet of world.byKind.planet ?? []) {
    environsView(world, planet);
    systemOfPlanet(world, planet);
  }
  for (const environ of world.byKind.environ ?? []) planetOfEnviron(world, environ);
  return world;
}

/**
 * [7.22] The scenario's military units, in a shuffled order. An Imperial mobile unit's type is hidden
 * from the Rebel, but its entity id is not: made in the scenario's listing order, the ids would say
 * which hidden units are patrols and which are line units to anyone who read the scenario.
 */
function musterUnits(world: GameWorld, content: Content, scenario: ScenarioDef, sides: readonly SideId[], rng: Rng): void {
  const units = (['imperial', 'rebel'] as const).flatMap((side) =>
    scenario[side].units.flatMap((placement) => Array.from({ length: placement.count }, () => placement)),
  );
  for (const placement of rng.shuffle(units)) spawnUnit(world, content, sides, placement.type, placement.environType);
}

function addShip(world: GameWorld, eid: number, ship: ShipRatingsDef) {
  const c = world.c;
  addComponent(world, eid, c.Spaceship);
  c.Spaceship.maneuver[eid] = ship.maneuver;
  c.Spaceship.passengers[eid] = ship.passengers;
  c.Spaceship.fullManeuver[eid] = ship.fullManeuverAlways ? 1 : 0;
  c.Spaceship.cannon[eid] = ship.cannon; // [14.5, 9.28]
  c.Spaceship.shields[eid] = ship.shields;
}

/** How a unit's environ type is stored: its index among the environ types, 255 for none (Imperial units). */
export function environTypeCode(environType: (typeof ENVIRON_TYPES)[number] | null): number {
  return environType === null ? 255 : ENVIRON_TYPES.indexOf(environType);
}

/** Make a military unit of a type (off the board). Rebel units carry their environ type [7.31]. */
export function spawnUnit(
  world: GameWorld,
  content: Content,
  sides: readonly SideId[],
  typeId: string,
  environType: (typeof ENVIRON_TYPES)[number] | null,
): number {
  const c = world.c;
  const type = content.unitTypes.get(typeId);
  if (!type) throw new Error(`unit type "${typeId}" does not exist`);
  const eid = spawn(world, 'unit');
  addComponent(world, eid, c.Unit);
  c.Unit.type[eid] = content.tables.unitTypes.indexOf(type);
  c.Unit.combat[eid] = type.combat;
  c.Unit.mobile[eid] = type.mobile ? 1 : 0;
  c.Unit.hidden[eid] = type.hidden ? 1 : 0;
  c.Unit.environType[eid] = environTypeCode(environType);
  addComponent(world, eid, c.Owner);
  c.Owner.side[eid] = sideIndex(sides, type.side);
  return eid;
}
