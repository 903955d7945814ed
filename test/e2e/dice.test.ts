/**
 * Rolls shown as dice in a played game: a roll the player may see (here the Empire's search of the
 * Rebel's planet [11.0]) tumbles onto the faces its line in the log names, and a key skips it. And the
 * opponent's turn [issue 44]: played at the pace the player set, what it did listed as it comes, and a
 * key skips the rest of it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';
import { backToStartMenu, playState, startPlayedGame, waitForHuman, type PlayState } from './play-page';
import { diceOf } from '../../src/ui/play/dice-tray';

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

/** What the dice tray showed once its dice had landed, read in one frame. */
interface TraySnapshot {
  rows: { text: string; faces: number[] }[];
  /** Each die's value and the pips drawn on it. */
  pips: number[][];
  log: string;
  /** Names on the map under the tray. */
  covered: (string | null)[];
  skippedByKey: boolean;
}

describe('rolls shown as dice', () => {
  it('the dice land on the faces the roll\'s line names, the line is in the log, and a key skips them', async () => {
    // with motion, as most players have it: the dice tumble before they land (the other tests ask for less motion)
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: 'shots', imperial: 'ai:normal', placement: 'auto', pace: 'normal' });
    const tray = page.locator('[data-testid="dice"]');
    // play on until a roll the Rebel sees; after each answer, wait for whichever comes first, the dice
    // landed on their faces or the Rebel's next decision. What the tray shows is read in the same frame
    // it is seen in: the tray fades by itself after a few seconds, and a busy machine may take that long
    // between two of the test's questions to the page.
    let seen: TraySnapshot | null = null;
    for (let i = 0; i < 60 && !seen; i++) {
      const s = await waitForHuman(page, { timeout: 60_000 });
      if (s.winner) break;
      // act (the last choice that does something), ending the segment every third time
      const acts = page.locator('[data-testid="option"]:not(.ends)');
      if (i % 3 !== 2 && (await acts.count()) > 0) await acts.last().click();
      else if ((await page.locator('[data-testid="option"].ends').count()) > 0) await page.keyboard.press('Enter');
      else await page.locator('[data-testid="option"]').first().click();
      const came = await page.waitForFunction(
        (before) => {
          const dice = document.querySelector<HTMLElement>('[data-testid="dice"]');
          if (dice && !dice.hidden) {
            // still tumbling: they land in a moment
            if (dice.querySelector('.die.tumbling')) return false;
            const rows = [...dice.querySelectorAll('.dice-row')];
            const boxes = rows.map((e) => e.getBoundingClientRect());
            const covered = [...document.querySelectorAll<HTMLElement>('.planet-label, .system-label')]
              .filter((el) => el.style.display !== 'none' && el.offsetParent !== null)
              .filter((el) => {
                const r = el.getBoundingClientRect();
                return r.width > 0 && boxes.some((d) => r.left < d.right && r.right > d.left && r.top < d.bottom && r.bottom > d.top);
              })
              .map((el) => el.textContent);
            const shot = {
              rows: rows.map((el) => ({ text: el.querySelector('p')?.textContent ?? '', faces: [...el.querySelectorAll('.die')].map((d) => Number((d as HTMLElement).dataset.value)) })),
              pips: [...dice.querySelectorAll('.die')].map((d) => [Number((d as HTMLElement).dataset.value), d.querySelectorAll('i.pip').length]),
              log: document.querySelector('[data-testid="log"]')?.textContent ?? '',
              covered,
              // a key skips them: pressed while they are on show, they are gone at once
              skippedByKey: false,
            };
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
            shot.skippedByKey = dice.hidden;
            return shot;
          }
          const now = (window as unknown as { __galaxy: { playState: () => PlayState } }).__galaxy.playState();
          return now.winner !== null || (now.states > before && now.decision !== null && !now.thinking && !now.busy) ? 'decision' : false;
        },
        s.states,
        { timeout: 60_000 },
      );
      const value = (await came.jsonValue()) as TraySnapshot | 'decision';
      if (value !== 'decision') seen = value;
    }
    expect(seen, 'a roll the Rebel sees came in the first 60 decisions').not.toBeNull();
    const { rows, pips, log, covered, skippedByKey } = seen!;
    // the faces landed on the roll's dice
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.faces).toEqual(diceOf(row.text));
      expect(row.faces.length).toBeGreaterThan(0);
      expect(log).toContain(row.text);
    }
    // each face shows its number of pips
    for (const [value, count] of pips) expect(count).toBe(value);
    // [issue 47] the dice land where they cover no name of a planet or star on the map
    expect(covered).toEqual([]);
    expect(skippedByKey).toBe(true);
    expect(await tray.isVisible()).toBe(false);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(errors).toEqual([]);
  });

  it("[issue 44] the opponent's turn plays at the pace set (Settings' Opponent's moves), its seen moves listed as they come; a key skips the rest", async () => {
    await backToStartMenu(page);
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: 'pace', imperial: 'ai:normal', placement: 'auto', pace: 'slow' });
    // the setup's choice is the setting itself
    expect(await page.evaluate(() => (window as unknown as { __galaxy: { settings: () => { aiPace: string } } }).__galaxy.settings().aiPace)).toBe('slow');
    let skipped = false;
    for (let i = 0; i < 40 && !skipped; i++) {
      const s = await waitForHuman(page, { timeout: 60_000 });
      if (s.winner) break;
      if ((await page.locator('[data-testid="option"].ends').count()) > 0) await page.keyboard.press('Enter');
      else await page.evaluate(() => (document.querySelector('[data-testid="option"]') as HTMLElement).click());
      await page.waitForFunction((n) => (window as unknown as { __galaxy: { playState: () => { states: number } } }).__galaxy.playState().states > n, s.states);
      // the AI's turn: at the slow pace each step it shows is held, its line listed in the panel. Read in
      // one frame, while the AI still plays (on a busy machine its turn may end between two questions)
      if (!(await playState(page)).thinking) continue;
      const shown = await page
        .waitForFunction(
          () => {
            const s = (window as unknown as { __galaxy: { playState: () => PlayState } }).__galaxy.playState();
            if (!s.thinking) return 'ended';
            const lines = document.querySelector<HTMLElement>('[data-testid="ai-now"]');
            const hint = document.querySelector<HTMLElement>('[data-testid="skip-hint"]');
            if (!lines || lines.offsetParent === null) return false;
            return { lines: lines.textContent ?? '', hint: !!hint && hint.offsetParent !== null };
          },
          undefined,
          { timeout: 5000 },
        )
        .then((h) => h.jsonValue() as Promise<'ended' | { lines: string; hint: boolean }>, () => 'ended' as const);
      if (shown === 'ended') continue;
      expect(shown.lines.length).toBeGreaterThan(0);
      expect(shown.hint).toBe(true);
      await page.keyboard.press('x');
      // the screen took the key as a skip (the worker plays on at once; the page flies nothing more)
      const s2 = await playState(page);
      expect(s2.skipping || s2.thinking === null).toBe(true);
      skipped = true;
    }
    expect(skipped).toBe(true);
    // skipped: the rest of the turn comes at once, and the player's decision with it
    const after = await waitForHuman(page, { timeout: 30_000 });
    expect(after.decision?.side ?? after.winner).toBeTruthy();
    expect((await playState(page)).thinking).toBeNull();
    expect(errors).toEqual([]);
  }, 180_000);
});
