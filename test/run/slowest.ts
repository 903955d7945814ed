/**
 * After `npm test`: the ten slowest test files and the ten costliest by CPU time, the run's wall time and the sum of the files' times,
 * how many tests ran, and how many commands the property tests checked their invariants after (each
 * property test file writes its count to test-results/commands/). Run by `.ci/run` at its end.
 *
 *   npm run test:slowest [-- N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileTime, FileTimes } from './file-times';
import { COMMANDS_DIR, FILE_TIMES } from './paths';

const count = Number(process.argv[2] ?? 10);
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

const counts = existsSync(COMMANDS_DIR) ? readdirSync(COMMANDS_DIR).filter((f) => f.endsWith('.json')) : [];
const checked = counts.map((f) => JSON.parse(readFileSync(join(COMMANDS_DIR, f), 'utf8')) as { file: string; commands: number });
const ran = new Set(times.files.map((f) => f.file));
const fresh = checked.filter((c) => ran.has(c.file));
if (fresh.length) {
  const total = fresh.reduce((n, c) => n + c.commands, 0);
  console.log(`Property tests checked their invariants after ${total.toLocaleString('en')} commands: ${fresh.map((c) => `${c.file} ${c.commands.toLocaleString('en')}`).join(', ')}`);
}
