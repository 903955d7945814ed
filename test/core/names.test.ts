import { describe, expect, it } from 'vitest';
import { nameOf } from '../../src/core/names';
import { spawnUnit } from '../../src/core/world/build';
import { content, eid, testGame } from '../fixtures';

describe('names for people', () => {
  const game = testGame();
  it('characters, planets and environs by their names, not their ids', () => {
    const [id, ch] = [...content.characters.entries()][0]!;
    expect(nameOf(game, eid(game, 'character', id))).toBe(ch.name);
    const planet = content.galaxy.planets[0]!;
    expect(nameOf(game, eid(game, 'planet', planet.id))).toBe(planet.name);
    expect(nameOf(game, eid(game, 'environ', `${planet.id}.1`))).toBe(`${planet.name} (${planet.environs[0]!.type})`);
  });

  it('[7.22] a hidden unit\'s name never gives its type away; a militia\'s does', () => {
    const patrol = spawnUnit(game.world, content, game.ruleset.sides, 'patrol', null);
    const line = spawnUnit(game.world, content, game.ruleset.sides, 'line', null);
    const militia = spawnUnit(game.world, content, game.ruleset.sides, 'militia', null);
    expect(nameOf(game, patrol)).toBe(nameOf(game, line));
    expect(nameOf(game, patrol)).not.toMatch(/patrol|line/i);
    expect(nameOf(game, militia)).toBe('Militia');
  });
});
