/**
 * The game server built to JavaScript (esbuild): main.ts bundled, each worker thread (server-worker.ts)
 * beside it as a file of its own, the packages left to node_modules, so the folder it goes to must be inside
 * the project. `npm run serve` runs the server so (src/cli/build-server.ts), and so do the bench and the
 * server tests. Through tsx instead, every module is loaded through tsx's hooks thread (a server took 2.5-5 s
 * to start, against about 0.9 s built), and tsx compiles with esbuild's `keepNames`, which names every
 * function made at run time again (a call each): with 50 rooms at once the server built spends about 10%
 * less of its main thread per command, and about 20% less CPU in all [issue 55]. Built in about 0.2 s.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root (this file is src/server/build.ts). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Build the server into `outdir` (inside the project); resolves to the file node runs (main.mjs). */
export async function buildServer(outdir: string): Promise<string> {
  await build({
    entryPoints: ['main', 'ai-worker', 'sqlite-worker'].map((name) => join(ROOT, 'src/server', `${name}.ts`)),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return join(outdir, 'main.mjs');
}
