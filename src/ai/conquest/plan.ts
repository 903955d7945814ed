/**
 * Planning a conquest turn [002 II.3] for the `hard` player, from its view only.
 *
 * A plan is a goal (take a continent, wipe out a faction, take one territory) and the attacks that reach
 * it: one or more chains, each a stack of armies that starts on one of our territories and conquers its
 * targets one after the other, moving all but one army into each. What a chain may achieve is computed
 * exactly, with the odds of 002's dice (odds.ts): the chance of reaching each of its targets and the
 * armies it loses on the way. The plan is worth what it takes (territories, a card, a continent's bonus,
 * a faction's cards, a win) weighed by those chances, less the armies it costs.
 */
import type { FactionId } from '../../../systems/conquest/content';
import { increasingValue } from '../../../systems/conquest/cards';
import { maxAttackDice, MAX_ATTACK_DICE, MAX_DEFENCE_DICE, MAX_DEFENCE_DICE_ITALIAN } from '../../../systems/conquest/dice';
import { singleRollOutcomes, type RollOutcome } from '../../../systems/conquest/odds';
import type { Mission } from '../../../systems/conquest/missions';
import { Board, continentShapes, type ContinentShape } from './board';
import { flipsChit, FLIP_WORTH } from './bloc-sense';

/** How much each thing is worth, in armies; the `hard` player's judgement. */
export interface PlanWeights {
  /** A territory taken (its share of the income, a territory less for its holder). */
  territory: number;
  /** Turns of a continent's bonus we count on when we take it whole. */
  continentTurns: number;
  /** Turns of an enemy's bonus we take from it by breaking its continent. */
  breakTurns: number;
  /** A card, as a share of the next set's value. */
  cardShare: number;
  /** Wiping out a faction, beyond its cards. */
  elimination: number;
  /** The least worth a plan must have before we attack for it. */
  threshold: number;
  /** Armies kept back on a border of a continent we hold, as a share of the enemy armies facing it. */
  guardShare: number;
}

export const HARD_WEIGHTS: PlanWeights = {
  territory: 0.6,
  continentTurns: 4,
  breakTurns: 1,
  cardShare: 0.45,
  elimination: 4,
  threshold: 0.2,
  guardShare: 0.7,
};

/** A stack of armies that starts on `source` and takes `targets` in order, each next to the one before. */
export interface Chain {
  source: string;
  targets: string[];
  /**
   * The armies on `source` that take part, the one that must stay behind [002 II.3 b] included (a guard
   * kept back on `source` is not).
   */
  stack: number;
}

/**
 * What a chain may achieve: `reach[k]` is the chance of taking its first k targets; `loss` the armies it
 * expects to lose. Read only: `chainOdds` hands the same answer to everyone who asks.
 */
export interface ChainOdds {
  readonly reach: readonly number[];
  readonly loss: number;
  /** Enemy armies it expects to destroy. */
  readonly kills: number;
}

/**
 * The exact odds of a chain: the stack's size is a distribution, pushed through one Annihilate battle per
 * target [002 II.3], rolled as 002 rolls (the most dice each side may). After a conquest all but one army
 * move in, so the stack goes on with what is left less one; a stack of one can attack no more.
 *
 * One battle is a single sweep over (attackers, defenders) fed by the whole distribution at once, like
 * odds.ts's `battleOdds` for one starting size: a state only feeds states with fewer armies, so sweeping
 * both downwards finishes each state's mass before it is passed on.
 */
export function chainOdds(stack: number, defenders: readonly number[], italian: boolean): ChainOdds {
  // a chain of one attack (most of those a plan weighs) is kept by a number: a string made and hashed
  // at every ask was a tenth of the planner's own time
  const single = defenders.length === 1 && stack < KEY_LIMIT && defenders[0]! < KEY_LIMIT;
  const known = single ? knownSingle : knownChains;
  const key = single ? (stack * KEY_LIMIT + defenders[0]!) * 2 + (italian ? 1 : 0) : `${italian ? 'i' : 's'}${stack}:${defenders.join(',')}`;
  let odds = known.get(key);
  if (!odds) {
    if (known.size >= MAX_KNOWN_CHAINS) known.clear();
    known.set(key, (odds = Object.freeze(exactChainOdds(stack, defenders, italian))));
  }
  return odds;
}

/**
 * Chains worked out already, by stack, defenders and rule: a plan weighs each chain again every time it
 * places a few armies elsewhere, every goal weighs chains another goal weighed, and a turn is planned
 * again after every roll, on a board that has hardly changed. With big armies facing each other (a game
 * locked until the round limit) one chain costs a sweep over every (attackers, defenders) pair, and
 * worked out afresh each time they were nearly all of a `hard` game's time. The odds are exact and pure,
 * so a kept answer is the answer; the most kept at once is bounded.
 */
const knownChains = new Map<string | number, Readonly<ChainOdds>>();
/** The chains of one attack, by (stack, defenders, rule) as one small integer (V8's unboxed kind, below 2^31). */
const knownSingle = new Map<string | number, Readonly<ChainOdds>>();
const KEY_LIMIT = 2 ** 14;
const MAX_KNOWN_CHAINS = 50_000;

function exactChainOdds(stack: number, defenders: readonly number[], italian: boolean): ChainOdds {
  if (!defenders.length) return { reach: [1], loss: 0, kills: 0 };
  // the first battle, from the whole stack, is kept: the plans of a turn weigh many chains that start alike
  let after = firstBattle(stack, defenders[0]!, italian);
  const reach = [1, after.won];
  for (let i = 1; i < defenders.length && after.won >= 1e-4; i++) {
    after = battle(after.dist, stack, defenders[i]!, italian, after.loss, after.kills);
    reach.push(after.won);
  }
  while (reach.length <= defenders.length) reach.push(0);
  return { reach, loss: after.loss, kills: after.kills };
}

/** Where a stack stands after one battle of a chain, and what the chain has won and lost so far. */
interface AfterBattle {
  /** The stack's size after it, all but one army moved in (its mass: the chance it took the target). */
  readonly dist: Float64Array;
  /** The chance the target was taken. */
  readonly won: number;
  readonly loss: number;
  readonly kills: number;
}

/**
 * A chain's first battle, by stack, defenders and rule: the plans of one turn weigh many chains that
 * begin with the same attack (a stack against the one territory next to it, then on or not), and that
 * first sweep is the costly one against a big army. Kept like the chains, at most 2,000 (read only).
 */
const firstBattles = new Map<string, AfterBattle>();
const MAX_FIRST_BATTLES = 2_000;

function firstBattle(stack: number, target: number, italian: boolean): AfterBattle {
  const key = `${italian ? 'i' : 's'}${stack}:${target}`;
  let after = firstBattles.get(key);
  if (!after) {
    if (firstBattles.size >= MAX_FIRST_BATTLES) firstBattles.clear();
    const dist = new Float64Array(stack + 1);
    dist[stack] = 1;
    firstBattles.set(key, (after = battle(dist, stack, target, italian, 0, 0, true)));
  }
  return after;
}

/**
 * One Annihilate battle of a chain: the stack's size distribution `dist` (sizes up to `top`) against
 * `target` armies, adding what it loses and kills to `loss` and `kills` in the order the sweep meets them
 * (so the sums are the same to the last bit, however the chain is split into battles).
 *
 * The states (a, d) are swept a row of attackers at a time, downwards; a roll sends a state's mass to
 * its own row or to one of the next three (a roll costs the attacker at most 3 armies), so only four rows
 * are ever live: they take turns in a ring (`RING_ROWS`), a row entering it as the one four above it is
 * done. The whole table (a thousand armies against a thousand, 8 MB) was swept from memory; four rows stay
 * in the processor's cache. Each state gets the same additions in the same order as in the whole table.
 */
function battle(dist: Float64Array, top: number, target: number, italian: boolean, loss: number, kills: number, oneStack = false): AfterBattle {
  const mostDefenceDice = italian ? MAX_DEFENCE_DICE_ITALIAN : MAX_DEFENCE_DICE;
  // From one stack (a chain's first battle) under the standard rule, every roll but the last few costs two
  // armies in all, so a row holds mass only every other column: where its distance from (top, d0) is even.
  // The sweep steps over the empty columns between (they held 0, and a state of 0 adds nothing).
  const everyOther = oneStack && !italian;
  const d0 = Math.max(1, target);
  const width = d0 + 1;
  const mass = scratch(RING_ROWS * width);
  for (let a = top; a > top - RING_ROWS + 1; a--) enterRow(mass, width, a, dist);
  const next = new Float64Array(top + 1);
  let won = 0;
  for (let a = top; a >= 2; a--) {
    enterRow(mass, width, a - RING_ROWS + 1, dist);
    // the outcomes of one roll, as `rollOutcomes` lists them, read from flat arrays: this loop is nearly
    // all of a `hard` game whose armies have grown large
    const byDefenceDice = rollTablesFor(maxAttackDice(a), mostDefenceDice);
    const row = (a & RING_MASK) * width;
    // Against the most defence dice (every state but the last few) a roll has three outcomes when the
    // defender rolls two: the defender loses 2, each side 1, or the attacker 2 (`rollOutcomes`' order).
    // The loop below is the general one further down for those three, unrolled: the chances in locals,
    // and the terms that add nothing left out (a loss or kill of 0 adds 0; d is at least 2 here, so only
    // the first outcome can empty the territory). The same sums in the same order, so the same odds to the
    // last bit; this loop is nearly all of a cold `hard` game (a third of it).
    const most = byDefenceDice[mostDefenceDice]!;
    const unrolled = most.count === 3 && threeOutcomes(most);
    if (unrolled) {
      const [p0, p1, p2] = [most.probability[0]!, most.probability[1]!, most.probability[2]!];
      // where each outcome sends the state (a, d): its row and column together, less d
      const [to0, to1, to2] = [row - 2, ((a - 1) & RING_MASK) * width - 1, ((a - 2) & RING_MASK) * width];
      if (everyOther) {
        // The same sweep over every other column: there the state two columns down, where the first
        // outcome sends its share, is the next one swept, so that share is carried to it in a local (the
        // same one addition, to what the rows above left there) rather than written and read straight back.
        let carry = 0;
        let d = d0 - ((top - a) & 1);
        for (; d >= mostDefenceDice; d -= 2) {
          const p = mass[row + d]! + carry;
          carry = 0;
          if (p === 0) continue;
          let q = p * p0;
          kills += q * 2;
          if (d === 2) (won += q), (next[a - 1] = next[a - 1]! + q);
          else carry = q;
          q = p * p1;
          loss += q;
          kills += q;
          mass[to1 + d] = mass[to1 + d]! + q;
          q = p * p2;
          loss += q * 2;
          mass[to2 + d] = mass[to2 + d]! + q;
        }
        // the last share goes below the columns swept here, where the loop further down reads it
        if (carry !== 0) mass[row + d] = mass[row + d]! + carry;
      } else {
        for (let d = d0; d >= mostDefenceDice; d--) {
          const p = mass[row + d]!;
          if (p === 0) continue;
          let q = p * p0;
          kills += q * 2;
          if (d === 2) (won += q), (next[a - 1] = next[a - 1]! + q);
          else mass[to0 + d] = mass[to0 + d]! + q;
          q = p * p1;
          loss += q;
          kills += q;
          mass[to1 + d] = mass[to1 + d]! + q;
          q = p * p2;
          loss += q * 2;
          mass[to2 + d] = mass[to2 + d]! + q;
        }
      }
    }
    // (the columns the unrolled sweep left, from the row's own last: a row of fewer defenders than the most
    // dice, two attackers and one defender under the Italian rule, has no column past its end to read)
    for (let d = unrolled ? Math.min(d0, mostDefenceDice - 1) : d0; d >= 1; d--) {
      const p = mass[row + d]!;
      if (p === 0) continue;
      const outcomes = byDefenceDice[d < mostDefenceDice ? d : mostDefenceDice]!; // maxDefenceDice(d, italian)
      for (let k = 0; k < outcomes.count; k++) {
        const attackerLosses = outcomes.attackerLosses[k]!;
        const defenderLosses = outcomes.defenderLosses[k]!;
        const q = p * outcomes.probability[k]!;
        loss += q * attackerLosses;
        kills += q * defenderLosses;
        const left = a - attackerLosses;
        const d2 = d - defenderLosses;
        if (d2 === 0) {
          // Taken: all but one army move in and go on.
          won += q;
          next[left - 1] = next[left - 1]! + q;
        } else {
          const at = (left & RING_MASK) * width + d2;
          mass[at] = mass[at]! + q;
        }
      }
    }
  }
  return { dist: next, won, loss, kills };
}

/**
 * Row `a` of a battle's sweep enters the ring (in the place of the row four above it, done): the stack's
 * mass of size `a` at the defenders' full strength, nothing else yet. (A function of its own, not a
 * closure in `battle`: tsx names each closure as it is made.)
 */
function enterRow(mass: Float64Array, width: number, a: number, dist: Float64Array): void {
  const row = (a & RING_MASK) * width;
  mass.fill(0, row, row + width);
  if (a >= 2) mass[row + width - 1] = dist[a]!;
}

/** The rows of a battle's sweep live at once: a row and the three a roll may send its mass to. */
const RING_ROWS = MAX_ATTACK_DICE + 1;
const RING_MASK = RING_ROWS - 1; // RING_ROWS is a power of two

/** A roll table of three outcomes in the order the unrolled sweep reads them: the defender loses 2, each side 1, the attacker 2. */
function threeOutcomes(t: RollTable): boolean {
  const [al, dl] = [t.attackerLosses, t.defenderLosses];
  return al[0] === 0 && dl[0] === 2 && al[1] === 1 && dl[1] === 1 && al[2] === 2 && dl[2] === 0;
}

/** The roll tables of an attack with `attackDice` dice, by the defender's dice (1 to `mostDefenceDice`). */
function rollTablesFor(attackDice: number, mostDefenceDice: number): readonly RollTable[] {
  const key = attackDice * 4 + mostDefenceDice;
  let tables = tablesByAttack[key];
  if (!tables) {
    tables = [];
    for (let d = 1; d <= mostDefenceDice; d++) tables[d] = rollTable(attackDice, d);
    tablesByAttack[key] = tables;
  }
  return tables;
}
const tablesByAttack: RollTable[][] = [];

/** A zeroed array of at least `size` numbers, the same one each call (grown as needed): a battle's states, used at once. */
let scratchArray = new Float64Array(1024);
function scratch(size: number): Float64Array {
  if (scratchArray.length < size) scratchArray = new Float64Array(Math.max(size, 2 * scratchArray.length));
  const used = scratchArray.subarray(0, size);
  used.fill(0);
  return used;
}

/** One roll's outcomes as flat arrays, in the order `rollOutcomes` lists them. */
interface RollTable {
  count: number;
  probability: Float64Array;
  attackerLosses: Int32Array;
  defenderLosses: Int32Array;
}

const rollTables: RollTable[] = [];
function rollTable(attackDice: number, defenceDice: number): RollTable {
  const key = attackDice * 4 + defenceDice;
  let table = rollTables[key];
  if (!table) {
    const outcomes = rollOutcomes(attackDice, defenceDice);
    table = {
      count: outcomes.length,
      probability: Float64Array.from(outcomes, (o) => o.probability),
      attackerLosses: Int32Array.from(outcomes, (o) => o.attackerLosses),
      defenderLosses: Int32Array.from(outcomes, (o) => o.defenderLosses),
    };
    rollTables[key] = table;
  }
  return table;
}

// The 9 (attacker dice, defender dice) pairings, each rolled over and over.
const rollCache = new Map<number, readonly RollOutcome[]>();
function rollOutcomes(attackDice: number, defenceDice: number): readonly RollOutcome[] {
  const key = attackDice * 4 + defenceDice;
  let known = rollCache.get(key);
  if (!known) rollCache.set(key, (known = singleRollOutcomes(attackDice, defenceDice)));
  return known;
}

/** What a plan is for. */
export interface Goal {
  kind: 'continent' | 'eliminate' | 'territory' | 'win';
  /** The continent, faction or territory it names ('win': the game type). */
  subject: string;
  targets: readonly string[];
}

export interface Plan {
  goal: Goal;
  chains: Chain[];
  /** Armies to place on each source, of those still to place. */
  placements: Map<string, number>;
  value: number;
}

/** The worth of winning the game, in armies: more than anything else a plan may bring. */
const WIN = 1000;

/** A turn's plans, from a board and the armies still to place. */
export class Planner {
  readonly shapes: ReadonlyMap<string, ContinentShape>;
  /** The armies a card is worth now. */
  readonly cardValue: number;
  /** What an enemy army destroyed is worth to us: all of it against one rival, a share against several. */
  readonly killWeight: number;
  /** Our secret mission, in Mission games [002 I Game Type 3]. */
  readonly mission: Mission | undefined;

  constructor(
    readonly b: Board,
    readonly weights: PlanWeights,
    /** Whether we took a territory already this turn (the card is earned). */
    readonly conqueredThisTurn: boolean,
  ) {
    this.shapes = continentShapes(b.map);
    this.cardValue = this.nextSetValue() * weights.cardShare;
    this.killWeight = 1 / Math.max(1, b.opponents.length);
    this.mission = b.view.gameType === 'mission' ? b.view.missions[b.me] : undefined;
  }

  /** The armies the next set brings: the Increasing value [002 I Cards Options 1], else a middling Fixed or Italian set. */
  private nextSetValue(): number {
    const v = this.b.view;
    if (v.options.cards === 'increasing') return increasingValue(v.setsTraded);
    return 8;
  }

  /**
   * Armies we keep on `t` against the enemies next to it: on a border of a continent we hold, and more
   * on our capital, which every rival needs to win [002 I Game Type 2].
   */
  guard(t: string): number {
    const b = this.b;
    if (b.view.gameType === 'capital' && b.view.capitals[b.me] === t) return Math.ceil(b.threat(t) * this.weights.guardShare * 1.5);
    const c = this.shapes.get(b.continentOf(t))!;
    if (!c.borders.includes(t) || !c.territories.every((x) => b.mine(x))) return 0;
    return Math.ceil(b.threat(t) * this.weights.guardShare);
  }

  /** Every goal worth a look: winning, continents, factions to wipe out, and single territories next to us. */
  goals(): Goal[] {
    const b = this.b;
    const goals: Goal[] = [];
    const win = this.winTargets();
    if (win?.length) goals.push({ kind: 'win', subject: b.view.gameType, targets: win });
    for (const c of this.shapes.values()) {
      const missing = c.territories.filter((t) => !b.mine(t));
      // an ally's system is taken only by a vendetta [3D1]: a continent that needs one is no goal
      if (missing.length && missing.every((t) => b.hostile(t))) goals.push({ kind: 'continent', subject: c.id, targets: missing });
    }
    for (const f of b.opponents) goals.push({ kind: 'eliminate', subject: f, targets: b.territoriesOf(f) });
    const near = new Set<string>();
    for (const t of b.myTerritories) for (const n of b.enemiesAround(t)) near.add(n);
    for (const t of near) goals.push({ kind: 'territory', subject: t, targets: [t] });
    return goals;
  }

  /** The territories whose taking wins the game outright, when the game type names them. */
  winTargets(): readonly string[] | null {
    const b = this.b;
    const v = b.view;
    if (v.gameType === 'capital') return Object.values(v.capitals).filter((t) => !b.mine(t));
    const m = this.mission;
    if (m?.kind === 'continents') return m.continents.flatMap((c) => this.shapes.get(c.id)?.territories ?? []).filter((t) => !b.mine(t));
    if (m?.kind === 'eliminate' && this.canEliminate(m.colour)) return b.territoriesOf(m.colour as FactionId);
    if (m?.kind === 'mix') {
      const continent = (this.shapes.get(m.continent.id)?.territories ?? []).filter((t) => !b.mine(t));
      return this.canEliminate(m.colour) ? [...new Set([...continent, ...b.territoriesOf(m.colour as FactionId)])] : continent;
    }
    return null;
  }

  /** Whether wiping out `colour` would complete an elimination mission (else its fallback counts). */
  private canEliminate(colour: string): boolean {
    const v = this.b.view;
    return colour !== this.b.me && v.order.includes(colour as FactionId) && v.eliminatedBy[colour as FactionId] === undefined;
  }

  /** The best plan with `toPlace` armies still to place, or null when no plan is worth its armies. */
  best(toPlace: number): Plan | null {
    let best: Plan | null = null;
    for (const goal of this.goals()) {
      const plan = this.planFor(goal, toPlace);
      if (plan && (!best || plan.value > best.value)) best = plan;
    }
    return best && best.value > this.weights.threshold ? best : null;
  }

  /** Chains covering the goal's targets, armies placed where they do most, and what it is all worth. */
  planFor(goal: Goal, toPlace: number): Plan | null {
    const chains = this.cover(goal.targets, toPlace > 0);
    if (!chains.length) return null;
    const placements = new Map<string, number>();
    // Give the armies to place, a few at a time, to the chain they help most.
    const step = Math.max(1, Math.ceil(toPlace / 8));
    let left = toPlace;
    let value = this.value(chains);
    while (left > 0) {
      const give = Math.min(step, left);
      let bestIndex = 0;
      let bestValue = -Infinity;
      for (let i = 0; i < chains.length; i++) {
        chains[i]!.stack += give;
        const v = this.value(chains);
        chains[i]!.stack -= give;
        if (v > bestValue) (bestValue = v), (bestIndex = i);
      }
      const chain = chains[bestIndex]!;
      chain.stack += give;
      placements.set(chain.source, (placements.get(chain.source) ?? 0) + give);
      value = bestValue;
      left -= give;
    }
    return { goal, chains, placements, value };
  }

  /**
   * Chains that take as many of `targets` as they can: the longest path through the targets from one of
   * our territories, then the longest through what is left, and so on. Without armies to place, only a
   * territory with armies to spare may start a chain.
   */
  cover(targets: readonly string[], placing: boolean): Chain[] {
    const b = this.b;
    const left = new Set(targets);
    const chains: Chain[] = [];
    const used = new Map<string, number>();
    while (left.size) {
      let best: { source: string; path: string[]; cost: number } | null = null;
      // the longest path from a target depends on the target and what is left, not on the source: found
      // once a round for all the sources next to it
      const pathFrom = new Map<string, { path: string[]; armies: number }>();
      for (const source of b.myTerritories) {
        const spare = this.spareOn(source, used);
        if (!placing && spare < 2) continue;
        for (const first of b.neighbours(source)) {
          if (!left.has(first)) continue;
          let found = pathFrom.get(first);
          if (!found) {
            const path = longestPath(first, left, b);
            pathFrom.set(first, (found = { path, armies: path.reduce((s, t) => s + b.armies(t), 0) }));
          }
          const path = found.path;
          const cost = found.armies - Math.max(0, spare) * 0.01;
          if (!best || path.length > best.path.length || (path.length === best.path.length && cost < best.cost)) best = { source, path, cost };
        }
      }
      if (!best) break;
      const stack = Math.max(1, this.spareOn(best.source, used));
      used.set(best.source, (used.get(best.source) ?? 0) + stack);
      chains.push({ source: best.source, targets: best.path, stack });
      for (const t of best.path) left.delete(t);
    }
    return chains;
  }

  /** The armies on `t` free to attack: less those `used` by chains already, less its guard. */
  private spareOn(t: string, used: ReadonlyMap<string, number>): number {
    return this.b.armies(t) - (used.get(t) ?? 0) - this.guard(t);
  }

  /** What the chains are worth: the chance of each gain times its worth, less the armies lost. */
  value(chains: readonly Chain[]): number {
    const b = this.b;
    const w = this.weights;
    const outcome = new Outcome(b, chains);

    let value = 0;
    for (let i = 0; i < chains.length; i++) {
      const r = outcome.results[i]!;
      // Armies lost are ours; armies killed weaken one rival among several.
      value -= r.loss - r.kills * this.killWeight;
      const targets = chains[i]!.targets;
      for (let k = 0; k < targets.length; k++) value += r.reach[k + 1]! * this.territoryWorth(targets[k]!);
    }
    if (!this.conqueredThisTurn) value += outcome.pAny() * this.cardValue;

    // Continents taken whole, or broken (each once, in the order the chains reach them).
    for (const id of continentsOf(chains, b)) {
      const c = this.shapes.get(id)!;
      const holder = b.ownerOf(c.territories[0]!);
      if (holder && holder !== b.me && c.territories.every((t) => b.ownerOf(t) === holder)) {
        // Breaking it takes one territory: the likeliest of those we attack.
        let likeliest = -Infinity;
        for (const t of c.territories) likeliest = Math.max(likeliest, outcome.pTaken(t));
        value += likeliest * c.bonus * w.breakTurns;
      }
      value += outcome.pAll(c.territories) * this.continentWorth(id);
    }
    // Factions wiped out: their cards, one rival less.
    for (const f of b.opponents) {
      const held = b.territoriesOf(f);
      if (held.every((t) => outcome.planned(t))) value += outcome.pAll(held) * ((b.view.handSizes[f] ?? 0) * this.cardValue * 1.5 + w.elimination);
    }
    return value + outcome.pWin(this) * WIN;
  }

  /** A territory's worth beyond the continent it completes: income, a capital, our mission's. */
  territoryWorth(t: string): number {
    const b = this.b;
    const v = b.view;
    let w = this.weights.territory;
    // [3B3a] in war, a conquest from an enemy may flip a chit (the first of the turn does)
    if (flipsChit(b, t)) w += FLIP_WORTH / 2;
    if (v.gameType === 'capital') {
      // A capital is a step to winning, the more so taken from a rival who holds several.
      const capitals = Object.values(v.capitals);
      if (capitals.includes(t)) w += 3 + 2 * capitals.filter((c) => b.ownerOf(c) === b.ownerOf(t)).length;
    }
    const m = this.mission;
    if (m?.kind === 'continents' && m.continents.some((c) => c.id === b.continentOf(t))) w += 1;
    if (m?.kind === 'mix' && m.continent.id === b.continentOf(t)) w += 1;
    if ((m?.kind === 'eliminate' || m?.kind === 'mix') && b.ownerOf(t) === m.colour && this.canEliminate(m.colour)) w += 1;
    if (m?.kind === 'territories' || ((m?.kind === 'eliminate' || m?.kind === 'mix') && !this.canEliminate(m.colour))) w += 0.5;
    return w;
  }

  /** Holding a continent whole: its bonus for a few turns, less the more borders it has to hold. */
  continentWorth(id: string): number {
    const c = this.shapes.get(id)!;
    const m = this.mission;
    const forMission = (m?.kind === 'continents' && m.continents.some((x) => x.id === id)) || (m?.kind === 'mix' && m.continent.id === id) ? 2 : 1;
    return (forMission * c.bonus * this.weights.continentTurns) / Math.sqrt(c.borders.length);
  }
}

/** The continents of the chains' targets, each once, in the order the chains reach them (a plan weighs this hundreds of times a turn). */
function continentsOf(chains: readonly Chain[], b: Board): string[] {
  const ids: string[] = [];
  for (const c of chains)
    for (const t of c.targets) {
      const id = b.continentOf(t);
      if (!ids.includes(id)) ids.push(id);
    }
  return ids;
}

/** What a set of chains may take: the exact odds of each chain, and the chances they combine into. */
class Outcome {
  readonly results: ChainOdds[];
  private readonly at = new Map<string, { chain: number; index: number }>();

  constructor(
    private readonly b: Board,
    private readonly chains: readonly Chain[],
  ) {
    this.results = chains.map((c, i) => {
      c.targets.forEach((t, index) => this.at.set(t, { chain: i, index }));
      return chainOdds(c.stack, c.targets.map((t) => b.armies(t)), b.italian);
    });
  }

  // methods, not arrow fields: tsx names each function made at run time (esbuild's keepNames), a cost per
  // Outcome, and one is made for every set of chains a plan weighs

  planned(t: string): boolean {
    return this.at.has(t);
  }

  /** The chance of taking `t` (0 if no chain attacks it). */
  pTaken(t: string): number {
    const at = this.at.get(t);
    return at ? this.results[at.chain]!.reach[at.index + 1]! : 0;
  }

  /** The chance of holding every one of `ts` at the end (ours already count as held). */
  pAll(ts: readonly string[]): number {
    const furthest = new Map<number, number>();
    for (const t of ts) {
      if (this.b.mine(t)) continue;
      const at = this.at.get(t);
      if (!at) return 0;
      furthest.set(at.chain, Math.max(furthest.get(at.chain) ?? 0, at.index + 1));
    }
    let p = 1;
    for (const [chain, k] of furthest) p *= this.results[chain]!.reach[k]!;
    return p;
  }

  /** The chance of taking at least one territory (the card [002 II.1]). */
  pAny(): number {
    return 1 - this.results.reduce((p, r) => p * (1 - (r.reach[1] ?? 0)), 1);
  }

  /** The chance of taking at least `n` territories, the chains taken as independent. */
  pAtLeast(n: number): number {
    if (n <= 0) return 1;
    let dist = [1];
    for (const r of this.results) {
      const exactly = r.reach.map((p, k) => p - (r.reach[k + 1] ?? 0));
      const next = new Array<number>(dist.length + exactly.length - 1).fill(0);
      dist.forEach((p, i) => exactly.forEach((q, j) => (next[i + j]! += p * q)));
      dist = next;
    }
    return dist.slice(n).reduce((s, p) => s + p, 0);
  }

  /** The chance that the chains win the game [002 I Game Type]. */
  pWin(p: Planner): number {
    const b = this.b;
    const v = b.view;
    const domination = this.pAll(b.hostileTerritories);
    if (v.gameType === 'capital') return Math.max(domination, this.pAll(Object.values(v.capitals)));
    const m = p.mission;
    if (!m) return domination;
    const targets = p.winTargets();
    if (targets) return Math.max(domination, this.pAll(targets));
    // Hold a number of territories: count those we would hold (a conquered territory holds one army).
    const need = m.kind === 'territories' ? m : m.kind === 'eliminate' ? m.fallback : null;
    if (!need || need.minArmies > 1) return domination;
    return Math.max(domination, this.pAtLeast(need.count - b.myTerritories.length));
  }
}

/** The longest simple path through `allowed` territories starting at `first` (small sets: exhaustive). */
function longestPath(first: string, allowed: ReadonlySet<string>, b: Board): string[] {
  const search: PathSearch = { allowed, b, best: [first], path: [first], on: new Set([first]), budget: 400 };
  walk(search, first);
  return search.best;
}

/** A longest-path search under way: the best path so far, the path walked, and the steps it may still take. */
interface PathSearch {
  readonly allowed: ReadonlySet<string>;
  readonly b: Board;
  best: string[];
  readonly path: string[];
  readonly on: Set<string>;
  budget: number;
}

// (a function of its own, not a closure in longestPath: tsx names each closure as it is made, a cost per call)
function walk(s: PathSearch, at: string): void {
  if (--s.budget < 0) return;
  if (s.path.length > s.best.length) s.best = [...s.path];
  for (const n of s.b.neighbours(at)) {
    if (!s.allowed.has(n) || s.on.has(n)) continue;
    s.path.push(n);
    s.on.add(n);
    walk(s, n);
    s.path.pop();
    s.on.delete(n);
  }
}

