import { describe, expect, it } from 'vitest';
import { content } from '../fixtures';
import { buildLayout } from '../../src/render/layout';
import { effectFor } from '../../src/render/effects';

describe('the picture layout', () => {
  const layout = buildLayout(content);

  it('places every system, planet and environ of the content', () => {
    expect(layout.systems.length).toBe(content.systems.size);
    expect(layout.planets.length).toBe(content.planets.size);
    expect(layout.environIndex.size).toBe(content.environs.size);
  });

  it('puts planets between the sun drift area and the outer drift area [5.22]', () => {
    for (const p of layout.planets) {
      const sys = layout.systems[layout.systemIndex.get(p.system)!]!;
      const d = p.position.distanceTo(sys.position);
      expect(d).toBeGreaterThan(sys.def.drift.inner);
      expect(d).toBeLessThan(sys.def.drift.outer);
    }
  });

  it('gives each environ its own sector of the ring around its planet', () => {
    for (const p of layout.planets) {
      const total = p.environs.reduce((s, e) => s + e.span, 0);
      expect(total).toBeLessThanOrEqual(Math.PI * 2 + 1e-9);
      for (const e of p.environs) expect(e.outer).toBeGreaterThan(e.inner);
    }
  });

  it('animates unknown event kinds with a plain ping, and known prefixes by their family', () => {
    expect(effectFor('something-new').fx).toBe(0);
    expect(effectFor('combat-round')).toBe(effectFor('combat'));
    expect(effectFor('domino').fx).toBe(3);
  });
});
