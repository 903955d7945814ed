/**
 * After `npm test`: the ten slowest test files and the ten costliest by CPU time, the run's wall time and the sum of the files' times,
 * how many tests ran, and how many commands the property tests checked their invariants after (each
 * property test file writes its count to test-results/commands/). Run by `.ci/run` at its end.
 *
 *   npm run test:slowest [-- N]
 *   npm run test:slowest -- --save   also writes each file's time to test/run/durations.json, the order
 *                                    files start in (vite.config.ts): after a whole run on a quiet machine
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileTime, FileTimes } from './file-times';
import { COMMANDS_DIR, DURATIONS, FILE_TIMES } from './paths';

const save = process.argv.includes('--save');
const count = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 10);
if (!existsSync(FILE_TIMES)) {
  console.error(`no ${FILE_TIMES}: run the tests first (npm test)`);
  process.exit(1);
}
const times = JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as FileTimes;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sum = times.files.reduce((n, f) => n + f.ms, 0);
const tests = times.files.reduce((n, f) => n + f.tests, 0);

const cpuSum = times.files.reduce((n, f) => n + (f.cpuMs ?? 0), 0);
const line = (f: FileTime) =>
  `  ${seconds(f.ms).padStart(9)}  ${(f.cpuMs === null || f.cpuMs === undefined ? '' : `${seconds(f.cpuMs)} CPU`).padStart(11)}  ${f.file} (${f.project}, ${f.tests} test${f.tests === 1 ? '' : 's'}${f.state === 'passed' ? '' : `, ${f.state}`})`;
console.log(`\nThe ${Math.min(count, times.files.length)} slowest test files (import, hooks and tests), and each one's own CPU time (its worker's, not the browser's or a server's):`);
for (const f of [...times.files].sort((a, b) => b.ms - a.ms).slice(0, count)) console.log(line(f));
console.log(`\nThe ${Math.min(count, times.files.length)} costliest by CPU time (what a file costs, however busy the machine was):`);
for (const f of [...times.files].sort((a, b) => (b.cpuMs ?? 0) - (a.cpuMs ?? 0)).slice(0, count)) console.log(line(f));
console.log(`${times.files.length} files, ${tests.toLocaleString('en')} tests: ${seconds(times.wallMs)} wall time, ${seconds(sum)} the files' times added up, ${seconds(cpuSum)} of CPU in the test workers`);

// The run's timeline: the suite's wall time is its workers' longest chain, so a long file that starts late, or a
// stretch with workers idle, shows here (not in the files' times added up).
const timed = times.files.filter((f): f is FileTime & { startMs: number; endMs: number } => f.startMs !== undefined && f.endMs !== undefined);
if (timed.length) {
  const step = 20_000;
  const busy: string[] = [];
  for (let t = 0; t < times.wallMs; t += step) {
    // the files running in this stretch, on average (the workers kept busy)
    const overlap = timed.reduce((n, f) => n + Math.max(0, Math.min(f.endMs, t + step) - Math.max(f.startMs, t)), 0);
    busy.push((overlap / Math.min(step, times.wallMs - t)).toFixed(1));
  }
  console.log(`Files running at once, each ${step / 1000} s from the start: ${busy.join(' ')}`);
  console.log('The last files to end (started and ended, seconds from the run\'s start):');
  for (const f of [...timed].sort((a, b) => b.endMs - a.endMs).slice(0, 5)) console.log(`  ${seconds(f.startMs).padStart(9)} -> ${seconds(f.endMs).padStart(8)}  ${f.file}`);
}

const counts = existsSync(COMMANDS_DIR) ? readdirSync(COMMANDS_DIR).filter((f) => f.endsWith('.json')) : [];
const checked = counts.map((f) => JSON.parse(readFileSync(join(COMMANDS_DIR, f), 'utf8')) as { file: string; commands: number });
const ran = new Set(times.files.map((f) => f.file));
const fresh = checked.filter((c) => ran.has(c.file));
if (fresh.length) {
  const total = fresh.reduce((n, c) => n + c.commands, 0);
  console.log(`Property tests checked their invariants after ${total.toLocaleString('en')} commands: ${fresh.map((c) => `${c.file} ${c.commands.toLocaleString('en')}`).join(', ')}`);
}

if (save) {
  // the files of this run, the longest first; a file this run did not have keeps its last measure
  const last = existsSync(DURATIONS) ? (JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>) : {};
  const measured = { ...last, ...Object.fromEntries(times.files.map((f) => [f.file, Math.round(f.ms / 100) / 10])) };
  for (const file of Object.keys(measured)) if (!existsSync(file)) delete measured[file];
  const sorted = Object.fromEntries(Object.entries(measured).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 1)}\n`);
  console.log(`Each file's time written to ${DURATIONS}: the order the files start in, longest first (vite.config.ts).`);
}
