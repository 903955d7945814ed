/**
 * Agents play a side through views and commands only: they get what their side may know and the
 * pending decision, and return one of its options. They never touch the world.
 */
import type { SideId } from '../core/content/schema';
import type { Command, Decision } from '../core/engine/types';
import type { Belief } from '../core/belief';
import type { Content } from '../core/content/validate';
import type { GameView } from '../core/view';
import type { SeedHash } from '../core/rng';

export interface Agent {
  readonly name: string;
  /**
   * False for an agent that decides from the decision's options alone (`random`): it is given no view,
   * as building one is a seventh of a random galactic game's time. Reading the view it is given then throws.
   */
  readonly readsView?: boolean;
  /**
   * Choose one of `decision.options`. `view` is the deciding side's view of the game; `belief`, when
   * given, imagines whole games consistent with that view (for agents that search ahead).
   */
  decide(view: GameView, decision: Decision, belief?: Belief): Command;
}

export interface AgentFactoryOptions {
  side: SideId;
  /** The game's content (rules tables, characters); the bundled content when not given. */
  content?: Content;
  /** Seed for the agent's own randomness (never the game's RNG, which would change the game). */
  seed: string;
  /** How the seed makes the agent's generator (src/core/rng.ts): its game's own ('sha256' for an online
   * game's secret seed, so the AI's choices cannot be foreseen either) [issue 55]; absent: 'xmur3'. */
  seedHash?: SeedHash;
}

export type AgentFactory = (options: AgentFactoryOptions) => Agent;
