/**
 * `npm run serve`'s first step after the site: the game server built to build/server/ (src/server/build.ts),
 * which it then runs with node.
 */
import { resolve } from 'node:path';
import { buildServer } from '../server/build';

try {
  console.log(`the game server, built: ${await buildServer(resolve('build/server'))}`);
} catch (e) {
  console.error(`build-server: the game server could not be built: ${(e as Error).message}`);
  process.exit(1);
}
