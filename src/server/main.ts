/**
 * `npm run serve`: the game server and the built site on one port [issue 27].
 *
 *   npm run serve [-- --port 2567] [--host 127.0.0.1] [--database data/games.sqlite]
 *                 [--max-database-mb N] [--busy-timeout-ms 250] [--empty-room-seconds 30]
 *                 [--games-per-minute 20] [--joins-per-minute 120] [--trust-proxy]
 *
 * It prints the address to open; the games are kept in the database file, so stopping and starting
 * the server again loses none of them. The limits are the README's (Online play).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startGameServer } from './game-server';

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
  trustProxy: process.argv.includes('--trust-proxy'),
  ...(maxDatabaseMegabytes !== undefined ? { maxDatabaseMegabytes } : {}),
};
const database = arg('database', 'data/games.sqlite');
if (database !== ':memory:') mkdirSync(dirname(resolve(database)), { recursive: true });

try {
  const server = await startGameServer({ port, host, database, site: resolve('dist'), ...limits });
  console.log(`Galactic Uprising game server: ${server.url}  (games kept in ${database})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`serve: the server could not start: ${(e as Error).message}`);
  process.exit(1);
}
