import { describe, expect, it } from 'vitest';
import { battleOdds, singleRollOutcomes, winChance } from '../../../systems/conquest/odds';

const STANDARD = { italian: false };
const ITALIAN = { italian: true };
const EXACT = 14; // digits: the DP and the hand formulas differ only by floating-point rounding

/**
 * The win probability by plain recursion from the end, the opposite direction of battleOdds' forward sweep,
 * so the two check each other. Only for small armies: it recurses once per roll.
 */
function winByRecursion(attackers: number, defenders: number, italian: boolean, stopAt = 1): number {
  const memo = new Map<string, number>();
  const win = (a: number, d: number): number => {
    if (d === 0) return 1;
    if (a <= Math.max(1, stopAt)) return 0;
    const key = `${a},${d}`;
    let p = memo.get(key);
    if (p === undefined) {
      p = 0;
      for (const o of singleRollOutcomes(Math.min(3, a - 1), Math.min(d, italian ? 3 : 2))) {
        p += o.probability * win(a - o.attackerLosses, d - o.defenderLosses);
      }
      memo.set(key, p);
    }
    return p;
  };
  return win(attackers, defenders);
}

describe('conquest odds [002 II.3 Attack]', () => {
  describe('one roll', () => {
    it('[002 II.3 Attack] 3 dice against 2: defender loses 2 with 2890/7776, one each 2611/7776, attacker loses 2 2275/7776', () => {
      expect(singleRollOutcomes(3, 2)).toEqual([
        { attackerLosses: 0, defenderLosses: 2, probability: 2890 / 7776 },
        { attackerLosses: 1, defenderLosses: 1, probability: 2611 / 7776 },
        { attackerLosses: 2, defenderLosses: 0, probability: 2275 / 7776 },
      ]);
    });

    it('[002 II.3 Attack] every pairing of 1-3 against 1-3 dice: probabilities in (0, 1] adding up to 1', () => {
      for (let a = 1; a <= 3; a++) {
        for (let d = 1; d <= 3; d++) {
          const outcomes = singleRollOutcomes(a, d);
          expect(outcomes).toHaveLength(Math.min(a, d) + 1);
          for (const o of outcomes) {
            expect(o.probability).toBeGreaterThan(0);
            expect(o.attackerLosses + o.defenderLosses).toBe(Math.min(a, d));
          }
          expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 15);
        }
      }
    });

    it('[002 II.3 Attack] the cached outcomes cannot be changed through the returned copy', () => {
      const first = singleRollOutcomes(1, 1);
      first[0]!.probability = 99;
      first.pop();
      expect(singleRollOutcomes(1, 1)).toEqual([
        { attackerLosses: 0, defenderLosses: 1, probability: 15 / 36 },
        { attackerLosses: 1, defenderLosses: 0, probability: 21 / 36 },
      ]);
    });

    it('[002 II.3 Attack] 1 to 3 dice a side, whole numbers', () => {
      expect(() => singleRollOutcomes(0, 1)).toThrow(/attacker dice .* got 0/);
      expect(() => singleRollOutcomes(4, 1)).toThrow(/attacker dice .* got 4/);
      expect(() => singleRollOutcomes(1, 4)).toThrow(/defender dice .* got 4/);
      expect(() => singleRollOutcomes(1.5, 1)).toThrow(/got 1\.5/);
    });
  });

  describe('Annihilate', () => {
    it('[002 II.3 Attack b] 2 armies against 1: one roll of 1 die each, then no more attack: 15/36', () => {
      const odds = battleOdds(2, 1, STANDARD);
      expect(odds.attackerWins).toBeCloseTo(15 / 36, EXACT);
      expect(odds.defenderHolds).toBeCloseTo(21 / 36, EXACT);
      expect(odds.distribution).toEqual([
        { attackerLeft: 2, defenderLeft: 0, probability: 15 / 36 },
        { attackerLeft: 1, defenderLeft: 1, probability: 21 / 36 },
      ]);
      expect(odds.expectedAttackerLeft).toBeCloseTo((2 * 15 + 1 * 21) / 36, EXACT);
      expect(odds.expectedDefenderLeft).toBeCloseTo(21 / 36, EXACT);
    });

    it('[002 II.3 Attack b] 1 army cannot attack: the defender holds for certain', () => {
      expect(battleOdds(1, 5, ITALIAN)).toEqual({
        attackerWins: 0,
        defenderHolds: 1,
        expectedAttackerLeft: 1,
        expectedDefenderLeft: 5,
        distribution: [{ attackerLeft: 1, defenderLeft: 5, probability: 1 }],
      });
    });

    it('[002 II.3 Attack] small battles worked out by hand', () => {
      const w21 = 15 / 36;
      // 3 against 1: 2 dice against 1 win at once (125/216), else it is 2 against 1.
      const w31 = 125 / 216 + (91 / 216) * w21;
      // 2 against 2: 1 die against 2 must win (55/216), then it is 2 against 1.
      const w22 = (55 / 216) * w21;
      // 4 against 2: 3 dice against 2, then 4-0 won, 3-1 or 2-2.
      const w42 = 2890 / 7776 + (2611 / 7776) * w31 + (2275 / 7776) * w22;
      expect(battleOdds(3, 1, STANDARD).attackerWins).toBeCloseTo(w31, EXACT);
      expect(battleOdds(2, 2, STANDARD).attackerWins).toBeCloseTo(w22, EXACT);
      expect(battleOdds(4, 2, STANDARD).attackerWins).toBeCloseTo(w42, EXACT);
      expect(w42).toBeCloseTo(0.656, 3); // the classic 3-against-2-armies figure (Osborne 2003)
      // 2 against 3: 1 die against 2 dice twice, or against 3 dice then 2 dice in Italian mode, then 2 against 1.
      expect(battleOdds(2, 3, STANDARD).attackerWins).toBeCloseTo((55 / 216) ** 2 * w21, EXACT);
      expect(battleOdds(2, 3, ITALIAN).attackerWins).toBeCloseTo((225 / 1296) * (55 / 216) * w21, EXACT);
    });

    it('[002 II.3 Attack] agrees with a plain recursion on every battle up to 15 against 15', () => {
      for (const options of [STANDARD, ITALIAN]) {
        for (let a = 1; a <= 15; a++) {
          for (let d = 1; d <= 15; d++) {
            expect(battleOdds(a, d, options).attackerWins).toBeCloseTo(winByRecursion(a, d, options.italian), 12);
          }
        }
      }
    });

    it('[002 II.3 Attack] probabilities in [0, 1] adding up to 1, and the expectations match the distribution', () => {
      for (const options of [STANDARD, ITALIAN]) {
        for (const [a, d] of [[2, 1], [5, 3], [10, 10], [30, 7], [7, 30], [50, 50]] as const) {
          const odds = battleOdds(a, d, options);
          for (const p of [odds.attackerWins, odds.defenderHolds, ...odds.distribution.map((e) => e.probability)]) {
            expect(p).toBeGreaterThan(0);
            expect(p).toBeLessThanOrEqual(1);
          }
          expect(odds.attackerWins + odds.defenderHolds).toBeCloseTo(1, 12);
          expect(odds.distribution.reduce((sum, e) => sum + e.probability, 0)).toBeCloseTo(1, 12);
          const conquests = odds.distribution.filter((e) => e.defenderLeft === 0);
          expect(conquests.reduce((sum, e) => sum + e.probability, 0)).toBeCloseTo(odds.attackerWins, 12);
          // Without stopAt, the defender holds only when the attacker is down to its last army.
          for (const e of odds.distribution) if (e.defenderLeft > 0) expect(e.attackerLeft).toBe(1);
          expect(odds.expectedAttackerLeft).toBeCloseTo(odds.distribution.reduce((s, e) => s + e.attackerLeft * e.probability, 0), 12);
          expect(odds.expectedDefenderLeft).toBeCloseTo(odds.distribution.reduce((s, e) => s + e.defenderLeft * e.probability, 0), 12);
          expect(odds.expectedAttackerLeft).toBeGreaterThanOrEqual(1);
          expect(odds.expectedAttackerLeft).toBeLessThanOrEqual(a);
          expect(odds.expectedDefenderLeft).toBeLessThanOrEqual(d);
        }
      }
    });

    it('[002 II.3 Attack] more attackers never hurt the attacker, more defenders never help it', () => {
      for (const options of [STANDARD, ITALIAN]) {
        const win = (a: number, d: number) => battleOdds(a, d, options).attackerWins;
        for (let a = 1; a <= 40; a++) {
          for (let d = 1; d <= 40; d++) {
            expect(win(a + 1, d)).toBeGreaterThanOrEqual(win(a, d) - 1e-12);
            expect(win(a, d + 1)).toBeLessThanOrEqual(win(a, d) + 1e-12);
          }
        }
      }
    });

    it('[002 II.3 Attack] the Italian third defence die makes the odds worse for the attacker', () => {
      for (let a = 2; a <= 30; a++) {
        for (let d = 1; d <= 30; d++) {
          const standard = battleOdds(a, d, STANDARD).attackerWins;
          const italian = battleOdds(a, d, ITALIAN).attackerWins;
          // The third die needs 3 defending armies; with fewer the two rules are the same.
          if (d <= 2) expect(italian).toBe(standard);
          else expect(italian).toBeLessThan(standard);
        }
      }
    });

    it('[002 II.3 Attack] stopAt: the attacker stops once down to that many armies', () => {
      // 4 against 2, stopping at 3: a single roll of 3 dice against 2.
      expect(battleOdds(4, 2, { italian: false, stopAt: 3 }).distribution).toEqual([
        { attackerLeft: 4, defenderLeft: 0, probability: 2890 / 7776 },
        { attackerLeft: 3, defenderLeft: 1, probability: 2611 / 7776 },
        { attackerLeft: 2, defenderLeft: 2, probability: 2275 / 7776 },
      ]);
      // Stopping at or above the armies it has: no roll at all.
      expect(battleOdds(6, 4, { italian: false, stopAt: 6 }).distribution).toEqual([
        { attackerLeft: 6, defenderLeft: 4, probability: 1 },
      ]);
      // 0 and 1 are the same as not stopping: the last army can never attack [II.3 b].
      expect(battleOdds(12, 9, { italian: true, stopAt: 0 })).toEqual(battleOdds(12, 9, ITALIAN));
      expect(battleOdds(12, 9, { italian: true, stopAt: 1 })).toEqual(battleOdds(12, 9, ITALIAN));

      let previous = 1;
      for (let stopAt = 1; stopAt <= 25; stopAt++) {
        const odds = battleOdds(25, 15, { italian: false, stopAt });
        expect(odds.attackerWins).toBeCloseTo(winByRecursion(25, 15, false, stopAt), 12);
        expect(odds.attackerWins).toBeLessThanOrEqual(previous + 1e-12); // stopping sooner never wins more
        previous = odds.attackerWins;
        expect(odds.attackerWins + odds.defenderHolds).toBeCloseTo(1, 12);
        for (const e of odds.distribution) {
          // A conquering roll never costs the attacker an army (it must win every pair), so conquests end
          // above stopAt; a roll costs at most 2, so a stopped attack ends at stopAt or one below.
          if (e.defenderLeft === 0) expect(e.attackerLeft).toBeGreaterThan(Math.max(1, stopAt));
          else expect(e.attackerLeft).toBeGreaterThanOrEqual(Math.max(1, stopAt - 1));
          if (e.defenderLeft > 0) expect(e.attackerLeft).toBeLessThanOrEqual(Math.max(1, stopAt));
        }
      }
    });

    it('[002 II.3 Attack] armies and stopAt must be whole numbers; a territory holds at least 1 army', () => {
      expect(() => battleOdds(0, 1, STANDARD)).toThrow(/attackers .* got 0/);
      expect(() => battleOdds(3, 0, STANDARD)).toThrow(/defenders .* got 0/);
      expect(() => battleOdds(2.5, 1, STANDARD)).toThrow(/got 2\.5/);
      expect(() => battleOdds(3, 2, { italian: false, stopAt: -1 })).toThrow(/stopAt .* got -1/);
      expect(() => battleOdds(3, 2, { italian: false, stopAt: 1.5 })).toThrow(/stopAt .* got 1\.5/);
    });

    // how fast: `npm run bench` prints it (a timed test fails on a busy machine, and proves nothing on a quiet one)
    it('[002 II.3 Attack] 200 against 200 runs iteratively (no recursion to overflow), and adds up', () => {
      const standard = battleOdds(200, 200, STANDARD);
      const italian = battleOdds(200, 200, ITALIAN);
      for (const odds of [standard, italian]) {
        expect(odds.attackerWins + odds.defenderHolds).toBeCloseTo(1, 12);
        expect(odds.distribution.reduce((sum, e) => sum + e.probability, 0)).toBeCloseTo(1, 12);
      }
      // Checked against a separate exact-fraction (rational) recursion.
      expect(standard.attackerWins).toBeCloseTo(0.9038658101213873, 12);
      expect(italian.attackerWins).toBeLessThan(0.001); // three defence dice outlast an equal attack
    });
  });
});

describe('[002 II.3] winChance, the remembered chance shown before every roll', () => {
  it('[002 II.3] equals battleOdds(...).attackerWins for every battle up to 40 against 40, both rules, asked in any order', () => {
    for (const italian of [false, true])
      for (const [a, d] of [[40, 40], [3, 2], [17, 9], [1, 5], [2, 1], [39, 1]] as const) {
        expect(winChance(a, d, italian)).toBeCloseTo(battleOdds(a, d, { italian }).attackerWins, 12);
      }
    for (let a = 1; a <= 40; a += 3)
      for (let d = 1; d <= 40; d += 4) expect(winChance(a, d, false)).toBeCloseTo(battleOdds(a, d, { italian: false }).attackerWins, 12);
    // a larger battle after smaller ones grows the table and stays exact
    expect(winChance(150, 120, false)).toBeCloseTo(battleOdds(150, 120, { italian: false }).attackerWins, 12);
  });
});
