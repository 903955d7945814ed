/**
 * Messages between the page and the spectator's worker (which runs the engine and the agents, so the
 * page never freezes). Plain data only: views and events, never the game itself.
 */
import type { SideId } from '../../core/content/schema';
import type { GameEvent } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import type { EntityRefs } from '../../render/types';
import type { Seats } from '../../core/save';

export type StepUnit = 'decision' | 'phase' | 'turn';

export type ToWorker =
  | { type: 'new'; scenario: string; seed: string; agents: Record<SideId, string>; side: SideId | null }
  | { type: 'replay'; text: string; side: SideId | null }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step'; unit: StepUnit }
  /** Decisions per second; 0 means as fast as the engine goes. */
  | { type: 'speed'; decisionsPerSecond: number }
  /** Replays: show the game after the first `index` commands. */
  | { type: 'seek'; index: number }
  /** Whose view to show: a side, or null for everything. */
  | { type: 'side'; side: SideId | null }
  /** Resume a save as a live AI-vs-AI game, paused (a broken save gets an error; the current game stays). */
  | { type: 'load'; text: string; agents: Record<SideId, string>; side: SideId | null }
  /**
   * Ask for the game so far as a save file. `purpose` says what the page will do with it: offer it as
   * a download (the default) or keep it in the browser's save store under `label`.
   */
  | { type: 'save'; purpose?: 'download' | 'store' | 'replay'; label?: string };

export interface GameInfo {
  scenario: string;
  seed: string;
  /** A loaded replay (its commands are known), or a live AI-vs-AI game. */
  replay: boolean;
  agents: Record<string, string> | null;
}

/** A view of the game, with the events since the last one. */
export type StateMessage = Extract<FromWorker, { type: 'state' }>;

export type FromWorker =
  | { type: 'started'; info: GameInfo; refs: EntityRefs }
  | {
      type: 'state';
      view: GameView;
      /** Events since the last state message (or all of them, with `reset`). */
      events: GameEvent[];
      reset: boolean;
      /** Commands applied so far, and in all (for a replay's timeline). */
      index: number;
      total: number | null;
      playing: boolean;
      /** The game's state hash (equal states, equal hashes): a resumed save shows the same hash. */
      hash?: string;
    }
  | { type: 'save'; text: string; name: string; purpose?: 'download' | 'store'; label?: string; scenario?: string; turn?: number; seed?: string; seats?: Seats }
  /** Sent when a phase ends in a live game: the page keeps it as the autosave. */
  | { type: 'autosave'; text: string; scenario: string; turn: number }
  /** A problem the player should read; the current game (if any) goes on. */
  | { type: 'error'; message: string };
