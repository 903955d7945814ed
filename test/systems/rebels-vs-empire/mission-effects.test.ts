/**
 * Every mission letter's effect [13.2] as missions.json and docs/content-decisions.md describe it, the
 * bonus draws [13.6, 14.27] and the failure of an assassination [12.87].
 */
import { addComponent, hasComponent } from 'bitecs';
import { describe, expect, it } from 'vitest';
import type { Frame, Game } from '../../../src/core/engine/types';
import { REBELLION } from '../../../src/core/world/components';
import { GuardedBy } from '../../../src/core/world/relations';
import { entityOf, environOf, guardOf, holderOf, tag, unplace } from '../../../src/core/world/world';
import { bonusDraws } from '../../../systems/rebels-vs-empire/bonus-draw';
import { effectQueue, runEffects } from '../../../systems/rebels-vs-empire/mission-effects';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { DISSENT } from '../../../systems/rebels-vs-empire/loyalty';
import { campIn, foundRebelCamp } from '../../../systems/rebels-vs-empire/rebel-camp';
import { missionPhase, wentOnMissionThisTurn, type MissionGroup } from '../../../systems/rebels-vs-empire/missions';
import { unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { act, assign, assignOne, ch, deck, emptyBoard, env, hasOption, planet, put, toSegment, unit } from './mission-helpers';

const group = (game: Game, letter: string) => missionPhase(game)!.groups.find((g) => g.letter === letter)!;
const vp = (game: Game) => game.content.tables.victoryPoints;

describe('mission effects', () => {
  it('[13.2, 9.44] A: the performer kills a detected enemy character of his choice', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    const nilo = put(game, 'nilo-brevant', 'wendhaven.1');
    tag(game.world, ysmena, game.world.c.Detected);
    deck(game, [96]); // urban AT
    assign(game, 'rebel', [['jax-tollaway', 'A']]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.kind).toBe('mission-assassinate');
    expect(game.pending?.options.map((o) => o.target)).toEqual([ysmena]); // nilo is not detected
    act(game, { type: 'assassinate', target: ysmena });
    expect(hasComponent(game.world, ysmena, game.world.c.Dead)).toBe(true);
    expect(environOf(game.world, ysmena)).toBe(0);
    expect(hasComponent(game.world, nilo, game.world.c.Dead)).toBe(false);
    expect(game.vars.tally).toBe(vp(game).imperialKilled);
  });

  it('[12.87] A failed: enemy units in the environ attack the group to capture it', () => {
    const { game, calls } = emptyBoard({ 'character-combat': null });
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    tag(game.world, ysmena, game.world.c.Detected);
    const militia = unit(game, 'militia', 'wendhaven.1');
    deck(game, [73, 73, 73, 73, 73]); // urban D: no A letter, not even in the bonus draw
    assign(game, 'rebel', [['jax-tollaway', 'A']]);
    for (let i = 0; i < 4; i++) act(game, { type: 'draw-action' });
    expect(calls).toEqual([
      {
        proc: 'character-combat',
        data: { environ: env(game, 'wendhaven.1'), attackerSide: 'imperial', attacker: { kind: 'squad', strength: 1, leader: 0, units: [militia] }, defenders: [jax] },
      },
    ]);
  });

  it('[13.2] B: a rebel camp is founded in the environ', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [90]); // urban B
    assign(game, 'rebel', [['jax-tollaway', 'B']]);
    expect(campIn(game, env(game, 'wendhaven.1'))).toBe(0);
    act(game, { type: 'draw-action' });
    expect(campIn(game, env(game, 'wendhaven.1'))).toBeGreaterThan(0);
  });

  it('[13.2, 5.3I] C: with at least the coup rating in letters, loyalty shifts two toward the performer and no coup again', () => {
    for (const [cards, succeeds] of [
      [[77, 87], true],
      [[77, 73], false],
    ] as const) {
      const { game } = emptyBoard();
      put(game, 'jax-tollaway', 'tollis.1'); // coup rating 2, loyal
      deck(game, [...cards]);
      assign(game, 'rebel', [['jax-tollaway', 'C']]);
      act(game, { type: 'draw-action' });
      act(game, { type: 'draw-action' });
      act(game, { type: 'stop-mission', group: group(game, 'C').id });
      expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(succeeds ? 3 : 1);
      expect(((game.vars.couped as number[] | undefined) ?? []).includes(env(game, 'tollis.1'))).toBe(succeeds);
    }
  });

  it('[13.2, 15.13] D: each letter shifts loyalty one space toward the performer, never past the end of the track', () => {
    const { game } = emptyBoard();
    put(game, 'ysmena-coil', 'tollis.1'); // loyal: one space from patriotic
    deck(game, [69, 73]);
    assign(game, 'imperial', [['ysmena-coil', 'D']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: group(game, 'D').id });
    expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(0);
  });

  it('[12.82] F: each letter frees one captive of the performer\'s choice, who joins the group', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    tag(game.world, mirra, game.world.c.Captured);
    addComponent(game.world, mirra, GuardedBy(ysmena));
    deck(game, [97]); // urban F (populace goes wild)
    assign(game, 'rebel', [['jax-tollaway', 'F']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: group(game, 'F').id });
    act(game, { type: 'free-prisoner', prisoner: mirra });
    expect(hasComponent(game.world, mirra, game.world.c.Captured)).toBe(false);
    expect(guardOf(game.world, mirra)).toBe(0);
    expect(environOf(game.world, mirra)).toBe(env(game, 'wendhaven.1'));
  });

  it('[13.2, 14.53] G: a character of the side not yet in play enters with the group, bringing his spaceship', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [82]); // urban G
    assign(game, 'rebel', [['jax-tollaway', 'G']]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.kind).toBe('mission-gain');
    const inScenario = game.scenario.rebel.characters.map((id) => ch(game, id));
    for (const o of game.pending!.options) expect(inScenario).not.toContain(o.character);
    const seska = ch(game, 'seska-vire');
    act(game, { type: 'gain-character', character: seska });
    expect(environOf(game.world, seska)).toBe(env(game, 'wendhaven.1'));
    expect(holderOf(game.world, entityOf(game.world, 'possession', 'whisperwake'))).toBe(seska);
  });

  it('[13.52] a group lost before its choice (all killed or captured by an earlier effect) chooses nothing', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    assign(game, 'rebel', [['jax-tollaway', 'G']]);
    const gain = group(game, 'G');
    // an earlier effect of the same card (a creature, a capture) has killed the group's only member
    tag(game.world, jax, game.world.c.Dead);
    unplace(game.world, jax);
    const frame = { proc: 'test', data: { queue: [{ do: 'choose', what: 'gain', group: gain.id, left: 1, possession: '' }] } } as unknown as Frame;
    expect(runEffects(game, frame)).toBeNull();
    expect(effectQueue(frame)).toEqual([]);
    expect(gain.status).toBe('lost');
  });

  it('[13.2] I: each letter is +1 victory point for a Rebel mission', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1');
    deck(game, [81, 86]); // urban FI, FI
    assign(game, 'rebel', [['jax-tollaway', 'I']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: group(game, 'I').id });
    expect(game.vars.tally).toBe(2 * vp(game).gatherInformation);
  });

  it('[13.2] I: each letter is -1 to the Rebel total for an Imperial mission', () => {
    const { game } = emptyBoard();
    put(game, 'ysmena-coil', 'tollis.1');
    deck(game, [81]);
    assign(game, 'imperial', [['ysmena-coil', 'I']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: group(game, 'I').id });
    expect(game.vars.tally).toBe(-vp(game).gatherInformation);
  });

  it('[15.52, 9.31] I: an unseen enemy on the planet the performer controls did not bar it, but spoils it', () => {
    const { game } = emptyBoard();
    put(game, 'ysmena-coil', 'tollis.1');
    unit(game, 'militia', 'tollis.2'); // the Empire controls Tollis
    put(game, 'jax-tollaway', 'tollis.2'); // undetected
    deck(game, [81]);
    assign(game, 'imperial', [['ysmena-coil', 'I']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: group(game, 'I').id });
    expect(game.vars.tally ?? 0).toBe(0);
    expect(game.events.some((e) => e.rule === '[15.52]' && /comes to nothing/.test(e.text))).toBe(true);
  });

  it('[14.1, 14.11] P: a possession from the deck, given to a member of the group', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    game.vars.possessionDeck = ['veil-knife'];
    deck(game, [74]); // urban P
    assign(game, 'rebel', [
      ['jax-tollaway', 'P'],
      ['mirra-solvane', 'P'],
    ]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.options.map((o) => o.character)).toEqual([jax, mirra]);
    act(game, { type: 'assign-possession', character: mirra });
    expect(holderOf(game.world, entityOf(game.world, 'possession', 'veil-knife'))).toBe(mirra);
    expect(game.vars.possessionDeck).toEqual([]);
  });

  it('[14.1] P: nothing is gained when the possession deck is empty', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    game.vars.possessionDeck = [];
    deck(game, [74]);
    assign(game, 'rebel', [['jax-tollaway', 'P']]);
    act(game, { type: 'draw-action' });
    expect(game.pending?.kind).not.toBe('assign-possession');
    expect(game.events.some((e) => e.text.includes('possession deck is empty'))).toBe(true);
  });

  it('[15.2, 15.4] R (Rebel): on a planet at unrest the planet goes into rebellion', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1'); // Wendhaven is at unrest
    deck(game, [93]); // urban RB
    assign(game, 'rebel', [['jax-tollaway', 'R']]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.PlanetState.value[planet(game, 'wendhaven')]).toBe(REBELLION);
    expect(game.pending?.kind).toBe('raise-rebel-unit');
  });

  it('[15.2] R (Rebel): on a planet not at unrest the mission achieves nothing', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1'); // loyal
    deck(game, [93]);
    assign(game, 'rebel', [['jax-tollaway', 'R']]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.PlanetState.value[planet(game, 'tollis')]).toBe(0);
    expect(game.vars.rebellionEntries).toBeUndefined();
  });

  it('[8.31] S: the first letter puts the PDB down, each further one lowers its level', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1'); // PDB level 1, up
    deck(game, [87, 92]); // urban SC, SG
    assign(game, 'rebel', [['jax-tollaway', 'S']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    expect(game.world.c.Pdb.up[planet(game, 'wendhaven')]).toBe(1);
    act(game, { type: 'stop-mission', group: group(game, 'S').id });
    expect(game.world.c.Pdb.up[planet(game, 'wendhaven')]).toBe(0);
    expect(game.world.c.Pdb.level[planet(game, 'wendhaven')]).toBe(0);
  });

  /** Subvert Troops with two letters at Wendhaven 1, against `militias` militia and a line unit. */
  function subvertWithTwoLetters(lineHidden: boolean, militias = 1) {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    const militia = Array.from({ length: militias }, () => unit(game, 'militia', 'wendhaven.1'));
    const line = unit(game, 'line', 'wendhaven.1');
    game.world.c.Unit.hidden[line] = lineHidden ? 1 : 0;
    deck(game, [88, 96]); // urban T, AT
    assign(game, 'rebel', [['jax-tollaway', 'T']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: group(game, 'T').id });
    expect(game.pending?.kind).toBe('mission-subvert');
    return { game, militia: militia[0] as number, militias: militia, line };
  }

  it('[13.2] T: each letter eliminates one strength point of Imperial units, chosen by the Rebel', () => {
    const { game, militias: [m1, m2], line } = subvertWithTwoLetters(true, 2);
    act(game, { type: 'subvert-unit', unit: m1 });
    act(game, { type: 'subvert-unit', unit: m2 });
    expect(unitsIn(game, env(game, 'wendhaven.1'), 'imperial')).toEqual([line]);
    expect(hasComponent(game.world, m1 as number, game.world.c.Eliminated)).toBe(true);
  });

  it('[13.2 T, 7.22] a hidden unit is offered whatever its strength: which units are offered tells nothing hidden', () => {
    const { game, militia, line } = subvertWithTwoLetters(true);
    expect(hasOption(game, { unit: militia })).toBe(true);
    expect(hasOption(game, { unit: line })).toBe(true);
  });

  it('[13.2 T] a unit the Rebel sees is too strong for the points left is not offered', () => {
    const { game, militia, line } = subvertWithTwoLetters(false);
    expect(hasOption(game, { unit: militia })).toBe(true);
    expect(hasOption(game, { unit: line })).toBe(false); // strength 3 is more than two letters
  });

  it('[13.2 T, 7.22] a hidden unit too strong for the points is revealed and stays; the points are lost', () => {
    const { game, militia, line } = subvertWithTwoLetters(true);
    act(game, { type: 'subvert-unit', unit: line });
    expect(hasComponent(game.world, line, game.world.c.Eliminated)).toBe(false);
    expect(hasComponent(game.world, militia, game.world.c.Eliminated)).toBe(false);
    expect(game.pending?.kind).not.toBe('mission-subvert');
    const failed = game.events.find((e) => e.kind === 'subvert-failed');
    expect(failed?.text).toMatch(/Line unit \(strength 3\) is too strong to win over with 2 point/);
    expect(failed?.visibleTo).toBe('all');
  });

  it('[13.2] a rebel camp performs its mission and its letters count, as a character would', () => {
    const { game } = emptyBoard();
    const camp = foundRebelCamp(game, env(game, 'tollis.1'));
    deck(game, [81, 86, 68]); // urban FI, FI, HR
    toSegment(game, 'mission assignment');
    assignOne(game, camp, 'I');
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    // out of draws, the camp completes at once, with no bonus draws [13.2]
    expect(game.vars.tally).toBe(2 * vp(game).gatherInformation);
    expect(game.events.some((e) => e.kind === 'bonus-draw')).toBe(false);
  });
});

describe('bonus draws [13.6]', () => {
  const groupOf = (game: Game, letter: MissionGroup['letter'], members: number[], environ: string): MissionGroup => ({
    id: 1,
    environ: env(game, environ),
    letter,
    members,
    camp: 0,
    status: 'exhausted',
    letters: 0,
    searched: false,
    windfall: 0,
    declared: [],
  });

  it('[13.6] the card\'s base, the group\'s best rating, and each member\'s own bonus draws', () => {
    const { game } = emptyBoard();
    // R: base 0, leadership: Kaelen 4 gives 4/2 = 2, and his own R bonus 1
    const kaelen = ch(game, 'kaelen-dray');
    const jax = ch(game, 'jax-tollaway');
    expect(bonusDraws(game, groupOf(game, 'R', [kaelen], 'wendhaven.1')).draws).toBe(3);
    // P: base 2, no rating; Jax has no P bonus
    expect(bonusDraws(game, groupOf(game, 'P', [jax], 'wendhaven.1')).draws).toBe(2);
    // A: base 0, combat: the best of the group, Jax 4 and Brokk 8, gives 8/3 = 2, and Brokk's own A 1
    expect(bonusDraws(game, groupOf(game, 'A', [jax, ch(game, 'brokk-hallgar')], 'wendhaven.1')).draws).toBe(3);
  });

  it('[13.2] a Rebel Diplomacy mission has two fewer bonus draws on a patriotic planet, one more in dissent', () => {
    const { game } = emptyBoard();
    const mirra = ch(game, 'mirra-solvane'); // diplomacy 4 (2 draws), own D 2: 4 on a neutral planet
    const tollis = planet(game, 'tollis');
    const g = groupOf(game, 'D', [mirra], 'tollis.1');
    game.world.c.Loyalty.value[tollis] = 2;
    expect(bonusDraws(game, g).draws).toBe(4);
    game.world.c.Loyalty.value[tollis] = 0;
    expect(bonusDraws(game, g).draws).toBe(2);
    game.world.c.Loyalty.value[tollis] = 3;
    expect(bonusDraws(game, g).draws).toBe(5);
  });

  it('[13.2, 15.12] a mission\'s public result names the environ where it was performed: the enemy learns where a group was at work', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'tollis.1');
    givePossession(game, entityOf(game.world, 'possession', 'signet-of-the-old-houses'), jax); // +2 D
    deck(game, [68, 68, 68, 73, 69]); // three urban HR (no D), then two urban D for the bonus draws
    toSegment(game, 'mission assignment');
    act(game, { type: 'pick-for-mission', piece: jax });
    act(game, { type: 'assign-mission', character: jax, letter: 'D', declare: true });
    for (let i = 0; i < 3; i++) act(game, { type: 'draw-action' });
    const shifts = game.events.filter((e) => e.kind === 'loyalty' && e.text.includes('diplomacy')); // not the domino effect it sparks
    expect(shifts.length).toBeGreaterThan(0);
    for (const shift of shifts) {
      expect(shift.visibleTo).toBe('all');
      expect(shift.entities).toEqual([planet(game, 'tollis'), env(game, 'tollis.1')]);
    }
  });

  it('[13.2] a rebel camp never receives bonus draws', () => {
    const { game } = emptyBoard();
    const camp = foundRebelCamp(game, env(game, 'gallowmere.1'));
    // Diplomacy on Gallowmere, in dissent (+1 [13.2]), with a windfall of two: Brokk Hallgar (diplomacy
    // 0, no draws of his own) doing it here takes three bonus draws, all from the place and the windfall
    const brokk = put(game, 'brokk-hallgar', 'gallowmere.1');
    expect(game.world.c.Loyalty.value[planet(game, 'gallowmere')]).toBe(DISSENT);
    expect(bonusDraws(game, { ...groupOf(game, 'D', [brokk], 'gallowmere.1'), windfall: 2 }).draws).toBe(3);
    // the camp, in the same place with the same windfall, takes none
    expect(bonusDraws(game, { ...groupOf(game, 'D', [], 'gallowmere.1'), windfall: 2, camp })).toEqual({ draws: 0, possessions: [] });
  });

  it('[14.27] possessions add bonus draws only if declared at the outset; then they are used (and may be lost)', () => {
    for (const declare of [true, false]) {
      const { game } = emptyBoard();
      const jax = put(game, 'jax-tollaway', 'tollis.1');
      const signet = entityOf(game.world, 'possession', 'signet-of-the-old-houses'); // +2 D, lost after one use
      givePossession(game, signet, jax);
      deck(game, [68, 68, 68, 73, 69]); // three urban HR (no D), then two urban D for the bonus draws
      toSegment(game, 'mission assignment');
      act(game, { type: 'pick-for-mission', piece: jax });
      expect(hasOption(game, { character: jax, letter: 'D', declare: true })).toBe(true);
      act(game, { type: 'assign-mission', character: jax, letter: 'D', declare });
      expect(bonusDraws(game, group(game, 'D'))).toEqual(declare ? { draws: 2, possessions: [signet] } : { draws: 0, possessions: [] });
      for (let i = 0; i < 3; i++) act(game, { type: 'draw-action' });
      expect(holderOf(game.world, signet)).toBe(declare ? 0 : jax); // used up [14.23]
      expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(declare ? 3 : 1); // loyal + 2
    }
  });

  it('[14.27] a possession gained after the outset adds no bonus draws to the mission', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'tollis.1');
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'D', false);
    givePossession(game, entityOf(game.world, 'possession', 'signet-of-the-old-houses'), jax);
    expect(bonusDraws(game, group(game, 'D')).draws).toBe(0);
  });

  it('[13.6] bonus draws come only after the full draws, all at once, their events ignored', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1'); // intelligence 3: one bonus draw for I
    deck(game, [68, 68, 68, 70]); // three urban HR, then 70: urban PI with a locals raid
    assign(game, 'rebel', [['jax-tollaway', 'I']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    expect(game.events.some((e) => e.kind === 'bonus-draw')).toBe(false);
    act(game, { type: 'draw-action' });
    expect(game.events.filter((e) => e.kind === 'bonus-draw')).toHaveLength(1);
    expect(game.vars.tally).toBe(vp(game).gatherInformation);
    expect(game.world.c.Pdb.up[planet(game, 'tollis')]).toBe(1); // the raid was ignored
  });

  it('[13.44] an aborted group takes no bonus draws', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    put(game, 'mirra-solvane', 'wendhaven.1');
    deck(game, [95, 68, 68, 68, 73, 73, 73, 73, 73]); // urban RH with an abort
    assign(game, 'rebel', [
      ['jax-tollaway', 'R'],
      ['mirra-solvane', 'D'],
    ]);
    game.rng.pick = <T>(list: readonly T[]) => list[0] as T; // the R group is aborted
    const r = group(game, 'R');
    for (let i = 0; i < 4; i++) act(game, { type: 'draw-action' });
    expect(r.status).toBe('aborted');
    const bonus = game.events.filter((e) => e.kind === 'bonus-draw').map((e) => e.text);
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatch(/Diplomacy/);
  });

  it('[13.6] bonus letters count only for the group whose mission they bear', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1'); // I: intelligence 3, one bonus draw
    put(game, 'mirra-solvane', 'tollis.1'); // D: diplomacy 4 and her own 2, four bonus draws
    game.world.c.Loyalty.value[planet(game, 'tollis')] = 2;
    deck(game, [68, 68, 68, 69, 68, 68, 68, 68]); // three urban HR; bonus: jax draws 69 (D), mirra four HR
    assign(game, 'rebel', [
      ['jax-tollaway', 'I'],
      ['mirra-solvane', 'D'],
    ]);
    const i = group(game, 'I');
    const d = group(game, 'D');
    for (let n = 0; n < 3; n++) act(game, { type: 'draw-action' });
    expect(i.letters).toBe(0);
    expect(d.letters).toBe(0); // the D on Jax's bonus card is not Mirra's
    expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(2);
  });
});

describe('healing needs to know who did something [13.71]', () => {
  it('[13.71] a character who went on a mission this turn is known; one left out is not', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'tollis.1');
    const mirra = put(game, 'mirra-solvane', 'tollis.1');
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'D');
    act(game, { type: 'end-assignment' });
    act(game, { type: 'stop-drawing' });
    expect(wentOnMissionThisTurn(game, jax)).toBe(true);
    expect(wentOnMissionThisTurn(game, mirra)).toBe(false);
  });
});
