/**
 * Initial placement [16.12-16.14]. Where the scenario fixes a unit's environ it starts there; every other
 * choice is made either automatically (by the game's RNG) or, for a side that places by hand (the
 * `handPlacement` new-game option), by that side's player through decisions:
 * - `place-units`: one decision per starting military unit the scenario leaves free (or whose fixed
 *   environ is full), asked unit by unit in scenario order, so the units of one group (type and environ
 *   type) come one after another [16.13];
 * - `place-characters`: one decision for all the side's starting characters (their spaceships go with
 *   them), on one environ of a planet the side controls, or, with none, any environ to land on from
 *   space [16.12].
 * The Imperial player places first [16.14]. Legal environs are judged by control at the start of play,
 * before any unit is placed, for both ways of placing (so one side's placement never widens the other's).
 */
import { ENVIRON_TYPES, type SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Step } from '../../src/core/engine/types';
import { hasComponent } from 'bitecs';
import { allOf, entityOf, environOf, hold, holderOf, place, planetOfEnviron, refOf } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { environTypeCode } from '../../src/core/world/build';
import { refreshControl, controls } from './control';
import { charactersIn, enemyOf, environsInPlay, planetsInPlay, sideOf, unitsIn } from './sides';
import { detectShip } from './detection';
import { pdbUsableBy } from './pdb';
import { loseShip } from './possessions';
import { refreshShips, shipsIn } from './stacking';
import { hiddenFrom, isOwnBase } from './secret-planets';
import { mayHold } from './possessions';

/** [16.14] the Imperial player always places first. */
export const PLACEMENT_ORDER: readonly SideId[] = ['imperial', 'rebel'];

/** Does the side control this planet at the start of play? (control as it stood before placement) */
type Controlled = (planet: number) => boolean;

/**
 * [16.12, 16.13] A side places its starting pieces on planets it controls; in the galactic game the Rebel
 * also on his secret base, and the Empire not on a secret planet it has not discovered.
 */
function placesOn(game: Game, side: SideId, planet: number): boolean {
  return (controls(game, side, planet) || isOwnBase(game, side, planet)) && !hiddenFrom(game, planet, side);
}

/** [9.5] may one more of this side's military units stand in the environ? */
export function hasRoomForUnit(game: Game, environ: number, side: SideId): boolean {
  return unitsIn(game, environ, side).length < (game.world.c.Environ.size[environ] as number);
}

/** Automatic placement of every side (no side places by hand). */
export function placeStartingForces(game: Game): void {
  refreshControl(game);
  const landings: { side: SideId; environ: number }[] = [];
  for (const side of PLACEMENT_ORDER) {
    const own: Controlled = (planet) => placesOn(game, side, planet);
    placeUnits(game, side, own);
    const landing = placeCharacters(game, side, own);
    if (landing) landings.push({ side, environ: landing });
  }
  finishPlacement(game, landings);
}

/** After both sides have placed: possessions and ships to their holders, then landings from space. */
function finishPlacement(game: Game, landings: { side: SideId; environ: number }[]): void {
  assignStartingPossessions(game);
  assignImperialShips(game);
  refreshControl(game);
  for (const { side, environ } of landings) landFromSpace(game, side, environ);
}

/**
 * The side's starting units, each with the environ the scenario fixes for it (0: free), in the
 * scenario's order. Each placement takes unplaced units of its own type (and, for a Rebel unit, its
 * environ type [7.31]): the units were mustered in a shuffled order (`musterUnits`).
 */
function startingUnits(game: Game, side: SideId): { unit: number; environ: number }[] {
  const w = game.world;
  const c = w.c;
  const unplaced = allOf(w, 'unit').filter((u) => sideOf(game, u) === side && !environOf(w, u));
  const out: { unit: number; environ: number }[] = [];
  for (const placement of game.scenario[side].units) {
    const type = game.content.tables.unitTypes.findIndex((t) => t.id === placement.type);
    const environType = environTypeCode(placement.environType);
    for (let n = 0; n < placement.count; n++) {
      const i = unplaced.findIndex((u) => c.Unit.type[u] === type && c.Unit.environType[u] === environType);
      if (i < 0) throw new Error(`fewer ${placement.type} units were made than the scenario places`);
      const [unit] = unplaced.splice(i, 1) as [number];
      out.push({ unit, environ: placement.environ === null ? 0 : entityOf(w, 'environ', placement.environ) });
    }
  }
  return out;
}

/** [16.13, 9.5] the environs where this starting unit may be placed. */
export function unitEnvirons(game: Game, side: SideId, unit: number, own: Controlled): number[] {
  const c = game.world.c;
  // [16.13] any environ of a planet the player controls; a Rebel unit only on its own environ type.
  return environsInPlay(game).filter(
    (env) =>
      own(planetOfEnviron(game.world, env)) &&
      hasRoomForUnit(game, env, side) &&
      (side !== 'rebel' || c.Environ.type[env] === c.Unit.environType[unit]),
  );
}

/**
 * [16.12] the environs where the side's starting characters may gather: any environ of a planet it
 * controls, or, with none, any environ in play (they land from space). `fromSpace` says which.
 */
export function characterEnvirons(game: Game, own: Controlled): { environs: number[]; fromSpace: boolean } {
  const mine = environsInPlay(game).filter((env) => own(planetOfEnviron(game.world, env)));
  return mine.length ? { environs: mine, fromSpace: false } : { environs: [...environsInPlay(game)], fromSpace: true };
}

function outOfPlay(game: Game, side: SideId) {
  emit(game, { kind: 'placement', text: `${side === 'imperial' ? 'An Imperial' : 'A Rebel'} unit finds no place to deploy and stays out of play [16.15].`, rule: '[16.15]', visibleTo: 'all' });
}

/** Fixed units go to their environ while it has room; returns the units still to place. */
function placeFixedUnits(game: Game, side: SideId): number[] {
  const free: number[] = [];
  for (const { unit, environ } of startingUnits(game, side)) {
    if (environ && hasRoomForUnit(game, environ, side)) place(game.world, unit, environ);
    else free.push(unit);
  }
  return free;
}

function placeUnits(game: Game, side: SideId, own: Controlled) {
  for (const { unit, environ: fixed } of startingUnits(game, side)) {
    let environ = fixed;
    if (!environ || !hasRoomForUnit(game, environ, side)) {
      const candidates = unitEnvirons(game, side, unit, own);
      environ = candidates.length ? game.rng.pick(candidates) : 0;
    }
    if (!environ) {
      outOfPlay(game, side);
      continue;
    }
    place(game.world, unit, environ);
  }
}

/** Place a side's starting characters; returns their environ when they land from space [16.12], else 0. */
function placeCharacters(game: Game, side: SideId, own: Controlled): number {
  if (!game.scenario[side].characters.length) return 0;
  const { environs, fromSpace } = characterEnvirons(game, own);
  return gatherCharacters(game, side, game.rng.pick(environs), fromSpace);
}

/** [16.12] put all the side's starting characters on one environ; returns it when they came from space. */
function gatherCharacters(game: Game, side: SideId, environ: number, fromSpace: boolean): number {
  const w = game.world;
  const chars = game.scenario[side].characters.map((id) => entityOf(w, 'character', id));
  for (const ch of chars) place(w, ch, environ);
  emit(game, {
    kind: 'placement',
    text: `The ${side === 'rebel' ? 'Rebel' : 'Imperial'} characters gather at ${nameOf(game, environ)}.`,
    rule: '[16.12]',
    visibleTo: side,
    entities: chars,
  });
  return fromSpace ? environ : 0;
}

// ---------------------------------------------------------------- placement by hand

interface PlacementData {
  /** The sides that place by hand. */
  hand: SideId[];
  /** Index into PLACEMENT_ORDER of the side placing now. */
  side: number;
  /** 'start' until the side's fixed (and automatic) pieces are down; then its decisions. */
  stage: 'start' | 'units' | 'characters';
  /** The units the side still places by hand, first first. */
  queue: number[];
  /** Planets each side controlled at the start of play. */
  controlled: { [side: string]: number[] };
  landings: { side: SideId; environ: number }[];
}

/**
 * When some side places by hand: the `placement` frame to run before the first segment (its decisions
 * are saved, replayed and undone like any other); null when placement is all automatic.
 */
export function startPlacement(game: Game): Frame | null {
  if (!game.handPlacement.length) return null;
  const data: PlacementData = { hand: [...game.handPlacement], side: 0, stage: 'start', queue: [], controlled: {}, landings: [] };
  return { proc: 'placement', data: data as unknown as { [key: string]: Json } };
}

const unitName = (game: Game, unit: number) => game.content.tables.unitTypes[game.world.c.Unit.type[unit] as number]?.name ?? 'unit';
// Rebel units are typed by environ [7.31]; Imperial units are not
const environTypeOf = (game: Game, unit: number) => game.world.c.Unit.environType[unit] as number;

/**
 * The placement procedure [16.12-16.14]: sides in rule order, an automatic side placed at once, a side
 * placing by hand asked unit by unit, then for its characters. `then` is the rest of the ruleset's setup,
 * run once every piece is down (as automatic placement is followed by it at once).
 */
export function placementProcedure(then: (game: Game) => void) {
  return {
    step(game: Game, frame: Frame): Step {
      const d = frame.data as unknown as PlacementData;
      if (!Object.keys(d.controlled).length) {
        // control as it stands before any piece is placed, as automatic placement judges it
        refreshControl(game);
        for (const s of PLACEMENT_ORDER) d.controlled[s] = planetsInPlay(game).filter((p) => placesOn(game, s, p));
      }
      for (; d.side < PLACEMENT_ORDER.length; d.side++, d.stage = 'start') {
        const side = PLACEMENT_ORDER[d.side] as SideId;
        const own: Controlled = (planet) => (d.controlled[side] ?? []).includes(planet);
        if (!d.hand.includes(side)) {
          placeUnits(game, side, own);
          const landing = placeCharacters(game, side, own);
          if (landing) d.landings.push({ side, environ: landing });
          continue;
        }
        if (d.stage === 'start') {
          d.queue = placeFixedUnits(game, side);
          d.stage = 'units';
        }
        if (d.stage === 'units') {
          while (d.queue.length) {
            const unit = d.queue[0] as number;
            const environs = unitEnvirons(game, side, unit, own);
            if (environs.length) return { decide: unitDecision(game, side, d.queue, environs) };
            d.queue.shift();
            outOfPlay(game, side);
          }
          d.stage = 'characters';
        }
        if (game.scenario[side].characters.length) {
          const { environs, fromSpace } = characterEnvirons(game, own);
          return { decide: characterDecision(game, side, environs, fromSpace) };
        }
      }
      finishPlacement(game, d.landings);
      then(game);
      return { done: true };
    },
    answer(game: Game, frame: Frame, command: Command): void {
      const d = frame.data as unknown as PlacementData;
      const side = PLACEMENT_ORDER[d.side] as SideId;
      const environ = command.environ as number;
      if (command.type === 'place-unit') {
        const unit = d.queue.shift() as number;
        place(game.world, unit, environ);
        return;
      }
      const { fromSpace } = characterEnvirons(game, (planet) => (d.controlled[side] ?? []).includes(planet));
      const landing = gatherCharacters(game, side, environ, fromSpace);
      if (landing) d.landings.push({ side, environ: landing });
      // this side is done; the next step goes on with the next side
      d.side += 1;
      d.stage = 'start';
    },
  };
}

/** [16.13] where does the next unit of the queue go? Units of one group are asked one after another. */
function unitDecision(game: Game, side: SideId, queue: number[], environs: number[]) {
  const unit = queue[0] as number;
  const c = game.world.c;
  const sameGroup = (u: number) => c.Unit.type[u] === c.Unit.type[unit] && environTypeOf(game, u) === environTypeOf(game, unit);
  let left = 0;
  while (left < queue.length && sameGroup(queue[left] as number)) left++;
  const name = unitName(game, unit);
  const typed = side === 'rebel' ? ` (${ENVIRON_TYPES[environTypeOf(game, unit)] ?? 'typed'})` : '';
  const mobile = side === 'imperial' && c.Unit.mobile[unit] === 1 ? '; it starts mobile' : '';
  return {
    side,
    kind: 'place-units',
    prompt: `Place your starting ${name} unit${typed}: ${left} of this kind still to place. Any environ of a planet you control with room${side === 'rebel' ? ', of the unit\'s own type' : ''}${mobile}.`,
    rule: '[16.13]',
    options: environs.map((environ) => ({ type: 'place-unit', side, environ })),
    context: { unit: `${name}${typed}`, toPlace: left },
  };
}

/** [16.12] where do the side's starting characters (and their spaceships) gather? */
function characterDecision(game: Game, side: SideId, environs: number[], fromSpace: boolean) {
  const names = game.scenario[side].characters.map((id) => game.content.characters.get(id)?.name ?? id);
  return {
    side,
    kind: 'place-characters',
    prompt: fromSpace
      ? `Your starting characters control no planet: they land from space together on one environ, and the enemy PDB there may detect their spaceships.`
      : `Place your starting characters, with their spaceships, together on one environ of a planet you control.`,
    rule: '[16.12]',
    options: environs.map((environ) => ({ type: 'place-characters', side, environ })),
    context: { characters: names, fromSpace },
  };
}

/**
 * [14.11] possessions held at the start may go to any character; spaceships to a pilot first. [14.13]
 * Never a second spaceship or companion: only characters who may hold it are drawn (none: it goes back
 * to the deck, as a possession no one may take [14.11]).
 */
function assignStartingPossessions(game: Game) {
  const w = game.world;
  const c = w.c;
  const rebels = game.scenario.rebel.characters.map((id) => entityOf(w, 'character', id));
  if (!rebels.length) return;
  for (const id of game.scenario.rebel.possessions) {
    const p = entityOf(w, 'possession', id);
    if (holderOf(w, p) && rebels.includes(holderOf(w, p))) continue;
    const isShip = hasComponent(w, p, c.Spaceship);
    const may = rebels.filter((r) => mayHold(game, r, p)); // [14.13]
    if (!may.length) continue;
    const pilots = may.filter((r) => (c.Character.navigation[r] as number) > 0);
    const holder = game.rng.pick(isShip && pilots.length ? pilots : may);
    hold(w, p, holder);
  }
}

/**
 * [14.61] the Imperial spaceships in play at the start go to starting Imperial characters who can pilot
 * them (navigation above 0, a knight first [15.73]) and hold no spaceship yet: one a character [14.13,
 * 14.64]. A ship left with no such character stays out of play (it may be received later [14.61]). The
 * ship stands beside its holder (stacking.ts). The count in play at the start is kept for [14.61].
 */
function assignImperialShips(game: Game) {
  const w = game.world;
  const c = w.c;
  const imperials = game.scenario.imperial.characters.map((id) => entityOf(w, 'character', id)).filter((ch) => environOf(w, ch));
  for (const id of game.scenario.imperial.spaceships) {
    const ship = entityOf(w, 'ship', id);
    if (holderOf(w, ship) && environOf(w, holderOf(w, ship))) continue;
    const shipless = imperials.filter((ch) => mayHold(game, ch, ship)); // [14.13, 14.64]
    const pilots = shipless.filter((ch) => (c.Character.navigation[ch] as number) > 0);
    const knights = pilots.filter((ch) => game.content.characters.get(refOf(w, ch))?.abilities.includes('imperial-knight'));
    const pool = knights.length ? knights : pilots.length ? pilots : shipless;
    if (!pool.length) continue;
    hold(w, ship, game.rng.pick(pool));
  }
  const inPlay = allOf(w, 'ship').filter((s) => holderOf(w, s) && environOf(w, holderOf(w, s)));
  game.vars.imperialShipsAtStart = inPlay.length;
}

/**
 * [16.12] characters with no planet of their own arrive from space and undergo the detection routine of
 * the enemy PDB where they land: each spaceship they hold is checked, flown by its holder; those without a
 * ship of their own ride in the first one (our decision, docs/rules.md). A ship detected and damaged is
 * wrecked on landing [9.31]. Characters arriving with no spaceship at all are not checked.
 */
/**
 * [16.12] how characters arriving from space ride down: each spaceship flown by its holder, those without
 * a ship of their own in the first one (our decision, docs/rules.md). Read before the landing too, for
 * its odds.
 */
export function landingRides(game: Game, chars: number[], ships: number[]): { ship: number; pilot: number; aboard: number[] }[] {
  const w = game.world;
  let riders = chars.filter((ch) => !ships.some((s) => holderOf(w, s) === ch));
  return ships.map((ship) => {
    const pilot = holderOf(w, ship);
    const aboard = [...(pilot ? [pilot] : []), ...riders];
    riders = [];
    return { ship, pilot, aboard };
  });
}

function landFromSpace(game: Game, side: SideId, environ: number) {
  const w = game.world;
  refreshShips(game); // the ships come into play beside their holders [14.53]
  const planet = planetOfEnviron(w, environ);
  if (!pdbUsableBy(game, planet, enemyOf(side))) return;
  for (const { ship, pilot, aboard } of landingRides(game, charactersIn(game, environ, side), shipsIn(game, environ, side))) {
    const outcome = detectShip(game, ship, pilot, aboard, planet, side);
    if (outcome === 'Dd' && environOf(w, ship)) loseShip(game, ship, 'damaged by a PDB, it is wrecked on landing', '[9.31]', true);
  }
}
