/**
 * A simulator worker thread (see sim-workers.ts): it plays the games of a batch it is handed, a few at a
 * time, and sends each game's record back as soon as the game ends.
 */
import { parentPort } from 'node:worker_threads';
import { playRecord } from './sim-batch';
import type { FromSimWorker, ToSimWorker } from './sim-workers';

parentPort?.on('message', (m: ToSimWorker) => {
  const reply = (r: FromSimWorker) => parentPort?.postMessage(r);
  try {
    for (const index of m.indices) reply({ type: 'record', index, record: playRecord(m.batch, index) });
    reply({ type: 'ready' });
  } catch (e) {
    reply({ type: 'failed', message: (e as Error).stack ?? String(e) });
  }
});
