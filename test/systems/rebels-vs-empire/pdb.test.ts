/**
 * PDBs [8.0-8.33, 9.21-9.27, 15.6-15.62]. Wendhaven and Tollis: level 1, Imperial-controlled at the start.
 * The 1-1 column of the military combat table reads (attacker/defender): 4/0 3/1 2/1 2/2 1/2 0/3.
 */
import { describe, expect, it } from 'vitest';
import { environOf } from '../../../src/core/world/world';
import { REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { applyPdbLoss, canPutPdbUp, pdbAttackColumn, pdbUsableBy } from '../../../systems/rebels-vs-empire/pdb';
import { rigDice } from '../../fixtures';
import { env, moveStack, ok, opsGame, optionsOf, planet, putChar, reask, setState, ship, unit } from './ops-helpers';

const col = (game: ReturnType<typeof opsGame>, name: string) => game.content.tables.militaryCombat.columns.indexOf(name);

describe('PDB attacks on moving military stacks [9.21-9.27]', () => {
  it('[9.22] a level-2 PDB attacks on the 3-1 column, a level-1 on the 1-1 column, a level-0 not at all', () => {
    const game = opsGame();
    const p = planet(game, 'wendhaven');
    game.world.c.Pdb.level[p] = 2;
    expect(pdbAttackColumn(game, p)).toBe(col(game, '3-1'));
    game.world.c.Pdb.level[p] = 1;
    expect(pdbAttackColumn(game, p)).toBe(col(game, '1-1'));
    game.world.c.Pdb.level[p] = 0;
    expect(pdbAttackColumn(game, p)).toBeNull();
  });

  /** Two Rebel 2-1 units leaving Imperial Wendhaven for Gallowmere (in rebellion: nobody's PDB). */
  function unitsLeavingWendhaven() {
    const game = opsGame();
    setState(game, planet(game, 'gallowmere'), REBELLION);
    const a = unit(game, 'rebel-2-1', env(game, 'wendhaven.2'));
    const b = unit(game, 'rebel-2-1', env(game, 'wendhaven.2'));
    expect(moveStack(game, 'rebel', [a, b], env(game, 'gallowmere.1'))).toEqual({ ok: true });
    return { game, a, b, p: planet(game, 'wendhaven') };
  }

  it('[9.21] the controller of the PDB decides whether it attacks a military stack passing it', () => {
    const { game, p } = unitsLeavingWendhaven();
    expect(game.pending?.side).toBe('imperial');
    expect(game.pending?.kind).toBe('pdb-attack');
    expect(game.pending?.options).toEqual([
      { type: 'pdb-fire', side: 'imperial', planet: p },
      { type: 'pdb-hold', side: 'imperial', planet: p },
    ]);
  });

  it('[9.22, 10.3] the PDB rolls for the units\' loss, allocated as closely as possible without exceeding it; [9.24] survivors go on', () => {
    const { game, a, b } = unitsLeavingWendhaven();
    rigDice(game, [6, 6]); // PDB die 6 on 1-1: units lose 3 (one 2-1 unit, 2 points); units' die 6: PDB loses 0
    ok(game, { type: 'pdb-fire', side: 'imperial', planet: planet(game, 'wendhaven') });
    const survivors = [a, b].filter((u) => environOf(game.world, u) !== 0);
    expect(survivors).toHaveLength(1);
    expect(environOf(game.world, survivors[0]!)).toBe(env(game, 'gallowmere.1'));
    expect(game.world.c.Pdb.up[planet(game, 'wendhaven')]).toBe(1);
  });

  it('[9.25] a loss of 2 puts the PDB down', () => {
    const { game, p } = unitsLeavingWendhaven();
    rigDice(game, [1, 4]); // units lose 0; PDB loses 2
    ok(game, { type: 'pdb-fire', side: 'imperial', planet: p });
    expect(game.world.c.Pdb.up[p]).toBe(0);
    expect(game.world.c.Pdb.level[p]).toBe(1);
  });

  it('[9.25] a loss of 3 puts it down and costs it a level; a loss of 1 does nothing', () => {
    const game = opsGame();
    const p = planet(game, 'wendhaven');
    applyPdbLoss(game, p, 1);
    expect([game.world.c.Pdb.up[p], game.world.c.Pdb.level[p]]).toEqual([1, 1]);
    applyPdbLoss(game, p, 3);
    expect([game.world.c.Pdb.up[p], game.world.c.Pdb.level[p]]).toEqual([0, 0]);
  });

  it('[9.21] a PDB that holds its fire rolls nothing', () => {
    const { game, a } = unitsLeavingWendhaven();
    rigDice(game, []);
    ok(game, { type: 'pdb-hold', side: 'imperial', planet: planet(game, 'wendhaven') });
    expect(environOf(game.world, a)).toBe(env(game, 'gallowmere.1'));
  });

  it('[9.27] a stack can be attacked at most twice in a move: leaving one planet and entering another', () => {
    const game = opsGame();
    const u = unit(game, 'rebel-2-1', env(game, 'wendhaven.2'));
    moveStack(game, 'rebel', [u], env(game, 'tollis.1'));
    rigDice(game, [1, 1]);
    ok(game, { type: 'pdb-fire', side: 'imperial', planet: planet(game, 'wendhaven') });
    expect(game.pending?.kind).toBe('pdb-attack');
    expect(game.pending?.options[0]).toMatchObject({ planet: planet(game, 'tollis') });
    ok(game, { type: 'pdb-hold', side: 'imperial', planet: planet(game, 'tollis') });
    expect(game.pending?.kind).toBe('movement');
  });

  it('[9.0, 9.27] units moving on their planet are not attacked', () => {
    const game = opsGame();
    const u = unit(game, 'rebel-2-1', env(game, 'wendhaven.2'));
    moveStack(game, 'rebel', [u], env(game, 'wendhaven.1'));
    expect(game.pending?.kind).toBe('movement');
  });

  it('[9.22] a level-0 PDB does not attack', () => {
    const game = opsGame();
    const u = unit(game, 'rebel-2-1', env(game, 'gallowmere.1'));
    setState(game, planet(game, 'wendhaven'), REBELLION);
    moveStack(game, 'rebel', [u], env(game, 'wendhaven.2'));
    expect(game.pending?.kind).toBe('movement');
  });

  it('[9.21] there is no military combat against a character spaceship (detection only)', () => {
    const game = opsGame();
    setState(game, planet(game, 'gallowmere'), REBELLION);
    const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
    rigDice(game, [1]);
    moveStack(game, 'rebel', [jax, ship(game, 'kestrels-due')], env(game, 'gallowmere.1'));
    expect(game.pending?.kind).toBe('movement');
  });

  it('[9.26] units cannot attack a PDB: no command targets one', () => {
    const game = opsGame();
    unit(game, 'rebel-2-1', env(game, 'wendhaven.1'));
    const d = reask(game);
    expect(d.options.some((o) => o.type.includes('attack'))).toBe(false);
  });
});

describe('who uses a PDB, and putting it up [15.6-15.62, 8.2, 8.33]', () => {
  it('[15.6, 8.33, 8.2] only the controller uses a PDB, and only while it is up', () => {
    const game = opsGame();
    const p = planet(game, 'wendhaven');
    expect(pdbUsableBy(game, p, 'imperial')).toBe(true);
    expect(pdbUsableBy(game, p, 'rebel')).toBe(false);
    game.world.c.Pdb.up[p] = 0;
    expect(pdbUsableBy(game, p, 'imperial')).toBe(false);
    game.world.c.Pdb.up[p] = 1;
    setState(game, p, REBELLION); // nobody controls it
    expect(pdbUsableBy(game, p, 'imperial')).toBe(false);
    expect(pdbUsableBy(game, p, 'rebel')).toBe(false);
  });

  it('[15.61] the controller may put a down PDB up in his movement segment, with no enemy units on the planet', () => {
    const game = opsGame();
    const p = planet(game, 'wendhaven');
    setState(game, p, REBEL_CONTROL);
    game.world.c.Pdb.up[p] = 0;
    reask(game);
    expect(optionsOf(game, 'pdb-up')).toContainEqual({ type: 'pdb-up', side: 'rebel', planet: p });
    unit(game, 'patrol', env(game, 'wendhaven.1'));
    game.ruleset.refresh(game);
    expect(canPutPdbUp(game, p, 'rebel')).toBe(false);
  });

  it('[15.52] the Rebel may put the PDB of a planet in rebellion up; [15.62] control does not change its level', () => {
    const game = opsGame();
    const p = planet(game, 'tollis');
    setState(game, p, REBELLION);
    game.world.c.Pdb.up[p] = 0;
    reask(game);
    ok(game, { type: 'pdb-up', side: 'rebel', planet: p });
    expect(game.world.c.Pdb.up[p]).toBe(1);
    expect(game.world.c.Pdb.level[p]).toBe(1);
    expect(canPutPdbUp(game, planet(game, 'wendhaven'), 'rebel')).toBe(false); // up already, and Imperial
  });
});

describe('the PDB itself [8.0, 8.13]', () => {
  it('[8.0] every planet has a PDB of level 0, 1 or 2, up at the start', () => {
    const game = opsGame();
    for (const p of game.world.ids.planet.values()) {
      expect([0, 1, 2]).toContain(game.world.c.Pdb.level[p]);
      expect(game.world.c.Pdb.up[p]).toBe(1);
    }
  });

  it('[8.13] a PDB\'s level is never improved: putting it up keeps its level', () => {
    const game = opsGame();
    const p = planet(game, 'tollis');
    applyPdbLoss(game, p, 3);
    setState(game, p, REBEL_CONTROL);
    reask(game);
    ok(game, { type: 'pdb-up', side: 'rebel', planet: p });
    expect(game.world.c.Pdb.level[p]).toBe(0);
  });
});
