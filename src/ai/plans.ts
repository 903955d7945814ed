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
import { hyperjumpOddsOn } from '../../systems/rebels-vs-empire/hyperjump';
import type { MissionLetterId, SideId } from '../core/content/schema';
import { isGalacticScenario, type Content } from '../core/content/validate';
import type { Command, Decision } from '../core/engine/types';
import type { GameView } from '../core/view';
import { characterColumn, militaryColumn } from '../core/odds';
import { shiftFromFacts } from '../../systems/rebels-vs-empire/military-combat';
import { ratingDraws } from '../../systems/rebels-vs-empire/bonus-draw';
import type { MissionHere } from '../../systems/rebels-vs-empire/missions';

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

type Plan = (ctx: PlanContext) => Command | undefined;

const LOYALTY_INDEX = { patriotic: 0, loyal: 1, neutral: 2, dissent: 3, unrest: 4 } as const;

/** Average strength assumed for an enemy unit whose strength is hidden [7.22] (patrol 1, line 3). */
const HIDDEN_STRENGTH = 2;

/** The strength of the strongest unit type that hides its strength [7.22] (line 3). */
function strongestHidden(content: Content): number {
  return Math.max(0, ...content.tables.unitTypes.filter((t) => t.hidden).map((t) => t.combat));
}

function option(ctx: PlanContext, type: string, where: (o: Command) => boolean = () => true): Command | undefined {
  return ctx.decision.options.find((o) => o.type === type && where(o));
}

function best<T>(items: T[], score: (t: T) => number): T | undefined {
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
function environView(view: GameView, environ: number) {
  return view.environs.find((e) => e.eid === environ);
}

function planetOfEnviron(view: GameView, environ: number) {
  const env = environView(view, environ);
  return env ? view.planets.find((p) => p.eid === env.planet) : undefined;
}

/** Environs holding detected enemy characters (for the Empire: Rebels it can hunt). */
function huntedEnvirons(ctx: PlanContext): Set<number> {
  return new Set(ctx.view.characters.filter((c) => c.side !== ctx.side && c.detected && !c.dead && !c.captured).map((c) => c.environ));
}

function strengthIn(view: GameView, environ: number, side: SideId): number {
  return view.units.filter((u) => u.environ === environ && u.side === side).reduce((sum, u) => sum + (u.combat ?? HIDDEN_STRENGTH), 0);
}

function character(view: GameView, eid: number) {
  return view.characters.find((c) => c.eid === eid);
}

/** The side's free characters in an environ. */
function teamIn(ctx: PlanContext, environ: number): GameView['characters'] {
  return ctx.view.characters.filter((c) => c.side === ctx.side && c.environ === environ && !c.captured && !c.dead);
}

/** The best leadership among a side's characters seen in the environ [10.4]. */
function bestLeadership(ctx: PlanContext, environ: number, side: SideId): number {
  let top = 0;
  for (const ch of ctx.view.characters)
    if (ch.side === side && ch.environ === environ && !ch.dead && !ch.captured) top = Math.max(top, ctx.content.characters.get(ch.id)?.leadership ?? 0);
  return top;
}

/**
 * [10.0-10.7] What an attack in this environ should gain, from the tables: the share of his strength the
 * defender is expected to lose less the share the attacker loses, on the column the strengths and the
 * shifts give (the rules' own `shiftFromFacts`). Enemy units the view hides count at an average
 * strength; a hidden unit's type is assumed to suit the environ.
 */
function combatEdge(ctx: PlanContext, environ: number, attacker: SideId, rebellion: boolean): number {
  const { attack, defence, column } = combatColumn(ctx, environ, attacker, rebellion);
  let edge = 0;
  for (const row of ctx.content.tables.militaryCombat.rows) {
    const [attackerLoss, defenderLoss] = row[column] ?? [0, 0];
    edge += (Math.min(defenderLoss, defence) / Math.max(defence, 1) - Math.min(attackerLoss, attack) / Math.max(attack, 1)) / 6;
  }
  return edge;
}

/**
 * [10.0-10.5] The column of an attack in this environ: the strengths (the Empire's as given, when
 * weighing units it may send) and the shifts of the leaders and the environ there.
 */
function combatColumn(ctx: PlanContext, environ: number, attacker: SideId, rebellion: boolean, imperialStrength?: number) {
  const { view, content } = ctx;
  const strength = (side: SideId) => (side === 'imperial' && imperialStrength !== undefined ? imperialStrength : strengthIn(view, environ, side));
  const defender: SideId = attacker === 'rebel' ? 'imperial' : 'rebel';
  const attack = strength(attacker);
  const defence = strength(defender);
  const type = environView(view, environ)?.type;
  const lead = { rebel: bestLeadership(ctx, environ, 'rebel'), imperial: bestLeadership(ctx, environ, 'imperial') };
  const shift = shiftFromFacts(
    {
      rebelLeadership: lead.rebel,
      imperialLeadership: lead.imperial,
      rebelUnitOfEnvironType: view.units.some((u) => u.environ === environ && u.side === 'rebel' && (u.environType === null || u.environType === type)),
      urban: type === 'urban',
      rebellion,
    },
    attacker,
  );
  return { attack, defence, column: militaryColumn(content.tables, attack, defence, shift, lead[attacker] > 0) };
}

/**
 * [12.6, 12.7] What a character fight should gain the attackers: the share of the defenders' endurance
 * the attacker's die is expected to wound, less the share of their own the defender's die wounds, on the
 * column the combat ratings give (every defender taken as active; possessions left out). Positive: the
 * table favours the attack.
 */
function characterCombatEdge(ctx: PlanContext, attackers: GameView['characters'], defenders: GameView['characters']): number {
  const t = ctx.content.tables.characterCombat;
  const ratings = (chars: GameView['characters']) => {
    let combat = 0;
    let endurance = 0;
    for (const ch of chars) {
      const def = ctx.content.characters.get(ch.id);
      combat += Math.max(0, (def?.combat ?? 0) - ch.wounds);
      endurance += Math.max(0, (def?.endurance ?? 0) - ch.wounds);
    }
    return { combat, endurance: Math.max(endurance, 1) };
  };
  const attack = ratings(attackers);
  const defence = ratings(defenders);
  const column = characterColumn(ctx.content.tables, attack.combat - defence.combat, false); // the plans fight to kill
  let edge = 0;
  for (const row of t.rows) {
    const cell = row[column]!;
    edge += (cell.defender / defence.endurance - cell.attacker / attack.endurance) / t.rows.length;
  }
  return edge;
}

/** Whether the side's free characters in the environ should fight the enemies detected there. */
function charactersWinThere(ctx: PlanContext, environ: number): boolean {
  const here = ctx.view.characters.filter((c) => c.environ === environ && !c.dead && !c.captured);
  const own = here.filter((c) => c.side === ctx.side);
  const enemies = here.filter((c) => c.side !== ctx.side && c.detected);
  return own.length > 0 && enemies.length > 0 && characterCombatEdge(ctx, own, enemies) > 0;
}

// ---------------------------------------------------------------- missions

/** The mission a character should take where he stands, by the side's aims. */
function missionPriority(ctx: PlanContext, letter: MissionLetterId, environ: number): number {
  if (letter === 'E') return summonPriority(ctx, environ);
  const planet = planetOfEnviron(ctx.view, environ);
  const loyalty = planet ? LOYALTY_INDEX[planet.loyalty] : 2;
  const state = planet?.state ?? 'imperial-control';
  if (ctx.side === 'rebel') {
    switch (letter) {
      case 'R':
        return loyalty === 4 && state !== 'rebellion' && state !== 'rebel-control' ? 100 : -1; // [15.2] only from unrest
      case 'C':
        return state === 'imperial-control' ? 55 : 0;
      case 'D':
        return state === 'rebellion' || state === 'rebel-control' || loyalty >= 4 ? 0 : 60 + loyalty;
      case 'I':
        // [13.2] each letter a victory point; in the galactic game none (it only stirs the Chaos Index)
        return isGalacticScenario(ctx.content, ctx.view.scenario) ? 15 : 50;
      case 'T':
        return strengthIn(ctx.view, environ, 'imperial') > 0 ? 45 : 0;
      case 'F':
        return 70;
      case 'G':
        return ctx.skills?.recruiting ? RECRUITING_PRIORITY : 40;
      case 'P':
        return 30;
      case 'J':
        // [13.2 J] a starship: the galaxy is crossed by ship [5.22], and in the galactic game a Rebel
        // without ships sits scavenging while the unrest he could raise is a jump away
        return isGalacticScenario(ctx.content, ctx.view.scenario) ? GALACTIC_QUEST_PRIORITY : 32;
      case 'B':
        return 35;
      case 'S':
        return 20;
      default:
        return 10;
    }
  }
  switch (letter) {
    case 'R':
      return state === 'rebellion' ? 100 : -1; // [13.53] stop rebellion
    case 'A':
      return 80;
    case 'F':
      return 70;
    case 'D':
      // a planet at unrest is one Start Rebellion away from rising [15.2]: talk it down first
      if (state === 'rebellion' || state === 'rebel-control' || loyalty === 0) return 0;
      return loyalty >= 4 ? 95 : loyalty === 3 ? 75 : 60 + loyalty;
    case 'C':
      return 40;
    case 'I':
      return 50;
    case 'G':
      return 45;
    default:
      return 10;
  }
}

/**
 * [13.2 E] Summon Sovereign, for either side: worth it on a planet where the side plans Diplomacy (its
 * Diplomacy priority there is above nothing), as the sovereign adds bonus draws to every Diplomacy of
 * the side on his planet from then on, the same mission phase's included (bonus draws come after the
 * action draws [13.6]). Below Diplomacy itself, so a lone character talks to the people; just above
 * Gather Information, and well above joining a Diplomacy group (`joiningValue`), so a second character
 * summons while the first talks (a card drawn there counts for both [13.41]). More when the enemy holds
 * him: his favour changes sides.
 */
function summonPriority(ctx: PlanContext, environ: number): number {
  const sovereign = environView(ctx.view, environ)?.sovereign;
  if (!sovereign || sovereign.court === ctx.side) return 0;
  if (missionPriority(ctx, 'D', environ) <= 0) return SUMMON_IDLE_PRIORITY;
  return SUMMON_PRIORITY + (sovereign.court ? SUMMON_BACK_PRIORITY : 0);
}
const SUMMON_PRIORITY = 52;
/**
 * The Rebel's Spaceship Quest in the galactic game: above Sabotage (35) and Gather Information, below
 * Diplomacy. Measured, normal Rebel, 200 games seed table: at 32, 176 wins against random and 113 against
 * normal; at 48, 181 and 115; at 58, 187 and 137 (above the 35-65% band); at 40, 172 and 134 (noisy).
 */
const GALACTIC_QUEST_PRIORITY = 48;
/** Taking him from the enemy's court takes its bonus draws away too. */
const SUMMON_BACK_PRIORITY = 8;
/** Where the side plans no Diplomacy the sovereign's favour is worth little (still more than nothing: plans change). */
const SUMMON_IDLE_PRIORITY = 5;

/**
 * Gain Characters for the `recruiting` Rebel: above every mission but Start Rebellion (100). A character
 * gained early performs missions (and draws action cards) for the rest of the game, so a recruit pays
 * back more than one letter now. Measured over 200 games a scenario against `normal`, the Rebel with it
 * won 130, 79, 133 and 164 games (Wendmoor, Hrodmar, Embers, Verdant Drift) where `normal` won 71, 72,
 * 106 and 122. At 65 (above Diplomacy, below Free Prisoners) it won within 3 games of that; at 110
 * (above Start Rebellion) it won 111, 75, 106 and 130: a planet at unrest must rise first.
 */
const RECRUITING_PRIORITY = 90;

/**
 * [13.41, 13.6] What one more character adds to a mission his friends in the environ already perform.
 * The environ's action cards count for every mission performed there, so a second mission makes each
 * card more likely to bear a letter that pays, while a bigger group gains only bonus draws: the best
 * rating in the group gives them, and each member's own. So joining is worth the extra draws he brings,
 * and a commander spreads his characters over the environ's missions. Measured over 200 games a
 * scenario, for `normal`'s Rebel against `random`: 1 to 18 more wins (Wendmoor's 173 became 191).
 */
function joiningValue(ctx: PlanContext, letter: MissionLetterId, priority: number, group: MissionHere, joiner: string): number {
  const rating = ctx.content.missions.get(letter)?.bonusDraws.rating;
  const ratingOf = (id: string | undefined) => {
    const def = ctx.content.characters.get(id ?? '');
    return rating && def ? def[rating] : 0;
  };
  const groupBest = Math.max(0, ...group.members.map((m) => ratingOf(character(ctx.view, m)?.id)));
  const ownDraws = ctx.content.characters.get(joiner)?.bonusDraws[letter] ?? 0;
  const ratingGain = rating ? ratingDraws(rating, Math.max(groupBest, ratingOf(joiner))) - ratingDraws(rating, groupBest) : 0;
  const draws = ratingGain + ownDraws;
  return priority * JOINING_SHARE + draws * BONUS_DRAW_VALUE;
}

/**
 * A place in a mission already performed in the environ is worth this share of the mission (one more
 * member to carry it on if another falls or is captured [13.52])...
 */
const JOINING_SHARE = 0.2;
/** ...plus this much for each bonus draw the joiner adds (a letter's worth is about 50-100). */
const BONUS_DRAW_VALUE = 10;

// ---------------------------------------------------------------- the strategic assignment

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
function assignmentNeeds(ctx: PlanContext): Set<number> {
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
function assignmentValue(ctx: PlanContext, planet: number, ship = 0): number {
  const needed = assignmentNeeds(ctx).has(planet) ? ASSIGNMENT_VALUE : 0;
  const envoy = ship ? assignmentEnvoy(ctx) : null;
  if (!envoy || envoy.ship !== ship) return needed;
  const jumps = jumpsToNeeds(ctx, planet);
  return needed + (jumps < envoy.jumps && jumps <= turnsToDeadline(ctx.view) ? ASSIGNMENT_VALUE : 0);
}

/** Imperial movement segments left after this turn's before the assignment is judged (0 on its last turn). */
function turnsToDeadline(view: GameView): number {
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

/** [5.22] The fewest hyperjump routes from one star system to another (0 within one; Infinity if none joins them). */
function jumpsBetween(content: Content, from: string, to: string): number {
  let table = jumpTables.get(content);
  if (!table) jumpTables.set(content, (table = new Map()));
  let fromHere = table.get(from);
  if (!fromHere) {
    // breadth first over the routes, once a system
    fromHere = new Map([[from, 0]]);
    const queue = [from];
    for (let system = queue.shift(); system !== undefined; system = queue.shift())
      for (const r of content.galaxy.routes) {
        const next = r.from === system ? r.to : r.to === system ? r.from : undefined;
        if (next !== undefined && !fromHere.has(next)) {
          fromHere.set(next, (fromHere.get(system) as number) + 1);
          queue.push(next);
        }
      }
    table.set(from, fromHere);
  }
  return fromHere.get(to) ?? Infinity;
}
const jumpTables = new WeakMap<Content, Map<string, Map<string, number>>>();

/**
 * Whether the mission serves the Empire's assignment here: Stop Rebellion [13.53] on a planet in
 * rebellion, Diplomacy on one at unrest, where the assignment needs the planet.
 */
function servesAssignment(ctx: PlanContext, letter: MissionLetterId, environ: number): boolean {
  const planet = planetOfEnviron(ctx.view, environ);
  if (!planet || !assignmentNeeds(ctx).has(planet.eid)) return false;
  return planet.state === 'rebellion' ? letter === 'R' : letter === 'D' && planet.loyalty === 'unrest';
}

// ---------------------------------------------------------------- movement

/** A Rebel team flying to a planet where missions pay more. */
interface Voyage {
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

/** How much the Rebel gains by missions on a planet: unrest (rebellion) most, then dissent... */
function rebelPlanetValue(ctx: PlanContext, planetEid: number, ship = 0): number {
  const planet = ctx.view.planets.find((p) => p.eid === planetEid);
  if (!planet || !planet.inPlay) return -1;
  if (planet.state === 'rebellion' || planet.state === 'rebel-control') return 0;
  const value = 1 + LOYALTY_INDEX[planet.loyalty];
  if (!isGalacticScenario(ctx.content, ctx.view.scenario)) return value;
  return Math.max(CROWDED_FLOOR, value - CROWDING * crowdOn(ctx, planetEid, ship));
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
function rebelMovement(ctx: PlanContext): Command | undefined {
  const galactic = isGalacticScenario(ctx.content, ctx.view.scenario);
  return (galactic ? pilotIdleShip(ctx) : undefined) ?? startVoyage(ctx, rebelPlanetValue) ?? option(ctx, 'end-movement');
}

/**
 * A team's flight: a ship with its pilot aboard, from a planet where the side's missions offer little to
 * the planet (by `planetValue`) where they pay most. Once a movement segment in the star-system and
 * province games; in the galactic game every ship may fly its team (one flight a segment left the
 * Rebel's teams idle on a risen Ironmaw, scavenging, while the galaxy waited at unrest).
 */
function startVoyage(ctx: PlanContext, planetValue: (ctx: PlanContext, planet: number, ship: number) => number): Command | undefined {
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
 * [5.22, tables.md] the chance that a flight from planet `from` to planet `to` arrives: 1 within a
 * star system, 0 where no hyperjump route joins the systems, else the table's chance of "safe" for the
 * route's distance and the pilot's navigation.
 */
function safeArrival(content: Content, from: string, to: string, navigation: number): number {
  const a = content.planets.get(from)?.system;
  const b = content.planets.get(to)?.system;
  if (!a || !b) return 0;
  if (a === b) return 1;
  const route = content.galaxy.routes.find((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
  if (!route) return 0;
  return hyperjumpOddsOn(content.tables.hyperjump, route.distance, navigation).safe ?? 0;
}

/**
 * How much the Empire gains by its characters' missions on a planet. A planet at unrest comes first: it
 * is one Start Rebellion away from rising [15.2], and Diplomacy talks it down. Then a planet in
 * rebellion (Stop Rebellion [13.53]), then one in dissent. Measured over 200 games a scenario, the
 * Empire with it against `normal` took the Rebel's wins from 72, 106 and 122 to 46, 75 and 77 in the
 * three scenarios where the Empire has a ship. (On the engine before the [9.57] mend, rebellion first
 * took off at most 5 games, rebellion last 11 to 25, and this order 9 to 35.)
 */
function imperialPlanetValue(ctx: PlanContext, planetEid: number, ship = 0): number {
  const planet = ctx.view.planets.find((p) => p.eid === planetEid);
  // an undiscovered secret planet is closed to the Empire: a team that chose it could not land, and
  // stayed where it was, often all game (the throne world's teams, next to Nerith)
  if (!planet || !planet.inPlay || planet.unknownToEmpire) return -1;
  const assignment = assignmentValue(ctx, planetEid, ship);
  if (planet.state === 'rebellion') {
    // routeAware: with no Imperial unit on it, it falls at the end of this turn unless stopped [15.53]
    const unheld = ctx.skills?.routeAware && strengthOnPlanet(ctx.view, planetEid, 'imperial') === 0;
    return (unheld ? UNHELD_REBELLION_VALUE : REBELLION_VALUE) + assignment;
  }
  if (planet.state !== 'imperial-control') return assignment;
  return LOYALTY_INDEX[planet.loyalty] + assignment;
}

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

function voyageStep(ctx: PlanContext, voyage: Voyage): Command | undefined {
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
      const own = strengthIn(ctx.view, o.to as number, ctx.side) > 0 ? -100 : 0;
      const creature = ctx.skills?.avoidsCreatures ? creatureDanger(ctx, o.to as number) : 0;
      return own - creature + (env?.type === 'urban' ? 10 : 0) + (env?.size ?? 0);
    },
  );
  ctx.memory.voyage = null;
  return landing ?? option(ctx, 'drop-group');
}

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

/** The planet each environ lies on, for the view's units. */
function planetOfUnit(view: GameView, unit: { environ: number }): number {
  return environView(view, unit.environ)?.planet ?? 0;
}

/** Strength of a side's units on a planet (hidden enemy units at an average strength). */
function strengthOnPlanet(view: GameView, planet: number, side: SideId): number {
  return view.units.filter((u) => u.side === side && planetOfUnit(view, u) === planet).reduce((sum, u) => sum + (u.combat ?? HIDDEN_STRENGTH), 0);
}

/** How many Imperial units stand on a planet. */
function imperialUnitsOn(view: GameView, planet: number): number {
  return view.units.filter((u) => u.side === 'imperial' && planetOfUnit(view, u) === planet).length;
}

/** How many of the Empire's units stay on a planet this segment: all but those already sent elsewhere. */
function unitsStaying(view: GameView, planet: number, sent: readonly number[]): number {
  return view.units.filter((u) => u.side === 'imperial' && !sent.includes(u.eid) && planetOfUnit(view, u) === planet).length;
}

/**
 * [14.51] The galactic game: a ship whose holder is not beside it, or holds another ship there, cannot
 * fly a team, so it is handed to the best navigator beside it who holds no ship. The rules deal the
 * Empire's starting ships to its pilots at random [14.61], often two to one character, and a pilot who
 * flies off as another team's passenger leaves his own ship behind: most games, the Empire's second and
 * third ships never flew. With them flying, `normal`'s Rebel won 110 of 200 seed-table games against
 * it, 133 without (docs/rules.md, "The galactic game").
 */
function pilotIdleShip(ctx: PlanContext): Command | undefined {
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
function fallChance(ctx: PlanContext, planet: number, added?: { environ: number; strength: number }): number {
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
function riskyForTheHold(ctx: PlanContext, environ: number): boolean {
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
function reinforceTheHold(ctx: PlanContext): Command | undefined {
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
function rebellionsToHold(ctx: PlanContext, sentStrength: Record<number, number>): { planet: number; need: number }[] {
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
      if (ctx.skills?.routeAware && present === 0 && (missed[p.eid] ?? 1) > HOLD_RISK) need = Math.max(need, 1);
      // holdsFast: and until the units there are all but sure to outlast the Rebel's attack
      if (galacticEmpireSkill(ctx, 'holdsFast') && fallChance(ctx, p.eid) > HOLD_RISK) need = Math.max(need, 1);
      return { planet: p.eid, need };
    })
    .filter((x) => x.need > 0)
    .sort((x, y) => Number(needs.has(y.planet)) - Number(needs.has(x.planet)) || y.need - x.need);
}

/**
 * The Empire first holds every planet in rebellion (mobile units from planets not in rebellion that keep
 * another unit, so no planet is stripped for another); then sends units after detected Rebels.
 */
function imperialMovement(ctx: PlanContext): Command | undefined {
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
  const arrival = (u: GameView['units'][number], planet: number) => (ctx.skills?.routeAware ? unitArrival(ctx, planetOfUnit(view, u), planet) : 1);
  for (const { planet } of rebellionsToHold(ctx, sentStrength)) {
    const unheld = strengthOnPlanet(view, planet, 'imperial') === 0;
    const mayGo = (u: GameView['units'][number]) => {
      const from = planetOfUnit(view, u);
      if (from === planet || arrival(u, planet) <= 0) return false;
      // holdsFast: a planet in rebellion spares a unit only if it stays all but sure to hold without it
      if (galacticEmpireSkill(ctx, 'holdsFast') && inRebellion.has(from)) return staying(from) > 1 && fallChance(ctx, from, { environ: u.environ, strength: -(u.combat ?? 0) }) <= HOLD_RISK;
      if (ctx.skills?.routeAware) return maySpare(view, u, from, staying(from), unheld);
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
    const arrives = ctx.skills?.routeAware ? arrival(unit, planet) : 1;
    ctx.memory.sentStrength = { ...sentStrength, [planet]: (sentStrength[planet] ?? 0) + (unit.combat ?? 0) * arrives };
    const missed = (ctx.memory.holdMissed as Record<number, number> | undefined) ?? {};
    ctx.memory.holdMissed = { ...missed, [planet]: (missed[planet] ?? 1) * (1 - arrives) };
    ctx.memory.moveTo = { planet };
    return option(ctx, 'pick', (o) => o.piece === unit.eid);
  }
  const garrison = garrisonToFill(ctx, movable, staying, inRebellion);
  if (garrison) return garrison;
  const hunted = huntedEnvirons(ctx);
  if (!hunted.size) return option(ctx, 'end-movement');
  return huntDetected(ctx, movable, staying, inRebellion, hunted) ?? option(ctx, 'end-movement');
}

/**
 * `holdsFast`: send the unit that most lowers the chance that the planet falls this turn (its chance of
 * landing [5.22] times what it adds in its best environ), if it lowers it by enough to be worth the
 * planet it leaves.
 */
function holdFast(ctx: PlanContext, planet: number, candidates: GameView['units'], arrival: (u: GameView['units'][number], planet: number) => number): Command | undefined {
  const now = fallChance(ctx, planet);
  let chosen: { unit: GameView['units'][number]; environ: number; fall: number } | undefined;
  for (const unit of candidates) {
    const there = holdingEnviron(ctx, planet, unit.combat ?? HIDDEN_STRENGTH);
    if (!there) continue;
    const arrives = arrival(unit, planet);
    const fall = (1 - arrives) * now + arrives * there.fall;
    if (!chosen || fall < chosen.fall) chosen = { unit, environ: there.environ, fall };
  }
  if (!chosen || now - chosen.fall < MIN_HOLD_GAIN) return undefined;
  ctx.memory.sent = [...unitsSent(ctx.memory), chosen.unit.eid];
  ctx.memory.moveTo = { planet, environ: chosen.environ };
  return option(ctx, 'pick', (o) => o.piece === chosen.unit.eid);
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
function maySpare(view: GameView, unit: GameView['units'][number], from: number, staying: number, emergency: boolean): boolean {
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
const HOLD_RISK = 0.1;

/** [5.22] The chance that one Imperial unit moved alone from a planet reaches another in one move (navigation 1). */
function unitArrival(ctx: PlanContext, from: number, to: number): number {
  const id = (eid: number) => ctx.view.planets.find((p) => p.eid === eid)?.id ?? '';
  return safeArrival(ctx.content, id(from), id(to), 1);
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
        if (ctx.skills?.routeAware && unitArrival(ctx, from, planet) === 0) return false; // [5.22] no route leads there
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
function imperialDestination(ctx: PlanContext): Command | undefined {
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

// ---------------------------------------------------------------- initial placement [16.12-16.14]

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
function placementValue(ctx: PlanContext, environ: number, what: 'unit' | 'characters'): number {
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

/** The Imperial units the plan has sent somewhere this movement segment (each moves once). */
function unitsSent(memory: PlanContext['memory']): number[] {
  return (memory.sent as number[] | undefined) ?? [];
}

/** A movement segment's plan memory starts empty: what was sent, where, and a Rebel voyage. */
export function beginMovementMemory(ctx: PlanContext): void {
  const segment = `${ctx.view.turn}:${ctx.view.segment}`;
  if (ctx.memory.segment !== segment) Object.assign(ctx.memory, { segment, sent: [], sentStrength: {}, holdMissed: {}, huntSent: {}, garrisonSent: {}, moveTo: undefined, voyage: null, voyagedShips: [] });
}

/**
 * Does the Empire play this skill of its galactic game here? `firebreaks` (its domino shifts reach a
 * galaxy of planets) and `holdsFast` are the Empire's in the galactic game only: the province
 * scenarios' rows were measured without them.
 */
function galacticEmpireSkill(ctx: PlanContext, skill: 'firebreaks' | 'holdsFast'): boolean {
  return ctx.side === 'imperial' && !!ctx.skills?.[skill] && isGalacticScenario(ctx.content, ctx.view.scenario);
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

// ---------------------------------------------------------------- the plans

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
  'domino-option'(ctx) {
    const targets = (ctx.decision.context?.targets as Record<string, string[]> | undefined) ?? {};
    if (galacticEmpireSkill(ctx, 'firebreaks')) return best(ctx.decision.options, (o) => firebreakOption(ctx, o.shift as string, targets[o.shift as string] ?? []));
    const order = ['all', 'two', 'one'];
    return best(ctx.decision.options, (o) => (targets[o.shift as string]?.length ? 10 - order.indexOf(o.shift as string) : 0));
  },
  'domino-planet'(ctx) {
    return best(ctx.decision.options, (o) => {
      const planet = ctx.view.planets.find((p) => p.eid === o.planet);
      const loyalty = planet ? LOYALTY_INDEX[planet.loyalty] : 2;
      // the Empire shifts a planet its assignment needs (at unrest) before any other
      const assignment = planet && assignmentNeeds(ctx).has(planet.eid) ? 10 : 0;
      if (galacticEmpireSkill(ctx, 'firebreaks')) return assignment + (planet ? firebreakValue(planet) : 0);
      return ctx.side === 'rebel' ? loyalty : assignment - loyalty; // push the nearest planet over the edge
    });
  },
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

/**
 * How good a secret planet is for the Rebel's base: the discontent (loyalty toward unrest) of the planets
 * in its own star system and in the systems one hyperjump route away, where the base's characters can
 * reach in one move.
 */
function baseValue(ctx: PlanContext, planet: number): number {
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

/** The plan's answer, or the first option where no plan applies. */
export function planFor(ctx: PlanContext): Command {
  const plan = PLANS[ctx.decision.kind];
  return (plan && plan(ctx)) ?? (ctx.decision.options[0] as Command);
}

export const PLANNED_KINDS = Object.keys(PLANS);
