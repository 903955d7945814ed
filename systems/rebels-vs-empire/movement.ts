/**
 * The movement segment [9.0-9.57, 14.5-14.6].
 *
 * The phasing player moves his pieces a group at a time: he picks pieces from one environ (units,
 * characters, at most one spaceship), then a destination [9.0]. Each piece moves once a segment [9.0].
 * - On a planet, anything moves freely from environ to environ [9.0]; a character on foot sheds
 *   detection unless he joins detected friends [9.35, 9.4].
 * - To another planet: mobile units freely [9.0, 7.21-7.23, 7.3], characters only in a spaceship [9.0].
 *   A ship flies only with its pilot-holder (navigation 1 or more) aboard, or with military units
 *   [9.55, 14.51, 14.57]; it carries at most its passengers in characters and companions [9.56, 14.57];
 *   Redjac's ship flies only with him [14.6].
 * - Military units never exceed the environ's size for their player [9.5].
 * - Leaving or reaching a planet whose PDB the enemy may use [9.0, 9.3]: a ship without units undergoes
 *   the detection routine (detection.ts), once only for a flight within the planet [9.33]; a stack with
 *   units counts as detected [9.52] and its units may be attacked by the PDB (pdb.ts) [9.21-9.27].
 *   Without a detection routine on leaving, a ship and those aboard are no longer detected [9.45].
 *   A ship detected and damaged is eliminated on arrival, its passengers unharmed [9.31].
 * At the end of the segment the player organises his stacks [9.57] (stacking.ts).
 * Reinforcements are placed at the start of the segment (reinforcements.ts); a down PDB may be put up
 * during it [15.61] (pdb.ts).
 */
import { hasComponent } from 'bitecs';
import type { HyperjumpResult, SideId } from '../../src/core/content/schema';
import { emit, interrupt } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { componentTest, environOf, environsView, guardOf, has, holderOf, place, planetOfEnviron, tag, touch, untag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { detectShip, mergeDetection, pilotNavigation, shedDetection } from './detection';
import { pdbAttackColumn, pdbFireResult, pdbUsableBy, applyPdbLoss, putPdbUp } from './pdb';
import { markMoversBusy } from './healing';
import { eliminateUnit } from './military-combat';
import { killCharacter } from './character-combat';
import { loseShip } from './possessions';
import { capturedCharacters, reassignGuard } from './capture';
import { rackingDecision, rackShip } from './racking';
import { clearAdrift, driftingStacks, hyperjumpResult, HYPERJUMP_WORDS, isAdrift, jumpOf, routeBetween, setAdrift, stackNavigation, systemOfEnviron } from './hyperjump';
import { placeWaitingRebelUnits } from './rebellion';
import { reinforcementStep, answerReinforcement } from './reinforcements';
import { whileUnchanged } from '../common/memo';
import { movableNow, movementOptions, moveToOption, pickOption } from './movement-list';
import { keptFor, type KeptAnswers } from '../../src/core/kept';
import { hiddenFrom } from './secret-planets';
import { charactersIn, enemyOf, environsInPlay, isCharacter, isFreeCharacter, isUnit, phasing, sideIndexOf, sideOf, unitCountIn } from './sides';
import {
  allShips,
  assignShip,
  passengerCount,
  setStackedWithUnits,
  solePilotOf,
} from './stacking';

// ---------------------------------------------------------------- what may move, and where

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
function withShip(game: Game, pieces: number[]): boolean {
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

// ---------------------------------------------------------------- the segment

interface MovementData {
  started?: boolean;
  finished?: boolean;
  /** game.events.length when the segment began: the moves since are what the enemy may have seen. */
  firstEvent?: number;
  group?: number[];
  move?: { [key: string]: Json };
  organized?: number[];
  [key: string]: Json | undefined;
}

/**
 * When a side ends its movement with nothing the enemy could see [9.31], the enemy's log says so: a
 * silent segment reads like a missing one. Only the enemy gets this line (the mover knows what he did),
 * and it says nothing of moves he could not see.
 */
function tellQuietMovement(game: Game, side: SideId, since: number): void {
  // the side's own moves (an enemy reaction move [9.6] in this segment is not one of them)
  const mine = (e: { entities?: number[] }) => e.entities?.[0] !== undefined && sideOf(game, e.entities[0]) === side;
  const seen = game.events.slice(since).some((e) => e.kind === 'move' && e.visibleTo === 'all' && mine(e));
  if (seen) return;
  const name = (s: SideId) => (s === 'rebel' ? 'Rebel' : 'Imperial');
  const enemy = enemyOf(side);
  // worded for any reader: the spectator sees this line too, and may have watched unseen moves
  emit(game, { kind: 'movement-end', text: `The ${name(side)} player ends movement; the ${name(enemy)} saw nothing move.`, rule: '[9.0]', visibleTo: enemy });
}

export const movementSegment: Procedure = {
  step(game: Game, frame: Frame): Step {
    const side = phasing(game);
    if (!side) return { done: true };
    const d = frame.data as MovementData;
    if (!d.started) {
      d.started = true;
      d.firstEvent = game.events.length;
      const w = game.world;
      for (const kind of [w.byKind.unit ?? [], w.byKind.character ?? [], allShips(game)]) for (const eid of kind) untag(w, eid, w.c.Moved);
      if (side === 'rebel') placeWaitingRebelUnits(game); // [15.44] units raised by a rebellion that now fit
    }
    // [16.15] reinforcements first
    const reinforce = reinforcementStep(game, frame, side);
    if (reinforce) return reinforce;
    if (d.move) {
      const move = d.move;
      delete d.move;
      return { push: { proc: 'move-group', data: move } };
    }
    if (d.finished) return organizeStep(game, d, side);
    if (d.group?.length) return groupDecision(game, d.group, side);
    return {
      decide: {
        side,
        kind: 'movement',
        prompt: 'Pick a piece to move (then more pieces from its environ to move with it), or end movement.',
        rule: '[9.0]',
        // the same list again after a pick dropped: nothing on the board has changed
        options: whileUnchanged(game, 'movement-options', side, () => movementOptions(game, side)).slice(),
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as MovementData;
    const side = command.side;
    switch (command.type) {
      case 'place-reinforcement':
        return answerReinforcement(game, frame, command);
      case 'end-movement':
        d.finished = true;
        tellQuietMovement(game, side as SideId, d.firstEvent ?? game.events.length);
        return;
      case 'pick':
        d.group = [...(d.group ?? []), command.piece as number];
        return;
      case 'drop-group':
        delete d.group;
        return;
      case 'assign-ship':
        assignShip(game, command.ship as number, command.character as number);
        emit(game, { kind: 'ship-assigned', text: `${nameOf(game, command.character as number)} takes the helm of ${nameOf(game, command.ship as number)}.`, rule: '[14.51]', visibleTo: side, entities: [command.ship as number] });
        return;
      case 'pdb-up':
        putPdbUp(game, command.planet as number, side);
        return;
      case 'reassign-guard':
        reassignGuard(game, command.prisoner as number, command.guard as number); // [12.81]
        return;
      case 'leave-drift': {
        const stack = driftingStacks(game, side as string, (eid) => sideOf(game, eid)).find((x) => x.system === command.system && x.outer === (command.outer === true));
        if (!stack) return;
        if (stack.outer) {
          // [5.22] from the system's edge to its sun's drift area: a movement's worth of flying
          for (const p of stack.pieces) {
            game.world.c.Adrift.outer[p] = 0;
            touch(game.world, p);
            tag(game.world, p, game.world.c.Moved);
          }
          emit(game, { kind: 'drift-in', text: `The ${side === 'rebel' ? 'Rebel' : 'Imperial'} stack adrift at the edge of ${nameOf(game, stack.system)} makes for its sun's drift area.`, rule: '[5.22]', visibleTo: side as SideId });
          return;
        }
        d.move = { side, pieces: stack.pieces, from: 0, to: command.to as number };
        return;
      }
      case 'move-to': {
        const pieces = d.group ?? [];
        delete d.group;
        d.move = { side, pieces, from: environOf(game.world, pieces[0] as number), to: command.to as number };
        return;
      }
      case 'stack-with-units':
      case 'mission-stack':
        setStackedWithUnits(game, command.character as number, command.type === 'stack-with-units');
        d.organized = [...(d.organized ?? []), command.character as number];
        return;
    }
  },
};

/** Pieces that may join a group: unmoved, same side, same environ, at most one ship in the group. */
function groupMates(game: Game, group: number[]): number[] {
  const w = game.world;
  const first = group[0] as number;
  const from = environOf(w, first);
  const hasShip = withShip(game, group);
  // a loop, not a filter with a closure: asked at every pick
  const mates: number[] = [];
  for (const p of movableNow(game, sideOf(game, first))) if (environOf(w, p) === from && !group.includes(p) && !(hasShip && isShip(game, p))) mates.push(p);
  return mates;
}

function groupDecision(game: Game, group: number[], side: SideId): Step {
  const options: Command[] = [];
  for (const piece of groupMates(game, group)) options.push(pickOption(game.world, side, piece));
  for (const to of groupDestinations(game, group)) options.push(moveToOption(game.world, side, to));
  options.push({ type: 'drop-group', side });
  // a stack with nowhere to go says why, rather than leaving the player to guess (seen in play: a ship picked alone)
  const stuck = !options.some((o) => o.type === 'move-to');
  return {
    decide: {
      side,
      kind: 'move-group',
      prompt: stuck
        ? `This stack has nowhere to go: ${groundedReason(game, group)}. Add pieces from this environ, or drop the stack.`
        : 'Add pieces from this environ to the moving stack, or choose where it goes.',
      rule: '[9.0]',
      options,
      context: { group },
    },
  };
}

/** [9.5, 9.57] at the end of movement: each character beside his units joins their stack or the mission stack. */
function organizeStep(game: Game, d: MovementData, side: SideId): Step {
  const w = game.world;
  for (const ch of w.byKind.character ?? []) {
    if (!isFreeCharacter(game, ch) || sideOf(game, ch) !== side || (d.organized ?? []).includes(ch)) continue;
    const env = environOf(w, ch);
    if (!unitCountIn(game, env, side)) continue;
    return {
      decide: {
        side,
        kind: 'organize-stacks',
        prompt: `${nameOf(game, ch)} is with your military units in ${nameOf(game, env)}: stack him with them (no missions this turn) or keep him in the mission stack?`,
        rule: '[9.57]',
        options: [
          { type: 'mission-stack', side, character: ch },
          { type: 'stack-with-units', side, character: ch },
        ],
        context: { environ: env },
      },
    };
  }
  return { done: true };
}

// ---------------------------------------------------------------- one move: `move-group`

interface MoveData {
  side: SideId;
  pieces: number[];
  from: number;
  to: number;
  stage?: string;
  /** Whether the planet left ran its PDB checks on the group [9.45]. */
  routine?: boolean;
  reaction?: boolean;
  result?: Json;
  [key: string]: Json | undefined;
}

/** Pieces of the group still moving (not eliminated, not dead). */
function liveParts(game: Game, d: MoveData) {
  const w = game.world;
  // a loop, not a filter with a closure: asked several times a move
  const alive: number[] = [];
  for (const p of d.pieces) if (!hasComponent(w, p, w.c.Eliminated) && !hasComponent(w, p, w.c.Dead) && (environOf(w, p) !== 0 || isAdrift(game, p))) alive.push(p);
  return groupParts(game, alive);
}

/**
 * The checks of an enemy PDB at a planet the group leaves or reaches [9.0, 9.3, 9.52]. Returns a
 * decision for a PDB attack on units [9.21] or a racking attack on a ship [9.28], or null when the checks
 * are done.
 */
function pdbChecks(game: Game, d: MoveData, planet: number, attackAllowed: boolean): Step | null {
  const enemy = enemyOf(d.side);
  if (!pdbUsableBy(game, planet, enemy)) return null;
  const { units, characters, ship } = liveParts(game, d);
  if (units.length) {
    // [9.52] a stack with military units counts as detected for the enemy PDB
    for (const e of [...characters, ...(ship ? [ship] : [])]) tag(game.world, e, game.world.c.Detected);
    if (attackAllowed && pdbAttackColumn(game, planet) !== null) {
      return {
        decide: {
          side: enemy,
          kind: 'pdb-attack',
          prompt: `Enemy military units are passing the PDB of ${nameOf(game, planet)}. Attack them?`,
          rule: '[9.21]',
          options: [
            { type: 'pdb-fire', side: enemy, planet },
            { type: 'pdb-hold', side: enemy, planet },
          ],
          context: { units: units.length, pdbLevel: game.world.c.Pdb.level[planet] as number },
        },
      };
    }
    return null;
  }
  if (!ship) return null;
  const seen = detectShip(game, ship, pilotOf(game, ship, characters), characters, planet, d.side); // [9.3]
  // [9.28] province and galactic games: a ship seen passing may be raked, where units would be attacked [9.27]
  const rake = attackAllowed && (seen === 'D' || seen === 'Dd') ? rackingDecision(game, planet, ship, enemy) : null;
  return rake ? { decide: rake } : null;
}

/**
 * [9.3, 9.33, 9.0] does the enemy PDB of the planet left check a moving group: when it leaves for another
 * planet, or flies (a ship) between environs of the one planet; never a group on foot within its planet.
 * `fromPlanet` 0: out of a drift area, where no planet is left [5.22].
 */
export function checkedLeaving(game: Game, side: SideId, fromPlanet: number, toPlanet: number, flying: boolean): boolean {
  return fromPlanet !== 0 && (fromPlanet !== toPlanet || flying) && pdbUsableBy(game, fromPlanet, enemyOf(side));
}

/** [9.3, 9.27, 9.33] does the enemy PDB of the planet reached check a group arriving from elsewhere. */
export function checkedReaching(game: Game, side: SideId, fromPlanet: number, toPlanet: number): boolean {
  return fromPlanet !== toPlanet && pdbUsableBy(game, toPlanet, enemyOf(side));
}

/** The pilot flying the ship: its holder, if aboard [14.51]. */
function pilotOf(game: Game, ship: number, characters: number[]): number {
  const holder = holderOf(game.world, ship);
  return characters.includes(holder) ? holder : 0;
}

export const moveGroup: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data as unknown as MoveData;
    const w = game.world;
    const fromPlanet = d.from ? planetOfEnviron(w, d.from) : 0; // 0: out of a drift area [5.22]
    const toPlanet = planetOfEnviron(w, d.to);
    const interplanetary = fromPlanet !== toPlanet;
    const flying = withShip(game, d.pieces);
    d.stage ??= d.from === 0 ? 'left' : 'leave'; // [5.22] out of a drift area: no planet is left
    if (d.stage === 'leave') {
      // [9.3] the planet left checks the group; a flight on one planet is checked once only [9.33]
      d.stage = 'left';
      d.routine = checkedLeaving(game, d.side, fromPlanet, toPlanet, flying);
      if (d.routine) {
        const ask = pdbChecks(game, d, fromPlanet, interplanetary);
        if (ask) return ask;
      }
    }
    if (d.stage === 'left') {
      const { ship, characters } = liveParts(game, d);
      if (ship && !d.routine) shedDetection(game, ship, characters); // [9.45]
      // [5.22] to another star system: the hyperjump, which may leave the stack adrift
      if (d.from !== 0 && hyperjump(game, d) !== 'safe') return { done: true };
      arrive(game, d);
      d.stage = 'arrived';
      if (checkedReaching(game, d.side, fromPlanet, toPlanet)) {
        const ask = pdbChecks(game, d, toPlanet, true); // [9.3, 9.27] and the planet reached
        if (ask) return ask;
      }
    }
    return finish(game, d);
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as unknown as MoveData;
    const planet = command.planet as number;
    if (command.type === 'pdb-rack') return rackShip(game, planet, command.ship as number, liveParts(game, d).characters); // [9.28]
    if (command.type !== 'pdb-fire') return;
    const { units } = liveParts(game, d);
    const column = pdbAttackColumn(game, planet) as number;
    const pdbDie = game.rng.d6(); // [9.22] first, the PDB's die for the units' loss
    const unitsDie = game.rng.d6(); // then the units' die for the PDB's loss
    const { unitsLoss, pdbLoss } = pdbFireResult(game, column, pdbDie, unitsDie);
    emit(game, {
      kind: 'pdb-attack',
      text: `The PDB of ${nameOf(game, planet)} fires on the moving ${d.side} stack (${game.content.tables.militaryCombat.columns[column]}, dice ${pdbDie} and ${unitsDie}): the units lose ${unitsLoss}, the PDB ${pdbLoss}.`,
      rule: '[9.22]',
      visibleTo: 'all',
      entities: [planet, ...units],
    });
    applyPdbLoss(game, planet, pdbLoss); // [9.25]
    // [9.22, 10.3] the moving player allocates his loss
    if (unitsLoss > 0) interrupt(game, { proc: 'allocate-losses', data: { side: d.side, units, loss: unitsLoss, rule: '[9.22]' } });
  },
};

/**
 * [5.22] the hyperjump of a group flying to another star system (tables.md): rolled when its navigation
 * is not above the route's distance. A result other than safe is applied here (damage, losses, the
 * drift area), and the group's move ends in space. Only the moving side hears of it: the jump is made
 * far from any PDB.
 */
function hyperjump(game: Game, d: MoveData): HyperjumpResult {
  const w = game.world;
  const jump = jumpOf(game, d.from, d.to);
  if (!jump) return 'safe';
  const { units, characters, ship } = liveParts(game, d);
  const navigation = stackNavigation(game, units, characters);
  const target = systemOfEnviron(game, d.to);
  const route = `${nameOf(game, systemOfEnviron(game, d.from))} to ${nameOf(game, target)}${jump.via ? ` by ${nameOf(game, jump.via)}` : ''}`;
  const who = d.side === 'rebel' ? 'Rebel' : 'Imperial';
  if (navigation > jump.distance) {
    emit(game, { kind: 'hyperjump', text: `The ${who} stack jumps from ${route} (distance ${jump.distance}, navigation ${navigation}: no roll).`, rule: '[5.22]', visibleTo: d.side, entities: [d.to] });
    return 'safe';
  }
  const die = game.rng.d6();
  const result = hyperjumpResult(game, die + jump.distance - navigation);
  emit(game, {
    kind: 'hyperjump',
    text: `The ${who} stack jumps from ${route} (distance ${jump.distance}, navigation ${navigation}, die ${die}): ${HYPERJUMP_WORDS[result]}.`,
    rule: '[5.22]',
    visibleTo: d.side,
    entities: [d.to],
  });
  if (result === 'safe') return result;
  if (result === 'outer-drift-eliminated') {
    // the whole stack is lost in hyperspace
    for (const u of units) eliminateUnit(game, u, '[5.22]');
    if (ship) loseShip(game, ship, 'lost in hyperspace', '[5.22]', true);
    for (const ch of characters) killCharacter(game, ch, 'is lost in hyperspace', '[5.22]');
    return result;
  }
  if (result.endsWith('-damaged')) {
    if (ship) {
      w.c.Spaceship.damaged[ship] = 1; // [9.31] it flies on, and is wrecked when it lands
      touch(w, ship);
    } else {
      const weakest = [...units].sort((a, b) => (w.c.Unit.combat[a] as number) - (w.c.Unit.combat[b] as number))[0];
      if (weakest) eliminateUnit(game, weakest, '[5.22]');
    }
  }
  const outer = result.startsWith('outer');
  const movers = liveParts(game, d);
  const adrift = [...movers.units, ...movers.characters, ...(movers.ship ? [movers.ship] : [])];
  for (const prisoner of capturedCharacters(game)) if (adrift.includes(guardOf(w, prisoner))) adrift.push(prisoner); // [12.81]
  for (const p of adrift) {
    setAdrift(game, p, target, outer);
    tag(w, p, w.c.Moved);
  }
  return result;
}

/** Put the group (and prisoners its pieces guard [12.81]) in the destination. */
function arrive(game: Game, d: MoveData) {
  const w = game.world;
  const { units, characters, ship } = liveParts(game, d);
  const movers = [...units, ...characters, ...(ship ? [ship] : [])];
  for (const p of movers) {
    clearAdrift(game, p);
    place(w, p, d.to);
  }
  for (const prisoner of capturedCharacters(game))
    if (movers.includes(guardOf(w, prisoner))) {
      clearAdrift(game, prisoner);
      place(w, prisoner, d.to); // [12.81]
    }
}

function finish(game: Game, d: MoveData): Step {
  const w = game.world;
  const c = w.c;
  const { units, characters, ship } = liveParts(game, d);
  markMoversBusy(game, characters, units.length > 0, ship, ship ? pilotOf(game, ship, characters) : 0); // [13.71] before a wreck loses the ship
  if (ship && c.Spaceship.damaged[ship] === 1) loseShip(game, ship, 'damaged by a PDB, it is wrecked on arrival', '[9.31]', true); // [9.31]
  const friendsThere = charactersIn(game, d.to, d.side).filter((f) => !characters.includes(f));
  if (!ship) {
    // [9.35] on foot on the planet: detection is shed unless detected friends are where they arrive
    const detectedThere = friendsThere.some((f) => hasComponent(w, f, c.Detected));
    if (!detectedThere) for (const ch of characters) untag(w, ch, c.Detected);
  }
  mergeDetection(game, [...friendsThere, ...characters]); // [9.4]
  for (const p of [...units, ...characters, ...(ship ? [ship] : [])]) tag(w, p, c.Moved);
  const seen = units.length > 0 || characters.some((ch) => hasComponent(w, ch, c.Detected));
  if (ship && seen && !hasComponent(w, ship, c.Eliminated)) tag(w, ship, c.Revealed); // [14.2] flown in the enemy's sight: no longer secret
  const who = [
    units.length ? `${units.length} unit${units.length > 1 ? 's' : ''}` : '',
    ...characters.map((ch) => nameOf(game, ch)),
    ship && !hasComponent(w, ship, c.Eliminated) ? `aboard ${nameOf(game, ship)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  emit(game, {
    kind: 'move',
    text: `${d.side === 'rebel' ? 'Rebel' : 'Imperial'} ${who || 'pieces'} ${units.length + characters.length === 1 ? 'moves' : 'move'}${d.reaction ? ' in reaction' : ''} to ${nameOf(game, d.to)}.`,
    rule: d.reaction ? '[9.6]' : '[9.0]',
    visibleTo: seen ? 'all' : d.side,
    entities: [...units, ...characters, d.to],
  });
  return { done: true };
}

/** Move one piece on its own at once, with no PDB in the way (tests and simple callers). */
export function movePiece(game: Game, piece: number, to: number): void {
  const d: MoveData = { side: sideOf(game, piece), pieces: [piece], from: environOf(game.world, piece), to };
  arrive(game, d);
  finish(game, d);
}

