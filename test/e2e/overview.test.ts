/**
 * The Planets table in the browser (issue 24): the HUD button opens it over a played game with one row
 * per planet in play, a header click sorts and a second reverses, Esc closes it before it undoes
 * anything, and a click on a row opens that planet (the planet panel shows it, the camera frames it).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';
import { decisionHtml, expectNothingSent, playState, startPlayedGame, waitForHuman } from './play-page';

interface CameraState {
  flying: boolean;
  planetBox: { left: number; right: number; top: number; bottom: number } | null;
}
type Hook = { camera: (planet?: string) => CameraState; watch: (opts: Record<string, unknown>) => void };

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

const rowIds = () => page.locator('[data-testid="overview-row"]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.planet as string));

describe('the Planets table', () => {
  it('opens from the HUD over a played game, sorts, closes with Esc, and a row opens its planet', async () => {
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: '5', imperial: 'ai:random', placement: 'auto' });
    await waitForHuman(page);
    const table = page.locator('[data-testid="overview-panel"]');
    await page.click('[data-testid="planets-button"]');
    await expect.poll(() => table.isVisible()).toBe(true);
    // start of rebellion: the three planets of its star system are in play
    const ids = await rowIds();
    expect(ids.sort()).toEqual(['gallowmere', 'tollis', 'wendhaven']);
    expect(await table.textContent()).toContain('as the Rebel sees them');

    // sort by planet name, then reversed
    await page.click('[data-testid="overview-panel"] th[data-sort="planet"]');
    const names = await page.locator('[data-testid="overview-row"] td.name').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await page.click('[data-testid="overview-panel"] th[data-sort="planet"]');
    expect(await page.locator('[data-testid="overview-row"] td.name').allTextContents()).toEqual([...names].reverse());

    // Esc closes the table and nothing else (the decision stays as it was)
    const html = await decisionHtml(page);
    const before = await playState(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => table.isVisible()).toBe(false);
    // closed, it keeps no rows in the page (hot-seat: the next player's page holds nothing of this one's)
    expect(await rowIds()).toEqual([]);
    await expectNothingSent(page, before);
    expect(await decisionHtml(page)).toBe(html);

    // the P key opens it again; a click on a row opens that planet
    await page.keyboard.press('p');
    await expect.poll(() => table.isVisible()).toBe(true);
    const row = page.locator('[data-testid="overview-row"][data-planet="tollis"]');
    const name = (await row.locator('td.name').textContent()) as string;
    await row.click();
    await expect.poll(() => table.isVisible()).toBe(false);
    await expect.poll(() => page.locator('[data-testid="panel"] [data-panel-title]').textContent()).toContain(name);
    await page.waitForFunction(() => !(window as unknown as { __galaxy: Hook }).__galaxy.camera().flying, undefined, { timeout: 20_000 });
    const box = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.camera('tollis').planetBox);
    const size = page.viewportSize()!;
    expect(box).not.toBeNull();
    const cx = (box!.left + box!.right) / 2;
    const cy = (box!.top + box!.bottom) / 2;
    expect(cx).toBeGreaterThan(0);
    expect(cx).toBeLessThan(size.width);
    expect(cy).toBeGreaterThan(0);
    expect(cy).toBeLessThan(size.height);
    expect(errors).toEqual([]);
  });

  it('the victory meter opens the points by source, the lines its tooltip lists; Esc closes it before anything else', async () => {
    const before = await waitForHuman(page);
    const html = await decisionHtml(page);
    const box = page.locator('[data-testid="vp-breakdown"]');
    await page.click('[data-testid="score-button"]');
    await expect.poll(() => box.isVisible()).toBe(true);
    expect(await box.locator('h3').textContent()).toMatch(/Rebel victory points: -?\d+ of \d+/);
    const tooltip = ((await page.locator('[data-testid="score"]').getAttribute('title')) ?? '').split('\n').filter(Boolean);
    const lines = await box.locator('li').allTextContents();
    expect(lines.length).toBeGreaterThan(0); // start of rebellion: Wendhaven scores from the first turn
    expect(lines).toEqual(tooltip);
    await page.keyboard.press('Escape');
    await expect.poll(() => box.isVisible()).toBe(false);
    await expectNothingSent(page, before); // no undo
    expect(await decisionHtml(page)).toBe(html);
    expect(errors).toEqual([]);
  });

  it('the spectator has the table too, showing everything', async () => {
    await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.watch({ scenario: 'start-of-rebellion', seed: '3', rebel: 'random', imperial: 'random', side: null, speed: 1, play: false }));
    const button = page.locator('[data-testid="planets-button"]');
    await expect.poll(() => button.isVisible(), { timeout: 30_000 }).toBe(true);
    await button.click();
    const table = page.locator('[data-testid="overview-panel"]');
    await expect.poll(() => table.isVisible()).toBe(true);
    await expect.poll(() => table.textContent(), { timeout: 30_000 }).toContain('everything (spectator)');
    expect((await rowIds()).sort()).toEqual(['gallowmere', 'tollis', 'wendhaven']);
    await page.keyboard.press('Escape');
    await expect.poll(() => table.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
