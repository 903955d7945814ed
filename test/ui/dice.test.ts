/**
 * Rolls shown as dice read the dice from the roll's line (play/dice-tray.ts diceOf): every line of every
 * kind of roll the rules systems write gives its dice, as many as were rolled, each 1-6.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiceTray, diceOf, trayPlace } from '../../src/ui/play/dice-tray';
import { FakeElement, installFakeDom } from './fake-dom';
import { newGame } from '../../src/core/engine/game';
import { playOut } from '../../src/ai/play';
import { agentFactory } from '../../src/ai/registry';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { content } from '../fixtures';

describe('dice read from a roll\'s line', () => {
  it('reads one die, two dice and a list, and nothing from a line without dice', () => {
    expect(diceOf("Kestrel's Due slips past the PDB of Wendhaven undetected (evasion 8, die 4).")).toEqual([4]);
    expect(diceOf('Combat in Wendhaven (urban): the rebel (4) attacks the imperial (3); 1-1 shifted +1 to 2-1; dice 2 and 1: rebel loses 3.')).toEqual([2, 1]);
    expect(diceOf('Round 2: attack 7 against defence 5, column 4, dice 6, 3: the defender takes 2 wounds, the attacker 0.')).toEqual([6, 3]);
    expect(diceOf('Die 3: the break-off fails [12.53].')).toEqual([3]);
    expect(diceOf('A search by units of Tollis (air): search value 5, hiding value 4, needs 3 or less, die 5: not found.')).toEqual([5]);
    expect(diceOf('Mirra Solvane goes on Diplomacy at Tollis (urban).')).toEqual([]);
    expect(diceOf('the die-hard loyalists of 7 worlds')).toEqual([]);
  });

  it('every roll in whole games gives as many dice as its kind rolls', () => {
    // [9.31] detection, [10.0] military combat and PDB fire, [11.0] search, [12.4-12.5] character combat
    // and break-off, [14.22] a possession failing
    const perKind: Record<string, number> = { detection: 1, search: 1, 'break-off': 1, possession: 1, 'military-combat': 2, 'character-combat': 2, pdb: 2 };
    const seen = new Set<string>();
    for (const seed of ['d1', 'd2', 'd3', 'd4', 'd5']) {
      const game = newGame({ content, ruleset: starSystemRuleset, scenario: 'start-of-rebellion', seed });
      playOut(game, { rebel: agentFactory('normal')({ side: 'rebel', seed: 'r' }), imperial: agentFactory('normal')({ side: 'imperial', seed: 'i' }) });
      for (const e of game.events) {
        if (!/\bdi(e|ce) [1-6]/i.test(e.text)) continue;
        const dice = diceOf(e.text);
        const want = perKind[e.kind];
        if (want) expect(dice, e.text).toHaveLength(want);
        else expect(dice.length, e.text).toBeGreaterThan(0);
        for (const d of dice) expect(d >= 1 && d <= 6, e.text).toBe(true);
        seen.add(e.kind);
      }
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['break-off', 'character-combat', 'detection', 'military-combat', 'search']));
  });
});

describe('dice shown to a player who asks for less motion', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = installFakeDom();
    vi.useFakeTimers();
  });
  afterEach(() => {
    restore();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The tray's dice, as shown: each die's face and whether it is tumbling. */
  const shown = (host: FakeElement) =>
    (host.querySelectorAll('.die') as unknown as FakeElement[]).map((d) => ({ face: Number(d.dataset.value), tumbling: d.classList.contains('tumbling') }));

  for (const reduce of [true, false])
    it(`${reduce ? 'less motion: the dice lie on their faces from the start' : 'with motion: the dice tumble, then land on their faces'}`, () => {
      vi.stubGlobal('window', { matchMedia: (q: string) => ({ matches: reduce && q === '(prefers-reduced-motion: reduce)' }) });
      const host = new FakeElement('div');
      const tray = new DiceTray(host as unknown as HTMLElement);
      tray.show([{ dice: [6, 1, 4], text: 'dice 6, 1, 4' }], 1);
      if (reduce) expect(shown(host)).toEqual([6, 1, 4].map((face) => ({ face, tumbling: false })));
      else expect(shown(host).every((d) => d.tumbling)).toBe(true);
      vi.advanceTimersByTime(700);
      expect(shown(host)).toEqual([6, 1, 4].map((face) => ({ face, tumbling: false })));
      expect(vi.getTimerCount()).toBe(2); // the fade and the hiding, no tumbling left
    });
});

describe('where the dice land [issue 47]', () => {
  const area = { left: 0, top: 50, right: 800, bottom: 650 };
  const size = { width: 300, height: 100 };
  const name = (x: number, y: number) => ({ x, y, width: 80, height: 16, visible: true });
  const covers = (at: { left: number; top: number }, b: { x: number; y: number; width: number; height: number }) =>
    Math.abs(at.left + size.width / 2 - b.x) < (size.width + b.width) / 2 && Math.abs(at.top + size.height / 2 - b.y) < (size.height + b.height) / 2;

  it('at the top middle of the open map when no name is there', () => {
    expect(trayPlace(size, { area, avoid: [name(100, 400)] })).toEqual({ left: 250, top: 50 });
  });

  it('elsewhere when a name is at the top middle, covering none; crowded all over, covering the fewest', () => {
    const names = [name(400, 90), name(400, 600), name(120, 300)];
    const at = trayPlace(size, { area, avoid: names });
    expect(names.some((b) => covers(at, b))).toBe(false);
    // a hidden name (waiting for the camera) is no obstacle
    expect(trayPlace(size, { area, avoid: [{ ...name(400, 90), visible: false }] })).toEqual({ left: 250, top: 50 });
    // names everywhere: the spot with the fewest under it
    const everywhere = [] as ReturnType<typeof name>[];
    for (let x = 40; x < 800; x += 90) for (let y = 60; y < 650; y += 40) everywhere.push(name(x, y));
    const least = trayPlace(size, { area, avoid: everywhere });
    const count = (at: { left: number; top: number }) => everywhere.filter((b) => covers(at, b)).length;
    expect(count(least)).toBeLessThanOrEqual(count({ left: 250, top: 50 }));
  });

  it("never over a tutorial's words, even where they stand on the one spot free of names", () => {
    // names everywhere but the top middle, where the next step's words stand
    const words = { x: 400, y: 110, width: 320, height: 120, visible: true };
    const names = [] as ReturnType<typeof name>[];
    for (let x = 40; x < 800; x += 90) for (let y = 60; y < 650; y += 40) if (!(Math.abs(x - words.x) < 220 && Math.abs(y - words.y) < 120)) names.push(name(x, y));
    expect(trayPlace(size, { area, avoid: names })).toEqual({ left: 250, top: 50 });
    expect(covers(trayPlace(size, { area, avoid: names, keepOff: [words] }), words)).toBe(false);
  });
});
