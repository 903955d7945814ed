/** The odds panel's numbers, checked die by die against the rules code that reads the same tables. */
import { describe, expect, it } from 'vitest';
import { testGame } from '../fixtures';
import { combatResult } from '../../systems/rebels-vs-empire/military-combat';
import { searchNumber } from '../../systems/rebels-vs-empire/search';
import { detectionResult } from '../../systems/rebels-vs-empire/detection';
import { combatColumn } from '../../systems/rebels-vs-empire/character-combat';
import { attackColumns, breakOffOdds, characterColumn, characterOdds, detectionOdds, militaryOdds, oddsForEvent, searchOdds } from '../../src/core/odds';
import { combatShift } from '../../systems/rebels-vs-empire/military-combat';
import { combatFacts } from '../../src/words/combat-facts';
import { emptyBoard, put, unit } from '../systems/rebels-vs-empire/mission-helpers';
import { entityOf } from '../../src/core/world/world';
import { emit } from '../../src/core/engine/game';
import type { Decision } from '../../src/core/engine/types';

const game = testGame();
const t = game.content.tables;
const sum = (xs: { chance: number }[]) => xs.reduce((s, x) => s + x.chance, 0);

describe('odds from the tables', () => {
  it('[10.0] each military outcome has the chance of the dice that give it', () => {
    for (let col = 0; col < t.militaryCombat.columns.length; col++) {
      const o = militaryOdds(t, col);
      expect(sum(o.attackerLoss)).toBeCloseTo(1);
      expect(sum(o.defenderLoss)).toBeCloseTo(1);
      for (let die = 1; die <= 6; die++) {
        const r = combatResult(game, col, die);
        const a = o.attackerLoss.find((x) => x.faces.includes(die));
        const d = o.defenderLoss.find((x) => x.faces.includes(die));
        expect(a?.label).toBe(`loses ${r.attackerLoss}`);
        expect(d?.label).toBe(`loses ${r.defenderLoss}`);
        expect(a?.chance).toBeCloseTo((a?.faces.length ?? 0) / 6);
      }
    }
  });

  it('[11.0] the chance to find is the found-on number over six', () => {
    for (let sv = -2; sv <= 25; sv++)
      for (let h = -2; h <= 10; h++) {
        const need = searchNumber(game, sv, h);
        const o = searchOdds(t, sv, h);
        expect(o.need).toBe(need);
        expect(o.found).toBeCloseTo(Math.min(6, need) / 6);
      }
  });

  it('[9.3] detection outcomes match the detection table die by die, with PDB and already-detected shifts', () => {
    const words: Record<string, string> = { U: 'undetected', D: 'detected', Dd: 'detected and damaged', E: 'eliminated' };
    for (let ev = -1; ev <= 10; ev++)
      for (const pdb of [0, 1, 2])
        for (const already of [false, true]) {
          const o = detectionOdds(t, ev, pdb, already);
          expect(sum(o)).toBeCloseTo(1);
          for (let die = 1; die <= 6; die++)
            expect(o.find((x) => x.faces.includes(die))?.label).toBe(words[detectionResult(game, ev, die, pdb, already)]);
        }
  });

  it('[12.6] character combat columns and results follow the table', () => {
    // the column whose range on the table reads min..max (the rule's table, read by its labels)
    const cols = t.characterCombat.columns;
    const at = (min: number, max: number) => {
      const i = cols.findIndex((c) => c.min === min && c.max === max);
      expect(i, `a column ${min}..${max}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(t.characterCombat.captureShift).toBe(2);
    // [differential, capture, shift right, the column]: in range, at the table's ends, a capture
    // attempt two columns left [12.85], a shift right [12.5], never off the table
    const cases: [number, boolean, number, number][] = [
      [-12, false, 0, 0],
      [-5, false, 0, at(-6, -4)],
      [0, false, 0, at(0, 0)],
      [3, false, 0, at(2, 3)],
      [5, false, 0, at(4, 6)],
      [14, false, 0, cols.length - 1],
      [5, true, 0, at(1, 1)], // +4..+6, two left: +1
      [-12, true, 0, 0], // no column left of the first
      [5, false, 1, at(7, 10)],
      [14, false, 1, cols.length - 1], // no column right of the last
      [0, true, 1, at(-1, -1)], // 0, two left and one right
    ];
    for (const [diff, capture, right, column] of cases) {
      expect(characterColumn(t, diff, capture, right), `${diff} ${capture} ${right}`).toBe(column);
      expect(combatColumn(game, diff, capture, right), `${diff} ${capture} ${right}`).toBe(column);
    }
    const o = characterOdds(t, 4);
    expect(sum(o.attacker)).toBeCloseTo(1);
    const row = t.characterCombat.rows[0]?.[4];
    expect(o.defender.find((x) => x.faces.includes(1))?.label.startsWith(`${row?.defender} wound`)).toBe(true);
  });

  it('[12.51] break-off chances are the table numbers over six', () => {
    const b = breakOffOdds(t, 0);
    expect(b.active).toBeCloseTo((t.characterCombat.breakOffActive[0] as number) / 6);
    expect(b.inactive).toBeCloseTo((t.characterCombat.breakOffInactive[0] as number) / 6);
  });

  it('reads the column of a combat event to show its odds afterwards', () => {
    // the event names the column it was fought on (after its shift): 3-1, not the 2-1 it started from
    const text = 'Combat in x.1: the rebel (4) attacks the imperial (2); 2-1 shifted +1 to 3-1; dice 3 and 5: rebel loses 1, imperial loses 2.';
    const odds = oddsForEvent(t, 'military-combat', text)!;
    expect(odds).toMatch(/^Column 3-1 \[10\.0\]: attacker .*; defender .*\.$/);
    // each loss with its share of the six dice, counted on the table's 3-1 column [10.0]
    const column = t.militaryCombat.rows.map((row) => row[t.militaryCombat.columns.indexOf('3-1')]!);
    const [attacker, defender] = odds.split('; defender ');
    for (const [side, part] of [[0, attacker!], [1, defender!]] as const) {
      const faces = new Map<number, number>();
      for (const cell of column) faces.set(cell[side]!, (faces.get(cell[side]!) ?? 0) + 1);
      expect(faces.size).toBeGreaterThan(0);
      for (const [loss, n] of faces) expect(part).toContain(`loses ${loss} ${Math.round((n / 6) * 100)}%`);
      expect(part.match(/loses \d+/g)).toHaveLength(faces.size);
    }
    expect(oddsForEvent(t, 'search', 'needs 3 or less, die 5')).toContain('50%');
  });
});

describe('attack odds as the side knows them [10.0-10.7, 7.22]', () => {
  const declare = (environ: number, side: 'rebel' | 'imperial' = 'rebel') =>
    ({ side, kind: 'declare-combat', prompt: '', rule: '[10.1]', options: [], context: { environ } }) as unknown as Decision;

  it('[10.0, 10.2] the columns at the enemy\'s weakest and strongest, after the known shift, match the rules code\'s column', () => {
    // [own strength, the enemy's least and most, the shift, led, the worst column, the best], the columns
    // worked by hand from [10.0] (rounded in the defender's favour), [10.2] and [10.22, 10.42] as
    // docs/rules.md reads them (the ratio within 1-5..5-1, then the shifts)
    const cases = [
      [4, 2, 6, 0, false, '1-2', '2-1'], // 4:6 rounds to 1-2; 4:2 is 2-1
      [3, 3, 3, 1, true, '2-1', '2-1'], // 1-1, one right
      [1, 2, 6, 2, true, '1-3', '2-1'], // 1:6 is held at 1-5 [10.22], two right; 1:2 is 1-2, two right
      [6, 1, 1, 1, true, '6-1', '6-1'], // 6:1 is held at 5-1; a leader's shift may reach 6-1 [10.42]
      [6, 1, 1, 1, false, '5-1', '5-1'], // without one it may not [10.22]
      [6, 1, 3, -1, false, '1-1', '4-1'], // 6:3 is 2-1, one left; 6:1 is held at 5-1, one left
      [7, 2, 2, 3, false, '5-1', '5-1'], // 7:2 rounds to 3-1; three right is held at 5-1 unled
    ] as const;
    const name = (column: number) => t.militaryCombat.columns[column];
    for (const [own, least, most, shift, led, worst, best] of cases) {
      const columns = attackColumns(t, own, least, most, shift, led);
      expect([name(columns.worst), name(columns.best)], `${own} against ${least}-${most}, shift ${shift}${led ? ', led' : ''}`).toEqual([worst, best]);
    }
  });

  it('[7.22] hidden Imperial units are a range of strength for the Rebel, narrowed to the total he saw them use in a combat he watched', () => {
    const { game: g } = emptyBoard();
    const environ = entityOf(g.world, 'environ', 'wendhaven.1');
    const line = unit(g, 'line', 'wendhaven.1', 'urban');
    const patrol = unit(g, 'patrol', 'wendhaven.1', 'urban');
    const rebel = unit(g, 'rebel-2-1', 'wendhaven.1', 'urban');
    const before = combatFacts(g, declare(environ))!;
    expect([before.enemyLeast, before.enemyMost, before.hiddenUnits, before.narrowed]).toEqual([2, 6, 2, false]);
    // the Empire sees its own units: no range
    const imperial = combatFacts(g, declare(environ, 'imperial'))!;
    expect([imperial.enemyLeast, imperial.enemyMost]).toEqual([2, 2]);
    // a combat the Empire alone saw tells the Rebel nothing
    const text = (n: number) => `Combat in Wendhaven 1 (urban): the imperial (${n}) attacks the rebel (2); 2-1 shifted +0 to 2-1; dice 3 and 4: imperial loses 0, rebel loses 0.`;
    emit(g, { kind: 'military-combat', text: text(4), rule: '[10.0]', visibleTo: 'imperial', entities: [environ, line, patrol, rebel] });
    expect(combatFacts(g, declare(environ))!.narrowed).toBe(false);
    emit(g, { kind: 'military-combat', text: text(4), rule: '[10.0]', visibleTo: 'all', entities: [environ, line, patrol, rebel] });
    const after = combatFacts(g, declare(environ))!;
    expect([after.enemyLeast, after.enemyMost, after.narrowed]).toEqual([4, 4, true]);
  });

  it('[10.4, 10.5] the shift counts the side\'s own best leader and the environ, and the enemy leader it cannot see is said to be unknown', () => {
    const { game: g } = emptyBoard();
    const w = g.world;
    const environ = entityOf(w, 'environ', 'wendhaven.1');
    unit(g, 'line', 'wendhaven.1', 'urban');
    unit(g, 'rebel-2-1', 'wendhaven.1', 'urban');
    const unled = combatFacts(g, declare(environ))!;
    expect(unled.shift).toBe(combatShift(g, environ, 'rebel', { rebel: 0, imperial: 0 }, false));
    const mirra = put(g, 'mirra-solvane', 'wendhaven.1');
    const led = combatFacts(g, declare(environ))!;
    expect(led.ownLeader).toEqual({ name: 'Mirra Solvane', leadership: w.c.Character.leadership[mirra] });
    expect(led.shift).toBe(combatShift(g, environ, 'rebel', { rebel: mirra, imperial: 0 }, false));
    expect(led.shift - unled.shift).toBe(w.c.Character.leadership[mirra]);
    expect(led.shiftParts).toContain(`+${w.c.Character.leadership[mirra]} your leader Mirra Solvane [10.4]`);
    expect(led.enemyLeaderUnknown).toBe(true);
  });
});
