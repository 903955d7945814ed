/**
 * `npm test` (and `npm run test:quick`): the type check and the tests side by side, not one after the
 * other. tsc runs on one core for about 18 s of CPU; on this 2-core machine the tests leave a core idle
 * for longer than that over a run (browsers and servers waited on), so the type check no longer adds its
 * own time to the suite's. Its output is printed when both have ended, after the tests', so the two
 * never interleave; the exit code is the first failure's (the type check's first), 0 if both passed.
 * The arguments are vitest's: `node scripts/test.mjs --project unit`.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/** Run a command; resolves to its exit code and, if `quiet`, what it printed; `nice`: at a lower priority. */
function run(command, args, quiet, nice = 0) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not allowed here: it runs at the tests' priority, as before
      }
    }
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', (e) => resolve({ code: 1, output: `${command}: ${e.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// the type check at a lower priority: it takes the CPU the tests leave (they wait on browsers and servers for
// much of a run) and never slows them, and it still ends long before them
const [types, tests] = await Promise.all([run(bin('tsc'), ['--noEmit'], true, 10), run(bin('vitest'), ['run', ...process.argv.slice(2)], false)]);
process.stdout.write(types.output);
console.log(types.code === 0 ? 'Type check (tsc --noEmit): no errors.' : `Type check (tsc --noEmit) failed (exit code ${types.code}).`);
process.exitCode = types.code || tests.code;
