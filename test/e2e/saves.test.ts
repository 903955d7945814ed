import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady, usePage } from './browser';

/* The page's test hook (window.__galaxy), typed loosely: the tests only read plain data from it. */
type Hook = Record<string, (...args: unknown[]) => unknown>;
const hook = <T>(page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([n, a]) => ((window as unknown as { __galaxy: Hook }).__galaxy[n as string] as (...x: unknown[]) => unknown)(...(a as unknown[])), [name, args] as const) as Promise<T>;

interface State {
  turn: number;
  index: number;
  playing: boolean;
  error: string;
  info: { scenario: string; replay: boolean } | null;
}

let page: Page;
let errors: string[];
const ready = () => gameReady(page);
usePage((opened) => ({ page, errors } = opened));

describe('saves in the browser', () => {
  let saveText = '';
  let hash = '';

  it('exports a spectated game, reloads the page, imports it: the resumed game (paused) has the same state hash', async () => {
    // started paused and stepped to turn 2 a phase at a time (Step phase, as a player can): the game never runs
    // on by itself, so a busy machine cannot carry it past turn 2 before the page sees it (a game played at
    // speed 16 and paused by the page in the frame it saw turn 2 once ran to its end first, at load 19)
    await hook(page, 'watch', { scenario: 'start-of-rebellion', seed: 'save-e2e', play: false });
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.hash!() !== '');
    for (let steps = 0; (await hook<State>(page, 'state')).turn < 2; steps++) {
      expect(steps, 'phases stepped before turn 2').toBeLessThan(40);
      const before = await hook<string>(page, 'hash');
      await page.click('[data-el="stepPhase"]');
      await page.waitForFunction((h) => (window as unknown as { __galaxy: Hook }).__galaxy.hash!() !== h, before);
    }
    await page.waitForFunction(() => !((window as unknown as { __galaxy: Hook }).__galaxy.state!() as unknown as State).playing);
    hash = await hook<string>(page, 'hash');
    expect(hash).toMatch(/^[0-9a-f]{14}$/);
    // the autosave was kept after a phase
    expect((await hook<{ name: string }[]>(page, 'saves')).map((s) => s.name)).toContain('autosave (watched)');

    await page.click('[data-testid="saves-button"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-save"]')]);
    saveText = readFileSync((await download.path()) as string, 'utf8');
    expect(JSON.parse(saveText).scenario).toBe('start-of-rebellion');

    await page.reload();
    await ready();
    await page.click('[data-testid="saves-button"]');
    await page.setInputFiles('[data-testid="import-save"]', { name: 'my-game.json', mimeType: 'application/json', buffer: Buffer.from(saveText) });
    await page.waitForFunction((h) => (window as unknown as { __galaxy: Hook }).__galaxy.hash!() === h, hash, { timeout: 60_000 });
    const state = await hook<State>(page, 'state');
    expect(state.playing).toBe(false);
    expect(state.info?.replay).toBe(false);
    expect(await page.locator('[data-testid="where"]').textContent()).not.toMatch(/wins/);
    expect(await page.locator('[data-testid="save-note"]').textContent()).toContain('Loaded');
  });

  it('a hostile file gets a message saying what and where, and the running game stays', async () => {
    const hostile = [
      ['not-json.json', 'this is not a save', /not valid JSON/],
      ['proto.json', `{"__proto__": {"polluted": 1}, ${saveText.slice(1)}`, /malformed/],
      ['wrong-type.json', JSON.stringify({ ...JSON.parse(saveText), seed: 12 }), /malformed at seed/],
      ['truncated.json', saveText.slice(0, saveText.length / 2), /not valid JSON/],
      ['other-content.json', JSON.stringify({ ...JSON.parse(saveText), contentVersion: 'elsewhere' }), /other game content/],
    ] as const;
    for (const [name, text, message] of hostile) {
      await page.setInputFiles('[data-testid="import-save"]', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForFunction((n) => document.querySelector('[data-testid="message"]')?.textContent?.includes(n), name, { timeout: 30_000 });
      const shown = (await page.locator('[data-testid="message"]').textContent()) ?? '';
      expect(shown).toMatch(message);
      expect(await page.locator('[data-testid="save-note"]').textContent()).toMatch(message);
      expect(await hook<string>(page, 'hash')).toBe(hash);
      expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
    }
    // the game goes on from where it was
    await page.click('[data-testid="play"]');
    await page.waitForFunction((h) => (window as unknown as { __galaxy: Hook }).__galaxy.hash!() !== h, hash, { timeout: 30_000 });
  });

  it('a save kept by name lists scenario, turn and time, loads back, and deletes', async () => {
    await hook(page, 'pause');
    // the worker's own word that it paused: no step comes after it (its messages come in order)
    await page.waitForFunction(() => !((window as unknown as { __galaxy: Hook }).__galaxy.state!() as unknown as State).playing);
    const kept = await hook<string>(page, 'hash');
    await page.fill('[data-testid="save-name"]', 'my save');
    await page.click('[data-testid="save-button"]');
    const row = page.locator('[data-save="my save"]');
    await row.waitFor();
    expect(await row.textContent()).toMatch(/The Wendmoor Tithe · turn \d+ · today/);
    await page.click('[data-testid="play"]');
    await page.waitForFunction((h) => (window as unknown as { __galaxy: Hook }).__galaxy.hash!() !== h, kept, { timeout: 30_000 });
    await row.locator('[data-act="load"]').click();
    await page.waitForFunction((h) => (window as unknown as { __galaxy: Hook }).__galaxy.hash!() === h, kept, { timeout: 60_000 });
    await row.locator('[data-act="delete"]').click();
    await row.waitFor({ state: 'detached' });
  });

  it('sound unlocks on the first gesture and every sound file loads', async () => {
    await page.click('[data-testid="settings-button"]');
    await page.waitForFunction(() => {
      const s = ((window as unknown as { __galaxy: Hook }).__galaxy.audioStatus!() as { loaded: number; failed: string[] } | null);
      return s && (s.loaded === 11 || s.failed.length > 0);
    }, undefined, { timeout: 30_000 });
    const status = await hook<{ unlocked: boolean; loaded: number; failed: string[] }>(page, 'audioStatus');
    expect(status).toMatchObject({ unlocked: true, loaded: 11, failed: [] });
    await page.click('[data-testid="settings-button"]');
  });

  it('a muted page plays no drone and its audio context is suspended; unmuted, the drone plays again', async () => {
    // (the tests' pages start muted, as a player's can: browser.ts) a click unlocks sound, and Howler's own
    // unlock resumes the audio context on it: the game suspends it again
    type Sound = { ambient: boolean; context: string | null };
    const sound = () => page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.audioStatus!() as Sound);
    const soundIs = (want: Sound) =>
      page.waitForFunction((w) => {
        const s = (window as unknown as { __galaxy: Hook }).__galaxy.audioStatus!() as Sound;
        return s.ambient === w.ambient && s.context === w.context;
      }, want, { timeout: 10_000 }).catch(async () => {
        const { ambient, context } = await sound();
        expect({ ambient, context }).toEqual(want);
      });
    await page.click('[data-testid="settings-button"]');
    await soundIs({ ambient: false, context: 'suspended' });
    const mute = page.locator('.settings-gui .lil-controller', { hasText: 'Mute' }).locator('input');
    await mute.uncheck();
    await soundIs({ ambient: true, context: 'running' });
    await mute.check();
    await soundIs({ ambient: false, context: 'suspended' });
    await page.click('[data-testid="settings-button"]');
  });

  it('settings are remembered across a reload and applied to the galaxy', async () => {
    await page.click('[data-testid="settings-button"]');
    await page.locator('.settings-gui .lil-controller', { hasText: 'Star and planet names' }).locator('input').uncheck();
    await page.reload();
    await ready();
    expect(await hook<{ labels: boolean }>(page, 'settings')).toMatchObject({ labels: false });
    expect(await hook<{ labels: boolean }>(page, 'galaxySettings')).toMatchObject({ labels: false });
    expect(errors).toEqual([]);
  });
});
