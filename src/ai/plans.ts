/**
 * `normal`'s plans: for each kind of decision, what a sensible commander does, judged from the view
 * alone. The Rebel hides, stays put and flies to the best planet, gathers information,
 * turns loyalty toward unrest and starts rebellions where it has come, his characters spread over an
 * environ's missions (`joiningValue`); the Empire first holds every
 * planet in rebellion with units (an empty one falls at the end of its turn [15.53]), hunts detected
 * characters, searches, talks unrest down and stops rebellions, and in the galactic game weighs its
 * strategic assignment (`assignmentNeeds`). Both attack only where the combat table
 * promises a better trade. A kind without a plan takes the engine's first option (every decision's options
 * are legal, so that is always a valid answer, just not a thoughtful one).
 */
import type { MissionLetterId, SideId } from '../core/content/schema';
import type { Command } from '../core/engine/types';
import type { GameView } from '../core/view';
import { rackingOdds } from '../core/odds';
import type { MissionHere } from '../../systems/rebels-vs-empire/missions';
import { assignmentNeeds, servesAssignment } from './plans/assignment';
import { combatEdge, charactersWinThere } from './plans/combat';
import { type PlanContext, type Plan, LOYALTY_INDEX, HIDDEN_STRENGTH, strongestHidden, option, best, planetOfEnviron, huntedEnvirons, strengthIn, character, galacticEmpireSkill } from './plans/context';
import { chooseDominoOption, chooseDominoPlanet } from './plans/domino';
import { riskyForTheHold, reinforceTheHold } from './plans/holding';
import { imperialMovement, imperialDestination, beginMovementMemory } from './plans/imperial-movement';
import { missionPriority, joiningValue } from './plans/missions';
import { placementValue, baseValue } from './plans/placement';
import { type Voyage, rebelMovement, voyageStep } from './plans/voyages';

export type { PlanContext, PlanSkills } from './plans/context';
export { beginMovementMemory, imperialMoveAlternatives, rememberMove, type MoveAlternative } from './plans/imperial-movement';

/**
 * [5.22] a stack adrift after a hyperjump is useless until it lands: it leaves its drift area first
 * thing, and lands where its side is strongest against the enemy's units there (a planet of its own
 * control preferred).
 */
export function leaveDrift(view: GameView, decision: { options: Command[] }, side: SideId): Command | undefined {
  const ways = decision.options.filter((o) => o.type === 'leave-drift');
  const enemy: SideId = side === 'rebel' ? 'imperial' : 'rebel';
  return best(ways, (o) => {
    if (o.outer === true) return 0;
    const to = o.to as number;
    const planet = planetOfEnviron(view, to);
    return strengthIn(view, to, side) - strengthIn(view, to, enemy) + (planet?.control === side ? 2 : 0) - (planet?.pdbUp && planet.control === enemy ? 1 : 0);
  });
}

const PLANS: Record<string, Plan> = {
  movement(ctx) {
    const drifting = leaveDrift(ctx.view, ctx.decision, ctx.side);
    if (drifting) return drifting;
    beginMovementMemory(ctx);
    return ctx.side === 'rebel' ? rebelMovement(ctx) : imperialMovement(ctx);
  },
  'move-group'(ctx) {
    const voyage = ctx.memory.voyage as Voyage | null | undefined;
    if (voyage) return voyageStep(ctx, voyage);
    return (ctx.side === 'imperial' ? imperialDestination(ctx) : undefined) ?? option(ctx, 'drop-group');
  },
  // [9.57, 13.7] a character in the mission stack may go on missions; one stacked with units may not
  'organize-stacks': (ctx) => option(ctx, 'mission-stack') ?? ctx.decision.options[0],
  'pick-for-mission'(ctx) {
    return option(ctx, 'pick-for-mission') ?? option(ctx, 'end-assignment');
  },
  'assign-mission'(ctx) {
    const ch = character(ctx.view, ctx.decision.options[0]?.character as number);
    const environ = ch?.environ ?? 0;
    const here = (ctx.decision.context?.missionsHere as MissionHere[] | undefined) ?? [];
    return best(ctx.decision.options, (o) => {
      if (o.type !== 'assign-mission') return -50;
      const letter = o.letter as MissionLetterId;
      const priority = missionPriority(ctx, letter, environ);
      const group = here.find((g) => g.letter === letter);
      // on a planet the assignment needs, everyone works at its mission: each adds his bonus draws [13.6]
      if (servesAssignment(ctx, letter, environ)) return priority + (o.declare ? 1 : 0);
      const value = group && ch ? joiningValue(ctx, letter, priority, group, ch.id) : priority;
      return value + (o.declare ? 1 : 0);
    });
  },
  'mission-draw'(ctx) {
    return option(ctx, 'draw-action') ?? option(ctx, 'stop-drawing');
  },
  reaction(ctx) {
    if (ctx.side === 'imperial') {
      const hunted = huntedEnvirons(ctx);
      const chase = option(ctx, 'react', (o) => hunted.has(o.to as number));
      if (chase) return chase;
    }
    return option(ctx, 'end-reaction');
  },
  'declare-search'(ctx) {
    const environ = ctx.decision.context?.environ as number;
    // units search without marking a character, and a squad fights for them [12.12]
    const search = !ctx.skills?.cautiousSearches || strengthIn(ctx.view, environ, ctx.side) > 0 || charactersWinThere(ctx, environ);
    return option(ctx, 'declare-search', (o) => o.search === search);
  },
  'search-by'(ctx) {
    const environ = ctx.decision.context?.environ as number;
    const byCharacters = !ctx.skills?.cautiousSearches || charactersWinThere(ctx, environ);
    return (
      option(ctx, 'search-by', (o) => o.by === 'units') ??
      (byCharacters ? option(ctx, 'search-by', (o) => o.by === 'characters') : undefined) ??
      option(ctx, 'search-by', (o) => o.by === 'none')
    );
  },
  'attack-found'(ctx) {
    const { environ, foundBy } = (ctx.decision.context ?? {}) as { environ?: number; foundBy?: string };
    const attack = !ctx.skills?.cautiousSearches || foundBy !== 'characters' || charactersWinThere(ctx, environ ?? 0);
    // after a card's search only the attack is offered [12.15]: no match, and `planFor` takes it
    return option(ctx, 'attack-found', (o) => o.attack === attack);
  },
  // [11.0] the cleverest character hides the group
  'choose-hider': (ctx) =>
    best(ctx.decision.options, (o) => {
      const ch = character(ctx.view, o.character as number);
      return ch ? (ctx.content.characters.get(ch.id)?.intelligence ?? 0) : 0;
    }),
  // attack where the tables promise to take more than is lost
  'declare-combat'(ctx) {
    const environ = ctx.decision.options[0]?.environ as number;
    const rebellion = ctx.decision.rule === '[10.7]';
    if (galacticEmpireSkill(ctx, 'holdsFast') && !rebellion && riskyForTheHold(ctx, environ)) return option(ctx, 'no-combat');
    return combatEdge(ctx, environ, ctx.side, rebellion) > 0 ? option(ctx, 'declare-combat') : option(ctx, 'no-combat');
  },
  'pdb-attack': (ctx) => option(ctx, 'pdb-fire'),
  // [9.28] rake a ship when the PDB is at least as likely to hit it as to be knocked down by its cannon
  'pdb-racking'(ctx) {
    const { pdbLevel, shields, cannon } = (ctx.decision.context ?? {}) as { pdbLevel?: number; shields?: number; cannon?: number };
    const odds = rackingOdds(ctx.content.tables, pdbLevel ?? 0, shields ?? 0, cannon ?? 0);
    return option(ctx, odds.shipHit >= odds.pdbDown ? 'pdb-rack' : 'pdb-hold');
  },
  'allocate-losses'(ctx) {
    return best(ctx.decision.options, (o) => -(ctx.view.units.find((u) => u.eid === o.unit)?.combat ?? HIDDEN_STRENGTH));
  },
  'combat-intent': (ctx) => option(ctx, 'combat-intent', (o) => o.intent === 'kill'),
  'active-or-inactive'(ctx) {
    const combat = (ctx.decision.context?.combat as number | undefined) ?? 0;
    const wounds = (ctx.decision.context?.wounds as number | undefined) ?? 0;
    return option(ctx, 'combat-role', (o) => o.role === (combat - wounds >= 3 ? 'active' : 'inactive')) ?? ctx.decision.options[0];
  },
  'break-off'(ctx) {
    const differential = (ctx.decision.context?.differential as number | undefined) ?? 0;
    return option(ctx, 'break-off', (o) => o.attempt === differential > 0);
  },
  // [12.7] wounds go to whoever has the most endurance left
  'assign-wound'(ctx) {
    return best(ctx.decision.options, (o) => {
      const ch = character(ctx.view, o.character as number);
      return ch ? (ctx.content.characters.get(ch.id)?.endurance ?? 0) - ch.wounds : 0;
    });
  },
  'place-reinforcement'(ctx) {
    const held = galacticEmpireSkill(ctx, 'holdsFast') ? reinforceTheHold(ctx) : undefined;
    if (held) return held;
    const hunted = huntedEnvirons(ctx);
    return (
      option(ctx, 'place-reinforcement', (o) => hunted.has(o.environ as number)) ??
      best(ctx.decision.options, (o) => {
        const planet = planetOfEnviron(ctx.view, o.environ as number);
        // a planet the assignment needs first: the newcomers work there at once
        const assignment = planet && assignmentNeeds(ctx).has(planet.eid) ? 10 : 0;
        return planet ? LOYALTY_INDEX[planet.loyalty] + (planet.state === 'rebellion' ? 5 : 0) + assignment : 0;
      })
    );
  },
  // galactic game: hide the base where the neighbourhood is ripest for revolt
  'choose-base': (ctx) => best(ctx.decision.options, (o) => baseValue(ctx, o.planet as number)),
  'place-units': (ctx) => best(ctx.decision.options, (o) => placementValue(ctx, o.environ as number, 'unit')),
  'place-characters': (ctx) => best(ctx.decision.options, (o) => placementValue(ctx, o.environ as number, 'characters')),
  'domino-option': chooseDominoOption,
  'domino-planet': chooseDominoPlanet,
  // [8.32] a PDB up first: without it a planet in rebellion never falls to the Rebel [15.53]
  'raise-rebel-unit': (ctx) => option(ctx, 'raise-pdb') ?? option(ctx, 'raise-unit', (o) => o.unitType === 'rebel-1-0') ?? option(ctx, 'raise-unit') ?? option(ctx, 'end-raising'),
  'receive-imperial-ship': (ctx) => option(ctx, 'receive-imperial-ship', (o) => o.knight !== 0) ?? ctx.decision.options[0],
  // [14.11, 14.51] a starship found goes to the best navigator, who can fly it; anything else to the first
  'assign-possession'(ctx) {
    if (ctx.decision.context?.kind !== 'spaceship') return undefined;
    return best(ctx.decision.options, (o) => ctx.content.characters.get(character(ctx.view, o.character as number)?.id ?? '')?.navigation ?? 0);
  },
  'reassign-spaceship': (ctx) => option(ctx, 'reassign-spaceship', (o) => o.character !== 0) ?? ctx.decision.options[0],
  'mission-subvert'(ctx) {
    // [13.2 T] the strongest unit the points surely win over; a hidden one is a gamble unless the points
    // cover the strongest hidden type, and a sure unit comes first
    const left = (ctx.decision.context?.pointsLeft as number | undefined) ?? 0;
    const surelyFits = left >= strongestHidden(ctx.content);
    return best(ctx.decision.options, (o) => ctx.view.units.find((u) => u.eid === o.unit)?.combat ?? (surelyFits ? HIDDEN_STRENGTH : 0.5));
  },
};

/** The plan's answer, or the first option where no plan applies. */
export function planFor(ctx: PlanContext): Command {
  const plan = PLANS[ctx.decision.kind];
  return (plan && plan(ctx)) ?? (ctx.decision.options[0] as Command);
}

export const PLANNED_KINDS = Object.keys(PLANS);
