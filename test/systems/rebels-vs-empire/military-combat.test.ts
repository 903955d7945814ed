/**
 * Military combat [10.0-10.7]. The table columns used here (attacker loss / defender loss by die):
 *   1-1: 4/0 3/1 2/1 2/2 1/2 0/3      2-1: 3/1 2/2 2/2 1/3 1/3 0/4      3-1: 3/2 2/3 2/3 1/3 0/4 0/5
 */
import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { advance, newGame } from '../../../src/core/engine/game';
import type { Frame, Game, Procedure } from '../../../src/core/engine/types';
import { environOf, place } from '../../../src/core/world/world';
import { viewFor } from '../../../src/core/view';
import { combatShift, lossToTake, removableUnits } from '../../../systems/rebels-vs-empire/military-combat';
import { ratioColumn, shiftColumn } from '../../../src/core/odds';
import { unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { starSystemRuleset } from '../../../systems/rebels-vs-empire/star-system-ruleset';
import { content, rigDice } from '../../fixtures';
import { char, clearBoard, env, ok, opsGame, unit } from './ops-helpers';

const col = (game: Game, name: string) => game.content.tables.militaryCombat.columns.indexOf(name);

/** Run a procedure now, on top of the stack, until its first decision. */
function run(game: Game, frame: Frame) {
  game.pending = null;
  game.stack.push(frame);
  advance(game);
}

describe('the ratio and its shifts [10.0-10.5]', () => {
  it('[10.0] the ratio is rounded in the defender\'s favour', () => {
    const game = opsGame();
    expect(ratioColumn(game.content.tables, 5, 2)).toBe(col(game, '2-1'));
    expect(ratioColumn(game.content.tables, 4, 3)).toBe(col(game, '1-1'));
    expect(ratioColumn(game.content.tables, 2, 5)).toBe(col(game, '1-3'));
    expect(ratioColumn(game.content.tables, 3, 3)).toBe(col(game, '1-1'));
  });

  it('[10.22] without leaders the ratio stays within 1-5 and 5-1', () => {
    const game = opsGame();
    expect(ratioColumn(game.content.tables, 12, 1)).toBe(col(game, '5-1'));
    expect(ratioColumn(game.content.tables, 1, 9)).toBe(col(game, '1-5'));
    expect(shiftColumn(game.content.tables, col(game, '5-1'), 1, false)).toBe(col(game, '5-1'));
  });

  it('[10.42] with a leader it may reach 1-6 and 6-1', () => {
    const game = opsGame();
    expect(shiftColumn(game.content.tables, col(game, '5-1'), 2, true)).toBe(col(game, '6-1'));
    expect(shiftColumn(game.content.tables, col(game, '1-5'), -3, true)).toBe(col(game, '1-6'));
  });

  it('[10.4] the leader shift is the leader\'s leadership, or the difference of the two', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1'); // urban: no environ shifts
    const kaelen = char(game, 'kaelen-dray'); // leadership 4
    const kaine = char(game, 'serath-kaine'); // leadership 2
    expect(combatShift(game, here, 'rebel', { rebel: kaelen, imperial: 0 }, false)).toBe(4);
    expect(combatShift(game, here, 'rebel', { rebel: kaelen, imperial: kaine }, false)).toBe(2);
    expect(combatShift(game, here, 'imperial', { rebel: kaelen, imperial: kaine }, false)).toBe(-2);
  });

  it('[10.5] the Rebel gets one shift with a unit of the environ\'s type', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1'); // urban
    unit(game, 'rebel-1-0', here, 'wild');
    expect(combatShift(game, here, 'rebel', { rebel: 0, imperial: 0 }, false)).toBe(0);
    unit(game, 'rebel-1-0', here, 'urban');
    expect(combatShift(game, here, 'rebel', { rebel: 0, imperial: 0 }, false)).toBe(1);
  });

  it('[10.5, 10.44] in a special environ the Empire loses a shift, unless it has a leader', () => {
    const game = opsGame();
    const wild = env(game, 'wendhaven.2');
    expect(combatShift(game, wild, 'imperial', { rebel: 0, imperial: 0 }, false)).toBe(-1);
    const ysmena = char(game, 'ysmena-coil'); // leadership 1
    expect(combatShift(game, wild, 'imperial', { rebel: 0, imperial: ysmena }, false)).toBe(1);
  });

  it('[10.7] units of a rebellion get one shift even without a leader', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1');
    expect(combatShift(game, here, 'rebel', { rebel: 0, imperial: 0 }, true)).toBe(1);
    expect(combatShift(game, here, 'rebel', { rebel: char(game, 'mirra-solvane'), imperial: 0 }, true)).toBe(1); // the leader's 1, not 2
  });
});

describe('losses [10.3]', () => {
  it('[10.3] losses are met as closely as possible without exceeding them', () => {
    expect(lossToTake([2, 2], 3)).toBe(2);
    expect(lossToTake([3, 1, 1], 4)).toBe(4);
    expect(lossToTake([3], 2)).toBe(0);
    expect(lossToTake([3, 2], 9)).toBe(5);
  });

  it('[10.3] only units that keep the loss reachable may be removed', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1');
    const line = unit(game, 'line', here);
    const patrol = unit(game, 'patrol', here);
    expect(removableUnits(game, [line, patrol], 3)).toEqual([line]);
    expect(removableUnits(game, [line, patrol], 4).sort()).toEqual([line, patrol].sort());
  });
});

describe('combat in an environ [10.0-10.6]', () => {
  /** Wendhaven.1 (urban): two Rebel urban 2-1 units (4) against a militia and a patrol (2). */
  function battle(game = opsGame()) {
    const here = env(game, 'wendhaven.1');
    const rebels = [unit(game, 'rebel-2-1', here, 'urban'), unit(game, 'rebel-2-1', here, 'urban')];
    const militia = unit(game, 'militia', here);
    const patrol = unit(game, 'patrol', here);
    return { game, here, rebels, militia, patrol };
  }

  it('[10.0, 10.1] the phasing player may declare combat; combat is not required, and then the other player may', () => {
    const { game, here } = battle();
    run(game, { proc: 'military-combat', data: {} });
    expect(game.pending).toMatchObject({ side: 'rebel', kind: 'declare-combat' });
    ok(game, { type: 'no-combat', side: 'rebel', environ: here });
    expect(game.pending).toMatchObject({ side: 'imperial', kind: 'declare-combat' });
    ok(game, { type: 'no-combat', side: 'imperial', environ: here });
    expect(game.pending?.kind).toBe('movement'); // back where we were: no combat happened
    expect(unitsIn(game, here, 'imperial')).toHaveLength(2);
  });

  it('[10.0] the phasing player chooses the order of the environs', () => {
    const { game } = battle();
    unit(game, 'rebel-2-1', env(game, 'tollis.1'));
    unit(game, 'militia', env(game, 'tollis.1'));
    run(game, { proc: 'military-combat', data: {} });
    expect(game.pending?.kind).toBe('combat-order');
    expect(game.pending?.options.map((o) => o.environ)).toEqual([env(game, 'wendhaven.1'), env(game, 'tollis.1')]);
  });

  it('[10.0, 10.1, 10.5] all units fight one round; attacker and defender each roll for the other\'s loss; [10.3] each allocates', () => {
    const { game, here, rebels, militia, patrol } = battle();
    run(game, { proc: 'military-combat', data: {} });
    // 4 against 2: 2-1, +1 for the Rebel urban units in an urban environ: 3-1
    rigDice(game, [1, 6]); // attacker's die 1: the Empire loses 2; defender's die 6: the Rebel loses 0
    ok(game, { type: 'declare-combat', side: 'rebel', environ: here });
    expect(game.pending).toMatchObject({ side: 'imperial', kind: 'allocate-losses' }); // militia or patrol first: a choice
    expect(game.pending?.options.map((o) => o.unit).sort()).toEqual([militia, patrol].sort());
    ok(game, { type: 'remove-unit', side: 'imperial', unit: patrol });
    expect(unitsIn(game, here, 'imperial')).toEqual([]); // the militia went too: 2 points
    expect(unitsIn(game, here, 'rebel')).toEqual(rebels);
    const event = game.events.find((e) => e.kind === 'military-combat')!;
    expect(event.text).toContain('3-1');
  });

  it('[7.22] the strengths of patrol and line units are revealed to both sides when they fight', () => {
    const { game, here } = battle();
    expect(viewFor(game, 'rebel').units.find((u) => u.side === 'imperial' && u.mobile)).toMatchObject({ combat: null });
    run(game, { proc: 'military-combat', data: {} });
    rigDice(game, [6, 1]);
    ok(game, { type: 'declare-combat', side: 'rebel', environ: here });
    const seen = viewFor(game, 'rebel').events.find((e) => e.kind === 'military-combat');
    expect(seen?.visibleTo).toBe('all');
    expect(seen?.text).toContain('(2)'); // the Empire's strength
  });

  it('[10.4, 10.43] each side names one leader when more than one could lead; [10.45] leaders are never removed for losses', () => {
    const { game, here } = battle();
    const kaelen = char(game, 'kaelen-dray');
    const mirra = char(game, 'mirra-solvane');
    place(game.world, kaelen, here);
    place(game.world, mirra, here);
    run(game, { proc: 'military-combat', data: {} });
    ok(game, { type: 'declare-combat', side: 'rebel', environ: here });
    expect(game.pending).toMatchObject({ side: 'rebel', kind: 'name-leader' });
    expect(game.pending?.options.map((o) => o.character)).toEqual([kaelen, mirra].sort((a, b) => a - b));
    rigDice(game, [6, 1]); // 4-1 +4 +1: 6-1 with a leader; die 6 0/8... the Rebel loses 1 on the defender's die 1
    ok(game, { type: 'name-leader', side: 'rebel', character: kaelen });
    expect(game.events.find((e) => e.kind === 'military-combat')?.text).toContain('6-1');
    expect(environOf(game.world, kaelen)).toBe(here);
    expect(hasComponent(game.world, kaelen, game.world.c.Dead)).toBe(false);
  });

  it('[10.45, 10.6] when a side\'s units are all eliminated, a squad of the survivors\' strength attacks its characters there', () => {
    const calls: Frame['data'][] = [];
    const fake: Procedure = {
      step(_g, frame) {
        calls.push(structuredClone(frame.data));
        return { done: true, result: { killed: [], captured: [], brokeOff: false, attackerDefeated: false } };
      },
      answer() {},
    };
    const ruleset = { ...starSystemRuleset, procedures: { ...starSystemRuleset.procedures, 'character-combat': fake } };
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 'squad' });
    const { here, rebels } = battle(clearBoard(game));
    const nilo = char(game, 'nilo-brevant'); // leadership 0: no leader for the Empire
    place(game.world, nilo, here);
    run(game, { proc: 'military-combat', data: {} });
    rigDice(game, [1, 6]);
    ok(game, { type: 'declare-combat', side: 'rebel', environ: here });
    ok(game, { type: 'remove-unit', side: 'imperial', unit: game.pending!.options[0]!.unit as number });
    expect(calls).toEqual([
      { environ: here, attackerSide: 'rebel', attacker: { kind: 'squad', strength: 4, leader: 0, units: rebels }, defenders: [nilo] },
    ]);
  });

});

describe('rebellion combat [10.7, 15.4]', () => {
  it('[10.7, 15.4] at once, the Rebel may attack with a rebellion\'s units, which get a shift without a leader', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1');
    unit(game, 'rebel-1-0', here, 'wild');
    unit(game, 'militia', here);
    run(game, { proc: 'rebellion-combat', data: { planet: game.world.ids.planet.get('wendhaven')! } });
    expect(game.pending).toMatchObject({ side: 'rebel', kind: 'declare-combat', rule: '[10.7]' });
    // the facts the odds before the declaration are computed from, as for any declaration [10.0]
    expect(game.pending?.context).toEqual({ environ: here, ownStrength: 1 });
    rigDice(game, [6, 6]);
    ok(game, { type: 'declare-combat', side: 'rebel', environ: here });
    // 1 against 1: 1-1, +1 for the rebellion: 2-1
    expect(game.events.find((e) => e.kind === 'military-combat')?.text).toContain('to 2-1');
  });
});


describe('units in the views [7.21-7.3]', () => {
  it('[7.21, 7.3] militia and Rebel units are always shown with their strength; [7.22] patrol and line hidden from the Rebel only', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1');
    const militia = unit(game, 'militia', here);
    const line = unit(game, 'line', here);
    const rebel = unit(game, 'rebel-2-1', here);
    const rebelView = viewFor(game, 'rebel').units;
    const imperialView = viewFor(game, 'imperial').units;
    expect(rebelView.find((u) => u.eid === militia)?.combat).toBe(1);
    expect(rebelView.find((u) => u.eid === line)).toMatchObject({ type: 'hidden', combat: null });
    expect(imperialView.find((u) => u.eid === line)?.combat).toBe(3);
    expect(imperialView.find((u) => u.eid === rebel)?.combat).toBe(2);
  });

  it('[10.6, 15.74] characters with the units neither add to nor take from their strength', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1');
    unit(game, 'rebel-2-1', here, 'wild');
    unit(game, 'militia', here);
    place(game.world, char(game, 'nilo-brevant'), here); // no leadership: not a leader
    run(game, { proc: 'military-combat', data: {} });
    rigDice(game, [6, 6]);
    ok(game, { type: 'declare-combat', side: 'rebel', environ: here });
    expect(game.events.find((e) => e.kind === 'military-combat')?.text).toContain('(2) attacks the imperial (1)');
  });
});
