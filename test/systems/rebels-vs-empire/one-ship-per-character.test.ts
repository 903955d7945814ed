/**
 * [14.13] a character may hold only one spaceship, and [14.64] Imperial ships are subject to every
 * restriction of Rebel ones: the galactic deal of the starting ships and every option that gives a ship
 * (`assign-ship` [14.51]) keep to one a character (issue 47).
 */
import { hasComponent } from 'bitecs';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/core/engine/types';
import { allOf, hold, holderOf, possessionsOf } from '../../../src/core/world/world';
import { shipAssignments } from '../../../systems/rebels-vs-empire/stacking';
import { testGame } from '../../fixtures';
import { char, clearBoard, env, ok, planet, putChar, ship } from './ops-helpers';

const GALACTIC = 'galactic-lucent-spiral';
const shipsHeld = (game: Game, ch: number) => possessionsOf(game.world, ch).filter((p) => hasComponent(game.world, p, game.world.c.Spaceship));

describe('[14.13, 14.64] one spaceship per character', () => {
  it('the galactic setup deals the Empire\'s starting ships one to a character (seeds 0-9)', () => {
    for (let seed = 0; seed < 10; seed++) {
      const game = testGame(GALACTIC, seed);
      ok(game, { type: 'choose-base', side: 'rebel', planet: planet(game, 'sorrowgate') });
      const characters = allOf(game.world, 'character');
      for (const ch of characters) expect(shipsHeld(game, ch).length, `seed ${seed}`).toBeLessThanOrEqual(1);
      // and every starting ship is dealt, as there are more pilots than ships
      for (const id of game.scenario.imperial.spaceships) expect(holderOf(game.world, ship(game, id)), `seed ${seed}: ${id}`).toBeGreaterThan(0);
    }
  });

  it('[14.51] assign-ship offers a ship only to a character who holds none', () => {
    const game = testGame(GALACTIC, 'ships');
    ok(game, { type: 'choose-base', side: 'rebel', planet: planet(game, 'sorrowgate') });
    clearBoard(game);
    const at = env(game, 'corvanth.1');
    const [a, b, none] = ['oren-vastrel', 'serath-kaine', 'dravona-esk'].map((id) => char(game, id)) as [number, number, number];
    const [lance, warden] = [ship(game, 'throne-lance'), ship(game, 'sable-warden')];
    hold(game.world, lance, a);
    hold(game.world, warden, b);
    for (const id of ['oren-vastrel', 'serath-kaine', 'dravona-esk']) putChar(game, id, at);
    const offers = shipAssignments(game, 'imperial');
    expect(offers).toContainEqual({ ship: lance, character: none });
    expect(offers).toContainEqual({ ship: warden, character: none });
    expect(offers).not.toContainEqual({ ship: lance, character: b });
    expect(offers).not.toContainEqual({ ship: warden, character: a });
  });
});
