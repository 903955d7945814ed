/**
 * The domino effect (000 15.1-15.2f), cell by cell of the Domino Effects Chart: rows (a planet without a
 * star-faring race, with one, the home of one) by columns (the same star system, the same race anywhere)
 * by level (1, 2, 3), with the enemy-extreme, home-planet and capital/throne limits.
 *
 * The province "Embers of the Reach" is the board: Pyrrhos (Kzar-Thuun, Kethri home and Quoril;
 * Cinderfall, natives only; Hollowdeep, the Hollow Kethri tribe), Rakhar (Valcairn, the capital; Saffra,
 * Ferrine home), Orrim (Brask, Grask and Quoril; Drossgate, Grask and Kethri), Skarrow (Emberlode, Ferrine,
 * Kethri and Zhenn; Veilhollow, natives). Planets of other provinces are brought into play where a test
 * needs them.
 */
import { describe, expect, it } from 'vitest';
import type { SideId } from '../../../src/core/content/schema';
import { advance, applyOrThrow } from '../../../src/core/engine/game';
import type { Command, Game } from '../../../src/core/engine/types';
import { IMPERIAL_CONTROL, REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { allOf, environsOf, planetOf, refOf, tag, unplace } from '../../../src/core/world/world';
import {
  DOMINO_CHART,
  dominoParts,
  dominoTargets,
  rebelMayReach,
  type DominoData,
  type DominoPart,
} from '../../../systems/rebels-vs-empire/domino';
import { DISSENT, LOYAL, NEUTRAL, PATRIOTIC, sparkDomino, UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { eid, testGame } from '../../fixtures';

/**
 * The province game with every planet in play neutral and under Imperial control, the domino chapter
 * played whole (`chain`, [15.1c], the scenario's own default, named here so that the tests keep it).
 */
function fresh(): Game {
  const game = testGame('embers-of-the-reach', 'domino', { domino: 'chain' });
  for (const p of planetsInPlay(game)) {
    game.world.c.Loyalty.value[p] = NEUTRAL;
    game.world.c.PlanetState.value[p] = IMPERIAL_CONTROL;
  }
  return game;
}

const P = (game: Game, id: string) => eid(game, 'planet', id);
const loyalty = (game: Game, id: string) => game.world.c.Loyalty.value[P(game, id)];
const state = (game: Game, id: string) => game.world.c.PlanetState.value[P(game, id)];

function set(game: Game, id: string, value: number, planetState = IMPERIAL_CONTROL): void {
  game.world.c.Loyalty.value[P(game, id)] = value;
  game.world.c.PlanetState.value[P(game, id)] = planetState;
}

/** Bring planets of other provinces into play (neutral, Imperial control). */
function bringIntoPlay(game: Game, ...ids: string[]): void {
  for (const id of ids) {
    tag(game.world, P(game, id), game.world.c.InPlay);
    for (const env of environsOf(game.world, P(game, id))) tag(game.world, env, game.world.c.InPlay);
    set(game, id, NEUTRAL);
  }
}

/** Spark a domino effect now, as loyalty.ts would, and run the rules to the next decision. */
function spark(game: Game, id: string, level: number, side: SideId): void {
  game.pending = null;
  sparkDomino(game, P(game, id), level, side, 'test');
  while (game.interrupts.length) game.stack.push(game.interrupts.pop()!);
  advance(game);
}

function dominoPending(game: Game): boolean {
  return !!game.pending?.kind.startsWith('domino');
}

/** The planets (content ids) the pending domino-planet decision offers. */
function planetChoices(game: Game): string[] {
  expect(game.pending?.kind).toBe('domino-planet');
  return game.pending!.options.map((o) => refOf(game.world, o.planet as number));
}

/** The options the pending domino-option decision offers, with their planets. */
function optionChoices(game: Game): Record<string, string[]> {
  expect(game.pending?.kind).toBe('domino-option');
  return game.pending!.context!.targets as Record<string, string[]>;
}

function choose(game: Game, command: Omit<Command, 'side'>): void {
  applyOrThrow(game, { ...command, side: game.pending!.side });
  skipRaising(game);
}

/**
 * A planet a domino effect puts into rebellion raises its units first [15.43] (rebellion.test.ts tests
 * that); these tests look at the domino effect, so they raise none.
 */
function skipRaising(game: Game): void {
  while (game.pending?.kind === 'raise-rebel-unit') applyOrThrow(game, { type: 'end-raising', side: 'rebel' });
}
const pickPlanet = (game: Game, id: string) => choose(game, { type: 'domino-planet', planet: P(game, id) });
const pickOption = (game: Game, shift: string) => choose(game, { type: 'domino-option', shift });

/** Answer every remaining domino decision with its first option (for chains a test does not look into). */
function finishDominoes(game: Game): void {
  skipRaising(game);
  while (dominoPending(game)) {
    applyOrThrow(game, game.pending!.options[0]!);
    skipRaising(game);
  }
}

/** The planets one option of one cell may shift, as content ids. */
function targets(game: Game, source: string, level: number, side: SideId, part: DominoPart, limited: boolean): string[] {
  const d: DominoData = { planet: P(game, source), level, side, cause: 'test', parts: null, part: 0, shift: null, limited, shifted: [], all: [], chosen: 0 };
  return dominoTargets(game, d, part, limited).map((p) => refOf(game.world, p));
}
const SYSTEM: DominoPart = { row: 'same-system', race: null };
const sameRace = (race: string): DominoPart => ({ row: 'same-race', race });
const homeRace = (race: string): DominoPart => ({ row: 'home-race', race });

describe('the chart: which cells a planet resolves [15.2c-e]', () => {
  it('[15.2c, 15.2d] a planet without a star-faring race acts on its own star system only', () => {
    const game = fresh();
    expect(dominoParts(game, P(game, 'cinderfall'))).toEqual([SYSTEM]);
  });

  it('[15.1b] a tribe of a star-faring race is not that race: a Hollow Kethri planet acts on its system only', () => {
    const game = fresh();
    expect(dominoParts(game, P(game, 'hollowdeep'))).toEqual([SYSTEM]);
    // and a Kethri effect never reaches the Hollow Kethri planet, though it is the Kethri home's neighbour
    expect(targets(game, 'drossgate', 2, 'rebel', sameRace('kethri'), false)).not.toContain('hollowdeep');
    expect(targets(game, 'kzar-thuun', 2, 'rebel', homeRace('kethri'), true)).not.toContain('hollowdeep');
  });

  it('[15.2d] a planet with star-faring races (not their home) acts on its system, then on each race (decision)', () => {
    const game = fresh();
    expect(dominoParts(game, P(game, 'drossgate'))).toEqual([SYSTEM, sameRace('kethri'), sameRace('grask')]);
  });

  it('[15.2e] the home planet of a star-faring race acts on its system, then as home of that race', () => {
    const game = fresh();
    expect(dominoParts(game, P(game, 'kzar-thuun'))).toEqual([SYSTEM, homeRace('kethri'), sameRace('quoril')]);
    expect(dominoParts(game, P(game, 'saffra'))).toEqual([SYSTEM, homeRace('ferrine'), sameRace('quoril')]);
  });

  it('[15.2c-e] level 3 makes the same choices as level 2 in every cell', () => {
    for (const row of ['same-system', 'same-race', 'home-race'] as const) {
      expect(DOMINO_CHART[row][1].length).toBeGreaterThan(0);
      expect(DOMINO_CHART[row][2]).toHaveLength(2);
    }
    const game = fresh();
    for (const part of [SYSTEM, sameRace('kethri')])
      for (const limited of [true, false])
        expect(targets(game, 'drossgate', 3, 'rebel', part, limited)).toEqual(targets(game, 'drossgate', 2, 'rebel', part, limited));
  });
});

describe('same star system [15.2c] (every row)', () => {
  it('[15.2c] level 1: the Rebel shifts one other planet of the system one space, chosen by him', () => {
    const game = fresh();
    spark(game, 'cinderfall', 1, 'rebel');
    expect(game.pending).toMatchObject({ side: 'rebel', kind: 'domino-planet', rule: '[000 15.2c]' });
    expect(planetChoices(game)).toEqual(['kzar-thuun', 'hollowdeep']);
    pickPlanet(game, 'hollowdeep');
    expect(loyalty(game, 'hollowdeep')).toBe(DISSENT);
    expect(loyalty(game, 'kzar-thuun')).toBe(NEUTRAL);
    expect(loyalty(game, 'cinderfall')).toBe(NEUTRAL);
    expect(dominoPending(game)).toBe(false);
  });

  it('[15.2c] level 1, Imperial: one planet one space toward patriotic', () => {
    const game = fresh();
    set(game, 'hollowdeep', UNREST);
    spark(game, 'cinderfall', 1, 'imperial');
    // the only planet not at the Imperial's enemy extreme (unrest) is shifted without a choice
    expect(dominoPending(game)).toBe(false);
    expect(loyalty(game, 'kzar-thuun')).toBe(LOYAL);
    expect(loyalty(game, 'hollowdeep')).toBe(UNREST);
  });

  it('[15.2c] level 1: not a planet at the enemy extreme (patriotic for the Rebel)', () => {
    const game = fresh();
    set(game, 'kzar-thuun', PATRIOTIC);
    expect(targets(game, 'cinderfall', 1, 'rebel', SYSTEM, true)).toEqual(['hollowdeep']);
    spark(game, 'cinderfall', 1, 'rebel');
    expect(loyalty(game, 'kzar-thuun')).toBe(PATRIOTIC);
    expect(loyalty(game, 'hollowdeep')).toBe(DISSENT);
  });

  it('[15.2c] level 1: a Rebel effect never shifts a capital or the throne; an Imperial one may', () => {
    const game = fresh();
    expect(targets(game, 'saffra', 1, 'rebel', SYSTEM, true)).toEqual([]);
    expect(targets(game, 'saffra', 1, 'imperial', SYSTEM, true)).toEqual(['valcairn']);
    bringIntoPlay(game, 'aurelion', 'meridane');
    expect(targets(game, 'meridane', 1, 'rebel', SYSTEM, true)).toEqual([]);
    expect(targets(game, 'meridane', 1, 'imperial', SYSTEM, true)).toEqual(['aurelion']);
  });

  it('[15.2c] an effect with no planet it may shift does nothing, and says so', () => {
    const game = fresh();
    bringIntoPlay(game, 'aurelion', 'meridane');
    const before = game.events.length;
    spark(game, 'meridane', 1, 'rebel');
    expect(dominoPending(game)).toBe(false);
    expect(loyalty(game, 'aurelion')).toBe(NEUTRAL);
    expect(game.events.slice(before).map((e) => e.text).join(' ')).toMatch(/can shift none/);
  });

  it('[15.2c] level 2: two other planets of the system, not at the enemy extreme, both shifted', () => {
    const game = fresh();
    spark(game, 'cinderfall', 2, 'rebel');
    expect(optionChoices(game)).toEqual({ two: ['kzar-thuun', 'hollowdeep'], one: ['kzar-thuun', 'hollowdeep'] });
    pickOption(game, 'two');
    expect(loyalty(game, 'kzar-thuun')).toBe(DISSENT);
    expect(loyalty(game, 'hollowdeep')).toBe(DISSENT);
  });

  it('[15.2c] level 2: or one planet, which may be at the enemy extreme', () => {
    const game = fresh();
    set(game, 'kzar-thuun', PATRIOTIC);
    spark(game, 'cinderfall', 2, 'rebel');
    expect(optionChoices(game)).toEqual({ two: ['hollowdeep'], one: ['kzar-thuun', 'hollowdeep'] });
    pickOption(game, 'one');
    expect(planetChoices(game)).toEqual(['kzar-thuun', 'hollowdeep']);
    pickPlanet(game, 'kzar-thuun');
    expect(loyalty(game, 'kzar-thuun')).toBe(LOYAL);
    expect(loyalty(game, 'hollowdeep')).toBe(NEUTRAL);
  });

  it('[15.2c] level 2, Rebel: two planets never include a capital; one planet may be the capital', () => {
    const game = fresh();
    expect(targets(game, 'saffra', 2, 'rebel', SYSTEM, true)).toEqual([]);
    expect(targets(game, 'saffra', 2, 'rebel', SYSTEM, false)).toEqual(['valcairn']);
  });

  it('[15.2c] level 2, Imperial: the enemy extreme is unrest', () => {
    const game = fresh();
    set(game, 'hollowdeep', UNREST);
    expect(targets(game, 'cinderfall', 2, 'imperial', SYSTEM, true)).toEqual(['kzar-thuun']);
    expect(targets(game, 'cinderfall', 2, 'imperial', SYSTEM, false)).toEqual(['kzar-thuun', 'hollowdeep']);
  });

  it('[15.2c] only planets of the same system, never the planet itself', () => {
    const game = fresh();
    const all = targets(game, 'kzar-thuun', 2, 'rebel', SYSTEM, false);
    expect(all).toEqual(['cinderfall', 'hollowdeep']);
  });

  it('[15.2c] level 3: the same shifts as level 2, and a planet already at unrest goes into rebellion', () => {
    const game = fresh();
    set(game, 'hollowdeep', UNREST);
    // at level 2 an unrest planet cannot move further toward the Rebel, so it is no target (decision)
    expect(targets(game, 'cinderfall', 2, 'rebel', SYSTEM, true)).toEqual(['kzar-thuun']);
    spark(game, 'cinderfall', 3, 'rebel');
    expect(optionChoices(game)).toEqual({ two: ['kzar-thuun', 'hollowdeep'], one: ['kzar-thuun', 'hollowdeep'] });
    pickOption(game, 'two');
    finishDominoes(game); // Hollowdeep's own level-2 effect, a chain reaction [15.1c]
    expect(state(game, 'hollowdeep')).toBe(REBELLION);
    expect(loyalty(game, 'kzar-thuun')).toBeGreaterThanOrEqual(DISSENT);
    expect(game.events.some((e) => e.kind === 'domino' && /level-2 domino effect for the Rebel from Hollowdeep/.test(e.text))).toBe(true);
  });

  it('[15.14] planets in rebellion or under Rebel control are never shifted by a domino effect', () => {
    const game = fresh();
    set(game, 'kzar-thuun', UNREST, REBELLION);
    set(game, 'hollowdeep', NEUTRAL, REBEL_CONTROL);
    expect(targets(game, 'cinderfall', 3, 'rebel', SYSTEM, false)).toEqual([]);
    expect(targets(game, 'cinderfall', 2, 'imperial', SYSTEM, false)).toEqual([]);
  });
});

describe('same race, not its home [15.2d]', () => {
  const KETHRI = sameRace('kethri');

  it('[15.2d] level 1: one other planet of the race, not at the enemy extreme, not its home, not a capital (Rebel)', () => {
    const game = fresh();
    // Kethri planets: Kzar-Thuun (home), Valcairn (capital), Emberlode; Drossgate is the source
    expect(targets(game, 'drossgate', 1, 'rebel', KETHRI, true)).toEqual(['emberlode']);
    set(game, 'emberlode', PATRIOTIC);
    expect(targets(game, 'drossgate', 1, 'rebel', KETHRI, true)).toEqual([]);
  });

  it('[15.2d] level 1, Imperial: a capital may be shifted, the home planet still not', () => {
    const game = fresh();
    expect(targets(game, 'drossgate', 1, 'imperial', KETHRI, true)).toEqual(['valcairn', 'emberlode']);
    set(game, 'emberlode', UNREST);
    expect(targets(game, 'drossgate', 1, 'imperial', KETHRI, true)).toEqual(['valcairn']);
  });

  it('[15.2d] level 1: played out, the Rebel shifts the one Kethri planet he may', () => {
    const game = fresh();
    set(game, 'brask', UNREST); // Brask, Drossgate's neighbour and a Grask planet, cannot move further
    spark(game, 'drossgate', 1, 'rebel');
    expect(dominoPending(game)).toBe(false);
    expect(loyalty(game, 'emberlode')).toBe(DISSENT);
    expect(loyalty(game, 'kzar-thuun')).toBe(NEUTRAL);
    expect(loyalty(game, 'valcairn')).toBe(NEUTRAL);
  });

  it('[15.2d] level 2: two planets of the race (limits as level 1), or one that may be at the extreme, the home or a capital', () => {
    const game = fresh();
    set(game, 'emberlode', PATRIOTIC);
    expect(targets(game, 'drossgate', 2, 'rebel', KETHRI, true)).toEqual([]);
    expect(targets(game, 'drossgate', 2, 'rebel', KETHRI, false)).toEqual(['kzar-thuun', 'valcairn', 'emberlode']);
    set(game, 'brask', UNREST);
    spark(game, 'drossgate', 2, 'rebel');
    // only the one-planet option has planets: no choice of option, a choice of planet
    expect(game.pending?.rule).toBe('[000 15.2d]');
    expect(planetChoices(game)).toEqual(['kzar-thuun', 'valcairn', 'emberlode']);
    pickPlanet(game, 'kzar-thuun');
    expect(loyalty(game, 'kzar-thuun')).toBe(DISSENT);
    expect(loyalty(game, 'emberlode')).toBe(PATRIOTIC);
  });

  it('[15.2d] level 2: the two-planet option shifts two different planets', () => {
    const game = fresh();
    bringIntoPlay(game, 'ironmaw', 'kilnhaven');
    set(game, 'brask', UNREST);
    spark(game, 'drossgate', 2, 'rebel');
    expect(optionChoices(game).two).toEqual(['emberlode', 'kilnhaven', 'ironmaw'].sort((a, b) => P(game, a) - P(game, b)));
    pickOption(game, 'two');
    const first = planetChoices(game);
    pickPlanet(game, 'ironmaw');
    expect(planetChoices(game)).toEqual(first.filter((p) => p !== 'ironmaw'));
    pickPlanet(game, 'emberlode');
    expect(loyalty(game, 'ironmaw')).toBe(DISSENT);
    expect(loyalty(game, 'emberlode')).toBe(DISSENT);
    expect(loyalty(game, 'kilnhaven')).toBe(NEUTRAL);
  });

  it('[15.2d] anywhere in the galaxy: every planet of the race in play; (decision) none outside the scenario', () => {
    const game = fresh();
    expect(targets(game, 'drossgate', 1, 'rebel', KETHRI, true)).not.toContain('ironmaw');
    bringIntoPlay(game, 'ironmaw', 'kilnhaven');
    expect(targets(game, 'drossgate', 1, 'rebel', KETHRI, true)).toEqual(expect.arrayContaining(['emberlode', 'ironmaw', 'kilnhaven']));
  });

  it('[15.2d] level 3: a planet of the race already at unrest goes into rebellion', () => {
    const game = fresh();
    set(game, 'brask', UNREST, REBELLION);
    set(game, 'valcairn', NEUTRAL, REBELLION);
    set(game, 'kzar-thuun', NEUTRAL, REBELLION);
    set(game, 'emberlode', UNREST);
    spark(game, 'drossgate', 3, 'rebel');
    expect(optionChoices(game)).toEqual({ two: ['emberlode'], one: ['emberlode'] });
    pickOption(game, 'two');
    expect(state(game, 'emberlode')).toBe(REBELLION);
    finishDominoes(game);
  });

  it('[15.2d] the Quoril have no home planet: every Quoril planet is a "same race" planet', () => {
    const game = fresh();
    expect(dominoParts(game, P(game, 'brask'))).toEqual([SYSTEM, sameRace('grask'), sameRace('quoril')]);
    expect(targets(game, 'brask', 1, 'rebel', sameRace('quoril'), true)).toEqual(['kzar-thuun', 'saffra']);
  });
});

describe('home of a star-faring race [15.2e]', () => {
  const KETHRI = homeRace('kethri');

  it('[15.2e] level 1: two other planets of the race, not at the extreme and (Rebel) not a capital', () => {
    const game = fresh();
    set(game, 'emberlode', PATRIOTIC);
    expect(targets(game, 'kzar-thuun', 1, 'rebel', KETHRI, true)).toEqual(['drossgate']);
    // for the Empire, patriotic Emberlode cannot move further; the capital may be shifted
    expect(targets(game, 'kzar-thuun', 1, 'imperial', KETHRI, true)).toEqual(['valcairn', 'drossgate']);
  });

  it('000 [15.2e] home planet level 1 never shifts a capital', () => {
    // The chart's home row at level 1 is "shift two planets (not at loyalty extreme, Rebel not capital)",
    // with no one-planet option (the rules text of 15.2e offers one; docs/rules.md follows the chart).
    const game = fresh();
    for (const id of ['cinderfall', 'hollowdeep', 'brask']) set(game, id, UNREST); // system and Quoril: nothing to shift
    set(game, 'drossgate', PATRIOTIC);
    set(game, 'emberlode', PATRIOTIC);
    // the only Kethri planets are the capital Valcairn and two at the enemy extreme: nothing may move
    spark(game, 'kzar-thuun', 1, 'rebel');
    expect(dominoPending(game)).toBe(false);
    expect(loyalty(game, 'valcairn')).toBe(NEUTRAL);
    expect(loyalty(game, 'drossgate')).toBe(PATRIOTIC);
    expect(loyalty(game, 'emberlode')).toBe(PATRIOTIC);
    expect(game.events.some((e) => /can shift none of the Kethri planets \(it is their home\)/.test(e.text))).toBe(true);
    expect(DOMINO_CHART['home-race'][1]).toEqual([{ shift: 'two', limited: true }]);
  });

  it('[15.2e] level 1 played out: the two-planet option shifts two Kethri planets', () => {
    const game = fresh();
    set(game, 'cinderfall', UNREST);
    set(game, 'hollowdeep', UNREST);
    set(game, 'saffra', UNREST);
    set(game, 'brask', UNREST); // nothing for the system and the Quoril to shift
    // the chart's only option at level 1, with exactly two planets: no choice to make [15.2e]
    spark(game, 'kzar-thuun', 1, 'rebel');
    expect(dominoPending(game)).toBe(false);
    expect(loyalty(game, 'drossgate')).toBe(DISSENT);
    expect(loyalty(game, 'emberlode')).toBe(DISSENT);
    expect(loyalty(game, 'valcairn')).toBe(NEUTRAL);
  });

  it('[15.2e] level 2: all other planets of the race, not at the extreme nor (Rebel) a capital', () => {
    const game = fresh();
    bringIntoPlay(game, 'kilnhaven');
    set(game, 'emberlode', PATRIOTIC);
    for (const id of ['cinderfall', 'hollowdeep', 'saffra', 'brask']) set(game, id, UNREST);
    spark(game, 'kzar-thuun', 2, 'rebel');
    expect(optionChoices(game).all).toEqual(['drossgate', 'kilnhaven'].sort((a, b) => P(game, a) - P(game, b)));
    pickOption(game, 'all');
    expect(dominoPending(game)).toBe(false);
    for (const id of ['drossgate', 'kilnhaven']) expect(loyalty(game, id)).toBe(DISSENT);
    expect(loyalty(game, 'emberlode')).toBe(PATRIOTIC);
    expect(loyalty(game, 'valcairn')).toBe(NEUTRAL);
  });

  it('[15.2e] level 2: or two planets, which may be at the extreme or a capital', () => {
    const game = fresh();
    set(game, 'emberlode', PATRIOTIC);
    for (const id of ['cinderfall', 'hollowdeep', 'saffra', 'brask']) set(game, id, UNREST);
    spark(game, 'kzar-thuun', 2, 'rebel');
    expect(optionChoices(game)).toEqual({ all: ['drossgate'], two: ['valcairn', 'drossgate', 'emberlode'] });
    pickOption(game, 'two');
    pickPlanet(game, 'valcairn');
    pickPlanet(game, 'emberlode');
    expect(loyalty(game, 'valcairn')).toBe(DISSENT);
    expect(loyalty(game, 'emberlode')).toBe(LOYAL);
    expect(loyalty(game, 'drossgate')).toBe(NEUTRAL);
  });

  it('[15.2e] level 2, Imperial: all planets of the race not at unrest, capitals included', () => {
    const game = fresh();
    set(game, 'drossgate', UNREST);
    expect(targets(game, 'kzar-thuun', 2, 'imperial', KETHRI, true)).toEqual(['valcairn', 'emberlode']);
  });

  it('[15.2e] level 3: as level 2, and planets of the race at unrest go into rebellion', () => {
    const game = fresh();
    for (const id of ['cinderfall', 'hollowdeep', 'saffra', 'brask']) set(game, id, UNREST, REBELLION);
    set(game, 'drossgate', UNREST);
    set(game, 'emberlode', DISSENT);
    spark(game, 'kzar-thuun', 3, 'rebel');
    pickOption(game, 'all');
    expect(state(game, 'drossgate')).toBe(REBELLION);
    finishDominoes(game);
    expect(loyalty(game, 'emberlode')).toBe(UNREST);
  });
});

describe('capitals and the throne [15.2f]', () => {
  it('[15.2f] a capital: reached by a Rebel effect from a planet of its own province', () => {
    const game = fresh();
    expect(rebelMayReach(game, P(game, 'drossgate'), P(game, 'valcairn'))).toBe(true);
    expect(targets(game, 'drossgate', 2, 'rebel', sameRace('kethri'), false)).toContain('valcairn');
  });

  it('[15.2f] a capital: not by a Rebel effect from a planet of another province; an Imperial one may', () => {
    const game = fresh();
    bringIntoPlay(game, 'ironmaw');
    expect(targets(game, 'ironmaw', 2, 'rebel', sameRace('kethri'), false)).not.toContain('valcairn');
    expect(targets(game, 'ironmaw', 2, 'rebel', sameRace('kethri'), false)).toContain('emberlode');
    expect(targets(game, 'ironmaw', 2, 'imperial', sameRace('kethri'), false)).toContain('valcairn');
  });

  it('[15.2f] a capital: by a Rebel effect from another capital', () => {
    const game = fresh();
    bringIntoPlay(game, 'umbrant');
    expect(targets(game, 'umbrant', 2, 'rebel', sameRace('vaskari'), false)).toContain('valcairn');
    expect(targets(game, 'umbrant', 2, 'rebel', sameRace('vaskari'), true)).not.toContain('valcairn');
  });

  it('[15.2f] a capital: by a Rebel effect from the throne planet', () => {
    const game = fresh();
    bringIntoPlay(game, 'aurelion');
    expect(dominoParts(game, P(game, 'aurelion'))).toContainEqual(homeRace('vaskari'));
    expect(targets(game, 'aurelion', 2, 'rebel', homeRace('vaskari'), false)).toContain('valcairn');
  });

  it('[15.2f] the throne: by a Rebel effect from a capital, or (decision) a planet of its own star system only', () => {
    const game = fresh();
    bringIntoPlay(game, 'aurelion', 'meridane', 'ebbenhall', 'corvanth');
    const VASKARI = sameRace('vaskari');
    expect(targets(game, 'ebbenhall', 2, 'rebel', VASKARI, false)).not.toContain('aurelion');
    expect(targets(game, 'corvanth', 2, 'rebel', VASKARI, false)).toContain('aurelion');
    expect(targets(game, 'meridane', 2, 'rebel', SYSTEM, false)).toEqual(['aurelion']);
    expect(targets(game, 'ebbenhall', 2, 'imperial', VASKARI, false)).toContain('aurelion');
  });

  it('[15.2f] even where a capital may be reached, a Rebel level-1 effect never shifts it', () => {
    const game = fresh();
    bringIntoPlay(game, 'umbrant');
    expect(targets(game, 'umbrant', 1, 'rebel', sameRace('vaskari'), true)).not.toContain('valcairn');
    expect(targets(game, 'drossgate', 1, 'rebel', sameRace('kethri'), true)).not.toContain('valcairn');
  });
});

describe('decisions and chain reactions [15.1c]', () => {
  it('[15.2] the choices are the benefiting side\'s, even in the enemy\'s segment', () => {
    const game = fresh();
    expect(game.pending?.side).toBe('rebel'); // the Rebel movement segment
    spark(game, 'cinderfall', 2, 'imperial');
    expect(game.pending).toMatchObject({ side: 'imperial', kind: 'domino-option' });
    expect(game.pending!.options.every((o) => o.side === 'imperial')).toBe(true);
    const refused = { type: 'domino-option', side: 'imperial', shift: 'all' };
    expect(() => applyOrThrow(game, refused)).toThrow(/not a legal answer/);
    finishDominoes(game);
    expect(game.pending?.kind).toBe('movement');
  });

  it('[15.1c] a planet shifted twice in one segment by two cells of one effect sparks its own level-1 effect', () => {
    const game = fresh();
    // Brask is both Drossgate's neighbour and a Grask planet; nothing else can move
    for (const id of ['kzar-thuun', 'valcairn', 'emberlode']) set(game, id, UNREST);
    for (const id of ['cinderfall', 'hollowdeep', 'saffra', 'veilhollow']) set(game, id, UNREST);
    spark(game, 'drossgate', 1, 'rebel');
    expect(loyalty(game, 'brask')).toBe(UNREST);
    expect(game.events.some((e) => /level-1 domino effect for the Rebel from Brask/.test(e.text))).toBe(true);
  });

  it('[15.1c] a three-step chain reaction, end to end through apply(): Rebel control, rebellion, a double shift', () => {
    const game = testGame('embers-of-the-reach', 'chain', { domino: 'chain' });
    const w = game.world;
    for (const p of planetsInPlay(game)) set(game, refOf(w, p), NEUTRAL);
    // Drossgate is in rebellion with no Imperial units and its PDB up: at the interphase it becomes
    // Rebel-controlled [15.53], a level-3 effect. Emberlode, a Kethri planet, is at unrest.
    set(game, 'drossgate', UNREST, REBELLION);
    removeImperialUnits(game, 'drossgate');
    set(game, 'emberlode', UNREST);
    set(game, 'brask', UNREST, REBEL_CONTROL); // nothing to do in Orrim: the effect goes to the Kethri
    set(game, 'saffra', LOYAL);

    // Play every segment with "end movement" (and nothing else) until the interphase sparks the effect.
    while (!dominoPending(game)) applyOrThrow(game, game.pending!.options.find((o) => o.type === 'end-movement') ?? game.pending!.options[0]!);
    expect(game.segment).toBe(game.ruleset.sequence.length - 1); // the interphase
    expect(state(game, 'drossgate')).toBe(REBEL_CONTROL);

    // Step 1: Drossgate's level-3 effect on the Kethri: the Rebel takes one planet, Emberlode, at unrest.
    expect(game.pending).toMatchObject({ side: 'rebel', kind: 'domino-option', rule: '[000 15.2d]' });
    pickOption(game, 'one');
    pickPlanet(game, 'emberlode');
    expect(state(game, 'emberlode')).toBe(REBELLION);

    // Step 2: Emberlode's rebellion, a level-2 effect: its system (Veilhollow), then the Kethri and the Ferrine.
    // The Rebel shifts Valcairn twice, once as a Kethri planet and once as a Ferrine one.
    expect(game.pending?.context?.source).toBe('emberlode');
    pickOption(game, 'two'); // Veilhollow, the only other planet of Skarrow
    expect(loyalty(game, 'veilhollow')).toBe(DISSENT);
    // Kethri: the home Kzar-Thuun or the capital Valcairn (Drossgate is Rebel-controlled), so only the
    // one-planet option serves
    expect(game.pending).toMatchObject({ kind: 'domino-planet', context: { source: 'emberlode', race: 'kethri', shift: 'one' } });
    expect(planetChoices(game)).toEqual(['kzar-thuun', 'valcairn']);
    pickPlanet(game, 'valcairn');
    expect(loyalty(game, 'valcairn')).toBe(DISSENT);
    // Ferrine: the capital Valcairn or Saffra, the Ferrine home
    expect(game.pending).toMatchObject({ kind: 'domino-planet', context: { source: 'emberlode', race: 'ferrine', shift: 'one' } });
    expect(planetChoices(game)).toEqual(['valcairn', 'saffra']);
    pickPlanet(game, 'valcairn');
    expect(loyalty(game, 'valcairn')).toBe(UNREST);

    // Step 3: Valcairn moved two spaces in the interphase: a level-1 effect from the capital, which shifts
    // Saffra, its only neighbour, before Emberlode's effect goes on.
    expect(loyalty(game, 'saffra')).toBe(NEUTRAL); // from loyal
    const dominoes = game.events.filter((e) => e.kind === 'domino' && /^A level/.test(e.text)).map((e) => e.text);
    expect(dominoes.slice(0, 3)).toEqual([
      expect.stringMatching(/level-3 .* from Drossgate/),
      expect.stringMatching(/level-2 .* from Emberlode/),
      expect.stringMatching(/level-1 .* from Valcairn/),
    ]);
    finishDominoes(game);
    expect(game.pending?.kind).toBe('movement');
    expect(game.turn).toBe(2);
  });

  it('000 [15.1c] a planet a chain puts into rebellion in the interphase becomes Rebel-controlled in that interphase', () => {
    // The chapter's example: a planet goes into Rebel control in an interphase, its effect puts a second
    // planet into rebellion, the Imperials are gone from the second, so it goes into Rebel control too.
    const game = testGame('embers-of-the-reach', 'chain-control', { domino: 'chain' });
    const w = game.world;
    for (const p of planetsInPlay(game)) set(game, refOf(w, p), NEUTRAL);
    set(game, 'drossgate', UNREST, REBELLION);
    removeImperialUnits(game, 'drossgate');
    set(game, 'emberlode', UNREST);
    removeImperialUnits(game, 'emberlode'); // nothing will hold Emberlode when it rises
    for (const id of ['drossgate', 'emberlode']) w.c.Pdb.up[P(game, id)] = 1;
    set(game, 'brask', UNREST, REBEL_CONTROL);

    while (!dominoPending(game)) applyOrThrow(game, game.pending!.options.find((o) => o.type === 'end-movement') ?? game.pending!.options[0]!);
    expect(state(game, 'drossgate')).toBe(REBEL_CONTROL);
    // Drossgate's level-3 effect puts Emberlode, a Kethri planet at unrest, into rebellion
    pickOption(game, 'one');
    pickPlanet(game, 'emberlode');
    expect(state(game, 'emberlode')).toBe(REBELLION);
    finishDominoes(game);

    // the interphase checked control again: Emberlode is Rebel-controlled before the game-turn ends
    expect(game.turn).toBe(2);
    expect(state(game, 'emberlode')).toBe(REBEL_CONTROL);
    const emberlode = game.events.filter((e) => e.entities?.includes(P(game, 'emberlode')) && /^(rebellion|rebel-control|domino)$/.test(e.kind));
    expect(emberlode.every((e) => e.turn === 1 && e.when === 'interphase')).toBe(true);
    // each change sparks its own effect, in order: the rebellion (level 2), then Rebel control (level 3)
    const dominoes = game.events.filter((e) => e.kind === 'domino' && /^A level/.test(e.text)).map((e) => e.text);
    const risen = dominoes.findIndex((t) => /level-2 .* from Emberlode \(entered rebellion\)/.test(t));
    const controlled = dominoes.findIndex((t) => /level-3 .* from Emberlode \(became Rebel-controlled\)/.test(t));
    expect(risen).toBeGreaterThan(0);
    expect(controlled).toBeGreaterThan(risen);
  });
});

/** Take every unit off a planet. */
function removeImperialUnits(game: Game, planetId: string): void {
  const w = game.world;
  for (const u of allOf(w, 'unit')) if (planetOf(w, u) === P(game, planetId)) unplace(w, u);
}
