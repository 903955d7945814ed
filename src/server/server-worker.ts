/**
 * A worker thread of the server's own (the AI players, the SQLite writer). Run from its TypeScript (`npm run
 * serve`: tsx), a worker thread does not inherit the loader, so it starts through worker-start.mjs, which
 * registers tsx's and then loads the worker's .ts file. Run from a build (esbuild's bundle of main.ts, each
 * worker built beside it as .mjs: how the server tests spawn it, test/server/global-setup.ts), a worker is
 * its own built file and needs no loader.
 */
import { Worker } from 'node:worker_threads';

export function serverWorker(name: 'ai-worker' | 'sqlite-worker', workerData: object): Worker {
  if (import.meta.url.endsWith('.ts')) return new Worker(new URL('./worker-start.mjs', import.meta.url), { workerData: { ...workerData, module: new URL(`./${name}.ts`, import.meta.url).href } });
  return new Worker(new URL(`./${name}.mjs`, import.meta.url), { workerData });
}
