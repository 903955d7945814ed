/**
 * Capture and prisoners [12.8-12.87, 14.26].
 *
 * A captured character stays in his environ, tagged `Captured`, guarded (`GuardedBy`) by one unit or
 * character of the captor's there [12.81]. He contributes nothing to anyone [12.81, 12.84], moves with
 * his guard [12.81], and goes free as soon as no piece of the captor's stands with him [12.82].
 *
 * The prisoner following his guard, a new guard when the old one falls, and freeing are all kept by
 * `refreshPrisoners`, run after every change (ruleset.refresh), so no other system has to remember them.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { GuardedBy } from '../../src/core/world/relations';
import { allOf, environOf, guardOf, guardedPieces, isActivePiece, place, possessionsOf, refOf, release, tag, untag, withComponent } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { charactersIn, enemyOf, sideOf, unitsIn } from './sides';
import { tallyPoints } from './tally';
import { moveChaos } from './chaos';

/** A piece that can hold a prisoner: on the board, alive, not eliminated, not itself a prisoner. */
function canGuard(game: Game, piece: number): boolean {
  const w = game.world;
  return piece !== 0 && isActivePiece(w, piece) && !hasComponent(w, piece, w.c.Captured);
}

/** [12.81] the captor's units and free characters in the prisoner's environ, who may guard him. */
export function guardOptions(game: Game, prisoner: number, captorSide: SideId): number[] {
  const env = environOf(game.world, prisoner);
  if (!env) return [];
  return [...unitsIn(game, env, captorSide), ...charactersIn(game, env, captorSide)].filter((p) => canGuard(game, p) && p !== prisoner);
}

/**
 * [12.8] the character is captured and guarded. Victory points for the capture [tables.md]. [14.26] the
 * captor holds a captured Rebel's possessions (except spaceships, which the caller reassigns [14.55]):
 * out of play for the rest of the game, never used.
 */
export function applyCapture(game: Game, prisoner: number, guard: number): void {
  const w = game.world;
  const side = sideOf(game, prisoner);
  tag(w, prisoner, w.c.Captured);
  tag(w, prisoner, GuardedBy(guard));
  if (side === 'rebel') {
    const held = (game.vars.heldByEmpire as string[] | undefined) ?? [];
    for (const p of possessionsOf(w, prisoner)) {
      if (hasComponent(w, p, w.c.Spaceship)) continue;
      release(w, p);
      held.push(refOf(w, p));
    }
    game.vars.heldByEmpire = held;
  }
  const vp = game.content.tables.victoryPoints;
  tallyPoints(game, side === 'rebel' ? vp.rebelCaptured : vp.imperialCaptured, `${side === 'rebel' ? 'Rebel' : 'Imperial'} characters captured`, { text: `${nameOf(game, prisoner)} (${side === 'rebel' ? 'Rebel' : 'Imperial'}) captured`, rule: '[12.81]' });
  const chart = game.content.galactic.chaos.changes;
  moveChaos(game, side === 'rebel' ? chart.rebelCharacterCaptured : chart.imperialCharacterCaptured, `${nameOf(game, prisoner)} captured`);
  emit(game, {
    kind: 'captured',
    text: `${nameOf(game, prisoner)} is captured and guarded by ${game.world.kinds[guard] === 'unit' ? 'a military unit' : nameOf(game, guard)}.`,
    rule: '[12.81]',
    visibleTo: 'all',
    entities: [prisoner, guard],
  });
}

/** [12.82] the prisoner goes free. */
export function freePrisoner(game: Game, prisoner: number, cause: string): void {
  const w = game.world;
  const guard = guardOf(w, prisoner);
  if (guard) untag(w, prisoner, GuardedBy(guard));
  untag(w, prisoner, w.c.Captured);
  emit(game, { kind: 'freed', text: `${nameOf(game, prisoner)} is free (${cause}).`, rule: '[12.82]', visibleTo: 'all', entities: [prisoner] });
}

/** Prisoners now held (captured, alive). */
export function prisoners(game: Game): number[] {
  const w = game.world;
  return capturedCharacters(game).filter((ch) => !hasComponent(w, ch, w.c.Dead));
}

/**
 * Characters tagged captured (alive or dead), in id order. Nobody captured is the usual case, and rules
 * ask after every change and every move: it is answered without a list of every character.
 */
export function capturedCharacters(game: Game): number[] {
  const w = game.world;
  if (!withComponent(w, w.c.Captured).length) return [];
  return allOf(w, 'character').filter((ch) => hasComponent(w, ch, w.c.Captured));
}

/** [12.81] is this piece guarding a prisoner? A guarding character cannot go on missions. */
export function isGuarding(game: Game, piece: number): boolean {
  const w = game.world;
  const held = guardedPieces(w);
  if (!held.length) return false; // no prisoner anywhere: the usual case
  const guarded = GuardedBy(piece);
  return held.some((p) => hasComponent(w, p, guarded));
}

/** The prisoners a piece guards. */
export function prisonersOf(game: Game, guard: number): number[] {
  const w = game.world;
  const guarded = GuardedBy(guard);
  return guardedPieces(w).filter((p) => hasComponent(w, p, guarded)).sort((a, b) => a - b);
}

/** [12.81] the prisoner may be handed to another unit or character of the captor's in the same environ. */
export function reassignGuard(game: Game, prisoner: number, guard: number): void {
  tag(game.world, prisoner, GuardedBy(guard));
}

/** [12.81] the captured character moves with his guard. Movement may call this as it moves a guard. */
export function movePrisonersWithGuard(game: Game, guard: number, to: number): void {
  for (const prisoner of prisonersOf(game, guard)) place(game.world, prisoner, to);
}

/**
 * After every change: a prisoner whose guard moved goes with him [12.81]; one whose guard fell passes to
 * another of the captor's pieces there, or, with none, goes free [12.82].
 */
export function refreshPrisoners(game: Game): void {
  const w = game.world;
  for (const prisoner of prisoners(game)) {
    const guard = guardOf(w, prisoner);
    const captor = enemyOf(sideOf(game, prisoner));
    if (canGuard(game, guard)) {
      const at = environOf(w, guard);
      if (at !== environOf(w, prisoner)) place(w, prisoner, at); // [12.81] he moves with his guard
      continue;
    }
    const others = guardOptions(game, prisoner, captor);
    if (others.length) reassignGuard(game, prisoner, others[0]!);
    else freePrisoner(game, prisoner, 'no enemy is left with him [12.82]');
  }
}

/** [14.26] possessions the Empire took from captured Rebels (content ids). */
export function heldByEmpire(game: Game): string[] {
  return (game.vars.heldByEmpire as string[] | undefined) ?? [];
}

