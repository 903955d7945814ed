/**
 * Bloc politics [003] on a conquest game, played through the engine, by the rule of 003 each test
 * checks (docs/rules.md, "Bloc politics", says how each is adapted).
 */
import { describe, expect, it } from 'vitest';
import { gameResult, stateHash } from '../../../src/core/engine/game';
import { loadSave, saveToText } from '../../../src/core/save';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import { conquestView } from '../../../systems/conquest/view';
import { playConquestOne, playConquestOut } from '../../../src/ai/conquest/play';
import { randomConquestAgent } from '../../../src/ai/conquest/random-agent';
import { normalConquestAgent } from '../../../src/ai/conquest/normal-agent';
import {
  areEnemies,
  blocOf,
  blocsOf,
  chitOf,
  outbreakChance,
  nextOutbreak,
  outbreakOutcome,
  points,
} from '../../../systems/conquest/blocs';
import { conquestContent, conquestOptionsProblem, type FactionId } from '../../../systems/conquest/content';
import { stateOf, territoriesOf, type ConquestGame } from '../../../systems/conquest/state';
import { conquestGame, content, layBoard, option, play, reask } from './fixtures';
import { atAttack, blocs, conquer, endTurn, eventsOf, FOUR, placeAll } from './bloc-fixtures';

describe('[3A2] setting up blocs', () => {
  it('[3A2f,g] six chits, Freedom, Individuality and Equality Independence, the others Loyalist; an extremist on each seated colour\'s chit', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', players: FOUR });
    const b = blocs(game);
    expect(b.chits).toHaveLength(6);
    const shows = Object.fromEntries(b.chits.map((c) => [c.ideology, c.shows]));
    expect(shows).toEqual({ freedom: 'independence', individuality: 'independence', equality: 'independence', honour: 'loyalist', unity: 'loyalist', authority: 'loyalist' });
    for (const c of b.chits) expect(c.extremist).toBe(FOUR.includes(c.faction));
  });

  it('[3A2d] 3 bribes each, 2 in a game of 5 or 6 factions', () => {
    for (const players of [FOUR.slice(0, 2), FOUR, [...FOUR, 'violet'], [...FOUR, 'violet', 'ivory']] as FactionId[][]) {
      const b = blocs(conquestGame({ scenario: 'conquest-blocs', players }));
      for (const f of players) expect(b.bribes[f]).toBe(players.length >= 5 ? 2 : 3);
    }
  });

  it('[3A2b] at least one faction in each bloc, or the game is refused with the reason', () => {
    const scenario = conquestContent(content).scenarios.get('conquest-blocs')!;
    const independents = conquestContent(content).blocs.ideologies.filter((i) => i.bloc === 'independence').map((i) => i.faction);
    expect(conquestOptionsProblem({ players: independents }, scenario)).toMatch(/at least one Loyalist faction \[3A2b\]/);
    expect(conquestOptionsProblem({ players: FOUR }, scenario)).toBeNull();
    // the same players without blocs are a game
    expect(conquestOptionsProblem({ players: independents }, conquestContent(content).scenarios.get('conquest-domination')!)).toBeNull();
  });

  it('games without blocs carry no bloc state (their hashes are as before)', () => {
    expect(stateOf(conquestGame({ players: FOUR })).blocs).toBeUndefined();
  });
});

describe('[3Cc] allies and enemies', () => {
  it('[3Cc] the other bloc\'s factions are enemies, your own bloc\'s allies; without blocs every other faction is an enemy', () => {
    const b = blocs(conquestGame({ scenario: 'conquest-blocs', players: FOUR }));
    expect(areEnemies(b, 'crimson', 'azure')).toBe(true);
    expect(areEnemies(b, 'crimson', 'emerald')).toBe(false);
    expect(areEnemies(b, 'crimson', 'crimson')).toBe(false);
    expect(areEnemies(null, 'crimson', 'emerald')).toBe(true);
  });

  it('[3B2c] a faction\'s bloc is its colour\'s chit, even once its extremist is disgraced', () => {
    const b = blocs(conquestGame({ scenario: 'conquest-blocs', players: FOUR }));
    const chit = chitOf(b, 'crimson');
    chit.extremist = false;
    expect(blocOf(b, 'crimson')).toBe('independence');
    chit.shows = 'loyalist';
    expect(blocOf(b, 'crimson')).toBe('loyalist');
    expect(areEnemies(b, 'crimson', 'azure')).toBe(false);
  });
});

describe('[3D1] vendettas', () => {
  it('[3c, 3D1] an ally is attacked only as a vendetta, and only with a bribe in hand', () => {
    const { game } = atAttack({ rakhar: ['me', 30], orrim: ['ally', 1], skarrow: ['enemy', 1] });
    expect(game.pending!.options).toContainEqual(expect.objectContaining({ type: 'attack', from: 'rakhar', to: 'orrim', bribe: 'vendetta' }));
    expect(game.pending!.options.some((o) => o.to === 'orrim' && o.bribe === undefined)).toBe(false);
    expect(game.pending!.options.some((o) => o.to === 'skarrow' && o.bribe === undefined)).toBe(true);
    blocs(game).bribes[game.pending!.side] = 0;
    reask(game);
    expect(game.pending!.options.some((o) => o.to === 'orrim')).toBe(false);
  });

  it('[3D1] the victim is paid a bribe just before the first roll; retreating before it costs nothing', () => {
    const { game, me, ally } = atAttack({ rakhar: ['me', 30], orrim: ['ally', 1] });
    play(game, option(game, 'attack', { to: 'orrim', bribe: 'vendetta' }));
    play(game, option(game, 'retreat'));
    expect(blocs(game).bribes[me]).toBe(3);
    conquer(game, 'rakhar', 'orrim', { bribe: 'vendetta' });
    expect(blocs(game).bribes[me]).toBe(2);
    expect(blocs(game).bribes[ally]).toBe(4);
    expect(eventsOf(game, 'bloc-vendetta').at(-1)?.rule).toBe('[3D1]');
    expect(stateOf(game).owner.orrim).toBe(me);
  });
});

describe('[3C1] the outbreak roll', () => {
  it('[3C1] its odds are the outcome function enumerated over the die: the die plus the seniority count must beat the stock value', () => {
    for (let seniority = 0; seniority <= 4; seniority++)
      for (let stock = 0; stock <= 11; stock++) {
        const faces = [1, 2, 3, 4, 5, 6].filter((die) => die + seniority > stock).length;
        expect(outbreakChance(seniority, stock)).toBeCloseTo(faces / 6, 12);
      }
    expect(outbreakOutcome(6, 3, 8)).toBe(true); // 003's own example: 6 + 3 = 9 beats 8
    expect(outbreakOutcome(5, 3, 8)).toBe(false);
  });

  it('[3C1] completing a continent rolls for an outbreak; the logged odds are the rolled chance; war breaks out at the end of that turn, not before', () => {
    const { game, me } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['me', 1], pyrrhos: ['enemy', 1] });
    blocs(game).stock = 0; // any die beats it
    conquer(game, 'rakhar', 'pyrrhos');
    const roll = eventsOf(game, 'bloc-outbreak-roll').at(-1)!;
    expect(roll.rule).toBe('[3C1]');
    expect(roll.data?.chance).toBe(outbreakChance(roll.data!.seniority as number, 0));
    expect(roll.data?.war).toBe(true);
    expect(blocs(game).war).toBe('outbreak');
    expect(blocs(game).stock).toBe(0); // at or below its floor it stays
    endTurn(game);
    expect(blocs(game).war).toBe('war');
    expect(game.pending?.side).not.toBe(me);
    expect(eventsOf(game, 'bloc-war')).toHaveLength(1);
  });

  it('[3C1] a roll that fails keeps the peace, and lowers the stock value for the next', () => {
    const { game } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['me', 1], pyrrhos: ['enemy', 1] });
    blocs(game).stock = 6; // no die beats it in round 1 (seniority 0)
    conquer(game, 'rakhar', 'pyrrhos');
    expect(eventsOf(game, 'bloc-outbreak-roll').at(-1)?.data?.war).toBe(false);
    expect(blocs(game).war).toBe('peace');
    expect(blocs(game).stock).toBe(5);
  });

  it('[3Ca] no outbreak roll once the war is on', () => {
    const { game } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['me', 1], pyrrhos: ['enemy', 1] });
    blocs(game).war = 'war';
    conquer(game, 'rakhar', 'pyrrhos');
    expect(eventsOf(game, 'bloc-outbreak-roll')).toHaveLength(0);
  });
});

describe('[3B3a] victorious attacks', () => {
  it('[3B3a] in war, taking an enemy system flips an enemy chit without an extremist first; one flip a turn', () => {
    const { game, me, enemy } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1], skarrow: ['enemy', 1] });
    blocs(game).war = 'war';
    const plain = blocs(game).chits.filter((c) => c.shows !== blocOf(blocs(game), me) && !c.extremist);
    expect(plain).toHaveLength(1); // the unseated colour of the enemy bloc
    conquer(game, 'rakhar', 'orrim');
    expect(plain[0]!.shows).toBe(blocOf(blocs(game), me));
    expect(chitOf(blocs(game), enemy).shows).not.toBe(blocOf(blocs(game), me));
    expect(eventsOf(game, 'bloc-flip').at(-1)?.rule).toBe('[3B3a]');
    conquer(game, 'orrim', 'skarrow');
    expect(eventsOf(game, 'bloc-flip')).toHaveLength(1);
  });

  it('[3B3a, 3B3c Surrender] with only extremists left, the defeated enemy\'s flips: its extremist is disgraced and it changes bloc, ceding nothing', () => {
    const { game, me, enemy } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1], skarrow: ['enemy', 1] });
    blocs(game).war = 'war';
    for (const c of blocs(game).chits) if (!c.extremist) c.shows = blocOf(blocs(game), me);
    conquer(game, 'rakhar', 'orrim');
    expect(chitOf(blocs(game), enemy).extremist).toBe(false);
    expect(blocOf(blocs(game), enemy)).toBe(blocOf(blocs(game), me));
    expect(eventsOf(game, 'bloc-flip').at(-1)?.rule).toBe('[3B3a, 3B3c Surrender]');
    expect(territoriesOf(game, enemy)).toContain('skarrow');
  });

  it('[3B3a] in peace, and against an ally, a conquest flips nothing', () => {
    const { game } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1], skarrow: ['ally', 1] });
    conquer(game, 'rakhar', 'orrim');
    blocs(game).war = 'war';
    conquer(game, 'orrim', 'skarrow', { bribe: 'vendetta' });
    expect(eventsOf(game, 'bloc-flip')).toHaveLength(0);
  });
});

describe('[3B3c] defection', () => {
  it('[3B3c] a free action in war: flip your own extremist, change bloc, cede a system to a new enemy', () => {
    const { game, me, ally } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['ally', 1] });
    blocs(game).war = 'war';
    reask(game);
    const before = blocOf(blocs(game), me);
    play(game, option(game, 'defect'));
    expect(blocOf(blocs(game), me)).not.toBe(before);
    expect(chitOf(blocs(game), me).extremist).toBe(false);
    expect(game.pending?.kind).toBe('conquest-cede');
    // the ceded system goes to a new enemy (a former ally) beside it
    const cede = option(game, 'cede', { territory: 'orrim', to: ally });
    play(game, cede);
    expect(stateOf(game).owner.orrim).toBe(ally);
    expect(game.pending?.kind).toBe('conquest-attack');
    expect(game.pending!.options.some((o) => o.type === 'defect')).toBe(false); // no extremist left
  });

  it('[3B3c Sneak Attack] on the defection turn a former ally may be attacked for a bribe, its defender rolling a die fewer', () => {
    const { game, me, ally } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['ally', 5], pyrrhos: ['ally', 1] });
    blocs(game).war = 'war';
    reask(game);
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'orrim' }));
    expect(game.pending!.options).toContainEqual(expect.objectContaining({ to: 'skarrow', bribe: 'sneak' }));
    expect(game.pending!.options).toContainEqual({ type: 'attack', side: me, from: 'rakhar', to: 'skarrow' });
    play(game, option(game, 'attack', { to: 'skarrow', bribe: 'sneak' }));
    play(game, option(game, 'roll', { dice: 3 }));
    const roll = eventsOf(game, 'roll').at(-1)!;
    expect((roll.data!.defence as number[]).length).toBe(1); // 5 armies defend with 2 dice, less one
    expect(blocs(game).bribes[ally]).toBe(4);
    expect(eventsOf(game, 'bloc-sneak').at(-1)?.rule).toBe('[3B3c Sneak Attack]');
  });
});

describe('[3F3] truce', () => {
  it('[3F3] in war a faction buys a truce for a bribe to each enemy faction still in the game: the war stops and may break out again', () => {
    const { game, me, enemy, enemy2 } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1] });
    const b = blocs(game);
    b.war = 'war';
    b.bribes[me] = 1;
    reask(game);
    expect(game.pending!.options.some((o) => o.type === 'truce')).toBe(false); // two enemies, one bribe
    b.bribes[me] = 3;
    reask(game);
    expect(option(game, 'truce').cost).toBe(2); // the option names its price
    play(game, option(game, 'truce'));
    expect(b.war).toBe('peace');
    expect(b.bribes[me]).toBe(1);
    expect([b.bribes[enemy], b.bribes[enemy2]]).toEqual([4, 4]);
    expect(eventsOf(game, 'bloc-truce').at(-1)?.rule).toBe('[3F3]');
    // outbreak rolls resume [3C1 "or during a truce"]
    expect(nextOutbreak(game)).not.toBeNull();
  });

  it('[3F3] with one enemy faction left, a truce costs one bribe', () => {
    const { game, me, enemy2 } = atAttack({ rakhar: ['me', 30] });
    blocs(game).war = 'war';
    blocs(game).bribes[me] = 1;
    reask(game);
    play(game, option(game, 'truce'));
    expect(blocs(game).bribes[enemy2]).toBe(4);
  });
});

describe('[3F4] the end', () => {
  it('[3F4, 3G1] when every chit shows one bloc it wins; the winner is its member with the most points, and the result names the bloc and its members', () => {
    const { game, me, ally, enemy2 } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1], skarrow: ['ally', 1] });
    const b = blocs(game);
    b.war = 'war';
    const mine = blocOf(b, me);
    // every chit but the defeated enemy's shows my bloc already
    const defeated = stateOf(game).owner.orrim as FactionId;
    for (const c of b.chits) if (c.faction !== defeated) c.shows = mine;
    for (const c of b.chits) if (c.faction !== defeated && c.faction !== me && c.faction !== ally) c.extremist = false;
    conquer(game, 'rakhar', 'orrim');
    expect(b.victor).toBe(mine);
    expect(b.war).toBe('won');
    const result = gameResult(game)!;
    expect(result.coalition?.id).toBe(mine);
    // enemy2's chit turned too, its extremist disgraced: its colour shows the winning bloc, but it is
    // counted among the defeated [3F4d], and its bribes score nothing
    expect(blocOf(b, enemy2)).toBe(mine);
    expect(result.coalition?.members.sort()).toEqual([me, ally].sort());
    expect(points(game, enemy2)).toBe(territoriesOf(game, enemy2).length);
    // [3B1b] a bribe of the Loyalists' victory scores 2, of the Independents' 1
    expect(points(game, me)).toBe(territoriesOf(game, me).length + (mine === 'loyalist' ? 2 : 1) * blocs(game).bribes[me]!);
    // the leader has the most points of the members
    expect(points(game, result.winner as FactionId)).toBe(Math.max(...result.coalition!.members.map((f) => points(game, f))));
    expect(game.events.at(-1)?.text).toMatch(/bloc wins, led by/);
  });

  it('[002 I Game Type 1] Domination through areEnemies: a bloc wins when no enemy holds a system', () => {
    const { game, me, ally } = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1] });
    layBoard(game, ally, { rakhar: [me, 30], orrim: [stateOf(game).order.find((f) => areEnemies(blocs(game), me, f))!, 1] });
    reask(game);
    conquer(game, 'rakhar', 'orrim');
    expect(game.winner).not.toBeNull();
    expect(gameResult(game)?.coalition?.members).toContain(me);
    expect(eventsOf(game, 'bloc-victory').at(-1)?.rule).toBe('[002 I Game Type 1, 3F4]');
  });
});

describe('bloc games replay', () => {
  it('same seed, same game: the same hash', () => {
    const run = () => {
      const game = conquestGame({ scenario: 'conquest-blocs', seed: 'blocs-replay', players: FOUR, autoPlace: true });
      playConquestOut(game, Object.fromEntries(FOUR.map((f) => [f, randomConquestAgent({ faction: f, seed: 'r' })])));
      return game;
    };
    const a = run();
    const b = run();
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.log).toEqual(b.log);
  });

  it('a bloc game saved in the war and loaded again is the same game, its bloc state in every view', () => {
    const game = conquestGame({ scenario: 'conquest-blocs', seed: 'blocs-save', players: FOUR, autoPlace: true });
    const agents = Object.fromEntries(FOUR.map((f) => [f, normalConquestAgent({ faction: f, seed: 's' })]));
    while (!game.winner && blocs(game).war !== 'war') playConquestOne(game, agents);
    expect(blocs(game).war).toBe('war');
    const loaded = loadSave(saveToText(game), { content, ruleset: conquestRuleset });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(stateHash(loaded.game)).toBe(stateHash(game));
    for (const f of [...FOUR, null]) expect(conquestView(loaded.game as ConquestGame, f).blocs).toEqual(blocs(game));
  });

  it('online, a seat\'s view carries the bloc state as plain data (the server sends every seat the same public layer)', async () => {
    const { ONLINE_RULESETS } = await import('../../../src/server/online-rulesets');
    const game = conquestGame({ scenario: 'conquest-blocs', seed: 'online', players: FOUR, autoPlace: true });
    const view = ONLINE_RULESETS.conquest!.view(game as never, 'azure') as { blocs?: unknown };
    expect(JSON.parse(JSON.stringify(view)).blocs).toEqual(blocs(game));
  });
});
