/**
 * A destination's marker on the map names its worst risk with its chance, read from the odds the rule
 * itself enumerates (src/words/option-facts.ts): the chance of being detected, not of going unseen.
 */
import { describe, expect, it } from 'vitest';
import { destText } from '../../src/ui/play/board/map-play';
import { boardForm } from '../../src/words/board/forms';
import { pickFacts } from '../../src/words/board/stacks';
import { testGame } from '../fixtures';

describe('a destination marker names its risk [9.3, 5.22]', () => {
  it('[9.3] a detection roll: the chance of being detected, not the chance of going undetected', () => {
    // the Rebel's first movement: his ship leaves past the Empire's PDB, and each destination says its odds
    const game = testGame('start-of-rebellion', 'dest-text');
    const d = game.pending!;
    // each ship with its pilot aboard
    const dests = boardForm(game, d).movers.flatMap((m) => (m.counters ?? []).filter((c) => c.kind === 'ship').flatMap((c) => pickFacts(game, d, m.place, [c.piece, c.pilot ?? 0]).dests));
    const checked = dests.filter((d) => /: detected \d+%.*unseen \d+%/.test(d.odds ?? ''));
    expect(checked.length).toBeGreaterThan(0);
    for (const d of checked) {
      const detected = /: detected (\d+%)/.exec(d.odds!)![1];
      expect(destText(d)).toBe(`→ ${d.label.replace(/ \(.*\)$/, '')} · detected ${detected}`);
    }
  });

  it('[5.22] a hyperjump: its drift, the first risk it names', () => {
    const odds = 'hyperjump, distance 2 by Cinder Gate, navigation 1: safe 67%, drift 17%, outer drift 17% [5.22]';
    expect(destText({ place: 'x.1', label: 'Far 1 (wild)', odds, commands: [] })).toBe('→ Far 1 · drift 17%');
    expect(destText({ place: 'x.1', label: 'Far 1 (wild)', odds: 'hyperjump: outer drift 50% [5.22]', commands: [] })).toBe('→ Far 1 · outer drift 50%');
  });

  it('no risk named: the place alone', () => {
    expect(destText({ place: 'x.1', label: 'Near 2 (air)', odds: "Near's PDB 1, not the enemy's: no detection roll [9.3]", commands: [] })).toBe('→ Near 2');
  });
});
