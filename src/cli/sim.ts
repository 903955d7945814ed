/**
 * `npm run sim`: the headless simulator (src/cli/simulator.ts says what it takes and prints).
 */
import { runSimulator } from './simulator';

process.exitCode = runSimulator(process.argv.slice(2), (line) => console.log(line), (line) => console.error(line));
