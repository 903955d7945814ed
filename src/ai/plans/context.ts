/**
 * What every plan reads: the context a plan is given (`PlanContext`), the skills a stronger commander
 * adds (`PlanSkills`), and small readings of the view shared by the plans (where an environ or unit
 * is, the strength of a side there, the characters of a team).
 */
import type { SideId } from '../../core/content/schema';
import { isGalacticScenario, type Content } from '../../core/content/validate';
import type { Command, Decision } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { chainsReact } from './cascade';

/** What a plan may read: the view, the decision, and memory kept between decisions of one game. */
export interface PlanContext {
  content: Content;
  view: GameView;
  decision: Decision;
  side: SideId;
  memory: { [key: string]: unknown };
  /** What this commander knows beyond `normal`'s plans (none for `normal`). */
  skills?: PlanSkills;
}

/**
 * Plays a stronger commander makes that `normal` does not: the levels choose them (`LEVELS`), so the
 * difference between the levels is data.
 */
export interface PlanSkills {
  /**
   * The Empire flies a team of characters by spaceship to the planet where its missions are needed
   * most (`imperialPlanetValue`), instead of keeping them where they started. In the galactic game every
   * Empire flies its teams (`imperialMovement`): kept at home, `normal`'s characters watched the unrest
   * spread across the galaxy, and its Rebel won 145 of 200 against it; flying, 125.
   */
  imperialVoyages?: boolean;
  /**
   * The side's characters search for, and attack, only enemy characters the combat table says they beat
   * (`characterCombatEdge`): a search by characters marks the searchers detected [11.31], and each of
   * them killed is a victory point to the enemy (tables.md). Units still search: a squad fights for
   * them [12.12]. Measured over 200 games a scenario, for the Rebel with `recruiting` and
   * `avoidsCreatures` against `normal`: Hrodmar 122 wins with it, 113 without; the others within 1.
   */
  cautiousSearches?: boolean;
  /**
   * Teams land away from environs where a creature lives [13.45]: an action card of their missions may
   * set it on them. In 200 Hrodmar games the Rebel lost 155 characters in his missions' action
   * segments, most to Cairnfell's Glass Wyrm (combat 12), and 22 with this skill. Measured for the
   * Rebel with `recruiting` against `normal`, 200 games a scenario: Wendmoor 141 wins (130 without),
   * Hrodmar 113 (99), Embers and the Verdant Drift the same.
   */
  avoidsCreatures?: boolean;
  /**
   * The Rebel sends characters to Gain Characters [13.2 G] before any mission but Start Rebellion: each
   * character gained performs a mission every turn after (`RECRUITING_PRIORITY`).
   */
  recruiting?: boolean;
  /**
   * The Rebel leaves part of a team behind when it flies (`seatsTaken`): one character on a planet he
   * controls, where out of the Empire's reach he recruits and gathers information [13.2 G, I]; half the
   * team from anywhere else, where those left go on with their missions (each environ where missions
   * are performed draws its own action cards [13.41]). His front line flies: leaders, diplomats,
   * fighters (`frontLineValue`). Measured in Hrodmar against `normal`, 600 games, for the Rebel with the
   * skills above: 396 wins with it, 340 without; keeping two at home, 375; half the team everywhere,
   * 377. The first 200 seeds of each scenario: Hrodmar 141 (122 without), Embers 138 (132), Wendmoor
   * 142 (141), the Verdant Drift 159 (165).
   */
  splitsTeam?: boolean;
  /**
   * Where chains react [000 15.1c], the Rebel's teams fly to planets whose own domino effect reaches
   * many others (`chainReach`): a rising there, and its fall, shift every planet of its star system and
   * of its star-faring races [15.2c-e], and a level-3 effect raises those already at unrest. Without it
   * his teams flew by loyalty alone, to Veilhollow, whose effect reaches only Emberlode, as readily as to
   * Kzar Thuun, whose reaches the whole Reach, and the Empire's characters talked Kzar Thuun back to
   * loyal undisturbed. Measured in Embers of the Reach (`chain`), `normal`'s plans with `hard`'s Rebel
   * skills against `normal`, 200 games each of seeds table, dev and alt: 114, 99 and 96 wins without it,
   * 135, 130 and 118 with it; in the galactic game (`chain`), 200 games seed table: 131 without it, 147
   * with it (`normal`'s Rebel 118).
   */
  aimsAtTheHubs?: boolean;
  /**
   * [5.22] The Empire sends a unit to hold a planet in rebellion, or after detected Rebels, only where
   * one move can take it (the same star system, or one hyperjump route away), the surest jump first;
   * `normal` counts any mobile unit, and one sent where no route leads stays home while the planet
   * counts it as coming. A planet in rebellion with no Imperial unit on it falls at the end of the
   * turn, with a level-3 domino effect [15.53]: units go there until one is all but sure to land
   * (`HOLD_RISK`), a loyal planet spares its last unit for it (`maySpare`), and it is the first
   * destination of the Empire's ships. Galactic, hard Empire vs normal Rebel, 200 games seed table:
   * 88 wins with routes alone, 90 with the second unit, 100 with the last unit spared, 108 with the ships.
   */
  routeAware?: boolean;
  /**
   * The Empire's domino shifts [15.2] go where a rising is nearest: the planet closest to unrest first
   * (`firebreakValue`), and the chart's option that reaches the most of that; `normal` shifts the most
   * loyal planet further, which stops nothing.
   */
  firebreaks?: boolean;
  /**
   * The Empire holds a planet in rebellion against the Rebel's attack, not only against the hyperjump's
   * drifts: a unit that lands beside the risen Rebels is attacked with every shift of [10.4-10.7], and
   * its loss leaves the planet to fall [15.53]. So units go there until the chance that the planet ends
   * the turn with none is small (`fallChance`), each to the environ where it is likeliest to survive;
   * reinforcement units arrive there first; a unit leaves such a planet only if it stays as safe; and
   * the Empire does not attack from the last Imperial environ of such a planet when attacking risks more
   * than waiting for the Rebel's attack [10.1]. Galactic game only. Against `normal`'s Rebel, seeds
   * table 0-799: 520 Empire wins of 800, 446 without (docs/rules.md).
   */
  holdsFast?: boolean;
}

export type Plan = (ctx: PlanContext) => Command | undefined;

export const LOYALTY_INDEX = { patriotic: 0, loyal: 1, neutral: 2, dissent: 3, unrest: 4 } as const;

/** Average strength assumed for an enemy unit whose strength is hidden [7.22] (patrol 1, line 3). */
export const HIDDEN_STRENGTH = 2;

/** The strength of the strongest unit type that hides its strength [7.22] (line 3). */
export function strongestHidden(content: Content): number {
  return Math.max(0, ...content.tables.unitTypes.filter((t) => t.hidden).map((t) => t.combat));
}

export function option(ctx: PlanContext, type: string, where: (o: Command) => boolean = () => true): Command | undefined {
  return ctx.decision.options.find((o) => o.type === type && where(o));
}

export function best<T>(items: T[], score: (t: T) => number): T | undefined {
  let top: T | undefined;
  let topScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > topScore) {
      topScore = s;
      top = item;
    }
  }
  return top;
}

/** The view of an environ, by entity id. */
export function environView(view: GameView, environ: number) {
  return view.environs.find((e) => e.eid === environ);
}

export function planetOfEnviron(view: GameView, environ: number) {
  const env = environView(view, environ);
  return env ? view.planets.find((p) => p.eid === env.planet) : undefined;
}

/** Environs holding detected enemy characters (for the Empire: Rebels it can hunt). */
export function huntedEnvirons(ctx: PlanContext): Set<number> {
  return new Set(ctx.view.characters.filter((c) => c.side !== ctx.side && c.detected && !c.dead && !c.captured).map((c) => c.environ));
}

export function strengthIn(view: GameView, environ: number, side: SideId): number {
  return view.units.filter((u) => u.environ === environ && u.side === side).reduce((sum, u) => sum + (u.combat ?? HIDDEN_STRENGTH), 0);
}

export function character(view: GameView, eid: number) {
  return view.characters.find((c) => c.eid === eid);
}

/** The side's free characters in an environ. */
export function teamIn(ctx: PlanContext, environ: number): GameView['characters'] {
  return ctx.view.characters.filter((c) => c.side === ctx.side && c.environ === environ && !c.captured && !c.dead);
}

/** The best leadership among a side's characters seen in the environ [10.4]. */
export function bestLeadership(ctx: PlanContext, environ: number, side: SideId): number {
  let top = 0;
  for (const ch of ctx.view.characters)
    if (ch.side === side && ch.environ === environ && !ch.dead && !ch.captured) top = Math.max(top, ctx.content.characters.get(ch.id)?.leadership ?? 0);
  return top;
}

/** The planet each environ lies on, for the view's units. */
export function planetOfUnit(view: GameView, unit: { environ: number }): number {
  return environView(view, unit.environ)?.planet ?? 0;
}

/** Strength of a side's units on a planet (hidden enemy units at an average strength). */
export function strengthOnPlanet(view: GameView, planet: number, side: SideId): number {
  return view.units.filter((u) => u.side === side && planetOfUnit(view, u) === planet).reduce((sum, u) => sum + (u.combat ?? HIDDEN_STRENGTH), 0);
}

/** How many Imperial units stand on a planet. */
export function imperialUnitsOn(view: GameView, planet: number): number {
  return view.units.filter((u) => u.side === 'imperial' && planetOfUnit(view, u) === planet).length;
}

/** How many of the Empire's units stay on a planet this segment: all but those already sent elsewhere. */
export function unitsStaying(view: GameView, planet: number, sent: readonly number[]): number {
  return view.units.filter((u) => u.side === 'imperial' && !sent.includes(u.eid) && planetOfUnit(view, u) === planet).length;
}

/** The Imperial units the plan has sent somewhere this movement segment (each moves once). */
export function unitsSent(memory: PlanContext['memory']): number[] {
  return (memory.sent as number[] | undefined) ?? [];
}

/**
 * Does the Empire play this skill of its galactic game here? `firebreaks` (its domino shifts reach a
 * galaxy of planets) and `holdsFast` are `hard`'s in the galactic game only (the province scenarios'
 * rows were measured without them), and every Empire's `holdsFast` where chains react there (`holdsRisings`).
 */
export function galacticEmpireSkill(ctx: PlanContext, skill: 'firebreaks' | 'holdsFast'): boolean {
  if (ctx.side !== 'imperial') return false;
  if (ctx.skills?.[skill] && isGalacticScenario(ctx.content, ctx.view.scenario)) return true;
  return holdsRisings(ctx, skill);
}

/** Does the Empire play this skill: `hard`'s, or every Empire's holding of its risings where chains react (`holdsRisings`). */
export function empireSkill(ctx: PlanContext, skill: keyof PlanSkills): boolean {
  return !!ctx.skills?.[skill] || holdsRisings(ctx, skill);
}

/**
 * Where chains react [000 15.1c], one planet in rebellion left bare at the end of the Imperial
 * player-turn falls [15.53] and may turn a province, or the galaxy, in one interphase: holding each
 * rising is then the first thing a commander learns, and every Empire does it. In the galactic game it
 * sends units against the hyperjump's drifts (`routeAware`) until the rising is all but sure to hold
 * (`holdsFast`); in a province, against the drifts only. Measured `normal` against `normal` with the
 * chapter whole (200 games, seed table, docs/ai-ladder.md): the galactic Rebel won 177 before the plans
 * played the chain and 118 with this and the rest of their play of it (cascade.ts); Embers of the
 * Reach's 116 without holding, 74 with `routeAware` (69 with `holdsFast` alone, 67 with both).
 */
function holdsRisings(ctx: PlanContext, skill: keyof PlanSkills): boolean {
  if (ctx.side !== 'imperial' || !chainsReact(ctx.view)) return false;
  const kind = ctx.content.scenarios.get(ctx.view.scenario)?.kind;
  if (kind === 'galactic') return skill === 'routeAware' || skill === 'holdsFast';
  return kind === 'province' && skill === 'routeAware';
}
