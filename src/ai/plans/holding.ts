/**
 * The Empire holds its planets in rebellion [15.52, 15.53]: a planet in rebellion with no Imperial unit
 * on it falls at the end of the Imperial player-turn, with a level-3 domino effect. What each needs,
 * the units that may be spared for it, and (`holdsFast`) the chance that the Rebel's attack leaves it
 * bare [10.1, 10.3].
 */
import type { SideId } from '../../core/content/schema';
import type { Command } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { assignmentNeeds } from './assignment';
import { combatEdge, combatColumn } from './combat';
import { type PlanContext, LOYALTY_INDEX, HIDDEN_STRENGTH, option, best, environView, strengthIn, strengthOnPlanet, unitsSent, galacticEmpireSkill, empireSkill } from './context';

/**
 * `holdsFast` [10.0, 10.3]: the chance that one attack in this environ leaves no Imperial unit there,
 * by the Rebel (the Imperial units defend) or by the Empire (they attack), with `imperial` strength
 * there. A side removes units as close to its loss as it can without exceeding it [10.3], so the
 * Empire's units are all gone only when the loss reaches their whole strength.
 */
function wipeChance(ctx: PlanContext, environ: number, attacker: SideId, imperial = strengthIn(ctx.view, environ, 'imperial')): number {
  if (imperial <= 0) return 1;
  if (strengthIn(ctx.view, environ, 'rebel') <= 0) return 0;
  const { column } = combatColumn(ctx, environ, attacker, false, imperial);
  const rows = ctx.content.tables.militaryCombat.rows;
  return rows.filter((row) => (row[column]?.[attacker === 'rebel' ? 1 : 0] ?? 0) >= imperial).length / rows.length;
}

/**
 * `holdsFast` [15.53]: the chance that a planet in rebellion ends the Imperial player-turn with no
 * Imperial unit, each environ where they stand attacked once by the Rebel [10.1]; with `added` Imperial
 * strength in one environ, for a unit the Empire may send there (or, negative, take away).
 */
export function fallChance(ctx: PlanContext, planet: number, added?: { environ: number; strength: number }): number {
  let fall = 1;
  for (const env of ctx.view.environs) {
    if (env.planet !== planet) continue;
    const imperial = strengthIn(ctx.view, env.eid, 'imperial') + (added?.environ === env.eid ? added.strength : 0);
    if (imperial > 0) fall *= wipeChance(ctx, env.eid, 'rebel', imperial);
  }
  return fall;
}

/** `holdsFast`: the environ of a planet where a unit of this strength leaves the planet likeliest held. */
function holdingEnviron(ctx: PlanContext, planet: number, strength: number): { environ: number; fall: number } | undefined {
  const choices = ctx.view.environs.filter((e) => e.planet === planet).map((e) => ({ environ: e.eid, fall: fallChance(ctx, planet, { environ: e.eid, strength }) }));
  return best(choices, (c) => -c.fall);
}

/**
 * `holdsFast` [10.1, 15.53]: on a planet in rebellion whose Imperial units all stand in this environ,
 * an attack that may lose them all is worse than waiting for the Rebel's, which he may not make (the
 * plans attack only where the table favours them): the planet falls if they are gone.
 */
export function riskyForTheHold(ctx: PlanContext, environ: number): boolean {
  const planet = environView(ctx.view, environ)?.planet ?? 0;
  const state = ctx.view.planets.find((p) => p.eid === planet)?.state;
  if (state !== 'rebellion' || strengthOnPlanet(ctx.view, planet, 'imperial') > strengthIn(ctx.view, environ, 'imperial')) return false;
  const ifWaiting = combatEdge(ctx, environ, 'rebel', false) > 0 ? wipeChance(ctx, environ, 'rebel') : 0;
  return wipeChance(ctx, environ, 'imperial') > ifWaiting;
}

/**
 * `holdsFast` [16.15, 15.53]: a reinforcement unit goes where it most lowers the chance that a planet
 * in rebellion falls this turn, if it may arrive on one that is not all but sure to hold.
 */
export function reinforceTheHold(ctx: PlanContext): Command | undefined {
  const arrival = ctx.decision.context?.arrival as { unit?: string } | undefined;
  if (!arrival?.unit) return undefined; // a character: the plan places him
  const strength = ctx.content.unitTypes.get(arrival.unit)?.combat ?? HIDDEN_STRENGTH;
  let chosen: { command: Command; gain: number } | undefined;
  for (const o of ctx.decision.options) {
    const planet = environView(ctx.view, o.environ as number)?.planet ?? 0;
    if (ctx.view.planets.find((p) => p.eid === planet)?.state !== 'rebellion') continue;
    const now = fallChance(ctx, planet);
    if (now <= HOLD_RISK) continue;
    const gain = now - fallChance(ctx, planet, { environ: o.environ as number, strength });
    if (!chosen || gain > chosen.gain) chosen = { command: o, gain };
  }
  return chosen && chosen.gain >= MIN_HOLD_GAIN ? chosen.command : undefined;
}

/**
 * [15.52, 15.53] A planet in rebellion with no Imperial unit on it falls to the Rebel at the end of the
 * Imperial player-turn, and its fall sets off a level-3 domino effect: the Empire's first duty is to keep
 * units there, as strong as the Rebels they face. What each planet in rebellion still needs: those the
 * strategic assignment needs first (`assignmentNeeds`), then the most first.
 */
export function rebellionsToHold(ctx: PlanContext, sentStrength: Record<number, number>): { planet: number; need: number }[] {
  const { view } = ctx;
  const needs = assignmentNeeds(ctx); // the assignment's planets first
  const missed = (ctx.memory.holdMissed as Record<number, number> | undefined) ?? {};
  return view.planets
    .filter((p) => p.inPlay && p.state === 'rebellion')
    .map((p) => {
      const present = strengthOnPlanet(view, p.eid, 'imperial');
      const imperial = present + (sentStrength[p.eid] ?? 0);
      const rebels = strengthOnPlanet(view, p.eid, 'rebel');
      let need = imperial === 0 ? Math.max(1, rebels) : rebels - imperial;
      // routeAware: a planet with no unit on it is held only once some unit sent is all but sure to land
      if (empireSkill(ctx, 'routeAware') && present === 0 && (missed[p.eid] ?? 1) > HOLD_RISK) need = Math.max(need, 1);
      // holdsFast: and until the units there are all but sure to outlast the Rebel's attack
      if (galacticEmpireSkill(ctx, 'holdsFast') && fallChance(ctx, p.eid) > HOLD_RISK) need = Math.max(need, 1);
      return { planet: p.eid, need };
    })
    .filter((x) => x.need > 0)
    .sort((x, y) => Number(needs.has(y.planet)) - Number(needs.has(x.planet)) || y.need - x.need);
}

/**
 * `holdsFast`: send the unit that most lowers the chance that the planet falls this turn (its chance of
 * landing [5.22] times what it adds in its best environ), if it lowers it by enough to be worth the
 * planet it leaves.
 */
export function holdFast(ctx: PlanContext, planet: number, candidates: GameView['units'], arrival: (u: GameView['units'][number], planet: number) => number): Command | undefined {
  const now = fallChance(ctx, planet);
  let chosen: { unit: GameView['units'][number]; environ: number; fall: number } | undefined;
  for (const unit of candidates) {
    const there = holdingEnviron(ctx, planet, unit.combat ?? HIDDEN_STRENGTH);
    if (!there) continue;
    const arrives = arrival(unit, planet);
    const fall = (1 - arrives) * now + arrives * there.fall;
    if (!chosen || fall < chosen.fall) chosen = { unit, environ: there.environ, fall };
  }
  if (!chosen || now - chosen.fall < MIN_HOLD_GAIN) chosen = holdTogether(ctx, planet, candidates, arrival);
  if (!chosen || now - chosen.fall < MIN_HOLD_GAIN) return undefined;
  ctx.memory.sent = [...unitsSent(ctx.memory), chosen.unit.eid];
  ctx.memory.moveTo = { planet, environ: chosen.environ };
  return option(ctx, 'pick', (o) => o.piece === chosen.unit.eid);
}

/**
 * `holdsFast`: where no unit alone would outlast the Rebel's attack (a line unit of 3 against a 6-1
 * column), units sent together may: their expected strength, the surest first, until the planet is
 * all but sure to hold. The first of them goes now; the next decision sees it landed and weighs again.
 */
function holdTogether(ctx: PlanContext, planet: number, candidates: GameView['units'], arrival: (u: GameView['units'][number], planet: number) => number): { unit: GameView['units'][number]; environ: number; fall: number } | undefined {
  const ranked = [...candidates].sort((a, b) => (b.combat ?? 0) * arrival(b, planet) - (a.combat ?? 0) * arrival(a, planet));
  let strength = 0;
  let group: { environ: number; fall: number } | undefined;
  for (const unit of ranked) {
    strength += (unit.combat ?? HIDDEN_STRENGTH) * arrival(unit, planet);
    group = holdingEnviron(ctx, planet, strength);
    if (group && group.fall <= HOLD_RISK) break;
  }
  const first = ranked[0];
  if (!first || !group) return undefined;
  return { unit: first, environ: group.environ, fall: group.fall };
}

/** `holdsFast`: the least a unit sent must take off a planet's chance of falling. */
const MIN_HOLD_GAIN = 0.02;

/**
 * routeAware: whether a unit may leave its planet to hold another in rebellion. A planet in rebellion
 * spares it while the Imperial strength left still matches the Rebels there; another planet while it
 * keeps a unit, or, when the planet to hold has no Imperial unit at all (it falls at the end of the
 * turn, and a level-3 domino effect with it [15.53]), even its last unit if it is not leaning toward
 * the Rebel (no Start Rebellion there next turn [15.2]).
 */
export function maySpare(view: GameView, unit: GameView['units'][number], from: number, staying: number, emergency: boolean): boolean {
  const planet = view.planets.find((p) => p.eid === from);
  if (!planet) return false;
  if (planet.state === 'rebellion') return staying > 1 && strengthOnPlanet(view, from, 'imperial') - (unit.combat ?? 0) > strengthOnPlanet(view, from, 'rebel');
  if (staying > 1) return true;
  return emergency && planet.state === 'imperial-control' && LOYALTY_INDEX[planet.loyalty] <= 2;
}

/**
 * routeAware: the chance of a planet in rebellion with no unit on it being left unheld that the Empire
 * accepts: its fall is a level-3 domino effect, which in the galactic game often sets a whole region
 * alight in one interphase.
 */
export const HOLD_RISK = 0.1;
