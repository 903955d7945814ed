import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng';
import { highestFirst, maxAttackDice, maxDefenceDice, resolveDice, throwDice } from '../../../systems/conquest/dice';
import { singleRollOutcomes } from '../../../systems/conquest/odds';

// ------------------------------------------------------------------------- an independent reference

/**
 * The k-th highest die (k from 0), found without sorting: the largest face f such that more than k dice
 * show f or more. Written differently from resolveDice on purpose, so the two check each other.
 */
function kthHighest(dice: number[], k: number): number {
  for (let face = 6; face >= 1; face--) {
    if (dice.filter((die) => die >= face).length > k) return face;
  }
  throw new Error(`no die #${k + 1} in ${dice.join(',')}`);
}

/** Every roll of a attacker and d defender dice, in lexicographic order. */
function* allRolls(a: number, d: number): Generator<{ attack: number[]; defence: number[] }> {
  const faces = new Array<number>(a + d).fill(1);
  for (;;) {
    yield { attack: faces.slice(0, a), defence: faces.slice(a) };
    let i = faces.length - 1;
    while (i >= 0 && faces[i] === 6) faces[i--] = 1;
    if (i < 0) return;
    faces[i]!++;
  }
}

/** Counts of rolls by outcome "attackerLosses/defenderLosses", by the reference comparison. */
function referenceCounts(a: number, d: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { attack, defence } of allRolls(a, d)) {
    let attackerLosses = 0;
    let defenderLosses = 0;
    for (let k = 0; k < Math.min(a, d); k++) {
      if (kthHighest(attack, k) > kthHighest(defence, k)) defenderLosses++;
      else attackerLosses++;
    }
    const key = `${attackerLosses}/${defenderLosses}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Rolls out of 6^(a+d), by outcome "attackerLosses/defenderLosses". The standard ones are the well-known
 * fractions; the Italian ones (3 defence dice) were worked out by exact enumeration, and cross-checked with
 * a separate script; e.g. 1 die against 3 wins when it beats the highest of three: Σ(f−1)³ = 225 of 1296.
 */
const KNOWN_COUNTS: Record<string, Record<string, number>> = {
  '1v1': { '0/1': 15, '1/0': 21 },
  '1v2': { '0/1': 55, '1/0': 161 },
  '1v3': { '0/1': 225, '1/0': 1071 },
  '2v1': { '0/1': 125, '1/0': 91 },
  '2v2': { '0/2': 295, '1/1': 420, '2/0': 581 },
  '2v3': { '0/2': 979, '1/1': 1981, '2/0': 4816 },
  '3v1': { '0/1': 855, '1/0': 441 },
  '3v2': { '0/2': 2890, '1/1': 2611, '2/0': 2275 },
  '3v3': { '0/3': 6420, '1/2': 10017, '2/1': 12348, '3/0': 17871 },
};

// ------------------------------------------------------------------------------------------ the tests

describe('conquest dice [002 II.3 Attack]', () => {
  it('[002 II.3 Attack] highest against highest, ties to the defender: 5,5,4 against 6,4 loses one each', () => {
    expect(resolveDice([5, 5, 4], [6, 4])).toEqual({ attackerLosses: 1, defenderLosses: 1 });
  });

  it('[002 II.3 Attack] 3,2,1 against 2,1: the defender loses two (3 beats 2, 2 beats 1)', () => {
    expect(resolveDice([3, 2, 1], [2, 1])).toEqual({ attackerLosses: 0, defenderLosses: 2 });
  });

  it('[002 II.3 Attack] 6,5,2 against 6,5: the attacker loses two (6 and 5 both tie)', () => {
    expect(resolveDice([6, 5, 2], [6, 5])).toEqual({ attackerLosses: 2, defenderLosses: 0 });
  });

  it('[002 II.3 Attack] the dice are matched by rank, whatever order they are given in; the input is not changed', () => {
    const attack = [4, 5, 5];
    const defence = [4, 6];
    expect(resolveDice(attack, defence)).toEqual({ attackerLosses: 1, defenderLosses: 1 });
    expect(resolveDice([2, 6, 5], [5, 6])).toEqual({ attackerLosses: 2, defenderLosses: 0 });
    expect(attack).toEqual([4, 5, 5]);
    expect(defence).toEqual([4, 6]);
  });

  it('[002 II.3 Attack] only as many pairs as the smaller side has dice are compared', () => {
    expect(resolveDice([6], [1, 1])).toEqual({ attackerLosses: 0, defenderLosses: 1 });
    expect(resolveDice([1, 1, 1], [6])).toEqual({ attackerLosses: 1, defenderLosses: 0 });
    // Italian: three pairs.
    expect(resolveDice([6, 6, 6], [5, 5, 5])).toEqual({ attackerLosses: 0, defenderLosses: 3 });
    expect(resolveDice([4, 4, 4], [4, 4, 4])).toEqual({ attackerLosses: 3, defenderLosses: 0 });
  });

  it('[002 II.3 Attack] a die must be a whole number from 1 to 6, and the error names it', () => {
    expect(() => resolveDice([7], [1])).toThrow(/attacker die #1 is 7/);
    expect(() => resolveDice([3, 0], [1])).toThrow(/attacker die #2 is 0/);
    expect(() => resolveDice([3], [2.5])).toThrow(/defender die #1 is 2\.5/);
    expect(() => resolveDice([3], [2, Number.NaN])).toThrow(/defender die #2 is NaN/);
    expect(() => resolveDice([3], [-1])).toThrow(/defender die #1 is -1.*1 to 6/);
  });

  it('[002 II.3 Attack] the attacker rolls 1 to 3 dice, the defender 1 to 3 (3 only with the Italian option)', () => {
    expect(() => resolveDice([], [1])).toThrow(/attacker must roll 1 to 3 dice, got 0 dice/);
    expect(() => resolveDice([1, 2, 3, 4], [1])).toThrow(/attacker must roll 1 to 3 dice, got 4 dice/);
    expect(() => resolveDice([1], [])).toThrow(/defender must roll 1 to 3 dice, got 0 dice/);
    expect(() => resolveDice([1], [1, 2, 3, 4])).toThrow(/defender must roll 1 to 3 dice, got 4 dice/);
    expect(resolveDice([1], [1, 2, 3])).toEqual({ attackerLosses: 1, defenderLosses: 0 });
  });

  it('[002 II.3 Attack b] at least 2 armies to attack, one stays behind, at most 3 dice: armies − 1 capped at 3', () => {
    expect([0, 1, 2, 3, 4, 5, 100].map(maxAttackDice)).toEqual([0, 0, 1, 2, 3, 3, 3]);
    expect(() => maxAttackDice(-1)).toThrow(/-1/);
    expect(() => maxAttackDice(2.5)).toThrow(/2\.5/);
  });

  it('[002 II.3 Attack] the defender rolls one die per army, at most 2, at most 3 in Italian mode', () => {
    expect([0, 1, 2, 3, 10].map((n) => maxDefenceDice(n, false))).toEqual([0, 1, 2, 2, 2]);
    expect([0, 1, 2, 3, 10].map((n) => maxDefenceDice(n, true))).toEqual([0, 1, 2, 3, 3]);
    expect(() => maxDefenceDice(Number.NaN, false)).toThrow(/NaN/);
  });

  describe('[002 II.3 Attack] every roll of 1-3 attacking against 1-3 defending dice, enumerated exactly', () => {
    for (let a = 1; a <= 3; a++) {
      for (let d = 1; d <= 3; d++) {
        const total = 6 ** (a + d);
        const known = KNOWN_COUNTS[`${a}v${d}`]!;
        it(`[002 II.3 Attack] ${a} against ${d} dice: resolveDice agrees with a separate comparison on all ${total} rolls, and with the known fractions`, () => {
          // resolveDice, roll by roll, against the reference comparison.
          const counts = new Map<string, number>();
          let rolls = 0;
          for (const { attack, defence } of allRolls(a, d)) {
            const { attackerLosses, defenderLosses } = resolveDice(attack, defence);
            const key = `${attackerLosses}/${defenderLosses}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
            rolls++;
          }
          expect(rolls).toBe(total);
          expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(referenceCounts(a, d)));

          // The counts are the known fractions, and add up to every roll exactly (integers, no rounding).
          expect(Object.fromEntries(counts)).toEqual(known);
          expect(Object.values(known).reduce((sum, n) => sum + n, 0)).toBe(total);

          // singleRollOutcomes gives the same fractions.
          const outcomes = singleRollOutcomes(a, d);
          expect(Object.fromEntries(outcomes.map((o) => [`${o.attackerLosses}/${o.defenderLosses}`, o.probability]))).toEqual(
            Object.fromEntries(Object.entries(known).map(([key, n]) => [key, n / total])),
          );
        });
      }
    }
  });
});

describe('[002 II.3 Attack] a roll thrown', () => {
  it('[002 II.3] throwDice: one to three dice, one d6 each, in the order thrown', () => {
    for (const count of [1, 2, 3]) {
      const rng = Rng.fromSeed(`throw-${count}`);
      const same = rng.clone();
      const dice = throwDice(rng, count);
      expect(dice).toEqual(Array.from({ length: count }, () => same.d6()));
      expect(rng.state()).toEqual(same.state());
    }
  });

  it('[002 II.3] throwDice refuses a roll of no dice or of four, naming the count', () => {
    expect(() => throwDice(Rng.fromSeed('x'), 0)).toThrow(/not 0/);
    expect(() => throwDice(Rng.fromSeed('x'), 4)).toThrow(/not 4/);
  });

  it('[002 II.3] highestFirst: the dice in a new list, the highest first, the list given left as it was', () => {
    const thrown = [2, 6, 4];
    expect(highestFirst(thrown)).toEqual([6, 4, 2]);
    expect(thrown).toEqual([2, 6, 4]);
    expect(highestFirst([1, 1, 5])).toEqual([5, 1, 1]);
    expect(highestFirst([3])).toEqual([3]);
  });
});
