/**
 * `npx tsx src/cli/tutorial-walk.ts [id...] [--out dir] [--url http://...]`: play each tutorial in headless
 * Chromium as a player does, clicking only what each step lights (test/e2e/tutorial-page.ts), at
 * 1280x720 and 800x600; screenshot every step's words, and print each tutorial's steps and how long the
 * walk took (the clicks at a script's speed: the opponent's turns and the reading are what a player waits
 * for). Without --url, the game is built and served here.
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
const ids = args.length ? args : TUTORIAL_MENU.map((t) => t.id);
const SIZES = [
  { width: 1280, height: 720 },
  { width: 800, height: 600 },
];

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
      const { steps, clicks, notNow } = await followTutorial(page, mode, async (s) => {
        // the words stand where they will once the camera has come to rest
        await page.waitForTimeout(250);
        await page.screenshot({ path: `${out}/${id}-${size.width}-${String(s.step + 1).padStart(2, '0')}-${s.stepId}.png` });
      });
      const seconds = (Date.now() - started) / 1000;
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${id}-${size.width}-end.png` });
      console.log(JSON.stringify({ tutorial: id, size: `${size.width}x${size.height}`, steps, clicks, notNow, seconds, errors }));
      await page.close();
    }
  }
} finally {
  if (session) await session.close();
  else await browser.close();
}
