/**
 * The enemy reaction segment [9.6-9.62, 14.56].
 *
 * After the phasing player's movement, the other player may make one reaction move for each environ
 * that holds military units or detected characters of the phasing player [9.6] (our reading: "units or
 * detected characters", docs/rules.md). The move is made on that environ's planet, never to another
 * planet [9.61]: one military unit with a leader, one military unit, or one character (with his
 * spaceship if he holds one there, and no other character [14.56]), from any environ of the planet to
 * another [9.6]. It may join other units there [9.62], within the environ's size [9.5]. A piece reacts
 * once. The move itself is the movement system's (`move-group`), so detection on foot [9.35, 9.4] and
 * in flight [9.33] apply as in movement.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { environOf, environsView, holderOf, occupantsView, planetOfEnviron } from '../../src/core/world/world';
import { charactersIn, enemyOf, environsInPlay, isCharacter, isFreeCharacter, isUnit, phasing, sideIndexOf, unitCountIn } from './sides';
import { shipsIn } from './stacking';

/** [9.6] environs that give the reacting player a reaction move: phasing units or detected phasing characters there. */
export function reactionTriggers(game: Game, phasingSide: SideId): number[] {
  const w = game.world;
  const triggers: number[] = [];
  // (most environs are empty: they are passed over without a list made for them)
  for (const env of environsInPlay(game)) if (occupantsView(w, env).length > 0 && (unitCountIn(game, env, phasingSide) > 0 || hasDetectedCharacter(game, env, phasingSide))) triggers.push(env);
  return triggers;
}

/** Is a free character of the side in the environ detected? */
function hasDetectedCharacter(game: Game, environ: number, side: SideId): boolean {
  const w = game.world;
  for (const ch of charactersIn(game, environ, side)) if (hasComponent(w, ch, w.c.Detected)) return true;
  return false;
}

/** Reaction moves still open, per planet: how many triggers on it are unused. */
function openByPlanet(game: Game, phasingSide: SideId, used: number[]): Map<number, number> {
  const open = new Map<number, number>();
  for (const env of reactionTriggers(game, phasingSide)) {
    if (used.includes(env)) continue;
    const planet = planetOfEnviron(game.world, env);
    open.set(planet, (open.get(planet) ?? 0) + 1);
  }
  return open;
}

/** [9.6, 14.56] the reaction moves a side may make on a planet: pieces and destination. */
export function reactionMoves(game: Game, side: SideId, planet: number): { pieces: number[]; to: number }[] {
  const moves: { pieces: number[]; to: number }[] = [];
  eachReactionMove(game, side, planet, (pieces, to) => moves.push({ pieces, to }));
  return moves;
}

/** `reactionMoves`, each handed to `take` as it is found (the segment makes its options of them, with no list between). */
function eachReactionMove(game: Game, side: SideId, planet: number, take: (pieces: number[], to: number) => void): void {
  const w = game.world;
  const c = w.c;
  const index = sideIndexOf(game, side);
  const environs = environsView(w, planet).filter((e) => hasComponent(w, e, c.InPlay));
  for (const from of environs) {
    if (!occupantsView(w, from).length) continue; // nobody here to react (no lists made)
    // the side's live units and free characters here that have not moved, in one pass (as `unitsIn` and `charactersIn` list them)
    const units: number[] = [];
    const chars: number[] = [];
    const leaders: number[] = [];
    for (const e of occupantsView(w, from)) {
      if (c.Owner.side[e] !== index || hasComponent(w, e, c.Moved)) continue;
      if (isUnit(game, e)) {
        if (!hasComponent(w, e, c.Eliminated)) units.push(e);
      } else if (isCharacter(game, e) && isFreeCharacter(game, e)) {
        chars.push(e);
        if ((c.Character.leadership[e] as number) >= 1) leaders.push(e);
      }
    }
    // [14.56] a character reacts alone, with his spaceship if he holds one here (the same wherever he goes)
    const shipsHere = chars.length ? shipsIn(game, from, side) : [];
    const ships = chars.map((ch) => shipsHere.find((s) => holderOf(w, s) === ch && !hasComponent(w, s, c.Moved)) ?? 0);
    for (const to of environs) {
      if (to === from) continue;
      const room = unitCountIn(game, to, side) + 1 <= (c.Environ.size[to] as number); // [9.5, 9.62]
      for (const u of units) {
        if (!room) continue;
        take([u], to);
        for (const leader of leaders) take([u, leader], to);
      }
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i] as number;
        const ship = ships[i] as number;
        take(ship ? [ch, ship] : [ch], to);
      }
    }
  }
}

export const reactionSegment: Procedure = {
  step(game: Game, frame: Frame): Step {
    const phasingSide = phasing(game);
    if (!phasingSide) return { done: true };
    const side = enemyOf(phasingSide);
    const d = frame.data as { used?: number[]; finished?: boolean; move?: Command };
    d.used ??= [];
    if (d.move) {
      const move = d.move;
      delete d.move;
      const pieces = move.pieces as number[];
      return { push: { proc: 'move-group', data: { side, pieces, from: environOf(game.world, pieces[0] as number), to: move.to as number, reaction: true } } };
    }
    if (d.finished) return { done: true };
    const options: Command[] = [];
    const react = (pieces: number[], to: number) => options.push({ type: 'react', side, pieces, to });
    for (const [planet] of openByPlanet(game, phasingSide, d.used)) eachReactionMove(game, side, planet, react);
    if (!options.length) return { done: true };
    options.unshift({ type: 'end-reaction', side });
    return {
      decide: {
        side,
        kind: 'reaction',
        prompt: 'Make a reaction move on a planet where the enemy has units or detected characters, or end the reaction.',
        rule: '[9.6]',
        options,
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as { used?: number[]; finished?: boolean; move?: Command };
    if (command.type === 'end-reaction') {
      d.finished = true;
      return;
    }
    const phasingSide = enemyOf(command.side);
    const planet = planetOfEnviron(game.world, command.to as number);
    // use up one trigger of that planet
    const trigger = reactionTriggers(game, phasingSide).find((env) => !(d.used ?? []).includes(env) && planetOfEnviron(game.world, env) === planet);
    d.used = [...(d.used ?? []), trigger as number];
    d.move = command;
  },
};
