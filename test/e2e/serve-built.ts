/**
 * The game built as it ships (`vite build`) and served statically on a free loopback port: once per test
 * run by the browser tests' global setup, or by a script outside vitest (the screenshot scripts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { build } from 'vite';

export interface BuiltGame {
  /** The built game's address, ending in '/'. */
  url: string;
  /** The folder the game was built into. */
  site: string;
  /** Settled once the build is in the folder (rejected with the build's error). */
  built: Promise<void>;
  close(): Promise<void>;
}

/**
 * Build the game and serve it. `wait: false` returns at once, the build under way: a request waits until
 * it is done (the browser tests' global setup, so the other tests start while it builds).
 */
export async function serveBuiltGame({ wait = true }: { wait?: boolean } = {}): Promise<BuiltGame> {
  const site = mkdtempSync(join(tmpdir(), 'gu-e2e-site-'));
  const built = build({ logLevel: 'error', build: { outDir: site, emptyOutDir: true } }).then(() => {});
  // (a failed build is said by every request, and by `built`; never an unhandled rejection meanwhile)
  built.catch(() => {});
  if (wait) await built;
  const app = express();
  app.use((_req, res, next) => {
    built.then(() => next(), (e: Error) => res.status(500).type('text').send(`the game did not build: ${e.message}`));
  });
  app.use(express.static(site));
  // as `vite` and `vite preview` do (appType 'spa'): any other path gets the page (the online lobby's
  // /api/games, asked of a site with no game server, is answered so, not with a 404 in the console)
  app.use((_req, res) => res.sendFile(join(site, 'index.html')));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    site,
    built,
    async close() {
      await built.catch(() => {});
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(site, { recursive: true, force: true });
    },
  };
}
