/**
 * Movement segment [9.0-9.57] (first part: movement on and between the planets of the game).
 *
 * Built here: each piece moves at most once [9.0]; units move freely between environs of a planet and,
 * if mobile, to other planets [9.0, 7.21-7.23, 7.3]; military units never exceed the environ size per
 * player [9.5]; characters move between environs of their planet [9.0] and keep or lose detection by
 * [9.35] and [9.4]. Spaceship travel, stacks moving together, PDB detection and attack belong to the
 * operations issue and are listed as not yet built in docs/rules.md.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../src/core/content/schema';
import { emit } from '../src/core/engine/game';
import type { Command, Frame, Game, Procedure, Step } from '../src/core/engine/types';
import { allOf, environOf, planetOfEnviron, place, refOf, tag, untag } from '../src/core/world/world';
import { hasRoomForUnit } from './placement';
import { placeWaitingRebelUnits } from './rebellion';
import { charactersIn, environsInPlay, isCharacter, isUnit, phasing, sideOf } from './sides';

/** Pieces of a side that may still move this segment. */
export function movablePieces(game: Game, side: SideId): number[] {
  const w = game.world;
  const c = w.c;
  const pieces: number[] = [];
  for (const eid of [...allOf(w, 'unit'), ...allOf(w, 'character')]) {
    if (!environOf(w, eid) || sideOf(game, eid) !== side || hasComponent(w, eid, c.Moved)) continue;
    if (hasComponent(w, eid, c.Eliminated) || hasComponent(w, eid, c.Dead) || hasComponent(w, eid, c.Captured)) continue;
    pieces.push(eid);
  }
  return pieces;
}

/** Where a piece may move now. */
export function destinations(game: Game, piece: number): number[] {
  const w = game.world;
  const c = w.c;
  const from = environOf(w, piece);
  const planet = planetOfEnviron(w, from);
  const side = sideOf(game, piece);
  return environsInPlay(game).filter((to) => {
    if (to === from) return false;
    const samePlanet = planetOfEnviron(w, to) === planet;
    if (isUnit(game, piece)) {
      if (!samePlanet && c.Unit.mobile[piece] !== 1) return false; // [7.21, 7.3] militia and 1-0 stay home
      return hasRoomForUnit(game, to, side); // [9.5]
    }
    return samePlanet; // [9.0] characters change planets only by spaceship
  });
}

export function movePiece(game: Game, piece: number, to: number): void {
  const w = game.world;
  const c = w.c;
  const side = sideOf(game, piece);
  if (isCharacter(game, piece)) {
    const friendsThere = charactersIn(game, to, side);
    const detectedThere = friendsThere.some((f) => hasComponent(w, f, c.Detected));
    if (hasComponent(w, piece, c.Detected)) {
      // [9.35] moving on the planet without a spaceship sheds detection, unless detected friends are there;
      // [9.4] and a detected arrival reveals the undetected friends it joins.
      if (!detectedThere) untag(w, piece, c.Detected);
      else for (const f of friendsThere) tag(w, f, c.Detected);
    } else if (detectedThere) {
      tag(w, piece, c.Detected); // [9.4]
    }
  }
  place(w, piece, to);
  tag(w, piece, c.Moved);
  emit(game, {
    kind: 'move',
    text: `${side === 'rebel' ? 'Rebel' : 'Imperial'} ${isUnit(game, piece) ? 'unit' : refOf(w, piece)} moves to ${refOf(w, to)}.`,
    rule: '[9.0]',
    visibleTo: isCharacter(game, piece) && !hasComponent(w, piece, c.Detected) ? side : 'all',
    entities: [piece, to],
  });
}

export const movementSegment: Procedure = {
  step(game: Game, frame: Frame): Step {
    const side = phasing(game);
    if (!side) return { done: true };
    if (!frame.data.started) {
      frame.data.started = true;
      const c = game.world.c;
      for (const eid of [...allOf(game.world, 'unit'), ...allOf(game.world, 'character')]) untag(game.world, eid, c.Moved);
      if (side === 'rebel') placeWaitingRebelUnits(game); // [15.44] raised units that now fit
    }
    if (frame.data.finished) return { done: true };
    const options: Command[] = [{ type: 'end-movement', side }];
    for (const piece of movablePieces(game, side))
      for (const to of destinations(game, piece)) options.push({ type: 'move', side, piece, to });
    return {
      decide: {
        side,
        kind: 'movement',
        prompt: 'Move your units and characters, then end movement.',
        rule: '[9.0]',
        options,
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    if (command.type === 'end-movement') frame.data.finished = true;
    else movePiece(game, command.piece as number, command.to as number);
  },
};
