/**
 * The domino effect (000 15.1-15.2f): events on one planet move the loyalty of the planets of its star
 * system and of the planets of its star-faring races.
 *
 * loyalty.ts sparks it for every cause of 15.2b (`sparkDomino` queues a `domino-effect` frame with
 * `interrupt`), so the effect, and any chain reaction it starts, is resolved at once and in order [15.1c].
 * The effect shifts loyalty through loyalty.ts in turn; the frame, named by its procedure, is what joins
 * the two, so neither module imports the other back.
 *
 * A domino effect is resolved as a list of *parts*, each one row-and-column cell of the Domino Effects
 * Chart: first its effect on the planets of its own star system [15.2c], then, for each star-faring race
 * on the planet, its effect on the planets of that race [15.2d] (or [15.2e] if this is the race's home).
 * For each part the benefiting side chooses one of the chart's options (e.g. "two planets, not at the
 * enemy extreme" or "one planet, which may be"), then the planets, one at a time; each planet is shifted
 * (and the chain it may start resolved) before the next is chosen.
 */
import { getRelationTargets } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { InProvince, PeopledBy } from '../../src/core/world/relations';
import { entityOf, environsOf, has, refOf, systemOfPlanet } from '../../src/core/world/world';
import { loyaltyFrozen, PATRIOTIC, planetName, shiftLoyalty, UNREST } from './loyalty';
import { startRebellion } from './rebellion';
import { planetsInPlay } from './sides';
import { hiddenFrom } from './secret-planets';
import { keptFor, type KeptAnswers } from '../../src/core/kept';

// ------------------------------------------------------------------------------------------ the chart

/** How many planets an option shifts: one, two, or all that qualify. */
export type DominoShift = 'one' | 'two' | 'all';

/**
 * One option of a chart cell. `limited` options obey the restrictions in brackets on the chart: the
 * planets must not be at the enemy loyalty extreme, not a Rebel DE's capital or throne, and (same race,
 * not home) not the race's home planet. The other option lifts them.
 */
export interface DominoOption {
  shift: DominoShift;
  limited: boolean;
}

/** The rows of the chart, as they apply to one part: the same system, the same race, the home race. */
export type DominoRow = 'same-system' | 'same-race' | 'home-race';

/**
 * The Domino Effects Chart (000 15.2c-e), as data. Level 3 makes the same shifts as level 2 [15.2c-e];
 * what it adds (a planet at unrest goes into rebellion) is applied when a planet is shifted.
 */
export const DOMINO_CHART: Record<DominoRow, Record<1 | 2, DominoOption[]>> = {
  // [15.2c] every planet, on the other planets of its star system
  'same-system': {
    1: [{ shift: 'one', limited: true }],
    2: [
      { shift: 'two', limited: true },
      { shift: 'one', limited: false },
    ],
  },
  // [15.2d] a planet with a star-faring race that is not its home, on other planets of that race
  'same-race': {
    1: [{ shift: 'one', limited: true }],
    2: [
      { shift: 'two', limited: true },
      { shift: 'one', limited: false },
    ],
  },
  // [15.2e] the home planet of a star-faring race, on the other planets of that race. Level 1 follows the
  // chart ("shift two planets, not at loyalty extreme, Rebel not capital"), not the rules text, which adds
  // "or one planet, which may be at the extreme or a capital" (docs/rules.md, Domino effect).
  'home-race': {
    1: [{ shift: 'two', limited: true }],
    2: [
      { shift: 'all', limited: true },
      { shift: 'two', limited: false },
    ],
  },
};

const HOW_MANY: Record<DominoShift, number> = { one: 1, two: 2, all: Infinity };

/** One cell of the chart for this domino effect: the system's planets, or one race's planets. */
export interface DominoPart {
  row: DominoRow;
  /** The race's content id, for the race rows. */
  race: string | null;
  [key: string]: Json;
}

// ------------------------------------------------------------------------------------------ planets

/**
 * Content ids of the races living on a planet (in any of its environs), in content order. Peoples are
 * set when the world is built and never move, so each planet's list is made once per world (a domino
 * effect asks it of every planet in play, for each race it follows).
 */
export function racesOnPlanet(game: Game, planet: number): readonly string[] {
  const w = game.world;
  return keptFor(racesByPlanet, w, planet, () => {
    const here = new Set<string>();
    for (const env of environsOf(w, planet)) for (const race of getRelationTargets(w, env, PeopledBy)) here.add(refOf(w, race));
    return [...game.content.races.keys()].filter((id) => here.has(id));
  });
}

const racesByPlanet: KeptAnswers<Game['world'], number, readonly string[]> = new WeakMap();

/**
 * [15.1, 15.2d] The star-faring races on a planet. A tribe [15.1b] is a race of its own, not
 * star-faring, so a planet of the Hollow Kethri is not a Kethri planet.
 */
export function starFaringRacesOn(game: Game, planet: number): string[] {
  return racesOnPlanet(game, planet).filter((id) => game.content.races.get(id)?.starFaring);
}

/** The home planet of a race, or 0 (native races, and the Quoril, have none). */
export function homePlanetOf(game: Game, race: string): number {
  const home = game.content.races.get(race)?.homePlanet;
  return home ? entityOf(game.world, 'planet', home) : 0;
}

function provinceOfPlanet(game: Game, planet: number): number {
  return getRelationTargets(game.world, systemOfPlanet(game.world, planet), InProvince)[0] ?? 0;
}

function isCapitalOrThrone(game: Game, planet: number): boolean {
  const c = game.world.c;
  return has(game.world, planet, c.Capital) || has(game.world, planet, c.Throne);
}

/** The throne planet of the galaxy. */
function thronePlanet(game: Game): number {
  return entityOf(game.world, 'planet', game.content.galaxy.throne);
}

/**
 * [15.2f] May a Rebel domino effect from `source` reach `target` at all? A capital only from a planet
 * of its own province, another capital, or the throne; the throne only from a capital or (our stand-in
 * for the published game's Liomax 161 and Icid 163, the throne's neighbours) a planet of the throne's own
 * star system. Imperial domino effects have no such limit.
 */
export function rebelMayReach(game: Game, source: number, target: number): boolean {
  const w = game.world;
  const c = w.c;
  const sourceIsCapital = has(w, source, c.Capital);
  if (has(w, target, c.Throne)) {
    return sourceIsCapital || systemOfPlanet(w, source) === systemOfPlanet(w, thronePlanet(game));
  }
  if (has(w, target, c.Capital)) {
    return provinceOfPlanet(game, source) === provinceOfPlanet(game, target) || sourceIsCapital || has(w, source, c.Throne);
  }
  return true;
}

/** What one shift does to a planet: move it a space, put it into rebellion (level 3), or nothing. */
function shiftOutcome(game: Game, planet: number, side: SideId, level: number): 'shift' | 'rebellion' | null {
  if (loyaltyFrozen(game, planet)) return null; // [15.14, 15.47] rebellion and Rebel control hold the marker
  const loyalty = game.world.c.Loyalty.value[planet];
  if (side === 'rebel') {
    if (loyalty !== UNREST) return 'shift';
    return level >= 3 ? 'rebellion' : null; // [15.2c-e] level 3: a planet already at unrest rises
  }
  return loyalty === PATRIOTIC ? null : 'shift';
}

/**
 * The domino effect in progress, as its frame data: the spark loyalty.ts queued (planet, level, side,
 * cause), then the effect's own working, set when it starts.
 */
export interface DominoData {
  planet: number;
  level: number;
  side: SideId;
  cause: string;
  /** The chart cells this effect resolves, worked out when it starts (not there yet in the spark); then the one being resolved. */
  parts: DominoPart[] | null;
  part: number;
  /** The option the benefiting side took for the current part. */
  shift: DominoShift | null;
  limited: boolean;
  /** Planets shifted by the current part (each planet once per part). */
  shifted: number[];
  /** For "all": the planets that qualified when the option was taken. */
  all: number[];
  /** A planet chosen, to be shifted by the next step. */
  chosen: number;
  [key: string]: Json;
}

/** The planets one option of one part may shift now. */
export function dominoTargets(game: Game, d: DominoData, part: DominoPart, limited: boolean): number[] {
  const w = game.world;
  const c = w.c;
  const source = d.planet;
  const home = part.race ? homePlanetOf(game, part.race) : 0;
  const enemyExtreme = d.side === 'rebel' ? PATRIOTIC : UNREST;
  return planetsInPlay(game).filter((p) => {
    if (p === source || d.shifted.includes(p)) return false; // "other planets", each once
    if (hiddenFrom(game, p, d.side)) return false; // galactic: the Empire cannot sway a planet it does not know
    if (part.row === 'same-system' && systemOfPlanet(w, p) !== systemOfPlanet(w, source)) return false; // [15.2c]
    if (part.race && !racesOnPlanet(game, p).includes(part.race)) return false; // [15.2d, 15.2e] same race
    if (!shiftOutcome(game, p, d.side, d.level)) return false;
    if (limited) {
      if (c.Loyalty.value[p] === enemyExtreme) return false; // not at the enemy loyalty extreme
      if (part.row === 'same-race' && p === home) return false; // [15.2d] not the home planet of the race
      if (d.side === 'rebel' && isCapitalOrThrone(game, p)) return false; // Rebel: not a capital or throne
    }
    if (d.side === 'rebel' && !rebelMayReach(game, source, p)) return false; // [15.2f]
    return true;
  });
}

/** The chart's options for a part at this level, each with the planets it may shift now. */
function optionsFor(game: Game, d: DominoData, part: DominoPart): { option: DominoOption; targets: number[] }[] {
  const level = d.level >= 2 ? 2 : 1;
  return DOMINO_CHART[part.row][level]
    .map((option) => ({ option, targets: dominoTargets(game, d, part, option.limited) }))
    .filter((o) => o.targets.length > 0);
}

/** The cells of the chart a domino effect from this planet resolves, in order. */
export function dominoParts(game: Game, planet: number): DominoPart[] {
  const parts: DominoPart[] = [{ row: 'same-system', race: null }];
  // [15.2d, 15.2e] each star-faring race on the planet carries the effect to its own planets
  for (const race of starFaringRacesOn(game, planet))
    parts.push({ row: homePlanetOf(game, race) === planet ? 'home-race' : 'same-race', race });
  return parts;
}

// ------------------------------------------------------------------------------------------ words

function sideName(side: SideId): string {
  return side === 'rebel' ? 'Rebel' : 'Imperial';
}

function partName(game: Game, part: DominoPart): string {
  if (!part.race) return 'the planets of its star system';
  const race = game.content.races.get(part.race)?.name ?? part.race;
  return part.row === 'home-race' ? `the ${race} planets (it is their home)` : `the ${race} planets`;
}

/** An option of the chart in words ("two of them, none at the enemy extreme..."): the prompt's, and the board's [issue 44]. */
export function optionText(option: DominoOption, side: SideId): string {
  const count = option.shift === 'all' ? 'all of them' : option.shift === 'two' ? 'two of them' : 'one of them';
  if (option.limited) return `${count}, none at the enemy extreme${side === 'rebel' ? ', capital or throne' : ''}`;
  return `${count}, which may be at the enemy extreme${side === 'rebel' ? ', a capital or the throne' : ''} or a home planet`;
}

// ------------------------------------------------------------------------------------------ procedures

/** The domino effect: for each part, the benefiting side picks an option, then planets one at a time. */
export const dominoEffect: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data as DominoData;
    if (!d.parts) {
      // the spark names the planet, level, side and cause; the effect's own working starts here
      d.parts = dominoParts(game, d.planet);
      Object.assign(d, { part: 0, shift: null, limited: true, shifted: [], all: [], chosen: 0 });
      emit(game, {
        kind: 'domino',
        text: `A level-${d.level} domino effect for the ${sideName(d.side)} from ${planetName(game, d.planet)} (${d.cause}).`,
        rule: '[000 15.2b]',
        visibleTo: 'all',
        entities: [d.planet],
      });
    }
    if (d.chosen) return shiftNext(d, d.chosen);
    while (d.part < d.parts.length) {
      const part = d.parts[d.part] as DominoPart;
      if (!d.shift) {
        const options = optionsFor(game, d, part);
        if (options.length === 0) {
          emit(game, {
            kind: 'domino',
            text: `The domino effect from ${planetName(game, d.planet)} can shift none of ${partName(game, part)}.`,
            rule: ruleOf(part),
            visibleTo: 'all',
            entities: [d.planet],
          });
          nextPart(d);
          continue;
        }
        // A choice with one option is no choice: take it.
        if (options.length === 1) takeOption(game, d, part, (options[0] as { option: DominoOption }).option);
        else
          return {
            decide: {
              side: d.side,
              kind: 'domino-option',
              prompt: `Level-${d.level} domino effect from ${planetName(game, d.planet)} on ${partName(game, part)}: shift ${options
                .map((o) => optionText(o.option, d.side))
                .join(', or ')}?`,
              rule: ruleOf(part),
              options: options.map((o) => ({ type: 'domino-option', side: d.side, shift: o.option.shift })),
              context: {
                source: refOf(game.world, d.planet),
                level: d.level,
                race: part.race,
                targets: Object.fromEntries(options.map((o) => [o.option.shift, o.targets.map((p) => refOf(game.world, p))])),
              },
            },
          };
      }
      // The option is taken: shift its planets one at a time.
      const targets = dominoTargets(game, d, part, d.limited);
      if (d.shift === 'all') {
        const next = d.all.find((p) => targets.includes(p));
        if (next) return shiftNext(d, next);
        nextPart(d);
        continue;
      }
      const left = HOW_MANY[d.shift as DominoShift] - d.shifted.length;
      if (left <= 0 || targets.length === 0) {
        nextPart(d);
        continue;
      }
      // Only as many planets as the option shifts: no choice of which, only of the order (id order).
      if (targets.length <= left) return shiftNext(d, targets[0] as number);
      return {
        decide: {
          side: d.side,
          kind: 'domino-planet',
          prompt: `Domino effect from ${planetName(game, d.planet)}: which planet shifts one space toward the ${sideName(d.side)}${
            left > 1 ? ` (${left} to choose)` : ''
          }?`,
          rule: ruleOf(part),
          options: targets.map((planet) => ({ type: 'domino-planet', side: d.side, planet })),
          context: { source: refOf(game.world, d.planet), level: d.level, race: part.race, shift: d.shift },
        },
      };
    }
    return { done: true };
  },
  answer(game: Game, frame: Frame, command: Command) {
    const d = frame.data as DominoData;
    const part = (d.parts as DominoPart[])[d.part] as DominoPart;
    if (command.type === 'domino-option') {
      const option = DOMINO_CHART[part.row][d.level >= 2 ? 2 : 1].find((o) => o.shift === command.shift) as DominoOption;
      takeOption(game, d, part, option);
    } else d.chosen = command.planet as number;
  },
};

function ruleOf(part: DominoPart): string {
  return part.row === 'same-system' ? '[000 15.2c]' : part.row === 'same-race' ? '[000 15.2d]' : '[000 15.2e]';
}

function takeOption(game: Game, d: DominoData, part: DominoPart, option: DominoOption): void {
  d.shift = option.shift;
  d.limited = option.limited;
  d.shifted = [];
  d.all = option.shift === 'all' ? dominoTargets(game, d, part, option.limited) : [];
}

function nextPart(d: DominoData): void {
  d.part += 1;
  d.shift = null;
  d.limited = true;
  d.shifted = [];
  d.all = [];
}

/** Shift one planet in a sub-frame, so any chain reaction it sparks runs before this effect goes on. */
function shiftNext(d: DominoData, planet: number): Step {
  d.chosen = 0;
  d.shifted.push(planet);
  return { push: { proc: 'domino-shift', data: { planet, side: d.side, level: d.level, source: d.planet } } };
}

/**
 * One planet moved by a domino effect: one space toward the benefiting side, or, for a level-3 effect on
 * a planet already at unrest, into rebellion [15.2c-e]. Both go through loyalty.ts, so a shift that makes
 * two spaces this segment, or the new rebellion, sparks the next domino [15.1c].
 */
export const dominoShift: Procedure = {
  step(game: Game, frame: Frame): Step {
    const { planet, side, level, source } = frame.data as { planet: number; side: SideId; level: number; source: number };
    const cause = `domino effect from ${planetName(game, source)}`;
    const outcome = shiftOutcome(game, planet, side, level);
    if (outcome === 'rebellion') startRebellion(game, planet, cause); // [15.4] with its units, then its own domino
    else if (outcome === 'shift') shiftLoyalty(game, planet, side, 1, cause);
    return { done: true };
  },
  answer() {
    throw new Error('a domino shift asks nothing');
  },
};
