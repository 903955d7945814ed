/**
 * Each test file's own CPU time (set up for every file: vite.config.ts, `setupFiles`): the time its worker
 * spent on the CPU from before the file was imported to after its last test, written to
 * test-results/cpu/ for file-times.ts to add to file-times.json. On a machine others share, a file's
 * wall time is mostly how busy the machine was; its CPU time is what the file costs. It is the worker's
 * own, without the processes a file starts (Chromium, a server, a database), which do their work apart.
 * With it, when the file started and ended and in which worker: the run's timeline (`npm run test:slowest`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll } from 'vitest';
import { CPU_DIR } from './paths';

// (this module runs again before every file, before the file is imported: its import is counted)
const started = process.cpuUsage();
const startedAt = Date.now();
// (vitest reads the first argument as fixtures, so it must be a pattern: none are used here)
afterAll(({}, suite) => {
  const used = process.cpuUsage(started);
  const task = suite as unknown as { filepath?: string; file?: { filepath?: string } };
  const file = relative(process.cwd(), task.filepath ?? task.file?.filepath ?? '');
  if (!file) return;
  mkdirSync(CPU_DIR, { recursive: true });
  writeFileSync(join(CPU_DIR, `${file.replace(/[\\/]/g, '__')}.json`), JSON.stringify({ file, cpuMs: Math.round((used.user + used.system) / 1000), startedAt, endedAt: Date.now(), worker: process.pid }));
});
