import { describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import { content, testGame } from '../fixtures';
import { viewFor } from '../../src/core/view';
import { buildLayout } from '../../src/render/layout';
import { placeOf, stacksOf } from '../../src/render/view-pieces';
import { entityRefs } from '../../src/core/world/entity-refs';

describe('what a view of the game puts on the map (view-pieces.ts)', () => {
  const layout = buildLayout(content);
  const game = testGame('armageddon', 3);
  const refs = entityRefs(game.world);

  it('one stack per environ and side, counting every unit and living character of the view there', () => {
    const view = viewFor(game, null);
    const stacks = stacksOf(view, refs);
    const keys = stacks.map((s) => `${s.environ}|${s.side}`);
    expect(new Set(keys).size).toBe(keys.length);
    const units = view.units.filter((u) => refs[u.environ]);
    const characters = view.characters.filter((c) => !c.dead && c.environ && refs[c.environ]);
    expect(stacks.reduce((n, s) => n + s.units, 0)).toBe(units.length);
    expect(stacks.reduce((n, s) => n + s.characters, 0)).toBe(characters.length);
    for (const s of stacks) {
      const here = units.filter((u) => refs[u.environ]!.id === s.environ && u.side === s.side);
      expect(s.strength).toBe(here.reduce((sum, u) => sum + (u.combat ?? 0), 0));
    }
  });

  it("a stack's strength is unknown (null) when one of its units' strength is hidden from the side that looks [7.22]", () => {
    const rebelView = viewFor(game, 'rebel');
    const hidden = rebelView.units.filter((u) => u.combat === null);
    expect(hidden.length).toBeGreaterThan(0);
    const stacks = stacksOf(rebelView, refs);
    for (const u of hidden) expect(stacks.find((s) => s.environ === refs[u.environ]!.id && s.side === u.side)!.strength).toBeNull();
  });

  it('places a piece at its environ, and an entity with no place nowhere', () => {
    const view = viewFor(game, null);
    const unit = view.units.find((u) => refs[u.environ])!;
    const atUnit = new Vector3();
    const atEnviron = new Vector3();
    expect(placeOf(layout, refs, view, unit.eid, atUnit)).toBe(true);
    expect(placeOf(layout, refs, view, unit.environ, atEnviron)).toBe(true);
    expect(atUnit.equals(atEnviron)).toBe(true);
    expect(placeOf(layout, refs, view, 987654, new Vector3())).toBe(false);
  });
});
