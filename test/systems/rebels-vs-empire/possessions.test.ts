import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { allOf, environOf, environsOf, holderOf, place, planetOfEnviron, possessionsOf, tag, untag } from '../../../src/core/world/world';
import {
  afterPossessionUse,
  bringOwnSpaceship,
  givePossession,
  initPossessionDeck,
  loseSpaceship,
  reassignSpaceship,
  mayHold,
  spaceshipReassignOptions,
  transferOptions,
  repairPossessions,
  workingPossessions,
} from '../../../systems/rebels-vs-empire/possessions';
import { groundedReason, groupDestinations } from '../../../systems/rebels-vs-empire/movement';
import { REBEL_CONTROL } from '../../../src/core/world/components';
import { clearBoard, env, putChar, setState } from './ops-helpers';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { eid, rigDice, testGame } from '../../fixtures';
import { anEnviron, choose, clearedGame, finished, putCharacter, putUnit, resultOf, run } from './character-fixtures';

const P = (game: ReturnType<typeof testGame>, id: string) => eid(game, 'possession', id);

describe('possessions and spaceships [14.x]', () => {
  it('[14.55, 9.31, 14.2] who takes over a ship is told to both sides only if he is detected and the ship known', () => {
    for (const detected of [false, true])
      for (const known of [false, true]) {
        const game = clearedGame();
        const kaelen = putCharacter(game, 'kaelen-dray', anEnviron(game));
        if (detected) tag(game.world, kaelen, game.world.c.Detected);
        const ship = allOf(game.world, 'possession').find((p) => hasComponent(game.world, p, game.world.c.Spaceship))!;
        if (known) tag(game.world, ship, game.world.c.Revealed);
        else untag(game.world, ship, game.world.c.Revealed);
        reassignSpaceship(game, ship, kaelen);
        expect(game.events.at(-1)?.visibleTo, `detected ${detected}, known ${known}`).toBe(detected && known ? 'all' : 'rebel');
      }
  });

  it('[14.0, 14.3, 14.4, 14.5] 20 possessions of four kinds: ships 33-40, weapons 41-42, objects 43-48, companions 49-52', () => {
    const game = testGame();
    const cards = [...game.content.possessions.values()];
    expect(cards.length).toBe(20);
    const kindOf = (n: number) => (n <= 40 ? 'spaceship' : n <= 42 ? 'weapon' : n <= 48 ? 'object' : 'companion');
    for (const card of cards) expect(card.kind).toBe(kindOf(card.number));
  });

  it('[14.0] Imperial spaceships are not possessions: never in the possession deck, never held by a Rebel', () => {
    const game = testGame('armageddon');
    const deck = game.vars.possessionDeck as string[];
    for (const ship of allOf(game.world, 'ship')) {
      expect(deck).not.toContain(game.world.c.Ref.id[ship]);
      const holder = holderOf(game.world, ship);
      if (holder) expect(game.world.c.Owner.side[holder]).toBe(1);
    }
  });

  it('[14.24] at setup the possession deck is every possession not held by a character in play', () => {
    const game = testGame();
    const deck = game.vars.possessionDeck as string[];
    for (const p of allOf(game.world, 'possession')) {
      const holder = holderOf(game.world, p);
      const held = holder !== 0 && environOf(game.world, holder) !== 0;
      expect(deck.includes(game.world.c.Ref.id[p]!)).toBe(!held);
    }
    for (const id of game.scenario.rebel.possessions) expect(deck).not.toContain(id); // [14.11] held from the start
  });

  it('[14.13] a character may hold any number of weapons and objects, but one companion and one spaceship', () => {
    const game = clearedGame();
    const ch = putCharacter(game, 'kaelen-dray', anEnviron(game));
    givePossession(game, P(game, 'veil-knife'), ch);
    givePossession(game, P(game, 'cipher-engine'), ch);
    expect(mayHold(game, ch, P(game, 'longshot-beam-rifle'))).toBe(true);
    expect(mayHold(game, ch, P(game, 'quickfire-tonic'))).toBe(true);
    givePossession(game, P(game, 'grathawk'), ch);
    expect(mayHold(game, ch, P(game, 'burrowfox'))).toBe(false);
    givePossession(game, P(game, 'dawnrunner'), ch);
    expect(mayHold(game, ch, P(game, 'brightmote'))).toBe(false);
  });

  it('[14.11] a possession gained in play is assigned at once to a character of the group that gained it', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const a = putCharacter(game, 'kaelen-dray', env);
    const b = putCharacter(game, 'mirra-solvane', env);
    givePossession(game, P(game, 'grathawk'), a);
    run(game, 'assign-possession', { possession: P(game, 'burrowfox'), candidates: [a, b] });
    expect(game.pending?.kind).toBe('assign-possession');
    expect(game.pending?.options.map((o) => o.character)).toEqual([b]); // [14.13] a has a companion
    choose(game, { character: b });
    expect(finished(game)).toBe(true);
    expect(holderOf(game.world, P(game, 'burrowfox'))).toBe(b);
    expect(resultOf(game)).toBe(b);
    expect(game.vars.possessionDeck).not.toContain('burrowfox');
  });

  it('[14.12] possessions pass only between Rebel characters standing together, in the transfer step', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [x, y] = environsOf(game.world, planet);
    const a = putCharacter(game, 'kaelen-dray', x!);
    const b = putCharacter(game, 'mirra-solvane', x!);
    const far = putCharacter(game, 'brokk-hallgar', y!);
    const knife = P(game, 'veil-knife');
    givePossession(game, knife, a);
    const opts = transferOptions(game).filter((o) => o.possession === knife);
    expect(opts).toEqual([{ type: 'transfer-possession', side: 'rebel', possession: knife, to: b }]);
    expect(opts.some((o) => o.to === far)).toBe(false);
    run(game, 'possession-transfer', {});
    expect(game.pending?.kind).toBe('transfer-possession');
    choose(game, { type: 'transfer-possession', possession: knife, to: b });
    expect(holderOf(game.world, knife)).toBe(b);
    choose(game, { type: 'end-transfers' });
    expect(finished(game)).toBe(true);
  });

  it('[14.21, 14.22, 14.23] after use: never needs repair stays; may become inoperative is lost on its faces; one use goes back to the deck', () => {
    const game = clearedGame();
    const ch = putCharacter(game, 'kaelen-dray', anEnviron(game));
    const lattice = P(game, 'starchart-lattice');
    const rifle = P(game, 'longshot-beam-rifle');
    const tonic = P(game, 'quickfire-tonic');
    for (const p of [lattice, rifle, tonic]) givePossession(game, p, ch);
    expect(afterPossessionUse(game, lattice)).toBe(true);
    rigDice(game, [2, 1]);
    expect(afterPossessionUse(game, rifle)).toBe(true);
    expect(afterPossessionUse(game, rifle)).toBe(false);
    expect(afterPossessionUse(game, tonic)).toBe(false);
    expect(possessionsOf(game.world, ch)).toEqual([lattice]);
    expect(game.vars.possessionDeck).toEqual(expect.arrayContaining(['longshot-beam-rifle', 'quickfire-tonic']));
  });

  it('[14.53] a character entering play brings his own spaceship if it is not in play', () => {
    const game = clearedGame();
    const seska = putCharacter(game, 'seska-vire', anEnviron(game));
    const ship = P(game, 'whisperwake');
    expect(game.vars.possessionDeck).toContain('whisperwake');
    expect(bringOwnSpaceship(game, seska)).toBe(true);
    expect(holderOf(game.world, ship)).toBe(seska);
    expect(game.vars.possessionDeck).not.toContain('whisperwake');
  });

  it('[14.53] if his spaceship is already in play, nothing happens', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const other = putCharacter(game, 'kaelen-dray', env);
    const ship = P(game, 'whisperwake');
    givePossession(game, ship, other);
    const seska = putCharacter(game, 'seska-vire', env);
    expect(bringOwnSpaceship(game, seska)).toBe(false);
    expect(holderOf(game.world, ship)).toBe(other);
  });

  it('[14.53] a ship in play that nobody holds (left with units [14.55]) stays unheld where it is when its owner enters play', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [shipEnv, elsewhere] = environsOf(game.world, planet) as [number, number];
    putUnit(game, 'rebel-1-0', shipEnv);
    const ship = P(game, 'whisperwake');
    place(game.world, ship, shipEnv); // in play, in its own environ, held by nobody
    game.vars.possessionDeck = (game.vars.possessionDeck as string[]).filter((id) => id !== 'whisperwake');
    const seska = putCharacter(game, 'seska-vire', elsewhere);
    expect(bringOwnSpaceship(game, seska)).toBe(false);
    game.ruleset.refresh(game);
    expect(holderOf(game.world, ship)).toBe(0);
    expect(environOf(game.world, ship)).toBe(shipEnv);
    expect(possessionsOf(game.world, seska)).toEqual([]);
  });

  it('[14.55] a fallen owner\'s ship may pass to a free friend in the same environ who has no ship', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const owner = putCharacter(game, 'jax-tollaway', env);
    const friend = putCharacter(game, 'mirra-solvane', env);
    const captain = putCharacter(game, 'lio-quen', env);
    putCharacter(game, 'nilo-brevant', env);
    givePossession(game, P(game, 'emberline'), captain);
    const ship = P(game, 'kestrels-due');
    givePossession(game, ship, owner);
    expect(spaceshipReassignOptions(game, ship, env)).toEqual([friend]);
  });

  it('[14.55] a character killed outside a combat: his ship is offered to a friend through reassign-spaceship', async () => {
    const { killCharacter } = await import('../../../systems/rebels-vs-empire/character-combat');
    const game = clearedGame();
    const env = anEnviron(game);
    const owner = putCharacter(game, 'jax-tollaway', env);
    const friend = putCharacter(game, 'mirra-solvane', env);
    const ship = P(game, 'kestrels-due');
    givePossession(game, ship, owner);
    const fallen = killCharacter(game, owner, 'assassinated');
    expect(fallen).toEqual({ ships: [ship], environ: env });
    run(game, 'reassign-spaceship', { ship, environ: env });
    expect(game.pending?.kind).toBe('reassign-spaceship');
    expect(game.pending?.options.map((o) => o.character)).toEqual([friend, 0]);
    choose(game, { character: 0 });
    expect(finished(game)).toBe(true);
    expect(game.vars.possessionDeck).toContain('kestrels-due'); // [14.59] let go: lost
  });

  it('[14.59, 14.24] a Rebel ship nobody takes is lost to the possession deck', () => {
    const game = clearedGame();
    const owner = putCharacter(game, 'jax-tollaway', anEnviron(game));
    const ship = P(game, 'kestrels-due');
    givePossession(game, ship, owner);
    loseSpaceship(game, ship, 'test');
    expect(holderOf(game.world, ship)).toBe(0);
    expect(game.vars.possessionDeck).toContain('kestrels-due');
  });

  it('[14.6, 14.62] a ship only its owner may fly never passes on, and is removed for good when lost', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const vex = putCharacter(game, 'mordane-vex', env);
    putCharacter(game, 'dravona-esk', env);
    const ship = eid(game, 'ship', 'black-verdict');
    expect(holderOf(game.world, ship)).toBe(vex);
    expect(spaceshipReassignOptions(game, ship, env)).toEqual([]);
    loseSpaceship(game, ship, 'test');
    expect(hasComponent(game.world, ship, game.world.c.Eliminated)).toBe(true);
  });

  it('[14.0] possessions are only used by the Rebel: an Imperial character gets no possession bonus', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const imperial = putCharacter(game, 'dravona-esk', env);
    givePossession(game, P(game, 'grathawk'), imperial);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'characters', characters: [imperial] }, defenders: [rebel] });
    choose(game, { style: 'hand-to-hand' });
    choose(game, { intent: 'kill' });
    expect(game.pending?.context?.differential).toBe(8 - 5);
  });

  it('initPossessionDeck can be run on any board', () => {
    const game = clearedGame();
    initPossessionDeck(game);
    expect((game.vars.possessionDeck as string[]).length).toBe(allOf(game.world, 'possession').length);
  });
});

describe('repairs in the province and galactic games [14.22]', () => {
  it('[14.22] a possession that fails is kept inoperative, a ship of it does not fly, and it is repaired at the interphase on a planet its side controls', () => {
    const game = clearBoard(testGame('embers-of-the-reach', 'repair'));
    const at = env(game, 'valcairn.1');
    const ch = putChar(game, 'lio-quen', at);
    const rifle = P(game, 'longshot-beam-rifle');
    givePossession(game, rifle, ch);
    rigDice(game, [1]); // inoperative on a 1
    expect(afterPossessionUse(game, rifle)).toBe(false);
    expect(holderOf(game.world, rifle)).toBe(ch);
    expect(hasComponent(game.world, rifle, game.world.c.Inoperative)).toBe(true);
    expect(workingPossessions(game, ch)).not.toContain(rifle);
    // an inoperative ship is grounded
    const emberline = P(game, 'emberline');
    tag(game.world, emberline, game.world.c.Inoperative);
    expect(groupDestinations(game, [ch, emberline]).every((to) => planetOfEnviron(game.world, to) === planetOfEnviron(game.world, at))).toBe(true);
    expect(groundedReason(game, [ch, emberline])).toMatch(/inoperative until it is repaired/);
    // not on a planet of his side: nothing happens; on one: both repaired
    repairPossessions(game);
    expect(hasComponent(game.world, rifle, game.world.c.Inoperative)).toBe(true);
    setState(game, planetOfEnviron(game.world, at), REBEL_CONTROL);
    repairPossessions(game);
    expect(hasComponent(game.world, rifle, game.world.c.Inoperative)).toBe(false);
    expect(hasComponent(game.world, emberline, game.world.c.Inoperative)).toBe(false);
    expect(game.events.filter((e) => e.kind === 'possession-repaired' && e.visibleTo === 'rebel')).toHaveLength(2);
  });

  it('[14.22] in the star-system game it is lost, as before', () => {
    const game = clearedGame();
    const ch = putCharacter(game, 'kaelen-dray', anEnviron(game));
    const rifle = P(game, 'longshot-beam-rifle');
    givePossession(game, rifle, ch);
    rigDice(game, [1]);
    afterPossessionUse(game, rifle);
    expect(holderOf(game.world, rifle)).toBe(0);
    repairPossessions(game); // nothing to repair in the star-system game
    expect(game.events.some((e) => e.kind === 'possession-repaired')).toBe(false);
  });
});
