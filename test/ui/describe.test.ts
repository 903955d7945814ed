/**
 * Option labels a player reads: placing pieces [16.12, 16.13] shows the planet's loyalty and PDB, and
 * labels do not repeat what the prompt says.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../../src/core/engine/game';
import { LOYALTIES } from '../../src/core/content/schema';
import { allOf, entityOf, environOf, planetOfEnviron } from '../../src/core/world/world';
import { givePossession, possessionBonusDraws, reassignSpaceship } from '../../systems/rebels-vs-empire/possessions';
import { describeOption, entityName } from '../../src/words/describe';
import { planetStanding } from '../../src/words/option-facts';
import { content, ruleset, passUntil } from '../fixtures';
import { randomAgent } from '../../src/ai/random-agent';
import { viewFor } from '../../src/core/view';
import { nameOf } from '../../src/core/names';
import { foundRebelCamp } from '../../systems/rebels-vs-empire/rebel-camp';
import { spawnUnit } from '../../src/core/world/build';
import { act, assignOne, emptyBoard, put, toSegment, unit } from '../systems/rebels-vs-empire/mission-helpers';
import type { Command, Decision, Game } from '../../src/core/engine/types';
import { PLANET_STATES } from '../../src/core/content/schema';
import { hasComponent } from 'bitecs';
import { holderOf, place, refOf } from '../../src/core/world/world';
import { DIPLOMACY_LOYALTY_DRAWS, ratingDraws } from '../../systems/rebels-vs-empire/bonus-draw';
import { controls } from '../../systems/rebels-vs-empire/control';
import { evasionValue } from '../../systems/rebels-vs-empire/detection';
import { groundedReason, groupDestinations } from '../../systems/rebels-vs-empire/movement';
import { detectionOdds, percent } from '../../src/core/odds';

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
    const environ = entityOf(game.world, 'environ', 'wendhaven.1');
    expect(describeOption(game, { type: 'declare-search', side: 'imperial', environ, search: true }).label).toBe(`Search at ${entityName(game, environ)}`);
    expect(entityName(game, environ)).toMatch(/^Wendhaven/);
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

// ------------------------------------------------------------------ what it takes to decide (issue 24)

describe('every decision carries what it takes to decide it', () => {
  const facts = (game: Game, option: Command, decision?: Decision) => describeOption(game, option, decision);

  it('[13.6, 13.3] a mission choice shows its goal, the rating it suits with the character\'s own value, his bonus draws and the letter a draw needs', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    act(game, { type: 'pick-for-mission', piece: jax });
    const w = game.world;
    for (const o of game.pending!.options.filter((x) => x.type === 'assign-mission')) {
      const card = content.missions.get(o.letter as never)!;
      const info = facts(game, o, game.pending!);
      expect(info.detail).toContain(card.goal.replace(/\.$/, ''));
      expect(info.detail).toContain(`an action card showing ${card.letter}`);
      const rating = card.bonusDraws.rating;
      if (rating) {
        const value = (w.c.Character as unknown as Record<string, ArrayLike<number>>)[rating]![jax]!;
        expect(info.detail).toContain(`suits ${rating} (his ${value})`);
        const own = content.characters.get('jax-tollaway')!.bonusDraws[card.letter] ?? 0;
        const loyalty = card.letter === 'D' ? (DIPLOMACY_LOYALTY_DRAWS[w.c.Loyalty.value[entityOf(w, 'planet', 'wendhaven')] as number] ?? 0) : 0;
        // [14.27] declaring his possessions adds theirs
        const declared = o.declare === true ? possessionBonusDraws(game, jax, card.letter).draws : 0;
        const draws = Math.max(0, card.bonusDraws.base + ratingDraws(rating, value) + own + loyalty + declared);
        expect(info.detail).toContain(`${draws} bonus draw${draws === 1 ? '' : 's'}`);
      } else expect(info.detail).toContain('suits anyone');
    }
  });

  it('[15.13, 15.2] a mission that cannot help is said so: Diplomacy where the loyalty is at its end, a rising away from unrest', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const w = game.world;
    const wendhaven = entityOf(w, 'planet', 'wendhaven');
    const diplomacy = { type: 'assign-mission', side: 'rebel', character: jax, letter: 'D' } as Command;
    const rising = { ...diplomacy, letter: 'R' } as Command;
    w.c.Loyalty.value[wendhaven] = LOYALTIES.indexOf('unrest');
    expect(facts(game, diplomacy).warning).toMatch(/changes nothing \[15\.13\]/);
    expect(facts(game, rising).warning).toBeUndefined();
    w.c.Loyalty.value[wendhaven] = LOYALTIES.indexOf('dissent');
    expect(facts(game, diplomacy).warning).toBeUndefined();
    expect(facts(game, rising).warning).toMatch(/at dissent: a rebellion starts only at unrest \[15\.2\]/);
    // the Empire's Diplomacy ends at patriotic
    w.c.Loyalty.value[wendhaven] = LOYALTIES.indexOf('patriotic');
    const envoy = put(game, 'serath-kaine', 'wendhaven.1');
    expect(facts(game, { ...diplomacy, side: 'imperial', character: envoy }).warning).toMatch(/changes nothing/);
  });

  it('[15.52] sabotaging the PDB of a planet in rebellion warns that the Rebel then cannot control it; elsewhere no warning', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const w = game.world;
    const wendhaven = entityOf(w, 'planet', 'wendhaven');
    const sabotage = { type: 'assign-mission', side: 'rebel', character: jax, letter: 'S' } as Command;
    w.c.PlanetState.value[wendhaven] = PLANET_STATES.indexOf('imperial-control');
    expect(facts(game, sabotage).warning).toBeUndefined();
    w.c.PlanetState.value[wendhaven] = PLANET_STATES.indexOf('rebellion');
    expect(facts(game, sabotage).warning).toMatch(/cannot control it \[15\.52\]/);
    expect(facts(game, { ...sabotage, side: 'imperial' }).warning).toBeUndefined();
  });

  it('[5.3G] Gain Characters lists each character\'s ratings; [10.4] "Lead with…" shows leadership', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const mirra = entityOf(w, 'character', 'mirra-solvane');
    const gain = facts(game, { type: 'gain-character', side: 'rebel', character: mirra }).detail!;
    for (const r of ['combat', 'endurance', 'intelligence', 'leadership', 'diplomacy', 'navigation'] as const)
      expect(gain).toContain(`${r} ${(w.c.Character as unknown as Record<string, ArrayLike<number>>)[r]![mirra]}`);
    expect(facts(game, { type: 'name-leader', side: 'rebel', character: mirra }).detail).toBe(`leadership ${w.c.Character.leadership[mirra]} [10.4]`);
  });

  it('[0.x] a domino option lists each planet it would shift, with its loyalty and who controls it', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const planets = allOf(w, 'planet').filter((p) => hasComponent(w, p, w.c.InPlay)).slice(0, 2);
    const decision = { side: 'rebel', kind: 'domino-option', prompt: '', rule: '[0.3]', options: [], context: { targets: { 'one-step': planets.map((p) => refOf(w, p)) } } } as unknown as Decision;
    const detail = facts(game, { type: 'domino-option', side: 'rebel', shift: 'one-step' }, decision).detail!;
    for (const p of planets) {
      expect(detail).toContain(`${nameOf(game, p)}: ${LOYALTIES[w.c.Loyalty.value[p] as number]}`);
      const ctl = controls(game, 'rebel', p) ? 'Rebel control' : controls(game, 'imperial', p) ? 'Imperial control' : 'no one controls it';
      expect(detail).toContain(ctl);
      // one planet to shift, of several: the same facts
      expect(facts(game, { type: 'domino-planet', side: 'rebel', planet: p }).detail).toBe(planetStanding(game, p));
    }
  });

  it('[15.41, 15.44] raising a rebel unit shows the room left in the environ, and warns when there is none', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const environ = entityOf(w, 'environ', 'wendhaven.1');
    const decision = { side: 'rebel', kind: 'raise-rebel-unit', prompt: '', rule: '[15.41]', options: [], context: { environ, points: 3 } } as unknown as Decision;
    const raise = { type: 'raise-unit', side: 'rebel', unitType: content.tables.unitTypes.find((t) => t.side === 'rebel')!.id } as Command;
    const size = w.c.Environ.size[environ] as number;
    expect(facts(game, raise, decision).detail).toContain(`room for ${size} more Rebel unit`);
    expect(facts(game, raise, decision).warning).toBeUndefined();
    for (let i = 0; i < size; i++) unit(game, raise.unitType as string, 'wendhaven.1', 'urban');
    expect(facts(game, raise, decision).detail).toContain('room for 0 more');
    expect(facts(game, raise, decision).warning).toMatch(/\[15\.44\]/);
  });

  it('every piece option names its place', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    expect(facts(game, { type: 'pick', side: 'rebel', piece: jax }).label).toBe(`Pick Jax Tollaway at ${entityName(game, entityOf(game.world, 'environ', 'wendhaven.1'))}`);
  });

  it('[14.51, 14.55] a ship to give shows its holder, the pilot\'s navigation and its seats; giving it to nobody warns', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ship = entityOf(w, 'possession', 'kestrels-due');
    reassignSpaceship(game, ship, jax); // his own ship [14.53], at the helm
    const give = facts(game, { type: 'reassign-spaceship', side: 'rebel', ship, character: jax });
    expect(give.detail).toContain(`held by ${nameOf(game, holderOf(w, ship))}`);
    expect(give.detail).toContain(`${w.c.Spaceship.passengers[ship]} seats`);
    expect(give.detail).toContain(`his navigation ${w.c.Character.navigation[jax]}`);
    // [14.51] one with no navigation is told he cannot fly it
    const none = allOf(w, 'character').find((c) => w.c.Owner.side[c] === 0 && w.c.Character.navigation[c] === 0);
    if (none) expect(facts(game, { type: 'reassign-spaceship', side: 'rebel', ship, character: none }).detail).toContain('cannot fly it [14.51]');
    expect(give.warning).toBeUndefined();
    expect(facts(game, { type: 'reassign-spaceship', side: 'rebel', ship, character: 0 }).warning).toMatch(/Nobody will hold the ship.*\[14\.55\]/);
  });

  it('[14.22] declaring possessions warns when one of them is lost after one use', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    const pick = { type: 'pick-for-mission', side: 'rebel', piece: mirra, declare: true } as Command;
    expect(facts(game, pick).warning).toBeUndefined();
    givePossession(game, entityOf(w, 'possession', 'signet-of-the-old-houses'), mirra);
    expect(facts(game, pick).warning).toMatch(/Signet.*lost after one use.*\[14\.22\]/);
    expect(facts(game, { ...pick, declare: false }).warning).toBeUndefined();
  });

  it('[9.3, 9.32, 9.33] a flight an enemy PDB may see shows the detection odds of its rolls at the planet left and the planet reached, combined; none when the PDBs are down', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ship = entityOf(w, 'possession', 'kestrels-due');
    reassignSpaceship(game, ship, jax); // his own ship [14.53], at the helm
    const from = entityOf(w, 'planet', 'wendhaven');
    const toEnv = allOf(w, 'environ').find((e) => hasComponent(w, planetOfEnviron(w, e), w.c.InPlay) && planetOfEnviron(w, e) !== from)!;
    const to = planetOfEnviron(w, toEnv);
    const decision = { side: 'rebel', kind: 'move-group', prompt: '', rule: '[9.0]', options: [], context: { group: [jax, ship] } } as unknown as Decision;
    const move = { type: 'move-to', side: 'rebel', to: toEnv } as Command;
    const sees = (p: number) => controls(game, 'imperial', p) && w.c.Pdb.up[p] === 1;
    expect(sees(from) || sees(to)).toBe(true); // the scenario's planets start under Imperial control
    const evasion = evasionValue(game, ship, jax);
    const detail = facts(game, move, decision).detail!;
    expect(detail).toContain(`evasion ${evasion}`);
    // [9.33] every roll of the move combined: unseen only if each roll is undetected
    let unseen = 1;
    for (const p of [from, to].filter(sees)) {
      expect(detail).toContain(`${p === from ? 'leaving' : 'reaching'} ${nameOf(game, p)} (PDB ${w.c.Pdb.level[p]})`);
      unseen *= detectionOdds(content.tables, evasion, w.c.Pdb.level[p] as number, false).find((o) => o.label === 'undetected')?.chance ?? 0;
    }
    expect(detail).toContain(`detected ${percent(1 - unseen)}`);
    expect(detail).toContain(`unseen ${percent(unseen)}`);
    w.c.Pdb.up[from] = 0;
    w.c.Pdb.up[to] = 0;
    expect(facts(game, move, decision).detail).toContain("no detection roll [9.3]"); // [9.32] a down PDB detects nothing
  });

  it('[9.56, 14.57] a stack that cannot fly for want of seats says so, not that it lacks a pilot', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const ship = entityOf(w, 'possession', 'kestrels-due');
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    reassignSpaceship(game, ship, jax); // his own ship [14.53], at the helm
    const seats = w.c.Spaceship.passengers[ship] as number;
    const rebels = allOf(w, 'character').filter((c) => w.c.Owner.side[c] === 0 && !hasComponent(w, c, w.c.Dead)).slice(0, seats + 1);
    for (const r of rebels) place(w, r, entityOf(w, 'environ', 'wendhaven.1'));
    const group = [...new Set([jax, ...rebels])].slice(0, seats + 1);
    expect(groupDestinations(game, [...group, ship]).filter((e) => planetOfEnviron(w, e) !== planetOfEnviron(w, environOf(w, jax)))).toEqual([]);
    expect(groundedReason(game, [...group, ship])).toMatch(new RegExp(`${group.length} aboard .*, but it has ${seats} seats \\[9.56, 14.57\\]`));
    expect(groundedReason(game, [ship])).toMatch(/does not fly itself/);
  });
});
