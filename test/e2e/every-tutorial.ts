/**
 * Learn to play [issue 56], in the browser: every tutorial followed from the start menu to its end by
 * clicks on what each step lights (and nothing else), at one window size, without a console error. One
 * page: the tutorials follow each other in it (a test each), each opened from the menu its last step's
 * setup screen goes back to, the opponent's turns at the fastest pace the screen offers. Each size is a
 * test file of its own (tutorial-1280.test.ts, tutorial-800.test.ts), so the two walks run side by side;
 * tutorial.test.ts has the guide's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady, openPage, startSession, type Session } from './browser';
import { followTutorial, openTutorial, tutorialState } from './tutorial-page';
import { TUTORIAL_MENU } from '../../src/ui/tutorial/menu';
import { BUNDLED_TUTORIALS } from '../../src/tutorial/bundled';

const modeOf = (id: string) => (BUNDLED_TUTORIALS[id]?.tutorial as { mode: string }).mode;
const stepsOf = (id: string) => (BUNDLED_TUTORIALS[id]?.steps as unknown[]).length;

/** Back from a finished tutorial's setup screen to the start menu. */
async function backToMenu(page: Page): Promise<void> {
  await page.click('[data-cq="cancel"]:visible, [data-sol="cancel"]:visible, [data-setup="cancel"]:visible');
  await page.waitForSelector('[data-el="start"]:not([hidden])');
}

/**
 * The tests that walk every tutorial at this size: one test a tutorial, each with its own time (on a busy
 * machine the four walks together outlasted one test's), in one page, in the menu's order.
 */
export function everyTutorialWalked(size: { width: number; height: number }): void {
  let session: Session;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    session = await startSession();
    // (the opponent's moves at once: Settings > Opponent's moves "off", as a player may choose)
    ({ page, errors } = await openPage(session, '', size, { aiPace: 'instant' }));
    await gameReady(page);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  describe('Learn to play: each tutorial on the board', () => {
    it(`is first on the start menu, at ${size.width}x${size.height}`, async () => {
      // (above it only what this browser has under way: Continue, its online games)
      expect(await page.locator('.start-entry:not([hidden]) > h2').first().textContent()).toBe('Learn to play');
    });

    // (in the menu's order: the Rebels-vs-Empire one first, so the others are framed after the play screen has held the
    // camera and the map's names, as a player who learns them in order sees them)
    for (const t of TUTORIAL_MENU) {
      it(`${t.id}: played to its end by clicks on what it lights, at ${size.width}x${size.height}, without a console error`, async () => {
        // a walk before this one that failed midway left its page elsewhere: the menu again, on a new load
        if (!(await page.isVisible('[data-el="start"]'))) {
          await page.reload({ waitUntil: 'load' });
          await gameReady(page);
        }
        errors.splice(0);
        await openTutorial(page, t.id, true);
        const walked = await followTutorial(page, modeOf(t.id));
        expect(walked.steps).toBe(stepsOf(t.id));
        // every click was on what the step lit: none was answered "not now"
        expect(walked.notNow).toBe(0);
        // every button a hint names in quotes was on the screen, in those words, while its step waited for it
        expect(walked.hintsNotOnScreen).toEqual([]);
        // and the words never lay over the score, the Planets button or the board's question
        expect(walked.topLinesCovered).toEqual([]);
        // and what a step lit, a button or the panel it speaks of, was on the page (a folded panel opens to it)
        expect(walked.litHidden).toEqual([]);
        // the last step's button opens the mode's setup for a first game
        expect(await tutorialState(page)).toBeNull();
        if (t.id === 'rebels') {
          // a first game's sensible choices: the Wendmoor scenario, the player the Rebel against the easy AI, his team placed by hand [16.12]
          expect(await page.isVisible('[data-testid="first-game-note"]')).toBe(true);
          expect(await page.inputValue('[data-setup="scenario"]')).toBe('start-of-rebellion');
          expect(await page.inputValue('[data-player="rebel"]')).toBe('human');
          expect(await page.inputValue('[data-player="imperial"]')).toBe('ai:easy');
          expect(await page.inputValue('[data-placement="rebel"]')).toBe('hand');
          // the first game: its first decision has the coach's line (a tutorial's game never had it: its guide speaks)
          await page.click('[data-testid="start-game"]');
          await page.waitForSelector('[data-testid="coach"]', { timeout: 60_000 });
          await page.click('[data-testid="menu-button"]');
          await page.waitForSelector('[data-el="start"]:not([hidden])');
        } else await backToMenu(page);
        expect(await page.locator(`[data-testid="learn-${t.id}"]`).textContent()).toContain('done ✓');
        expect(errors).toEqual([]);
      });
    }
  });
}
