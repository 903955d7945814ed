/**
 * The planet panel says why a planet is, or is not, controlled [15.5-15.54], from the side's view:
 * the words of explainControl (checked against the chart in test/systems/rebels-vs-empire/control-explain.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/core/view';
import { panelHtml } from '../../src/ui/info-panel';
import { entityRefs } from '../../src/core/world/entity-refs';
import { explainPlanetInView } from '../../systems/rebels-vs-empire/control-explain';
import { summonSovereign } from '../../systems/rebels-vs-empire/sovereigns';
import { entityOf } from '../../src/core/world/world';
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

  it('[5.3I, 13.2] an environ\'s sovereign and the court he stands at are on the panel for both sides; none in the star-system game', () => {
    const game = testGame('start-of-rebellion', 'panel');
    const name = content.environs.get('wendhaven.2')!.sovereign!;
    const html = (g: typeof game, side: 'rebel' | 'imperial' | null) => panelHtml({ kind: 'planet', id: 'wendhaven' }, { content, view: viewFor(g, side), refs: entityRefs(g.world) })!;
    expect(html(game, 'rebel')).not.toContain('Sovereign:'); // [5.3I] no effect in the star-system game
    (game as { scenario: typeof game.scenario }).scenario = { ...game.scenario, kind: 'province' };
    expect(html(game, 'rebel')).toContain(`Sovereign: ${esc(name)} (at no court)`);
    summonSovereign(game, entityOf(game.world, 'environ', 'wendhaven.2'), 'rebel');
    for (const side of ['rebel', 'imperial', null] as const) expect(html(game, side)).toContain(`Sovereign: ${esc(name)} (at the Rebel's court)`);
    summonSovereign(game, entityOf(game.world, 'environ', 'wendhaven.2'), 'imperial');
    expect(html(game, 'rebel')).toContain(`Sovereign: ${esc(name)} (at the Imperial court)`);
    // with no game (exploring the galaxy), the content's name alone
    expect(panelHtml({ kind: 'planet', id: 'wendhaven' }, { content, view: null, refs: {} })).toContain(`Sovereign: ${esc(name)}</small>`);
  });
});
