/**
 * Solitaire agents [001]: they play the Emperor through the view and the pending decision only, like
 * every other agent, and return one of the decision's options. Chaos is the rules' automaton.
 */
import type { Command, Decision } from '../../core/engine/types';
import type { Side } from '../../../systems/solitaire/state';
import type { SolitaireView } from '../../../systems/solitaire/view';
import type { SeedHash } from '../../core/rng';

export interface SolitaireAgent {
  readonly name: string;
  /** False for an agent that never reads its view (`random`): it is not built for it (src/ai/agent.ts). */
  readonly readsView?: boolean;
  decide(view: SolitaireView, decision: Decision<Side>): Command<Side>;
}

export interface SolitaireAgentOptions {
  /** Seed for the agent's own randomness (never the game's RNG). */
  seed: string;
  /** How the seed makes the agent's generator (src/core/rng.ts): its game's own ('sha256' for an online
   * game's secret seed, so the AI's choices cannot be foreseen either) [issue 55]; absent: 'xmur3'. */
  seedHash?: SeedHash;
}

export type SolitaireAgentFactory = (options: SolitaireAgentOptions) => SolitaireAgent;
