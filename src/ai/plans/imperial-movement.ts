/**
 * The Empire's movement segment [9.0]: its teams' flights, then units to hold every planet in rebellion
 * (holding.ts), to fill a "garrison" assignment, and after detected Rebels; and the moves `hard`'s
 * search weighs against the plan's.
 */
import { isGalacticScenario } from '../../core/content/validate';
import type { Command } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { assignmentNeeds, turnsToDeadline } from './assignment';
import { type PlanContext, LOYALTY_INDEX, option, best, environView, planetOfEnviron, huntedEnvirons, strengthIn, planetOfUnit, strengthOnPlanet, imperialUnitsOn, unitsStaying, unitsSent, galacticEmpireSkill, empireSkill } from './context';
import { fallChance, rebellionsToHold, holdFast, maySpare, HOLD_RISK } from './holding';
import { unitArrival } from './routes';
import { chainsReact, risingForces } from './cascade';
import { startVoyage, imperialPlanetValue, pilotIdleShip } from './voyages';

/**
 * The Empire first holds every planet in rebellion (mobile units from planets not in rebellion that keep
 * another unit, so no planet is stripped for another); then sends units after detected Rebels.
 */
export function imperialMovement(ctx: PlanContext): Command | undefined {
  const { view } = ctx;
  const galactic = isGalacticScenario(ctx.content, view.scenario);
  const voyage = galactic ? (pilotIdleShip(ctx) ?? startVoyage(ctx, imperialPlanetValue)) : ctx.skills?.imperialVoyages ? startVoyage(ctx, imperialPlanetValue) : undefined;
  if (voyage) return voyage;
  const sent = unitsSent(ctx.memory);
  const sentStrength = (ctx.memory.sentStrength as Record<number, number> | undefined) ?? {};
  const movable = view.units.filter(
    (u) => u.side === 'imperial' && u.mobile && !u.moved && !sent.includes(u.eid) && ctx.decision.options.some((o) => o.type === 'pick' && o.piece === u.eid),
  );
  const staying = (planet: number) => unitsStaying(view, planet, sent);
  const inRebellion = new Set(view.planets.filter((p) => p.state === 'rebellion').map((p) => p.eid));
  const arrival = (u: GameView['units'][number], planet: number) => (empireSkill(ctx, 'routeAware') ? unitArrival(ctx, planetOfUnit(view, u), planet) : 1);
  for (const { planet } of rebellionsToHold(ctx, sentStrength)) {
    const unheld = strengthOnPlanet(view, planet, 'imperial') === 0;
    const mayGo = (u: GameView['units'][number]) => {
      const from = planetOfUnit(view, u);
      if (from === planet || arrival(u, planet) <= 0) return false;
      // holdsFast: a planet in rebellion spares a unit only if it stays all but sure to hold without it
      if (galacticEmpireSkill(ctx, 'holdsFast') && inRebellion.has(from)) return staying(from) > 1 && fallChance(ctx, from, { environ: u.environ, strength: -(u.combat ?? 0) }) <= HOLD_RISK;
      if (empireSkill(ctx, 'routeAware')) return maySpare(view, u, from, staying(from), unheld);
      return !inRebellion.has(from) && staying(from) > 1;
    };
    if (galacticEmpireSkill(ctx, 'holdsFast')) {
      const held = holdFast(ctx, planet, movable.filter(mayGo), arrival);
      if (held) return held;
      continue;
    }
    const unit = best(movable.filter(mayGo), (u) => (u.combat ?? 0) * arrival(u, planet));
    if (!unit) continue;
    ctx.memory.sent = [...sent, unit.eid];
    // routeAware: a jump may drift [5.22]: count what is likely to arrive, and the chance that nothing does
    const arrives = empireSkill(ctx, 'routeAware') ? arrival(unit, planet) : 1;
    ctx.memory.sentStrength = { ...sentStrength, [planet]: (sentStrength[planet] ?? 0) + (unit.combat ?? 0) * arrives };
    const missed = (ctx.memory.holdMissed as Record<number, number> | undefined) ?? {};
    ctx.memory.holdMissed = { ...missed, [planet]: (missed[planet] ?? 1) * (1 - arrives) };
    ctx.memory.moveTo = { planet };
    return option(ctx, 'pick', (o) => o.piece === unit.eid);
  }
  const garrison = garrisonToFill(ctx, movable, staying, inRebellion);
  if (garrison) return garrison;
  if (chainsReact(view)) {
    const garrisoned = garrisonTheUnrest(ctx, movable, staying, inRebellion);
    if (garrisoned) return garrisoned;
  }
  const hunted = huntedEnvirons(ctx);
  if (!hunted.size) return option(ctx, 'end-movement');
  return huntDetected(ctx, movable, staying, inRebellion, hunted) ?? option(ctx, 'end-movement');
}

/**
 * A "garrison" assignment (six units on the throne world): in its last two turns, spare units go to each
 * planet it covers that has fewer Imperial units than it asks, from planets within one safe jump [5.22]
 * that are not in rebellion and keep another unit. Sent earlier, they would only stand idle there.
 */
function garrisonToFill(ctx: PlanContext, movable: GameView['units'], staying: (planet: number) => number, inRebellion: Set<number>): Command | undefined {
  const { view } = ctx;
  const assignment = view.assignment;
  if (assignment?.goal !== 'garrison' || turnsToDeadline(view) > 1) return undefined;
  const sentTo = (ctx.memory.garrisonSent as Record<number, number> | undefined) ?? {};
  for (const planet of assignmentNeeds(ctx)) {
    if (imperialUnitsOn(view, planet) + (sentTo[planet] ?? 0) >= assignment.units) continue;
    const unit = best(
      movable.filter((u) => {
        const from = planetOfUnit(view, u);
        return from !== planet && !inRebellion.has(from) && staying(from) > 1 && unitArrival(ctx, from, planet) > 0;
      }),
      (u) => unitArrival(ctx, planetOfUnit(view, u), planet),
    );
    if (!unit) continue;
    ctx.memory.sent = [...unitsSent(ctx.memory), unit.eid];
    ctx.memory.garrisonSent = { ...sentTo, [planet]: (sentTo[planet] ?? 0) + 1 };
    ctx.memory.moveTo = { planet };
    return option(ctx, 'pick', (o) => o.piece === unit.eid);
  }
  return undefined;
}

/**
 * Where chains react [000 15.1c]: a planet at unrest is one Start Rebellion from rising [15.2], and its
 * rising raises units from every environ's resources and attacks at once [15.41, 10.7]; swept bare, it
 * falls at the end of the Imperial player-turn unless units reach it in time, and its fall may turn the
 * galaxy in one interphase. So spare units (from calm planets that keep another unit, not themselves at
 * dissent or unrest) go onto each planet at unrest whose garrison is weaker than the force points its
 * rising would raise, the surest within one move first, the weakest garrison first. Measured in the
 * galactic game with the rest of the Empire's play of the chain (docs/ai-ladder.md).
 */
function garrisonTheUnrest(ctx: PlanContext, movable: GameView['units'], staying: (planet: number) => number, inRebellion: Set<number>): Command | undefined {
  const { view } = ctx;
  const sentTo = (ctx.memory.unrestSent as Record<number, number> | undefined) ?? {};
  const short = view.planets
    .filter((p) => p.inPlay && !p.unknownToEmpire && p.state === 'imperial-control' && p.loyalty === 'unrest')
    .map((p) => ({ planet: p.eid, shortfall: risingForces(ctx, p.eid) - strengthOnPlanet(view, p.eid, 'imperial') - (sentTo[p.eid] ?? 0) }))
    .filter((t) => t.shortfall > 0)
    .sort((a, b) => b.shortfall - a.shortfall);
  const atUnrest = new Set(short.map((t) => t.planet));
  for (const { planet } of short) {
    const unit = best(
      movable.filter((u) => {
        const from = planetOfUnit(view, u);
        if (from === planet || inRebellion.has(from) || atUnrest.has(from) || staying(from) <= 1) return false;
        const fromPlanet = view.planets.find((p) => p.eid === from);
        if (fromPlanet && LOYALTY_INDEX[fromPlanet.loyalty] >= LOYALTY_INDEX.dissent) return false;
        return unitArrival(ctx, from, planet) >= SURE_ENOUGH;
      }),
      (u) => (u.combat ?? 0) * unitArrival(ctx, planetOfUnit(view, u), planet),
    );
    if (!unit) continue;
    ctx.memory.sent = [...unitsSent(ctx.memory), unit.eid];
    ctx.memory.unrestSent = { ...sentTo, [planet]: (sentTo[planet] ?? 0) + (unit.combat ?? 0) };
    ctx.memory.moveTo = { planet };
    return option(ctx, 'pick', (o) => o.piece === unit.eid);
  }
  return undefined;
}

/** A unit goes to garrison a planet at unrest only by a move at least this likely to arrive [5.22] (one route: 2/3). */
const SURE_ENOUGH = 0.5;

/**
 * Strength the Empire brings to an environ where Rebels were detected: enough that its units' search
 * value [11.0] (their strength, plus a leader's) usually beats a hiding value of an intelligence and an
 * environ's size.
 */
const HUNTING_STRENGTH = 4;

/**
 * [9.41, 11.0] Units go after detected Rebels, to search for them in the Rebel's turn: units already on
 * the Rebels' planet first (a move within a planet strips no other planet), then spare units from
 * planets that keep another unit and are not in rebellion; until the environ holds `HUNTING_STRENGTH`.
 * Measured over 200 games a scenario, this won the Empire 2 to 15 points of games in three scenarios
 * and lost it 4 in the fourth, against sending every mobile unit after the first Rebel seen (which left
 * planets bare, even planets in rebellion [15.53]).
 */
function huntDetected(
  ctx: PlanContext,
  movable: GameView['units'],
  staying: (planet: number) => number,
  inRebellion: Set<number>,
  hunted: Set<number>,
): Command | undefined {
  const { view } = ctx;
  const sent = unitsSent(ctx.memory);
  const sentTo = (ctx.memory.huntSent as Record<number, number> | undefined) ?? {};
  for (const environ of hunted) {
    const planet = environView(view, environ)?.planet ?? 0;
    if (strengthIn(view, environ, 'imperial') + (sentTo[environ] ?? 0) >= HUNTING_STRENGTH) continue;
    const unit = best(
      movable.filter((u) => {
        const from = planetOfUnit(view, u);
        if (hunted.has(u.environ)) return false;
        if (empireSkill(ctx, 'routeAware') && unitArrival(ctx, from, planet) === 0) return false; // [5.22] no route leads there
        return from === planet || (!inRebellion.has(from) && staying(from) > 1);
      }),
      (u) => (planetOfUnit(view, u) === planet ? 100 : 0) + (u.combat ?? 0),
    );
    if (!unit) continue;
    ctx.memory.sent = [...sent, unit.eid];
    ctx.memory.huntSent = { ...sentTo, [environ]: (sentTo[environ] ?? 0) + (unit.combat ?? 0) };
    ctx.memory.moveTo = { environ };
    return option(ctx, 'pick', (o) => o.piece === unit.eid);
  }
  return undefined;
}

/**
 * A move `hard` may weigh against the plan's answer in the Empire's movement: one mobile unit to another
 * planet (to the environ the plan would choose there) or to an environ where Rebels were detected.
 */
export interface MoveAlternative {
  /** The command that picks the unit. */
  pick: Command;
  unit: number;
  moveTo: { planet?: number; environ?: number };
}

/**
 * The moves worth weighing: each kind of movable unit (one per environ and strength: the rest would
 * play alike) to each planet where the Rebel threatens (in rebellion, leaning his way, or with his
 * pieces seen), and to each environ where Rebels were detected. The last unit on a planet in rebellion
 * stays: leaving it empty hands the planet over [15.53].
 */
export function imperialMoveAlternatives(ctx: PlanContext): MoveAlternative[] {
  const { view } = ctx;
  if (ctx.side !== 'imperial' || ctx.decision.kind !== 'movement') return [];
  const sent = unitsSent(ctx.memory);
  const rebelSeenOn = (planet: number) =>
    view.units.some((u) => u.side === 'rebel' && planetOfUnit(view, u) === planet) ||
    view.characters.some((c) => c.side === 'rebel' && !c.dead && !c.captured && planetOfEnviron(view, c.environ)?.eid === planet);
  const threatened = view.planets
    .filter((p) => p.inPlay && p.state !== 'rebel-control' && (p.state === 'rebellion' || LOYALTY_INDEX[p.loyalty] >= 3 || rebelSeenOn(p.eid)))
    .map((p) => p.eid);
  const hunted = [...huntedEnvirons(ctx)];
  const kinds = new Set<string>();
  const alternatives: MoveAlternative[] = [];
  for (const unit of view.units) {
    if (unit.side !== 'imperial' || !unit.mobile || unit.moved || sent.includes(unit.eid)) continue;
    const pick = option(ctx, 'pick', (o) => o.piece === unit.eid);
    const from = planetOfUnit(view, unit);
    const kind = `${unit.environ}:${unit.combat}`;
    if (!pick || kinds.has(kind)) continue;
    if (view.planets.find((p) => p.eid === from)?.state === 'rebellion' && unitsStaying(view, from, sent) <= 1) continue;
    kinds.add(kind);
    for (const planet of threatened) if (planet !== from) alternatives.push({ pick, unit: unit.eid, moveTo: { planet } });
    for (const environ of hunted) if (environ !== unit.environ) alternatives.push({ pick, unit: unit.eid, moveTo: { environ } });
  }
  return alternatives;
}

/** Make the plan carry out a chosen alternative: its memory sends the unit where the alternative says. */
export function rememberMove(memory: PlanContext['memory'], move: MoveAlternative): void {
  memory.sent = [...unitsSent(memory), move.unit];
  memory.moveTo = move.moveTo;
}

/** Where the Empire's picked unit goes: to its planet's Imperial stack (or the environ with fewest Rebels), or a hunted environ. */
export function imperialDestination(ctx: PlanContext): Command | undefined {
  const target = ctx.memory.moveTo as { planet?: number; environ?: number } | undefined;
  if (!target) return undefined;
  const moves = ctx.decision.options.filter((o) => o.type === 'move-to');
  // holdsFast: the environ chosen with the unit, if the move may go there
  const chosen = target.planet !== undefined && target.environ !== undefined ? moves.find((o) => o.to === target.environ) : undefined;
  if (chosen) return chosen;
  if (target.planet !== undefined)
    return best(
      moves.filter((o) => environView(ctx.view, o.to as number)?.planet === target.planet),
      (o) => strengthIn(ctx.view, o.to as number, 'imperial') * 2 - strengthIn(ctx.view, o.to as number, 'rebel'),
    );
  return moves.find((o) => o.to === target.environ);
}

/** A movement segment's plan memory starts empty: what was sent, where, and a Rebel voyage. */
export function beginMovementMemory(ctx: PlanContext): void {
  const segment = `${ctx.view.turn}:${ctx.view.segment}`;
  if (ctx.memory.segment !== segment) Object.assign(ctx.memory, { segment, sent: [], sentStrength: {}, holdMissed: {}, huntSent: {}, garrisonSent: {}, unrestSent: {}, moveTo: undefined, voyage: null, voyagedShips: [] });
}
