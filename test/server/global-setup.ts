/**
 * The server tests' global setup:
 * - one temporary folder for the run, under which every test's database gets a folder of its own
 *   (`databaseFile`, helpers.ts), removed with everything in it when the run ends. (Each test making its
 *   own folder in the system's temporary directory left one behind per database.)
 * - the game server built once for the run (src/server/build.ts, as `npm run serve` builds it), which
 *   `spawnServer` starts: through tsx's loader a server took 2.5-5 s to start, against about 0.9 s built
 *   (about 15 server processes a run). Built in about 0.2 s.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../src/server/build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the run's databases live under. */
    databaseRoot: string;
    /** The built server's main file (node runs it). */
    serverMain: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'gu-online-'));
  project.provide('databaseRoot', root);
  // inside the project, so the bundle's imports of its packages find node_modules
  const cache = join(project.config.root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const built = mkdtempSync(join(cache, 'gu-server-'));
  const removeAll = () => {
    rmSync(root, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  };
  let main: string;
  try {
    main = await buildServer(built);
  } catch (e) {
    removeAll();
    throw e;
  }
  project.provide('serverMain', main);
  return removeAll;
}
