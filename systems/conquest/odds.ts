/**
 * Exact odds of the conquest ruleset's attacks (002 II.3 "Attack"): of one roll, and of an "Annihilate"
 * attack that rolls again and again until one side can go on no longer.
 *
 * Nothing here is simulated: one roll's odds come from enumerating every one of the 6^(dice) rolls through
 * `resolveDice`, so they are the rule itself and not a second copy of it; a battle's odds come from a
 * dynamic programme over (attacking armies, defending armies). The numbers are therefore reproducible and
 * can be checked against the well-known fractions (e.g. 3 dice against 2: 2890/7776 the defender loses two).
 */
import { DIE_FACES, MAX_ATTACK_DICE, MAX_DEFENCE_DICE_ITALIAN, maxAttackDice, maxDefenceDice, resolveDice } from './dice';

/** One possible result of a single roll, and its exact probability. */
export interface RollOutcome {
  attackerLosses: number;
  defenderLosses: number;
  probability: number;
}

/** How an attack ends: the armies left in the attacking and the defending territory. */
export interface BattleEnd {
  attackerLeft: number;
  defenderLeft: number;
  probability: number;
}

export interface BattleOptions {
  /** The Italian option: the defender rolls up to 3 dice [II.3]. */
  italian: boolean;
  /**
   * The attacker stops (a way to stop "Annihilate") once its territory is down to this many armies or
   * fewer. Values below 2 change nothing: with 1 army left it cannot attack anyway [II.3 b].
   */
  stopAt?: number;
}

export interface BattleOdds {
  /** The defending territory is emptied: conquered. */
  attackerWins: number;
  /** The attacker can, or will, attack no more: down to 1 army (or to `stopAt`). */
  defenderHolds: number;
  /** Armies left in the attacking territory at the end, before any move into a conquered one. */
  expectedAttackerLeft: number;
  /** Armies left in the defending territory at the end (0 when conquered). */
  expectedDefenderLeft: number;
  /** Every possible end with its probability: conquests first, then the rest; best for the attacker first. */
  distribution: BattleEnd[];
}

// Only 9 (attacker dice, defender dice) pairings exist, and a battle asks for them over and over.
const rollCache = new Map<number, readonly RollOutcome[]>();

/**
 * The exact outcomes of one roll of `attackerDice` (1-3) against `defenderDice` (1-3) dice, best for the
 * attacker first, each with its probability (count of rolls / 6^(dice)); outcomes that cannot happen are
 * left out. Cached per pairing; the caller gets its own copy.
 */
export function singleRollOutcomes(attackerDice: number, defenderDice: number): RollOutcome[] {
  return outcomesFor(attackerDice, defenderDice).map((o) => ({ ...o }));
}

/**
 * The exact odds of an "Annihilate" attack from a territory holding `attackers` armies on one holding
 * `defenders`: every roll uses the most dice allowed (attacker min(3, armies − 1), defender min(armies, 2 or
 * 3 Italian)) [II.3], until the defender is emptied or the attacker is down to 1 army (or to `stopAt`).
 *
 * Iterative, so it needs no deep recursion and takes about attackers × defenders steps (200 against 200 is
 * instant).
 */
export function battleOdds(attackers: number, defenders: number, options: BattleOptions): BattleOdds {
  checkWhole('attackers', attackers, 1);
  checkWhole('defenders', defenders, 1);
  if (options.stopAt !== undefined) checkWhole('stopAt', options.stopAt, 0);
  // With 1 army the attacker must stop whatever it asked for: that army stays behind [II.3 b].
  const stop = Math.max(1, options.stopAt ?? 1);

  // mass[a][d]: the probability that the battle passes through a armies against d.
  const width = defenders + 1;
  const mass = new Float64Array((attackers + 1) * width);
  const cell = (a: number, d: number): number => a * width + d;
  mass[cell(attackers, defenders)] = 1;

  // A roll compares at least one pair, so it always removes an army from one side or the other: a state
  // only feeds states with fewer attackers, or as many attackers and fewer defenders. Sweeping both
  // downwards therefore visits every state after all of those that feed it, and its mass is final.
  for (let a = attackers; a > stop; a--) {
    const attackDice = maxAttackDice(a);
    for (let d = defenders; d >= 1; d--) {
      const p = mass[cell(a, d)]!;
      if (p === 0) continue;
      for (const o of outcomesFor(attackDice, maxDefenceDice(d, options.italian))) {
        const next = cell(a - o.attackerLosses, d - o.defenderLosses);
        mass[next] = mass[next]! + p * o.probability;
      }
    }
  }

  // The ends are the states the sweep never rolls from: defender emptied, or attacker at or below `stop`.
  // A roll costs the attacker at most as many armies as it rolls dice, so it never drops below 1.
  const distribution: BattleEnd[] = [];
  for (let d = 0; d <= defenders; d++) {
    for (let a = attackers; a >= 1; a--) {
      const probability = mass[cell(a, d)]!;
      if (probability > 0 && (d === 0 || a <= stop)) distribution.push({ attackerLeft: a, defenderLeft: d, probability });
    }
  }

  let attackerWins = 0;
  let defenderHolds = 0;
  let expectedAttackerLeft = 0;
  let expectedDefenderLeft = 0;
  for (const end of distribution) {
    if (end.defenderLeft === 0) attackerWins += end.probability;
    else defenderHolds += end.probability;
    expectedAttackerLeft += end.attackerLeft * end.probability;
    expectedDefenderLeft += end.defenderLeft * end.probability;
  }
  return { attackerWins, defenderHolds, expectedAttackerLeft, expectedDefenderLeft, distribution };
}

/** The cached outcomes themselves, for use inside this module (never handed out: they must not change). */
function outcomesFor(attackerDice: number, defenderDice: number): readonly RollOutcome[] {
  // a number, not a string, for the key: the battle sweep asks this for every state it visits
  const key = attackerDice * 8 + defenderDice;
  let outcomes = rollCache.get(key);
  if (!outcomes) {
    outcomes = enumerateRolls(attackerDice, defenderDice);
    rollCache.set(key, outcomes);
  }
  return outcomes;
}

/**
 * The chance that an Annihilate to the end takes the territory, for every battle up to `attackers`
 * against `defenders` at once: win[a][d] = the sum over the outcomes of one roll of their probability
 * times win[a - attacker losses][d - defender losses], with win[a][0] = 1 and win[1][d > 0] = 0. Filled
 * upwards, so every entry it reads is already final.
 */
class WinTable {
  readonly width: number;
  readonly win: Float64Array;
  /**
   * `known`, a smaller table of the same rule, has the same number in every entry it has (an entry reads
   * only smaller battles): those are copied, and only the new ones worked out. A random Domination game's
   * armies grow to a thousand and more, and the table, worked out afresh at every doubling, was a sixth of
   * the bench's first random games.
   */
  constructor(
    readonly attackers: number,
    readonly defenders: number,
    italian: boolean,
    known?: WinTable,
  ) {
    this.width = defenders + 1;
    this.win = new Float64Array((attackers + 1) * this.width);
    const knownRows = known ? Math.min(known.attackers, attackers) : 0;
    const knownColumns = known ? Math.min(known.defenders, defenders) : 0;
    if (known) for (let a = 0; a <= knownRows; a++) this.win.set(known.win.subarray(a * known.width, a * known.width + knownColumns + 1), a * this.width);
    for (let a = 1; a <= attackers; a++) {
      this.win[a * this.width] = 1;
      if (a < 2) continue; // one army cannot attack: the defender holds
      const attackDice = maxAttackDice(a);
      for (let d = a <= knownRows ? knownColumns + 1 : 1; d <= defenders; d++) {
        const outcomes = outcomesFor(attackDice, maxDefenceDice(d, italian));
        let p = 0;
        for (let k = 0; k < outcomes.length; k++) {
          const o = outcomes[k]!;
          p += o.probability * this.win[(a - o.attackerLosses) * this.width + d - o.defenderLosses]!;
        }
        this.win[a * this.width + d] = p;
      }
    }
  }
}

const winTables: { standard?: WinTable; italian?: WinTable } = {};

/**
 * `battleOdds(attackers, defenders, { italian }).attackerWins`, from one table kept per rule and grown
 * (doubled, on the side that is too small) when a larger battle is asked: the chance shown before every
 * roll of a battle, and weighed by the AI for every attack it could make, is asked for the same and
 * smaller armies again and again. Growing both sides whenever either was too small kept a table of 32 MB
 * after a game whose armies had grown large (every entry is the same number in a table of any size).
 */
export function winChance(attackers: number, defenders: number, italian: boolean): number {
  checkWhole('attackers', attackers, 1);
  checkWhole('defenders', defenders, 1);
  const key = italian ? 'italian' : 'standard';
  let table = winTables[key];
  if (!table || table.attackers < attackers || table.defenders < defenders) {
    const grown = (asked: number, has: number | undefined) => (has !== undefined && asked <= has ? has : Math.max(asked, 2 * (has ?? 16)));
    table = winTables[key] = new WinTable(grown(attackers, table?.attackers), grown(defenders, table?.defenders), italian, table);
  }
  return table.win[attackers * table.width + defenders]!;
}

/** Counts, for every possible roll, what `resolveDice` says it costs, and turns the counts into probabilities. */
function enumerateRolls(attackerDice: number, defenderDice: number): readonly RollOutcome[] {
  checkWhole('attacker dice', attackerDice, 1, MAX_ATTACK_DICE);
  checkWhole('defender dice', defenderDice, 1, MAX_DEFENCE_DICE_ITALIAN);
  const dice = attackerDice + defenderDice;
  const rolls = DIE_FACES ** dice;
  const tally = new Map<string, { attackerLosses: number; defenderLosses: number; count: number }>();
  const faces = new Array<number>(dice);
  for (let roll = 0; roll < rolls; roll++) {
    // Read `roll` as a number in base 6, one digit per die.
    for (let i = 0, rest = roll; i < dice; i++, rest = Math.floor(rest / DIE_FACES)) faces[i] = (rest % DIE_FACES) + 1;
    const losses = resolveDice(faces.slice(0, attackerDice), faces.slice(attackerDice));
    const key = `${losses.attackerLosses}/${losses.defenderLosses}`;
    const entry = tally.get(key) ?? { ...losses, count: 0 };
    entry.count++;
    tally.set(key, entry);
  }
  return [...tally.values()]
    .sort((x, y) => y.defenderLosses - x.defenderLosses || x.attackerLosses - y.attackerLosses)
    .map(({ attackerLosses, defenderLosses, count }) =>
      Object.freeze({ attackerLosses, defenderLosses, probability: count / rolls }),
    );
}

function checkWhole(what: string, value: number, least: number, most = Infinity): void {
  if (!Number.isInteger(value) || value < least || value > most) {
    const range = most === Infinity ? `${least} or more` : `from ${least} to ${most}`;
    throw new Error(`${what} must be a whole number ${range}, got ${String(value)}`);
  }
}
