import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { environOf, holderOf, planetOfEnviron } from '../../../src/core/world/world';
import { controls } from '../../../systems/rebels-vs-empire/control';
import { imperialShipsInPlay, shipReceiptOptions } from '../../../systems/rebels-vs-empire/imperial-ships';
import { loseSpaceship } from '../../../systems/rebels-vs-empire/possessions';
import { environsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { eid, testGame } from '../../fixtures';
import { choose, finished, run } from './character-fixtures';
import { place } from '../../../src/core/world/world';

describe('Imperial spaceships [14.6x]', () => {
  it('[14.61] the scenario\'s Imperial ships start with Imperial characters, and their number is remembered', () => {
    const game = testGame('armageddon');
    const ship = eid(game, 'ship', 'sable-warden');
    const holder = holderOf(game.world, ship);
    expect(game.scenario.imperial.characters.map((id) => eid(game, 'character', id))).toContain(holder);
    expect(game.vars.imperialShipsAtStart).toBe(imperialShipsInPlay(game).length);
    expect(imperialShipsInPlay(game)).toContain(ship);
  });

  it('[14.61, 15.73] with fewer ships than at the start, an Imperial Knight on an Imperial-controlled planet may receive one', () => {
    const game = testGame('armageddon');
    const ship = eid(game, 'ship', 'sable-warden');
    const knight = eid(game, 'character', 'dravona-esk');
    expect(shipReceiptOptions(game)).toEqual([]); // as many as at the start
    loseSpaceship(game, ship, 'test');
    const own = environsInPlay(game).find((e) => controls(game, 'imperial', planetOfEnviron(game.world, e)))!;
    place(game.world, knight, own);
    const pairs = shipReceiptOptions(game);
    expect(pairs).toContainEqual({ knight, ship });
    // never a ship only its owner may fly [14.62]
    expect(pairs.some((p) => p.ship === eid(game, 'ship', 'black-verdict'))).toBe(false);
    // not a character who is no knight
    expect(pairs.every((p) => game.content.characters.get(game.world.c.Ref.id[p.knight]!)!.abilities.includes('imperial-knight'))).toBe(true);
    run(game, 'imperial-ship-receipt', {});
    expect(game.pending?.kind).toBe('receive-imperial-ship');
    choose(game, { knight, ship });
    expect(holderOf(game.world, ship)).toBe(knight);
    expect(finished(game)).toBe(true);
  });

  it('[14.6, 14.62] a sole pilot\'s ship lost with no one to take it leaves the board for good', () => {
    // a random game once left Black Verdict standing, removed for good, where Mordane Vex fell
    const game = testGame('armageddon');
    const ship = eid(game, 'ship', 'black-verdict');
    const vex = eid(game, 'character', 'mordane-vex');
    place(game.world, vex, environsInPlay(game)[0]!);
    game.ruleset.refresh(game); // his ship comes in beside him [14.53]
    expect(environOf(game.world, ship)).toBe(environOf(game.world, vex));
    loseSpaceship(game, ship, 'test');
    expect(environOf(game.world, ship)).toBe(0);
    expect(hasComponent(game.world, ship, game.world.c.Eliminated)).toBe(true);
  });

  it('[14.61] a knight on a planet the Empire does not control receives nothing', () => {
    const game = testGame('armageddon');
    const ship = eid(game, 'ship', 'sable-warden');
    const knight = eid(game, 'character', 'dravona-esk');
    loseSpaceship(game, ship, 'test');
    const notOwn = environsInPlay(game).find((e) => !controls(game, 'imperial', planetOfEnviron(game.world, e)));
    expect(notOwn).toBeDefined(); // the scenario has a planet the Empire does not control
    place(game.world, knight, notOwn!);
    // the same knight on a planet it does control is offered the ship: only the place differs
    const own = environsInPlay(game).find((e) => controls(game, 'imperial', planetOfEnviron(game.world, e)))!;
    place(game.world, knight, own);
    expect(shipReceiptOptions(game).some((p) => p.knight === knight)).toBe(true);
    place(game.world, knight, notOwn!);
    expect(shipReceiptOptions(game).some((p) => p.knight === knight)).toBe(false);
  });

  it('[14.61] the receipt is offered in the interphase, at the end of the game-turn', () => {
    const game = testGame('armageddon', 'interphase-ship');
    loseSpaceship(game, eid(game, 'ship', 'sable-warden'), 'test');
    const knight = eid(game, 'character', 'dravona-esk');
    const own = environsInPlay(game).find((e) => controls(game, 'imperial', planetOfEnviron(game.world, e)))!;
    place(game.world, knight, own);
    let guard = 0;
    while (game.pending && game.pending.kind !== 'receive-imperial-ship' && guard++ < 500) {
      const end = game.pending.options.find((o) => o.type === 'end-movement' || o.search === false || o.by === 'none' || o.attempt === true) ?? game.pending.options[0]!;
      choose(game, end as never);
    }
    expect(game.pending?.kind).toBe('receive-imperial-ship');
    expect(game.segment).toBe(game.ruleset.sequence.length - 1);
  });
});
