/**
 * Browser test harness: drives Debian's Chromium with playwright-core against the game built once for
 * the whole run and served statically (global-setup.ts). Console errors and page errors are collected
 * so every test can assert there were none.
 *
 * How to write a browser test (test/e2e/<name>.test.ts; the e2e project of vitest.config.ts runs it):
 *
 *   let page: Page;
 *   let errors: string[];
 *   // this worker's browser, and a fresh page (its own storage) with the game ready; closed after the file
 *   usePage((opened) => ({ page, errors } = opened));
 *   it('...', async () => { ...; expect(errors).toEqual([]); });
 *
 * (`useSession((s) => (session = s))` for a file that opens its own pages: `openPage(session, path, size)`.)
 *
 * - One Chromium per vitest worker, shared by the files it runs one after another: `startSession` costs
 *   nothing after the first, and `session.close()` closes the pages (and contexts) the file opened,
 *   never the browser. Each `openPage` (and `session.browser.newPage`) is a new context: its own
 *   localStorage, so files running in parallel, or one after another, never see each other's saves.
 * - Browser test files run in parallel with each other and with the unit tests: a file may not rely
 *   on another's state, nor start a server on a fixed port (use port 0, or `freePort`).
 * - Wait for what the page says (`gameReady`, `page.waitForFunction` on the page hook, `expect.poll`),
 *   never for a time: a test that sleeps is slow on a quiet machine and flaky on a busy one.
 * - A server of the file's own (the online tests' game server) serves the same build: `builtSite()`, in the
 *   folder once `startSession` has returned (the run builds it while its first tests start).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { SETTINGS_KEY, type Settings } from '../../src/ui/settings';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';

// playwright-core is CommonJS: imported from an ES module, Node first lexes its bundled source for the names it
// exports (cjs-module-lexer), in every test worker that starts; required, it is only compiled
const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

/** The browser the screenshot scripts and the render bench drive: Debian's Chromium, as a player's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` (Chromium's old headless mode, the
 * same Blink, V8 and SwiftShader WebGL without the browser's own UI layer and its compositor round trips).
 * On six of the longest browser test files it took 47-51 s of CPU against 59-61 s for `/usr/bin/chromium`
 * (2026-11-29 21:38-21:42, the same 23 tests passing, back to back at load 7-10): about a fifth less of the
 * suite's largest cost. `.ci/run` installs it; where it is missing the tests fall back to `CHROMIUM`.
 * `CHROMIUM_PATH` overrides both.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/**
 * The browser tests (and the screenshot scripts) composite the page in software. On this machine's
 * software GPU (SwiftShader), each frame the page composited (a label moved, a number changed) cost the GPU
 * process about as much as drawing the galaxy: the browser tests spent 135 of their 306 core-seconds
 * there, and a page changing its text every frame kept a whole core busy (0.04 core composited in software).
 * WebGL still draws the galaxy through SwiftShader, as it does for a player. The bench
 * (src/cli/bench-render.ts) keeps GPU compositing, as it times frames the way a player's browser draws them.
 *
 * And the GPU's work (SwiftShader's WebGL, the software compositor) runs on a thread of the browser's own
 * process, not in a GPU process of its own: the same drawing, without passing each frame's commands and
 * pictures between two processes. Four of the longest browser test files side by side (board-galactic,
 * map-legibility, hotseat-secrets, conquest-resume), with and without, back to back at load 15-24: Chromium's
 * CPU 51.8 and 51.8 s with it (49.1 and 49.9 with audio output off as well), against 56.9, 64.5, 51.0 and
 * 63.9 s without: about a tenth less.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-gpu-compositing', '--in-process-gpu'];

export interface Session {
  /** The server of the built game (global-setup.ts): shared by the run, so `close` here does nothing. */
  server: { close(): Promise<void> };
  browser: Browser;
  /** The built game's address, ending in '/'. */
  url: string;
  /** Close every page and context opened since the session started (the browser stays, for the next file). */
  close(): Promise<void>;
}

/** This worker's Chromium, launched by the first browser test file it runs. */
let shared: Promise<Browser> | null = null;

/** The worker's browser (launching it the first time, or again if it went away). */
export async function workerBrowser(): Promise<Browser> {
  if (shared) {
    const browser = await shared.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  // the tests' headless shell; the scripts outside vitest (screenshots, walkthroughs) the player's Chromium
  const executablePath = process.env.VITEST ? TEST_CHROMIUM : CHROMIUM;
  if (!existsSync(executablePath)) throw new Error(`Chromium is not installed at ${executablePath}: run .ci/run, or apt-get install chromium chromium-headless-shell`);
  shared = chromium.launch({ executablePath, args: TEST_CHROMIUM_ARGS, headless: true });
  return shared;
}

/** The built game's folder (for a server of the test's own that serves it). */
export const builtSite = (): string => inject('e2eSite');

/** This worker's wait for the run's build (global-setup.ts): the built game's page, asked once. */
let builtGame: Promise<void> | null = null;

/** Wait until the built game is served (the run's global setup builds it while the first tests start). */
function gameBuilt(url: string): Promise<void> {
  builtGame ??= fetch(url).then(async (res) => {
    if (!res.ok) throw new Error(`the built game is not served at ${url}: ${res.status} ${await res.text()}`);
  });
  // (a failed ask is not kept: the worker's next file asks again)
  return builtGame.catch((e: Error) => {
    builtGame = null;
    throw e;
  });
}

export async function startSession(): Promise<Session> {
  if (!process.env.VITEST) return startStandaloneSession();
  const [browser] = await Promise.all([workerBrowser(), gameBuilt(inject('e2eUrl'))]);
  const before = new Set<BrowserContext>(browser.contexts());
  return {
    server: { close: async () => {} },
    browser,
    url: inject('e2eUrl'),
    async close() {
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close()));
    },
  };
}

/**
 * A new page's options: its size, and less motion (prefers-reduced-motion), as a player can ask of the
 * system. The game's CSS then holds its glows, pulses and spinners still: on this machine's software
 * GPU an endless CSS animation makes Chromium draw 60 frames a second for the page, and one page's
 * spinner made another page take 10 s, not 2, to build its galaxy. Tests of motion itself pass
 * `motion: true`.
 */
export function pageOptions(
  size = { width: 1280, height: 720 },
  motion = false,
): { viewport: { width: number; height: number }; reducedMotion: 'reduce' | 'no-preference'; deviceScaleFactor: number } {
  return { viewport: size, reducedMotion: motion ? 'no-preference' : 'reduce', deviceScaleFactor: TEST_PIXELS };
}

/**
 * The tests' pages draw half a device pixel per CSS pixel: the layout (every box a test reads) is the
 * window's, but the software raster and compositing, which scale with the pixels drawn, do a quarter of
 * the work. The screenshot scripts (run outside vitest) draw every pixel.
 */
const TEST_PIXELS = process.env.VITEST ? 0.5 : 1;

/**
 * The page is asked for less transparency too, as a player can ask of the system: its panels are solid, with
 * nothing blurred behind them (style.css). A blur over the moving map is redrawn with every frame, and in the
 * software compositor it was half of that work: 150 frames of the start menu took 1.35-1.53 s of the
 * compositor's CPU with its panel's blur, 0.78 s without. (Playwright has no option for it: the page is asked
 * through DevTools, with the reduced motion and light colours Playwright's options asked for; a test's own
 * `emulateMedia` asks again without it.)
 */
async function askLessTransparency(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-reduced-motion', value: 'reduce' },
      { name: 'prefers-color-scheme', value: 'light' },
      { name: 'prefers-reduced-transparency', value: 'reduce' },
    ],
  });
}

/** Whether the pages start muted: in the tests, not in the screenshot scripts (see `startWithSettings`). */
const TEST_MUTED = !!process.env.VITEST;

/**
 * The player's settings a page starts with (stored before the game reads them, as a player's from an earlier
 * visit), so a test needs no reload to set them; a reload keeps what the page stored since.
 *
 * The tests' pages are muted, as their browser is: a game that can be heard plays its ambient drone from the
 * first click, and Chromium rendered it, heard by nobody, at about 0.02 of a core per page (0.46-0.47 s of
 * Chromium's CPU in 20 s against 0.06-0.09 s muted, when the game suspends its audio). A test of sound passes
 * `muted: false`. The screenshot scripts (run outside vitest) show the game's own settings, sound on.
 */
export async function startWithSettings(page: Page, settings: Partial<Settings> = {}): Promise<void> {
  const stored = { ...(TEST_MUTED ? { muted: true } : {}), ...settings };
  if (!Object.keys(stored).length) return;
  await page.addInitScript(([key, value]) => localStorage.getItem(key) ?? localStorage.setItem(key, value), [SETTINGS_KEY, JSON.stringify(stored)] as const);
}

/**
 * Open a page and collect its console errors and uncaught exceptions. `settings`: the player's settings
 * the page starts with (`startWithSettings`).
 */
export async function openPage(session: Session, path = '', size = { width: 1280, height: 720 }, settings?: Partial<Settings>): Promise<{ page: Page; errors: string[] }> {
  const page = await session.browser.newPage(pageOptions(size));
  await askLessTransparency(page);
  await startWithSettings(page, settings);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(session.url + path, { waitUntil: 'load' });
  return { page, errors };
}

/**
 * One page for a test file's tests of a window size (`startMenuPages` in the file, with its session), each test
 * starting at the start menu as a player gets back to it: by the game's menu button, a new page load only if a test
 * before left the page where that does not lead back. The page's console errors are each test's own. A page load is
 * about 0.9 s of Chromium's CPU, and the tests then also go from one mode to another as a player does.
 */
export function startMenuPages(session: () => Session): (size?: { width: number; height: number }) => Promise<{ page: Page; errors: string[] }> {
  const pages = new Map<string, { page: Page; errors: string[] }>();
  return async (size = { width: 1280, height: 720 }) => {
    const key = `${size.width}x${size.height}`;
    let opened = pages.get(key);
    if (!opened || opened.page.isClosed()) {
      pages.set(key, (opened = await openPage(session(), '', size)));
      await gameReady(opened.page);
    } else {
      const { page } = opened;
      const menu = page.locator('[data-testid="menu-button"]:visible');
      if (await menu.count()) await menu.click({ timeout: 5_000 }).catch(() => {});
      const start = page.locator('[data-el="start"]:not([hidden])');
      if (!(await start.waitFor({ timeout: 10_000 }).then(() => true, () => false))) {
        await page.reload({ waitUntil: 'load' });
        await gameReady(page);
      }
    }
    opened.errors.splice(0);
    return opened;
  };
}

/** Wait until the game page says it is ready (content loaded, galaxy built). */
export async function gameReady(page: Page, timeout = 90_000): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout });
}

/**
 * Wait until the camera's flight is over and the page has drawn a frame where it landed (the labels are
 * placed in the frame after the camera stops): a flight takes more frames, not more seconds, on a slow
 * machine, so wait for it and never for a time.
 */
export async function cameraSettled(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => !(window as unknown as { __galaxy: { camera: () => { flying: boolean } } }).__galaxy.camera().flying, undefined, { timeout });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Wait until the map is still: no camera flight, and no frame drawn for ten animation frames in a row
 * (the page draws on demand, so a camera easing to rest or a label settling draws, and a still map does
 * not). A fixed wait was either too short on a loaded machine or too long on a quiet one.
 */
export async function mapSettled(page: Page, timeout = 30_000): Promise<void> {
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve, reject) => {
        const g = (window as unknown as { __galaxy: { framesDrawn(): number; camera(): { flying: boolean } } }).__galaxy;
        const deadline = performance.now() + ms;
        let last = g.framesDrawn();
        let still = 0;
        const tick = () => {
          const now = g.framesDrawn();
          still = now === last && !g.camera().flying ? still + 1 : 0;
          last = now;
          if (still >= 10) resolve();
          else if (performance.now() > deadline) reject(new Error(`the map was still drawing after ${ms} ms`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    timeout,
  );
}

/** Open the game page and wait until it is ready (`settings`: the player's settings it starts with). */
export async function openGamePage(session: Session, size?: { width: number; height: number }, settings?: Partial<Settings>): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(session, '', size, settings);
  await gameReady(opened.page);
  return opened;
}

/**
 * A test file's session: this worker's browser, started before the file's tests; every page the file
 * opened is closed after them. `useSession((s) => (session = s))`.
 */
export function useSession(use: (session: Session) => void): void {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await startSession();
    use(session);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });
}

/**
 * A test file's game page: opened and ready before the file's tests (at `size`, with the player's
 * `settings` it starts with), closed after them with every other page the file opened.
 *
 *   let page: Page;
 *   let errors: string[];
 *   usePage((opened) => ({ page, errors } = opened));
 */
export function usePage(
  use: (opened: { session: Session; page: Page; errors: string[] }) => void,
  { size, settings }: { size?: { width: number; height: number }; settings?: Partial<Settings> } = {},
): void {
  let session: Session;
  useSession((s) => (session = s));
  beforeAll(async () => use({ session, ...(await openGamePage(session, size, settings)) }), 120_000);
}

/**
 * Outside vitest (the screenshot scripts in src/cli/): no global setup has built the game, so build and
 * serve it here, and close the browser and the server with the session.
 */
async function startStandaloneSession(): Promise<Session> {
  // (imported here: vite and express, which build and serve it, are no part of a test worker's start)
  const { serveBuiltGame } = await import('./serve-built');
  const game = await serveBuiltGame();
  const browser = await workerBrowser();
  return {
    server: { close: () => game.close() },
    browser,
    url: game.url,
    async close() {
      await browser.close();
      shared = null;
      await game.close();
    },
  };
}
