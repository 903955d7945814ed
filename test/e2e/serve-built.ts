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
  close(): Promise<void>;
}

export async function serveBuiltGame(): Promise<BuiltGame> {
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
  return {
    url: `http://127.0.0.1:${port}/`,
    site,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(site, { recursive: true, force: true });
    },
  };
}
