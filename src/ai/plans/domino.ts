/**
 * The domino effect's choices [000 15.2c-e]: which of the chart's options, and which planets.
 */
import type { Command } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { assignmentNeeds } from './assignment';
import { type PlanContext, LOYALTY_INDEX, best, galacticEmpireSkill } from './context';

/**
 * [15.2c-e] Which of the chart's options: `normal` takes the one that shifts most planets; the
 * `firebreaks` Empire the one whose planets gain most from a shift toward it.
 */
export function chooseDominoOption(ctx: PlanContext): Command | undefined {
  const targets = (ctx.decision.context?.targets as Record<string, string[]> | undefined) ?? {};
  if (galacticEmpireSkill(ctx, 'firebreaks')) return best(ctx.decision.options, (o) => firebreakOption(ctx, o.shift as string, targets[o.shift as string] ?? []));
  const order = ['all', 'two', 'one'];
  return best(ctx.decision.options, (o) => (targets[o.shift as string]?.length ? 10 - order.indexOf(o.shift as string) : 0));
}

/**
 * [15.2c-e] Which planet shifts: the Rebel pushes the nearest planet over the edge; the Empire shifts a
 * planet its assignment needs (at unrest) first, then the most loyal (`firebreaks`: the nearest to unrest).
 */
export function chooseDominoPlanet(ctx: PlanContext): Command | undefined {
  return best(ctx.decision.options, (o) => {
    const planet = ctx.view.planets.find((p) => p.eid === o.planet);
    const loyalty = planet ? LOYALTY_INDEX[planet.loyalty] : 2;
    const assignment = planet && assignmentNeeds(ctx).has(planet.eid) ? 10 : 0;
    if (galacticEmpireSkill(ctx, 'firebreaks')) return assignment + (planet ? firebreakValue(planet) : 0);
    return ctx.side === 'rebel' ? loyalty : assignment - loyalty;
  });
}

/**
 * `firebreaks`: what one Imperial domino shift [15.2] is worth on a planet: pulling it back from unrest
 * most (a Start Rebellion needs unrest [15.2], and a level-3 domino effect turns unrest into rebellion),
 * then from dissent, the next step to it; nothing on a planet already patriotic.
 */
function firebreakValue(planet: GameView['planets'][number]): number {
  if (planet.state !== 'imperial-control') return 0;
  return FIREBREAK[planet.loyalty];
}

const FIREBREAK = { patriotic: 0, loyal: 0.5, neutral: 1.5, dissent: 3, unrest: 6 } as const;

/** `firebreaks`: a chart option is worth the shifts it makes, on the planets that gain most from one. */
function firebreakOption(ctx: PlanContext, shift: string, targets: readonly string[]): number {
  const values = targets
    .map((id) => ctx.view.planets.find((p) => p.id === id))
    .map((p) => (p ? firebreakValue(p) : 0))
    .sort((a, b) => b - a);
  const count = shift === 'one' ? 1 : shift === 'two' ? 2 : values.length;
  return values.slice(0, count).reduce((sum, v) => sum + v, 0);
}
