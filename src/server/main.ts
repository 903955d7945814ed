/**
 * `npm run serve`: the game server and the built site on one port [issue 27].
 *
 *   npm run serve [-- --port 2567] [--host 127.0.0.1] [--database data/games.sqlite]
 *                 [--max-database-mb N] [--busy-timeout-ms 250] [--empty-room-seconds 30]
 *                 [--games-per-minute 20] [--joins-per-minute 120] [--lobby-per-minute 120]
 *                 [--seat-ms-per-second 250] [--seat-burst-ms 3000] [--trust-proxy] [--warm-up-commands 4000]
 *                 [--network-warm-up-rooms 8] [--network-warm-up-commands 400]
 *
 *   DATABASE_URL=postgres://user@host:5432/db  keep the games in PostgreSQL (else --database, SQLite)
 *   REDIS_URL=redis://host:6379                 share matchmaking with every process on that Redis
 *   PUBLIC_ADDRESS=host:port (or host/path)     where clients reach this process's rooms (with REDIS_URL)
 *
 * It prints the address to open; the games are kept in the database, so stopping and starting the server
 * again loses none of them. With both variables, any number of processes (on any ports or machines) serve
 * the same games behind one address [issue 55]. The limits are the README's (Online play).
 *
 * `npm run serve` runs the server built to JavaScript (build.ts: build/server/main.mjs), not through tsx,
 * and gives V8 semi-spaces of 64 MB, not 16 (`--max-semi-space-size=64`; start the server with
 * it however you start it): with 50 games at once, V8's helper threads (garbage collection, compiling) used
 * about a third of the server's CPU per command, beside its main thread. Measured with two servers at once,
 * one with the flag and one without, three times [issue 55]: CPU per command (all threads) 4-11% less, the
 * main thread's 2-6% less. The young generation may then hold more memory (the bench says how much per room).
 *
 * Before it listens, the server plays `--warm-up-commands` commands (4,000; 0 for none) of games of every
 * online ruleset in process (warm-up.ts), so that V8 has compiled the engine and the states' making before
 * the first player comes rather than while the first players play: a few seconds of one core at the start,
 * and the memory V8 grew to meanwhile (docs/architecture.md, "The warm-up"). Then it plays
 * `--network-warm-up-rooms` games (8; 0 for none) at once, each to its end or to `--network-warm-up-commands`
 * commands (400), over real sockets on a loopback port of its own
 * (network-warm-up.ts), so that what carries the games (HTTP, websockets, Colyseus, the store's calls) is
 * compiled too; nothing of them is kept, and its own port opens only after. `--warm-up-commands 0` skips both.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startGameServer } from './game-server';
import { where } from './store';
import { warmUp } from './warm-up';
import { DEFAULT_ROOM_COMMANDS, DEFAULT_ROOMS, warmUpNetwork } from './network-warm-up';
import { bundledContent } from '../core/content/bundled';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

const port = Number(arg('port', process.env.PORT ?? '2567'));
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve: --port must be a port number (1-65535), got "${arg('port', '')}"`);
  process.exit(2);
}
const host = arg('host', '127.0.0.1');

/** A numeric flag: absent gives `fallback`; anything but a number from `min` stops the server with a message. */
function numberArg(name: string, fallback: number | undefined, min: number): number | undefined {
  const text = arg(name, '');
  if (text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) {
    console.error(`serve: --${name} must be a number from ${min}, got "${text}"`);
    process.exit(2);
  }
  return value;
}
const maxDatabaseMegabytes = numberArg('max-database-mb', undefined, 0.01);
const limits = {
  busyTimeoutMs: numberArg('busy-timeout-ms', 250, 0),
  emptyRoomSeconds: numberArg('empty-room-seconds', 30, 0.1),
  gamesPerMinute: numberArg('games-per-minute', 20, 1),
  joinsPerMinute: numberArg('joins-per-minute', 120, 1),
  lobbyPerMinute: numberArg('lobby-per-minute', 120, 1),
  seatMsPerSecond: numberArg('seat-ms-per-second', 250, 1),
  seatBurstMs: numberArg('seat-burst-ms', 3000, 1),
  trustProxy: process.argv.includes('--trust-proxy'),
  ...(maxDatabaseMegabytes !== undefined ? { maxDatabaseMegabytes } : {}),
};
const postgres = process.env.DATABASE_URL ?? '';
if (postgres && !/^postgres(ql)?:\/\//.test(postgres)) {
  console.error(`serve: DATABASE_URL must be a PostgreSQL address (postgres://user@host:port/database), got "${postgres.slice(0, 20)}..."`);
  process.exit(2);
}
const redis = process.env.REDIS_URL ?? '';
if (redis && !/^rediss?:\/\//.test(redis)) {
  console.error(`serve: REDIS_URL must be a Redis address (redis://host:port), got "${redis.slice(0, 20)}..."`);
  process.exit(2);
}
const publicAddress = arg('public-address', process.env.PUBLIC_ADDRESS ?? '');
if (redis && !publicAddress) console.warn(`serve: with REDIS_URL, each process needs PUBLIC_ADDRESS (where clients reach its rooms); without it a seat reserved through another process cannot connect here`);
const database = postgres || arg('database', 'data/games.sqlite');
if (!postgres && database !== ':memory:') mkdirSync(dirname(resolve(database)), { recursive: true });

// a promise some library lets fail unheard (Colyseus' matchmaking while Redis is away) is said, never the
// end of the process: the games at their tables play on
process.on('unhandledRejection', (reason) => console.error(`serve: a background task failed: ${(reason as Error)?.message ?? String(reason)}`));

// [issue 55] the engine and the states' making compiled before the first player comes (warm-up.ts)
const warmUpCommands = numberArg('warm-up-commands', 4000, 0) as number;
const content = bundledContent();
if (warmUpCommands > 0) {
  try {
    const warm = warmUp(content, warmUpCommands);
    console.log(`warmed up: ${warm.commands} commands of ${warm.games.length} games played in process in ${(warm.ms / 1000).toFixed(1)} s`);
  } catch (e) {
    // a fault in some ruleset's game is the test suite's to find; the server starts cold, serving the rest
    console.error(`serve: the warm-up failed (${(e as Error).message}); the server starts without it`);
  }
}
const networkWarmUpRooms = warmUpCommands > 0 ? (numberArg('network-warm-up-rooms', DEFAULT_ROOMS, 0) as number) : 0;
if (networkWarmUpRooms > 0) {
  try {
    const warm = await warmUpNetwork(content, Math.round(networkWarmUpRooms), Math.round(numberArg('network-warm-up-commands', DEFAULT_ROOM_COMMANDS, 1) as number));
    console.log(`warmed up over the network: ${warm.commands} commands of ${warm.games.length} games played on a loopback port in ${(warm.ms / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`serve: the network warm-up failed (${(e as Error).message}); the server starts without it`);
  }
}

try {
  const server = await startGameServer({ content, port, host, database, ...(redis ? { redis } : {}), ...(publicAddress ? { publicAddress } : {}), site: resolve('dist'), ...limits });
  const kept = postgres ? `PostgreSQL at ${where(postgres)}` : database;
  console.log(`Galactic Uprising game server: ${server.url}  (games kept in ${kept}${redis ? `; matchmaking shared through Redis at ${where(redis)}` : ''})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`serve: the server could not start: ${(e as Error).message}`);
  process.exit(1);
}
