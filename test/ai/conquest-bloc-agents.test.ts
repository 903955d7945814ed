/**
 * `normal` and `hard` in a bloc game [003]: they attack an enemy rather than an ally, pay for a vendetta
 * only when its target is worth it, buy a truce after their attacks when the war is about to be lost,
 * defect (never to win) only when about to be wiped out, and every agent answers every
 * decision of a bloc game legally. The win rates over 200 games are `npm run sim`'s (docs/rules.md).
 */
import { describe, expect, it } from 'vitest';
import { advance, apply, newGame } from '../../src/core/engine/game';
import type { Json } from '../../src/core/engine/types';
import { CONQUEST_AGENTS } from '../../src/ai/conquest/registry';
import { playConquestOut } from '../../src/ai/conquest/play';
import { Board } from '../../src/ai/conquest/board';
import { attackAllowed, VENDETTA_WORTH, warAtStake } from '../../src/ai/conquest/bloc-sense';
import { blocOf, blocsOf, otherBloc } from '../../systems/conquest/blocs';
import type { FactionId } from '../../systems/conquest/content';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { mapOf, stateOf, type ConquestGame } from '../../systems/conquest/state';
import { conquestView } from '../../systems/conquest/view';
import { content } from '../fixtures';

const FOUR: FactionId[] = ['crimson', 'azure', 'emerald', 'amber'];

/** Ask the pending decision again from the state as a test left it. */
function reask(game: ConquestGame): void {
  game.pending = null;
  advance(game);
}

function blocGame(seed: string): ConquestGame {
  return newGame({ content, ruleset: conquestRuleset, scenario: 'conquest-blocs', seed, options: { players: FOUR, autoPlace: true } as { [k: string]: Json } });
}

/** The first faction at its attack stage, with the board laid by hand: `me` on rakhar (20), an ally on orrim, an enemy on skarrow. */
function atAttack(): { game: ConquestGame; me: FactionId; ally: FactionId; enemy: FactionId } {
  const game = blocGame('agents');
  const me = game.pending!.side;
  const b = blocsOf(game)!;
  const ally = FOUR.find((f) => f !== me && blocOf(b, f) === blocOf(b, me))!;
  const enemy = FOUR.find((f) => blocOf(b, f) !== blocOf(b, me))!;
  const s = stateOf(game);
  for (const t of mapOf(game).territories) (s.owner[t] = enemy), (s.armies[t] = 1);
  Object.assign(s.owner, { rakhar: me, orrim: ally, skarrow: enemy, pyrrhos: me });
  Object.assign(s.armies, { rakhar: 20, orrim: 1, skarrow: 1, pyrrhos: 1 });
  reask(game);
  while (game.pending?.kind === 'conquest-place') {
    // every new army on rakhar, through the engine like a player
    const o = game.pending.options.find((x) => x.territory === 'rakhar' && x.count === game.pending!.context!.left)!;
    expect(apply(game, o).ok).toBe(true);
  }
  expect(game.pending?.kind).toBe('conquest-attack');
  return { game, me, ally, enemy };
}


/**
 * The war is all but lost: my bloc shows two chits (mine and my ally's) against four, both enemy
 * factions border it, and it holds fewer systems; I hold `bribes` bribes.
 */
function losingWar(bribes: number): { game: ConquestGame; me: FactionId; ally: FactionId } {
  const { game, me, ally, enemy } = atAttack();
  const enemy2 = FOUR.find((f) => f !== enemy && blocOf(blocsOf(game)!, f) === blocOf(blocsOf(game)!, enemy))!;
  stateOf(game).owner.caldris = enemy2;
  const b = blocsOf(game)!;
  b.war = 'war';
  b.bribes[me] = bribes;
  for (const c of b.chits) if (!c.extremist) c.shows = otherBloc(blocOf(b, me));
  reask(game);
  return { game, me, ally };
}

describe('[003] the agents in a bloc game', () => {
  it('[3Cc, 3D1] normal and hard attack the enemy beside them, not the ally (a vendetta for a worthless system does not pay)', () => {
    for (const name of ['normal', 'hard']) {
      const { game, me } = atAttack();
      const agent = CONQUEST_AGENTS[name]!({ faction: me, seed: '1' });
      const chosen = agent.decide(conquestView(game, me), game.pending!);
      expect(chosen, name).toMatchObject({ type: 'attack', to: 'skarrow' });
      expect(chosen.bribe).toBeUndefined();
    }
  });

  it('[3D1] a vendetta is considered only for a target worth it, with a bribe left after paying', () => {
    const { game, me } = atAttack();
    const board = new Board(conquestView(game, me), me);
    const vendetta = game.pending!.options.find((o) => o.bribe === 'vendetta')!;
    expect(vendetta).toBeDefined();
    expect(attackAllowed(board, vendetta, () => VENDETTA_WORTH - 1)).toBe(false);
    expect(attackAllowed(board, vendetta, () => VENDETTA_WORTH)).toBe(true);
    blocsOf(game)!.bribes[me] = 1;
    expect(attackAllowed(new Board(conquestView(game, me), me), vendetta, () => VENDETTA_WORTH + 10)).toBe(false);
  });

  it('[3F4d] a bloc short of chits whose war is not about to be lost does not defect: a defector never wins', () => {
    const { game, me } = atAttack();
    const b = blocsOf(game)!;
    b.war = 'war';
    const mine = blocOf(b, me);
    // my bloc shows two chits (mine and my ally's), holds fewer systems, and one enemy faction borders it
    for (const c of b.chits) if (c.faction !== me && !c.extremist) c.shows = otherBloc(mine);
    reask(game);
    expect(b.chits.filter((c) => c.shows === mine)).toHaveLength(2);
    expect(game.pending!.options.some((o) => o.type === 'defect')).toBe(true);
    for (const name of ['normal', 'hard']) {
      const agent = CONQUEST_AGENTS[name]!({ faction: me, seed: '1' });
      expect(agent.decide(conquestView(game, me), game.pending!).type, name).not.toBe('defect');
    }
  });

  it('[3F3] when the war is about to be lost (fewer chits, no more than the enemies at the border), normal and hard fight their turn, then buy a truce they can pay', () => {
    for (const name of ['normal', 'hard']) {
      const { game, me } = losingWar(3);
      blocsOf(game)!.flippedThisTurn = true; // this turn's victorious attack is made: the chits stay
      expect(warAtStake(new Board(conquestView(game, me), me))).toBe(true);
      const agent = CONQUEST_AGENTS[name]!({ faction: me, seed: '1' });
      for (let i = 0; i < 50 && game.pending?.side === me && !game.log.some((c) => c.type === 'truce'); i++) expect(apply(game, agent.decide(conquestView(game, me), game.pending!)).ok).toBe(true);
      const truce = game.log.findIndex((c) => c.type === 'truce');
      expect(truce, name).toBeGreaterThan(0);
      // its attacks came first
      expect(game.log.slice(0, truce).some((c) => c.type === 'attack' && c.side === me), name).toBe(true);
      expect(blocsOf(game)!.war).toBe('peace');
    }
  });

  it('[3B3c, 3F4d] about to be wiped out in a war their bloc is not winning, they defect, cede their weakest system, and sneak-attack their former ally with a bribe a defector cannot score', () => {
    for (const name of ['normal', 'hard']) {
      const { game, me, ally } = losingWar(1);
      const agent = CONQUEST_AGENTS[name]!({ faction: me, seed: '1' });
      const ask = () => agent.decide(conquestView(game, me), game.pending!);
      expect(ask().type, `${name}, not doomed`).not.toBe('defect');
      stateOf(game).armies.skarrow = 50; // more than twice the armies of my two systems face them
      reask(game);
      expect(apply(game, ask()).ok).toBe(true);
      expect(game.log.at(-1), name).toMatchObject({ type: 'defect' });
      expect(game.pending?.kind).toBe('conquest-cede');
      expect(apply(game, ask()).ok).toBe(true);
      expect(game.log.at(-1), name).toMatchObject({ type: 'cede', territory: 'pyrrhos' });
      const attack = ask();
      expect(attack, name).toMatchObject({ type: 'attack', bribe: 'sneak' });
      expect(stateOf(game).owner[attack.to as string]).toBe(ally);
    }
  });

  it('every agent answers every decision of a bloc game with one of its options, to the end', () => {
    for (const [i, names] of [
      ['normal', 'hard', 'easy', 'random'],
      ['random', 'random', 'normal', 'normal'],
    ].entries()) {
      const game = blocGame(`legal-${i}`);
      playConquestOut(game, Object.fromEntries(FOUR.map((f, k) => [f, CONQUEST_AGENTS[names[k]!]!({ faction: f, seed: String(i) })])));
      expect(game.winner).not.toBeNull();
    }
  });
});
