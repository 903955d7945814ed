/**
 * A fresh server's network warm-up [issue 55]: after the in-process warm-up (warm-up.ts) and before the
 * server listens on its own port, a server of its own on a loopback port, with a store in memory, is played
 * through by bot clients over real websockets, as players play: games made (POST /api/games), seats
 * reserved and joined as screens, commands sent and each state received, seats left, rooms disposed. Then
 * that server is closed, and the server players reach is started as if none had been.
 *
 * Why: the in-process warm-up reaches the engine and the states' making, not what carries them. A server
 * fresh from it still compiled about 600 functions in its first 50 rooms' games, against about 200 in the
 * next 50 (V8's --trace-opt), and deoptimized 119 against 20: Node's sockets, streams and async hooks,
 * HTTP, ws and msgpack, Colyseus' rooms and matchmaker, the store's calls; most of the fresh server's extra
 * CPU a command was V8's helper threads compiling (docs/architecture.md, "The warm-up").
 *
 * It leaves no trace (test/server/network-warm-up.test.ts): its games are kept in a store of its own, in
 * memory, closed with it; its matchmaking is Colyseus' in-process one even when the server shares Redis
 * (nothing is written there); its rate limits are its own; the games' snapshots it left are forgotten; and
 * it listens only on 127.0.0.1, on a port of its own, closed before the server's own port opens.
 */
import { performance } from 'node:perf_hooks';
import type { Content } from '../core/content/validate';
import { botPlay, type RoundTrip } from '../online/bots';
import { createOnlineGame, OnlineSeat } from '../online/client';
import type { NewOnlineGame } from '../online/protocol';
import { freePort } from './free-port';
import { forgetSnapshot } from './game-snapshots';
import { startGameServer } from './game-server';
import { ONLINE_RULESETS, startStoredGame } from './online-rulesets';

/** What the network warm-up did: the games played (`ruleset/scenario` each), the commands applied, its time. */
export interface NetworkWarmUp {
  games: string[];
  commands: number;
  ms: number;
}

/** The games the network warm-up plays at once, and the commands of each at most (`warmUpNetwork`). */
export const DEFAULT_ROOMS = 8;
export const DEFAULT_ROOM_COMMANDS = 400;

/** Limits a real server keeps per address: the warm-up's bots all come from one, and are not limited. */
const UNLIMITED = 1_000_000;

/**
 * Play `rooms` games at once over the network, each to its end or to `roomCommands` commands applied: the
 * online rulesets in turn (the first ruleset's first scenario, the one the load check plays, in every other
 * room), each seat a bot at a screen answering at random.
 *
 * How many at once matters beyond the code it reaches: V8 compiles the engine's world code for the world
 * objects it has met, and some mixes of games leave the first players' worlds with an internal map that code
 * has not met, and some 40 of the world's functions are deoptimized at once in their first seconds (traced:
 * "wrong map" at bitecs's `ctx.entityMasks`, inlined in `has`, `isShip`, `charactersIn`...). Which mix does
 * it moved with the world code itself (docs/architecture.md, "What a fresh round's tail is"): on main at
 * 5840053, 8 games of 400 commands leave none in the first 50 players' games, and 50 of 60 leave 52.
 */
export async function warmUpNetwork(content: Content, rooms = DEFAULT_ROOMS, roomCommands = DEFAULT_ROOM_COMMANDS): Promise<NetworkWarmUp> {
  const started = performance.now();
  const port = await freePort();
  const server = await startGameServer({
    content,
    port,
    host: '127.0.0.1',
    database: ':memory:',
    aiWorkers: 1,
    gamesPerMinute: UNLIMITED,
    joinsPerMinute: UNLIMITED,
    lobbyPerMinute: UNLIMITED,
  });
  const rulesets = Object.values(ONLINE_RULESETS);
  const games: string[] = [];
  const gameIds: string[] = [];
  let commands = 0;
  const playRoom = async (i: number) => {
    const online = rulesets[i % 2 === 0 ? 0 : Math.floor(i / 2) % rulesets.length]!;
    const scenarios = [...online.ruleset.scenarios(content).keys()];
    const scenario = scenarios[i % 2 === 0 ? 0 : Math.floor(i / 2 / rulesets.length) % scenarios.length]!;
    const options = online.warmUpOptions ?? {};
    const sides = online.seatsOf(startStoredGame(content, { ruleset: online.id, scenario, seed: 'warm-up', seedHash: 'sha256', options }));
    const game: NewOnlineGame = { ruleset: online.id, scenario, options, seats: sides.map((side) => ({ side, kind: 'open' as const })) };
    const made = await createOnlineGame(server.url, game, sides[0]);
    gameIds.push(made.gameId);
    games.push(`${online.id}/${scenario}`);
    const seats = [await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token!, screen: true })];
    for (const side of sides.slice(1)) seats.push(await OnlineSeat.join(server.url, { gameId: made.gameId, side, screen: true }));
    // the room is done when its game is, or at `roomCommands`: the first seat to see it ends the room (another
    // may be waiting for a decision that will not come), and no seat sends more
    const applied: RoundTrip[] = [];
    await Promise.race(seats.map((seat, k) => botPlay(seat, `warm-up-${i}-${k}`, applied, () => applied.length >= roomCommands)));
    commands += applied.length;
    await Promise.all(seats.map((seat) => seat.leave()));
  };
  try {
    await Promise.all(Array.from({ length: rooms }, (_, i) => playRoom(i)));
  } finally {
    await server.close();
    for (const id of gameIds) forgetSnapshot(id);
  }
  return { games, commands, ms: performance.now() - started };
}
