/**
 * Browser test harness: serves the game with vite (in-process, on a free loopback port) and drives
 * Debian's Chromium with playwright-core. Console errors and page errors are collected so every test
 * can assert there were none.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export interface Session {
  server: ViteDevServer;
  browser: Browser;
  url: string;
  close(): Promise<void>;
}

export async function startSession(): Promise<Session> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}: run .ci/run, or apt-get install chromium`);
  const server = await createServer({ server: { host: '127.0.0.1', port: 0 }, logLevel: 'error', clearScreen: false });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not start');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  return {
    server,
    browser,
    url: `http://127.0.0.1:${address.port}/`,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Open a page and collect its console errors and uncaught exceptions. */
export async function openPage(session: Session, path = '', size = { width: 1280, height: 720 }): Promise<{ page: Page; errors: string[] }> {
  const page = await session.browser.newPage({ viewport: size });
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(session.url + path, { waitUntil: 'load' });
  return { page, errors };
}

/** Wait until the game page says it is ready (content loaded, galaxy built). */
export async function gameReady(page: Page, timeout = 90_000): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout });
}

/** Open the game page and wait until it is ready. */
export async function openGamePage(session: Session): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(session, '');
  await gameReady(opened.page);
  return opened;
}
