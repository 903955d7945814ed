/**
 * The conquest game's rules, played through the engine, by the section of 002 each test checks.
 */
import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../../src/core/engine/game';
import type { FactionId } from '../../../systems/conquest/content';
import { startingArmies } from '../../../systems/conquest/content';
import { resolveDice } from '../../../systems/conquest/dice';
import { setValue } from '../../../systems/conquest/cards';
import { battleOdds } from '../../../systems/conquest/odds';
import { mapOf, reinforcementsFor, stateOf, territoriesOf, territoryCount, type ConquestGame } from '../../../systems/conquest/state';
import { conquestView } from '../../../systems/conquest/view';
import { loadSave, saveToText } from '../../../src/core/save';
import { CONQUEST_AGENTS, conquestAgentFactory } from '../../../src/ai/conquest/registry';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import { aBorder, content, conquestGame, layBoard, option, play, reask } from './fixtures';

/** Who is on turn (the side of the pending decision). */
const onTurn = (game: ConquestGame) => game.pending!.side;

/** Place every new army on one territory, to reach the attack stage. */
function placeAll(game: ConquestGame, territory: string): void {
  while (game.pending?.kind === 'conquest-place') {
    const left = game.pending.context!.left as number;
    play(game, option(game, 'place', { territory, count: left }));
  }
}

/** End the current turn (from the place, attack or fortify stage) without attacking. */
function endTurn(game: ConquestGame): void {
  const me = onTurn(game);
  if (game.pending?.kind === 'conquest-place') placeAll(game, territoriesOf(game, me)[0]!);
  if (game.pending?.kind === 'conquest-attack') play(game, option(game, 'end-attacks'));
  if (game.pending?.kind === 'conquest-fortify') play(game, option(game, 'end-turn'));
}

/** A game at the first faction's attack stage, with the board laid out by hand. */
function atAttack(board: Record<string, [FactionId, number]>, options: Parameters<typeof conquestGame>[0] = {}): { game: ConquestGame; me: FactionId; other: FactionId } {
  const game = conquestGame({ autoPlace: true, ...options });
  const me = onTurn(game);
  const other = stateOf(game).order.find((f) => f !== me)!;
  const resolved = Object.fromEntries(Object.entries(board).map(([t, [who, n]]) => [t, [who === 'crimson' ? me : other, n] as [FactionId, number]]));
  layBoard(game, other, resolved);
  reask(game);
  placeAll(game, Object.keys(resolved).find((t) => resolved[t]![0] === me)!);
  expect(game.pending?.kind).toBe('conquest-attack');
  return { game, me, other };
}

/** Two neighbouring territories `a` (the attacker's) and `b`, and a territory next to neither. */
function geography(game = conquestGame()): { a: string; b: string; far: string } {
  const [a, b] = aBorder(game);
  const map = mapOf(game);
  const far = map.territories.find((t) => t !== a && t !== b && !map.neighbours.get(a)!.includes(t) && !map.neighbours.get(b)!.includes(t))!;
  return { a, b, far };
}

/** The dice of the last roll event: "... 6 5 2 against 6 5; ...". */
function lastRoll(game: ConquestGame): { attacker: number[]; defender: number[] } {
  const text = [...game.events].reverse().find((e) => e.kind === 'roll')!.text;
  const m = /: ([\d ]+) against ([\d ]+);/.exec(text)!;
  return { attacker: m[1]!.split(' ').map(Number), defender: m[2]!.split(' ').map(Number) };
}

describe('[002 II Start of Game] setting up', () => {
  it('[002 II Start of Game] the order of play is drawn at random', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const order = stateOf(conquestGame({ seed })).order;
      expect([...order].sort()).toEqual(['amber', 'azure', 'crimson', 'emerald']);
      orders.add(order.join());
    }
    expect(orders.size).toBeGreaterThan(5);
  });

  it('[002 II Start of Game 1] each faction starts with 40, 35, 30, 25 or 20 armies for 2 to 6 players', () => {
    const all: FactionId[] = ['crimson', 'azure', 'emerald', 'amber', 'violet', 'ivory'];
    for (let n = 2; n <= 6; n++) {
      const game = conquestGame({ players: all.slice(0, n), autoPlace: true });
      expect(game.pending?.kind).toBe('conquest-place'); // the first turn, nothing placed yet
      for (const f of all.slice(0, n)) {
        const armies = territoriesOf(game, f).reduce((sum, t) => sum + stateOf(game).armies[t]!, 0);
        expect(armies, `${n} players, ${f}`).toBe(startingArmies(n));
      }
    }
    expect([2, 3, 4, 5, 6].map(startingArmies)).toEqual([40, 35, 30, 25, 20]);
  });

  it('[002 II Start of Game 1] claiming one unoccupied territory each in turn, then the rest one army at a time on your own', () => {
    const game = conquestGame({ seed: 3 });
    const s = stateOf(game);
    const territories = mapOf(game).territories.length;
    for (let i = 0; i < territories; i++) {
      expect(game.pending?.kind).toBe('conquest-claim');
      expect(onTurn(game)).toBe(s.order[i % s.order.length]);
      const free = mapOf(game).territories.filter((t) => s.owner[t] === null);
      expect(game.pending!.options.map((o) => o.territory).sort()).toEqual(free.sort());
      play(game, game.pending!.options[game.pending!.options.length - 1]!);
    }
    // Then each places one more army at a time, in turn, only on its own territories.
    let turn = territories;
    while (game.pending?.kind === 'conquest-setup-place') {
      const who = onTurn(game);
      expect(who).toBe(s.order[turn % s.order.length]);
      expect(game.pending.options.every((o) => s.owner[o.territory as string] === who)).toBe(true);
      play(game, game.pending.options[0]!);
      turn++;
    }
    expect(turn).toBe(4 * startingArmies(4)); // every starting army placed, one decision each
    expect(game.pending?.kind).toBe('conquest-place');
    expect(onTurn(game)).toBe(s.order[0]);
  });

  it('[002 II Start of Game 1] Capital mode: each faction chooses a capital among its own territories', () => {
    const game = conquestGame({ scenario: 'conquest-capital', autoPlace: true });
    const s = stateOf(game);
    for (const f of s.order) {
      expect(game.pending?.kind).toBe('conquest-capital');
      expect(onTurn(game)).toBe(f);
      expect(game.pending!.options.map((o) => o.territory).sort()).toEqual(territoriesOf(game, f).sort());
      play(game, game.pending!.options[0]!);
      expect(s.capitals[f]).toBe(territoriesOf(game, f)[0]);
    }
    expect(game.pending?.kind).toBe('conquest-place');
  });

  it('[002 II Start of Game 2] Mission mode: territories dealt at random, a secret mission each, seen only by its owner', () => {
    const game = conquestGame({ scenario: 'conquest-mission' });
    const s = stateOf(game);
    expect(game.pending?.kind).toBe('conquest-setup-place'); // no claiming: dealt
    expect(mapOf(game).territories.every((t) => s.owner[t] !== null)).toBe(true);
    // the missions are drawn with the deal, so each places its armies knowing its own
    for (const f of s.order) expect(s.missions[f]).toBeDefined();
    expect(conquestView(game, game.pending!.side).missions[game.pending!.side]).toBeDefined();
    while (game.pending?.kind === 'conquest-setup-place') play(game, game.pending.options[0]!);
    for (const f of s.order) {
      expect(s.missions[f]).toBeDefined();
      const view = conquestView(game, f);
      expect(Object.keys(view.missions)).toEqual([f]);
      const missionEvents = game.events.filter((e) => e.kind === 'mission');
      expect(missionEvents.filter((e) => e.visibleTo === f)).toHaveLength(1);
    }
    expect(game.events.filter((e) => e.kind === 'mission').every((e) => e.visibleTo !== 'all')).toBe(true);
  });

  it('[002 II.2] territoryCount counts what territoriesOf lists, for every faction, while territories are claimed and once dealt', () => {
    for (const game of [conquestGame(), conquestGame({ scenario: 'conquest-mission' })])
      for (const f of stateOf(game).order) expect(territoryCount(game, f)).toBe(territoriesOf(game, f).length);
    const dealt = conquestGame({ scenario: 'conquest-mission' });
    expect(stateOf(dealt).order.map((f) => territoryCount(dealt, f)).reduce((a, b) => a + b)).toBe(mapOf(dealt).territories.length);
  });

  it('[002 II Turns] a view says whose turn it is: nobody\'s while the board is set up, then the player on turn', () => {
    const game = conquestGame();
    expect(game.pending?.kind).toBe('conquest-claim');
    expect(conquestView(game, 'crimson').turnOf).toBeNull();
    const dealt = conquestGame({ autoPlace: true });
    expect(dealt.pending?.kind).toBe('conquest-place');
    for (const viewer of [null, 'crimson', 'azure'] as const) expect(conquestView(dealt, viewer).turnOf).toBe(stateOf(dealt).order[0]);
  });

  it('[002 I Auto Place All] the computer claims and places every starting army', () => {
    const game = conquestGame({ autoPlace: true });
    expect(game.log).toHaveLength(0);
    expect(game.pending?.kind).toBe('conquest-place');
  });

  it('[002 I Auto Place All] is each player\'s own choice ("place your armies for you"): the others claim and place by hand', () => {
    const game = conquestGame({ players: ['crimson', 'azure', 'emerald'], autoPlace: ['azure'] });
    const asked = new Set<string>();
    while (game.pending && game.pending.kind !== 'conquest-place') {
      asked.add(game.pending.side);
      expect(['conquest-claim', 'conquest-setup-place']).toContain(game.pending.kind);
      play(game, game.pending.options[0]!);
    }
    expect([...asked].sort()).toEqual(['crimson', 'emerald']);
    const s = stateOf(game);
    expect(Object.values(s.toPlace)).toEqual([0, 0, 0]);
    // azure's share of the map claimed for it, one a round, with all 35 of its armies on it
    const azure = mapOf(game).territories.filter((t) => s.owner[t] === 'azure');
    expect(azure.length).toBeGreaterThanOrEqual(8);
    expect(azure.reduce((n, t) => n + s.armies[t]!, 0)).toBe(35);
  });

  it('[002 I] a per-player option names only players of the game, once each', () => {
    expect(() => conquestGame({ players: ['crimson', 'azure'], autoPlace: ['violet'] })).toThrow(/conquest options at autoPlace\[0\]: violet does not play in this game/);
    expect(() => conquestGame({ players: ['crimson', 'azure'], autoDefend: ['azure', 'azure'] })).toThrow(/conquest options at autoDefend\[1\]: azure is named twice/);
  });
});

describe('[002 II.2] new armies', () => {
  it('[002 II.2] territories / 3 (fractions ignored), at least 3, plus each continent held whole', () => {
    const game = conquestGame({ autoPlace: true });
    const map = mapOf(game);
    const [me, other] = stateOf(game).order as [FactionId, FactionId];
    const give = (n: number) => layBoard(game, other, Object.fromEntries(map.territories.slice(0, n).map((t) => [t, [me, 1]])));
    give(2);
    expect(reinforcementsFor(game, me).territories).toBe(3);
    give(11);
    expect(reinforcementsFor(game, me).territories).toBe(3);
    give(19);
    expect(reinforcementsFor(game, me).territories).toBe(6);
    // a whole continent adds its bonus
    const [continent, members] = [...map.continentTerritories][1]!;
    layBoard(game, other, Object.fromEntries(members.map((t) => [t, [me, 1]])));
    expect(reinforcementsFor(game, me)).toEqual({ territories: 3, continents: map.bonus.get(continent), total: 3 + map.bonus.get(continent)! });
  });

  it('[002 II.2] the turn starts with those armies to place, on any territory of one\'s own', () => {
    const game = conquestGame({ autoPlace: true, seed: 5 });
    const s = stateOf(game);
    const first = onTurn(game);
    const next = s.order[1]!;
    const map = mapOf(game);
    const [continent, members] = [...map.continentTerritories][0]!;
    layBoard(game, first, Object.fromEntries(members.map((t) => [t, [next, 2]])));
    reask(game);
    endTurn(game);
    expect(onTurn(game)).toBe(next);
    expect(game.pending?.kind).toBe('conquest-place');
    expect(game.pending!.context!.left).toBe(Math.max(3, Math.floor(members.length / 3)) + map.bonus.get(continent)!);
    expect(new Set(game.pending!.options.map((o) => o.territory))).toEqual(new Set(members));
  });
});

describe('[002 II.2] taking back a placement before the first attack', () => {
  /** A game at the first faction's place stage with `left` armies to place, on a board laid out by hand. */
  function atPlace(): { game: ConquestGame; me: FactionId; a: string; b: string } {
    const game = conquestGame({ autoPlace: true, seed: 3 });
    const me = onTurn(game);
    const other = stateOf(game).order.find((f) => f !== me)!;
    const { a, b } = geography(game);
    const c = mapOf(game).neighbours.get(a)!.find((t) => t !== b) ?? mapOf(game).territories.find((t) => t !== a && t !== b)!;
    layBoard(game, other, { [a]: [me, 4], [c]: [me, 2], [b]: [other, 2] });
    reask(game);
    expect(game.pending?.kind).toBe('conquest-place');
    return { game, me, a, b: c };
  }

  it('[002 II.2] each placement of the turn comes back, the last first, with the armies to place again', () => {
    const { game, a, b } = atPlace();
    const s = stateOf(game);
    const left = game.pending!.context!.left as number;
    const before = { a: s.armies[a], b: s.armies[b] };
    expect(game.pending!.options.some((o) => o.type === 'take-back')).toBe(false); // nothing placed yet
    play(game, option(game, 'place', { territory: a, count: 1 }));
    play(game, option(game, 'place', { territory: b, count: 1 }));
    // the last placement is the one offered back, and it says what it takes
    expect(option(game, 'take-back')).toMatchObject({ territory: b, count: 1 });
    play(game, option(game, 'take-back'));
    expect(s.armies[b]).toBe(before.b);
    expect(game.pending!.context!.left).toBe(left - 1);
    expect(option(game, 'take-back')).toMatchObject({ territory: a, count: 1 });
    play(game, option(game, 'take-back'));
    expect({ a: s.armies[a], b: s.armies[b] }).toEqual(before);
    expect(game.pending!.context!.left).toBe(left);
    expect(game.pending!.options.some((o) => o.type === 'take-back')).toBe(false);
    expect(game.events.at(-1)!.text).toMatch(/takes back 1 army from/);
  });

  it('[002 II.2] all placed, the attack stage still offers the last placement back, and placing again leads on as before', () => {
    const { game, a } = atPlace();
    const left = game.pending!.context!.left as number;
    play(game, option(game, 'place', { territory: a, count: left }));
    expect(game.pending?.kind).toBe('conquest-attack');
    play(game, option(game, 'take-back', { territory: a, count: left }));
    expect(game.pending?.kind).toBe('conquest-place');
    expect(game.pending!.context!.left).toBe(left);
    play(game, option(game, 'place', { territory: a, count: left }));
    expect(game.pending?.kind).toBe('conquest-attack');
  });

  it('[002 II.2, II.3] once the turn attacks (before or after its dice), nothing placed comes back, for the rest of the turn', () => {
    const { game, me, a } = atPlace();
    const left = game.pending!.context!.left as number;
    play(game, option(game, 'place', { territory: a, count: left }));
    const target = option(game, 'attack', { from: a });
    play(game, target);
    expect(game.pending!.options.some((o) => o.type === 'take-back')).toBe(false);
    play(game, option(game, 'retreat'));
    // back at the attack stage without a die rolled: still committed
    expect(game.pending?.kind).toBe('conquest-attack');
    expect(game.pending!.side).toBe(me);
    expect(game.pending!.options.some((o) => o.type === 'take-back')).toBe(false);
    expect(apply(game, { type: 'take-back', side: me, territory: a, count: left }).ok).toBe(false);
  });

  it('[002 II.2] a take-back is a command like any other: the log replays to the same game, and a save keeps it', () => {
    const game = conquestGame({ autoPlace: true, seed: 3 });
    const me = onTurn(game);
    const [first, second] = territoriesOf(game, me);
    play(game, option(game, 'place', { territory: first, count: 1 }));
    play(game, option(game, 'take-back'));
    play(game, option(game, 'place', { territory: second, count: 1 }));
    expect(game.log.map((c) => c.type)).toContain('take-back');
    const loaded = loadSave(saveToText(game), { content, ruleset: conquestRuleset });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(stateHash(loaded.game)).toBe(stateHash(game));
  });
});

describe('[002 II.3] attack', () => {
  it('[002 II.3 a, b] only a neighbour, only from a territory of at least 2 armies', () => {
    const { a, b } = geography();
    const { game, me } = atAttack({ [a]: ['crimson', 5], [b]: ['azure', 3] });
    const s = stateOf(game);
    const attacks = game.pending!.options.filter((o) => o.type === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    for (const o of attacks) {
      expect(s.owner[o.from as string]).toBe(me);
      expect(s.armies[o.from as string]).toBeGreaterThanOrEqual(2);
      expect(s.owner[o.to as string]).not.toBe(me);
      expect(mapOf(game).neighbours.get(o.from as string)).toContain(o.to);
    }
    // a territory left with one army cannot attack
    s.armies[a] = 1;
    reask(game);
    expect(game.pending!.options.some((o) => o.type === 'attack' && o.from === a)).toBe(false);
  });

  it('[002 II.3] an illegal attack is refused and changes nothing', () => {
    const { a, b, far } = geography();
    const { game, me } = atAttack({ [a]: ['crimson', 5], [b]: ['azure', 3] });
    const before = stateHash(game);
    const refused = apply(game, { type: 'attack', side: me, from: a, to: far });
    expect(refused.ok).toBe(false);
    expect(stateHash(game)).toBe(before);
  });

  it('[002 II.3] up to 3 attacking dice, one army always staying behind', () => {
    const { a, b } = geography();
    const { game } = atAttack({ [a]: ['crimson', 3], [b]: ['azure', 3] });
    stateOf(game).armies[a] = 3;
    reask(game);
    play(game, option(game, 'attack', { from: a, to: b }));
    expect(game.pending!.options.filter((o) => o.type === 'roll').map((o) => o.dice)).toEqual([2, 1]);
    stateOf(game).armies[a] = 9;
    reask(game);
    expect(game.pending!.options.filter((o) => o.type === 'roll').map((o) => o.dice)).toEqual([3, 2, 1]);
  });

  it('[002 II.3] the dice decide the losses, highest against highest, ties to the defender (through resolveDice)', () => {
    const { a, b } = geography();
    for (let seed = 1; seed <= 10; seed++) {
      const { game } = atAttack({ [a]: ['crimson', 20], [b]: ['azure', 20] }, { seed });
      const s = stateOf(game);
      play(game, option(game, 'attack', { from: a, to: b }));
      const [before, beforeB] = [s.armies[a]!, s.armies[b]!];
      play(game, option(game, 'roll', { dice: 3 }));
      const roll = lastRoll(game);
      expect(roll.attacker).toHaveLength(3);
      expect(roll.defender).toHaveLength(2); // Auto-Defend: the most dice the defender may roll
      const losses = resolveDice(roll.attacker, roll.defender);
      expect(before - s.armies[a]!).toBe(losses.attackerLosses);
      expect(beforeB - s.armies[b]!).toBe(losses.defenderLosses);
    }
  });

  it('[002 II.3 NOTE] Italian: the defender rolls up to 3 dice', () => {
    const { a, b } = geography();
    const { game } = atAttack({ [a]: ['crimson', 20], [b]: ['azure', 20] }, { cards: 'italian' });
    play(game, option(game, 'attack', { from: a, to: b }));
    play(game, option(game, 'roll', { dice: 3 }));
    expect(lastRoll(game).defender).toHaveLength(3);
  });

  it('[002 II.3] without Auto-Defend the defender chooses how many dice to roll', () => {
    const { a, b } = geography();
    const { game, other } = atAttack({ [a]: ['crimson', 20], [b]: ['azure', 20] }, { autoDefend: false });
    play(game, option(game, 'attack', { from: a, to: b }));
    play(game, option(game, 'roll', { dice: 3 }));
    expect(game.pending?.kind).toBe('conquest-defend');
    expect(onTurn(game)).toBe(other);
    expect(game.pending!.options.map((o) => o.dice)).toEqual([2, 1]);
    play(game, option(game, 'defend', { dice: 1 }));
    expect(lastRoll(game).defender).toHaveLength(1);
    expect(game.pending?.kind).toBe('conquest-battle'); // the attacker rolls again, or not
    expect(onTurn(game)).not.toBe(other);
  });

  it('[002 II.3] Auto-Defend is each player\'s own ("ensures you automatically roll 2 dice"): only a defender without it is asked', () => {
    const { a, b } = geography();
    const seen = new Set<boolean>();
    for (let seed = 1; seed <= 6; seed++) {
      const { game, other } = atAttack({ [a]: ['crimson', 20], [b]: ['azure', 20] }, { players: ['crimson', 'azure'], autoDefend: ['crimson'], seed });
      play(game, option(game, 'attack', { from: a, to: b }));
      play(game, option(game, 'roll', { dice: 3 }));
      const asked = game.pending?.kind === 'conquest-defend';
      expect(asked).toBe(other !== 'crimson');
      if (!asked) expect(lastRoll(game).defender).toHaveLength(2);
      seen.add(asked);
    }
    expect([...seen].sort()).toEqual([false, true]); // both seats defended over the seeds
  });

  it('[002 II.3] Annihilate rolls until one side is gone, or stops where asked', () => {
    const { a, b } = geography();
    for (let seed = 1; seed <= 8; seed++) {
      const { game, me } = atAttack({ [a]: ['crimson', 12], [b]: ['azure', 12] }, { seed });
      const s = stateOf(game);
      play(game, option(game, 'attack', { from: a, to: b }));
      play(game, option(game, 'annihilate', { stopAt: 1 }));
      if (s.owner[b] === me) expect(game.pending?.kind === 'conquest-move-in' || s.armies[b]! > 0).toBe(true);
      else expect(s.armies[a]).toBe(1);
    }
    const { game } = atAttack({ [a]: ['crimson', 12], [b]: ['azure', 40] });
    play(game, option(game, 'attack', { from: a, to: b }));
    const stopAt = game.pending!.options.find((o) => o.type === 'annihilate' && (o.stopAt as number) > 1)!.stopAt as number;
    play(game, option(game, 'annihilate', { stopAt }));
    expect(stateOf(game).armies[a]).toBeLessThanOrEqual(stopAt);
    expect(stateOf(game).armies[a]).toBeGreaterThan(stopAt - 3); // one roll costs at most 3
    expect(game.pending?.kind).toBe('conquest-battle'); // it may still roll on or retreat
  });

  it('[002 II.3] the odds before an attack are the exact battle odds', () => {
    const { a, b } = geography();
    const { game } = atAttack({ [a]: ['crimson', 7], [b]: ['azure', 4] });
    play(game, option(game, 'attack', { from: a, to: b }));
    expect(game.pending!.context!.winChance).toBe(battleOdds(stateOf(game).armies[a]!, 4, { italian: false }).attackerWins);
  });

  it('[002 II.3] a conquered territory takes at least as many armies as attacked, at most all but one', () => {
    const { a, b } = geography();
    for (let seed = 1; seed <= 5; seed++) {
      const { game, me } = atAttack({ [a]: ['crimson', 30], [b]: ['azure', 1] }, { seed });
      const s = stateOf(game);
      play(game, option(game, 'attack', { from: a, to: b }));
      play(game, option(game, 'roll', { dice: 3 }));
      if (s.owner[b] !== me) continue; // the defender won this roll; other seeds conquer
      expect(game.pending?.kind).toBe('conquest-move-in');
      const armies = s.armies[a]! + s.armies[b]!; // the 3 that attacked stand in b already
      const counts = game.pending!.options.map((o) => o.count as number);
      expect(Math.min(...counts)).toBe(3);
      expect(Math.max(...counts)).toBe(armies - 1);
      play(game, option(game, 'move-in', { count: 5 }));
      expect([s.armies[a], s.armies[b]]).toEqual([armies - 5, 5]);
      return;
    }
    throw new Error('no seed conquered');
  });
});

describe('[002 II.4] reinforce', () => {
  it('[002 II.4] one move of any number of armies to a neighbouring territory of one\'s own, then the turn ends', () => {
    const { a, b } = geography();
    const { game, me } = atAttack({ [a]: ['crimson', 9], [b]: ['crimson', 1] });
    const s = stateOf(game);
    play(game, option(game, 'end-attacks'));
    for (const o of game.pending!.options.filter((o) => o.type === 'fortify')) {
      expect(s.owner[o.from as string]).toBe(me);
      expect(s.owner[o.to as string]).toBe(me);
      expect(mapOf(game).neighbours.get(o.from as string)).toContain(o.to);
    }
    play(game, option(game, 'fortify', { from: a, to: b }));
    const armiesOnA = s.armies[a]!;
    expect(game.pending!.options.filter((o) => o.type === 'move').map((o) => o.count)).toHaveLength(armiesOnA - 1);
    play(game, option(game, 'move', { count: armiesOnA - 1 }));
    expect([s.armies[a], s.armies[b]]).toEqual([1, armiesOnA]);
    expect(onTurn(game)).not.toBe(me);
  });
});

describe('[002 II.1] cards', () => {
  it('[002 II.1] one card at the end of a turn in which a territory was taken, none otherwise', () => {
    const { a, b } = geography();
    const { game, me } = atAttack({ [a]: ['crimson', 2], [b]: ['azure', 1] });
    const s = stateOf(game);
    endTurn(game);
    expect(s.hands[me]).toHaveLength(0);
    for (let seed = 1; seed <= 5; seed++) {
      const t = atAttack({ [a]: ['crimson', 30], [b]: ['azure', 1] }, { seed });
      play(t.game, option(t.game, 'attack', { from: a, to: b }));
      play(t.game, option(t.game, 'annihilate', { stopAt: 1 }));
      if (t.game.pending?.kind === 'conquest-move-in') play(t.game, t.game.pending.options[0]!);
      const deck = stateOf(t.game).deck.length;
      endTurn(t.game);
      expect(stateOf(t.game).hands[t.me]).toHaveLength(1);
      expect(stateOf(t.game).deck).toHaveLength(deck - 1);
      // the card is the drawer's secret: others see only that a card was drawn
      const drawn = t.game.events.find((e) => e.kind === 'card-drawn')!;
      expect(drawn.visibleTo).toBe(t.me);
      return;
    }
  });

  it('[002 II.1] a set traded gives armies (Increasing: 4 first) and 2 more on a territory shown that one holds', () => {
    const { a, b } = geography();
    const game = conquestGame({ autoPlace: true });
    const s = stateOf(game);
    const first = onTurn(game);
    const next = s.order[1]!;
    layBoard(game, first, { [a]: [next, 3], [b]: [next, 1] });
    s.hands[next] = [
      { territory: a, kind: 'infantry' },
      { territory: 'nowhere', kind: 'infantry' },
      { territory: null, kind: 'wild' },
    ];
    reask(game);
    endTurn(game);
    expect(game.pending?.kind).toBe('conquest-trade');
    expect(game.pending!.options.some((o) => o.type === 'keep-cards')).toBe(true); // 3 cards: optional
    const before = s.armies[a]!;
    play(game, option(game, 'trade'));
    expect(s.armies[a]).toBe(before + 2);
    expect(game.pending?.kind).toBe('conquest-place');
    expect(game.pending!.context!.left).toBe(3 + 4);
    expect(s.setsTraded).toBe(1);
    expect(s.discard).toHaveLength(3);
  });

  it('[002 I Cards Options 1] Increasing: each set traded by anyone is worth more (the fourth gives 10)', () => {
    const game = conquestGame({ autoPlace: true });
    const s = stateOf(game);
    const next = s.order[1]!;
    s.setsTraded = 3;
    s.hands[next] = [
      { territory: null, kind: 'cannon' },
      { territory: null, kind: 'cannon' },
      { territory: null, kind: 'cannon' },
    ];
    reask(game);
    endTurn(game);
    expect(game.pending!.context!.values).toEqual([10]);
  });

  it('[002 II.1 NOTES b] starting the turn with 5 cards forces a trade; [c] not in Italian', () => {
    for (const cards of ['increasing', 'italian'] as const) {
      const game = conquestGame({ autoPlace: true, cards });
      const s = stateOf(game);
      const next = s.order[1]!;
      s.hands[next] = (['infantry', 'infantry', 'infantry', 'cavalry', 'cannon'] as const).map((kind) => ({ territory: null, kind }));
      reask(game);
      endTurn(game);
      expect(game.pending?.kind).toBe('conquest-trade');
      expect(game.pending!.options.some((o) => o.type === 'keep-cards')).toBe(cards === 'italian');
    }
  });

  it('[002 II.1 NOTES a] eliminating a faction takes its cards; more than 5 must be traded down at once', () => {
    const { a, b } = geography();
    const { game, me, other } = atAttack({ [a]: ['crimson', 60], [b]: ['azure', 1] }, { players: ['crimson', 'azure', 'emerald'] });
    const s = stateOf(game);
    // the other faction holds only b: the rest of the board goes to the third faction
    const third = s.order.find((f) => f !== me && f !== other)!;
    for (const t of mapOf(game).territories) if (t !== a && t !== b) s.owner[t] = third;
    s.hands[other] = (['infantry', 'cavalry', 'cannon', 'infantry'] as const).map((kind) => ({ territory: null, kind }));
    s.hands[me] = (['cavalry', 'cannon', 'infantry'] as const).map((kind) => ({ territory: null, kind }));
    reask(game);
    play(game, option(game, 'attack', { from: a, to: b }));
    play(game, option(game, 'annihilate', { stopAt: 1 }));
    expect(s.owner[b]).toBe(me);
    expect(s.eliminatedBy[other]).toBe(me);
    expect(s.hands[other]).toHaveLength(0);
    if (game.pending?.kind === 'conquest-move-in') play(game, game.pending.options[0]!);
    expect(game.pending?.kind).toBe('conquest-trade'); // 7 cards: trade down to 4, at once
    expect(game.pending!.options.some((o) => o.type === 'keep-cards')).toBe(false);
    play(game, option(game, 'trade'));
    expect(s.hands[me]).toHaveLength(4);
    expect(game.pending?.kind).toBe('conquest-place'); // the armies are placed at once, then attack on
    placeAll(game, a);
    expect(game.pending?.kind).toBe('conquest-attack');
  });

  it('[002 I Cards] a choice of decks: the classic one with 2 wildcards, or the wild one with 4, where Fixed\'s all-wildcards set can be made', () => {
    const count = (game: ReturnType<typeof conquestGame>) => stateOf(game).deck.filter((c) => c.kind === 'wild').length;
    const territories = mapOf(conquestGame()).territories.length;
    expect(count(conquestGame())).toBe(2);
    expect(stateOf(conquestGame()).deck).toHaveLength(territories + 2);
    const wild = conquestGame({ deck: 'wild', cards: 'fixed' });
    expect(count(wild)).toBe(4);
    expect(stateOf(wild).deck).toHaveLength(territories + 4);
    expect(setValue([{ territory: null, kind: 'wild' }, { territory: null, kind: 'wild' }, { territory: null, kind: 'wild' }], 'fixed', 0)).toBe(12);
    expect(() => conquestGame({ deck: 'huge' })).toThrow(/deck/);
  });

  it('[002 I Recycle Cards] a spent deck is reshuffled from the traded cards, or no more cards are given', () => {
    for (const recycle of [true, false]) {
      const { a, b } = geography();
      const { game, me } = atAttack({ [a]: ['crimson', 40], [b]: ['azure', 1] }, { recycle, seed: 2 });
      const s = stateOf(game);
      s.discard = [...s.deck];
      s.deck = [];
      play(game, option(game, 'attack', { from: a, to: b }));
      play(game, option(game, 'annihilate', { stopAt: 1 }));
      if (game.pending?.kind === 'conquest-move-in') play(game, game.pending.options[0]!);
      endTurn(game);
      expect(s.hands[me]).toHaveLength(recycle ? 1 : 0);
    }
  });
});

describe('[002 End of Game] winning', () => {
  function lastStand(options: Parameters<typeof conquestGame>[0] = {}) {
    const { a, b } = geography();
    const game = conquestGame({ autoPlace: true, players: ['crimson', 'azure'], ...options });
    const me = onTurn(game);
    const other = stateOf(game).order.find((f) => f !== me)!;
    layBoard(game, me, { [a]: [me, 60], [b]: [other, 1] });
    return { game, me, other, a, b };
  }

  it('[002 I Game Type 1] Domination: holding every territory wins at once', () => {
    const { game, me, a, b } = lastStand();
    reask(game);
    placeAll(game, a);
    play(game, option(game, 'attack', { from: a, to: b }));
    play(game, option(game, 'annihilate', { stopAt: 1 }));
    expect(game.winner).toBe(me);
    expect(game.pending).toBeNull();
  });

  it('[002 I Game Type 2, End of Game] Capital: holding every capital wins, not before; or the player goes on to Domination', () => {
    for (const answer of ['claim-victory', 'go-on'] as const) {
      const { a, b, far } = geography();
      const game = conquestGame({ scenario: 'conquest-capital', autoPlace: true, players: ['crimson', 'azure', 'emerald'] });
      while (game.pending?.kind === 'conquest-capital') play(game, game.pending.options[0]!);
      const s = stateOf(game);
      const me = onTurn(game);
      const [other, third] = s.order.filter((f) => f !== me) as [FactionId, FactionId];
      layBoard(game, third, { [a]: [me, 60], [b]: [other, 1], [far]: [me, 1] });
      s.capitals = { [me]: a, [other]: b, [third]: far };
      reask(game);
      placeAll(game, a);
      expect(game.winner).toBeNull();
      play(game, option(game, 'attack', { from: a, to: b }));
      play(game, option(game, 'annihilate', { stopAt: 1 }));
      expect(game.pending?.kind).toBe('conquest-goal-met');
      expect(game.pending?.prompt).toMatch(/every capital/);
      play(game, option(game, answer));
      expect(territoriesOf(game, third).length).toBeGreaterThan(0); // a faction still stands: not Domination
      if (answer === 'claim-victory') expect(game.winner).toBe(me);
      else {
        expect(game.winner).toBeNull();
        expect(s.playingOnBy).toBe(me);
        expect(game.pending?.side).toBe(me); // its turn goes on
        // from now on the capitals win nothing: the game ends in Domination
        expect(game.pending?.kind).not.toBe('conquest-goal-met');
      }
    }
  });

  it('[002 I Game Type 3] Mission: completing one\'s mission wins, or the player goes on to Domination', () => {
    for (const answer of ['claim-victory', 'go-on'] as const) {
      const { a, b } = geography();
      const game = conquestGame({ scenario: 'conquest-mission', autoPlace: true, players: ['crimson', 'azure', 'emerald'] });
      const s = stateOf(game);
      const me = onTurn(game);
      const [other, third] = s.order.filter((f) => f !== me) as [FactionId, FactionId];
      const others = mapOf(game).territories.filter((t) => t !== a && t !== b);
      // 13 territories with a and one short of the mission's 14
      layBoard(game, third, Object.fromEntries([[a, [me, 60]], [b, [other, 1]], ...others.slice(0, 12).map((t) => [t, [me, 1]])]));
      s.missions[me] = { id: 'territories:14', kind: 'territories', count: 14, minArmies: 1, text: 'Hold 14 territories.' };
      reask(game);
      placeAll(game, a);
      expect(game.winner).toBeNull();
      play(game, option(game, 'attack', { from: a, to: b }));
      play(game, option(game, 'annihilate', { stopAt: 1 }));
      expect(game.pending?.kind).toBe('conquest-goal-met');
      play(game, option(game, answer));
      if (answer === 'claim-victory') expect(game.winner).toBe(me);
      else {
        expect(game.winner).toBeNull();
        expect(s.playingOnBy).toBe(me);
        expect(game.pending?.side).toBe(me); // its turn goes on
      }
    }
  });
});

describe('[002] determinism', () => {
  it('same seed and options, same game; another seed, another game', () => {
    const run = (seed: number) => {
      const game = conquestGame({ seed, autoPlace: true });
      for (let i = 0; i < 200 && game.pending; i++) play(game, game.pending.options[i % game.pending.options.length]!);
      return stateHash(game);
    };
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
  });

  it('the options are part of the game: another card option is another game', () => {
    const a = conquestGame({ seed: 1, cards: 'fixed' });
    const b = conquestGame({ seed: 1, cards: 'italian' });
    expect(stateHash(a)).not.toBe(stateHash(b));
  });

  it('bad options are refused with a clear message', () => {
    expect(() => conquestGame({ players: ['crimson'] })).toThrow(/2 to 6 players/);
    expect(() => conquestGame({ players: ['crimson', 'crimson'] })).toThrow(/seated twice/);
    expect(() => conquestGame({ cards: 'wild' as never })).toThrow(/cards/);
  });
});

describe('[002 II.2] the AI never takes a placement back', () => {
  it('every conquest AI, offered only a placement and its take-back, places', () => {
    const game = conquestGame({ autoPlace: true, seed: 3 });
    const me = onTurn(game);
    const [first] = territoriesOf(game, me);
    play(game, option(game, 'place', { territory: first, count: 1 }));
    const back = option(game, 'take-back');
    const place = option(game, 'place', { territory: first, count: 1 });
    const decision = { ...game.pending!, options: [back, place] };
    for (const name of Object.keys(CONQUEST_AGENTS))
      for (let seed = 0; seed < 10; seed++) {
        const agent = conquestAgentFactory(name)({ faction: me, seed: String(seed) });
        expect(agent.decide(conquestView(game, me), decision).type, name).toBe('place');
      }
  });
});
