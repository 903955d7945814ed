/**
 * Takes the README's screenshots in headless Chromium: the galaxy, a system zoomed in, and a spectated
 * AI-vs-AI game in progress.   npx tsx src/cli/screenshots.ts [outDir]
 */
import { openPage, startSession } from '../../test/e2e/browser';

const out = process.argv[2] ?? 'docs/screenshots';
const session = await startSession();
try {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/galaxy.png` });
  await page.evaluate(() => (window as any).__galaxy.focusSystem('solenne'));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/system.png` });
  await page.evaluate(() => (window as any).__galaxy.watch({ scenario: 'start-of-rebellion', seed: '3', speed: 8 }));
  await page.waitForFunction(() => (window as any).__galaxy.state().turn >= 3, undefined, { timeout: 120_000 });
  await page.screenshot({ path: `${out}/spectator.png` });
  console.log(errors.length ? `console errors:\n${errors.join('\n')}` : 'no console errors');
} finally {
  await session.close();
}
