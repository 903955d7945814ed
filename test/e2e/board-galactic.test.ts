/**
 * [issue 44, 53] play on the map: a whole galactic Imperial movement segment played by clicks on the map
 * (each stack opened into its counters, then where it goes), the segment ended by its key (Enter); a stack
 * dragged to where it goes. Its own file, the board's longest test, to run beside the others
 * (board.test.ts, board-asks.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraSettled, usePage } from './browser';
import { movableStack, moved, moveOne, start, untilMovement } from './board-page';
import { waitForHuman } from './play-page';

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

describe('play on the map [issue 44, 53]: a galactic movement segment', () => {
  it('[9.0, 5.22] the galactic game: a whole Imperial movement segment played by clicks on the map; a stack dragged to where it goes', async () => {
    await start(page, 'galactic-lucent-spiral', 'imperial', '7');
    let s = await untilMovement(page);
    expect(s.decision?.side).toBe('imperial');
    const options = s.decision!.options.length;
    let moves = 0;
    let clicks = 0;
    let least = Infinity;
    const times: number[] = [];
    const turn = s.turn;
    for (let i = 0; i < 80 && s.decision?.kind === 'movement' && s.turn === turn; i++) {
      if (!(await movableStack(page))) break;
      if (moves === 2) {
        // drag: press on a stack that opens with what may fly picked, move off it (its destinations light up), let go on one
        const box = async (sel: string) => (await page.locator(sel).evaluateAll((els) => els.filter((el) => (el as HTMLElement).style.display !== 'none').map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 }))))[0];
        await cameraSettled(page);
        const from = await box('[data-testid="board-marker"][title*="click to open"]');
        if (from) {
          await page.mouse.move(from.x, from.y);
          await page.mouse.down();
          await page.mouse.move(from.x + 30, from.y + 10, { steps: 3 });
          const lit = await page.locator('[data-testid="board-dest-marker"]').first().waitFor({ timeout: 10_000 }).then(() => true).catch(() => false);
          if (lit) {
            await cameraSettled(page);
            const to = await box('[data-testid="board-dest-marker"]');
            await page.mouse.move(to!.x, to!.y, { steps: 3 });
            await page.mouse.up();
            await moved(page, s);
            s = await waitForHuman(page, { timeout: 120_000 });
            moves++;
            continue;
          }
          await page.mouse.up();
          await page.keyboard.press('Escape');
        }
      }
      const { after, ms, clicks: n } = await moveOne(page);
      moves++;
      clicks += n;
      least = Math.min(least, n);
      times.push(ms);
      s = after;
      // a move may lead to a question of its own (a PDB, a reaction): answered by its end key
      for (let k = 0; k < 10 && s.decision && s.decision.kind !== 'movement' && s.turn === turn; k++) {
        await page.keyboard.press('Enter');
        await moved(page, s);
        s = await waitForHuman(page, { timeout: 120_000 });
      }
    }
    expect(moves).toBeGreaterThan(3);
    // a stack in the system on show moves in two clicks: it opens with what may fly picked, then where it goes
    expect(least).toBe(2);
    expect(await movableStack(page)).toBe(false);
    console.log(`galactic Imperial movement: ${options} options in the list; ${moves} stacks moved by ${clicks} clicks on the map, ${Math.round(times.reduce((a, b) => a + b, 0) / times.length)} ms a move`);
    expect(errors).toEqual([]);
  }, 600_000);
});
