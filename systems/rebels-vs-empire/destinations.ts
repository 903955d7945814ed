/**
 * What may move in the movement segment, and where [9.0, 9.5, 5.22, 7.21, 7.3, 14.22, 14.51-14.6]: the
 * pieces a side may still move, a group's parts, and the environs it may reach as one stack, with the
 * rule's own words for a group that cannot move. The segment itself is movement.ts; the list a side
 * chooses from between groups is movement-list.ts.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import type { Game } from '../../src/core/engine/types';
import { componentTest, environOf, environsView, has, holderOf, planetOfEnviron } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { keptFor, type KeptAnswers } from '../../src/core/kept';
import { pilotNavigation } from './detection';
import { jumpOf, routeBetween, systemOfEnviron } from './hyperjump';
import { hiddenFrom } from './secret-planets';
import { environsInPlay, isCharacter, isUnit, sideIndexOf, sideOf, unitCountIn } from './sides';
import { allShips, passengerCount, solePilotOf } from './stacking';

/** Pieces of a side that may still move this segment: units, free characters, spaceships [9.0]. */
export function movablePieces(game: Game, side: SideId): number[] {
  const w = game.world;
  const c = w.c;
  const pieces: number[] = [];
  const index = sideIndexOf(game, side);
  const [moved, eliminated, dead, captured] = [componentTest(w, c.Moved), componentTest(w, c.Eliminated), componentTest(w, c.Dead), componentTest(w, c.Captured)];
  for (const kind of [w.byKind.unit ?? [], w.byKind.character ?? [], allShips(game)])
    for (const eid of kind) {
      if (c.Owner.side[eid] !== index || !environOf(w, eid) || moved(eid)) continue;
      if (eliminated(eid) || dead(eid) || captured(eid)) continue;
      pieces.push(eid);
    }
  return pieces;
}

export function isShip(game: Game, eid: number): boolean {
  return hasComponent(game.world, eid, game.world.c.Spaceship);
}

/** Is one of these pieces a spaceship (`groupParts(...).ship !== 0`, with no lists made)? */
export function withShip(game: Game, pieces: number[]): boolean {
  for (const p of pieces) if (isShip(game, p)) return true;
  return false;
}

/** Split a moving group into its units, characters and (at most one) spaceship. */
export function groupParts(game: Game, pieces: number[]): { units: number[]; characters: number[]; ship: number } {
  if (pieces.length === 1) {
    // one piece (asked of every movable piece at each movement decision)
    const piece = pieces[0] as number;
    if (isUnit(game, piece)) return { units: [piece], characters: [], ship: 0 };
    if (isCharacter(game, piece)) return { units: [], characters: [piece], ship: 0 };
    return { units: [], characters: [], ship: isShip(game, piece) ? piece : 0 };
  }
  // one pass (asked several times a move): a piece is a unit, a character or a ship, never two of them
  const units: number[] = [];
  const characters: number[] = [];
  let ship = 0;
  for (const p of pieces) {
    if (isUnit(game, p)) units.push(p);
    else if (isCharacter(game, p)) characters.push(p);
    else if (!ship && isShip(game, p)) ship = p;
  }
  return { units, characters, ship };
}

/** Where a group of pieces (all in one environ) may move now, as one stack. */
export function groupDestinations(game: Game, pieces: number[]): number[] {
  const group = movingGroup(game, pieces);
  if (!group) return [];
  const w = game.world;
  const candidates = group.mayLeavePlanet ? environsWithinOneJump(game, systemOfEnviron(game, group.from)) : environsView(w, group.planet);
  return candidates.filter((e) => has(w, e, w.c.InPlay) && reaches(game, group, e));
}

/** Whether the group could move anywhere at all (the same test, stopping at the first destination). */
export function hasDestination(game: Game, pieces: number[]): boolean {
  const group = movingGroup(game, pieces);
  return group !== null && groupHasDestination(game, group);
}

/** Whether this group could move anywhere at all. */
function groupHasDestination(game: Game, group: MovingGroup): boolean {
  // the environs of its own planet first: the likeliest destination, and a character's only one on foot [9.0]
  const w = game.world;
  for (const e of environsView(w, group.planet)) if (has(w, e, w.c.InPlay) && reaches(game, group, e)) return true;
  if (!group.mayLeavePlanet) return false;
  for (const e of environsWithinOneJump(game, systemOfEnviron(game, group.from))) if (planetOfEnviron(w, e) !== group.planet && reaches(game, group, e)) return true;
  return false;
}

/**
 * The environs in play a stack in this star system could reach in one move: its own system's, and those
 * of every system a hyperjump route joins to it [5.22]; in id order.
 */
function environsWithinOneJump(game: Game, system: number): readonly number[] {
  // the kept list looked up first: asked for every lone piece that may leave its planet, at every movement list
  const kept = oneJumpLists.get(environsInPlay(game))?.get(system);
  return kept ?? environsInPlayFor(game, oneJumpLists, system, (other) => other === system || routeBetween(game, system, other) !== null);
}

/** The environs in play of a star system, in id order. */
export function environsInPlayOfSystem(game: Game, system: number): readonly number[] {
  const kept = systemLists.get(environsInPlay(game))?.get(system);
  return kept ?? environsInPlayFor(game, systemLists, system, (other) => other === system);
}

/** Lists of environs by star system, for each area in play. */
type EnvironLists = KeptAnswers<readonly number[], number, readonly number[]>;
const oneJumpLists: EnvironLists = new WeakMap();
const systemLists: EnvironLists = new WeakMap();

/**
 * The environs in play whose star system `keep` accepts, in id order, listed once in `lists` for each
 * system and area in play: routes and the area never change in a game, and moves ask at every pick.
 */
function environsInPlayFor(game: Game, lists: EnvironLists, system: number, keep: (other: number) => boolean): readonly number[] {
  const inPlay = environsInPlay(game);
  return keptFor(lists, inPlay, system, () => inPlay.filter((e) => keep(systemOfEnviron(game, e))));
}

/** A group about to move, as the destination test reads it. */
interface MovingGroup {
  side: SideId;
  from: number;
  planet: number;
  /** How many military units it has (they count against an environ's size [9.5]). */
  units: number;
  /** False when no environ of another planet can be its destination. */
  mayLeavePlanet: boolean;
}

/**
 * A lone unit or character about to move, as `movingGroup` would make it of `[piece]` (no ship: nothing
 * grounds it): a unit leaves its planet if it is mobile [7.21, 7.3], a character only by spaceship [9.0].
 * One group is filled again for each piece, as a movement list asks this of every lone piece.
 */
function loneGroup(game: Game, piece: number): MovingGroup {
  const w = game.world;
  const unit = isUnit(game, piece);
  const from = environOf(w, piece);
  LONE.side = sideOf(game, piece);
  LONE.from = from;
  LONE.planet = planetOfEnviron(w, from);
  LONE.units = unit ? 1 : 0;
  LONE.mayLeavePlanet = unit && w.c.Unit.mobile[piece] === 1;
  return LONE;
}

const LONE: MovingGroup = { side: 'rebel', from: 0, planet: 0, units: 0, mayLeavePlanet: false };

/**
 * Whether a unit or character could move alone. The test reads the piece, the room for its units and the
 * secret planets in the environs of its own planet, and for a mobile unit those of every star system one
 * jump away: what the movement list's kept picks (movement-list.ts) ask again after a change there.
 */
export function loneHasDestination(game: Game, piece: number): boolean {
  return groupHasDestination(game, loneGroup(game, piece));
}

/** The group, or null when it cannot move at all (a ship that cannot fly with those aboard). */
function movingGroup(game: Game, pieces: number[]): MovingGroup | null {
  const first = pieces[0];
  if (first === undefined) return null;
  const w = game.world;
  const from = environOf(w, first);
  const parts = groupParts(game, pieces);
  if (groundedBy(game, parts) !== null) return null;
  return { side: sideOf(game, first), from, planet: planetOfEnviron(w, from), units: parts.units.length, mayLeavePlanet: keptOnPlanetBy(game, parts) === null };
}

/**
 * Why a group with a spaceship cannot move at all, in the rule's own words, or null when it can: the
 * check `groupDestinations` makes first, so the board's "why not" and the rule are one [9.55, 9.56,
 * 14.51, 14.57, 14.6]. A group without a ship is never grounded by these (it walks, or goes nowhere).
 */
export function groundedBy(game: Game, parts: { units: number[]; characters: number[]; ship: number }): string | null {
  const { units, characters, ship } = parts;
  if (!ship) return null;
  const w = game.world;
  if (!units.length && !characters.length) return `${nameOf(game, ship)} does not fly itself: it needs its pilot aboard, or military units [9.55]`;
  if (!units.length) {
    // [9.55, 14.51] without units it needs its pilot aboard, navigation 1 or more
    const pilot = holderOf(w, ship);
    if (!characters.includes(pilot)) return `${nameOf(game, ship)} flies only with its pilot${pilot ? ` ${nameOf(game, pilot)}` : ''} aboard, or with military units [9.55, 14.51]`;
    if (pilotNavigation(game, pilot) < 1) return `its pilot ${nameOf(game, pilot)} has no navigation: ${nameOf(game, ship)} flies only with military units [9.55, 14.51]`;
  }
  const solo = solePilotOf(game, ship);
  if (solo && !characters.includes(solo)) return `only ${nameOf(game, solo)} may fly ${nameOf(game, ship)} [14.6]`;
  const seats = w.c.Spaceship.passengers[ship] as number;
  const aboard = passengerCount(game, characters);
  if (aboard > seats) return `${aboard} aboard ${nameOf(game, ship)}, but it has ${seats} seat${seats === 1 ? '' : 's'} [9.56, 14.57]`;
  return null;
}

/**
 * Why a group that can move may not leave its planet, in the rule's words, or null when it may: the
 * test `groupDestinations` makes of every move to another planet [7.21, 7.3, 9.0, 14.22].
 */
export function keptOnPlanetBy(game: Game, parts: { units: number[]; characters: number[]; ship: number }): string | null {
  const { units, characters, ship } = parts;
  const w = game.world;
  const c = w.c;
  const staying = firstImmobile(game, units);
  if (staying !== undefined) {
    // [7.21] militia and [7.3] the Rebel's 1-0 units stay home
    const type = game.content.tables.unitTypes[c.Unit.type[staying] as number];
    return type?.side === 'rebel' ? `${type.name} (1-0) never leave their planet [7.3]` : `${type?.name ?? 'Militia'} never leave their planet [7.21]`;
  }
  if (characters.length && !ship) return 'characters change planets only by spaceship [9.0]';
  if (ship && hasComponent(w, ship, c.Inoperative)) return `${nameOf(game, ship)} is inoperative until it is repaired on a planet of your side [14.22]`;
  return null;
}

/** The first of these units that never leaves its planet (militia, the Rebel's 1-0s), if any. */
function firstImmobile(game: Game, units: number[]): number | undefined {
  for (const u of units) if (game.world.c.Unit.mobile[u] !== 1) return u;
  return undefined;
}

/** May the group move to this environ? */
function reaches(game: Game, group: MovingGroup, to: number): boolean {
  const w = game.world;
  if (to === group.from) return false;
  const samePlanet = planetOfEnviron(w, to) === group.planet;
  if (!samePlanet) {
    if (!group.mayLeavePlanet) return false;
    if (jumpOf(game, group.from, to) === null) return false; // [5.22] to another star system only along a hyperjump route
    if (hiddenFrom(game, planetOfEnviron(w, to), group.side)) return false; // galactic: the Empire knows no way to an undiscovered secret planet
  }
  return unitCountIn(game, to, group.side) + group.units <= (w.c.Environ.size[to] as number); // [9.5]
}

/**
 * Why a stack has nowhere to go, in words: the rule that grounds it, else the rule that keeps it on its
 * planet with no room there, else no room [9.5] (seen in play: too many aboard was reported as "no pilot").
 */
export function groundedReason(game: Game, pieces: number[]): string {
  const parts = groupParts(game, pieces);
  const kept = keptOnPlanetBy(game, parts);
  return groundedBy(game, parts) ?? (kept ? `${kept}, and no other environ of its planet has room for it [9.5]` : 'no environ within reach has room for it [9.5]');
}

/** Where a single piece may move now. */
export function destinations(game: Game, piece: number): number[] {
  return groupDestinations(game, [piece]);
}
