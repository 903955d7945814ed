/**
 * The server tests' global setup:
 * - one temporary folder for the run, under which every test's database gets a folder of its own
 *   (`databaseFile`, helpers.ts), removed with everything in it when the run ends. (Each test making its
 *   own folder in the system's temporary directory left one behind per database.)
 * - the game server built once for the run (esbuild: main.ts bundled, each worker thread beside it, the
 *   packages left to node_modules), which `spawnServer` starts. The same source as `npm run serve` runs
 *   through tsx, without the loader: tsx resolves and loads each of the server's few hundred modules through
 *   its hooks thread, and a server took 2.5-5 s to start that way against about 0.9 s built (about 15
 *   server processes a run). Built in about 0.2 s.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

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
  try {
    await build({
      entryPoints: ['main', 'ai-worker', 'sqlite-worker'].map((name) => join(project.config.root, 'src/server', `${name}.ts`)),
      outdir: built,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
  } catch (e) {
    removeAll();
    throw e;
  }
  project.provide('serverMain', join(built, 'main.mjs'));
  return removeAll;
}
