/**
 * The galactic game: the Empire's strategic assignment in its plans (docs/rules.md, "Galactic events
 * and strategic assignments"): the planets it still needs, what they add to a team's choice of planet,
 * and the one ship sent after them while its deadline can be met.
 */
import type { MissionLetterId } from '../../core/content/schema';
import type { GameView } from '../../core/view';
import { type PlanContext, environView, planetOfEnviron, character, imperialUnitsOn } from './context';
import { jumpsBetween } from './routes';

/**
 * The galactic game: the planets where the Empire's acts now serve its strategic assignment (docs/rules.md,
 * "Galactic events and strategic assignments"), read from the view (`assignment`, public). Carried out by
 * its deadline an assignment lowers the Chaos Index by 3 to 6, failed it raises it by 3 to 6, and the index
 * sets the Empire's victory level; it moves no victory point. The goal's planets that still need the
 * Empire:
 * - "no-rising": a planet in rebellion (Stop Rebellion [13.53]) and one at unrest under Imperial control
 *   (Diplomacy, before a Start Rebellion [15.2]);
 * - "fewer-risings": every planet in rebellion (Stop Rebellion);
 * - "no-unrest": every planet at unrest the Rebel does not control (Diplomacy; in rebellion, Stop
 *   Rebellion first, as a rebellion stopped stays at unrest [15.48]);
 * - "garrison": every planet with fewer Imperial units than the goal asks (its units, `garrisonToFill`).
 * Empty for the Rebel, and with no assignment in hand.
 */
export function assignmentNeeds(ctx: PlanContext): Set<number> {
  const { view } = ctx;
  const assignment = view.assignment;
  if (ctx.side !== 'imperial' || !assignment) return new Set();
  const cached = needsOf.get(view);
  if (cached) return cached;
  const covered = new Set(assignment.planets);
  const needs = new Set<number>();
  if (assignmentHopeless(view, covered)) {
    needsOf.set(view, needs);
    return needs;
  }
  for (const p of view.planets) {
    if (!covered.has(p.eid) || p.unknownToEmpire) continue;
    const atUnrest = p.loyalty === 'unrest' && p.state !== 'rebel-control';
    const need =
      assignment.goal === 'no-rising'
        ? p.state === 'rebellion' || (atUnrest && p.state !== 'rebellion-stopped')
        : assignment.goal === 'fewer-risings'
          ? p.state === 'rebellion'
          : assignment.goal === 'no-unrest'
            ? atUnrest
            : imperialUnitsOn(view, p.eid) < assignment.units;
    if (need) needs.add(p.eid);
  }
  needsOf.set(view, needs);
  return needs;
}

/**
 * An assignment the Empire's plans cannot carry out any more: a planet it covers is Rebel-controlled
 * ("no-rising"), or Rebel-controlled at unrest ("no-unrest"), or as many planets are Rebel-controlled as
 * had risen when it was drawn ("fewer-risings"): the plans take back no planet, so the teams are better
 * spent where the Rebel is at work.
 */
function assignmentHopeless(view: GameView, covered: ReadonlySet<number>): boolean {
  const assignment = view.assignment;
  if (!assignment) return true;
  const rebelHeld = view.planets.filter((p) => p.state === 'rebel-control');
  switch (assignment.goal) {
    case 'no-rising':
      return rebelHeld.some((p) => covered.has(p.eid));
    case 'no-unrest':
      return rebelHeld.some((p) => covered.has(p.eid) && p.loyalty === 'unrest');
    case 'fewer-risings':
      return rebelHeld.length >= assignment.risenAtDraw;
    case 'garrison':
      return false;
  }
}

/** `assignmentNeeds` once per view: a flight weighs every planet for every ship. */
const needsOf = new WeakMap<GameView, Set<number>>();

/**
 * What serving the assignment adds to a planet's value for the Empire's teams (`imperialPlanetValue`'s
 * scale, where unrest is 4): a planet the goal needs outranks any other planet at unrest.
 */
const ASSIGNMENT_VALUE = 2;

/**
 * The Empire's extra value for a planet, for the team flying from `ship`: a planet its assignment needs;
 * and, for the envoy's team (`assignmentEnvoy`), a planet one jump nearer to one while the deadline
 * leaves the jumps still to make.
 */
export function assignmentValue(ctx: PlanContext, planet: number, ship = 0): number {
  const needed = assignmentNeeds(ctx).has(planet) ? ASSIGNMENT_VALUE : 0;
  const envoy = ship ? assignmentEnvoy(ctx) : null;
  if (!envoy || envoy.ship !== ship) return needed;
  const jumps = jumpsToNeeds(ctx, planet);
  return needed + (jumps < envoy.jumps && jumps <= turnsToDeadline(ctx.view) ? ASSIGNMENT_VALUE : 0);
}

/** Imperial movement segments left after this turn's before the assignment is judged (0 on its last turn). */
export function turnsToDeadline(view: GameView): number {
  return view.assignment ? view.assignment.deadline - view.turn : 0;
}

/**
 * The team sent after the assignment: the Empire's teams fly, one hyperjump a movement, to the planets
 * at unrest or in rebellion within one jump [5.22], and its assignment's planets are often three jumps
 * away or more (measured in the first 15 seed-table games: three of four times). So one ship, the one
 * nearest to the planets the goal needs, flies its team toward them while the deadline can still be
 * reached; the others go on as before, where the Rebel is at work. Null when no ship can get there in time.
 */
function assignmentEnvoy(ctx: PlanContext): { ship: number; jumps: number } | null {
  const { view } = ctx;
  if (!assignmentNeeds(ctx).size) return null;
  let envoy: { ship: number; jumps: number } | null = null;
  for (const ship of view.ships) {
    if (ship.side !== 'imperial' || character(view, ship.holder)?.environ !== ship.environ) continue; // [9.55] its pilot flies it
    const jumps = jumpsToNeeds(ctx, environView(view, ship.environ)?.planet ?? 0);
    if (!envoy || jumps < envoy.jumps) envoy = { ship: ship.eid, jumps };
  }
  // a jump a movement: this turn's and one in each turn left
  return envoy && envoy.jumps <= turnsToDeadline(view) + 1 ? envoy : null;
}

/** The fewest hyperjumps from a planet to one the assignment needs (Infinity with none). */
function jumpsToNeeds(ctx: PlanContext, planet: number): number {
  const system = ctx.content.planets.get(ctx.view.planets.find((p) => p.eid === planet)?.id ?? '')?.system ?? '';
  let fewest = Infinity;
  for (const need of assignmentNeeds(ctx)) {
    const to = ctx.content.planets.get(ctx.view.planets.find((p) => p.eid === need)?.id ?? '')?.system ?? '';
    fewest = Math.min(fewest, jumpsBetween(ctx.content, system, to));
  }
  return fewest;
}

/**
 * Whether the mission serves the Empire's assignment here: Stop Rebellion [13.53] on a planet in
 * rebellion, Diplomacy on one at unrest, where the assignment needs the planet.
 */
export function servesAssignment(ctx: PlanContext, letter: MissionLetterId, environ: number): boolean {
  const planet = planetOfEnviron(ctx.view, environ);
  if (!planet || !assignmentNeeds(ctx).has(planet.eid)) return false;
  return planet.state === 'rebellion' ? letter === 'R' : letter === 'D' && planet.loyalty === 'unrest';
}
