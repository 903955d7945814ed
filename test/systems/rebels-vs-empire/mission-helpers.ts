/**
 * Helpers for the mission tests: an empty board on the start-of-rebellion scenario (Wendhaven at unrest:
 * wendhaven.1 urban size 4 coup 3, wendhaven.2 wild size 3 with a creature; Tollis loyal: tollis.1 urban
 * size 3 coup 2, tollis.2 liquid size 2; Gallowmere in dissent), pieces put where a test wants them, the
 * game taken to a mission segment, and stand-ins for the procedures other systems build.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../../src/core/content/schema';
import { advance, applyOrThrow, newGame } from '../../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Ruleset } from '../../../src/core/engine/types';
import { spawnUnit } from '../../../src/core/world/build';
import { allOf, entityOf, place, refOf, unplace, untag } from '../../../src/core/world/world';
import { content, ruleset } from '../../fixtures';

export interface Call {
  proc: string;
  data: Frame['data'];
}

/**
 * A start-of-rebellion game with nothing on the board. `stubs` stand in for other engineers' procedures:
 * each records its frame data and finishes at once, with `effect` run first (kill someone, say).
 */
export function emptyBoard(stubs: Record<string, ((game: Game, data: Frame['data']) => Json) | null> = {}): { game: Game; calls: Call[] } {
  const calls: Call[] = [];
  const procedures: Record<string, Procedure> = { ...ruleset.procedures };
  for (const [name, effect] of Object.entries(stubs)) {
    procedures[name] = {
      step(game, frame) {
        calls.push({ proc: name, data: structuredClone(frame.data) });
        return { done: true, result: effect ? effect(game, frame.data) : null };
      },
      answer() {
        throw new Error('a stub asks nothing');
      },
    };
  }
  const rs: Ruleset = { ...ruleset, procedures };
  const game = newGame({ content, ruleset: rs, scenario: 'start-of-rebellion', seed: 1 });
  const w = game.world;
  for (const e of [...allOf(w, 'unit'), ...allOf(w, 'character')]) unplace(w, e);
  // the setup's landing may have seen some (PDB detection [9.31]): on an empty board nobody is yet
  for (const e of allOf(w, 'character')) {
    untag(w, e, w.c.Detected);
    if (hasComponent(w, e, w.c.Dead)) throw new Error(`the setup killed ${refOf(w, e)}: the mission tests need a seed where nobody dies landing`);
  }
  game.ruleset.refresh(game);
  return { game, calls };
}

export const ch = (game: Game, id: string) => entityOf(game.world, 'character', id);
export const env = (game: Game, id: string) => entityOf(game.world, 'environ', id);
export const planet = (game: Game, id: string) => entityOf(game.world, 'planet', id);

export function put(game: Game, character: string, environ: string): number {
  const eid = ch(game, character);
  place(game.world, eid, env(game, environ));
  return eid;
}

export function unit(game: Game, type: string, environ: string, environType: 'urban' | 'wild' | null = null): number {
  const u = spawnUnit(game.world, game.content, game.ruleset.sides, type, environType);
  place(game.world, u, env(game, environ));
  return u;
}

/** Take the game to a segment of a side's player-turn and run to its first decision. */
export function toSegment(game: Game, segment: string, side: SideId = 'rebel'): void {
  const index = game.ruleset.sequence.findIndex((s) => s.segment === segment && s.player === side);
  game.segment = index;
  game.stack = [{ proc: game.ruleset.sequence[index]!.procedure, data: {} }];
  game.pending = null;
  game.ruleset.refresh(game);
  advance(game);
}

/** The action deck, top first. */
export function deck(game: Game, numbers: number[]): void {
  game.vars.actionDeck = numbers;
  game.vars.actionDiscard = [];
}

export function options(game: Game): Command[] {
  return game.pending?.options ?? [];
}

export function hasOption(game: Game, match: Partial<Command>): boolean {
  return options(game).some((o) => Object.entries(match).every(([k, v]) => o[k] === v));
}

export function act(game: Game, match: Partial<Command>): void {
  const option = options(game).find((o) => Object.entries(match).every(([k, v]) => o[k] === v));
  if (!option) throw new Error(`no option ${JSON.stringify(match)} in ${game.pending?.kind}: ${JSON.stringify(options(game))}`);
  applyOrThrow(game, option);
}

/** Assign characters ([character id, mission letter]), finish assignment: the game is then in the action segment. */
export function assign(game: Game, side: SideId, assignments: [string, string][]): void {
  toSegment(game, 'mission assignment', side);
  for (const [character, letter] of assignments) assignOne(game, ch(game, character), letter);
  // when everyone eligible is assigned, the segment ends by itself
  if (game.pending?.kind === 'pick-for-mission') act(game, { type: 'end-assignment' });
}

/** Pick a character (or camp), then his mission. */
export function assignOne(game: Game, piece: number, letter: string, declare?: boolean): void {
  act(game, { type: 'pick-for-mission', piece });
  const match: Partial<Command> = { letter };
  if (declare !== undefined) match.declare = declare;
  act(game, match);
}

/** The missions a piece may be assigned to now (picks it, reads, goes back). */
export function lettersFor(game: Game, piece: number): string[] {
  if (!hasOption(game, { type: 'pick-for-mission', piece })) return [];
  act(game, { type: 'pick-for-mission', piece });
  const letters = options(game)
    .filter((o) => o.letter)
    .map((o) => o.letter as string);
  act(game, { type: 'cancel-pick' });
  return [...new Set(letters)].sort();
}

export function segmentName(game: Game): string {
  return game.ruleset.sequence[game.segment]?.segment ?? '';
}
