/**
 * A 4-faction bloc politics game [003] played in headless Chromium to its end, a human (this script,
 * clicking like a player) against three `normal` AIs, with screenshots of the setup with the blocs
 * option, the blocs panel in peace and in war, an attack list with a vendetta, and the result.
 *   npx tsx src/cli/bloc-screenshots.ts [outDir] [width] [height] [seed]
 */
import { openGamePage, startSession } from '../../test/e2e/browser';
import { waitForHuman } from '../../test/e2e/conquest-page';

const out = process.argv[2] ?? '/tmp/bloc-shots';
const width = Number(process.argv[3] ?? 1280);
const height = Number(process.argv[4] ?? 720);
const seed = process.argv[5] ?? '7';

const session = await startSession();
try {
  const { page, errors } = await openGamePage(session);
  await page.setViewportSize({ width, height });
  // (the AIs' turns of a whole game: up to two minutes between the human's decisions)
  const waitForHumanHere = (steps: number) => waitForHuman(page, steps, false, 120_000);
  const shot = async (name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${width}.png` });
    console.log(`${out}/${name}-${width}.png`);
  };
  await page.click('[data-testid="conquest"]');
  await page.locator('[data-testid="cq-setup"]').waitFor();
  await page.check('[data-testid="cq-blocs-check"]');
  await page.check('[data-cq="autoPlace"]');
  await page.fill('[data-cq="seed"]', seed);
  await page.selectOption('[data-cq="speed"]', '0');
  await shot('blocs-setup');
  await page.click('[data-testid="cq-start"]');
  let s = await waitForHumanHere(-1);
  const shots = new Set<string>();
  for (let i = 0; i < 2000 && !s.winner; i++) {
    const kind = s.decision?.kind as string;
    const before = s.steps;
    const war = (await page.locator('[data-testid="cq-war"]').textContent().catch(() => '')) ?? '';
    if (!shots.has('peace') && kind === 'conquest-place') shots.add('peace'), await shot('blocs-peace');
    if (!shots.has('war') && /War of/.test(war)) shots.add('war'), await shot('blocs-war');
    if (!shots.has('vendetta') && kind === 'conquest-attack' && (await page.locator('.cq-vendetta').count())) {
      shots.add('vendetta');
      await page.locator('.cq-vendetta').first().scrollIntoViewIfNeeded();
      await shot('blocs-vendetta');
    }
    if (kind === 'conquest-attack') {
      const good = page.locator('.cq-pairs [data-testid="cq-option"]:has(.cq-chance.good):not(:has(.cq-vendetta))').first();
      if (await good.count()) await good.click({ force: true });
      else await page.keyboard.press('Enter');
    } else if (kind === 'conquest-battle') await page.locator('[data-testid="cq-option"].annihilate').first().click({ force: true });
    else if (kind === 'conquest-move-in' || kind === 'conquest-fortify-count') await page.click('[data-testid="cq-move"]', { force: true });
    else if (kind === 'conquest-fortify') await page.keyboard.press('Enter');
    else if (kind === 'conquest-place') {
      // everything on the system listed first; in a small window the panel is folded: on the map, Shift-click places all
      const all = page.locator('[data-testid="cq-decision"] [data-testid="cq-option"]').nth(1);
      if (!(await page.locator('.cq-panel').isVisible())) await page.locator('.cq-badge.clickable').first().click({ modifiers: ['Shift'] });
      else await ((await all.count()) ? all : page.locator('[data-testid="cq-decision"] [data-testid="cq-option"]').first()).click({ force: true });
    } else await page.locator('[data-testid="cq-decision"] [data-testid="cq-option"]').first().click({ force: true });
    s = await waitForHumanHere(before);
  }
  console.log(`ended in round ${s.round}: winner ${s.winner}`);
  await page.waitForTimeout(800);
  await shot('blocs-over');
  const log = await page.locator('[data-testid="cq-log"]').innerText();
  console.log(log.split('\n').filter((l) => /\[3/.test(l)).slice(-12).join('\n'));
  if (errors.length) console.log('page errors:', errors);
} finally {
  await session.close();
}
