/**
 * Single-screen play in the browser: a human Rebel plays one full game-turn against the AI through the
 * UI only (clicks and keys); the page hook is used only to read what the screen shows.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraSettled, usePage } from './browser';
import { backToStartMenu, chooseSetupAndStart, playState, startPlayedGame, waitForHuman, type PlayState } from './play-page';

type Hook = { playState: () => PlayState };

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

/** Leave the game on show for the menu and start a Wendmoor game with the Rebel played by hand, as `setup` says, at instant pace. */
async function startNewGame(page: Page, setup: { imperial: string; placement: 'auto' | 'hand'; seed?: string }): Promise<void> {
  await backToStartMenu(page);
  await startPlayedGame(page, { scenario: 'start-of-rebellion', ...setup });
}

describe('single-screen play', () => {
  it('the setup screen shows the scenario, its victory conditions, the players, seed and speed', async () => {
    await page.click('[data-testid="new-game"]');
    const setup = page.locator('[data-testid="play-setup"]');
    await setup.waitFor();
    expect(await setup.textContent()).toMatch(/Victory/);
    expect(await setup.textContent()).toMatch(/placed automatically/);
    expect(await page.inputValue('[data-setup="seed"]')).toMatch(/^\d+$/);
    // [000 15.x, issue 47] the domino rule: each scenario's default, a line about the one chosen, and it changes with the scenario
    expect(await page.inputValue('[data-testid="domino-select"]')).toBe('chain');
    expect(await page.locator('[data-testid="domino-text"]').textContent()).toMatch(/The chapter whole.*This scenario's default/);
    await page.selectOption('[data-setup="scenario"]', 'songs-of-the-verdant-drift');
    expect(await page.inputValue('[data-testid="domino-select"]')).toBe('single');
    await page.selectOption('[data-testid="domino-select"]', 'off');
    expect(await page.locator('[data-testid="domino-text"]').textContent()).toBe('No domino effect at all: a rising stays on its own planet.');
    await page.selectOption('[data-setup="scenario"]', 'start-of-rebellion');
    // online the server draws the seed: no field for it
    await page.check('[data-testid="play-online-check"]');
    expect(await page.locator('[data-setup="seed"]').isVisible()).toBe(false);
    await page.uncheck('[data-testid="play-online-check"]');
    expect(await page.locator('[data-setup="seed"]').isVisible()).toBe(true);
  });

  it('a human Rebel plays one full game-turn against the AI through clicks and keys, with no console error', async () => {
    await chooseSetupAndStart(page, { seed: '11', imperial: 'ai:random', placement: 'auto' });
    let s = await waitForHuman(page, { turn: 1 });
    expect(s.decision?.side).toBe('rebel');
    expect(await page.locator('[data-testid="prompt"]').textContent()).toBeTruthy();
    expect(await page.locator('[data-testid="sequence"] .now').count()).toBe(1);

    // movement by the map: a numbered marker picks a piece; then undo (Esc) takes it back
    let usedMarker = false;
    let undone = false;
    let steps = 0;
    while (s.turn === 1 && !s.winner && steps++ < 400) {
      const kind = s.decision?.kind;
      if (!usedMarker && kind === 'movement' && (await page.locator('[data-testid="board-marker"]').count()) > 0) {
        usedMarker = true;
        // [issue 44] the map is a board: click a stack, then where it goes
        await page.locator('[data-testid="board-marker"]').first().dispatchEvent('click');
        const dest = page.locator('[data-testid="board-dest-marker"]');
        await dest.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
        if (await dest.count()) await dest.first().dispatchEvent('click');
        else await page.locator('[data-testid="option"]').first().click();
        s = await waitForHuman(page, { turn: 1 });
        if (!undone && s.canUndo) {
          undone = true;
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.playState().decision?.kind === 'movement');
          s = await playState(page);
        }
        continue;
      }
      const before = await page.evaluate(() => document.querySelector('[data-testid="decision"]')?.innerHTML ?? '');
      const hasEnd = (await page.locator('[data-testid="option"].ends').count()) > 0;
      if (hasEnd) await page.keyboard.press('Enter');
      else if (steps % 2) await page.keyboard.press('1');
      else await page.locator('[data-testid="option"]').first().click();
      await page.waitForFunction(
        (b) => {
          const s2 = (window as unknown as { __galaxy: Hook }).__galaxy.playState();
          return document.querySelector('[data-testid="decision"]')?.innerHTML !== b || s2.winner !== null;
        },
        before,
        { timeout: 30_000 },
      );
      s = await waitForHuman(page, { turn: 1 });
    }
    expect(usedMarker).toBe(true);
    expect(s.turn > 1 || s.winner !== null).toBe(true);
    expect(errors).toEqual([]);
  });

  it('help opens with ? and lists the rules words with their rule numbers', async () => {
    await page.keyboard.press('?');
    await page.locator('[data-testid="help"]').waitFor();
    expect(await page.locator('[data-testid="help"]').textContent()).toMatch(/PDB.*\[9\.2\]/);
    await page.locator('[data-testid="help"]').click();
    expect(errors).toEqual([]);
  });

  it('[16.12] placement by hand: the Rebel chooses where his characters land by a lit environ on the map', async () => {
    await startNewGame(page, { imperial: 'ai:normal', placement: 'hand' });
    let s = await waitForHuman(page, { turn: 1 });
    expect(s.decision?.kind).toBe('place-characters');
    expect(s.segment).toBe(-1); // before the first segment
    // [issue 44] one lit marker per legal environ, each its choice: a click takes it
    const markers = page.locator('[data-testid="board-dest-marker"]');
    expect(await markers.count()).toBe(s.decision?.options.length);
    // the marker's card names the place: "Gather at Gallowmere 2 (subterranean) · unrest · PDB 1 up"
    const title = (await markers.last().getAttribute('data-tip')) ?? '';
    const planet = /^Gather at (.+?) \d/.exec(title)?.[1];
    const type = /\((\w+)\)/.exec(title)?.[1];
    await markers.last().click();
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.playState().decision?.kind !== 'place-characters');
    s = await waitForHuman(page, { turn: 1 });
    expect(s.segment).toBeGreaterThanOrEqual(0);
    const log = await page.locator('[data-testid="log"]').textContent();
    expect(planet && type).toBeTruthy();
    expect(log).toContain(`The Rebel characters gather at ${planet} (${type})`);
    expect(errors).toEqual([]);
  });

  it('the numbered markers keep clear of the system and planet names, the stack badges and each other', async () => {
    await startNewGame(page, { imperial: 'ai:random', placement: 'auto', seed: '11' });
    expect((await waitForHuman(page, { turn: 1 })).decision?.kind).toBe('movement');
    // pick a piece: the next choices (more pieces, or where to go) crowd round its planet
    await page.locator('[data-testid="option"]:not(.ends)').first().click();
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.playState().decision?.kind === 'move-group');
    await cameraSettled(page); // the camera's flight, and a frame drawn where it landed
    const overlaps = await page.evaluate(() => {
      const shown = (el: Element) => (el as HTMLElement).style.display !== 'none' && el.getBoundingClientRect().width > 0;
      const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      // [issue 44] in a move the markers are the board's: the stack in hand and where it may go
      const markers = [...document.querySelectorAll('.map-marker')].filter(shown);
      const labels = [...document.querySelectorAll('.system-label, .planet-label, .stack-label')].filter(shown);
      const found: string[] = [];
      markers.forEach((m, i) => {
        const box = m.getBoundingClientRect();
        for (const l of labels) if (meet(box, l.getBoundingClientRect())) found.push(`marker "${m.textContent}" over "${l.textContent}"`);
        for (const other of markers.slice(i + 1)) if (meet(box, other.getBoundingClientRect())) found.push(`marker "${m.textContent}" over marker "${other.textContent}"`);
      });
      return { found, markers: markers.length, labels: labels.length };
    });
    expect(overlaps.markers).toBeGreaterThan(1);
    expect(overlaps.labels).toBeGreaterThan(1);
    expect(overlaps.found).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('hot-seat: a privacy screen names the next player and hides the board until they click', async () => {
    await backToStartMenu(page);
    await page.click('[data-testid="new-game"]');
    await page.selectOption('[data-player="imperial"]', 'human');
    expect(await page.locator('[data-setup="mode"]').textContent()).toMatch(/Hot-seat/);
    await page.click('[data-testid="start-game"]');
    await page.locator('[data-testid="privacy"]').waitFor();
    expect(await page.locator('[data-testid="privacy"]').textContent()).toMatch(/Pass the screen to the Rebel player/);
    await page.keyboard.press('1'); // ignored while the screen is hidden
    expect((await playState(page)).decision?.side).toBe('rebel');
    await page.locator('[data-testid="privacy"]').click();
    await page.locator('[data-testid="privacy"]').waitFor({ state: 'hidden' });
    // the Rebel ends movement; play passes to the Empire only later, so keep ending until it does
    for (let i = 0; i < 60 && !(await playState(page)).privacy; i++) {
      const before = await page.evaluate(() => document.querySelector('[data-testid="decision"]')?.innerHTML ?? '');
      const hasEnd = (await page.locator('[data-testid="option"].ends').count()) > 0;
      await page.keyboard.press(hasEnd ? 'Enter' : '1');
      await page.waitForFunction((b) => document.querySelector('[data-testid="decision"]')?.innerHTML !== b || !document.querySelector('[data-testid="privacy"]')?.hasAttribute('hidden'), before);
    }
    const s = await playState(page);
    expect(s.privacy).toBe(true);
    expect(s.decision?.side).toBe('imperial');
    expect(await page.locator('[data-testid="privacy"]').textContent()).toMatch(/Imperial player/);
    expect(errors).toEqual([]);
  });
});
