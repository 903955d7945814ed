/**
 * The domino effect's choices [000 15.2c-e]: which of the chart's options, and which planets.
 *
 * Where chains react (the game's `domino` rule, cascade.ts), both sides play the chain: a planet that one
 * more shift sets off [15.2b] is worth a shift more than any other, and a planet whose own effect would
 * reach many planets near unrest is worth more than one whose would not. The Rebel raises a planet at
 * unrest with a level-3 effect where nothing Imperial holds it (it falls in the same interphase [15.1c]);
 * the Empire pulls back the planets nearest to rising, where their fall would spread furthest. Without
 * chain reactions the plans choose as they always have: the Rebel the planet nearest unrest, the Empire
 * the most loyal (`firebreaks`: the nearest unrest).
 */
import type { Command } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { assignmentNeeds } from './assignment';
import { chainExposure, chainsReact, shiftSparks } from './cascade';
import { type PlanContext, LOYALTY_INDEX, best, galacticEmpireSkill, strengthOnPlanet } from './context';

/** [15.2c-e] Which of the chart's options: the one whose planets are worth most shifted (below), else the one that shifts most. */
export function chooseDominoOption(ctx: PlanContext): Command | undefined {
  const targets = (ctx.decision.context?.targets as Record<string, string[]> | undefined) ?? {};
  if (galacticEmpireSkill(ctx, 'firebreaks') || chainsReact(ctx.view)) return best(ctx.decision.options, (o) => optionValue(ctx, o.shift as string, targets[o.shift as string] ?? []));
  const order = ['all', 'two', 'one'];
  return best(ctx.decision.options, (o) => (targets[o.shift as string]?.length ? 10 - order.indexOf(o.shift as string) : 0));
}

/** [15.2c-e] Which planet shifts: the one worth most shifted. */
export function chooseDominoPlanet(ctx: PlanContext): Command | undefined {
  return best(ctx.decision.options, (o) => {
    const planet = ctx.view.planets.find((p) => p.eid === o.planet);
    return planet ? shiftValue(ctx, planet) : 0;
  });
}

/**
 * What one shift of this planet toward the deciding side is worth to it. The Empire shifts a planet its
 * strategic assignment needs (at unrest) before any other.
 */
function shiftValue(ctx: PlanContext, planet: GameView['planets'][number]): number {
  const loyalty = LOYALTY_INDEX[planet.loyalty];
  const chain = chainsReact(ctx.view);
  if (ctx.side === 'rebel') {
    if (!chain) return loyalty; // push the nearest planet over the edge
    const level = (ctx.decision.context?.level as number | undefined) ?? 1;
    let value = loyalty;
    // [15.2c-e] a level-3 effect raises a planet at unrest; bare, it falls in the same interphase [15.1c, 15.53]
    if (level >= 3 && planet.loyalty === 'unrest' && planet.state === 'imperial-control')
      value += RISING_VALUE + (strengthOnPlanet(ctx.view, planet.eid, 'imperial') === 0 ? RISING_VALUE : 0) + chainExposure(ctx, planet);
    if (shiftSparks(planet, 'rebel')) value += SPARK_VALUE + chainExposure(ctx, planet);
    return value;
  }
  const assignment = assignmentNeeds(ctx).has(planet.eid) ? ASSIGNMENT_FIRST : 0;
  if (chain) return assignment + firebreakValue(planet) * (1 + chainExposure(ctx, planet) / EXPOSURE_SCALE) + (shiftSparks(planet, 'imperial') ? SPARK_VALUE : 0);
  if (galacticEmpireSkill(ctx, 'firebreaks')) return assignment + firebreakValue(planet);
  return assignment - loyalty;
}

/** A planet at unrest a level-3 effect raises: more than any one shift; as much again if nothing Imperial stands on it. */
const RISING_VALUE = 10;
/** A shift that sets off the planet's own domino effect [15.2b]: worth more than a shift from neutral to unrest. */
const SPARK_VALUE = 5;
/** The exposure (planets' fuel, cascade.ts) that doubles what pulling a planet back is worth to the Empire. */
const EXPOSURE_SCALE = 4;
/** A planet the Empire's assignment needs comes before every other. */
const ASSIGNMENT_FIRST = 10;

/**
 * What one Imperial domino shift [15.2] is worth on a planet (`firebreaks`, and every Empire where chains
 * react): pulling it back from unrest most (a Start Rebellion needs unrest [15.2], and a level-3 domino
 * effect turns unrest into rebellion), then from dissent, the next step to it; nothing on a planet already
 * patriotic.
 */
function firebreakValue(planet: GameView['planets'][number]): number {
  if (planet.state !== 'imperial-control') return 0;
  return FIREBREAK[planet.loyalty];
}

const FIREBREAK = { patriotic: 0, loyal: 0.5, neutral: 1.5, dissent: 3, unrest: 6 } as const;

/** A chart option is worth the shifts it makes, on the planets worth most shifted. */
function optionValue(ctx: PlanContext, shift: string, targets: readonly string[]): number {
  const values = targets
    .map((id) => ctx.view.planets.find((p) => p.id === id))
    .map((p) => (p ? shiftValue(ctx, p) : 0))
    .sort((a, b) => b - a);
  const count = shift === 'one' ? 1 : shift === 'two' ? 2 : values.length;
  return values.slice(0, count).reduce((sum, v) => sum + Math.max(0, v), 0);
}
