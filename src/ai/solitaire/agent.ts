/**
 * Solitaire agents [001]: they play the Emperor through the view and the pending decision only, like
 * every other agent, and return one of the decision's options. Chaos is the rules' automaton.
 */
import type { Command, Decision } from '../../core/engine/types';
import type { Side } from '../../../systems/solitaire/state';
import type { SolitaireView } from '../../../systems/solitaire/view';

export interface SolitaireAgent {
  readonly name: string;
  /** False for an agent that never reads its view (`random`): it is not built for it (src/ai/agent.ts). */
  readonly readsView?: boolean;
  decide(view: SolitaireView, decision: Decision<Side>): Command<Side>;
}

export interface SolitaireAgentOptions {
  /** Seed for the agent's own randomness (never the game's RNG). */
  seed: string;
}

export type SolitaireAgentFactory = (options: SolitaireAgentOptions) => SolitaireAgent;
