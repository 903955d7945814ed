/**
 * A conquest map of one's own in the browser [002 I Maps]: a broken map file is refused with its file,
 * JSON path and reason and changes nothing; a valid one (drawn in any unit) is offered, played on, drawn
 * in the galaxy's place with its own systems, names and borders, and the galaxy comes back afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';

type Hook = { conquestState: () => { winner: string | null; steps: number } | null };

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

/** Two continents of three, drawn a thousand times larger than the galaxy. */
const SIX = {
  name: 'Six Moons',
  territories: ['io', 'europa', 'ganymede', 'titan', 'rhea', 'dione'].map((id, i) => ({
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    continent: i < 3 ? 'jove' : 'saturn',
    position: [Math.cos(i) * 20_000, 0, Math.sin(i) * 20_000],
  })),
  borders: [
    ['io', 'europa'],
    ['europa', 'ganymede'],
    ['ganymede', 'io'],
    ['titan', 'rhea'],
    ['rhea', 'dione'],
    ['dione', 'titan'],
    ['ganymede', 'titan'],
  ],
  continents: [
    { id: 'jove', name: 'Jove', bonus: 2, color: '#e0a040' },
    { id: 'saturn', name: 'Saturn', bonus: 2, color: '#40a0e0' },
  ],
};

const file = (name: string, value: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)) });
const systemLabels = () => page.locator('.system-label').count();
/** The galaxy's system names, counted before any map of one's own is shown. */
let galaxySystems = 0;

describe('a conquest map of your own [002 I Maps]', () => {
  it('a broken map file is refused with its file, JSON path and reason; the chosen map stays', async () => {
    galaxySystems = await systemLabels();
    expect(galaxySystems).toBeGreaterThan(6);
    await page.click('[data-testid="conquest"]');
    await page.locator('[data-testid="cq-setup"]').waitFor();
    expect(await page.inputValue('[data-testid="cq-map"]')).toBe('galaxy');

    const broken = { ...SIX, borders: [...SIX.borders, ['io', 'callisto']] };
    await page.setInputFiles('[data-testid="cq-map-file"]', file('moons.json', broken));
    await expect.poll(() => page.locator('[data-testid="cq-map-problem"]').textContent()).toMatch(/moons\.json at borders\[7\]\[1\]: territory "callisto" does not exist/);
    await page.setInputFiles('[data-testid="cq-map-file"]', file('notes.json', '{ not json'));
    await expect.poll(() => page.locator('[data-testid="cq-map-problem"]').textContent()).toMatch(/notes\.json: not JSON/);
    expect(await page.inputValue('[data-testid="cq-map"]')).toBe('galaxy');
    expect(await systemLabels()).toBe(galaxySystems);
  });

  it('a valid map file is played on: its systems, names and borders replace the galaxy until the menu', async () => {
    await page.setInputFiles('[data-testid="cq-map-file"]', file('moons.json', SIX));
    await expect.poll(() => page.inputValue('[data-testid="cq-map"]')).toBe('own');
    expect(await page.locator('[data-testid="cq-map-problem"]').textContent()).toBe('');
    expect(await page.locator('[data-cq="map-text"]').textContent()).toMatch(/6 star systems, 7 borders, 2 continents: Jove \+2, Saturn \+2/);

    // four AIs play it out, at once
    for (const seat of [0, 1, 2, 3]) await page.selectOption(`[data-seat-player="${seat}"]`, 'normal');
    await page.check('[data-cq="autoPlace"]');
    await page.selectOption('[data-cq="speed"]', '0');
    await page.click('[data-testid="cq-start"]');
    await expect.poll(() => page.locator('[data-testid="cq-territory"]').count()).toBe(6);
    expect(await systemLabels()).toBe(6);
    expect(await page.locator('.system-label').allTextContents()).toEqual(['Io', 'Europa', 'Ganymede', 'Titan', 'Rhea', 'Dione']);
    expect(await page.locator('[data-testid="where"]').textContent()).toMatch(/Six Moons/);
    // the map is framed: every badge is on the screen
    const boxes = await page.locator('[data-testid="cq-territory"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.x, r.y, r.width]));
    const { width, height } = page.viewportSize()!;
    for (const [x, y, w] of boxes) {
      expect(w).toBeGreaterThan(0);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(height);
    }
    await page.locator('[data-testid="cq-over"]').waitFor({ timeout: 40_000 });

    await page.click('[data-testid="cq-menu"]');
    await expect.poll(() => page.locator('[data-el="start"]').isVisible()).toBe(true);
    expect(await systemLabels()).toBe(galaxySystems);
    expect(await page.locator('[data-testid="cq-territory"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
