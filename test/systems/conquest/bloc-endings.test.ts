/**
 * How a bloc game ends and who wins it [3B3c, 3F4, 3F4d], and defection at any time [3B3]: the mends of
 * issue 54 (a defector never wins; a defection pays before anything is judged; defection in peace; the
 * bloc state after a victory), each played through the engine.
 */
import { describe, expect, it } from 'vitest';
import { gameResult } from '../../../src/core/engine/game';
import { areEnemies, blocOf, otherBloc } from '../../../systems/conquest/blocs';
import type { FactionId } from '../../../systems/conquest/content';
import { stateOf, territoriesOf } from '../../../systems/conquest/state';
import { atAttack, blocs, conquer, endTurn, eventsOf, FOUR, placeAll, wonByTheDisgraced } from './bloc-fixtures';
import { conquestGame, layBoard, option, play, reask } from './fixtures';

/** Thirteen systems of the 25, the defector's in the tests below: the Sovereign Core, the Ember Reach but orrim, and three of the Tidewell Expanse. */
const THIRTEEN = ['solenne', 'caldris', 'ivoris', 'harrowmere', 'mirethis', 'aster-vel', 'pyrrhos', 'rakhar', 'skarrow', 'maelis', 'coralline', 'wendmoor', 'nauvar'];

describe('[3F4d] players without their extremists are counted among the defeated', () => {
  it('[3F4d] a defector holding 13 of 25 systems on the winning side is not among the victors, and does not lead them', () => {
    const board = Object.fromEntries(THIRTEEN.map((t) => [t, ['me', t === 'rakhar' ? 30 : 1]])) as Parameters<typeof atAttack>[0];
    const { game, me, ally, enemy, enemy2 } = atAttack({ ...board, orrim: ['ally', 1], brineholt: ['ally', 1], sylvane: ['enemy', 1] });
    const b = blocs(game);
    b.war = 'war';
    const mine = blocOf(b, me);
    // the unseated chits show the other bloc already: after I defect, only my old ally's extremist keeps my old bloc's
    for (const c of b.chits) if (!c.extremist) c.shows = otherBloc(mine);
    reask(game);
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'nauvar', to: ally }));
    // a victorious attack on my old ally flips its extremist's chit: every chit shows my new bloc
    conquer(game, 'rakhar', 'orrim');
    expect(b.war).toBe('won');
    expect(b.victor).toBe(otherBloc(mine));
    const result = gameResult(game)!;
    expect(territoriesOf(game, me).length).toBeGreaterThanOrEqual(13);
    expect(result.winner).not.toBe(me);
    // the defector and the surrendered ally are both without their extremists: both among the defeated
    expect(result.coalition?.members.sort()).toEqual([enemy, enemy2].sort());
    expect([enemy, enemy2]).toContain(result.winner);
  });

  it('[3F4d] a winning bloc none of whose factions still holding systems kept its extremist has no victor: the war is won, and the game is a draw', () => {
    const { game, bloc } = wonByTheDisgraced();
    expect(blocs(game).war).toBe('won');
    expect(blocs(game).victor).toBe(bloc);
    expect(game.winner).toBe('draw');
    expect(gameResult(game)?.coalition).toBeNull();
    expect(eventsOf(game, 'bloc-victory').at(-1)).toMatchObject({ rule: '[3F4, 3F4d]', text: expect.stringMatching(/nobody wins/) });
  });

  it('[3B3c Capitulation, 3F4d] a defection that turns every chit ends the war at the end of the turn, in the defector\'s defeat', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', autoPlace: true, players: ['crimson', 'azure'] });
    const me = game.pending!.side;
    const other: FactionId = me === 'crimson' ? 'azure' : 'crimson';
    layBoard(game, other, { rakhar: [me, 10], orrim: [me, 1] });
    reask(game);
    placeAll(game, 'rakhar');
    const b = blocs(game);
    b.war = 'war';
    for (const c of b.chits) if (!c.extremist) c.shows = blocOf(b, other);
    reask(game);
    play(game, option(game, 'defect'));
    expect(eventsOf(game, 'bloc-capitulation')).toHaveLength(1);
    expect(game.winner).toBeNull();
    play(game, option(game, 'cede', { territory: 'orrim', to: other }));
    endTurn(game);
    expect(game.winner).toBe(other);
    expect(gameResult(game)?.coalition?.members).toEqual([other]);
  });

  it('[3F4d] a faction without its extremist does not win by its own goal either: every capital held claims nothing', () => {
    const game = conquestGame({ scenario: 'conquest-blocs-capital', autoPlace: true, players: FOUR });
    while (game.pending?.kind === 'conquest-capital') play(game, game.pending.options[0]!);
    const me = game.pending!.side;
    const s = stateOf(game);
    const enemy = s.order.find((f) => areEnemies(blocs(game), me, f))!;
    const others = s.order.filter((f) => f !== me && f !== enemy);
    layBoard(game, enemy, { rakhar: [me, 30], pyrrhos: [me, 1], skarrow: [me, 1], 'aster-vel': [me, 1], orrim: [enemy, 1] });
    s.capitals = { [me]: 'pyrrhos', [enemy]: 'orrim', [others[0]!]: 'skarrow', [others[1]!]: 'aster-vel' };
    blocs(game).chits.find((c) => c.faction === me)!.extremist = false;
    reask(game);
    placeAll(game, 'rakhar');
    conquer(game, 'rakhar', 'orrim');
    expect(Object.values(s.capitals).every((t) => s.owner[t] === me)).toBe(true);
    expect(game.pending?.kind).not.toBe('conquest-goal-met');
    expect(game.winner).toBeNull();
  });
});

describe('[3B3c] a defection pays before the game is judged', () => {
  it('[3B3c] a defection that leaves no enemy cedes its system first; then the bloc it joined wins by Domination, without it', () => {
    // my ally is out of the game: once I defect, no enemy of mine holds a system
    const { game, me, ally, enemy, enemy2 } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['enemy', 1] });
    expect(territoriesOf(game, ally)).toEqual([]);
    blocs(game).war = 'war';
    reask(game);
    play(game, option(game, 'defect'));
    expect(game.winner).toBeNull();
    expect(game.pending?.kind).toBe('conquest-cede');
    // with no enemy left to take it, the system goes to one of the bloc it joins, a neighbour
    expect(new Set(game.pending!.options.map((o) => o.to))).toEqual(new Set([enemy, enemy2]));
    play(game, option(game, 'cede', { territory: 'orrim', to: enemy }));
    expect(stateOf(game).owner.orrim).toBe(enemy);
    expect(game.winner).not.toBeNull();
    expect(blocs(game).war).toBe('won');
    expect(gameResult(game)?.coalition?.members.sort()).toEqual([enemy, enemy2].sort());
  });

  it('[3B3c TIP] in the two-player game a defection ends the war, and the defector loses a system to the other faction', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', autoPlace: true, players: ['crimson', 'azure'] });
    const me = game.pending!.side;
    const other: FactionId = me === 'crimson' ? 'azure' : 'crimson';
    layBoard(game, other, { rakhar: [me, 10], orrim: [me, 1], skarrow: [me, 2] });
    reask(game);
    placeAll(game, 'rakhar');
    blocs(game).war = 'war';
    reask(game);
    play(game, option(game, 'defect'));
    expect(game.winner).toBeNull();
    expect(game.pending?.kind).toBe('conquest-cede');
    play(game, option(game, 'cede', { territory: 'skarrow', to: other }));
    expect(stateOf(game).owner.skarrow).toBe(other);
    expect(stateOf(game).armies.skarrow).toBe(2);
    expect(game.winner).toBe(other);
    expect(eventsOf(game, 'bloc-cede')).toHaveLength(1);
  });
});

describe('[3B3] defection in war or peace', () => {
  it('[3B3c] defection is a free action in peace too: the chit flips, the defector cedes a system to a former ally', () => {
    const { game, me, ally } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['ally', 1] });
    expect(blocs(game).war).toBe('peace');
    const before = blocOf(blocs(game), me);
    play(game, option(game, 'defect'));
    expect(blocOf(blocs(game), me)).toBe(otherBloc(before));
    play(game, option(game, 'cede', { territory: 'orrim', to: ally }));
    expect(stateOf(game).owner.orrim).toBe(ally);
    expect(blocs(game).war).toBe('peace');
    expect(game.winner).toBeNull();
  });

  it('[3c, 3B3c] in peace the bloc decides which attacks need a bribe: after defecting, the new allies only by vendetta, the former allies freely (or by a sneak attack)', () => {
    const { game, ally, enemy } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['ally', 1], pyrrhos: ['enemy', 1] });
    const to = (t: string) => game.pending!.options.filter((o) => o.type === 'attack' && o.to === t).map((o) => o.bribe ?? 'plain');
    expect(to('skarrow')).toEqual(['vendetta']);
    expect(to('pyrrhos')).toEqual(['plain']);
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'orrim', to: ally }));
    expect(stateOf(game).owner.pyrrhos).toBe(enemy);
    expect(to('pyrrhos')).toEqual(['vendetta']);
    expect(to('skarrow').sort()).toEqual(['plain', 'sneak']);
    expect(blocs(game).war).toBe('peace');
  });

  it('[3F3] a truce is bought only in war', () => {
    const { game, me } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1] });
    blocs(game).bribes[me] = 9;
    reask(game);
    expect(game.pending!.options.some((o) => o.type === 'truce')).toBe(false);
    blocs(game).war = 'war';
    reask(game);
    expect(game.pending!.options.some((o) => o.type === 'truce')).toBe(true);
  });
});

describe('[3F4] the bloc state after a victory', () => {
  it('[3F4, 002 I Game Type 1] a bloc\'s Domination in war leaves the bloc state reading won, not war, with how it ended', () => {
    const { game, me, ally } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1] });
    const enemy = stateOf(game).owner.orrim as FactionId;
    layBoard(game, ally, { rakhar: [me, 30], orrim: [enemy, 1] });
    blocs(game).war = 'war';
    reask(game);
    conquer(game, 'rakhar', 'orrim');
    expect(game.winner).not.toBeNull();
    expect(blocs(game).war).toBe('won');
    expect(blocs(game).victor).toBe(blocOf(blocs(game), me));
    expect(blocs(game).ending).toEqual({ how: 'domination', by: me });
  });

  it('[3F4] a war won by the chits says so, and by whom', () => {
    const { game, me } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1], skarrow: ['ally', 1] });
    const b = blocs(game);
    b.war = 'war';
    const defeated = stateOf(game).owner.orrim as FactionId;
    for (const c of b.chits) if (c.faction !== defeated) c.shows = blocOf(b, me);
    conquer(game, 'rakhar', 'orrim');
    expect(b.war).toBe('won');
    expect(b.ending).toEqual({ how: 'propaganda', by: me });
  });
});
