/** The odds panel's numbers, checked die by die against the rules code that reads the same tables. */
import { describe, expect, it } from 'vitest';
import { testGame } from '../fixtures';
import { combatResult } from '../../systems/military-combat';
import { searchNumber } from '../../systems/search';
import { detectionResult } from '../../systems/detection';
import { combatColumn } from '../../systems/character-combat';
import { breakOffOdds, characterColumn, characterOdds, detectionOdds, militaryOdds, oddsForEvent, searchOdds } from '../../src/core/odds';

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
