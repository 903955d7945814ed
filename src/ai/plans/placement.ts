/**
 * Where the sides start [16.12-16.14], and the galactic Rebel's secret base.
 */
import { type PlanContext, LOYALTY_INDEX, environView, planetOfEnviron, strengthIn } from './context';

/** Capitals and the throne: what the Empire guards first. */
function isSeatOfPower(ctx: PlanContext, planetId: string): boolean {
  const g = ctx.content.galaxy;
  return g.throne === planetId || g.provinces.some((p) => p.capital === planetId);
}

/**
 * How good an environ is to start on. The Rebel starts where loyalty leans his way (the planets he
 * wants to subvert), hides in wild environs, spreads his units, and lands from space away from a strong
 * PDB; the Empire guards its capitals and throne, then the planets that lean toward the Rebel, with
 * units spread over the environs and characters beside its units (they hunt from there).
 */
export function placementValue(ctx: PlanContext, environ: number, what: 'unit' | 'characters'): number {
  const { view, side } = ctx;
  const env = environView(view, environ);
  const planet = planetOfEnviron(view, environ);
  if (!env || !planet) return 0;
  const lean = LOYALTY_INDEX[planet.loyalty]; // 0 patriotic .. 4 unrest
  const ownHere = view.units.filter((u) => u.side === side && u.environ === environ).length;
  if (side === 'rebel') {
    const pdb = ctx.decision.context?.fromSpace === true && planet.pdbUp ? planet.pdbLevel * 2 : 0;
    return lean * 10 + (env.type === 'wild' ? 5 : 0) - ownHere * 3 - pdb + env.size * 0.1;
  }
  const guard = isSeatOfPower(ctx, planet.id) ? 30 : 0;
  if (what === 'characters') return guard + lean * 5 + strengthIn(view, environ, 'imperial');
  return guard + lean * 5 - ownHere * 4 + env.size * 0.1;
}

/**
 * How good a secret planet is for the Rebel's base: the discontent (loyalty toward unrest) of the planets
 * in its own star system and in the systems one hyperjump route away, where the base's characters can
 * reach in one move.
 */
export function baseValue(ctx: PlanContext, planet: number): number {
  const { content, view } = ctx;
  const def = content.planets.get(view.planets.find((p) => p.eid === planet)?.id ?? '');
  if (!def) return 0;
  const near = new Set([def.system]);
  for (const r of content.galaxy.routes) {
    if (r.from === def.system) near.add(r.to);
    if (r.to === def.system) near.add(r.from);
  }
  let value = 0;
  for (const p of view.planets) {
    const system = content.planets.get(p.id)?.system;
    if (system && near.has(system) && p.eid !== planet) value += LOYALTY_INDEX[p.loyalty] * (system === def.system ? 2 : 1);
  }
  return value;
}
