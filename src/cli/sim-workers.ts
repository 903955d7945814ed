/**
 * The simulator's games on several worker threads (`npm run sim -- --workers N`). Each worker is handed
 * a few of the batch's games at a time and asks for more when it has played them, so a worker that drew
 * long games takes fewer; each game's record comes back as it ends and is kept at the game's index. A
 * game is a function of the batch and its index alone (its seed is `<seed>-<index>`), so the records,
 * and the summary made from them in game order, are the same whatever the number of workers.
 */
import { Worker } from 'node:worker_threads';
import type { Batch, GameRecord } from './sim-batch';

/** Main thread to worker: play these games of the batch. */
export interface ToSimWorker {
  batch: Batch;
  indices: number[];
}

/** Worker to main thread: a game's record; ready for more; or a game that threw (a bug: the run stops). */
export type FromSimWorker = { type: 'record'; index: number; record: GameRecord } | { type: 'ready' } | { type: 'failed'; message: string };

/**
 * How many games a worker is handed at once: enough that messages cost nothing beside the games, few
 * enough that the last ones to be handed out still spread over every worker.
 */
function handful(games: number, workers: number): number {
  return Math.max(1, Math.min(20, Math.floor(games / (workers * 20))));
}

/** Play every game of the batch on `workers` threads; `onRecord` hears of each game as it ends. */
export async function playInWorkers(batch: Batch, workers: number, onRecord: (index: number, record: GameRecord) => void): Promise<GameRecord[]> {
  const records: GameRecord[] = new Array(batch.games);
  const step = handful(batch.games, workers);
  let next = 0;
  const threads: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: Math.min(workers, batch.games) }, () => {
        // from its TypeScript (tsx), a worker starts through a file that registers tsx's loader; built
        // (scripts/built.mjs, as `npm run sim` runs), the worker is its own built file beside this one
        const worker = new Worker(new URL(import.meta.url.endsWith('.ts') ? './sim-worker-start.mjs' : './sim-worker.mjs', import.meta.url));
        threads.push(worker);
        return new Promise<void>((resolve, reject) => {
          const handOut = () => {
            if (next >= batch.games) return resolve();
            const indices: number[] = [];
            while (indices.length < step && next < batch.games) indices.push(next++);
            worker.postMessage({ batch, indices } satisfies ToSimWorker);
          };
          worker.on('message', (m: FromSimWorker) => {
            if (m.type === 'record') {
              records[m.index] = m.record;
              onRecord(m.index, m.record);
            } else if (m.type === 'ready') handOut();
            else reject(new Error(`a simulator worker failed: ${m.message}`));
          });
          worker.on('error', reject);
          worker.on('exit', (code) => code !== 0 && reject(new Error(`a simulator worker stopped (exit code ${code})`)));
          handOut();
        });
      }),
    );
  } finally {
    await Promise.all(threads.map((w) => w.terminate()));
  }
  return records;
}
