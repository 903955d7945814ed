import { openPage, startSession } from './test/e2e/browser';
import { startPlayedGame, waitForHuman } from './test/e2e/play-page';
const out = process.argv[2] ?? '/tmp/shots';
const session = await startSession();
interface G { watch(o: object): void; state(): { turn: number }; }
try {
  for (const [w, h] of [[1920, 1080], [800, 600]] as const) {
    const { page } = await openPage(session, '', { width: w, height: h });
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.watch({ scenario: 'start-of-rebellion', seed: '3', speed: 4 }));
    await page.waitForFunction(() => (window as unknown as { __galaxy: G }).__galaxy.state().turn >= 2, undefined, { timeout: 120_000 });
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${out}/spectator-${w}.png` });
    await page.close();
  }
  for (const [w, h] of [[800, 600], [1920, 1080]] as const) {
    const { page } = await openPage(session, '', { width: w, height: h });
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await startPlayedGame(page, { imperial: 'ai:normal', placement: 'auto', seed: 'shots' });
    await waitForHuman(page);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/play-${w}.png` });
    await page.close();
  }
} finally { await session.close(); }
