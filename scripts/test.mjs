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
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const results = (name) => fileURLToPath(new URL(`../test-results/${name}`, import.meta.url));

/** Run a command; resolves to its exit code and, if `quiet`, what it printed; `nice`: at a lower priority; `env`: added to ours. */
function run(command, args, quiet, nice = 0, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
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

/**
 * The tests. The README's `npm test` (no arguments) runs the server's tests in a vitest of their own beside
 * the other projects' vitest (each four files at a time), its output printed when it ends.
 * In one vitest, a server test waiting in line between two files of another project made vitest end
 * that project's worker and start a new one after it (`Pool.schedule` keeps a worker only for a next file
 * of its project; vite.config.ts's sequencer says more): the browser tests and the games then ran in
 * 10-14 workers each, not 4, at over a second of CPU a start. The server's files mostly wait (on their
 * servers, on timers): beside the others they use the time the others leave. With arguments (a project,
 * a file), one vitest runs them, as asked.
 * Each part writes its files' times (test/run/file-times.ts); they are put together here, for
 * `npm run test:slowest`.
 */
async function tests(args) {
  if (args.length) return [await run(bin('vitest'), ['run', ...args], false)];
  const env = { GU_TEST_STARTED_AT: String(Date.now()) };
  for (const dir of ['commands', 'cpu']) rmSync(results(dir), { recursive: true, force: true });
  const parts = await Promise.all([
    run(bin('vitest'), ['run', '--project', 'server'], true, 0, { ...env, GU_TEST_PART: 'server' }),
    run(bin('vitest'), ['run', '--project', 'e2e', '--project', 'games', '--project', 'unit'], false, 0, { ...env, GU_TEST_PART: 'others' }),
  ]);
  const times = ['server', 'others'].map((part) => results(`file-times.${part}.json`)).filter((f) => existsSync(f));
  if (times.length) {
    const files = times.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).files);
    writeFileSync(results('file-times.json'), JSON.stringify({ wallMs: Date.now() - Number(env.GU_TEST_STARTED_AT), files }, null, 1));
    for (const f of times) rmSync(f);
  }
  return parts;
}

// the type check at a lower priority: it takes the CPU the tests leave (they wait on browsers and servers for
// much of a run) and never slows them, and it still ends long before them
const typeCheck = ['--noEmit', '--tsBuildInfoFile', 'node_modules/.cache/tsgo/tsbuildinfo'];
const [types, testParts] = await Promise.all([run(bin('tsgo'), typeCheck, true, 10), tests(process.argv.slice(2))]);
for (const part of testParts) if (part.output) process.stdout.write(`\nThe server's tests (a vitest of their own, beside the others):\n${part.output}`);
process.stdout.write(types.output);
console.log(types.code === 0 ? 'Type check (tsgo --noEmit): no errors.' : `Type check (tsgo --noEmit) failed (exit code ${types.code}).`);
process.exitCode = types.code || testParts.find((part) => part.code)?.code || 0;
