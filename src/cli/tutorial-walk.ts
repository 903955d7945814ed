/**
 * `npx tsx src/cli/tutorial-walk.ts [id...] [--out dir] [--url http://...] [--player] [--small]`: play each
 * tutorial in headless Chromium as a player does, clicking only what each step lights
 * (test/e2e/tutorial-page.ts), at 1280x720 and 800x600 (`--small`: 800x600 only; `--player`: 1280x720
 * only); screenshot every step's words, and print each tutorial's steps and how long the walk took. The
 * opponent plays at the screen's first pace (×1). Without `--player` the clicks come at a script's speed;
 * with it, before each click the walk waits as a reader would: the words on show at 200 words a minute
 * (each step's words once, a result's once), and 1.5 s to find the place to click. Without --url, the
 * game is built and served here.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startSession, type Session } from '../../test/e2e/browser';
import { followTutorial, openTutorial } from '../../test/e2e/tutorial-page';
import { TUTORIAL_MENU } from '../ui/tutorial/menu';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const out = flag('--out') ?? 'test-results/tutorials';
const url = flag('--url');
const player = args.includes('--player');
const small = args.includes('--small');
const ids = args.filter((a) => !a.startsWith('--')).length ? args.filter((a) => !a.startsWith('--')) : TUTORIAL_MENU.map((t) => t.id);
const SIZES = [
  { width: 1280, height: 720 },
  { width: 800, height: 600 },
].filter((s) => (player ? s.width === 1280 : small ? s.width === 800 : true));
/** A reader's pace: the sentences on the screen not yet read, at 200 words a minute, then 1.5 s to find the place to click. */
const read = new Set<string>();
async function asAPlayer(page: import('playwright-core').Page): Promise<void> {
  const text = await page.evaluate(() => [...document.querySelectorAll('.tut-say, .tut-hint, .tut-result')].map((e) => e.textContent ?? '').join(' '));
  let words = 0;
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (read.has(sentence)) continue;
    read.add(sentence);
    words += sentence.split(/\s+/).filter(Boolean).length;
  }
  await page.waitForTimeout((words / 200) * 60_000 + 1500);
}

let session: Session | null = null;
let browser: Browser;
let base: string;
if (url) {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  base = url;
} else {
  session = await startSession();
  browser = session.browser;
  base = session.url;
}
const { mkdirSync } = await import('node:fs');
mkdirSync(out, { recursive: true });
try {
  for (const id of ids) {
    const mode = (await import(`../../assets/tutorials/${id}/tutorial.json`, { with: { type: 'json' } })).default.mode as string;
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: size, reducedMotion: 'reduce' });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(base);
      await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 90_000 });
      const started = Date.now();
      await openTutorial(page, id);
      const { steps, clicks, notNow, hintsNotOnScreen, topLinesCovered } = await followTutorial(page, mode, async (s) => {
        // the words stand where they will once the camera has come to rest
        await page.waitForTimeout(250);
        await page.screenshot({ path: `${out}/${id}-${size.width}-${String(s.step + 1).padStart(2, '0')}-${s.stepId}.png` });
      }, player ? () => asAPlayer(page) : undefined);
      const seconds = (Date.now() - started) / 1000;
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${id}-${size.width}-end.png` });
      console.log(JSON.stringify({ tutorial: id, size: `${size.width}x${size.height}`, steps, clicks, notNow, hintsNotOnScreen, topLinesCovered, seconds, errors }));
      await page.close();
    }
  }
} finally {
  if (session) await session.close();
  else await browser.close();
}
