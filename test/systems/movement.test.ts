import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { apply } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { spawnUnit } from '../../src/core/world/build';
import { allOf, environOf, environsOf, place, planetOfEnviron, tag, unplace } from '../../src/core/world/world';
import { destinations, movablePieces } from '../../systems/movement';
import { charactersIn, environsInPlay, planetsInPlay, unitsIn } from '../../systems/sides';
import { testGame } from '../fixtures';

/** A game at the Rebel movement segment with the board cleared. */
function clearedGame(): Game {
  const game = testGame(undefined, 'movement');
  expect(game.pending?.kind).toBe('movement');
  expect(game.pending?.side).toBe('rebel');
  for (const e of [...allOf(game.world, 'unit'), ...allOf(game.world, 'character')]) unplace(game.world, e);
  return game;
}

function rebelUnit(game: Game, type: 'rebel-1-0' | 'rebel-2-1', environ: number) {
  const unit = spawnUnit(game.world, game.content, game.ruleset.sides, type, 'urban');
  place(game.world, unit, environ);
  return unit;
}

/** Re-ask the pending movement decision after changing the board by hand. */
function movementOptions(game: Game) {
  const step = game.ruleset.procedures.movement!.step(game, game.stack.at(-1)!);
  if (!('decide' in step)) throw new Error('no decision');
  game.pending = step.decide;
  return step.decide.options;
}

const multiPlanet = (game: Game) => planetsInPlay(game).length > 1;

describe('movement [9.0-9.5]', () => {
  it('[9.0] a unit moves freely between the environs of its planet', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const unit = rebelUnit(game, 'rebel-1-0', a!);
    expect(destinations(game, unit)).toContain(b);
  });

  it('[7.3, 7.21] a unit that is not mobile never leaves its planet; [9.0] a mobile one may', () => {
    const game = clearedGame();
    if (!multiPlanet(game)) return;
    const env = environsInPlay(game)[0]!;
    const planet = planetOfEnviron(game.world, env);
    const fixed = rebelUnit(game, 'rebel-1-0', env);
    const mobile = rebelUnit(game, 'rebel-2-1', env);
    expect(destinations(game, fixed).every((d) => planetOfEnviron(game.world, d) === planet)).toBe(true);
    expect(destinations(game, mobile).some((d) => planetOfEnviron(game.world, d) !== planet)).toBe(true);
  });

  it('[9.0] each piece moves at most once in a movement segment', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const unit = rebelUnit(game, 'rebel-1-0', a!);
    movementOptions(game);
    expect(apply(game, { type: 'move', side: 'rebel', piece: unit, to: b! })).toEqual({ ok: true });
    expect(environOf(game.world, unit)).toBe(b);
    expect(movablePieces(game, 'rebel')).not.toContain(unit);
    expect(apply(game, { type: 'move', side: 'rebel', piece: unit, to: a! }).ok).toBe(false);
  });

  it('[9.5] military units never exceed the environ size, per player', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const size = game.world.c.Environ.size[b!] as number;
    for (let i = 0; i < size; i++) rebelUnit(game, 'rebel-1-0', b!);
    const mover = rebelUnit(game, 'rebel-1-0', a!);
    expect(destinations(game, mover)).not.toContain(b);
    // [9.51] the limit is per player: Imperial units there do not count against the Rebel.
    unplace(game.world, unitsIn(game, b!, 'rebel')[0]!);
    place(game.world, spawnUnit(game.world, game.content, game.ruleset.sides, 'militia', null), b!);
    expect(destinations(game, mover)).toContain(b);
  });

  it('[9.0] a character without a spaceship stays on his planet', () => {
    const game = clearedGame();
    if (!multiPlanet(game)) return;
    const rebel = allOf(game.world, 'character').find((c) => game.world.c.Owner.side[c] === 0)!;
    const env = environsInPlay(game)[0]!;
    place(game.world, rebel, env);
    const planet = planetOfEnviron(game.world, env);
    expect(destinations(game, rebel).every((d) => planetOfEnviron(game.world, d) === planet)).toBe(true);
  });

  it('[9.35] a detected character moving on his planet without a spaceship becomes undetected', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const rebel = allOf(game.world, 'character').find((c) => game.world.c.Owner.side[c] === 0)!;
    place(game.world, rebel, a!);
    tag(game.world, rebel, game.world.c.Detected);
    movementOptions(game);
    expect(apply(game, { type: 'move', side: 'rebel', piece: rebel, to: b! })).toEqual({ ok: true });
    expect(hasComponent(game.world, rebel, game.world.c.Detected)).toBe(false);
  });

  it('[9.35, 9.4] ...unless detected friends are there: then he stays detected and undetected friends become detected', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const [mover, detectedFriend, hiddenFriend] = allOf(game.world, 'character').filter((c) => game.world.c.Owner.side[c] === 0);
    place(game.world, mover!, a!);
    tag(game.world, mover!, game.world.c.Detected);
    place(game.world, detectedFriend!, b!);
    tag(game.world, detectedFriend!, game.world.c.Detected);
    place(game.world, hiddenFriend!, b!);
    movementOptions(game);
    apply(game, { type: 'move', side: 'rebel', piece: mover!, to: b! });
    expect(charactersIn(game, b!, 'rebel').every((c) => hasComponent(game.world, c, game.world.c.Detected))).toBe(true);
  });

  it('[9.4] an undetected character joining detected friends becomes detected', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const [mover, friend] = allOf(game.world, 'character').filter((c) => game.world.c.Owner.side[c] === 0);
    place(game.world, mover!, a!);
    place(game.world, friend!, b!);
    tag(game.world, friend!, game.world.c.Detected);
    movementOptions(game);
    apply(game, { type: 'move', side: 'rebel', piece: mover!, to: b! });
    expect(hasComponent(game.world, mover!, game.world.c.Detected)).toBe(true);
  });
});
