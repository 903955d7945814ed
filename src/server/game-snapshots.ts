/**
 * A stored game made into a live one [issue 27, 46]: from its start and log, or from the snapshot its last
 * room in this process left (a game's whole replay blocks the server's one thread for tens of ms).
 */
import { apply } from '../core/engine/game';
import type { AnyGame, Command } from '../core/engine/types';
import type { Content } from '../core/content/validate';
import type { StoredGame, StoredSeat } from './store';
import { startStoredGame } from './online-rulesets';

/**
 * Games as their last room left them (or as the server made them), kept in memory a while: the next room
 * of such a game starts from it and applies only the commands stored since. A room takes its game's
 * snapshot out (one owner at a time); the least recently kept go first.
 */
const snapshots = new Map<string, AnyGame>();
const SNAPSHOTS = 32;

export function keepSnapshot(gameId: string, game: AnyGame): void {
  snapshots.delete(gameId);
  snapshots.set(gameId, game);
  if (snapshots.size > SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
}

/** Forget a game's snapshot (the network warm-up's games, whose store is gone: network-warm-up.ts). */
export function forgetSnapshot(gameId: string): void {
  snapshots.delete(gameId);
}

/** The game the store's start and log make: from its snapshot when that is a beginning of the log, else replayed. */
export function fromSnapshot(content: Content, stored: StoredGame, commands: readonly Command<string>[]): AnyGame {
  const game = snapshots.get(stored.id);
  snapshots.delete(stored.id);
  const n = game?.log.length ?? -1;
  // the snapshot must be where the log was then (another server process may have played on since)
  if (game && n <= commands.length && (n === 0 || JSON.stringify(game.log[n - 1]) === JSON.stringify(commands[n - 1]))) {
    if (commands.slice(n).every((command) => apply(game, command).ok)) return game;
  }
  return replay(content, stored, commands);
}

/** The game a stored start and log make: a new game, every command applied again. */
export function replay(content: Content, stored: StoredGame, commands: readonly Command<string>[]): AnyGame {
  const game = startStoredGame(content, stored);
  commands.forEach((command, i) => {
    const result = apply(game, command);
    if (!result.ok) throw new Error(`game ${stored.id}: stored command ${i + 1} no longer applies: ${result.reason}`);
  });
  return game;
}

/** The seats of a new game as stored (an AI keeps its level; open and reserved seats wait for people). */
export function seatsToStore(requests: readonly { side: string; kind: 'open' | 'ai' | 'reserved'; agent?: string }[]): StoredSeat[] {
  return requests.map((r) => (r.kind === 'ai' ? { side: r.side, kind: 'ai', agent: r.agent ?? 'normal' } : { side: r.side, kind: r.kind }));
}
