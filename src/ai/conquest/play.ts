/**
 * Play a conquest game with one agent per faction: the loop of the simulator, the benchmarks and the
 * property tests, and the single step a browser worker takes for an AI seat.
 */
import { apply } from '../../core/engine/game';
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestGame } from '../../../systems/conquest/state';
import { conquestView } from '../../../systems/conquest/view';
import type { ConquestAgent } from './agent';
import { UNREAD_VIEW } from '../play';

export interface ConquestPlayOptions {
  /** Throw after this many decisions (a guard for a runaway game). */
  maxDecisions?: number;
  /** Called after every applied command (property tests check invariants here). */
  afterCommand?: (game: ConquestGame) => void;
}

/** The deciding faction's agent answers the pending decision. False when the game is over. */
export function playConquestOne(game: ConquestGame, agents: Partial<Record<FactionId, ConquestAgent>>): boolean {
  const decision = game.pending;
  if (game.winner || !decision) return false;
  const agent = agents[decision.side];
  if (!agent) throw new Error(`no agent plays ${decision.side}`);
  const command = agent.decide(agent.readsView === false ? UNREAD_VIEW : conquestView(game, decision.side), decision);
  const result = apply(game, command);
  if (!result.ok) throw new Error(`the ${agent.name} agent of ${decision.side} answered illegally: ${result.reason}`);
  return true;
}

/** Play to the end. Returns the number of decisions taken. */
export function playConquestOut(game: ConquestGame, agents: Partial<Record<FactionId, ConquestAgent>>, options: ConquestPlayOptions = {}): number {
  const max = options.maxDecisions ?? 1_000_000;
  let decisions = 0;
  while (playConquestOne(game, agents)) {
    options.afterCommand?.(game);
    if (++decisions >= max) throw new Error(`the game did not end within ${max} decisions`);
  }
  return decisions;
}
