/**
 * `npm run sim` and `npm run bench`: the simulator built to JavaScript by esbuild and run by node, not through
 * tsx, as the game server runs (src/server/build.ts). tsx compiles each file with esbuild's `keepNames`, which
 * names every function made at run time again (a call and a defineProperty each), and the rules make closures
 * at every decision: built, a random songs-of-the-verdant-drift game took about 10% less of its thread's CPU
 * (fresh processes alternating, 00:40, load 10-13). The games are the same code, and the same games.
 *
 *   node scripts/built.mjs <sim|bench> [the program's own arguments]
 *
 * Built in well under a second into build/cli-<pid>/ (each run its own folder, removed when the run ends, so
 * two runs at once never write over each other's files; inside the project, so the bundle finds its packages
 * in node_modules), then imported here: the program sees its own arguments from `process.argv[2]` as under
 * tsx. Dynamic imports stay chunks of their own, loaded only if asked (the bench's render and online parts),
 * and source maps are on, so a stack trace or the bench's `--profile` names the TypeScript files and lines.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROGRAMS = ['sim', 'bench'];
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const program = process.argv[2];
if (!PROGRAMS.includes(program)) {
  console.error(`built.mjs: say which program to run: ${PROGRAMS.join(' or ')}`);
  process.exit(2);
}
process.argv.splice(2, 1);

const outdir = join(ROOT, 'build', `cli-${process.pid}`);
process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));
// and the folders of runs that were killed before they could remove theirs (their process is gone)
for (const name of existsSync(join(ROOT, 'build')) ? readdirSync(join(ROOT, 'build')) : []) {
  const pid = /^cli-(\d+)$/.exec(name)?.[1];
  if (pid && !running(Number(pid))) rmSync(join(ROOT, 'build', name), { recursive: true, force: true });
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM'; // someone else's process: running
  }
}
await build({
  // worker threads load their own file, beside the program: the simulator's (sim-workers.ts), and the
  // SQLite writer of the bench's durability check (src/server/server-worker.ts)
  entryPoints: [join(ROOT, 'src/cli', `${program}.ts`), join(ROOT, 'src/cli/sim-worker.ts'), join(ROOT, 'src/server/sqlite-worker.ts')],
  entryNames: '[name]',
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(outdir, `${program}.mjs`)).href);
