/**
 * `npm run sim`: the headless simulator (src/cli/simulator.ts says what it takes and prints), its games on
 * as many threads as the machine has cores unless `--workers` says otherwise; on a terminal, the progress
 * of a long run on one line of stderr.
 *
 * `npm run sim` (and `npm run bench`) give V8 semi-spaces of 64 MB, not 16 (`--max-semi-space-size=64` in
 * package.json; V8's flags are the process's, so the worker threads have it too): nearly all of a game's
 * garbage dies young, and in the smaller young generation the scavenger ran often enough to cost about a
 * tenth of a random game (300 start-of-rebellion games by the games' thread's CPU, alternating at load
 * ~22: 167 and 146 games/s without, 192 and 161 with). It costs up to 128 MB more resident memory.
 */
import { availableParallelism } from 'node:os';
import { runSimulator, type Progress } from './simulator';

const progress: Progress | undefined = process.stderr.isTTY ? (line) => process.stderr.write(line === null ? '\r\x1b[K' : `\r${line}\x1b[K`) : undefined;

process.exitCode = await runSimulator(process.argv.slice(2), (line) => console.log(line), (line) => console.error(line), { defaultWorkers: availableParallelism(), progress });
