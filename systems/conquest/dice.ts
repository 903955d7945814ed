/**
 * The dice of the conquest ruleset (002 II.3 "Attack"): how many dice each side may roll, and what one
 * roll costs each side.
 *
 * The attacker rolls one die per attacking army, at most 3, and must leave one army at home [II.3 b]; the
 * defender rolls one die per defending army, at most 2, or 3 with the Italian option. The dice are matched
 * highest against highest, second against second, and so on; each pair costs one army to the side that
 * loses it, and a tie goes to the defender.
 *
 * Everything here is pure; odds.ts builds the exact probabilities on top of `resolveDice`.
 */

export const DIE_FACES = 6;
/** "You may attack with only a maximum of 3 armies at once, each one receiving a dice roll." */
export const MAX_ATTACK_DICE = 3;
/** "The defender will defend with only a maximum of 2 armies at once." */
export const MAX_DEFENCE_DICE = 2;
/** "In Italian mode, up to 3 dice may be rolled when defending!" */
export const MAX_DEFENCE_DICE_ITALIAN = 3;

/** The armies each side loses in one roll. */
export interface DiceResult {
  attackerLosses: number;
  defenderLosses: number;
}

/**
 * The losses of one roll. The dice may come in any order; they are not modified.
 *
 * The rule's own examples [002 II.3]:
 *  a. attacker 5,5,4 against defender 6,4: one loss each (6 beats 5, then 5 beats 4);
 *  b. attacker 3,2,1 against defender 2,1: the defender loses two (3 beats 2, 2 beats 1);
 *  c. attacker 6,5,2 against defender 6,5: the attacker loses two (both pairs tie, and ties go to the defender).
 * Only min(attacker dice, defender dice) pairs are compared, so the attacker's third die in a and c counts
 * for nothing.
 *
 * Throws if a die is not a whole number from 1 to 6, or if a side rolls fewer than 1 or more than 3 dice.
 * Three defence dice only happen with the Italian option, but whether it applies is the caller's business
 * (see `maxDefenceDice`), so they are accepted here.
 */
export function resolveDice(attackerDice: readonly number[], defenderDice: readonly number[]): DiceResult {
  checkDice('attacker', attackerDice, MAX_ATTACK_DICE);
  checkDice('defender', defenderDice, MAX_DEFENCE_DICE_ITALIAN);
  const pairs = Math.min(attackerDice.length, defenderDice.length);
  let attackerLosses = 0;
  let defenderLosses = 0;
  for (let i = 0; i < pairs; i++) {
    // Strictly higher wins; "the same or lower" loses [II.3].
    if (nthHighest(attackerDice, i) > nthHighest(defenderDice, i)) defenderLosses++;
    else attackerLosses++;
  }
  return { attackerLosses, defenderLosses };
}

/**
 * The (i+1)-th highest of one to three dice, read in place: a roll's dice are matched highest against
 * highest without a sorted copy of each side (two lists a roll, some 10,000 rolls a random game).
 */
function nthHighest(dice: readonly number[], i: number): number {
  const x = dice[0]!;
  if (dice.length === 1) return x;
  const y = dice[1]!;
  const hi = x >= y ? x : y;
  const lo = x >= y ? y : x;
  if (dice.length === 2) return i === 0 ? hi : lo;
  const z = dice[2]!;
  if (i === 0) return z > hi ? z : hi;
  if (i === 1) return z > hi ? hi : z > lo ? z : lo;
  return z < lo ? z : lo;
}

/**
 * The most dice a territory holding `armies` may attack with: one army must stay behind [II.3 b], and no
 * more than 3 attack at once, so armies − 1 capped at 3, and 0 (no attack) with fewer than 2 armies.
 */
export function maxAttackDice(armies: number): number {
  checkArmies(armies);
  return Math.max(0, Math.min(MAX_ATTACK_DICE, armies - 1));
}

/**
 * The most dice a territory holding `armies` may defend with: one per army, at most 2, or 3 with the
 * Italian option [II.3, I "Cards Options" 3].
 */
export function maxDefenceDice(armies: number, italian: boolean): number {
  checkArmies(armies);
  return Math.min(armies, italian ? MAX_DEFENCE_DICE_ITALIAN : MAX_DEFENCE_DICE);
}

/**
 * The dice in a new list, the highest first. A roll is one to three dice, so they are put in order one by
 * one (insertion, each lower die moved up a place), in a copy of exactly their number: `sort` allocated a
 * third of a random conquest game's memory, the dice of every roll sorted twice, and `splice` was most of
 * what was left of this.
 */
export function highestFirst(dice: readonly number[]): number[] {
  const out = dice.slice();
  for (let i = 1; i < out.length; i++) {
    const die = out[i] as number;
    let at = i;
    while (at > 0 && (out[at - 1] as number) < die) (out[at] = out[at - 1] as number), at--;
    out[at] = die;
  }
  return out;
}

/**
 * `count` dice (1 to 3) thrown one after the other, in the order thrown. The list is made at its length:
 * one grown by `push` keeps room for 17 numbers, and a game keeps every roll's dice in its events, some
 * 10,000 rolls in a random game to the 150-round draw.
 */
export function throwDice(rng: { d6(): number }, count: number): number[] {
  switch (count) {
    case 1:
      return [rng.d6()];
    case 2:
      return [rng.d6(), rng.d6()];
    case 3:
      return [rng.d6(), rng.d6(), rng.d6()];
  }
  throw new Error(`throwDice: a roll is 1 to ${MAX_DEFENCE_DICE_ITALIAN} dice, not ${count}`);
}

function checkDice(side: string, dice: readonly number[], most: number): void {
  if (!Array.isArray(dice) || dice.length < 1 || dice.length > most) {
    const count = Array.isArray(dice) ? `${dice.length} dice` : String(dice);
    throw new Error(`resolveDice: the ${side} must roll 1 to ${most} dice, got ${count}`);
  }
  for (let i = 0; i < dice.length; i++) {
    const die = dice[i] as number;
    if (!Number.isInteger(die) || die < 1 || die > DIE_FACES) {
      throw new Error(`resolveDice: ${side} die #${i + 1} is ${String(die)}, not a whole number from 1 to ${DIE_FACES}`);
    }
  }
}

function checkArmies(armies: number): void {
  if (!Number.isInteger(armies) || armies < 0) {
    throw new Error(`armies must be a whole number, 0 or more, got ${String(armies)}`);
  }
}
