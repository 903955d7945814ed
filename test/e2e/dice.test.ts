/**
 * Rolls shown as dice in a played game: a roll the player may see (here the Empire's search of the
 * Rebel's planet [11.0]) tumbles onto the faces its line in the log names, and a key skips it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openGamePage, startSession, type Session } from './browser';
import { startPlayedGame, waitForHuman, type PlayState } from './play-page';
import { diceOf } from '../../src/ui/play/dice-tray';

let session: Session;
let page: Page;
let errors: string[];
beforeAll(async () => {
  session = await startSession();
  ({ page, errors } = await openGamePage(session));
});
afterAll(async () => {
  await page?.close();
  await session?.close();
});

const SHOTS = process.env.SHOTS_DIR ?? '';

describe('rolls shown as dice', () => {
  it('the dice land on the faces the roll\'s line names, the line is in the log, and a key skips them', async () => {
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: 'shots', imperial: 'ai:normal', placement: 'auto', pace: 'normal' });
    const tray = page.locator('[data-testid="dice"]');
    // play on until a roll the Rebel sees; after each answer, wait for whichever comes first, the dice
    // or the Rebel's next decision (a key would skip the dice)
    for (let i = 0; i < 40; i++) {
      const s = await waitForHuman(page, { timeout: 60_000 });
      if (s.winner) break;
      if (await tray.isVisible()) break;
      // act (the last choice that does something), ending the segment every third time
      const acts = page.locator('[data-testid="option"]:not(.ends)');
      if (i % 3 !== 2 && (await acts.count()) > 0) await acts.last().click();
      else if ((await page.locator('[data-testid="option"].ends').count()) > 0) await page.keyboard.press('Enter');
      else await page.locator('[data-testid="option"]').first().click();
      await page.waitForFunction(
        (before) => {
          const dice = document.querySelector<HTMLElement>('[data-testid="dice"]');
          if (dice && !dice.hidden) return true;
          const now = (window as unknown as { __galaxy: { playState: () => PlayState } }).__galaxy.playState();
          return now.winner !== null || (now.states > before && now.decision !== null && !now.thinking && !now.busy);
        },
        s.states,
        { timeout: 60_000 },
      );
      if (await tray.isVisible()) break;
    }
    await tray.waitFor({ state: 'visible', timeout: 30_000 });
    // the faces settle on the roll's dice
    await page.waitForFunction(() => !document.querySelector('[data-testid="dice"] .die.tumbling'), undefined, { timeout: 10_000 });
    const rows = await page.locator('[data-testid="dice"] .dice-row').evaluateAll((els) =>
      els.map((el) => ({ text: el.querySelector('p')?.textContent ?? '', faces: [...el.querySelectorAll('.die')].map((d) => Number((d as HTMLElement).dataset.value)) })),
    );
    expect(rows.length).toBeGreaterThan(0);
    const log = (await page.locator('[data-testid="log"]').textContent()) ?? '';
    for (const row of rows) {
      expect(row.faces).toEqual(diceOf(row.text));
      expect(row.faces.length).toBeGreaterThan(0);
      expect(log).toContain(row.text);
    }
    // each face shows its number of pips
    const pips = await page.locator('[data-testid="dice"] .die').evaluateAll((els) => els.map((d) => [Number((d as HTMLElement).dataset.value), d.querySelectorAll('i.pip').length]));
    for (const [value, count] of pips) expect(count).toBe(value);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dice.png` });
    await page.keyboard.press('Shift');
    expect(await tray.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
