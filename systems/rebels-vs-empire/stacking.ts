/**
 * Stacking [9.5-9.57] and where spaceships are [14.5-14.6].
 *
 * Stacks. At the end of operations each player has at most two stacks in an environ [9.5]: the
 * military stack (his units, and the characters he put with them) and the mission stack (his other
 * free characters, who may go on missions) [9.57]. A character in the military stack carries the
 * `StackedWithUnits` tag; the phasing player sets it at the end of his movement (see movement.ts).
 * The tag is dropped as soon as no friendly unit is left beside him [10.6].
 *
 * Spaceships. A spaceship in play stands in an environ of its own (`place`), so it can be left with
 * military units when nobody pilots it [9.55, 14.55]. `holderOf` names its pilot-owner [14.51]. A ship
 * whose holder enters play is put beside him; a ship left without a friendly free character or unit is
 * lost at once [14.59] (possessions.ts takes it out of play); Redjac's ship (a `sole-pilot` ship) is
 * removed when he is not with it [14.6].
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import type { Game } from '../../src/core/engine/types';
import { MAX_ENTITIES, POSSESSION_KINDS } from '../../src/core/world/components';
import { environOf, hold, holderOf, occupantsView, place, possessionsOf, refOf, release, tag, untag, withComponent } from '../../src/core/world/world';
import { loseShip, mayHold } from './possessions';
import { charactersIn, isCharacter, isFreeCharacter, sideIndexOf, sideOf, unitCountIn, unitsIn } from './sides';

// ---------------------------------------------------------------- spaceships

/**
 * Every spaceship entity: Rebel spaceship possessions and Imperial ships. The list is kept (rules ask for
 * it after every change) and never changed in place: read it, never write it.
 */
export function allShips(game: Game): readonly number[] {
  const w = game.world;
  const tagged = withComponent(w, w.c.Spaceship);
  let ships = shipLists.get(w);
  // a spaceship stays one all game: the sorted list is made again only when one is added (tests make them)
  if (!ships || ships.length !== tagged.length) {
    // Rebel possessions first, then Imperial ships, each in id order (the order rules have always read them)
    ships = tagged.slice().sort((a, b) => (w.kinds[a] === 'ship' ? MAX_ENTITIES : 0) + a - ((w.kinds[b] === 'ship' ? MAX_ENTITIES : 0) + b));
    shipLists.set(w, ships);
  }
  return ships;
}

const shipLists = new WeakMap<Game['world'], number[]>();

/** A spaceship standing in an environ (in play). */
export function shipsIn(game: Game, environ: number, side?: SideId): number[] {
  return allShips(game).filter((s) => environOf(game.world, s) === environ && (side === undefined || sideOf(game, s) === side));
}


/** [14.6] the only character who may pilot this ship, or 0 (Imperial ships name him in content). */
export function solePilotOf(game: Game, ship: number): number {
  if (game.world.kinds[ship] !== 'ship') return 0;
  const def = game.content.imperialShips.get(refOf(game.world, ship));
  if (!def?.onlyPilot) return 0;
  return game.world.ids.character.get(def.onlyPilot) ?? 0;
}

const COMPANION = POSSESSION_KINDS.indexOf('companion');

/** Characters and companion possessions a group of characters counts against a ship's passengers [14.57]. */
export function passengerCount(game: Game, characters: number[]): number {
  const c = game.world.c;
  let n = 0;
  for (const ch of characters) {
    n += 1;
    for (const p of possessionsOf(game.world, ch)) if (game.world.kinds[p] === 'possession' && c.Possession.kind[p] === COMPANION) n += 1;
  }
  return n;
}

/**
 * Keep ships where the rules put them (run after every change, from the ruleset's refresh):
 * - [14.53] a ship whose holder is in play and free, but which is not in play yet, comes in beside him;
 * - a holder who is dead, captured or off the board no longer pilots it [14.55] (it may be reassigned);
 * - [14.6] a sole-pilot ship not stacked with its pilot is removed from play for good [14.62];
 * - [14.59] a ship not stacked with a free friendly character or a friendly unit is lost at once.
 */
export function refreshShips(game: Game): void {
  const w = game.world;
  for (const ship of allShips(game)) {
    // a ship nobody holds that is not in play (the possession deck's) has nothing to keep: most of them
    if (!environOf(w, ship) && !holderOf(w, ship)) continue;
    // [5.22] a ship adrift is in space with its stack, wherever its holder is
    if (hasComponent(w, ship, w.c.Eliminated) || (hasComponent(w, ship, w.c.Adrift) && !environOf(w, ship))) continue;
    const holder = holderOf(w, ship);
    const holderFree = holder !== 0 && isFreeCharacter(game, holder);
    let at = environOf(w, ship);
    if (!at) {
      if (holderFree) {
        place(w, ship, environOf(w, holder));
        at = environOf(w, ship);
      } else continue;
    }
    if (holder && !holderFree) release(w, ship);
    const side = sideOf(game, ship);
    const solo = solePilotOf(game, ship);
    if (solo && !(isFreeCharacter(game, solo) && environOf(w, solo) === at)) {
      loseShip(game, ship, 'its only pilot is not with it', '[14.6]', true, holder);
      continue;
    }
    if (!hasFriendIn(game, at, side)) loseShip(game, ship, 'left with no friend', '[14.59]', false, holder);
  }
}

/** [14.59] Is a free character or a live unit of the side in the environ? */
function hasFriendIn(game: Game, environ: number, side: SideId): boolean {
  const w = game.world;
  const index = sideIndexOf(game, side);
  // a loop, not `some` with a closure: asked of every ship in play after every change
  for (const e of occupantsView(w, environ)) {
    if (w.c.Owner.side[e] !== index) continue;
    if (w.kinds[e] === 'unit' ? !hasComponent(w, e, w.c.Eliminated) : w.kinds[e] === 'character' && !hasComponent(w, e, w.c.Dead) && !hasComponent(w, e, w.c.Captured)) return true;
  }
  return false;
}

/** [14.51, 14.62] give a ship to another free friendly character stacked with it (who holds none [14.13]). */
export function assignShip(game: Game, ship: number, character: number): void {
  const w = game.world;
  hold(w, ship, character);
}

/**
 * [14.51, 14.6] reassignments open to a side now: every ship in an environ with a free friend who may
 * hold it, one who holds no other spaceship [14.13] (an Imperial pilot too [14.64]).
 */
export function shipAssignments(game: Game, side: SideId): { ship: number; character: number }[] {
  const out: { ship: number; character: number }[] = [];
  eachShipAssignment(game, side, (ship, character) => out.push({ ship, character }));
  return out;
}

/** `shipAssignments`, each handed to `take` as it is found (the movement list makes its options of them, with no list between). */
export function eachShipAssignment(game: Game, side: SideId, take: (ship: number, character: number) => void): void {
  const w = game.world;
  for (const ship of allShips(game)) {
    const at = environOf(w, ship);
    if (!at || sideOf(game, ship) !== side || hasComponent(w, ship, w.c.Eliminated)) continue;
    if (solePilotOf(game, ship)) continue; // [14.6] Redjac's ship is his alone
    // the side's free characters beside it (as `charactersIn` lists them), with no list made: asked at every movement list
    const holder = holderOf(w, ship);
    for (const ch of occupantsView(w, at))
      if (isCharacter(game, ch) && ch !== holder && isFreeCharacter(game, ch) && sideOf(game, ch) === side && mayHold(game, ch, ship))
        take(ship, ch);
  }
}

// ---------------------------------------------------------------- stacks

/** [9.57] may this character go on a mission: free, and not stacked with military units. */
export function missionEligible(game: Game, ch: number): boolean {
  return isFreeCharacter(game, ch) && !hasComponent(game.world, ch, game.world.c.StackedWithUnits);
}

/** The stacks a side has in an environ [9.5]: the military stack (units and characters with them) and the mission stack. */
export function stacksOf(game: Game, environ: number, side: SideId): { military: number[]; mission: number[] }[] {
  const w = game.world;
  const units = unitsIn(game, environ, side);
  const chars = charactersIn(game, environ, side);
  const withUnits = chars.filter((ch) => hasComponent(w, ch, w.c.StackedWithUnits));
  const stacks: { military: number[]; mission: number[] }[] = [];
  if (units.length) stacks.push({ military: [...units, ...withUnits], mission: [] });
  const mission = chars.filter((ch) => !withUnits.includes(ch));
  if (mission.length) stacks.push({ military: [], mission });
  return stacks;
}

/** [10.6] a character is in a military stack only while a friendly unit is beside him. */
export function refreshStacks(game: Game): void {
  const w = game.world;
  const stacked = withComponent(w, w.c.StackedWithUnits);
  if (!stacked.length) return;
  for (const ch of [...stacked]) {
    const env = environOf(w, ch);
    if (!isFreeCharacter(game, ch) || !env || unitCountIn(game, env, sideOf(game, ch)) === 0) untag(w, ch, w.c.StackedWithUnits);
  }
}

/** [9.57] put a character in (or take him out of) his side's military stack in his environ. */
export function setStackedWithUnits(game: Game, ch: number, withUnits: boolean): void {
  if (withUnits) tag(game.world, ch, game.world.c.StackedWithUnits);
  else untag(game.world, ch, game.world.c.StackedWithUnits);
}
