/**
 * [issue 44] Needless questions and their default answers: a decision whose answer cannot matter, or
 * that asks again what stands unchanged, is answered for a player who has not asked to be asked every
 * time (Settings). Only these:
 * - [9.57] organize stacks: a character beside his side's units keeps the stack he is in (with the
 *   units, or the mission stack), the answer he last gave; asked of each character every movement;
 * - a decision with one option: there is nothing to choose.
 * Returns the option to take, or null to ask.
 */
import { hasComponent } from 'bitecs';
import type { Command, Decision, Game } from '../core/engine/types';

export function needlessAnswer(game: Game, d: Decision): Command | null {
  if (d.options.length === 1) return d.options[0] as Command;
  if (d.kind === 'organize-stacks') {
    const ch = d.options[0]?.character;
    if (typeof ch !== 'number') return null;
    const w = game.world;
    const withUnits = hasComponent(w, ch, w.c.StackedWithUnits);
    return d.options.find((o) => o.type === (withUnits ? 'stack-with-units' : 'mission-stack')) ?? null;
  }
  return null;
}
