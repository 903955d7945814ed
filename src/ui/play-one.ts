/** One decision of an AI-vs-AI game: the deciding side's agent answers through `apply`, like any player. */
import type { Agent } from '../ai/agent';
import { apply } from '../core/engine/game';
import type { Game } from '../core/engine/types';
import { viewFor } from '../core/view';

export function playOutOne(game: Game, agents: Record<string, Agent>): boolean {
  const decision = game.pending;
  if (game.winner || !decision) return false;
  const agent = agents[decision.side];
  if (!agent) throw new Error(`no agent plays the ${decision.side} side`);
  const command = agent.decide(viewFor(game, decision.side, { events: false }), decision);
  const result = apply(game, command);
  if (!result.ok) throw new Error(`agent "${agent.name}" (${decision.side}) gave an illegal command: ${result.reason}`);
  return true;
}
