/**
 * Screenshots of single-screen play in headless Chromium: the setup screen, and the first decision
 * screen of each kind met while a human Rebel plays (taking the end/first option) against the AI.
 *   npx tsx src/cli/play-screenshots.ts [outDir] [width] [height] [seed] [maxKinds] [rebel|imperial]
 */
import type { Locator } from 'playwright-core';
import { openPage, startSession } from '../../test/e2e/browser';

const out = process.argv[2] ?? '/tmp/play-shots';
const width = Number(process.argv[3] ?? 1280);
const height = Number(process.argv[4] ?? 720);
const seed = process.argv[5] ?? '11';
const maxKinds = Number(process.argv[6] ?? 12);
/** Which side the human plays (the other is the random AI). */
const human = process.argv[7] ?? 'rebel';
interface S {
  decision: { kind: string } | null;
  thinking: string | null;
  turn: number;
  winner: string | null;
}
const state = () => (window as unknown as { __galaxy: { playState(): S } }).__galaxy.playState();
/** Click a choice in the list; a long list folds its choices by system, so first open the groups it is in as a player would. */
async function takeOption(option: Locator): Promise<void> {
  // (its system's group, then its stack's within it: each folded group's summary clicked, the outermost first)
  if (!(await option.isVisible()))
    await option.evaluate((el) => {
      const folded: HTMLDetailsElement[] = [];
      for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) if (!d.open) folded.unshift(d);
      for (const d of folded) d.querySelector('summary')?.click();
    });
  await option.click();
}

const session = await startSession();
try {
  const { page, errors } = await openPage(session, '', { width, height });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('[data-testid="new-game"]');
  if (process.env.SCENARIO) await page.selectOption('[data-setup="scenario"]', process.env.SCENARIO);
  await page.fill('[data-setup="seed"]', seed);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/setup-${width}.png` });
  await page.selectOption('[data-setup="pace"]', 'instant');
  await page.selectOption(`[data-player="${human}"]`, 'human');
  await page.selectOption(`[data-player="${human === 'rebel' ? 'imperial' : 'rebel'}"]`, 'ai:random');
  await page.click('[data-testid="start-game"]');
  const seen = new Set<string>();
  let moves = 0;
  for (let i = 0; i < 300 && seen.size < maxKinds; i++) {
    await page.waitForFunction((f) => { const s = (new Function(`return (${f})()`))() as S; return (s.decision && !s.thinking) || s.winner || s.turn > 2; }, state.toString(), { timeout: 60_000 });
    const s = (await page.evaluate(state)) as S;
    if (!s.decision) {
      console.log("stopped at", JSON.stringify(s));
      break;
    }
    if (!seen.has(s.decision.kind)) {
      seen.add(s.decision.kind);
      await page.waitForTimeout(900);
      // the camera frames the decision's planet: wait for the flight to land (slow under swiftshader)
      await page.waitForFunction(() => !(window as unknown as { __galaxy: { camera(): { flying: boolean } } }).__galaxy.camera().flying, undefined, { timeout: 15_000 }).catch(() => undefined);
      await page.screenshot({ path: `${out}/${String(seen.size).padStart(2, '0')}-${s.decision.kind}-${width}.png` });
    }
    const before = await page.evaluate(() => document.querySelector('[data-testid="decision"]')?.innerHTML ?? '');
    // play actively so that combats, searches and missions come up: the first choice that is not "end"
    if (process.env.TRACE) console.log(i, s.decision.kind, s.turn);
    // (a small window folds the decision panel while the map asks: its tab opens it, as a player would)
    const tab = page.locator('.drawer-tab-right.shown');
    if ((await tab.count()) && (await tab.isVisible())) await tab.click();
    const notEnd = page.locator('[data-testid="option"]:not(.ends)');
    const move = s.decision.kind === 'move-group' ? await page.locator('[data-testid="option"]', { hasText: 'Move' }).count() : 0;
    if (move) await takeOption(page.locator('[data-testid="option"]', { hasText: 'Move' }).first());
    else if (s.decision.kind === 'movement' && moves++ % 4 === 3) await page.keyboard.press('Enter');
    else if (await notEnd.count()) await takeOption(notEnd.first());
    else await page.keyboard.press('1');
    await page.waitForFunction((b) => document.querySelector('[data-testid="decision"]')?.innerHTML !== b, before, { timeout: 30_000 });
  }
  console.log('kinds:', [...seen].join(', '), 'errors:', errors);
} finally {
  await session.close();
}
