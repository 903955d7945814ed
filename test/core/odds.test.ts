/** The odds panel's numbers, checked die by die against the rules code that reads the same tables. */
import { describe, expect, it } from 'vitest';
import { testGame } from '../fixtures';
import { combatResult } from '../../systems/rebels-vs-empire/military-combat';
import { searchNumber } from '../../systems/rebels-vs-empire/search';
import { detectionResult } from '../../systems/rebels-vs-empire/detection';
import { combatColumn } from '../../systems/rebels-vs-empire/character-combat';
import { attackColumns, breakOffOdds, characterColumn, characterOdds, detectionOdds, militaryOdds, oddsForEvent, ratioColumn, searchOdds, shiftColumn } from '../../src/core/odds';
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
    for (let diff = -12; diff <= 14; diff++)
      for (const capture of [false, true]) expect(characterColumn(t, diff, capture, 1)).toBe(combatColumn(game, diff, capture, 1));
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
    const text = 'Combat in x.1: the rebel (4) attacks the imperial (2); 2-1 shifted +0 to 2-1; dice 3 and 5: rebel loses 1, imperial loses 2.';
    expect(oddsForEvent(t, 'military-combat', text)).toContain('Column 2-1');
    expect(oddsForEvent(t, 'search', 'needs 3 or less, die 5')).toContain('50%');
  });
});

describe('attack odds as the side knows them [10.0-10.7, 7.22]', () => {
  const declare = (environ: number, side: 'rebel' | 'imperial' = 'rebel') =>
    ({ side, kind: 'declare-combat', prompt: '', rule: '[10.1]', options: [], context: { environ } }) as unknown as Decision;

  it('[10.0, 10.2] the columns at the enemy\'s weakest and strongest, after the known shift, match the rules code\'s column', () => {
    for (const [own, least, most, shift, led] of [[4, 2, 6, 0, false], [3, 3, 3, 1, true], [1, 2, 6, 2, true], [6, 1, 3, -1, false]] as const) {
      const { worst, best } = attackColumns(t, own, least, most, shift, led);
      expect(worst).toBe(shiftColumn(t, ratioColumn(t, own, most), shift, led));
      expect(best).toBe(shiftColumn(t, ratioColumn(t, own, least), shift, led));
      expect(worst).toBeLessThanOrEqual(best);
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
