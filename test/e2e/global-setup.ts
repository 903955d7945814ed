/**
 * The browser tests' global setup: the game is built once (`vite build`, as it ships) and served
 * statically on a free loopback port for every browser test file of the run; the online tests' game
 * server serves the same build. The setup returns while it builds (the run's other tests start at once);
 * a browser test's session waits for the build (browser.ts). Tests read the address and the folder with `inject('e2eUrl')` and
 * `inject('e2eSite')` (browser.ts does it for them).
 */
import { serveBuiltGame } from './serve-built';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built game's address, ending in '/'. */
    e2eUrl: string;
    /** The folder the game was built into. */
    e2eSite: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // the build goes on while the run starts: the other projects' tests need none of it, and a browser test
  // waits for it when it starts its session (browser.ts)
  const game = await serveBuiltGame({ wait: false });
  project.provide('e2eUrl', game.url);
  project.provide('e2eSite', game.site);
  return () => game.close();
}
