/**
 * The detection routine [9.3-9.45, 14.5-14.58]. Wendhaven and Tollis have level-1 PDBs, Gallowmere a
 * level-0 one; all three start under Imperial control, so their PDBs are the Empire's.
 */
import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { environOf, tag } from '../../../src/core/world/world';
import { REBEL_CONTROL, REBELLION } from '../../../src/core/world/components';
import { detectionResult, evasionValue } from '../../../systems/rebels-vs-empire/detection';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { viewFor } from '../../../src/core/view';
import { eid, rigDice, testGame } from '../../fixtures';
import { char, env, moveStack, opsGame, planet, putChar, setState, ship, unit } from './ops-helpers';

const detected = (game: ReturnType<typeof opsGame>, e: number) => hasComponent(game.world, e, game.world.c.Detected);

describe('evasion value [14.5-14.58]', () => {
  it('[14.5] evasion is the ship\'s maneuver plus its pilot\'s navigation', () => {
    const game = opsGame();
    // Old Tessaly maneuver 1, Orsolo Benn navigation 3: the navigation is cut to 2 [14.52], so 3
    expect(evasionValue(game, ship(game, 'old-tessaly'), char(game, 'orsolo-benn'))).toBe(1 + 2);
    // Kestrel's Due maneuver 4, Jax navigation 4: 8
    expect(evasionValue(game, ship(game, 'kestrels-due'), char(game, 'jax-tollaway'))).toBe(8);
  });

  it('[14.52] a maneuver more than one above the pilot\'s navigation is cut to navigation + 1', () => {
    const game = opsGame();
    // Emberline maneuver 5 flown by Ansel Wirra (navigation 1): maneuver 2, evasion 3
    expect(evasionValue(game, ship(game, 'emberline'), char(game, 'ansel-wirra'))).toBe(3);
  });

  it('[14.58] the ship that keeps its full maneuver always does', () => {
    const game = opsGame();
    // Whisperwake maneuver 4 (full always) flown by Ansel Wirra (navigation 1): 4 + 1
    expect(evasionValue(game, ship(game, 'whisperwake'), char(game, 'ansel-wirra'))).toBe(5);
  });

  it('[14.5] a navigation possession adds to the pilot\'s navigation', () => {
    const game = opsGame();
    const ansel = char(game, 'ansel-wirra');
    givePossession(game, eid(game, 'possession', 'starchart-lattice'), ansel);
    expect(evasionValue(game, ship(game, 'emberline'), ansel)).toBe(3 + 2);
  });
});

describe('the detection table [9.3-9.32]', () => {
  it('[9.3] reads the column of the evasion value and the row of the die', () => {
    const game = opsGame();
    expect(detectionResult(game, 0, 4, 1, false)).toBe('E');
    expect(detectionResult(game, 4, 1, 1, false)).toBe('U');
    expect(detectionResult(game, 3, 2, 1, false)).toBe('D');
    expect(detectionResult(game, 9, 6, 1, false)).toBe('D');
  });

  it('[9.31] a D* is read as D', () => {
    const game = opsGame();
    expect(detectionResult(game, 1, 1, 1, false)).toBe('D'); // D* on the table
  });

  it('[9.3] a level-2 PDB shifts the column left; so do passengers already detected', () => {
    const game = opsGame();
    const t = game.content.tables.detection;
    expect(t.shiftLevel2Pdb).toBeGreaterThan(0);
    // evasion 4 (column 4), die 1: U; two columns left (column 2), die 1: U; die 2 at column 2 is D*
    expect(detectionResult(game, 4, 2, 1, false)).toBe('U');
    expect(detectionResult(game, 4, 2, 2, false)).toBe('D');
    expect(detectionResult(game, 4, 2, 1, true)).toBe('D'); // one left: column 3, D
  });

  it('[9.32] a level-0 PDB reads Dd and E as D', () => {
    const game = opsGame();
    expect(detectionResult(game, 0, 6, 1, false)).toBe('E');
    expect(detectionResult(game, 0, 6, 0, false)).toBe('D');
    expect(detectionResult(game, 0, 1, 0, false)).toBe('D');
  });
});

describe('the detection routine in movement [9.3-9.45]', () => {
  /** Jax Tollaway in Kestrel's Due (evasion 8) at Wendhaven, leaving for Gallowmere. */
  function jaxAtWendhaven() {
    const game = opsGame();
    const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
    return { game, jax, kestrel: ship(game, 'kestrels-due') };
  }

  it('[9.3] a ship leaving a planet whose enemy PDB is up is checked; D: all aboard detected, movement goes on [9.31]', () => {
    const { game, jax, kestrel } = jaxAtWendhaven();
    setState(game, planet(game, 'gallowmere'), REBELLION); // nobody controls Gallowmere: no check on arrival [8.33]
    rigDice(game, [6]); // evasion 8 (7-8 column), die 6: D*, read as D
    expect(moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'))).toEqual({ ok: true });
    expect(detected(game, jax)).toBe(true);
    expect(environOf(game.world, jax)).toBe(env(game, 'gallowmere.1'));
  });

  it('[14.2, 9.31] a ship the PDB detects becomes known to the enemy; one that slips past stays secret', () => {
    for (const [die, known] of [[6, true], [1, false]] as const) {
      const { game, jax, kestrel } = jaxAtWendhaven();
      setState(game, planet(game, 'gallowmere'), REBELLION);
      rigDice(game, [die]); // evasion 8: die 6 D, die 1 U
      moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'));
      tag(game.world, jax, game.world.c.Detected); // seen later, by other means
      expect(viewFor(game, 'imperial').ships.map((s) => s.eid).includes(kestrel), `die ${die}`).toBe(known);
    }
  });

  it('[9.31] U: the ship goes on, and those aboard who were detected are no longer', () => {
    const { game, jax, kestrel } = jaxAtWendhaven();
    setState(game, planet(game, 'gallowmere'), REBELLION);
    tag(game.world, jax, game.world.c.Detected);
    rigDice(game, [1]); // evasion 8, already detected (one column left: 5-6), die 1: U
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'));
    expect(detected(game, jax)).toBe(false);
  });

  it('[9.33] a ship moving between two planets of enemy PDBs is checked twice', () => {
    const { game, jax, kestrel } = jaxAtWendhaven();
    rigDice(game, [1, 6]); // leave Wendhaven U; reach Tollis D
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'tollis.1'));
    expect(detected(game, jax)).toBe(true);
    expect(() => game.rng.d6()).toThrow(); // both dice used, no more
  });

  it('[9.33] a flight from one environ to another on the same planet is checked once', () => {
    const { game, jax, kestrel } = jaxAtWendhaven();
    rigDice(game, [6]);
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'wendhaven.1'));
    expect(detected(game, jax)).toBe(true);
    expect(() => game.rng.d6()).toThrow();
  });

  it('[9.0, 9.34] characters on foot and military units never undergo detection', () => {
    const game = opsGame();
    const mirra = putChar(game, 'mirra-solvane', env(game, 'wendhaven.2'));
    rigDice(game, []);
    expect(moveStack(game, 'rebel', [mirra], env(game, 'wendhaven.1'))).toEqual({ ok: true });
    expect(detected(game, mirra)).toBe(false);
  });

  it('[9.31] Dd: all aboard detected, and the ship is eliminated on arrival with its passengers unharmed', () => {
    const game = opsGame();
    const orsolo = putChar(game, 'orsolo-benn', env(game, 'wendhaven.2'));
    const tessaly = ship(game, 'old-tessaly'); // evasion 3
    setState(game, planet(game, 'gallowmere'), REBELLION);
    rigDice(game, [6]); // evasion 3 (column 3), die 6: Dd
    moveStack(game, 'rebel', [orsolo, tessaly], env(game, 'gallowmere.1'));
    expect(environOf(game.world, orsolo)).toBe(env(game, 'gallowmere.1'));
    expect(detected(game, orsolo)).toBe(true);
    expect(environOf(game.world, tessaly)).toBe(0);
    expect(hasComponent(game.world, tessaly, game.world.c.Eliminated)).toBe(true);
  });

  it('[9.35] a second detected-and-damaged in one turn eliminates the ship (and all aboard)', () => {
    const game = opsGame();
    const orsolo = putChar(game, 'orsolo-benn', env(game, 'wendhaven.2'));
    const tessaly = ship(game, 'old-tessaly');
    rigDice(game, [5, 5]); // leaving Wendhaven: column 3, die 5: Dd; at Tollis (already detected, column 2), die 5: Dd again -> E
    moveStack(game, 'rebel', [orsolo, tessaly], env(game, 'tollis.1'));
    expect(hasComponent(game.world, orsolo, game.world.c.Dead)).toBe(true);
    expect(environOf(game.world, orsolo)).toBe(0);
    expect(hasComponent(game.world, tessaly, game.world.c.Eliminated)).toBe(true);
  });

  it('[9.31] E: the ship and all aboard are eliminated', () => {
    const game = opsGame();
    const orsolo = putChar(game, 'orsolo-benn', env(game, 'wendhaven.2'));
    const mirra = putChar(game, 'mirra-solvane', env(game, 'wendhaven.2'));
    const tessaly = ship(game, 'old-tessaly');
    game.world.c.Spaceship.maneuver[tessaly] = 0;
    game.world.c.Character.navigation[orsolo] = 1; // evasion 0 + 1 = 1: column 1, die 6: E
    rigDice(game, [6]);
    moveStack(game, 'rebel', [orsolo, mirra, tessaly], env(game, 'gallowmere.1'));
    for (const ch of [orsolo, mirra]) expect(hasComponent(game.world, ch, game.world.c.Dead)).toBe(true);
    expect(game.vars.tally).toBe(2 * game.content.tables.victoryPoints.rebelKilled);
  });

  it('[9.32, 8.2] a down PDB detects nothing; [8.33, 15.6] nor does the PDB of a planet nobody controls', () => {
    const game = opsGame();
    const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
    game.world.c.Pdb.up[planet(game, 'wendhaven')] = 0;
    setState(game, planet(game, 'gallowmere'), REBELLION);
    rigDice(game, []);
    expect(moveStack(game, 'rebel', [jax, ship(game, 'kestrels-due')], env(game, 'gallowmere.1'))).toEqual({ ok: true });
  });

  it('[9.3] the PDB detects only enemy ships: a Rebel-controlled planet does not check Rebel ships', () => {
    const game = opsGame();
    const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
    setState(game, planet(game, 'wendhaven'), REBEL_CONTROL);
    setState(game, planet(game, 'gallowmere'), REBEL_CONTROL);
    rigDice(game, []);
    expect(moveStack(game, 'rebel', [jax, ship(game, 'kestrels-due')], env(game, 'gallowmere.1'))).toEqual({ ok: true });
  });

  it('[9.45] a ship that leaves a planet with no detection routine is no longer detected, nor are those aboard', () => {
    const game = opsGame();
    const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
    const kestrel = ship(game, 'kestrels-due');
    tag(game.world, jax, game.world.c.Detected);
    tag(game.world, kestrel, game.world.c.Detected);
    setState(game, planet(game, 'wendhaven'), REBEL_CONTROL);
    setState(game, planet(game, 'gallowmere'), REBELLION);
    rigDice(game, []);
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'));
    expect(detected(game, jax)).toBe(false);
    expect(detected(game, kestrel)).toBe(false);
  });

  it('[9.52] a stack with military units counts as detected for the enemy PDB (no detection roll)', () => {
    const game = opsGame();
    const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
    const u = unit(game, 'rebel-2-1', env(game, 'wendhaven.2'));
    setState(game, planet(game, 'gallowmere'), REBELLION);
    rigDice(game, []);
    moveStack(game, 'rebel', [u, jax, ship(game, 'kestrels-due')], env(game, 'gallowmere.1'));
    expect(game.pending?.kind).toBe('pdb-attack'); // the Empire may attack the units instead
    expect(detected(game, jax)).toBe(true);
  });
});

describe('landing from space [16.12]', () => {
  it('[16.12] characters with no planet of their own land from space, their ships checked by the enemy PDB', () => {
    // In the start-of-rebellion scenario the Rebel controls no planet: the Rebels land, and Jax's ship is checked.
    for (const seed of [1, 2, 3, 4, 5]) {
      const game = testGame('start-of-rebellion', seed);
      const landing = game.events.filter((e) => e.kind === 'detection' || e.kind === 'character-killed');
      expect(landing.length).toBeGreaterThan(0);
      expect(landing.every((e) => e.turn === 1 && e.when === 'setup')).toBe(true);
    }
  });
});
