/**
 * Takes the README's screenshots in headless Chromium: the galaxy with the start menu, a star system
 * during a spectated game (with a planet's panel open), and the spectator watching from afar; then, in
 * a played game, the Planets table, the rules reference, a roll shown as dice and the Continue entry.
 *   npx tsx src/cli/screenshots.ts [outDir]
 */
import { openPage, startSession } from '../../test/e2e/browser';
import { startPlayedGame, waitForHuman } from '../../test/e2e/play-page';

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
  await page.close();
  await playedGameScreens();
} finally {
  await session.close();
}

/** The screens of a played game (Rebel against the normal AI): the Planets table, the reference, dice, Continue. */
async function playedGameScreens(): Promise<void> {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: 'shots', imperial: 'ai:normal', placement: 'auto', pace: 'normal' });
  await waitForHuman(page);
  await page.waitForTimeout(2500);
  await page.keyboard.press('p');
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/play-planets.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  await page.keyboard.type('sabotage');
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/play-reference.png` });
  await page.keyboard.press('Escape');
  // play on (acting, ending a segment every third choice) until a roll tumbles as dice
  const tray = page.locator('[data-testid="dice"]');
  for (let i = 0; i < 40; i++) {
    const s = await waitForHuman(page);
    if (s.winner) break;
    const acts = page.locator('[data-testid="option"]:not(.ends)');
    if (i % 3 !== 2 && (await acts.count()) > 0) await acts.last().click();
    else if ((await page.locator('[data-testid="option"].ends').count()) > 0) await page.keyboard.press('Enter');
    else await page.locator('[data-testid="option"]').first().click();
    if (await tray.waitFor({ state: 'visible', timeout: 2500 }).then(() => true, () => false)) break;
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid="dice"] .die.tumbling'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: `${out}/play-dice.png` });
  await page.click('[data-el="menuButton"]');
  await page.locator('[data-testid="continue"]').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/menu-continue.png` });
  console.log(errors.length ? `console errors (played game):\n${errors.join('\n')}` : 'no console errors (played game)');
  await page.close();
}
