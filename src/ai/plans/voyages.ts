/**
 * Teams flown by spaceship [9.55, 9.56, 14.57]: which planet each side's missions pay most on, the team
 * that flies (seats, companions, who stays behind), where it lands, and ships handed to a pilot beside
 * them [14.51]. The Rebel's movement is only this; the Empire's begins with it.
 */
import { isGalacticScenario } from '../../core/content/validate';
import type { Command } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { assignmentValue } from './assignment';
import { type PlanContext, LOYALTY_INDEX, option, best, environView, planetOfEnviron, strengthIn, character, teamIn, strengthOnPlanet, empireSkill } from './context';
import { safeArrival } from './routes';
import { chainExposure, chainsReact, dominoReach } from './cascade';

/** A Rebel team flying to a planet where missions pay more. */
export interface Voyage {
  ship: number;
  pilot: number;
  from: number;
  target: number;
  /** Characters the team takes (at most the ship's seats)... */
  seats: number;
  /** ...and the ship's seats, which companions fill too [9.56, 14.57]. */
  capacity: number;
  picked: number[];
}

/** [9.56, 14.57] Seats these characters fill: one each, and one for each companion a character holds. */
function seatsUsed(ctx: PlanContext, characters: readonly number[]): number {
  const companions = ctx.view.possessions.filter((p) => p.kind === 'companion' && characters.includes(p.holder)).length;
  return characters.length + companions;
}

/**
 * How much the Rebel gains by missions on a planet: unrest (rebellion) most, then dissent...; with
 * `aimsAtTheHubs`, where chains react, more where the planet's domino effect reaches more.
 */
function rebelPlanetValue(ctx: PlanContext, planetEid: number, ship = 0): number {
  const planet = ctx.view.planets.find((p) => p.eid === planetEid);
  if (!planet || !planet.inPlay) return -1;
  if (planet.state === 'rebellion' || planet.state === 'rebel-control') return 0;
  const value = 1 + LOYALTY_INDEX[planet.loyalty];
  if (!isGalacticScenario(ctx.content, ctx.view.scenario)) return value + (ctx.skills?.aimsAtTheHubs && chainsReact(ctx.view) ? chainReach(ctx, planet) / PROVINCE_REACH_PER_STEP : 0);
  const hub = ctx.skills?.aimsAtTheHubs && chainsReact(ctx.view) ? chainReach(ctx, planet) / GALACTIC_REACH_PER_STEP : 0;
  return Math.max(CROWDED_FLOOR, value + hub - CROWDING * crowdOn(ctx, planetEid, ship));
}

/**
 * [15.2c-e] The planets in play a domino effect from this planet may still shift toward the Rebel: those
 * in its reach (cascade.ts) neither risen nor Rebel-controlled [15.14].
 */
export function chainReach(ctx: PlanContext, planet: GameView['planets'][number]): number {
  let reach = 0;
  for (const id of dominoReach(ctx.content, planet.id)) {
    const other = ctx.view.planets.find((p) => p.id === id);
    if (other?.inPlay && other.state === 'imperial-control') reach += 1;
  }
  return reach;
}

/**
 * `aimsAtTheHubs`: the planets in a domino effect's reach worth a step of loyalty. In a province, where
 * a reach is 1-7 planets, measured as for the skill, 600 games: a step for four planets 381 wins, for
 * three 384, for two 378. In the galactic game a reach is 0-27 planets (a star-faring race's worlds
 * across the galaxy), so ten make a step, and the crowding of the teams (`crowdOn`) still spreads them.
 */
const PROVINCE_REACH_PER_STEP = 3;
const GALACTIC_REACH_PER_STEP = 10;

/** A planet at unrest or in rebellion: a rising there, or its fall, is at hand [15.2, 15.53]. */
function atRisk(ctx: PlanContext, planet: number): boolean {
  const p = ctx.view.planets.find((x) => x.eid === planet);
  return !!p && (p.state === 'rebellion' || (p.state === 'imperial-control' && p.loyalty === 'unrest'));
}

/**
 * The galactic game: the Rebel's characters already on a planet (those flown there this segment too),
 * but for the team flying from `ship`'s environ. Each counts `CROWDING` off the planet's value, so the
 * teams spread over the galaxy's planets at dissent and unrest instead of all flying to the best one:
 * seen in play, ten characters worked one planet while eight ships idled. Measured, `normal` against
 * `normal`, 100 games seed table: the Rebel won 18 without it, 38 with it (42 at 0.5); against `random`
 * 95, then 98 (docs/rules.md, "The game's length and the domino option").
 */
function crowdOn(ctx: PlanContext, planet: number, ship: number): number {
  const { view } = ctx;
  const from = view.ships.find((s) => s.eid === ship)?.environ ?? 0;
  return view.characters.filter((c) => c.side === ctx.side && !c.dead && !c.captured && c.environ !== from && environView(view, c.environ)?.planet === planet).length;
}

const CROWDING = 0.3;

const CROWDED_FLOOR = 0.5;

/**
 * The Rebel keeps his characters hidden and still, except to fly a team to a better planet: from a
 * planet that offers little (already risen, or patriotic) to the planet where missions pay most. He does
 * not walk to the planet's biggest environ for more draws [13.3]: measured over 200 games a scenario,
 * walking lost the Rebel 6 to 33 points of wins in every scenario (an environ's type decides which
 * mission letters its cards carry, and walking gives up the one he chose).
 */
export function rebelMovement(ctx: PlanContext): Command | undefined {
  const galactic = isGalacticScenario(ctx.content, ctx.view.scenario);
  return (galactic ? pilotIdleShip(ctx) : undefined) ?? startVoyage(ctx, rebelPlanetValue) ?? option(ctx, 'end-movement');
}

/**
 * A team's flight: a ship with its pilot aboard, from a planet where the side's missions offer little to
 * the planet (by `planetValue`) where they pay most. Once a movement segment in the star-system and
 * province games; in the galactic game every ship may fly its team (one flight a segment left the
 * Rebel's teams idle on a risen Ironmaw, scavenging, while the galaxy waited at unrest).
 */
export function startVoyage(ctx: PlanContext, planetValue: (ctx: PlanContext, planet: number, ship: number) => number): Command | undefined {
  const { view } = ctx;
  const flown = (ctx.memory.voyagedShips as number[] | undefined) ?? [];
  const galactic = isGalacticScenario(ctx.content, view.scenario);
  if (flown.length && !galactic) return undefined;
  for (const ship of view.ships) {
    if (ship.side !== ctx.side || !ship.holder || flown.includes(ship.eid) || !option(ctx, 'pick', (o) => o.piece === ship.eid)) continue;
    // [9.55] without units a ship flies only with its pilot aboard: one whose pilot is elsewhere stays
    const holder = character(view, ship.holder);
    if (!holder || holder.environ !== ship.environ || holder.captured || holder.dead) continue;
    const here = environView(view, ship.environ)?.planet ?? 0;
    const hereValue = planetValue(ctx, here, ship.eid);
    // [5.22] only where one move reaches, worth what arriving is worth: a drift loses turns
    const pilot = character(view, ship.holder);
    const navigation = (pilot ? ctx.content.characters.get(pilot.id)?.navigation : undefined) ?? 1;
    const reached = (p: { eid: number; id: string }) => safeArrival(ctx.content, view.planets.find((x) => x.eid === here)?.id ?? '', p.id, navigation);
    const worth = (p: { eid: number; id: string }) => planetValue(ctx, p.eid, ship.eid) * reached(p);
    const target = best(
      view.planets.filter((p) => p.inPlay && p.eid !== here && reached(p) > 0),
      worth,
    );
    if (!target || worth(target) <= hereValue) continue;
    const card = ctx.content.possessions.get(ship.id)?.ship ?? ctx.content.imperialShips.get(ship.id)?.ship;
    const capacity = card?.passengers ?? 1;
    const seats = Math.min(capacity, ctx.skills?.splitsTeam ? seatsTaken(ctx, ship.environ) : Infinity);
    ctx.memory.voyage = { ship: ship.eid, pilot: ship.holder, from: ship.environ, target: target.eid, seats, capacity, picked: [] } satisfies Voyage;
    ctx.memory.voyagedShips = [...flown, ship.eid];
    return option(ctx, 'pick', (o) => o.piece === ship.eid);
  }
  return undefined;
}

/**
 * How much the Empire gains by its characters' missions on a planet. A planet at unrest comes first: it
 * is one Start Rebellion away from rising [15.2], and Diplomacy talks it down. Then a planet in
 * rebellion (Stop Rebellion [13.53]), then one in dissent. Measured over 200 games a scenario, the
 * Empire with it against `normal` took the Rebel's wins from 72, 106 and 122 to 46, 75 and 77 in the
 * three scenarios where the Empire has a ship. (On the engine before the [9.57] mend, rebellion first
 * took off at most 5 games, rebellion last 11 to 25, and this order 9 to 35.)
 */
export function imperialPlanetValue(ctx: PlanContext, planetEid: number, ship = 0): number {
  const planet = ctx.view.planets.find((p) => p.eid === planetEid);
  // an undiscovered secret planet is closed to the Empire: a team that chose it could not land, and
  // stayed where it was, often all game (the throne world's teams, next to Nerith)
  if (!planet || !planet.inPlay || planet.unknownToEmpire) return -1;
  const assignment = assignmentValue(ctx, planetEid, ship);
  // where chains react, a planet whose rising or fall would spread furthest is talked down (or stopped) first
  const exposure = chainsReact(ctx.view) ? chainExposure(ctx, planet) / EXPOSURE_VALUE : 0;
  if (planet.state === 'rebellion') {
    // routeAware: with no Imperial unit on it, it falls at the end of this turn unless stopped [15.53]
    const unheld = empireSkill(ctx, 'routeAware') && strengthOnPlanet(ctx.view, planetEid, 'imperial') === 0;
    return (unheld ? UNHELD_REBELLION_VALUE : REBELLION_VALUE) + assignment + exposure;
  }
  if (planet.state !== 'imperial-control') return assignment;
  return LOYALTY_INDEX[planet.loyalty] + assignment + (LOYALTY_INDEX[planet.loyalty] >= 3 ? exposure : 0);
}

/**
 * Where chains react, the fuel within a planet's domino reach (cascade.ts) that adds one to its value on
 * `imperialPlanetValue`'s scale (a step of loyalty): a planet at unrest whose reach holds four planets at
 * unrest counts as one a step further gone.
 */
const EXPOSURE_VALUE = 4;

/** A planet in rebellion, on `imperialPlanetValue`'s scale: below unrest (4), above dissent (3). */
const REBELLION_VALUE = 3.5;

/** routeAware: a planet in rebellion that no Imperial unit holds comes before every other. */
const UNHELD_REBELLION_VALUE = 6;

/** `splitsTeam`: how many of the side's characters in the environ fly from it. */
function seatsTaken(ctx: PlanContext, environ: number): number {
  const team = teamIn(ctx, environ).length;
  const home = planetOfEnviron(ctx.view, environ)?.control === ctx.side;
  return home ? Math.max(1, team - 1) : Math.ceil(team / 2);
}

/** `splitsTeam`: who flies first when not all do: leaders (Start Rebellion's draws [13.6]), diplomats, fighters. */
function frontLineValue(ctx: PlanContext, ch: GameView['characters'][number]): number {
  const def = ctx.content.characters.get(ch.id);
  return def ? def.leadership * 2 + def.diplomacy + def.combat / 2 : 0;
}

export function voyageStep(ctx: PlanContext, voyage: Voyage): Command | undefined {
  // The pilot first, then friends while seats remain [9.56]; then the destination.
  const friends = teamIn(ctx, voyage.from);
  if (ctx.skills?.splitsTeam) friends.sort((a, b) => frontLineValue(ctx, b) - frontLineValue(ctx, a));
  const aboard = [voyage.pilot, ...friends.map((c) => c.eid)];
  for (const eid of aboard) {
    if (voyage.picked.length >= voyage.seats) break;
    if (voyage.picked.includes(eid)) continue;
    // [9.56, 14.57] a companion takes a seat too: one aboard too many and the ship cannot fly at all
    if (seatsUsed(ctx, [...voyage.picked, eid]) > voyage.capacity) continue;
    const pick = option(ctx, 'pick', (o) => o.piece === eid);
    if (pick) {
      voyage.picked.push(eid);
      return pick;
    }
  }
  const landing = best(
    ctx.decision.options.filter((o) => o.type === 'move-to' && environView(ctx.view, o.to as number)?.planet === voyage.target),
    (o) => {
      const env = environView(ctx.view, o.to as number);
      // a team lands away from its own units: measured for the Empire's voyages over 200 games against
      // `normal`, 9 fewer Rebel wins in Embers of the Reach, the other scenarios within noise
      const ownHere = strengthIn(ctx.view, o.to as number, ctx.side);
      // but where chains react, the Empire's leaders land beside the units that hold a planet at risk: a
      // leader there takes his leadership off the rising's attack and the unled Empire's shift [10.4, 10.44]
      const lead = ctx.side === 'imperial' && chainsReact(ctx.view) && atRisk(ctx, voyage.target);
      const own = lead ? ownHere * LEAD_WEIGHT : ownHere > 0 ? -100 : 0;
      const creature = ctx.skills?.avoidsCreatures ? creatureDanger(ctx, o.to as number) : 0;
      return own - creature + (env?.type === 'urban' ? 10 : 0) + (env?.size ?? 0);
    },
  );
  ctx.memory.voyage = null;
  return landing ?? option(ctx, 'drop-group');
}

/** Landing beside the units holding a planet at risk: each point of their strength outweighs an environ's type and size. */
const LEAD_WEIGHT = 10;

/**
 * [13.45] How dangerous the creature living in an environ is, on the landing's scale (0 for none): its
 * combat rating doubled, so that any creature outweighs what an environ's type and size add (at most
 * 10 and its size), and a deadlier one more.
 */
function creatureDanger(ctx: PlanContext, environ: number): number {
  const id = environView(ctx.view, environ)?.id;
  const creature = ctx.content.creatures.get(ctx.content.environs.get(id ?? '')?.creature ?? '');
  return creature ? creature.combat * 2 : 0;
}

/**
 * [14.51] The galactic game: a ship whose holder is not beside it, or holds another ship there, cannot
 * fly a team, so it is handed to the best navigator beside it who holds no ship. The rules deal the
 * Empire's starting ships to its pilots at random [14.61], often two to one character, and a pilot who
 * flies off as another team's passenger leaves his own ship behind: most games, the Empire's second and
 * third ships never flew. With them flying, `normal`'s Rebel won 110 of 200 seed-table games against
 * it, 133 without (docs/rules.md, "The galactic game").
 */
export function pilotIdleShip(ctx: PlanContext): Command | undefined {
  const { view, content } = ctx;
  const own = view.ships.filter((s) => s.side === ctx.side);
  for (const ship of own) {
    const holder = character(view, ship.holder);
    const flies = holder?.environ === ship.environ && !holder.captured && !holder.dead && !own.some((s) => s.eid < ship.eid && s.holder === ship.holder && s.environ === ship.environ);
    if (flies) continue;
    const navigator = best(
      teamIn(ctx, ship.environ).filter((c) => !own.some((s) => s.holder === c.eid) && (content.characters.get(c.id)?.navigation ?? 0) > 0),
      (c) => content.characters.get(c.id)?.navigation ?? 0,
    );
    const handOver = navigator && option(ctx, 'assign-ship', (o) => o.ship === ship.eid && o.character === navigator.eid);
    if (handOver) return handOver;
  }
  return undefined;
}
