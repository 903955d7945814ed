/**
 * Play a solitaire game with an agent for the Emperor: the loop of the simulator, the benchmarks and the
 * property tests, and the single step a browser worker takes for an AI Emperor.
 */
import { apply } from '../../core/engine/game';
import type { SolitaireGame } from '../../../systems/solitaire/state';
import { solitaireView } from '../../../systems/solitaire/view';
import type { SolitaireAgent } from './agent';
import { UNREAD_VIEW } from '../play';

export interface SolitairePlayOptions {
  /** Throw after this many decisions (a guard for a runaway game). */
  maxDecisions?: number;
  /** Called after every applied command (property tests check invariants here). */
  afterCommand?: (game: SolitaireGame) => void;
}

/** The Emperor's agent answers the pending decision. False when the game is over. */
export function playSolitaireOne(game: SolitaireGame, agent: SolitaireAgent): boolean {
  const decision = game.pending;
  if (game.winner || !decision) return false;
  const command = agent.decide(agent.readsView === false ? UNREAD_VIEW : solitaireView(game), decision);
  const result = apply(game, command);
  if (!result.ok) throw new Error(`the ${agent.name} agent answered illegally: ${result.reason}`);
  return true;
}

/** Play to the end. Returns the number of decisions taken. */
export function playSolitaireOut(game: SolitaireGame, agent: SolitaireAgent, options: SolitairePlayOptions = {}): number {
  const max = options.maxDecisions ?? 1_000_000;
  let decisions = 0;
  while (playSolitaireOne(game, agent)) {
    options.afterCommand?.(game);
    if (++decisions >= max) throw new Error(`the game did not end within ${max} decisions`);
  }
  return decisions;
}
