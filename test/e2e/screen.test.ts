/**
 * Screen and camera (issue 24) in the browser: Esc closes the topmost panel before it undoes a move;
 * the camera frames the planet a decision is about.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';
import { backToStartMenu, decisionHtml, expectNothingSent, playState, startPlayedGame, waitForHuman } from './play-page';

interface CameraState {
  flying: boolean;
  framed: string[];
  planetBox: { left: number; right: number; top: number; bottom: number } | null;
}
type Hook = { camera: (planet?: string) => CameraState };

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

describe('screen and camera', () => {
  it('Esc with Settings open closes Settings and does not undo; the next Esc undoes', async () => {
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: '11', imperial: 'ai:random', placement: 'hand' });
    let s = await waitForHuman(page);
    // take choices until one can be taken back; undo must bring back the decision that choice answered
    let answered = s.decision?.options;
    for (let i = 0; i < 20 && !s.canUndo; i++) {
      const html = await decisionHtml(page);
      answered = s.decision?.options;
      // the list is sorted now [issue 44], an ending choice ("End movement") often first: take a choice that
      // does not end the step, as a player who means to take it back would
      const going = page.locator('[data-testid="option"]:not(.ends)');
      await ((await going.count()) ? going.first() : page.locator('[data-testid="option"]').first()).click();
      await page.waitForFunction((b) => document.querySelector('[data-testid="decision"]')?.innerHTML !== b, html, { timeout: 30_000 });
      s = await waitForHuman(page);
    }
    expect(s.canUndo).toBe(true);
    const html = await decisionHtml(page);
    const shown = s;

    await page.click('[data-testid="settings-button"]');
    const settings = page.locator('.settings-gui');
    await expect.poll(() => settings.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => settings.isVisible()).toBe(false);
    await expectNothingSent(page, shown); // no undo
    s = await playState(page);
    expect(s.canUndo).toBe(true);
    expect(await decisionHtml(page)).toBe(html);

    // nothing open: Esc undoes
    await page.keyboard.press('Escape');
    await page.waitForFunction((b) => document.querySelector('[data-testid="decision"]')?.innerHTML !== b, html, { timeout: 30_000 });
    expect((await playState(page)).decision?.options).toEqual(answered);
    expect(errors).toEqual([]);
  });
});

describe('the camera frames the decision', () => {
  /** The planet the camera framed for the decision, and its screen box with its environ rings, once landed. */
  async function framedPlanet(page: Page) {
    await page.waitForFunction(() => !(window as unknown as { __galaxy: Hook }).__galaxy.camera().flying, undefined, { timeout: 30_000 });
    const { framed } = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.camera());
    expect(framed.length).toBe(1);
    const cam = await page.evaluate((id) => (window as unknown as { __galaxy: Hook }).__galaxy.camera(id), framed[0]!);
    return cam.planetBox!;
  }

  it('a decision about one planet frames it, large and clear of the decision panel, at the first movement and again at mission assignment, after the Empire\'s turn', async () => {
    // the page of the case before, its game left for the menu (as a player starts another)
    await backToStartMenu(page);
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: '11', imperial: 'ai:random', placement: 'auto' });
    let s = await waitForHuman(page);
    // the Rebels start together on one planet: their first movement is about it
    expect(s.decision?.kind).toBe('movement');
    const panelLeft = await page.locator('[data-testid="decision"]').evaluate((el) => el.getBoundingClientRect().left);
    const check = async () => {
      const box = await framedPlanet(page);
      // at the system's zoom the planet and its rings were about 40 px across
      expect(box.right - box.left).toBeGreaterThan(150);
      expect(box.left).toBeGreaterThan(0);
      expect(box.right).toBeLessThan(panelLeft);
    };
    await check();
    // Enter takes the default (ends each segment) until the Rebel picks characters for missions,
    // after the Empire's moves, which fly the camera elsewhere
    for (let i = 0; i < 40 && s.decision?.kind !== 'pick-for-mission' && !s.winner; i++) {
      const html = await decisionHtml(page);
      await page.keyboard.press('Enter');
      await page.waitForFunction((b) => document.querySelector('[data-testid="decision"]')?.innerHTML !== b, html, { timeout: 30_000 });
      s = await waitForHuman(page);
    }
    expect(s.decision?.kind).toBe('pick-for-mission');
    await check();
    expect(errors).toEqual([]);
  });
});
