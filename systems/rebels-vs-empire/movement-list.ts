/**
 * The movement list [9.0]: what the moving side may do between groups (pick a piece, leave a drift area,
 * hand over a ship, put a PDB up, change a guard, or stop), and its picks kept from move to move.
 *
 * A galactic segment offers some fifty picks after each of its moves, and a move changes a few environs:
 * the one the group left, the one it reached, and what the move's PDB fire, jump, losses or arrival
 * touched. So the pieces that may move, and whether each may start a group, are kept for the segment, and
 * after each change only the pieces the world's change log (`changesSince`) says may have been touched
 * are asked again: a piece the log names, a piece whose environ it names (its mates), a piece on a planet
 * it names or whose environ it names (the room and the secret planets of its own planet, where a lone
 * piece may go [9.0, 9.5]), and a mobile unit in a star system a hyperjump route joins to one it names
 * (where it may jump [5.22]). When the log cannot say (a change named no entity, or it was emptied past
 * the list), the list is made anew. `freshMovementOptions` makes it anew always:
 * test/systems/rebels-vs-empire/change-log.test.ts holds the kept list to it.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import type { Command, Game } from '../../src/core/engine/types';
import { changeMark, changesSince, componentTest, environOf, guardOf, planetOfEnviron, systemOfPlanet, type ChangeMark, type GameWorld } from '../../src/core/world/world';
import { MAX_ENTITIES } from '../../src/core/world/components';
import { keptFor, type KeptAnswers } from '../../src/core/kept';
import { canPutPdbUp } from './pdb';
import { capturedCharacters } from './capture';
import { driftingStacks, routeBetween, systemOfEnviron } from './hyperjump';
import { hiddenFrom } from './secret-planets';
import { charactersIn, environsInPlay, isUnit, planetsInPlay, sideIndexOf, sideOf, unitCountIn, unitsIn } from './sides';
import { eachShipAssignment } from './stacking';
import { environsInPlayOfSystem, isShip, loneHasDestination, movablePieces } from './destinations';

/** What the moving side may do between groups: pick a piece, leave a drift area, hand over a ship, put a PDB up, change a guard, or stop. */
export function movementOptions(game: Game, side: SideId): Command[] {
  const kept = keptList(game, side);
  kept.drift ??= driftOptions(game, side);
  return optionsWith(game, side, kept.movable, kept.starts, kept.drift.options);
}

/** The same list, made from nothing kept: what the kept list must always equal. */
export function freshMovementOptions(game: Game, side: SideId): Command[] {
  const movable = movablePieces(game, side);
  const starts = new Uint8Array(MAX_ENTITIES);
  answerStarts(game, movable, movable, starts);
  return optionsWith(game, side, movable, starts, driftOptions(game, side).options);
}

function optionsWith(game: Game, side: SideId, movable: readonly number[], starts: Uint8Array, drift: readonly Command[]): Command[] {
  const w = game.world;
  const options: Command[] = [{ type: 'end-movement', side }];
  for (const piece of movable) if (starts[piece]) options.push(pickOption(w, side, piece));
  options.push(...drift); // [5.22]
  eachShipAssignment(game, side, (ship, character) => options.push({ type: 'assign-ship', side, ship, character }));
  for (const planet of planetsInPlay(game)) if (canPutPdbUp(game, planet, side)) options.push({ type: 'pdb-up', side, planet });
  for (const { prisoner, guard } of guardChanges(game, side)) options.push({ type: 'reassign-guard', side, prisoner, guard });
  return options;
}

/** The side's pieces that may still move this segment (`movablePieces`), kept as the list is (asked at every pick). */
export function movableNow(game: Game, side: SideId): readonly number[] {
  return keptList(game, side).movable;
}

// ---------------------------------------------------------------- the kept picks

interface KeptList {
  turn: number;
  segment: number;
  revision: number;
  /** The change log's place when `movable` and `starts` were last brought up to date. */
  mark: ChangeMark;
  /** The area in play it was made for (tests widen it by hand). */
  inPlay: readonly number[];
  /** `movablePieces`, in its order. */
  movable: number[];
  /** By piece: 1 if it may start a group (`canStartGroup`), for the pieces in `movable`. */
  starts: Uint8Array;
  /** The options to leave a drift area, or null when they are to be made again. */
  drift: KeptDrift | null;
}

/** The options to leave the side's drift areas [5.22], and what they were made of. */
interface KeptDrift {
  options: Command[];
  /** The side's pieces adrift. */
  pieces: number[];
  /** The star systems of their drift areas (where the room and the secret planets were read). */
  systems: number[];
}

const keptLists = new WeakMap<GameWorld, Partial<Record<SideId, KeptList>>>();

/** The side's kept list, brought up to date with the world. */
function keptList(game: Game, side: SideId): KeptList {
  const w = game.world;
  let bySide = keptLists.get(w);
  if (!bySide) keptLists.set(w, (bySide = {}));
  const kept = bySide[side];
  if (kept && kept.revision === w.revision && kept.turn === game.turn && kept.segment === game.segment) return kept;
  if (kept && kept.turn === game.turn && kept.segment === game.segment && kept.inPlay === environsInPlay(game) && brought(game, side, kept)) {
    kept.revision = w.revision;
    kept.mark = changeMark(w);
    return kept;
  }
  const movable = movablePieces(game, side);
  const starts = kept?.starts.fill(0) ?? new Uint8Array(MAX_ENTITIES);
  answerStarts(game, movable, movable, starts);
  return (bySide[side] = { turn: game.turn, segment: game.segment, revision: w.revision, mark: changeMark(w), inPlay: environsInPlay(game), movable, starts, drift: null });
}

/** Marks by entity for one update at a time, each cleared when the update is done (see `brought`). */
const changedPiece = new Uint8Array(MAX_ENTITIES);
const changedEnviron = new Uint8Array(MAX_ENTITIES);
const changedPlanet = new Uint8Array(MAX_ENTITIES);
const changedSystem = new Uint8Array(MAX_ENTITIES);
const nearChange = new Uint8Array(MAX_ENTITIES); // by star system: one jump from it reaches a changed system [5.22]
const marked: Uint8Array[] = [];
const markedAt: number[] = [];

function mark(marks: Uint8Array, eid: number): void {
  if (marks[eid]) return;
  marks[eid] = 1;
  marked.push(marks);
  markedAt.push(eid);
}

/**
 * Bring the kept list up to date from the change log, asking again only the pieces a change may have
 * touched; false when the log cannot say, or a piece may move now that could not before (the list is
 * then made anew).
 */
function brought(game: Game, side: SideId, kept: KeptList): boolean {
  const w = game.world;
  let known = true;
  const told = changesSince(w, kept.mark, (eid) => {
    switch (w.kinds[eid]) {
      case 'environ':
        return markEnviron(game, eid);
      case 'planet':
        return markPlanet(game, eid);
      case 'unit':
      case 'character':
      case 'ship':
      case 'possession':
      case 'camp': {
        mark(changedPiece, eid);
        const at = environOf(w, eid);
        if (at) markEnviron(game, at);
        return;
      }
      default:
        known = false; // a star system, a route...: nothing a move changes
    }
  });
  try {
    if (!told || !known) return false;
    const index = sideIndexOf(game, side);
    // a piece named may have become movable (freed, placed): not in the kept order, so the list is made anew
    for (let i = 0; i < markedAt.length; i++) {
      const eid = markedAt[i] as number;
      if (marked[i] === changedPiece && movableStill(game, index, eid) && !kept.movable.includes(eid)) return false;
    }
    const movable: number[] = [];
    const asked: number[] = [];
    for (const piece of kept.movable) {
      if (changedPiece[piece] && !movableStill(game, index, piece)) {
        kept.starts[piece] = 0;
        continue;
      }
      movable.push(piece);
      if (touchedBy(game, piece)) asked.push(piece);
    }
    answerStarts(game, movable, asked, kept.starts);
    kept.movable = movable;
    if (kept.drift && driftTouched(game, kept.drift)) kept.drift = null;
    return true;
  } finally {
    for (let i = 0; i < markedAt.length; i++) (marked[i] as Uint8Array)[markedAt[i] as number] = 0;
    marked.length = 0;
    markedAt.length = 0;
  }
}

/** May the piece of side `index` still move, as `movablePieces` asks (not moved, eliminated, dead or captured, and on the board)? */
function movableStill(game: Game, index: number, eid: number): boolean {
  const w = game.world;
  const c = w.c;
  return c.Owner.side[eid] === index && environOf(w, eid) !== 0 && !hasComponent(w, eid, c.Moved) && !hasComponent(w, eid, c.Eliminated) && !hasComponent(w, eid, c.Dead) && !hasComponent(w, eid, c.Captured);
}

/**
 * May a change the marks record have changed the options to leave a drift area: a piece named that is
 * adrift or was, or a change in the star system of a drift area (the room of its environs, its secret
 * planets)?
 */
function driftTouched(game: Game, drift: KeptDrift): boolean {
  const w = game.world;
  for (let i = 0; i < markedAt.length; i++) {
    const eid = markedAt[i] as number;
    if (marked[i] === changedPiece && (hasComponent(w, eid, w.c.Adrift) || drift.pieces.includes(eid))) return true;
  }
  for (const system of drift.systems) if (changedSystem[system]) return true;
  return false;
}

/** An environ changed: its own pieces' mates, its planet's lone pieces, and mobile units a jump away may see it. */
function markEnviron(game: Game, environ: number): void {
  mark(changedEnviron, environ);
  markPlanet(game, planetOfEnviron(game.world, environ));
}

function markPlanet(game: Game, planet: number): void {
  if (changedPlanet[planet]) return;
  mark(changedPlanet, planet);
  const system = systemOfPlanet(game.world, planet);
  if (changedSystem[system]) return;
  mark(changedSystem, system);
  for (const near of systemsWithinOneJump(game, system)) mark(nearChange, near);
}

/** May a change the marks record have changed whether this piece may start a group (see the file's comment)? */
function touchedBy(game: Game, piece: number): boolean {
  const w = game.world;
  if (changedPiece[piece]) return true;
  const at = environOf(w, piece);
  if (changedEnviron[at] || changedPlanet[planetOfEnviron(w, at)]) return true;
  return isUnit(game, piece) && w.c.Unit.mobile[piece] === 1 && nearChange[systemOfEnviron(game, at)] === 1;
}

/** A star system and those a hyperjump route joins to it [5.22], kept for each world (routes never change). */
function systemsWithinOneJump(game: Game, system: number): readonly number[] {
  return keptFor(nearSystems, game.world, system, () => (game.world.byKind.system ?? []).filter((other) => other === system || routeBetween(game, system, other) !== null));
}

const nearSystems: KeptAnswers<GameWorld, number, readonly number[]> = new WeakMap();

/**
 * Whether each of `asked` may start a group, written in `starts`: a ship always may (pilots join it), a
 * piece with a movable mate in its environ may (as `groupMates` finds them), and so may one that could move
 * alone. `movable` is every movable piece of the side, for the mates.
 */
function answerStarts(game: Game, movable: readonly number[], asked: readonly number[], starts: Uint8Array): void {
  if (!asked.length) return;
  const w = game.world;
  for (const piece of movable) (movableIn[environOf(w, piece)] as number)++;
  try {
    for (const piece of asked) starts[piece] = isShip(game, piece) || (movableIn[environOf(w, piece)] as number) > 1 || loneHasDestination(game, piece) ? 1 : 0;
  } finally {
    for (const piece of movable) (movableIn[environOf(w, piece)] as number)--;
  }
}

/**
 * How many of the moving side's movable pieces stand in each environ, by environ: counted up by
 * `answerStarts` and back down to zero when it is done (a table for one list at a time).
 */
const movableIn = new Uint16Array(MAX_ENTITIES);

// ---------------------------------------------------------------- options made once

/**
 * The option to pick a piece, or to move the picked group to an environ: made once per world, side and
 * piece (or environ), and offered again at every list. A galactic segment lists some fifty picks after
 * each of its moves; an option is never changed once made (the engine takes the agent's own object, and
 * the log keeps it as it is).
 */
export function pickOption(w: GameWorld, side: SideId, piece: number): Command {
  const kept = keptOptions(w, pickOptions);
  const made = kept[piece];
  return made?.side === side ? made : (kept[piece] = { type: 'pick', side, piece });
}

export function moveToOption(w: GameWorld, side: SideId, to: number): Command {
  const kept = keptOptions(w, moveToOptions);
  const made = kept[to];
  return made?.side === side ? made : (kept[to] = { type: 'move-to', side, to });
}

type KeptOptions = WeakMap<GameWorld, Command[]>;
const pickOptions: KeptOptions = new WeakMap();
const moveToOptions: KeptOptions = new WeakMap();

/** A world's kept options of one kind, by entity. */
function keptOptions(w: GameWorld, options: KeptOptions): (Command | undefined)[] {
  let made = options.get(w);
  if (!made) options.set(w, (made = []));
  return made;
}

// ---------------------------------------------------------------- the rest of the list

/**
 * [5.22] a side's stacks in drift areas, each a choice: from the outer drift area, on to the sun's; from
 * the sun's, down to an environ of a planet of that system (with room for its units [9.5]). A stack that
 * moved this segment waits for the next.
 */
function driftOptions(game: Game, side: SideId): KeptDrift {
  const w = game.world;
  const out: Command[] = [];
  const stacks = driftingStacks(game, side, (eid) => sideOf(game, eid));
  const kept: KeptDrift = { options: out, pieces: [], systems: [] };
  if (!stacks.length) return kept;
  for (const stack of stacks) {
    kept.pieces.push(...stack.pieces);
    kept.systems.push(stack.system);
  }
  const moved = componentTest(w, w.c.Moved);
  for (const stack of stacks) {
    if (stack.pieces.some(moved)) continue;
    if (stack.outer) {
      out.push({ type: 'leave-drift', side, system: stack.system, outer: true, to: 0 });
      continue;
    }
    let units = 0;
    for (const p of stack.pieces) if (isUnit(game, p)) units++;
    for (const to of environsInPlayOfSystem(game, stack.system)) {
      if (hiddenFrom(game, planetOfEnviron(w, to), side)) continue; // galactic: not on a planet the Empire does not know
      if (unitCountIn(game, to, side) + units > (w.c.Environ.size[to] as number)) continue;
      out.push({ type: 'leave-drift', side, system: stack.system, outer: false, to });
    }
  }
  return kept;
}

/** [12.81] a prisoner may be handed to another character or unit of his guard's side in the same environ. */
export function guardChanges(game: Game, side: SideId): { prisoner: number; guard: number }[] {
  const w = game.world;
  const out: { prisoner: number; guard: number }[] = [];
  for (const prisoner of capturedCharacters(game)) {
    if (!environOf(w, prisoner)) continue;
    const guard = guardOf(w, prisoner);
    if (!guard || sideOf(game, guard) !== side) continue;
    const at = environOf(w, prisoner);
    for (const other of [...unitsIn(game, at, side), ...charactersIn(game, at, side)]) if (other !== guard) out.push({ prisoner, guard: other });
  }
  return out;
}
