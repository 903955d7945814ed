/**
 * The browser tests' global setup: the game is built once (`vite build`, as it ships) and served
 * statically on a free loopback port for every browser test file of the run; the online tests' game
 * server serves the same build. Tests read the address and the folder with `inject('e2eUrl')` and
 * `inject('e2eSite')` (browser.ts does it for them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { build } from 'vite';
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
  const site = mkdtempSync(join(tmpdir(), 'gu-e2e-site-'));
  await build({ logLevel: 'error', build: { outDir: site, emptyOutDir: true } });
  const app = express();
  app.use(express.static(site));
  // as `vite` and `vite preview` do (appType 'spa'): any other path gets the page (the online lobby's
  // /api/games, asked of a site with no game server, is answered so, not with a 404 in the console)
  app.use((_req, res) => res.sendFile(join(site, 'index.html')));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  project.provide('e2eUrl', `http://127.0.0.1:${port}/`);
  project.provide('e2eSite', site);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(site, { recursive: true, force: true });
  };
}
