/**
 * Option labels a player reads: placing pieces [16.12, 16.13] shows the planet's loyalty and PDB, and
 * labels do not repeat what the prompt says.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../../src/core/engine/game';
import { LOYALTIES } from '../../src/core/content/schema';
import { allOf, entityOf, environOf, planetOfEnviron } from '../../src/core/world/world';
import { givePossession } from '../../systems/possessions';
import { describeOption, entityName } from '../../src/ui/play/describe';
import { content, ruleset, passUntil } from '../fixtures';
import { randomAgent } from '../../src/ai/random-agent';
import { viewFor } from '../../src/core/view';
import { nameOf } from '../../src/core/names';
import { foundRebelCamp } from '../../systems/rebel-camp';
import { spawnUnit } from '../../src/core/world/build';
import { act, assignOne, emptyBoard, put, toSegment } from '../systems/mission-helpers';

describe('option labels', () => {
  it('[16.12, 9.32] a place to gather the starting characters names its environ, its people\'s loyalty and its PDB (a level-0 PDB is never "no PDB")', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4, handPlacement: ['rebel'] });
    const d = game.pending!;
    expect(d.kind).toBe('place-characters');
    for (const o of d.options) {
      const planet = planetOfEnviron(game.world, o.environ as number);
      const info = describeOption(game, o);
      expect(info.label).toContain(LOYALTIES[game.world.c.Loyalty.value[planet] as number]!);
      const level = game.world.c.Pdb.level[planet] as number;
      expect(info.label).toContain(`PDB ${level} ${game.world.c.Pdb.up[planet] ? 'up' : 'down'}`);
      expect(info.label).not.toContain('no PDB'); // [9.32] a level-0 PDB that is up still detects
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

describe('joining a mission [13.1, 13.41]', () => {
  it('a mission friends in the environ already perform says whom the character joins; others say nothing more', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'R');
    act(game, { type: 'pick-for-mission', piece: mirra });
    const label = (letter: string) => describeOption(game, game.pending!.options.find((o) => o.letter === letter)!).label;
    expect(label('R')).toBe(`Mission ${content.missions.get('R')!.name} (R) joining Jax Tollaway`);
    expect(label('I')).toBe(`Mission ${content.missions.get('I')!.name} (I)`);
  });
});

describe('a rebel camp in words [13.2]', () => {
  it('its mission is offered as "Mission <name> (<letter>)", and the prompt names the camp by where it stands', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const environ = game.world.ids.environ.get('wendhaven.1')!;
    const camp = foundRebelCamp(game, environ);
    expect(nameOf(game, camp)).toBe('the rebel camp at Wendhaven (urban)');
    const label = describeOption(game, { type: 'assign-camp', side: 'rebel', camp, letter: 'D' }).label;
    expect(label).toBe(`Mission ${content.missions.get('D')!.name} (D)`);
  });

  it('[13.2, 14.27] picked for a mission, the camp is asked for its mission by name, with no word of possessions it cannot hold', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const camp = foundRebelCamp(game, game.world.ids.environ.get('wendhaven.1')!);
    passUntil(game, (g) => g.pending?.kind === 'pick-for-mission' && g.pending.side === 'rebel');
    const pick = game.pending!.options.find((o) => Object.values(o).includes(camp));
    expect(pick).toBeDefined();
    expect(apply(game, pick)).toEqual({ ok: true });
    expect(game.pending?.kind).toBe('assign-mission');
    expect(game.pending?.prompt).toBe('Choose the mission for the rebel camp at Wendhaven (urban).');
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

  it('[7.22, 13.2 T] a hidden Imperial unit offered to the Rebel is named without its type or strength; to the Empire, in full', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const w = game.world;
    const line = spawnUnit(w, game.content, game.ruleset.sides, 'line', 'urban');
    const militia = spawnUnit(w, game.content, game.ruleset.sides, 'militia', null);
    const subvert = (unit: number) => describeOption(game, { type: 'subvert-unit', side: 'rebel', unit }).label;
    expect(subvert(line)).toBe('Subvert Imperial mobile unit (?)');
    expect(subvert(militia)).toBe('Subvert Militia (1)'); // militia are always shown [7.21]
    expect(describeOption(game, { type: 'pick', side: 'imperial', piece: line }).label).toBe('Pick Line (3)');
  });

  it('[11.0] choosing who hides names each character\'s intelligence, and what his possessions add', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const w = game.world;
    const rebel = allOf(w, 'character').find((ch) => w.c.Owner.side[ch] === 0 && environOf(w, ch))!;
    const label = () => describeOption(game, { type: 'choose-hider', side: 'rebel', character: rebel }).label;
    expect(label()).toBe(`Hide behind ${entityName(game, rebel)} (intelligence ${w.c.Character.intelligence[rebel]})`);
    const credentials = [...content.possessions.values()].find((p) => (p.effects.hiding ?? 0) > 0)!;
    givePossession(game, entityOf(w, 'possession', credentials.id), rebel);
    expect(label()).toBe(`Hide behind ${entityName(game, rebel)} (intelligence ${w.c.Character.intelligence[rebel]}, +${credentials.effects.hiding} from possessions)`);
  });

  it('[12.5, 11.0] yes-or-no choices say what they do, and the "no" is the one Enter takes', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const tryIt = describeOption(game, { type: 'break-off', side: 'rebel', attempt: true });
    const fight = describeOption(game, { type: 'break-off', side: 'rebel', attempt: false });
    expect([tryIt.label, fight.label]).toEqual(['Try to break off', 'Fight the round']);
    expect([tryIt.ends, fight.ends]).toEqual([false, true]);
    const environ = game.pending!.options.find((o) => typeof o.environ === 'number')?.environ ?? 0;
    if (environ) expect(describeOption(game, { type: 'declare-search', side: 'imperial', environ, search: true }).label).toBe(`Search at ${entityName(game, environ as number)}`);
  });

  it('[11.23] search choices say who searches: "Search with units led by …", "Search with characters", "No search"', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const leader = game.pending!.options.find((o) => typeof o.character === 'number')?.character as number | undefined;
    const label = (o: Record<string, unknown>) => describeOption(game, { type: 'search-by', side: 'imperial', ...o } as never).label;
    expect(label({ by: 'units', leader: 0 })).toBe('Search with units');
    if (leader) expect(label({ by: 'units', leader })).toBe(`Search with units led by ${entityName(game, leader)}`);
    expect(label({ by: 'characters', leader: 0 })).toBe('Search with characters');
    expect(describeOption(game, { type: 'search-by', side: 'imperial', by: 'none', leader: 0 })).toMatchObject({ label: 'No search', ends: true });
  });

  it('[13.3] stopping a mission names the mission and who is on it, not a group number', () => {
    // random play until a mission draw offers to stop one of its missions
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 4 });
    const agents = { rebel: randomAgent({ side: 'rebel', seed: 'stop' }), imperial: randomAgent({ side: 'imperial', seed: 'stop' }) };
    while (game.pending && !game.pending.options.some((o) => o.type === 'stop-mission')) apply(game, agents[game.pending.side].decide(viewFor(game, game.pending.side), game.pending));
    const stop = game.pending?.options.find((o) => o.type === 'stop-mission');
    expect(stop).toBeDefined();
    const label = describeOption(game, stop!).label;
    expect(label).toMatch(/^Stop mission .+ \([A-Z]\) by .+$/);
    expect(label).not.toMatch(/group \d/);
  });
});
