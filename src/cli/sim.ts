/**
 * `npm run sim`: the headless simulator (src/cli/simulator.ts says what it takes and prints), its games on
 * as many threads as the machine has cores unless `--workers` says otherwise; on a terminal, the progress
 * of a long run on one line of stderr.
 */
import { availableParallelism } from 'node:os';
import { runSimulator, type Progress } from './simulator';

const progress: Progress | undefined = process.stderr.isTTY ? (line) => process.stderr.write(line === null ? '\r\x1b[K' : `\r${line}\x1b[K`) : undefined;

process.exitCode = await runSimulator(process.argv.slice(2), (line) => console.log(line), (line) => console.error(line), { defaultWorkers: availableParallelism(), progress });
