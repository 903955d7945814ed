import { openPage, startSession } from './test/e2e/browser';
import { startPlayedGame, waitForHuman } from './test/e2e/play-page';
const [out, mode, W, H] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4]), Number(process.argv[5])];
const session = await startSession();
interface G { watch(o: object): void; state(): { turn: number }; }
try {
  const { page, errors } = await openPage(session, '', { width: W, height: H });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  if (mode === 'spectate') {
    await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.watch({ scenario: 'start-of-rebellion', seed: '3', speed: 4 }));
    await page.waitForFunction(() => (window as unknown as { __galaxy: G }).__galaxy.state().turn >= 2, undefined, { timeout: 120_000 });
    await page.click('[data-testid="play"]');
  } else {
    await startPlayedGame(page, { imperial: 'ai:normal', placement: 'auto', seed: 'shots' });
    await waitForHuman(page);
  }
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${out}/${mode}-${W}.png` });
  console.log(errors);
} finally { await session.close(); }
