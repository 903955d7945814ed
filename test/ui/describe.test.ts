/**
 * Option labels a player reads: placing pieces [16.12, 16.13] shows the planet's loyalty and PDB, and
 * labels do not repeat what the prompt says.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../../src/core/engine/game';
import { LOYALTIES } from '../../src/core/content/schema';
import { planetOfEnviron } from '../../src/core/world/world';
import { describeOption, entityName } from '../../src/ui/play/describe';
import { content, ruleset, passUntil } from '../fixtures';

describe('option labels', () => {
  it('[16.12] a place to gather the starting characters names its environ, its people\'s loyalty and its PDB', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4, handPlacement: ['rebel'] });
    const d = game.pending!;
    expect(d.kind).toBe('place-characters');
    for (const o of d.options) {
      const planet = planetOfEnviron(game.world, o.environ as number);
      const info = describeOption(game, o);
      expect(info.label).toContain(LOYALTIES[game.world.c.Loyalty.value[planet] as number]!);
      const level = game.world.c.Pdb.level[planet] as number;
      expect(info.label).toContain(level > 0 ? `PDB ${level}` : 'no PDB');
      expect(info.places).toHaveLength(1);
    }
  });

  it('a mission choice does not repeat the character the prompt names; a ship is given "to" a character', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const give = game.pending!.options.find((o) => o.type === 'assign-ship');
    expect(give).toBeDefined();
    expect(describeOption(game, give!).label).toMatch(/^Give .+ to .+$/);
    passUntil(game, (g) => g.pending?.kind === 'pick-for-mission');
    apply(game, game.pending!.options.find((o) => o.type === 'pick-for-mission'));
    const d = game.pending!;
    expect(d.kind).toBe('assign-mission');
    const name = entityName(game, d.options[0]!.character as number);
    expect(d.prompt).toContain(name); // the prompt says whose mission it is
    for (const o of d.options) expect(describeOption(game, o).label).not.toContain(name);
  });
});

describe('unit types in labels', () => {
  it('[15.41] a unit to raise is named by its type\'s name, strength and cost, not its id', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    for (const type of content.tables.unitTypes) {
      const label = describeOption(game, { type: 'raise-unit', side: 'rebel', unitType: type.id }).label;
      expect(label).toBe(`Raise ${type.name} (${type.combat}-${type.second}, costs ${type.cost})`);
    }
  });
});
