/**
 * Play a game with one agent per side: the loop every headless game runs (the simulator, the
 * benchmarks, the property tests), and the single step the browser's workers take (spectating, and the
 * AI side of a game against a person).
 */
import type { SideId } from '../core/content/schema';
import { beliefOf } from '../core/belief';
import { apply } from '../core/engine/game';
import type { Game } from '../core/engine/types';
import { viewFor, type GameView } from '../core/view';
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

/**
 * How far each side has read a game's events. An agent is given only the events since its side's last
 * decision, as a player reads the log: every one once, and the game's whole history never copied again.
 */
const eventsRead = new WeakMap<Game, Partial<Record<SideId, number>>>();

/**
 * What an agent that reads no view is given, in any ruleset: any use of it is a mistake, said at once.
 * Building a view it would not read was a seventh of a random galactic game and a third of a random
 * conquest game.
 */
export const UNREAD_VIEW: never = new Proxy({}, {
  get(_target, key) {
    throw new Error(`an agent that said it reads no view read its "${String(key)}"`);
  },
}) as never;

/**
 * The deciding side's agent answers the pending decision, through `apply` like any player: it gets its
 * side's view (with the events it has not read yet) and a belief to imagine games from. Returns false
 * when there is nothing to decide (the game is over). Throws when the agent answers illegally.
 */
export function playOne(game: Game, agents: Partial<Record<SideId, Agent>>, onDecisionTime?: PlayOptions['onDecisionTime']): boolean {
  const decision = game.pending;
  if (game.winner || !decision) return false;
  const side = decision.side;
  const agent = agents[side];
  if (!agent) throw new Error(`no agent plays the ${side} side`);
  let read = eventsRead.get(game);
  if (!read) eventsRead.set(game, (read = {}));
  const from = read[side] ?? 0;
  read[side] = game.events.length;
  const t0 = onDecisionTime ? performance.now() : 0;
  const view = agent.readsView === false ? UNREAD_VIEW : viewFor(game, side, { events: { from } });
  const command = agent.decide(view, decision, beliefOf(game, side));
  if (onDecisionTime) onDecisionTime(side, performance.now() - t0);
  const result = apply(game, command);
  if (!result.ok) throw new Error(`agent "${agent.name}" (${side}) gave an illegal command: ${result.reason}`);
  return true;
}

/** Play until the game ends; returns the number of decisions made. */
export function playOut(game: Game, agents: Record<SideId, Agent>, options: PlayOptions = {}): number {
  const max = options.maxDecisions ?? 200_000;
  let decisions = 0;
  while (!game.winner && game.pending) {
    if (options.stopAfter !== undefined && decisions >= options.stopAfter) break;
    if (decisions >= max) throw new Error(`the game did not end within ${max} decisions`);
    playOne(game, agents, options.onDecisionTime);
    decisions++;
    options.afterCommand?.(game);
  }
  return decisions;
}
