/**
 * `hard`: a conquest player that plans its whole turn [002 II Turns] from its view.
 *
 * - Claiming [002 II Start of Game]: it goes for a continent that is cheap to hold (a big bonus for few
 *   borders) that nobody else has entered, taking its borders first, and blocks a rival about to
 *   complete one.
 * - Placing: all new armies where the turn's plan starts (plan.ts: the goal worth most, with exact odds),
 *   after the borders of the continents it holds are guarded.
 * - Attacking: the plan's next attack, planned again after every roll, so it stops when the dice turn.
 * - Moving in: all but the guard a continent's border needs, when the plan goes on from the new territory.
 * - Fortifying: interior armies to the border of a held continent that needs them most, else to the front.
 */
import type { Command, Decision } from '../../core/engine/types';
import { Rng } from '../../core/rng';
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import type { ConquestAgent, ConquestAgentFactory } from './agent';
import { cedeChoice, freeAction, withSneak, withTruce } from './bloc-sense';
import { Board, continentShapes, maxBy } from './board';
import { HARD_WEIGHTS, Planner, type PlanWeights } from './plan';

type C = Command<FactionId>;

/** What the player remembers between decisions: its territories when its turn began. */
interface Memory {
  round: number;
  heldAtStart: Set<string>;
}

interface Context {
  b: Board;
  weights: PlanWeights;
  memory: Memory;
  decision: Decision<FactionId>;
}

export function makeHardAgent(weights: PlanWeights = HARD_WEIGHTS): ConquestAgentFactory {
  return ({ faction, seed, seedHash }) => {
    const rng = Rng.fromSeed(`conquest-hard:${faction}:${seed}`, seedHash);
    const memory: Memory = { round: -1, heldAtStart: new Set() };
    return {
      name: 'hard',
      decide(view: ConquestView, decision: Decision<FactionId>): C {
        const b = new Board(view, faction);
        if (['conquest-trade', 'conquest-bonus', 'conquest-place'].includes(decision.kind) && memory.round !== view.round) {
          memory.round = view.round;
          memory.heldAtStart = new Set(b.myTerritories);
        }
        // bloc politics first [003]: a free action of the attack stage, the system a defector cedes
        const political = decision.kind === 'conquest-attack' ? freeAction(b, decision.options) : decision.kind === 'conquest-cede' ? cedeChoice(b, decision) : undefined;
        if (political) return political;
        const choose = CHOOSERS[decision.kind];
        const chosen = choose?.({ b, weights, memory, decision }, decision.options);
        // [3F3] the end of a turn's attacks may be the time for a truce
        return withTruce(b, decision.options, chosen) ?? rng.pick(decision.options);
      },
    };
  };
}

export const hardConquestAgent: ConquestAgentFactory = makeHardAgent();

type Chooser = (ctx: Context, options: C[]) => C | undefined;

/** The turn's planner, on the board as it is or on `view` (a board with armies moved). */
function planner(ctx: Context, view?: ConquestView): Planner {
  const b = view ? new Board(view, ctx.b.me) : ctx.b;
  const conquered = ctx.memory.round === b.view.round && b.myTerritories.some((t) => !ctx.memory.heldAtStart.has(t));
  return new Planner(b, ctx.weights, conquered);
}

// ------------------------------------------------------------------------------------------ setup

/**
 * A continent's quality for holding: its bonus for each border to defend, per territory to take. The
 * small continents with one way in are the ones a player can take early and keep [002 III.2].
 */
function holdQuality(b: Board, id: string): number {
  const c = continentShapes(b.map).get(id)!;
  return c.bonus / c.borders.length / c.territories.length;
}

/**
 * Claim [002 II Start of Game 1]: a continent nobody else has entered, the best to hold, borders first;
 * if a rival alone is filling a continent, block it; else stay next to our own territories.
 */
function claimScore(b: Board, t: string): number {
  const shapes = continentShapes(b.map);
  const id = b.continentOf(t);
  const c = shapes.get(id)!;
  const mine = c.territories.filter((x) => b.mine(x)).length;
  const holders = new Set(c.territories.map((x) => b.ownerOf(x)).filter((o): o is FactionId => o !== null && o !== b.me));
  const quality = holdQuality(b, id);
  const border = c.borders.includes(t) ? 0.05 : 0;
  if (holders.size === 0) return 1 + quality * (1 + mine) + border;
  if (holders.size === 1 && mine === 0) {
    const theirs = c.territories.filter((x) => b.ownerOf(x) !== null).length;
    return 0.5 + quality * (theirs / c.territories.length) * 1.5;
  }
  return b.neighbours(t).filter((n) => b.mine(n)).length * 0.01;
}

// ------------------------------------------------------------------------------------------ placing

/** How many armies `t` lacks to guard a continent we hold (0 if it guards none). */
function guardDeficit(p: Planner, t: string): number {
  return Math.max(0, p.guard(t) - p.b.armies(t));
}

/** The border of a held continent that most lacks its guard, weighted by what the continent pays. */
function neediestBorder(p: Planner): string | undefined {
  const b = p.b;
  const needy = b.myTerritories.filter((t) => guardDeficit(p, t) > 0);
  return maxBy(needy, (t) => guardDeficit(p, t) * (1 + continentShapes(b.map).get(b.continentOf(t))!.bonus / 5));
}

/** Where to put the next of `left` armies: a guard first, then where the plan starts, else the front facing most. */
function placeTarget(ctx: Context, left: number): { territory: string; all: boolean } | undefined {
  const finishing = missionPlacement(ctx.b, left);
  if (finishing) return { territory: finishing, all: false };
  const p = planner(ctx);
  const needy = neediestBorder(p);
  if (needy) return { territory: needy, all: false };
  const plan = p.best(left);
  if (plan) {
    const [first] = [...plan.placements].sort((x, y) => y[1] - x[1]);
    if (first) return { territory: first[0], all: plan.placements.size === 1 };
  }
  const front = maxBy(ctx.b.myTerritories, (t) => (ctx.b.enemiesAround(t).length ? ctx.b.threat(t) - ctx.b.armies(t) : -Infinity));
  return front ? { territory: front, all: true } : undefined;
}

/**
 * A mission to hold territories with at least some armies on each [002 I Game Type 3] may be completed by
 * placing alone: the territory to reinforce next, if the armies to place are enough to complete it now.
 */
function missionPlacement(b: Board, left: number): string | undefined {
  const m = b.view.gameType === 'mission' ? b.view.missions[b.me] : undefined;
  if (m?.kind !== 'territories' || m.minArmies <= 1) return undefined;
  const mine = b.myTerritories;
  const short = mine.filter((t) => b.armies(t) < m.minArmies).sort((x, y) => b.armies(y) - b.armies(x));
  const missing = m.count - (mine.length - short.length);
  if (missing <= 0 || missing > short.length) return undefined;
  const cost = short.slice(0, missing).reduce((sum, t) => sum + m.minArmies - b.armies(t), 0);
  return cost <= left ? short[0] : undefined;
}

// ------------------------------------------------------------------------------------------ moving in

/**
 * After a conquest: how many to move from `from` into `to` [002 II.3]. The stack goes where the rest of
 * the turn's plan is worth more, keeping the guard a continent's border needs; when the plan ends here,
 * the armies are shared by the threat each territory faces.
 */
function moveInCount(ctx: Context, from: string, to: string, least: number, most: number): number {
  const b = ctx.b;
  const keep = Math.max(0, planner(ctx).guard(from) - 1);
  const forward = Math.max(least, most - keep);
  const planAfter = (moved: number) => planner(ctx, withArmies(b.view, { [from]: b.armies(from) - moved, [to]: moved })).best(0)?.value ?? 0;
  const onward = planAfter(forward);
  const back = planAfter(least);
  if (onward > 0 || back > 0) return onward >= back ? forward : least;
  if (!b.enemiesAround(from).length) return forward;
  if (!b.enemiesAround(to).length) return least;
  const ahead = b.threat(to);
  const behind = b.threat(from);
  const share = ahead / (ahead + behind || 1);
  return Math.min(forward, Math.max(least, Math.round(most * share)));
}

/** The view with some territories' armies changed: to plan as if armies had moved. */
function withArmies(view: ConquestView, armies: Record<string, number>): ConquestView {
  return { ...view, armies: { ...view.armies, ...armies } };
}

// ------------------------------------------------------------------------------------------ fortifying

/** The one reinforcing move [002 II.4]: from where armies idle to where they guard or attack next. */
function fortifyMove(ctx: Context, options: C[]): C | undefined {
  const b = ctx.b;
  const p = planner(ctx);
  const idle = (t: string) => (b.enemiesAround(t).length ? Math.max(0, b.armies(t) - 1 - p.guard(t) - b.threat(t)) : b.armies(t) - 1);
  const need = (t: string) => {
    if (!b.enemiesAround(t).length) return 0;
    const guard = guardDeficit(p, t);
    return guard > 0 ? guard * 2 : Math.max(0, b.threat(t) - b.armies(t)) * 0.5 + 0.1;
  };
  return maxBy(
    options.filter((o) => o.type === 'fortify' && idle(o.from as string) > 0 && need(o.to as string) > 0),
    (o) => Math.min(idle(o.from as string), 10) * need(o.to as string),
  );
}

// ------------------------------------------------------------------------------------------ the choosers

const CHOOSERS: Record<string, Chooser> = {
  'conquest-claim': ({ b }, options) => maxBy(options, (o) => claimScore(b, o.territory as string)),
  'conquest-setup-place': (ctx, options) => {
    const left = (ctx.decision.context?.left as number | undefined) ?? 1;
    const target = placeTarget(ctx, left);
    return options.find((o) => o.territory === target?.territory);
  },
  // The capital every rival must take to win [002 I Game Type 2]: where armies stand and few enemies reach.
  'conquest-capital': ({ b }, options) =>
    maxBy(options, (o) => b.armies(o.territory as string) - b.threat(o.territory as string) - 2 * b.enemiesAround(o.territory as string).length),
  // A set with a territory we hold brings 2 more armies [002 II.1]; else the most armies.
  // Trade as soon as a set is there: armies now beat a bigger set later (holding the cards for the
  // Increasing values to grow did no better in play), the set worth most, 2 more if it shows a
  // territory we hold [002 II.1].
  'conquest-trade': ({ b, decision }, options) => {
    const values = (decision.context?.values as number[] | undefined) ?? [];
    const hand = (decision.context?.hand as { territory: string | null }[] | undefined) ?? [];
    const shows = (o: C) => (o.cards as number[]).some((i) => hand[i]?.territory && b.mine(hand[i]!.territory!));
    const trades = options.filter((o) => o.type === 'trade');
    return maxBy(trades, (o) => (values[options.indexOf(o)] ?? 0) + (shows(o) ? 2 : 0)) ?? options[0];
  },
  'conquest-bonus': (ctx, options) => {
    const target = placeTarget(ctx, 2);
    return options.find((o) => o.territory === target?.territory) ?? options[0];
  },
  'conquest-place': (ctx, options) => {
    const left = (ctx.decision.context?.left as number | undefined) ?? 1;
    const target = placeTarget(ctx, left);
    if (!target) return undefined;
    return (
      options.find((o) => o.territory === target.territory && (target.all ? o.count !== 1 || left === 1 : o.count === 1)) ??
      options.find((o) => o.territory === target.territory)
    );
  },
  'conquest-attack': (ctx, options) => {
    const plan = planner(ctx).best(0);
    const chain = plan?.chains.find((c) => ctx.b.armies(c.source) >= 2);
    if (!chain) return options.find((o) => o.type === 'end-attacks');
    // the plan's targets are enemies' [3Cc]: a plain attack, or a sneak attack on a former ally [3B3c]
    const attack = options.find((o) => o.type === 'attack' && o.bribe === undefined && o.from === chain.source && o.to === chain.targets[0]);
    return withSneak(options, attack) ?? options.find((o) => o.type === 'end-attacks');
  },
  // Roll on while the plan still makes this attack; after every roll it is planned again.
  'conquest-battle': (ctx, options) => {
    const from = ctx.decision.context?.from as string;
    const to = ctx.decision.context?.to as string;
    const plan = planner(ctx).best(0);
    const goesOn = plan?.chains.some((c) => c.source === from && c.targets[0] === to);
    return goesOn ? options.find((o) => o.type === 'roll') : options.find((o) => o.type === 'retreat');
  },
  'conquest-defend': (_ctx, options) => options[0],
  'conquest-move-in': (ctx, options) => {
    const from = ctx.decision.context?.from as string;
    const to = ctx.decision.context?.to as string;
    const counts = options.map((o) => o.count as number);
    const want = moveInCount(ctx, from, to, Math.min(...counts), Math.max(...counts));
    return maxBy(options, (o) => -Math.abs((o.count as number) - want));
  },
  'conquest-goal-met': (_ctx, options) => options.find((o) => o.type === 'claim-victory'),
  'conquest-fortify': (ctx, options) => fortifyMove(ctx, options) ?? options.find((o) => o.type === 'end-turn'),
  'conquest-fortify-count': (ctx, options) => {
    const from = ctx.decision.context?.from as string;
    const b = ctx.b;
    const p = planner(ctx);
    // Keep what `from` needs against its own enemies; move the rest.
    const keep = b.enemiesAround(from).length ? Math.max(p.guard(from), Math.ceil(b.threat(from) * 0.5)) : 0;
    // Never cancel: the move was chosen for a reason, and a cancel would only ask the same again.
    const most = Math.max(1, b.armies(from) - 1 - keep);
    return options.find((o) => o.type === 'move' && (o.count as number) <= most);
  },
};
