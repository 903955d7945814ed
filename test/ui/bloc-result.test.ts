/**
 * The end screen of a bloc game [3F4, 3F4d, 3G1] (src/ui/conquest/bloc-result.ts): it tells each human
 * seat whether it won, with its bloc, or why not, and why the war ended, from games ended through the
 * engine.
 */
import { describe, expect, it } from 'vitest';
import { gameResult } from '../../src/core/engine/game';
import { blocOf, otherBloc, points, BLOC_NAMES } from '../../systems/conquest/blocs';
import type { FactionId } from '../../systems/conquest/content';
import { stateOf } from '../../systems/conquest/state';
import { conquestView } from '../../systems/conquest/view';
import { blocResult, blocVerdict } from '../../src/ui/conquest/bloc-result';
import { blocWinnerText } from '../../src/ui/conquest/blocs-panel';
import { atAttack, blocs, conquer, wonByTheDisgraced } from '../systems/conquest/bloc-fixtures';
import { content, option, play, reask } from '../systems/conquest/fixtures';

const name = (f: FactionId) => f.toUpperCase();
const swatch = () => '';

describe('[3F4] the end screen of a bloc game', () => {
  it('[3F4d, 3B3a] the war won by the chits: the victors win with their bloc, the defector and the surrendered lose, and the screen says why the war ended', () => {
    const { game, me, ally, enemy, enemy2 } = atAttack({ rakhar: ['me', 30], pyrrhos: ['me', 1], orrim: ['ally', 1], brineholt: ['ally', 1], sylvane: ['enemy', 1] });
    const b = blocs(game);
    b.war = 'war';
    const was = blocOf(b, me);
    for (const c of b.chits) if (!c.extremist) c.shows = otherBloc(was);
    reask(game);
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'pyrrhos', to: ally }));
    conquer(game, 'rakhar', 'orrim'); // the ally surrenders: every chit shows the other bloc
    const winner = gameResult(game)!.winner as FactionId;
    const won = BLOC_NAMES[otherBloc(was)];
    const view = conquestView(game, null);
    const result = blocResult(content, view, game.events, [me, ally, enemy, enemy2], name, swatch)!;
    expect(result.how).toBe(`${name(me)}'s victorious attack turned the last propaganda chit: every chit shows ${won}, and the ${won} bloc wins the war [3B3a, 3F4].`);
    expect(blocVerdict(view, game.events, me, name)).toEqual({ won: false, text: `You lose: you defected, and a defector is counted among the defeated [3F4d], though your colour is ${won}.` });
    expect(blocVerdict(view, game.events, ally, name)?.text).toMatch(/^You lose: your extremist was disgraced .* counted among the defeated \[3B3c, 3F4d\]\.$/);
    for (const f of [enemy, enemy2]) {
      expect(result.won(f)).toBe(true);
      expect(blocVerdict(view, game.events, f, name)?.text).toBe(f === winner ? `You win with the ${won} bloc, and lead it on points [3G1].` : `You win with the ${won} bloc; ${name(winner)} leads it on points [3G1].`);
    }
    // one verdict a human, each under its name; the table's cells give bloc, points and standing
    expect(result.verdicts.match(/data-testid="cq-verdict"/g)).toHaveLength(4);
    expect(result.verdicts).toContain(`<b>${name(me)}</b>: You lose: you defected`);
    expect(result.cells(me)).toBe(`<td>${won}</td><td title="systems held, and bribes by the bloc that won [3G1]">${points(game, me)} points</td><td class="small">defected</td>`);
    expect(result.cells(ally)).toContain('surrendered');
    expect(result.cells(winner)).toContain('victor');
  });

  it('[3B3c, 3F4] a defection that left no enemy: the war ended by Domination after the defection, and the losing bloc\'s factions are told so', () => {
    const { game, me, enemy, enemy2 } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['enemy', 1] });
    blocs(game).war = 'war';
    reask(game);
    const was = BLOC_NAMES[blocOf(blocs(game), me)];
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'orrim', to: enemy }));
    const won = BLOC_NAMES[blocOf(blocs(game), enemy)];
    const view = conquestView(game, null);
    const result = blocResult(content, view, game.events, [me, enemy2], name, swatch)!;
    expect(result.how).toBe(`${name(me)}'s defection left no enemy of the ${won} bloc holding a system: Domination, and the ${won} bloc wins [3B3c, 3F4].`);
    expect(result.won(me)).toBe(false);
    expect(result.won(enemy2)).toBe(true);
    expect(was).not.toBe(won);
    expect(stateOf(game).winner).not.toBe(me);
  });

  it('[3F4d] a bloc that won the war with no victor left: the headline says nobody won the game, and each seat is told why it lost', () => {
    const { game, me, ally, bloc } = wonByTheDisgraced();
    const view = conquestView(game, null);
    expect(blocWinnerText(view, 'draw', name)).toBe(`The ${BLOC_NAMES[bloc]} bloc wins the war, but nobody the game.`);
    expect(blocVerdict(view, game.events, ally, name)?.text).toMatch(/^You lose: your extremist was disgraced when a victorious attack turned your chit/);
    expect(blocVerdict(view, game.events, me, name)).toEqual({ won: false, text: 'You lose: without your extremist you are counted among the defeated [3F4d].' });
  });

  it('a game without blocs has no bloc result', () => {
    const { game } = atAttack({ rakhar: ['me', 30] });
    const view = { ...conquestView(game, null), blocs: undefined };
    expect(blocResult(content, view, game.events, [], name, swatch)).toBeNull();
  });
});
