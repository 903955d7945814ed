/**
 * The blocs panel [003]: the war's state, the six chits with their extremists, each faction's bribes,
 * and the next outbreak roll's chance, which is the chance the roll is then made at (one function,
 * `outbreakChance`, enumerating the roll's outcome function, for both).
 */
import { describe, expect, it } from 'vitest';
import { areEnemies, blocsOf, nextOutbreak } from '../../systems/conquest/blocs';
import { mapOf, stateOf } from '../../systems/conquest/state';
import { conquestView } from '../../systems/conquest/view';
import { blocsPanelHtml, freeActionsHtml, scenarioWithBlocs } from '../../src/ui/conquest/blocs-panel';
import { conquestGame, content, option, play, reask } from '../systems/conquest/fixtures';

const name = (f: string) => f.toUpperCase();
const swatch = () => '';

describe('[003] the blocs panel', () => {
  it('[3A2f, 3B1] shows the six chits, the extremists of the seated, the blocs with each faction\'s bribes', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', players: ['crimson', 'azure', 'emerald', 'amber'] });
    const html = blocsPanelHtml(content, conquestView(game, 'crimson'), name, swatch);
    for (const ideology of ['Freedom', 'Unity', 'Equality', 'Honour', 'Individuality', 'Authority']) expect(html).toContain(ideology);
    expect(html.match(/title="extremist"/g)).toHaveLength(4);
    expect(html).toContain('CRIMSON <span title="bribes [3B1]">●●●</span>');
    expect(html).toMatch(/Loyalist<\/b> <small>3\/6 chits/);
    expect(html).toContain('Peace');
    expect(blocsPanelHtml(content, conquestView(conquestGame({ players: ['crimson', 'azure'] }), null), name, swatch)).toBe('');
  });

  it('[3C1] the chance shown before an outbreak roll is the chance it is rolled at', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', autoPlace: true, players: ['crimson', 'azure', 'emerald', 'amber'] });
    const me = game.pending!.side;
    const s = stateOf(game);
    const enemy = s.order.find((f) => areEnemies(blocsOf(game), me, f))!;
    for (const t of mapOf(game).territories) (s.owner[t] = enemy), (s.armies[t] = 1);
    Object.assign(s.owner, { rakhar: me, orrim: me, skarrow: me });
    s.armies.rakhar = 30;
    blocsOf(game)!.stock = 5;
    reask(game);
    while (game.pending?.kind === 'conquest-place') play(game, option(game, 'place', { territory: 'rakhar', count: game.pending.context!.left as number }));
    const shown = /<b>(\d+)%<\/b> war/.exec(blocsPanelHtml(content, conquestView(game, me), name, swatch))![1];
    const before = nextOutbreak(game)!;
    play(game, option(game, 'attack', { from: 'rakhar', to: 'pyrrhos' }));
    play(game, option(game, 'annihilate', { stopAt: 1 }));
    const rolled = game.events.filter((e) => e.kind === 'bloc-outbreak-roll').at(-1)!;
    expect(rolled.data?.chance).toBe(before.chance);
    expect(Number(shown)).toBe(Math.round((rolled.data!.chance as number) * 100));
  });

  it('[3B3c, 3F3] the free actions: Defect at every attack stage, in peace too, saying a defector never wins; in war a truce with its price', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', autoPlace: true, players: ['crimson', 'azure', 'emerald', 'amber'] });
    const me = game.pending!.side;
    while (game.pending?.kind === 'conquest-place') play(game, game.pending.options.find((o) => o.count === game.pending!.context!.left)!);
    const opt = (i: number, label: string) => `<button data-opt="${i}">${label}</button>`;
    const peace = freeActionsHtml(conquestView(game, me), game.pending!.options, opt);
    expect(peace).toContain('>Defect</button>');
    expect(peace).toContain('a defector never wins [3F4d]');
    expect(peace).not.toContain('truce');
    blocsOf(game)!.war = 'war';
    reask(game);
    const war = freeActionsHtml(conquestView(game, me), game.pending!.options, opt);
    expect(war).toContain('>Buy a truce: 2 bribes</button>');
    expect(war).toContain('title="Buy a truce [3F3]: 2 bribes, one to each enemy faction, and the war stops"');
  });

  it('the setup\'s blocs option picks the game type\'s blocs scenario, and back', () => {
    expect(scenarioWithBlocs(content, 'conquest-capital', true)).toBe('conquest-blocs-capital');
    expect(scenarioWithBlocs(content, 'conquest-domination', true)).toBe('conquest-blocs');
    expect(scenarioWithBlocs(content, 'conquest-blocs-mission', false)).toBe('conquest-mission');
  });
});
