/**
 * The racking attack [9.28] with a spaceship's cannon and shields [14.5], rules of the province and
 * galactic games (docs/rules.md, "The racking attack"). Wendhaven and Tollis have level-1 PDBs,
 * Gallowmere a level-0 one; all start under Imperial control. Kestrel's Due: maneuver 4, cannon 1,
 * shields 0; flown by Jax Tollaway (navigation 4), evasion 8.
 */
import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import type { Game } from '../../../src/core/engine/types';
import { cloneGame } from '../../../src/core/engine/game';
import { environOf, hold, release } from '../../../src/core/world/world';
import { REBELLION } from '../../../src/core/world/components';
import { rackingOdds, rackingResult } from '../../../src/core/odds';
import { rackShip, rackingDecision } from '../../../systems/rebels-vs-empire/racking';
import { describeOption } from '../../../src/words/describe';
import { planFor } from '../../../src/ai/plans';
import { viewFor } from '../../../src/core/view';
import { rigDice } from '../../fixtures';
import { env, moveStack, ok, opsGame, planet, putChar, setState, ship } from './ops-helpers';

/** Jax aboard Kestrel's Due at Wendhaven 2, in a game of this kind, Gallowmere nobody's (no check on arrival [8.33]). */
function flight(kind: 'star-system' | 'province' | 'galactic') {
  const game = opsGame();
  (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind };
  const jax = putChar(game, 'jax-tollaway', env(game, 'wendhaven.2'));
  setState(game, planet(game, 'gallowmere'), REBELLION);
  return { game, jax, kestrel: ship(game, 'kestrels-due') };
}

const pdbUp = (game: Game, id: string) => game.world.c.Pdb.up[planet(game, id)] === 1;

describe('the racking attack [9.28, 14.5]', () => {
  it('[9.28] in the province and galactic games a PDB that detects a ship leaving its planet may rake it; never in the star-system game', () => {
    for (const kind of ['province', 'galactic', 'star-system'] as const) {
      const { game, jax, kestrel } = flight(kind);
      rigDice(game, [6]); // evasion 8, die 6: detected
      expect(moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'))).toEqual({ ok: true });
      if (kind === 'star-system') {
        expect(game.pending?.kind, kind).toBe('movement');
        expect(environOf(game.world, jax)).toBe(env(game, 'gallowmere.1'));
        continue;
      }
      expect(game.pending?.kind, kind).toBe('pdb-racking');
      expect(game.pending?.side).toBe('imperial');
      expect(game.pending?.options).toEqual([
        { type: 'pdb-rack', side: 'imperial', ship: kestrel, planet: planet(game, 'wendhaven') },
        { type: 'pdb-hold', side: 'imperial', planet: planet(game, 'wendhaven') },
      ]);
    }
  });

  it('[9.28, 9.31, 9.25] a hit wrecks the ship when it lands, those aboard unharmed; its cannon knocks the PDB down', () => {
    const { game, jax, kestrel } = flight('province');
    rigDice(game, [6, 5, 6]); // detected; the PDB's 5 + level 1 - shields 0 = 6: hit; the ship's 6 + cannon 1 = 7: down
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'));
    ok(game, game.pending!.options[0]!);
    expect(hasComponent(game.world, kestrel, game.world.c.Eliminated)).toBe(true);
    expect(environOf(game.world, kestrel)).toBe(0);
    expect(environOf(game.world, jax)).toBe(env(game, 'gallowmere.1'));
    expect(hasComponent(game.world, jax, game.world.c.Dead)).toBe(false);
    expect(pdbUp(game, 'wendhaven')).toBe(false);
    expect(game.events.some((e) => e.kind === 'pdb-racking' && e.rule === '[9.28]' && e.visibleTo === 'all')).toBe(true);
  });

  it('[9.28] a miss leaves the ship flying on; return fire short of the mark leaves the PDB up; holding fire rolls nothing', () => {
    const { game, jax, kestrel } = flight('province');
    rigDice(game, [6, 4, 5]); // 4 + 1 - 0 = 5: miss; 5 + 1 = 6: no harm
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'));
    ok(game, game.pending!.options[0]!);
    expect(environOf(game.world, kestrel)).toBe(env(game, 'gallowmere.1'));
    expect(pdbUp(game, 'wendhaven')).toBe(true);

    const held = flight('province');
    rigDice(held.game, [6]);
    moveStack(held.game, 'rebel', [held.jax, held.kestrel], env(held.game, 'gallowmere.1'));
    ok(held.game, held.game.pending!.options[1]!); // hold fire: no die is left to roll
    expect(environOf(held.game.world, held.kestrel)).toBe(env(held.game, 'gallowmere.1'));
  });

  it('[9.28, 9.35] a ship damaged already this game-turn is destroyed by a hit, with everyone aboard', () => {
    const game = opsGame();
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind: 'province' };
    setState(game, planet(game, 'gallowmere'), REBELLION);
    const orsolo = putChar(game, 'orsolo-benn', env(game, 'wendhaven.2'));
    const tessaly = ship(game, 'old-tessaly'); // maneuver 1, shields 0, no cannon
    release(game.world, tessaly);
    hold(game.world, tessaly, orsolo);
    game.ruleset.refresh(game);
    rigDice(game, [6, 6, 1]); // evasion 3, die 6: detected and damaged; then a hit
    moveStack(game, 'rebel', [orsolo, tessaly], env(game, 'gallowmere.1'));
    expect(game.pending?.kind).toBe('pdb-racking');
    ok(game, game.pending!.options[0]!);
    expect(hasComponent(game.world, orsolo, game.world.c.Dead)).toBe(true);
    expect(hasComponent(game.world, tessaly, game.world.c.Eliminated)).toBe(true);
    expect(pdbUp(game, 'wendhaven')).toBe(true); // no cannon, no return fire
  });

  it('[9.22, 9.28] a level-0 PDB detects but cannot rake; nor is a flight within one planet raked', () => {
    const { game, jax, kestrel } = flight('province');
    setState(game, planet(game, 'gallowmere'), 0); // back to the Empire: its level-0 PDB checks the arrival
    rigDice(game, [1, 6]); // leave Wendhaven undetected; reach Gallowmere detected
    moveStack(game, 'rebel', [jax, kestrel], env(game, 'gallowmere.1'));
    expect(game.pending?.kind).toBe('movement');
    expect(hasComponent(game.world, jax, game.world.c.Detected)).toBe(true);

    const within = flight('province');
    rigDice(within.game, [6]);
    moveStack(within.game, 'rebel', [within.jax, within.kestrel], env(within.game, 'wendhaven.1'));
    expect(within.game.pending?.kind).toBe('movement'); // [9.27, 9.33] within a planet: detected, never attacked
  });

  it('[9.28] the odds shown are the rule\'s: every pair of dice through the racking attack gives them, and the option says them', () => {
    const { game, jax, kestrel } = flight('province');
    const p = planet(game, 'wendhaven');
    for (const [level, shields, cannon] of [
      [1, 0, 1],
      [2, 1, 2],
      [2, 0, 0],
    ] as const) {
      game.world.c.Pdb.level[p] = level;
      game.world.c.Spaceship.shields[kestrel] = shields;
      game.world.c.Spaceship.cannon[kestrel] = cannon;
      let hits = 0;
      let downs = 0;
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) {
          const g = cloneGame(game);
          rigDice(g, [a, b]);
          rackShip(g, p, kestrel, [jax]);
          if (g.world.c.Spaceship.damaged[kestrel] === 1) hits++;
          if (g.world.c.Pdb.up[p] === 0) downs++;
          expect(rackingResult(g.content.tables, level, shields, cannon, a, b).shipHit).toBe(g.world.c.Spaceship.damaged[kestrel] === 1);
        }
      const odds = rackingOdds(game.content.tables, level, shields, cannon);
      expect({ hit: odds.shipHit, down: odds.pdbDown }).toEqual({ hit: hits / 36, down: downs / 36 });
      const option = rackingDecision(game, p, kestrel, 'imperial')!.options[0]!;
      expect(describeOption(game, option).detail).toContain(`the ship is hit ${Math.round((hits / 36) * 100)}%`);
    }
  });

  it('[9.28] the normal plan rakes a ship when a hit is at least as likely as its cannon knocking the PDB down', () => {
    const { game, kestrel } = flight('province');
    const p = planet(game, 'wendhaven');
    const plan = () => planFor({ content: game.content, view: viewFor(game, 'imperial'), decision: rackingDecision(game, p, kestrel, 'imperial')!, side: 'imperial', memory: {} });
    expect(plan().type).toBe('pdb-rack'); // level 1 against shields 0: hit 1/3; cannon 1 downs it 1/6
    game.world.c.Spaceship.shields[kestrel] = 1;
    game.world.c.Spaceship.cannon[kestrel] = 2; // hit 1/6; down 1/3
    expect(plan().type).toBe('pdb-hold');
  });
});
