/**
 * `npm run serve`: the game server and the built site on one port [issue 27].
 *
 *   npm run serve [-- --port 2567] [--host 127.0.0.1] [--database data/games.sqlite]
 *
 * It prints the address to open; the games are kept in the database file, so stopping and starting
 * the server again loses none of them.
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
const database = arg('database', 'data/games.sqlite');
if (database !== ':memory:') mkdirSync(dirname(resolve(database)), { recursive: true });

try {
  const server = await startGameServer({ port, host, database, site: resolve('dist') });
  console.log(`Galactic Uprising game server: ${server.url}  (games kept in ${database})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`serve: the server could not start: ${(e as Error).message}`);
  process.exit(1);
}
