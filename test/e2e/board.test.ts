/**
 * [issue 44] play on the map: a stack moved in two clicks (the stack, then where it goes) in the
 * star-system and the galactic game, and a whole galactic Imperial movement segment played by clicks on
 * the map, the segment ended by its key (Enter). The page hook only reads what the screen shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady, openGamePage, startSession, type Session } from './browser';
import { playState, waitForHuman, type PlayState } from './play-page';

type Hook = { playState: () => PlayState };

let session: Session;
let page: Page;
let errors: string[];
beforeAll(async () => {
  session = await startSession();
  ({ page, errors } = await openGamePage(session));
}, 120_000);
afterAll(async () => {
  await page?.close();
  await session?.close();
});

/** A new game with `side` played by hand (its forces placed automatically) and the other side by the AI. */
async function start(scenario: string, side: 'rebel' | 'imperial', seed: string): Promise<void> {
  await page.reload({ waitUntil: 'load' });
  await gameReady(page);
  await page.click('[data-testid="new-game"]');
  await page.selectOption('[data-setup="scenario"]', scenario);
  await page.fill('[data-setup="seed"]', seed);
  for (const s of ['rebel', 'imperial']) {
    await page.selectOption(`[data-player="${s}"]`, s === side ? 'human' : 'ai:normal');
    await page.selectOption(`[data-placement="${s}"]`, 'auto');
  }
  await page.selectOption('[data-setup="pace"]', 'instant');
  await page.click('[data-testid="start-game"]');
}

/** Answer with Enter (the end/no choice) or the first option until the human's movement decision. */
async function untilMovement(): Promise<PlayState> {
  for (let i = 0; i < 300; i++) {
    const s = await waitForHuman(page, { timeout: 120_000 });
    if (s.decision?.kind === 'movement' || s.winner) return s;
    const hasEnd = (await page.locator('[data-testid="option"].ends').count()) > 0;
    if (hasEnd) await page.keyboard.press('Enter');
    else await page.locator('[data-testid="option"]').first().click();
    await page.waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, s.states);
  }
  throw new Error('no movement decision');
}

/** The first stack marker on the map whose stack has somewhere to go together. */
async function movableStack(): Promise<number> {
  const titles = await page.locator('[data-testid="board-marker"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).title));
  return titles.findIndex((t) => / to go /.test(t));
}

/** Two clicks: the stack, then its first destination. Returns the decision after, and the time it took. */
async function twoClickMove(stack: number): Promise<{ after: PlayState; ms: number; picked: string }> {
  const before = await playState(page);
  const t0 = Date.now();
  const marker = page.locator('[data-testid="board-marker"]').nth(stack);
  const picked = (await marker.getAttribute('data-environ')) ?? '';
  // the markers follow the camera every frame, so the click is dispatched on the marker rather than
  // waiting for it to stand still (software rendering draws a frame in hundreds of ms)
  await marker.dispatchEvent('click');
  const dest = page.locator('[data-testid="board-dest-marker"]').first();
  await dest.waitFor({ timeout: 10_000 });
  await dest.dispatchEvent('click');
  await page.waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, before.states, { timeout: 60_000, polling: 20 });
  return { after: await waitForHuman(page, { timeout: 120_000 }), ms: Date.now() - t0, picked };
}

describe('play on the map [issue 44]', () => {
  it('[9.0] the star-system game: a stack moves in two clicks on the map', async () => {
    await start('start-of-rebellion', 'rebel', '11');
    const s = await untilMovement();
    expect(s.decision?.side).toBe('rebel');
    const stack = await movableStack();
    expect(stack).toBeGreaterThanOrEqual(0);
    const picksBefore = s.decision!.options.filter((o) => o.startsWith('Pick')).length;
    const { after } = await twoClickMove(stack);
    // the stack moved: its pieces are no longer offered to pick (moved this segment), or the game moved on
    const picksAfter = after.decision?.kind === 'movement' ? after.decision.options.filter((o) => o.startsWith('Pick')).length : 0;
    expect(picksAfter).toBeLessThan(picksBefore);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[9.0, 5.22] the galactic game: a whole Imperial movement segment played by clicks on the map', async () => {
    await start('galactic-lucent-spiral', 'imperial', '7');
    let s = await untilMovement();
    expect(s.decision?.side).toBe('imperial');
    const options = s.decision!.options.length;
    let moves = 0;
    let clicks = 0;
    const times: number[] = [];
    const turn = s.turn;
    for (let i = 0; i < 40 && s.decision?.kind === 'movement' && s.turn === turn; i++) {
      const stack = await movableStack();
      if (stack < 0) break;
      const { after, ms } = await twoClickMove(stack);
      moves++;
      clicks += 2;
      times.push(ms);
      s = after;
      // a move may lead to a question of its own (a PDB, a reaction): answered by its end key
      for (let k = 0; k < 10 && s.decision && s.decision.kind !== 'movement' && s.turn === turn; k++) {
        await page.keyboard.press('Enter');
        await page.waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, s.states);
        s = await waitForHuman(page, { timeout: 120_000 });
      }
    }
    expect(moves).toBeGreaterThan(3);
    // every stack that could move together has moved: no stack marker left with somewhere to go
    expect(await movableStack()).toBe(-1);
    console.log(`galactic Imperial movement: ${options} options in the list; ${moves} stacks moved by ${clicks} clicks on the map, ${Math.round(times.reduce((a, b) => a + b, 0) / times.length)} ms a move`);
    expect(errors).toEqual([]);
  }, 600_000);
});
