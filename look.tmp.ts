import { openPage, startSession } from './test/e2e/browser';
const out = '/tmp/cm-shots';
const session = await startSession();
type H = { conquestStart(s: object, speed: number): Promise<void>; conquestState(): any };
const g = (p: any) => p;
try {
  for (const size of [{ width: 1280, height: 720 }, { width: 800, height: 600 }]) {
    const tag = `${size.width}`;
    const { page, errors } = await openPage(session, '', size);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    // a human at the place stage: place, then the take-back button
    await page.evaluate(() => (window as any).__galaxy.conquestStart({ scenario: 'conquest-domination', seed: '5', seats: [{ faction: 'crimson', player: 'human' }, { faction: 'azure', player: 'normal' }, { faction: 'emerald', player: 'normal' }], cards: 'increasing', autoPlace: true, recycle: true, autoDefend: true }, 0));
    await page.waitForFunction(() => (window as any).__galaxy.conquestState()?.decision?.kind === 'conquest-place' && (window as any).__galaxy.conquestState()?.decision?.human, undefined, { timeout: 60000 });
    await page.locator('.cq-place [data-testid="cq-option"]').first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/takeback-${tag}.png` });
    // the saves panel with its offered name
    await page.click('[data-testid="saves-button"]');
    await page.waitForTimeout(300);
    await page.click('[data-testid="save-button"]');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/saves-${tag}.png` });
    await page.locator('.save-list [data-act="rename"]').first().click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}/rename-${tag}.png` });
    await page.click('[data-testid="saves-button"]');
    // an all-AI game to its end, then the replay
    await page.evaluate(() => (window as any).__galaxy.conquestStart({ scenario: 'conquest-domination', seed: '9', seats: [{ faction: 'crimson', player: 'normal' }, { faction: 'azure', player: 'normal' }, { faction: 'emerald', player: 'normal' }], cards: 'increasing', autoPlace: true, recycle: true, autoDefend: true }, 0));
    await page.locator('[data-testid="cq-over"]').waitFor({ timeout: 60000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/over-${tag}.png` });
    await page.click('[data-testid="cq-replay"]');
    await page.waitForTimeout(500);
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/replay-${tag}.png` });
    console.log(tag, JSON.stringify((await page.evaluate(() => (window as any).__galaxy.conquestState())).replay), errors);
    await page.close();
  }
} finally {
  await session.close();
}
