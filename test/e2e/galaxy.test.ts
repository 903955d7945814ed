import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { content } from '../fixtures';
import { newGame } from '../../src/core/engine/game';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { saveToText } from '../../src/core/save';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { cameraSettled, mapSettled, usePage } from './browser';

/* The page's test hook (window.__galaxy), typed loosely: the tests only read plain data from it. */
type Hook = Record<string, (...args: unknown[]) => unknown>;
const hook = <T>(page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([n, a]) => ((window as unknown as { __galaxy: Hook }).__galaxy[n as string] as (...x: unknown[]) => unknown)(...(a as unknown[])), [name, args] as const) as Promise<T>;

interface SpectatorState {
  turn: number;
  winner: string | null;
  index: number;
  total: number | null;
  turnsWatched: number;
  error: string;
  info: { replay: boolean } | null;
}

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

describe('the galaxy page (default route)', () => {
  it('loads with no console error and renders the galaxy (not a blank canvas)', async () => {
    const pixels = await hook<{ mean: number; variance: number }>(page, 'pixelStats');
    expect(pixels.mean).toBeGreaterThan(2);
    expect(pixels.variance).toBeGreaterThan(20);
    expect(await page.locator('[data-system]').count()).toBe(content.systems.size);
    expect(errors).toEqual([]);
  });

  it('renders on demand: the idle start menu draws nothing, a flight draws until it lands; asked for less motion, the camera jumps', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForFunction(() => !(window as unknown as { __galaxy: { camera(): { flying: boolean } } }).__galaxy.camera().flying, undefined, { timeout: 30_000 });
    await mapSettled(page); // the camera's damping comes to rest
    const still = await hook<number>(page, 'framesDrawn');
    await page.waitForTimeout(1000);
    expect(await hook<number>(page, 'framesDrawn')).toBe(still);
    // nothing moving, the frame loop sleeps (no frames asked of the browser); the player's pointer, a
    // change to the page and a call to the scene each wake it
    const asleep = () => page.waitForFunction(() => (window as unknown as { __galaxy: { asleep(): boolean } }).__galaxy.asleep(), undefined, { timeout: 30_000 });
    await asleep();
    // (watched from the page itself, every few milliseconds from before the move: awake, the loop sleeps again
    // after 10 quiet frames, which a busy machine's next question to the page could come after)
    await page.evaluate(() => {
      const g = (window as unknown as { __galaxy: { asleep(): boolean } }).__galaxy;
      const w = window as unknown as { woke?: boolean };
      w.woke = false;
      const look = setInterval(() => {
        if (!g.asleep()) w.woke = true;
        if (w.woke) clearInterval(look);
      }, 2);
    });
    // (over the start menu, not the map: the map's own hover would wake it another way)
    const menu = (await page.locator('[data-el="start"]').boundingBox())!;
    await page.mouse.move(menu.x + menu.width / 2, menu.y + menu.height / 2);
    await page.waitForFunction(() => (window as unknown as { woke?: boolean }).woke, undefined, { timeout: 5_000 });
    await asleep();
    expect(await page.evaluate(() => {
      document.body.appendChild(document.createElement('div')).remove();
      return new Promise<boolean>((resolve) => queueMicrotask(() => resolve((window as unknown as { __galaxy: { asleep(): boolean } }).__galaxy.asleep())));
    })).toBe(false);
    await asleep();
    // the test can fail: a flight is drawn frame by frame (asked in the same task as the star is picked: a
    // busy machine's next question could come after the flight's last frame)
    expect(await page.evaluate(() => {
      const g = (window as unknown as { __galaxy: { select(s: object): void; camera(): { flying: boolean } } }).__galaxy;
      g.select({ kind: 'system', id: 'caldris' });
      return g.camera().flying;
    })).toBe(true);
    await page.waitForFunction((n) => (window as unknown as { __galaxy: { framesDrawn(): number } }).__galaxy.framesDrawn() > n + 2, still, { timeout: 30_000 });
    await hook(page, 'select', null);
    await hook(page, 'home');
    await cameraSettled(page);
    // the system's "reduce motion" (followed as it changes): the camera is where it was sent at once, in a frame or two
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await mapSettled(page);
    const before = await hook<number>(page, 'framesDrawn');
    await hook(page, 'select', { kind: 'system', id: 'caldris' });
    expect(await hook<{ flying: boolean }>(page, 'camera')).toMatchObject({ flying: false });
    await mapSettled(page);
    expect(await hook<number>(page, 'framesDrawn')).toBeLessThanOrEqual(before + 3);
    // a battle's burst (1.4 s) is drawn held still, once, then cleared once; with motion, frame by frame
    await mapSettled(page);
    const beforeBurst = await hook<number>(page, 'framesDrawn');
    await hook(page, 'flare', 'caldris');
    await page.waitForTimeout(1600);
    await mapSettled(page);
    expect(await hook<number>(page, 'framesDrawn')).toBeLessThanOrEqual(beforeBurst + 3);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await mapSettled(page);
    const moving = await hook<number>(page, 'framesDrawn');
    await hook(page, 'flare', 'caldris');
    await page.waitForFunction((n) => (window as unknown as { __galaxy: { framesDrawn(): number } }).__galaxy.framesDrawn() > n + 5, moving, { timeout: 30_000 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await hook(page, 'select', null);
    await hook(page, 'home');
  });

  it('draws the whole galaxy in at most 60 draw calls', async () => {
    await hook(page, 'home');
    const stats = await hook<{ drawCalls: number }>(page, 'stats');
    expect(stats.drawCalls).toBeGreaterThan(3);
    expect(stats.drawCalls).toBeLessThanOrEqual(60);
  });

  it('picking a star opens its panel with its name', async () => {
    await hook(page, 'home');
    const at = await hook<{ x: number; y: number } | null>(page, 'screenOf', 'caldris');
    expect(at).not.toBeNull();
    await page.mouse.click(at!.x, at!.y);
    await page.waitForSelector('[data-panel-title]');
    expect(await page.locator('[data-panel-title]').textContent()).toContain('Caldris');
  });

  it('the keyboard moves between systems (Tab) and back to the galaxy (Esc)', async () => {
    await page.locator('canvas').focus();
    await page.keyboard.press('Tab');
    await page.waitForSelector('[data-panel-title]');
    const first = await page.locator('[data-panel-title]').textContent();
    await page.keyboard.press('Tab');
    await page.waitForFunction((t) => document.querySelector('[data-panel-title]')?.textContent !== t, first);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-el="panel"]', { state: 'hidden' });
  });

  it('disposes every geometry and texture it made (the resource tracker)', async () => {
    const { before, after } = await hook<{ before: { geometries: number; textures: number }; after: { geometries: number; textures: number } }>(page, 'leakCheck');
    // A frame of the galaxy view uploads the geometry of each layer it draws (five at default quality),
    // so there was something to free.
    expect(before.geometries).toBeGreaterThanOrEqual(5);
    expect(after).toEqual({ geometries: 0, textures: 0 });
  });

  it('a spectated AI-vs-AI game advances at least 3 full game-turns with no console error', async () => {
    await page.selectOption('[data-el="startSpeed"]', '0');
    await page.click('[data-testid="watch"]');
    await page.waitForFunction(() => ((window as unknown as { __galaxy: Hook }).__galaxy.state!() as SpectatorState).turnsWatched >= 3, undefined, { timeout: 90_000 });
    const state = await hook<SpectatorState>(page, 'state');
    expect(state.turnsWatched).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-testid="log"] li').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="where"]').textContent()).toMatch(/Turn \d+/);
    // the stack badges (kept from state to state, rewritten only where a count changed) count the stacks on
    // show now: one badge a stack, none for a stack gone (read in one task: no state comes between)
    const { badges, stacks } = await page.evaluate(() => {
      type Stack = { environ: string; side: string; units: number; strength: number | null; characters: number; undetected: number };
      const shown = (s: Stack) =>
        `${s.environ} ${s.side} ${s.units ? `▲${s.units}·${s.strength ?? '?'}` : ''}${s.characters ? `◆${s.characters}${s.undetected ? '?' : ''}` : ''}`;
      const all = ((window as unknown as { __galaxy: Hook }).__galaxy.stacks!() as Stack[]).map(shown).sort();
      const els = [...document.querySelectorAll<HTMLElement>('.stack-label:not(.drift-label)')];
      return { badges: els.map((el) => `${el.dataset.environ} ${el.dataset.side} ${el.textContent}`).sort(), stacks: all };
    });
    expect(stacks.length).toBeGreaterThan(0);
    expect(badges).toEqual(stacks);
    expect(errors).toEqual([]);
  });

  it('an opened star system shows each planet\'s name clear of the info panel and of its stack badges, and badges clear of each other', async () => {
    await hook(page, 'pause');
    await hook(page, 'setFollow', false);
    await hook(page, 'select', { kind: 'system', id: 'wendmoor' });
    await cameraSettled(page); // the camera's flight, and a frame drawn where it landed
    const overlaps = await page.evaluate(() => {
      const rect = (el: Element) => el.getBoundingClientRect();
      const shown = (el: Element) => (el as HTMLElement).style.display !== 'none' && rect(el).width > 0;
      const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const panel = rect(document.querySelector('.panel')!);
      const found: string[] = [];
      for (const planet of ['wendhaven', 'tollis', 'gallowmere']) {
        const label = document.querySelector(`.planet-label[data-planet="${planet}"]`)!;
        if (!shown(label)) {
          found.push(`${planet}: name not shown`);
          continue;
        }
        const name = rect(label);
        if (meet(name, panel)) found.push(`${planet}: name under the panel`);
        if (name.top < 0 || name.left < 0 || name.right > innerWidth) found.push(`${planet}: name off the page`);
        for (const badge of document.querySelectorAll(`.stack-label[data-environ^="${planet}."]`))
          if (shown(badge) && meet(name, rect(badge))) found.push(`${planet}: name under a badge of ${(badge as HTMLElement).dataset.environ}`);
      }
      // and no badge covers another
      const badges = [...document.querySelectorAll('.stack-label')].filter(shown);
      badges.forEach((a, i) => {
        for (const b of badges.slice(i + 1)) if (meet(rect(a), rect(b))) found.push(`badges of ${(a as HTMLElement).dataset.environ} and ${(b as HTMLElement).dataset.environ} overlap`);
      });
      return found;
    });
    expect(overlaps).toEqual([]);
  });

  it('a broken replay gets a clear message and the current game stays; a good one can be scrubbed', async () => {
    const before = await hook<SpectatorState>(page, 'state');
    await hook(page, 'loadReplay', '{"formatVersion": 2, "commands": "oops"}');
    await page.waitForSelector('.message:not([hidden])');
    expect(await page.locator('.message').textContent()).toMatch(/cannot be watched/);
    const after = await hook<SpectatorState>(page, 'state');
    expect(after.info?.replay).toBe(false);
    expect(after.turn).toBeGreaterThanOrEqual(before.turn);

    const game = newGame({ content, ruleset: starSystemRuleset, scenario: 'start-of-rebellion', seed: 'replay-e2e' });
    playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 'r' }), imperial: randomAgent({ side: 'imperial', seed: 'i' }) });
    await hook(page, 'loadReplay', saveToText(game));
    await page.waitForFunction(() => ((window as unknown as { __galaxy: Hook }).__galaxy.state!() as SpectatorState).total !== null);
    const mid = Math.floor(game.log.length / 2);
    await page.locator('[data-testid="timeline"]').fill(String(mid));
    await page.waitForFunction((n) => ((window as unknown as { __galaxy: Hook }).__galaxy.state!() as SpectatorState).index === n, mid);
    const scrubbed = await hook<SpectatorState>(page, 'state');
    expect(scrubbed.total).toBe(game.log.length);
    expect(scrubbed.index).toBe(mid);
    expect(errors).toEqual([]);
  });
});
