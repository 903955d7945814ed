/**
 * Conquest agents [002]: they play a faction through its view and the pending decision only, like the
 * star-system game's agents (src/ai/agent.ts), and return one of the decision's options.
 */
import type { Command, Decision } from '../../core/engine/types';
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import type { SeedHash } from '../../core/rng';

export interface ConquestAgent {
  readonly name: string;
  /** False for an agent that never reads its view (`random`): it is not built for it (src/ai/agent.ts). */
  readonly readsView?: boolean;
  decide(view: ConquestView, decision: Decision<FactionId>): Command<FactionId>;
}

export interface ConquestAgentOptions {
  faction: FactionId;
  /** Seed for the agent's own randomness (never the game's RNG). */
  seed: string;
  /** How the seed makes the agent's generator (src/core/rng.ts): its game's own ('sha256' for an online
   * game's secret seed, so the AI's choices cannot be foreseen either) [issue 55]; absent: 'xmur3'. */
  seedHash?: SeedHash;
}

export type ConquestAgentFactory = (options: ConquestAgentOptions) => ConquestAgent;
