/**
 * Takes the README's screenshots in headless Chromium: the galaxy with the start menu, a star system
 * during a spectated game (with a planet's panel open), and the spectator watching from afar.
 *   npx tsx src/cli/screenshots.ts [outDir]
 */
import { openPage, startSession } from '../../test/e2e/browser';

const out = process.argv[2] ?? 'docs/screenshots';
const session = await startSession();
/** The page's test hook, as far as this script uses it. */
interface G {
  watch(o: object): void;
  state(): { turn: number };
  setFollow(on: boolean): void;
  select(sel: object): void;
  setQuality(name: string): Promise<void>;
}
try {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/galaxy.png` });
  await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.setQuality('high'));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/galaxy-bloom.png` });
  await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.setQuality('default'));

  await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.watch({ scenario: 'start-of-rebellion', seed: '3', speed: 4 }));
  await page.waitForFunction(() => (window as unknown as { __galaxy: G }).__galaxy.state().turn >= 2, undefined, { timeout: 120_000 });
  await page.click('[data-testid="play"]'); // pause
  await page.evaluate(() => {
    const g = (window as unknown as { __galaxy: G }).__galaxy;
    g.setFollow(false);
    g.select({ kind: 'planet', id: 'tollis' });
  });
  await page.waitForTimeout(5000);
  await page.screenshot({ path: `${out}/system.png` });

  await page.evaluate(() => {
    const g = (window as unknown as { __galaxy: G }).__galaxy;
    g.select({ kind: 'system', id: 'wendmoor' });
    g.setFollow(true);
  });
  await page.click('[data-testid="play"]'); // play on
  await page.waitForTimeout(5000);
  await page.screenshot({ path: `${out}/spectator.png` });
  console.log(errors.length ? `console errors:\n${errors.join('\n')}` : 'no console errors');
} finally {
  await session.close();
}
