/**
 * Movement and stacking [9.0-9.57], spaceships [14.5-14.6].
 */
import { describe, expect, it } from 'vitest';
import { addComponent, hasComponent } from 'bitecs';
import { apply } from '../../../src/core/engine/game';
import { GuardedBy } from '../../../src/core/world/relations';
import { environOf, hold, holderOf, place, planetOfEnviron, tag, unplace } from '../../../src/core/world/world';
import { viewFor } from '../../../src/core/view';
import { destinations, groupDestinations, movablePieces } from '../../../systems/rebels-vs-empire/movement';
import { missionEligible, stacksOf } from '../../../systems/rebels-vs-empire/stacking';
import { charactersIn, unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { eid } from '../../fixtures';
import { char, env, moveStack, ok, opsGame, optionsOf, putChar, reask, ship, unit } from './ops-helpers';

describe('movement [9.0]', () => {
  it('[9.0] a unit moves freely between the environs of its planet', () => {
    const game = opsGame();
    const u = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    expect(destinations(game, u)).toContain(env(game, 'gallowmere.2'));
    expect(moveStack(game, 'rebel', [u], env(game, 'gallowmere.2'))).toEqual({ ok: true });
    expect(environOf(game.world, u)).toBe(env(game, 'gallowmere.2'));
  });

  it('[7.3, 7.21] a unit that is not mobile never leaves its planet; [9.0, 7.23] a mobile one may, without restriction', () => {
    const game = opsGame();
    const fixed = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    const mobile = unit(game, 'rebel-2-1', env(game, 'gallowmere.1'));
    const militia = unit(game, 'militia', env(game, 'wendhaven.1'));
    const patrol = unit(game, 'patrol', env(game, 'wendhaven.1'));
    const g = planetOfEnviron(game.world, env(game, 'gallowmere.1'));
    expect(destinations(game, fixed).every((d) => planetOfEnviron(game.world, d) === g)).toBe(true);
    expect(destinations(game, mobile)).toContain(env(game, 'tollis.3'));
    expect(destinations(game, militia)).toEqual([env(game, 'wendhaven.2')]);
    expect(destinations(game, patrol)).toContain(env(game, 'gallowmere.2'));
    // [9.0] and never to a non-environ space: every destination is an environ in play
    expect(destinations(game, patrol).every((d) => hasComponent(game.world, d, game.world.c.Environ))).toBe(true);
  });

  it('[9.0] each piece moves at most once in a movement segment', () => {
    const game = opsGame();
    const u = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    expect(moveStack(game, 'rebel', [u], env(game, 'gallowmere.2'))).toEqual({ ok: true });
    expect(movablePieces(game, 'rebel')).not.toContain(u);
    expect(apply(game, { type: 'pick', side: 'rebel', piece: u }).ok).toBe(false);
  });

  it('[9.5] military units never exceed the environ size, per player, for a moving stack too', () => {
    const game = opsGame();
    const target = env(game, 'gallowmere.2'); // size 2
    unit(game, 'rebel-1-0', target, 'subterranean');
    const a = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    const b = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    expect(groupDestinations(game, [a])).toContain(target);
    expect(groupDestinations(game, [a, b])).not.toContain(target);
    // the limit is per player: Imperial units there do not count against the Rebel
    unit(game, 'militia', target);
    expect(groupDestinations(game, [a])).toContain(target);
  });

  it('[9.0] a character without a spaceship stays on his planet', () => {
    const game = opsGame();
    const mirra = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1'));
    expect(destinations(game, mirra)).toEqual([env(game, 'gallowmere.2')]);
  });

  it('[9.0, 9.5] pieces moved together form a stack and arrive together; [9.51] any mix of units, characters and a ship', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from);
    const mirra = putChar(game, 'mirra-solvane', from);
    const kestrel = ship(game, 'kestrels-due');
    const u = unit(game, 'rebel-2-1', from);
    expect(environOf(game.world, kestrel)).toBe(from); // [14.53] his ship came with him
    expect(moveStack(game, 'rebel', [u, jax, mirra, kestrel], env(game, 'gallowmere.2'))).toEqual({ ok: true });
    for (const p of [u, jax, mirra, kestrel]) expect(environOf(game.world, p)).toBe(env(game, 'gallowmere.2'));
  });
});

describe('spaceships [9.55-9.56, 14.5-14.6]', () => {
  it('[9.0] a character changes planets in a spaceship', () => {
    const game = opsGame();
    const jax = putChar(game, 'jax-tollaway', env(game, 'gallowmere.1'));
    const kestrel = ship(game, 'kestrels-due');
    expect(destinations(game, jax).some((d) => planetOfEnviron(game.world, d) !== planetOfEnviron(game.world, env(game, 'gallowmere.1')))).toBe(false);
    expect(groupDestinations(game, [jax, kestrel])).toContain(env(game, 'wendhaven.2'));
  });

  it('[9.55, 14.51] a ship moves only with its pilot (navigation 1 or more) aboard, or with military units', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from);
    const mirra = putChar(game, 'mirra-solvane', from); // navigation 0
    const kestrel = ship(game, 'kestrels-due');
    expect(groupDestinations(game, [kestrel])).toEqual([]); // a ship does not fly itself
    expect(groupDestinations(game, [mirra, kestrel])).toEqual([]); // not the pilot
    expect(groupDestinations(game, [jax, kestrel]).length).toBeGreaterThan(0);
    // [14.51] a character with navigation 0 cannot pilot, even when he holds the ship
    reask(game);
    ok(game, { type: 'assign-ship', side: 'rebel', ship: kestrel, character: mirra });
    expect(groupDestinations(game, [mirra, kestrel])).toEqual([]);
    // [9.55, 14.57] with military units, the ship needs no pilot
    const u = unit(game, 'rebel-2-1', from);
    expect(groupDestinations(game, [u, mirra, kestrel])).toContain(env(game, 'wendhaven.2'));
  });

  it('[9.56, 14.57] a ship carries at most its passengers in characters and companions; weapons and objects do not count', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from); // Kestrel's Due carries 2
    const mirra = putChar(game, 'mirra-solvane', from);
    const pip = putChar(game, 'pip-tock', from);
    const kestrel = ship(game, 'kestrels-due');
    expect(groupDestinations(game, [jax, mirra, kestrel]).length).toBeGreaterThan(0);
    expect(groupDestinations(game, [jax, mirra, pip, kestrel])).toEqual([]);
    givePossession(game, eid(game, 'possession', 'veil-knife'), mirra); // a weapon: no seat
    expect(groupDestinations(game, [jax, mirra, kestrel]).length).toBeGreaterThan(0);
    givePossession(game, eid(game, 'possession', 'grathawk'), mirra); // a companion takes a seat
    expect(groupDestinations(game, [jax, mirra, kestrel])).toEqual([]);
  });

  it('[14.57, 9.54] a ship cannot carry another ship: a moving stack holds at most one', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from);
    putChar(game, 'seska-vire', from);
    reask(game);
    ok(game, { type: 'pick', side: 'rebel', piece: ship(game, 'kestrels-due') });
    reask(game);
    expect(optionsOf(game, 'pick').map((o) => o.piece)).not.toContain(ship(game, 'whisperwake'));
    expect(optionsOf(game, 'pick').map((o) => o.piece)).toContain(jax);
  });

  it('[14.59] a ship left with no friendly character or unit is lost at once', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from);
    const kestrel = ship(game, 'kestrels-due');
    expect(moveStack(game, 'rebel', [jax], env(game, 'gallowmere.2'))).toEqual({ ok: true }); // he walks away
    expect(environOf(game.world, kestrel)).toBe(0);
    expect(holderOf(game.world, kestrel)).toBe(0);
    expect(game.vars.possessionDeck).toContain('kestrels-due');
  });

  it('[9.31, 14.59] the loss is news to the enemy only if he could see the ship', () => {
    for (const detected of [false, true]) {
      const game = opsGame();
      const from = env(game, 'gallowmere.1');
      const jax = putChar(game, 'jax-tollaway', from);
      if (detected) tag(game.world, ship(game, 'kestrels-due'), game.world.c.Detected); // as by a PDB
      moveStack(game, 'rebel', [jax], env(game, 'gallowmere.2'));
      const lost = game.events.find((e) => e.kind === 'ship-lost');
      expect(lost?.visibleTo, detected ? 'ship detected' : 'ship unseen').toBe(detected ? 'all' : 'rebel');
    }
    // the enemy sees a captured holder, and so his ship if he knows it [14.2]: its loss is news to him
    for (const known of [false, true]) {
      const game = opsGame();
      const jax = putChar(game, 'jax-tollaway', env(game, 'gallowmere.1'));
      if (known) tag(game.world, ship(game, 'kestrels-due'), game.world.c.Revealed);
      tag(game.world, jax, game.world.c.Captured);
      game.ruleset.refresh(game);
      expect(game.events.find((e) => e.kind === 'ship-lost')?.visibleTo, known ? 'known' : 'secret').toBe(known ? 'all' : 'rebel');
    }
  });

  it('[14.2] a ship flown in the enemy\'s sight (with units) becomes known to him; one flown unseen stays secret', () => {
    for (const withUnits of [true, false]) {
      const game = opsGame();
      game.world.c.Pdb.up[planetOfEnviron(game.world, env(game, 'gallowmere.1'))] = 0; // no detection routine
      const from = env(game, 'gallowmere.1');
      const jax = putChar(game, 'jax-tollaway', from);
      const kestrel = ship(game, 'kestrels-due');
      const pieces = withUnits ? [unit(game, 'rebel-1-0', from, 'wild'), jax, kestrel] : [jax, kestrel];
      expect(moveStack(game, 'rebel', pieces, env(game, 'gallowmere.2'))).toEqual({ ok: true });
      tag(game.world, jax, game.world.c.Detected); // the Empire sees him afterwards
      expect(viewFor(game, 'imperial').ships.some((s) => s.eid === kestrel), withUnits ? 'with units' : 'alone').toBe(withUnits);
    }
  });

  it('[14.55] a ship whose owner is killed stays with friendly units and may be reassigned', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from);
    const mirra = putChar(game, 'mirra-solvane', from);
    const kestrel = ship(game, 'kestrels-due');
    unplace(game.world, jax);
    tag(game.world, jax, game.world.c.Dead);
    reask(game);
    expect(environOf(game.world, kestrel)).toBe(from);
    expect(holderOf(game.world, kestrel)).toBe(0);
    expect(optionsOf(game, 'assign-ship')).toContainEqual({ type: 'assign-ship', side: 'rebel', ship: kestrel, character: mirra });
  });

  it('[14.51] a spaceship may be reassigned to another character with it', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    putChar(game, 'jax-tollaway', from);
    const pip = putChar(game, 'pip-tock', from);
    const kestrel = ship(game, 'kestrels-due');
    reask(game);
    ok(game, { type: 'assign-ship', side: 'rebel', ship: kestrel, character: pip });
    expect(holderOf(game.world, kestrel)).toBe(pip);
  });

  it('[14.6] Redjac\'s ship flies only with him, cannot be reassigned, and is removed when he is not with it', () => {
    const game = opsGame();
    const from = env(game, 'wendhaven.1');
    const vex = putChar(game, 'mordane-vex', from);
    const kaine = putChar(game, 'serath-kaine', from);
    const verdict = ship(game, 'black-verdict');
    expect(environOf(game.world, verdict)).toBe(from);
    expect(groupDestinations(game, [kaine, verdict])).toEqual([]);
    expect(groupDestinations(game, [vex, verdict]).length).toBeGreaterThan(0);
    place(game.world, vex, env(game, 'wendhaven.2'));
    game.ruleset.refresh(game);
    expect(environOf(game.world, verdict)).toBe(0);
    expect(hasComponent(game.world, verdict, game.world.c.Eliminated)).toBe(true); // [14.62] never returns
  });

  it('[14.64] Imperial ships follow the Rebel rules: pilot, passengers', () => {
    const game = opsGame();
    const from = env(game, 'wendhaven.1');
    const kaine = putChar(game, 'serath-kaine', from);
    const nilo = putChar(game, 'nilo-brevant', from);
    const lance = ship(game, 'throne-lance');
    hold(game.world, lance, kaine);
    game.ruleset.refresh(game);
    expect(environOf(game.world, lance)).toBe(from);
    expect(groupDestinations(game, [nilo, lance])).toEqual([]);
    expect(groupDestinations(game, [kaine, nilo, lance]).length).toBeGreaterThan(0);
  });
});

describe('detection on foot [9.35, 9.4]', () => {
  it('[9.35] a detected character moving on his planet without a spaceship becomes undetected', () => {
    const game = opsGame();
    const mirra = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1'));
    tag(game.world, mirra, game.world.c.Detected);
    expect(moveStack(game, 'rebel', [mirra], env(game, 'gallowmere.2'))).toEqual({ ok: true });
    expect(hasComponent(game.world, mirra, game.world.c.Detected)).toBe(false);
  });

  it('[9.35, 9.4] ...unless detected friends are there: then he stays detected and undetected friends become detected', () => {
    const game = opsGame();
    const mover = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1'));
    tag(game.world, mover, game.world.c.Detected);
    const seen = putChar(game, 'pip-tock', env(game, 'gallowmere.2'));
    tag(game.world, seen, game.world.c.Detected);
    putChar(game, 'ansel-wirra', env(game, 'gallowmere.2'));
    moveStack(game, 'rebel', [mover], env(game, 'gallowmere.2'));
    expect(charactersIn(game, env(game, 'gallowmere.2'), 'rebel').every((c) => hasComponent(game.world, c, game.world.c.Detected))).toBe(true);
  });

  it('[9.4] an undetected character joining detected friends becomes detected', () => {
    const game = opsGame();
    const mover = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1'));
    const friend = putChar(game, 'pip-tock', env(game, 'gallowmere.2'));
    tag(game.world, friend, game.world.c.Detected);
    moveStack(game, 'rebel', [mover], env(game, 'gallowmere.2'));
    expect(hasComponent(game.world, mover, game.world.c.Detected)).toBe(true);
  });

  it('[9.31] an undetected character\'s move is not in the enemy\'s view of events', () => {
    const game = opsGame();
    const mirra = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1'));
    moveStack(game, 'rebel', [mirra], env(game, 'gallowmere.2'));
    expect(viewFor(game, 'imperial').events.some((e) => e.kind === 'move' && e.text.includes('Mirra Solvane'))).toBe(false);
    expect(viewFor(game, 'rebel').events.some((e) => e.kind === 'move' && e.text.includes('Mirra Solvane'))).toBe(true);
  });

  it('[9.0, 9.31] a movement the enemy saw nothing of still leaves him a line: the player ended movement', () => {
    const game = opsGame();
    const mirra = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1'));
    moveStack(game, 'rebel', [mirra], env(game, 'gallowmere.2')); // undetected: the Empire does not see it
    reask(game);
    ok(game, { type: 'end-movement', side: 'rebel' });
    const line = (side: 'rebel' | 'imperial') => viewFor(game, side).events.filter((e) => e.kind === 'movement-end');
    expect(line('imperial').map((e) => e.text)).toEqual(['The Rebel player ends movement; the Imperial saw nothing move.']);
    expect(line('rebel')).toEqual([]); // the mover knows what he did
  });

  it('[9.0] a movement the enemy saw leaves no such line: its moves are in his log', () => {
    const game = opsGame();
    const u = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    moveStack(game, 'rebel', [u], env(game, 'gallowmere.2'));
    reask(game);
    ok(game, { type: 'end-movement', side: 'rebel' });
    expect(viewFor(game, 'imperial').events.some((e) => e.kind === 'move')).toBe(true);
    expect(viewFor(game, 'imperial').events.some((e) => e.kind === 'movement-end')).toBe(false);
  });
});

describe('captives and stacks [12.81, 9.5-9.57]', () => {
  it('[12.81] a captured character moves with the unit guarding him', () => {
    const game = opsGame();
    const guard = unit(game, 'rebel-1-0', env(game, 'gallowmere.1'));
    const prisoner = char(game, 'nilo-brevant');
    place(game.world, prisoner, env(game, 'gallowmere.1'));
    tag(game.world, prisoner, game.world.c.Captured);
    addComponent(game.world, prisoner, GuardedBy(guard));
    moveStack(game, 'rebel', [guard], env(game, 'gallowmere.2'));
    expect(environOf(game.world, prisoner)).toBe(env(game, 'gallowmere.2'));
  });

  it('[9.57] at the end of movement each character beside his units joins their stack or the mission stack; [13.7] stacked with units, no missions', () => {
    const game = opsGame();
    const here = env(game, 'gallowmere.1');
    unit(game, 'rebel-1-0', here);
    const mirra = putChar(game, 'mirra-solvane', here);
    const pip = putChar(game, 'pip-tock', env(game, 'gallowmere.2')); // no units there: not asked
    reask(game);
    ok(game, { type: 'end-movement', side: 'rebel' });
    expect(game.pending?.kind).toBe('organize-stacks');
    expect(game.pending?.options.map((o) => o.character)).toEqual([mirra, mirra]);
    ok(game, { type: 'stack-with-units', side: 'rebel', character: mirra });
    expect(missionEligible(game, mirra)).toBe(false);
    expect(missionEligible(game, pip)).toBe(true);
  });

  it('[9.5] at most two stacks per player per environ: the military stack and the mission stack', () => {
    const game = opsGame();
    const here = env(game, 'gallowmere.1');
    unit(game, 'rebel-1-0', here);
    unit(game, 'rebel-2-1', here);
    const mirra = putChar(game, 'mirra-solvane', here);
    putChar(game, 'pip-tock', here);
    tag(game.world, mirra, game.world.c.StackedWithUnits);
    const stacks = stacksOf(game, here, 'rebel');
    expect(stacks).toHaveLength(2);
    expect(stacks[0]!.military).toContain(mirra);
    expect(stacks[1]!.mission).toEqual([char(game, 'pip-tock')]);
  });

  it('[10.6] a character is no longer in a military stack once no friendly unit is beside him', () => {
    const game = opsGame();
    const here = env(game, 'gallowmere.1');
    const u = unit(game, 'rebel-1-0', here);
    const mirra = putChar(game, 'mirra-solvane', here);
    tag(game.world, mirra, game.world.c.StackedWithUnits);
    unplace(game.world, u);
    game.ruleset.refresh(game);
    expect(missionEligible(game, mirra)).toBe(true);
    expect(unitsIn(game, here, 'rebel')).toEqual([]);
  });
});

describe('captives in movement [12.81]', () => {
  it('[12.81] during movement a captive may be handed to another character or unit in the same environ', () => {
    const game = opsGame();
    const here = env(game, 'gallowmere.1');
    const guard = unit(game, 'rebel-1-0', here);
    const mirra = putChar(game, 'mirra-solvane', here);
    const prisoner = char(game, 'nilo-brevant');
    place(game.world, prisoner, here);
    tag(game.world, prisoner, game.world.c.Captured);
    addComponent(game.world, prisoner, GuardedBy(guard));
    reask(game);
    expect(optionsOf(game, 'reassign-guard')).toEqual([{ type: 'reassign-guard', side: 'rebel', prisoner, guard: mirra }]);
    ok(game, { type: 'reassign-guard', side: 'rebel', prisoner, guard: mirra });
    moveStack(game, 'rebel', [guard], env(game, 'gallowmere.2'));
    expect(environOf(game.world, prisoner)).toBe(here); // he stays with his new guard
  });

  it('[9.0, 9.6] the reaction segment follows the end of the phasing player\'s movement', () => {
    const seq = opsGame().ruleset.sequence.map((s) => `${s.player}:${s.procedure}`);
    expect(seq.indexOf('rebel:reaction')).toBe(seq.indexOf('rebel:movement') + 1);
    expect(seq.indexOf('imperial:reaction')).toBe(seq.indexOf('imperial:movement') + 1);
  });
});
