/**
 * The board's shapes (after Chessground's `dests`): a stack or held pick that can act (`Mover`) and each
 * place it may go or target it may take (`Dest`), with the commands that do it. Made where the game is
 * (src/words/board/*, one file per family of decisions), drawn by the play screen (src/ui/play/board/).
 */
import type { Command } from '../../core/engine/types';

/** One place a stack may go, or one target it may act on. */
export interface Dest {
  /** The environ's content id (the map's key). */
  place: string;
  label: string;
  /** The odds and risks of going there (hyperjump, detection), in words. */
  odds?: string;
  warning?: string;
  /** The commands that take it there, in order, each to be an option of the decision pending then. */
  commands: Command[];
  /** The marker's words on the map, when not the place's name (a target's sign and its odds: "⚔ 2-1 · 67%"). */
  mark?: string;
  /**
   * A second way to the same choices, lit only when the player asks for it (a mission chosen first: the
   * characters who may take it, each with his chance): the way's name. Absent: lit at once.
   */
  way?: string;
}

/** A stack (or piece) that can act, and its destinations. */
export interface Mover {
  /** The environ it stands in (content id): the map's key for it. A stack adrift stands in no environ: its key is "drift:<system>". */
  place: string;
  /** Where the map draws it, when not at `place` (a stack adrift: beside its star system's first environ). */
  at?: string;
  /** It goes whole: its pieces are not taken apart (a stack adrift lands together [5.22]). */
  whole?: boolean;
  /** Its pieces (entity ids), in the order they are picked. */
  pieces: number[];
  /** Each piece's name, as the deciding side may read it. */
  names: string[];
  /** The pieces taken when the stack is picked: all that can go somewhere together (the ship first, then as many as can go with it). */
  take: number[];
  label: string;
  dests: Dest[];
  /** The game holds it in hand (a move-group, a reinforcement to place, a decision's targets): picked already, not put down on the map. */
  held?: boolean;
  /** Its dests are a decision's targets (src/words/targets.ts), several may stand at one place: the marker's sign (⚔, 🔍, ⬇...). */
  targets?: string;
  /** The question its targets answer, shown above them on the map when they all stand at one place (a small prompt there). */
  ask?: string;
}
