/**
 * [14.13] One spaceship and one companion per character, whatever gives him the possession: a find of
 * Scavenge for Possessions (P) or Spaceship Quest (J) goes only to a member of the group who may hold it
 * [14.11], and back to the deck when none may.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/core/engine/types';
import { entityOf, holderOf } from '../../../src/core/world/world';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { act, assign, deck, emptyBoard, put } from './mission-helpers';

const P = (game: Game, id: string) => entityOf(game.world, 'possession', id);

describe('[14.13] finds go only to a member who may hold them', () => {
  it('[14.13, 14.11] Scavenge: a spaceship found is offered only to the members who hold no spaceship', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    givePossession(game, P(game, 'dawnrunner'), jax);
    game.vars.possessionDeck = ['brightmote']; // a spaceship
    deck(game, [74]); // urban P
    assign(game, 'rebel', [
      ['jax-tollaway', 'P'],
      ['mirra-solvane', 'P'],
    ]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.options.map((o) => o.character)).toEqual([mirra]);
  });

  it('[14.13, 14.11] Scavenge: a companion no member may hold goes back to the deck, and nobody is asked', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    givePossession(game, P(game, 'grathawk'), jax); // a companion
    game.vars.possessionDeck = ['burrowfox']; // another
    deck(game, [74]);
    assign(game, 'rebel', [['jax-tollaway', 'P']]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.options.some((o) => o.character === jax)).toBe(false);
    expect(holderOf(game.world, P(game, 'burrowfox'))).toBe(0);
    expect(game.vars.possessionDeck).toEqual(['burrowfox']);
    expect(game.events.some((e) => e.rule === '[14.13]' && /Burrowfox/.test(e.text))).toBe(true);
  });

  it('[14.13, 13.2 J] Spaceship Quest: the starship found goes only to a member without one', () => {
    const { game } = emptyBoard();
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind: 'province' };
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    givePossession(game, P(game, 'dawnrunner'), jax);
    game.vars.possessionDeck = ['brightmote', 'burrowfox'];
    deck(game, [71]); // urban CJ, no event
    assign(game, 'rebel', [
      ['jax-tollaway', 'J'],
      ['mirra-solvane', 'J'],
    ]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.options.map((o) => o.character)).toEqual([mirra]);
    act(game, { character: mirra });
    expect(holderOf(game.world, P(game, 'brightmote'))).toBe(mirra);
    expect(holderOf(game.world, P(game, 'dawnrunner'))).toBe(jax);
  });
});
