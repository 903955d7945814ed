/**
 * A tutorial's taught move as the board makes it [issue 56]: a move on the map is one gesture of several
 * commands (the pieces picked, then where they go), any other answer a gesture of one. Apart from the
 * compiler, so the page can gate its board by it without loading the engine.
 */
import { canonical } from '../core/engine/commands';
import type { Command, Json } from '../core/engine/types';

/**
 * The gesture the player makes from command `from` on, no further than `limit`: the player's commands the
 * script makes next, to the first that is not a piece picked. A move on the map is one gesture of several
 * commands (pick, pick, move-to); any other answer is a gesture of one.
 */
export function gestureFrom(commands: readonly { command: Command<string>; by: string }[], from: number, limit: number): Command<string>[] {
  const out: Command<string>[] = [];
  for (let i = from; i < limit; i++) {
    const c = commands[i];
    if (!c || c.by !== 'player') break;
    out.push(c.command);
    if (c.command.type !== 'pick') break;
  }
  return out;
}

/**
 * The script's commands a gesture on the board stands for: the same pieces picked, in any order (the board
 * lists a stack's counters in its own order), and the same other commands in order; null when it is not
 * the taught one.
 */
export function taughtCommands<C extends Command<string>>(sent: readonly C[], taught: readonly C[]): C[] | null {
  if (sent.length !== taught.length || !taught.length) return null;
  const picks = (cs: readonly C[]) => cs.filter((c) => c.type === 'pick').map((c) => canonical(c as unknown as Json)).sort().join('|');
  const rest = (cs: readonly C[]) => cs.filter((c) => c.type !== 'pick').map((c) => canonical(c as unknown as Json)).join('|');
  return picks(sent) === picks(taught) && rest(sent) === rest(taught) ? [...taught] : null;
}
