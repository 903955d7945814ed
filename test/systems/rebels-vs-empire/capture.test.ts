import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { environOf, environsOf, guardOf, holderOf, place, planetOfEnviron, possessionsOf, tag, unplace } from '../../../src/core/world/world';
import { applyCapture, guardOptions, heldByEmpire, isGuarding, movePrisonersWithGuard, refreshPrisoners } from '../../../systems/rebels-vs-empire/capture';
import { movablePieces } from '../../../systems/rebels-vs-empire/movement';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { eid } from '../../fixtures';
import { anEnviron, clearedGame, putCharacter, putUnit } from './character-fixtures';

function twoEnvirons(game: ReturnType<typeof clearedGame>): [number, number] {
  const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
  const [a, b] = environsOf(game.world, planet);
  return [a!, b!];
}

describe('capture [12.8x]', () => {
  it('[12.81] a guard is a unit or free character of the captor in the prisoner\'s environ', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const unit = putUnit(game, 'line', env);
    const knight = putCharacter(game, 'dravona-esk', env);
    putUnit(game, 'rebel-1-0', env);
    expect(guardOptions(game, rebel, 'imperial')).toEqual([unit, knight]); // units first, then characters
  });

  it('[12.81, 12.84] a captured character is guarded, and no longer acts: he cannot move', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const knight = putCharacter(game, 'dravona-esk', env);
    applyCapture(game, rebel, knight);
    expect(guardOf(game.world, rebel)).toBe(knight);
    expect(isGuarding(game, knight)).toBe(true);
    expect(movablePieces(game, 'rebel')).not.toContain(rebel);
  });

  it('[12.81] the prisoner moves with his guard', () => {
    const game = clearedGame();
    const [a, b] = twoEnvirons(game);
    const rebel = putCharacter(game, 'kaelen-dray', a);
    const knight = putCharacter(game, 'dravona-esk', a);
    applyCapture(game, rebel, knight);
    place(game.world, knight, b);
    refreshPrisoners(game);
    expect(environOf(game.world, rebel)).toBe(b);
    // the helper for movement does the same at once
    movePrisonersWithGuard(game, knight, a);
    expect(environOf(game.world, rebel)).toBe(a);
  });

  it('[12.82] a prisoner left with no enemy piece goes free', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const knight = putCharacter(game, 'dravona-esk', env);
    applyCapture(game, rebel, knight);
    unplace(game.world, knight);
    tag(game.world, knight, game.world.c.Dead);
    refreshPrisoners(game);
    expect(hasComponent(game.world, rebel, game.world.c.Captured)).toBe(false);
    expect(guardOf(game.world, rebel)).toBe(0);
  });

  it('[12.81, 12.82] a prisoner whose guard falls passes to another enemy piece there and stays captured', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const knight = putCharacter(game, 'dravona-esk', env);
    const other = putCharacter(game, 'nilo-brevant', env);
    applyCapture(game, rebel, knight);
    unplace(game.world, knight);
    tag(game.world, knight, game.world.c.Dead);
    refreshPrisoners(game);
    expect(hasComponent(game.world, rebel, game.world.c.Captured)).toBe(true);
    expect(guardOf(game.world, rebel)).toBe(other);
  });

  it('[14.26] the captor holds a captured Rebel\'s possessions, except spaceships', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const knight = putCharacter(game, 'dravona-esk', env);
    const knife = eid(game, 'possession', 'veil-knife');
    const ship = eid(game, 'possession', 'dawnrunner');
    givePossession(game, knife, rebel);
    givePossession(game, ship, rebel);
    applyCapture(game, rebel, knight);
    expect(holderOf(game.world, knife)).toBe(0);
    expect(heldByEmpire(game)).toContain('veil-knife');
    expect(game.vars.possessionDeck).not.toContain('veil-knife');
    expect(possessionsOf(game.world, rebel)).toEqual([ship]);
  });

  it('[12.87] with nobody of the captor\'s there to guard him, the character is not captured', async () => {
    const { choose, finished, resultOf, run } = await import('./character-fixtures');
    const { rigDice } = await import('../../fixtures');
    const { combatColumn } = await import('../../../systems/rebels-vs-empire/character-combat');
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    // sentry robots: a squad with no units to guard anyone [13.46]
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'squad', strength: 3, leader: 0, units: [] }, defenders: [rebel] });
    choose(game, { intent: 'capture' });
    const t = game.content.tables.characterCombat;
    const col = combatColumn(game, 8 - 5, true, 0);
    const die = t.rows.findIndex((r) => r[col]!.defenderCapture && r[col]!.defender * 2 < 6) + 1;
    expect(die).toBeGreaterThan(0); // the table has such a row: a capture that leaves him alive
    rigDice(game, [die, 6]);
    choose(game, { attempt: false });
    expect(finished(game)).toBe(true);
    expect(resultOf(game).captured).toEqual([]);
    expect(hasComponent(game.world, rebel, game.world.c.Captured)).toBe(false);
    expect(game.events.some((e) => e.rule === '[12.87]')).toBe(true);
  });

  it('[12.81] a guard on another planet takes his prisoner along', () => {
    const game = clearedGame();
    const planets = planetsInPlay(game);
    expect(planets.length).toBeGreaterThanOrEqual(2); // the fixture's scenario has two planets to go between
    const a = environsOf(game.world, planets[0]!)[0]!;
    const b = environsOf(game.world, planets[1]!)[0]!;
    const rebel = putCharacter(game, 'kaelen-dray', a);
    const unit = putUnit(game, 'line', a);
    applyCapture(game, rebel, unit);
    place(game.world, unit, b);
    refreshPrisoners(game);
    expect(planetOfEnviron(game.world, environOf(game.world, rebel))).toBe(planets[1]);
  });
});
