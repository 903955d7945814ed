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
  /**
   * Other options this one stands for, the same choice in the same words at the same place (two Line
   * units alike to lose, as the list merges them): its marker takes the first, and they count as shown.
   */
  same?: Command[];
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
  /**
   * The pieces taken when the stack is opened: all of it when all of it may go wherever any part of it
   * could, else none (the player picks its counters); the pieces of a held pick. Never last turn's pick.
   */
  take: number[];
  /** Its counters, as a player spreads the stack on the table: each piece's kind and ratings (a stack to move). */
  counters?: Counter[];
  /** None of it can move now (ships whose pilots have gone): the rule that stops the first of it. Its counters still open, to say why. */
  idle?: string;
  /** Other choices about this stack's pieces, shown with its counters (a ship's helm handed over, a prisoner's guard). */
  actions?: Dest[];
  label: string;
  dests: Dest[];
  /** The game holds it in hand (a move-group, a reinforcement to place, a decision's targets): picked already, not put down on the map. */
  held?: boolean;
  /** Its dests are a decision's targets (src/words/board/targets.ts), several may stand at one place: the marker's sign (⚔, 🔍, ⬇...). */
  targets?: string;
  /** The question its targets answer, shown above them on the map when they all stand at one place (a small prompt there). */
  ask?: string;
}

/** A piece of a stack as its counter shows it: its kind, name and ratings, as the deciding side may read them. */
export interface Counter {
  piece: number;
  kind: 'unit' | 'character' | 'ship';
  /** "Line", "Kessa Varn", "Star Skiff". */
  name: string;
  /** Short ratings for the counter's face: "3-2" (a unit), "5·4·3·2·1·0" (a character), "2 seats" (a ship). */
  face: string;
  /** The ratings in words, for its hover: "combat 5 · endurance 4 ...", "a Line unit, strength 3, mobile [7.22]". */
  about: string;
  /** A ship's seats [9.56, 14.57]. */
  seats?: number;
  /** The seats a character takes aboard: himself and his companions [14.57]. */
  takes?: number;
  /** A ship's pilot, who holds it [14.51] (0: nobody aboard may fly it without units). */
  pilot?: number;
}

/** What a pick of a stack's counters can do, and what each other counter would do to it (the engine's answer). */
export interface PickFacts {
  /** The stack's place (the mover's key) and the pieces picked. */
  place: string;
  pieces: number[];
  /** Where the pick may go, with the commands that take it there. */
  dests: Dest[];
  /** Why the pick has nowhere to go, in the rule's words, when it has none (and is not empty). */
  stuck?: string;
  /** Each counter not picked: whether it can go with the pick (or alone, when none is picked), and if not, the rule that stops it. */
  others: { piece: number; joins: boolean; why?: string }[];
  /** The pick's ship and its seats: taken by the characters picked, of its passengers [9.56, 14.57]. */
  seats?: { ship: number; used: number; of: number };
}

/**
 * A decision's board form: what the map shows for it. Every option of the decision is reachable from
 * it (src/words/board/forms.ts checks which, and `npm run board-coverage` counts them over many games);
 * the decision list stays beside it, for the keyboard.
 */
export interface BoardForm {
  /** The family of decisions it belongs to (its file in src/words/board/): 'stacks', 'targets', 'asked', 'pieces', 'cards'. */
  family: string;
  /** Stacks to open and move, or one held pick whose dests are the decision's targets. */
  movers: Mover[];
  /** One-click choices standing at their place, lit beside the stacks (a PDB to put up). */
  deeds: Dest[];
  /** The answers with no place (end, pass, no combat, stop): buttons on the map beside the question. */
  buttons: Dest[];
}

/**
 * A decision's choices as one pick the game holds in hand (nothing to pick first): its dests light up at
 * once, each a marker at its place; `sign` goes before their words (⚔, ◎, ✦...), and `ask`, when they all
 * stand at one place, is the question shown above them there. The same words at the same place are the
 * same choice (two Line units alike): one marker, standing for the others (`same`), as the list merges them.
 */
export function heldPick(label: string, dests: Dest[], sign: string, ask?: string, piece?: { eid: number; place: string; name: string }): Mover {
  const merged: Dest[] = [];
  for (const d of dests) {
    const twin = merged.find((x) => x.place === d.place && x.label === d.label && x.way === d.way);
    if (twin) twin.same = [...(twin.same ?? []), d.commands[0] as Command];
    else merged.push({ ...d });
  }
  return {
    place: piece?.place ?? '',
    pieces: piece ? [piece.eid] : [],
    names: piece ? [piece.name] : [],
    take: piece ? [piece.eid] : [],
    label: piece?.name ?? label,
    dests: merged,
    held: true,
    targets: sign,
    ...(ask ? { ask } : {}),
  };
}
