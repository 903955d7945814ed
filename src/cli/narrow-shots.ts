/**
 * Screenshots of the two-panel game screens (conquest, a bloc game, solitaire) at one window size, at
 * their first decision: to judge how the board fits between the panels.
 *   npx tsx src/cli/narrow-shots.ts [outDir] [width] [height]
 */
import { openGamePage, startSession } from '../../test/e2e/browser';
import { waitForHuman } from '../../test/e2e/conquest-page';

const out = process.argv[2] ?? '/tmp/narrow-shots';
const width = Number(process.argv[3] ?? 960);
const height = Number(process.argv[4] ?? 640);

const session = await startSession();
try {
  const { page, errors } = await openGamePage(session);
  await page.setViewportSize({ width, height });
  const shot = async (name: string) => {
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${name}-${width}x${height}.png` });
    console.log(`${out}/${name}-${width}x${height}.png`);
  };
  const home = async () => {
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 90_000 });
  };
  for (const blocs of [false, true]) {
    await home();
    await page.click('[data-testid="conquest"]');
    await page.locator('[data-testid="cq-setup"]').waitFor();
    if (blocs) await page.check('[data-testid="cq-blocs-check"]');
    await page.check('[data-cq="autoPlace"]');
    await page.fill('[data-cq="seed"]', '7');
    await page.selectOption('[data-cq="speed"]', '0');
    await page.click('[data-testid="cq-start"]');
    await waitForHuman(page, -1, false, 120_000);
    await shot(blocs ? 'conquest-blocs' : 'conquest');
  }
  await home();
  await page.click('[data-testid="solitaire"]');
  await page.locator('[data-testid="sol-setup"]').waitFor();
  await page.click('[data-testid="sol-start"]');
  await page.waitForFunction(() => (window as unknown as { __galaxy: { solitaireState(): { active: boolean } | null } }).__galaxy.solitaireState()?.active === true);
  await shot('solitaire');
  if (errors.length) console.log('errors:', errors);
} finally {
  await session.close();
}
