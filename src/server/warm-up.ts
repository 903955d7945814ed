/**
 * A fresh server's warm-up [issue 55]: before it listens, `npm run serve` plays short games of every online
 * ruleset in process, each command as a room handles one (its shape checked, applied by the engine) and each
 * state made as a room makes it for its seats' screens (room-audience.ts: the side's view and what changed
 * in it, the events in names, the screen's facts, the JSON frame), sent nowhere; each game's hash at its end.
 *
 * Why: V8 compiles a function to fast code only after it has run a while, and it does so on helper threads
 * that share the machine's cores with everything else. A server started cold spent its first thousands of
 * commands at about half again the CPU a command (0.96 ms against 0.60 warm, with 50 rooms at once), and
 * its first players' round trips paid for it (docs/architecture.md, "A fresh server against a warm one").
 * Played here, that compiling is done before the first player comes. What it does not reach (the sockets,
 * Colyseus, the store's thread) is a small part of a command's time.
 *
 * Nothing of it is kept: no store, no room, no matchmaking; the games' seeds are the warm-up's own.
 */
import { performance } from 'node:perf_hooks';
import type { Content } from '../core/content/validate';
import { apply, stateHash } from '../core/engine/game';
import { commandShapeProblem } from '../core/engine/commands';
import type { AnyGame, Command } from '../core/engine/types';
import { Rng } from '../core/rng';
import { Audience, type Recipient } from './room-audience';
import { ONLINE_RULESETS, startStoredGame } from './online-rulesets';

/** What the warm-up did: the games (`ruleset/scenario` each), the commands played (each sent to every seat
 * of its game), those the engine refused (none: each is one of its own options), and its time. */
export interface WarmUp {
  games: string[];
  commands: number;
  refused: number;
  ms: number;
}

/**
 * Play `commands` commands in all (about), a game at a time, the rulesets in turn and each ruleset's
 * scenarios in turn, every seat a screen answering at random. A game is left at `gameCommands` (a long one
 * need not end: the compiler has seen its code by then).
 */
export function warmUp(content: Content, commands = 4000, gameCommands = 300): WarmUp {
  const started = performance.now();
  const rng = Rng.fromSeed('warm-up');
  const rulesets = Object.values(ONLINE_RULESETS).map((online) => ({ online, scenarios: [...online.ruleset.scenarios(content).keys()] }));
  let played = 0;
  let refused = 0;
  const games: string[] = [];
  while (played < commands) {
    const { online, scenarios } = rulesets[games.length % rulesets.length]!;
    const scenario = scenarios[Math.floor(games.length / rulesets.length) % scenarios.length]!;
    const game = startStoredGame(content, { ruleset: online.id, scenario, seed: `warm-up-${games.length}`, seedHash: 'sha256', options: online.warmUpOptions ?? {} });
    games.push(`${online.id}/${scenario}`);
    const sides = online.seatsOf(game);
    const audience = new Audience();
    const nowhere: Recipient[] = sides.map((side) => {
      audience.seat(`warm-up-${side}`, side, true);
      return { sessionId: `warm-up-${side}`, enqueueRaw: () => {} };
    });
    const seats = sides.map((side) => ({ side, kind: 'human' as const }));
    const send = () => audience.sendStates(nowhere, game, online, seats, {});
    send();
    for (let n = 0; n < gameCommands && played < commands && !game.winner && game.pending; n++, played++) {
      // as it comes off the wire: a new object, not the option itself (V8 learns the shapes it will meet)
      const command = JSON.parse(JSON.stringify(rng.pick(game.pending.options))) as Command<string>;
      if (commandShapeProblem(command, sides) || !apply(game as AnyGame, command).ok) {
        refused++;
        break;
      }
      send();
    }
    if (game.winner) stateHash(game);
  }
  return { games, commands: played, refused, ms: performance.now() - started };
}
