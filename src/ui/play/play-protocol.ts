/**
 * Messages between the page and the play worker (which holds the game, runs the AI sides and undoes by
 * replaying the command log). The worker also speaks the spectator's 'started' and 'state' messages, so
 * the page shows the galaxy, the HUD and the log the same way for both; a play state adds `play`.
 */
import type { DominoRule, SideId } from '../../core/content/schema';
import type { Command, Decision } from '../../core/engine/types';
import type { BoardForm, PickFacts } from '../../words/board/types';
import type { ListGroup } from '../../words/decision-list';
import type { AssignmentFacts } from '../../words/assignment';
import type { Seats } from '../../core/save';
import type { FromWorker } from '../spectator/spectator-protocol';
import type { OptionInfo } from '../../words/describe';
import type { CombatFacts } from '../../words/combat-facts';
import type { OddsNote } from '../../words/character-odds';
import type { GuidedScript } from './guided-play';

/** Who plays a side: a person at this screen, or an AI level from `src/ai/registry.ts`. */
export type Player = { kind: 'human' } | { kind: 'ai'; agent: string };

export interface PlaySetup {
  scenario: string;
  seed: string;
  players: Record<SideId, Player>;
  /** Sides that place their starting forces by hand [16.12-16.14]; absent: all automatic. */
  handPlacement?: SideId[];
  /** How the domino chapter is played (000 15.x, an optional rule); absent: the scenario's own default. */
  domino?: DominoRule;
}

export type ToPlayWorker =
  | { type: 'new'; setup: PlaySetup }
  /** Answer the pending decision with its option number `index` (the worker checks it is that side's). */
  | { type: 'answer'; side: SideId; index: number }
  /** [issue 44] a move made on the map: these commands in order, each checked against the decision pending then. */
  | { type: 'answer-many'; side: SideId; commands: Command[] }
  /** [issue 53] a pick of the stack at `place`'s counters: where it may go, and what each other counter would do to it (answered with 'pick'). */
  | { type: 'pick'; place: string; pieces: number[] }
  /** [issue 44] ask every question (true), or answer the needless ones by their default (false). */
  | { type: 'ask-every-time'; on: boolean }
  | { type: 'undo' }
  /** Pause or go on with the AI's decisions. */
  | { type: 'pause'; paused: boolean }
  /** Milliseconds between AI decisions, so the player can follow them. */
  | { type: 'pace'; ms: number }
  /** [issue 44] the player skips the rest of the AI's turn: it plays on at once until a person is to decide. */
  | { type: 'skip' }
  /** Resume a save with seats as a played game (a broken save gets an error; the current game stays). */
  | { type: 'resume'; text: string; guided?: GuidedScript }
  /** [issue 56] a tutorial's game may go this far now (its guide moved on). */
  | { type: 'guide-limit'; limit: number }
  /** The game so far as a save (with its seats): offered as a download, or kept in the browser under `label`. */
  | { type: 'save'; purpose: 'download' | 'store'; label?: string }
  /** [issue 55] an online turn-based game: hand the seat of `side`, whose clock has run out, to the AI. */
  | { type: 'hand-over'; side: string };

export interface PlayInfo {
  /** The side whose view this is (the human at the screen); null only when no side is human. */
  viewer: SideId | null;
  /** The pending decision, when a human at this screen must make it. */
  decision: Decision | null;
  options: OptionInfo[];
  /** [10.0-10.7] for an attack: the odds' facts as the deciding side knows them. */
  combat?: CombatFacts | null;
  /** What the decision is about and the odds of its answers, made by src/words/decision-notes [issue 44]. */
  notes?: OddsNote[];
  /** [issue 53] the decision's board form (src/words/board/forms.ts): its stacks, targets, questions at a place and buttons. */
  board?: BoardForm;
  /** [issue 44] the options grouped by star system, then stack, sorted, duplicates merged. */
  groups?: ListGroup[];
  /** [issue 44] the galactic Empire's strategic assignment (public), while one is in hand. */
  assignment?: AssignmentFacts | null;
  /** The AI side that is deciding now, if any. */
  thinking: SideId | null;
  paused: boolean;
  canUndo: boolean;
  /** Why undo is off, in words, when it is. */
  undoNote: string;
  /** The turn sequence, as labels, and where we are in it (-1 during setup). */
  sequence: string[];
  segment: number;
  humans: SideId[];
  /** [issue 56] a tutorial's game: the commands made so far (its guide follows the script by them). */
  made?: number;
  /** An online game [issue 27]: the table as this seat sees it. */
  online?: OnlineTable;
}

/** An online game's table, for the play screen: where others join, and who is awaited. */
export interface OnlineTable {
  gameId: string;
  /** The invitation link (the game's page on its server). */
  link: string;
  /** Sides whose seats wait for a person with the link. */
  open: string[];
  /** Sides whose seats wait for the one person their own link was given to. */
  reserved: string[];
  /** The seat whose decision is pending: an AI on the server, a connected person, one who left, or nobody yet. */
  waitingFor: 'ai' | 'person' | 'away' | 'nobody' | null;
  /** [issue 55] a turn-based game's pace and clocks (as the state came: `at`, ms since 1970); absent: live. */
  pace?: string;
  clocks?: { side: string; leftMs: number; running: boolean }[];
  at?: number;
  /** [issue 55] the seats out of time this player may hand to the AI (others', held by people). */
  outOfTime?: string[];
}

export type FromPlayWorker =
  | FromWorker
  | (Extract<FromWorker, { type: 'state' }> & { play: PlayInfo })
  | { type: 'pick'; facts: PickFacts }
  | { type: 'autosave'; text: string; scenario: string; turn: number; seed?: string; seats?: Seats };
