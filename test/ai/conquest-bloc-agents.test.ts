/**
 * `normal` and `hard` in a bloc game [003]: they attack an enemy rather than an ally, pay for a vendetta
 * only when its target is worth it, defect when their bloc is losing, and every agent answers every
 * decision of a bloc game legally. The win rates over 200 games are `npm run sim`'s (docs/rules.md).
 */
import { describe, expect, it } from 'vitest';
import { advance, apply, newGame } from '../../src/core/engine/game';
import type { Json } from '../../src/core/engine/types';
import { CONQUEST_AGENTS } from '../../src/ai/conquest/registry';
import { playConquestOut } from '../../src/ai/conquest/play';
import { Board } from '../../src/ai/conquest/board';
import { attackAllowed, freeAction, VENDETTA_WORTH } from '../../src/ai/conquest/bloc-sense';
import { blocOf, blocsOf } from '../../systems/conquest/blocs';
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

  it('[3B3c] in war, a faction whose bloc shows two chits or fewer and holds fewer systems defects', () => {
    const { game, me } = atAttack();
    const b = blocsOf(game)!;
    b.war = 'war';
    const mine = blocOf(b, me);
    reask(game);
    expect(freeAction(new Board(conquestView(game, me), me), game.pending!.options)).toBeUndefined(); // 3 chits each
    for (const c of b.chits) if (c.faction !== me && !c.extremist) c.shows = mine === 'loyalist' ? 'independence' : 'loyalist';
    reask(game);
    expect(b.chits.filter((c) => c.shows === mine).length).toBeLessThanOrEqual(2);
    for (const name of ['normal', 'hard']) {
      const agent = CONQUEST_AGENTS[name]!({ faction: me, seed: '1' });
      expect(agent.decide(conquestView(game, me), game.pending!), name).toMatchObject({ type: 'defect' });
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
