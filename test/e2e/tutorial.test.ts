/**
 * Learn to play [issue 56], in the browser: a click on anything but what a step lights changes nothing
 * and says what to do; leaving resumes the step, and Back rebuilds the step before; a tutorial that does
 * not match the engine is refused with its step and why, and the menu stays. (Every tutorial walked to its
 * end: every-tutorial.ts, a file a window size.)
 */
import { describe, expect, it } from 'vitest';
import { startMenuPages, useSession, type Session } from './browser';
import { clickPlace, openTutorial, tutorialState as state, type TutorialState } from './tutorial-page';
import { BUNDLED_TUTORIALS } from '../../src/tutorial/bundled';

interface Hook {
  tutorialState(): TutorialState | null;
  openTutorial(id: string, files?: unknown): Promise<void>;
}

let session: Session;
useSession((s) => (session = s));
const atStartMenu = startMenuPages(() => session);

describe('Learn to play: the guide refuses what it does not teach', () => {
  it('a click on anything but the lit target changes nothing and says what to do; leaving resumes the step; Back rebuilds the one before', async () => {
    const { page, errors } = await atStartMenu({ width: 1280, height: 720 });
    await openTutorial(page, 'conquest');
    // a reading step: the board lights nothing
    await clickPlace(page, 'harrowmere');
    let s = (await state(page)) as TutorialState;
    expect(s).toMatchObject({ step: 0, made: 0, notNow: 1 });
    await page.click('[data-testid="tutorial-next"]');
    await page.click('[data-testid="tutorial-next"]');
    s = (await state(page)) as TutorialState;
    expect(s).toMatchObject({ stepId: 'place', lit: ['rakhar'], made: 0 });
    // another system of the player's own, an enemy's: nothing is placed, the hint says what to do
    for (const stray of ['ebonreach', 'quillon']) await clickPlace(page, stray);
    s = (await state(page)) as TutorialState;
    expect(s).toMatchObject({ stepId: 'place', made: 0, notNow: 3 });
    expect(await page.textContent('[data-testid="tutorial-hint"]')).toContain('Not now. Click Rakhar');
    // the lit one places the armies
    await clickPlace(page, 'rakhar');
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.tutorialState()?.phase === 'result');
    expect((await state(page))?.made).toBe(1);
    // the Menu leaves; the menu offers to resume at the step reached, and does
    await page.click('[data-testid="menu-button"]');
    expect(await page.textContent('[data-testid="learn-conquest"]')).toContain('resume at step 3 of 14');
    await openTutorial(page, 'conquest');
    expect(await state(page)).toMatchObject({ step: 2, stepId: 'place', made: 0 });
    // Back: the step before, its game rebuilt
    await page.click('[data-testid="tutorial-back"]');
    expect(await state(page)).toMatchObject({ step: 1, stepId: 'continents', made: 0 });
    await page.click('[data-testid="tutorial-leave"]');
    expect(errors).toEqual([]);
  });

  it('on the Rebels-vs-Empire board, a click on what the step does not teach changes nothing and says what to do [9.0]', async () => {
    const { page, errors } = await atStartMenu({ width: 1280, height: 720 });
    await openTutorial(page, 'rebels');
    for (let i = 0; i < 3; i++) await page.click('[data-testid="tutorial-next"]');
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.tutorialState()?.stepId === 'move');
    await page.waitForSelector('[data-testid="board-button"]');
    // End movement (the question's button) and a pick from the list: both dim, neither sent to the game
    expect(await page.getAttribute('[data-testid="board-button"]', 'class')).toContain('refused');
    await page.click('[data-testid="board-button"]');
    await page.click('.decision [data-option].refused >> nth=0', { force: true });
    const s = (await state(page)) as TutorialState;
    expect(s).toMatchObject({ stepId: 'move', made: 0, notNow: 2 });
    expect(await page.textContent('[data-testid="tutorial-hint"]')).toContain('Not now. Click the stack at Tollis');
    expect(await page.evaluate(() => (window as unknown as { __galaxy: { playState(): { busy: boolean } } }).__galaxy.playState().busy)).toBe(false);
    await page.click('[data-testid="tutorial-leave"]');
    expect(errors).toEqual([]);
  });

  it('a tutorial that does not match the engine is refused with its step and why, and the menu stays', async () => {
    const { page, errors } = await atStartMenu({ width: 800, height: 600 });
    const files = structuredClone(BUNDLED_TUTORIALS.conquest!);
    (files.steps as { id: string; do?: unknown[] }[]).find((s) => s.id === 'attack')!.do = [{ type: 'attack', from: 'rakhar', to: 'solenne' }];
    await page.evaluate((f) => (window as unknown as { __galaxy: Hook }).__galaxy.openTutorial('conquest', f), files);
    await page.waitForSelector('[data-testid="message"]:not([hidden])');
    expect(await page.textContent('[data-testid="message"]')).toMatch(/The tutorial cannot open: tutorial "conquest", step 4 "attack": its command 1 \(azure attack from="rakhar" to="solenne"\) is not legal there/);
    expect(await page.isVisible('[data-el="start"]')).toBe(true);
    expect(await state(page)).toBeNull();
    // the Rebels-vs-Empire one, checked in the page before its worker plays it: a step naming a piece not on the board
    const rebels = structuredClone(BUNDLED_TUTORIALS.rebels!);
    (rebels.steps as { id: string; at?: string }[]).find((s) => s.id === 'fight')!.at = 'piece:pip-tock';
    await page.evaluate((f) => (window as unknown as { __galaxy: Hook }).__galaxy.openTutorial('rebels', f), rebels);
    await page.waitForFunction(() => document.querySelector('[data-testid="message"]')?.textContent?.includes('"rebels"'));
    expect(await page.textContent('[data-testid="message"]')).toContain('The tutorial cannot open: tutorial "rebels", step 7 "fight": its place piece:pip-tock: pip-tock is not on the board (dead, lost, or not yet come)');
    expect(await page.isVisible('[data-el="start"]')).toBe(true);
    expect(await state(page)).toBeNull();
    expect(errors).toEqual([]);
  });
});
