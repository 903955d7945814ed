import { describe, expect, it } from 'vitest';
import { content } from '../fixtures';
import { openPage, useSession, type Session } from './browser';

let session: Session;
useSession((s) => (session = s));

describe('the atlas page (npm start)', () => {
  it('loads with no console error and shows every star system, planet, kind of card and table of the content', async () => {
    const { page, errors } = await openPage(session, '?atlas');
    await page.waitForSelector('[data-system]');
    expect(await page.locator('[data-system]').count()).toBe(content.systems.size);
    expect(await page.locator('[data-planet]').count()).toBe(content.planets.size);
    expect(await page.locator('h1').textContent()).toContain('Galactic Uprising');
    // every kind of card and the tables, drawn by the rules reference (src/ui/reference.ts)
    expect(await page.locator('[data-ref="mission"]').count()).toBe(content.missions.size);
    expect(await page.locator('[data-ref="possession"]').count()).toBe(content.possessions.size);
    expect(await page.locator('[data-ref="creature"]').count()).toBe(content.creatures.size);
    expect(await page.locator('[data-ref="action"]').count()).toBe(content.actions.length);
    expect(await page.locator('[data-ref="ship"]').count()).toBe(content.imperialShips.size);
    expect(await page.locator('[data-ref="table"]').count()).toBe(Object.keys(content.tables).length);
    for (const section of ['missions', 'possessions', 'creatures', 'actions', 'spaceships', 'tables']) {
      expect(await page.locator(`.atlas-nav a[href="#ref-${section}"]`).count(), section).toBe(1);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
