import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../fixtures';
import { openPage, startSession, type Session } from './browser';

let session: Session;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('the atlas page (npm start)', () => {
  it('loads with no console error and shows every star system and planet of the content', async () => {
    const { page, errors } = await openPage(session, '?atlas');
    await page.waitForSelector('[data-system]');
    expect(await page.locator('[data-system]').count()).toBe(content.systems.size);
    expect(await page.locator('[data-planet]').count()).toBe(content.planets.size);
    expect(await page.locator('h1').textContent()).toContain('Galactic Uprising');
    expect(errors).toEqual([]);
    await page.close();
  });
});
