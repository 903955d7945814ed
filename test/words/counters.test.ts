/**
 * [7.22, issue 53] another side's stack opened on the map to look at: its counters read from the looking
 * side's view say what the game's own counters say as that side may read them (counterOf, the one the
 * worker builds for one's own stacks): a hidden Imperial unit is "?-?" with neither type nor strength, a
 * known one its type and strength; no piece the view does not hold (an undetected character) is there.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/engine/types';
import { viewFor } from '../../src/core/view';
import { counterOf, viewCounters } from '../../src/words/board/counters';
import { content } from '../fixtures';
import { playUntil } from './play-until';

describe('another side\'s counters, from the view [7.22, issue 53]', () => {
  it('the Rebel looking at Imperial stacks: each unit\'s counter as the game\'s own, hidden ones unknown', () => {
    const e = playUntil('start-of-rebellion', 'rebel', '11', (d) => d.kind === 'movement' && d.side === 'rebel');
    const g = e.game as Game;
    const view = viewFor(g, 'rebel');
    let hidden = 0;
    let known = 0;
    const environs = new Set(view.units.filter((u) => u.side === 'imperial').map((u) => u.environ));
    expect(environs.size).toBeGreaterThan(1);
    for (const environ of environs) {
      const counters = viewCounters(view, content, environ, 'imperial');
      for (const c of counters.filter((x) => x.kind === 'unit')) {
        const own = counterOf(g, c.piece, 'rebel');
        expect({ name: c.name, face: c.face, about: c.about }).toEqual({ name: own.name, face: own.face, about: own.about });
        if (c.face === '?-?') hidden++;
        else known++;
      }
      // every Imperial unit there, as the view holds them
      expect(counters.filter((x) => x.kind === 'unit').length).toBe(view.units.filter((u) => u.side === 'imperial' && u.environ === environ).length);
    }
    // the seed's map has both: Patrols and Lines not yet seen in combat, and Militia (never hidden [7.22])
    expect(hidden).toBeGreaterThan(0);
    expect(known).toBeGreaterThan(0);
  });

  it('the Empire looking at Rebel stacks: only the characters its view holds (the detected), each with his ratings', () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'declare-search');
    const g = e.game as Game;
    const view = viewFor(g, 'imperial');
    let seen = 0;
    for (const environ of new Set(view.characters.filter((c) => c.side === 'rebel' && !c.dead && !c.captured).map((c) => c.environ))) {
      for (const c of viewCounters(view, content, environ, 'rebel').filter((x) => x.kind === 'character')) {
        expect(c.face).toBe(counterOf(g, c.piece, 'imperial').face);
        expect(view.characters.some((v) => v.eid === c.piece)).toBe(true);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
