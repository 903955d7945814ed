import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The tests that play whole games (property tests, the simulator, the AI players and their strength):
 * most of the suite's CPU, and not the inner loop of work on the rules.
 */
const GAMES = ['test/sim/**/*.test.ts', 'test/**/random-games.test.ts', 'test/cli/**/*.test.ts', 'test/ai/**/*.test.ts'];

/**
 * Each test file's time in a measured run (test/run/durations.json; `npm run test:slowest -- --save`
 * writes it from the last run): how long a file takes, on a fresh clone too, where vitest has timed
 * nothing yet and would start the largest files first, a long file of a few lines last.
 */
const MEASURED = JSON.parse(readFileSync(new URL('./test/run/durations.json', import.meta.url), 'utf8')) as Record<string, number>;

/**
 * The order test files start in: the browser tests, then the whole games, each project's longest first,
 * the server's files in turn among them, and the many short unit and rules tests last, to fill the
 * workers as the long files end. A file's length is its time in vitest's last run here, else its
 * measured time, else unknown: those start first (a new file may be long).
 *
 * One project after the other, because vitest (4.1, `Pool.schedule`) keeps a worker whose file ended
 * only when the next file waiting is of the same project: it ends it otherwise, and starts another for
 * that file, at about a second of CPU a start (a browser-test worker starts its own Chromium too). Taken
 * in turn (a browser test, a whole game, a server test...), the browser tests ran in 10-14 workers a run
 * and the games in 11-14, where one after the other they run in at most four each. `npm test` runs the
 * server's files in a vitest of their own beside this one (scripts/test.mjs), so none comes between two
 * files of another project here.
 */
class ProjectsInOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const length = (f: TestSpecification): number => {
      const file = relative(root, f.moduleId);
      return this.ctx.cache.getFileTestResults(`${f.project.name}:${file}`)?.duration ?? (MEASURED[file] ?? Number.MAX_SAFE_INTEGER / 1000) * 1000;
    };
    const sorted = [...files].sort((a, b) => length(b) - length(a));
    const of = (name: string) => sorted.filter((f) => f.project.name === name);
    const long = [...of('e2e'), ...of('games')];
    const server = of('server');
    const inTurn: TestSpecification[] = [];
    while (long.length || server.length) for (const q of [long, server]) if (q.length) inTurn.push(q.shift()!);
    return [...inTurn, ...sorted.filter((f) => !['e2e', 'games', 'server'].includes(f.project.name))];
  }
}

// One config for the game (vite) and its tests (vitest).
export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
  test: {
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two cores: vitest's default (cores - 1) runs one file at a time. Most files spend most of their time
    // waiting (on Chromium, a server, a timer): with three workers the whole run took 268 s of CPU in all its
    // processes at load 15-22 (the workers' 158 s of it, against 120 s in a quiet run of 210 s), so about
    // 200 s quiet: half of what two cores give in 210 s. A fourth file runs beside the three.
    // `npm test -- --maxWorkers=3` runs three at once. (`npm test` runs the server's tests in a vitest of their
    // own beside the others', four at a time too: they wait on their servers and timers most of the time.)
    maxWorkers: 4,
    // and each file's time written to test-results/, for `npm run test:slowest` (.ci/run prints it)
    reporters: ['default', './test/run/file-times.ts'],
    // and each file's own CPU time beside it: what a file costs, however busy the machine
    setupFiles: ['./test/run/file-cpu.ts'],
    // the long browser tests first, then the whole games, the short tests last
    sequence: { sequencer: ProjectsInOrderSequencer },
    // What the README's `npm test` runs, by project (`vitest run --project unit` runs one):
    projects: [
      // the unit and rules tests: `npm run test:quick`. A worker's files share its modules (the content and
      // the rules imported once a worker, not once a file: a tenth of the time); so a test file leaves
      // no global behind (fake timers, stubbed globals: undone in afterEach)
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/server/**', ...GAMES], isolate: false } },
      // whole games, every invariant checked after every command (`npm run soak` plays more of them), and the AI;
      // like the unit tests, a worker's files share its modules (the content and rules imported once a worker)
      { extends: true, test: { name: 'games', include: GAMES, isolate: false } },
      // the game server, its clients and its database, in process and in a child process; a worker's files share its
      // modules, as above (each file closes the servers it started: a worker's next file starts its own), so the
      // server's 15 files start 4 workers, not 15 (48.2-49.2 s of CPU against 55.6-61.9 s for the project, load 11-23)
      { extends: true, test: { name: 'server', include: ['test/server/**/*.test.ts'], globalSetup: ['test/server/global-setup.ts'], isolate: false } },
      // the browser tests: the game built once and served statically, one Chromium per worker (test/e2e/browser.ts)
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/global-setup.ts'], isolate: false } },
    ],
  },
});
