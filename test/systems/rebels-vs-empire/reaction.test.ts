/**
 * The enemy reaction segment [9.6-9.62, 14.56] and reinforcements [16.15, 14.53].
 */
import { describe, expect, it } from 'vitest';
import { advance } from '../../../src/core/engine/game';
import { spawnUnit } from '../../../src/core/world/build';
import type { Frame, Game } from '../../../src/core/engine/types';
import { REBELLION } from '../../../src/core/world/components';
import { environOf, environsOf, place, tag } from '../../../src/core/world/world';
import { reactionMoves, reactionTriggers } from '../../../systems/rebels-vs-empire/reaction';
import { reinforcementEnvirons, reinforcementsDue } from '../../../systems/rebels-vs-empire/reinforcements';
import { unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { testGame } from '../../fixtures';
import { char, clearBoard, env, ok, opsGame, planet, putChar, setState, ship, unit } from './ops-helpers';

function run(game: Game, frame: Frame) {
  game.pending = null;
  game.stack.push(frame);
  advance(game);
}

describe('enemy reaction [9.6-9.62]', () => {
  it('[9.6] environs with the phasing player\'s units or detected characters give the other player a reaction move', () => {
    const game = opsGame();
    unit(game, 'rebel-1-0', env(game, 'wendhaven.1'));
    const mirra = putChar(game, 'mirra-solvane', env(game, 'tollis.1'));
    putChar(game, 'pip-tock', env(game, 'gallowmere.1')); // undetected: no reaction
    tag(game.world, mirra, game.world.c.Detected);
    expect(reactionTriggers(game, 'rebel')).toEqual([env(game, 'wendhaven.1'), env(game, 'tollis.1')]);
  });

  it('[9.6] a reaction move is one unit with a leader, one unit, or one character, between environs of the planet; [9.61] never to another planet', () => {
    const game = opsGame();
    const patrol = unit(game, 'patrol', env(game, 'wendhaven.2'));
    const kaine = putChar(game, 'serath-kaine', env(game, 'wendhaven.2')); // leadership 2
    const moves = reactionMoves(game, 'imperial', planet(game, 'wendhaven'));
    const to = env(game, 'wendhaven.1');
    expect(moves).toEqual([
      { pieces: [patrol], to },
      { pieces: [patrol, kaine], to },
      { pieces: [kaine], to },
    ]);
    expect(moves.every((m) => environsOf(game.world, planet(game, 'wendhaven')).includes(m.to))).toBe(true);
  });

  it('[9.6] the other player makes one move per such environ, then the segment ends', () => {
    const game = opsGame();
    unit(game, 'rebel-1-0', env(game, 'wendhaven.1'));
    const patrol = unit(game, 'patrol', env(game, 'wendhaven.2'));
    unit(game, 'patrol', env(game, 'wendhaven.2'));
    run(game, { proc: 'reaction', data: {} });
    expect(game.pending).toMatchObject({ side: 'imperial', kind: 'reaction' });
    ok(game, { type: 'react', side: 'imperial', pieces: [patrol], to: env(game, 'wendhaven.1') });
    expect(environOf(game.world, patrol)).toBe(env(game, 'wendhaven.1')); // [9.62] it joins the units there
    expect(game.pending?.kind).toBe('movement'); // one trigger, one move
  });

  it('[9.62, 9.5] a reacting unit may stack with others, within the environ size', () => {
    const game = opsGame();
    const target = env(game, 'tollis.2'); // size 2
    unit(game, 'rebel-1-0', target, 'liquid');
    unit(game, 'militia', target);
    unit(game, 'militia', target);
    const militia = unit(game, 'militia', env(game, 'tollis.1'));
    const moves = reactionMoves(game, 'imperial', planet(game, 'tollis'));
    expect(moves.some((m) => m.pieces.includes(militia) && m.to === target)).toBe(false);
    expect(unitsIn(game, target, 'imperial')).toHaveLength(2);
  });

  it('[14.56] a character reacting moves alone, with his spaceship if he holds one', () => {
    const game = clearBoard(testGame('start-of-rebellion', 'react-ship'));
    const vex = putChar(game, 'mordane-vex', env(game, 'wendhaven.2'));
    putChar(game, 'nilo-brevant', env(game, 'wendhaven.2'));
    const verdict = ship(game, 'black-verdict');
    const moves = reactionMoves(game, 'imperial', planet(game, 'wendhaven'));
    expect(moves).toContainEqual({ pieces: [vex, verdict], to: env(game, 'wendhaven.1') });
    expect(moves.every((m) => m.pieces.filter((p) => game.world.kinds[p] === 'character').length === 1)).toBe(true);
  });

  it('[9.6] with no trigger there is no reaction decision', () => {
    const game = opsGame();
    unit(game, 'patrol', env(game, 'wendhaven.2'));
    run(game, { proc: 'reaction', data: {} });
    expect(game.pending?.kind).toBe('movement');
  });
});

describe('reinforcements [16.15]', () => {
  /** Embers of the Reach at the Imperial movement segment of turn 5: a line unit and Mordane Vex arrive. */
  function turnFive() {
    const game = testGame('embers-of-the-reach', 'reinforce');
    game.turn = 5;
    game.segment = game.ruleset.sequence.findIndex((s) => s.player === 'imperial' && s.segment === 'movement');
    return game;
  }

  it('[16.15] a side receives the scenario\'s reinforcements of the turn', () => {
    const game = turnFive();
    expect(reinforcementsDue(game, 'imperial')).toEqual([{ unit: 'line', environType: null }, { character: 'mordane-vex' }]);
    expect(reinforcementsDue(game, 'rebel')).toEqual([]);
  });

  it('[7.22] hidden units arrive in an order drawn by the seed, not the scenario\'s (which would tell the line unit)', () => {
    // Embers of the Reach, turn 3: a line unit and a patrol
    const orders = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const game = testGame('embers-of-the-reach', `arrive-${seed}`);
      game.turn = 3;
      const due = reinforcementsDue(game, 'imperial');
      expect(due.map((a) => ('unit' in a ? a.unit : a.character)).sort()).toEqual(['line', 'patrol']);
      orders.add(due.map((a) => ('unit' in a ? a.unit : '')).join());
    }
    expect(orders.size).toBe(2);
  });

  it('[16.15] they go to an environ of a planet the player controls, or one without enemy units on a planet nobody controls', () => {
    const game = turnFive();
    const p = planet(game, 'saffra');
    const [a, b] = environsOf(game.world, p);
    setState(game, p, REBELLION);
    place(game.world, unitAt(game, 'rebel-1-0'), a!);
    game.ruleset.refresh(game);
    const options = reinforcementEnvirons(game, 'imperial', { unit: 'line', environType: null });
    expect(options).not.toContain(a);
    if (b) expect(options).toContain(b);
    expect(options).toContain(env(game, 'valcairn.1'));
  });

  it('[16.15, 14.53] each is placed by its player; a character brings his own spaceship', () => {
    const game = turnFive();
    run(game, { proc: 'movement', data: {} });
    expect(game.pending).toMatchObject({ side: 'imperial', kind: 'place-reinforcement' });
    const where = game.pending!.options[0]!.environ as number;
    ok(game, { type: 'place-reinforcement', side: 'imperial', environ: where });
    expect(unitsIn(game, where, 'imperial').length).toBeGreaterThan(0);
    expect(game.pending?.kind).toBe('place-reinforcement');
    ok(game, { type: 'place-reinforcement', side: 'imperial', environ: where });
    expect(environOf(game.world, char(game, 'mordane-vex'))).toBe(where);
    expect(environOf(game.world, ship(game, 'black-verdict'))).toBe(where);
  });

  it('[16.15] with no eligible environ, the reinforcement is not received', () => {
    const game = turnFive();
    for (const p of game.world.ids.planet.values()) game.world.c.PlanetState.value[p] = REBELLION;
    for (const e of reinforcementEnvirons(game, 'imperial', { character: 'mordane-vex' })) place(game.world, unitAt(game, 'rebel-1-0'), e);
    game.ruleset.refresh(game);
    run(game, { proc: 'movement', data: {} });
    expect(game.pending?.kind).toBe('movement');
    expect(environOf(game.world, char(game, 'mordane-vex'))).toBe(0);
    expect(game.events.filter((e) => e.kind === 'reinforcement' && e.rule === '[16.15]').length).toBe(2);
  });
});

/** A Rebel unit off the board, to place by hand. */
function unitAt(game: Game, type: string) {
  return spawnUnit(game.world, game.content, game.ruleset.sides, type, 'urban');
}
