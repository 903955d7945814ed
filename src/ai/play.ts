/**
 * Play a game to its end with one agent per side: the loop every headless game runs (the simulator,
 * the benchmarks, the property tests, the spectator's worker).
 */
import type { SideId } from '../core/content/schema';
import { beliefOf } from '../core/belief';
import { apply } from '../core/engine/game';
import type { Game } from '../core/engine/types';
import { viewFor } from '../core/view';
import type { Agent } from './agent';

export interface PlayOptions {
  /** Throw after this many decisions (a guard for runaway games). */
  maxDecisions?: number;
  /** Stop quietly after this many decisions, the game unfinished (to play part of a game). */
  stopAfter?: number;
  /** Called after every applied command (property tests check invariants here). */
  afterCommand?: (game: Game) => void;
  /** Called with the time each decision took, in milliseconds. */
  onDecisionTime?: (side: SideId, ms: number) => void;
}

/** Play until the game ends; returns the number of decisions made. */
export function playOut(game: Game, agents: Record<SideId, Agent>, options: PlayOptions = {}): number {
  const max = options.maxDecisions ?? 200_000;
  let decisions = 0;
  while (!game.winner && game.pending) {
    if (options.stopAfter !== undefined && decisions >= options.stopAfter) break;
    if (decisions >= max) throw new Error(`the game did not end within ${max} decisions`);
    const decision = game.pending;
    const agent = agents[decision.side];
    const t0 = options.onDecisionTime ? performance.now() : 0;
    const command = agent.decide(viewFor(game, decision.side, { events: false }), decision, beliefOf(game, decision.side));
    if (options.onDecisionTime) options.onDecisionTime(decision.side, performance.now() - t0);
    const result = apply(game, command);
    if (!result.ok) throw new Error(`agent "${agent.name}" (${decision.side}) gave an illegal command: ${result.reason}`);
    decisions++;
    options.afterCommand?.(game);
  }
  return decisions;
}
