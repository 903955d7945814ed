/**
 * The domino chain as the plans read it (000 15.1c, 15.2). A domino effect shifts the planets of its own
 * star system and of its star-faring races [15.2c-e]; with chain reactions (the game's `domino` rule), a
 * planet shifted twice toward one side in a segment sets off an effect of its own, a planet at unrest
 * that a level-3 effect reaches rises, and a risen planet left bare falls in the same interphase with a
 * level-3 effect of its own. So where an effect may spread, and how far a planet is from setting off
 * the next, is what both sides weigh: the Rebel to feed the chain, the Empire to starve it.
 */
import type { SideId } from '../../core/content/schema';
import type { Content } from '../../core/content/validate';
import type { GameView } from '../../core/view';
import type { PlanContext } from './context';

/** Does a shift's own domino effect set off more in this game (000 15.1c, the game's `domino` rule)? */
export function chainsReact(view: GameView): boolean {
  return view.domino === 'chain' || view.domino === 'chain-next-turn';
}

/**
 * [15.2c-e] The planets a domino effect from this planet may shift: the other planets of its star system,
 * and every other planet where one of its star-faring races lives (a tribe [15.1b] is not the race). Made
 * once per content: peoples never move.
 */
export function dominoReach(content: Content, planet: string): readonly string[] {
  let byPlanet = reachOf.get(content);
  if (!byPlanet) reachOf.set(content, (byPlanet = new Map()));
  let reach = byPlanet.get(planet);
  if (!reach) {
    const races = starFaringRacesOf(content, planet);
    const system = content.planets.get(planet)?.system;
    reach = [...content.planets.values()]
      .filter((p) => p.id !== planet && (p.system === system || starFaringRacesOf(content, p.id).some((r) => races.includes(r))))
      .map((p) => p.id);
    byPlanet.set(planet, reach);
  }
  return reach;
}
const reachOf = new WeakMap<Content, Map<string, readonly string[]>>();

function starFaringRacesOf(content: Content, planet: string): string[] {
  const races = new Set<string>();
  for (const env of content.planets.get(planet)?.environs ?? []) for (const race of env.races) if (content.races.get(race)?.starFaring) races.add(race);
  return [...races];
}

/**
 * How ready a planet is to carry a Rebel chain further: one at unrest rises when a level-3 effect reaches
 * it, one at dissent is a shift from unrest, and so on; a planet in rebellion or Rebel-controlled holds
 * its loyalty [15.14] and carries nothing.
 */
export function chainFuel(planet: GameView['planets'][number]): number {
  if (!planet.inPlay || planet.state === 'rebellion' || planet.state === 'rebel-control') return 0;
  return FUEL[planet.loyalty];
}
const FUEL = { patriotic: 0, loyal: 0.1, neutral: 0.25, dissent: 0.5, unrest: 1 } as const;

/**
 * How far a Rebel domino effect from this planet could spread now: the fuel of the planets it reaches.
 * The Empire pacifies and guards first where it is greatest; the Rebel raises planets there first.
 */
export function chainExposure(ctx: PlanContext, planet: GameView['planets'][number]): number {
  let exposure = 0;
  for (const id of dominoReach(ctx.content, planet.id)) {
    const other = ctx.view.planets.find((p) => p.id === id);
    if (other) exposure += chainFuel(other);
  }
  return exposure;
}

/** [15.41] The force points a planet's rising raises: its environs' resource ratings (a unit of 1-0 costs one). */
export function risingForces(ctx: PlanContext, planet: number): number {
  let points = 0;
  for (const env of ctx.view.environs) if (env.planet === planet) points += ctx.content.environs.get(env.id)?.resource ?? 0;
  return points;
}

/**
 * [15.2b] Would one more space toward `side` set off a domino effect of this planet's own: it has moved
 * one space that way this segment (two spark a level-1 effect) or two (three spark a level-2), and it
 * is not at that side's extreme. Only where chains react does a shift made by a domino effect do so.
 */
export function shiftSparks(planet: GameView['planets'][number], side: SideId): boolean {
  const moved = planet.shifted[side] ?? 0;
  if (moved !== 1 && moved !== 2) return false;
  return side === 'rebel' ? planet.loyalty !== 'unrest' : planet.loyalty !== 'patriotic';
}
