/**
 * [issue 44] the map stays legible: at 800x600, 1280x720 and 1920x1080, in the galactic Empire's movement
 * (the busiest decision: a stack marker for every stack that can move) and in the star-system Rebel's,
 * no marker on the map overlaps another, a star, planet or stack label, or a panel of the interface
 * (the header, the decision panel, the event log). Each box is read from the page as the player sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady, mapSettled, openPage, startSession, type Session } from './browser';
import { waitForHuman, type PlayState } from './play-page';

type Hook = { playState: () => PlayState };
let session: Session;
beforeAll(async () => {
  session = await startSession();
}, 120_000);
afterAll(async () => {
  await session?.close();
});

async function start(page: Page, scenario: string, side: 'rebel' | 'imperial'): Promise<void> {
  await page.click('[data-testid="new-game"]');
  await page.selectOption('[data-setup="scenario"]', scenario);
  await page.fill('[data-setup="seed"]', '7');
  for (const s of ['rebel', 'imperial']) {
    await page.selectOption(`[data-player="${s}"]`, s === side ? 'human' : 'ai:normal');
    await page.selectOption(`[data-placement="${s}"]`, 'auto');
  }
  await page.selectOption('[data-setup="pace"]', 'instant');
  await page.click('[data-testid="start-game"]');
  for (let i = 0; i < 300; i++) {
    const s = await waitForHuman(page, { timeout: 120_000 });
    if (s.decision?.kind === 'movement') return;
    const hasEnd = (await page.locator('[data-testid="option"].ends').count()) > 0;
    if (hasEnd) await page.keyboard.press('Enter');
    else await page.locator('[data-testid="option"]').first().click();
    await page.waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, s.states);
  }
}

/** Every overlap on the map, in words: marker on marker, marker on label, marker under a panel. */
async function overlaps(page: Page): Promise<{ markers: number; problems: string[] }> {
  // let the camera settle where the decision framed it
  await mapSettled(page);
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const s = getComputedStyle(el as HTMLElement);
      const r = el.getBoundingClientRect();
      return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
    };
    const boxes = (sel: string) => [...document.querySelectorAll(sel)].filter(shown).map((el) => ({ el, r: el.getBoundingClientRect(), name: (el.textContent ?? '').trim().slice(0, 24) || sel }));
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const markers = boxes('.map-marker');
    const labels = boxes('.label');
    const panels = boxes('.hud, .decision-box, section.log');
    const problems: string[] = [];
    markers.forEach((m, i) => {
      for (const o of markers.slice(i + 1)) if (hit(m.r, o.r)) problems.push(`marker "${m.name}" overlaps marker "${o.name}"`);
      for (const l of labels) if (hit(m.r, l.r)) problems.push(`marker "${m.name}" overlaps label "${l.name}"`);
      for (const p of panels) if (hit(m.r, p.r)) problems.push(`marker "${m.name}" is under a panel (${(p.el as HTMLElement).className})`);
    });
    return { markers: markers.length, problems };
  });
}

describe('map legibility [issue 44]', () => {
  for (const size of [
    { width: 800, height: 600 },
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    it(`${size.width}x${size.height}: the galactic Empire's movement, no marker over another, over a label or under a panel`, async () => {
      const { page, errors } = await openPage(session, '', size);
      await gameReady(page);
      await start(page, 'galactic-lucent-spiral', 'imperial');
      const { markers, problems } = await overlaps(page);
      expect(markers).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }, 300_000);
  }
});
