/** Where the test run leaves its figures (test-results/, not committed). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results');

/** Each property test file's count of commands checked (test/property/count.ts). */
export const COMMANDS_DIR = join(RESULTS, 'commands');

/** Each test file's time and tests, and the run's wall time (file-times.ts). */
export const FILE_TIMES = join(RESULTS, 'file-times.json');

/** Each test file's own CPU time (file-cpu.ts). */
export const CPU_DIR = join(RESULTS, 'cpu');

/** Each test file's time in a measured run, committed: the order the files start in (vite.config.ts). */
export const DURATIONS = join(dirname(fileURLToPath(import.meta.url)), 'durations.json');
