/**
 * `npm test` (and `npm run test:quick`): the type check and the tests side by side, not one after the
 * other. Its output is printed when both have ended, after the tests', so the two never interleave; the
 * exit code is the first failure's (the type check's first), 0 if both passed. The arguments are
 * vitest's: `node scripts/test.mjs --project unit`.
 *
 * The type check here is TypeScript's native compiler (`tsgo`, @typescript/native-preview: the same
 * checker ported to Go), not `tsc`: on a fresh clone it took 8.8 s of CPU against tsc's 25 s (the whole
 * project, 2026-11-29, load 6-10), and the suite is CPU-bound, so the 16 s it saves are the tests'.
 * `npm run typecheck` and `npm run build` (so CI after the tests) keep `tsc`, the project's compiler of
 * record: code must pass both (tsgo's DOM types are newer: `hidden` may be 'until-found'). Its
 * incremental record is its own (node_modules/.cache/tsgo): tsc's is another format.
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
    child.on('error', (e) => resolve({ code: 1, output: `${command}: ${e.message}${e.code === 'ENOENT' ? ' (not installed here: npm ci)' : ''}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// the type check at a lower priority: it takes the CPU the tests leave (they wait on browsers and servers for
// much of a run) and never slows them, and it still ends long before them
const typeCheck = ['--noEmit', '--tsBuildInfoFile', 'node_modules/.cache/tsgo/tsbuildinfo'];
const [types, tests] = await Promise.all([run(bin('tsgo'), typeCheck, true, 10), run(bin('vitest'), ['run', ...process.argv.slice(2)], false)]);
process.stdout.write(types.output);
console.log(types.code === 0 ? 'Type check (tsgo --noEmit): no errors.' : `Type check (tsgo --noEmit) failed (exit code ${types.code}).`);
process.exitCode = types.code || tests.code;
