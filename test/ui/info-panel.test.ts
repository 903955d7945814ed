/**
 * The planet panel says why a planet is, or is not, controlled [15.5-15.54], from the side's view:
 * the words of explainControl (checked against the chart in test/systems/control-explain.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/core/view';
import { panelHtml } from '../../src/ui/info-panel';
import { entityRefs } from '../../src/ui/entity-refs';
import { explainPlanetInView } from '../../systems/control-explain';
import { content, testGame } from '../fixtures';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

describe('the planet panel', () => {
  it('[15.5] a planet in play says who controls it and why, in the words of the chart, for each side', () => {
    const game = testGame('start-of-rebellion', 'panel');
    for (const side of ['rebel', 'imperial'] as const) {
      const view = viewFor(game, side);
      for (const pv of view.planets.filter((p) => p.inPlay)) {
        const html = panelHtml({ kind: 'planet', id: pv.id }, { content, view, refs: entityRefs(game.world) })!;
        const why = explainPlanetInView(view, pv.eid);
        expect(html).toContain('data-testid="control-why"');
        expect(html).toContain(esc(why.why));
      }
    }
  });

  it('a planet not in play, or with no game, has no control line', () => {
    const game = testGame('start-of-rebellion', 'panel');
    const view = viewFor(game, 'rebel');
    const out = [...content.planets.values()].find((p) => !view.planets.some((v) => v.id === p.id && v.inPlay))!;
    expect(panelHtml({ kind: 'planet', id: out.id }, { content, view, refs: {} })).not.toContain('control-why');
    expect(panelHtml({ kind: 'planet', id: out.id }, { content, view: null, refs: {} })).not.toContain('control-why');
  });
});
