import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that play whole games (property tests, the simulator, the AI players and their strength):
 * most of the suite's CPU, and not the inner loop of work on the rules.
 */
const GAMES = ['test/sim/**/*.test.ts', 'test/**/random-games.test.ts', 'test/cli/**/*.test.ts', 'test/ai/**/*.test.ts'];

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
    // Two cores: vitest's default (cores - 1) runs one file at a time. The browser tests spend most of
    // their time waiting on Chromium, so a third worker keeps both cores busy.
    maxWorkers: 3,
    // and each file's time written to test-results/, for `npm run test:slowest` (.ci/run prints it)
    reporters: ['default', './test/reporters/file-times.ts'],
    // What the README's `npm test` runs, by project (`vitest run --project unit` runs one):
    projects: [
      // the unit and rules tests: `npm run test:quick`
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/server/**', ...GAMES] } },
      // whole games, every invariant checked after every command (`npm run soak` plays more of them), and the AI
      { extends: true, test: { name: 'games', include: GAMES } },
      // the game server, its clients and its database, in process and in a child process
      { extends: true, test: { name: 'server', include: ['test/server/**/*.test.ts'] } },
      // the browser tests: the game built once and served statically, one Chromium per worker (test/e2e/browser.ts)
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/global-setup.ts'], isolate: false } },
    ],
  },
});
