/**
 * Playing on the map in the browser (the board tests, board*.test.ts): a game started or resumed on the
 * page, the board's lit markers read, a stack moved or a target clicked by clicks on the map as a player
 * does, and what the same commands make of the game in Node, to compare with the page.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady } from './browser';
import { playState, startGameAs, waitForHuman, type PlayState } from './play-page';
import type { Decision, Game } from '../../src/core/engine/types';
import { boardForm } from '../../src/words/board/forms';
import type { Dest } from '../../src/words/board/types';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { content } from '../fixtures';

type Hook = { playState: () => PlayState };

export const SIZES = [
  { width: 1280, height: 720 },
  { width: 800, height: 600 },
] as const;

/**
 * A new game with `side` played by hand (its forces placed automatically) and the other side by the AI,
 * from the start menu (a new page load if the page is elsewhere).
 */
export async function start(page: Page, scenario: string, side: 'rebel' | 'imperial', seed: string): Promise<void> {
  if (!(await page.isVisible('[data-testid="new-game"]'))) {
    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
  }
  await startGameAs(page, scenario, side, seed);
}

/** Answer with Enter (the end/no choice) or the first option until the human's movement decision. */
export async function untilMovement(page: Page): Promise<PlayState> {
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

/** The page has shown a new state since `before` (the screen took an answer). */
export const moved = (page: Page, before: PlayState) => page.waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, before.states, { timeout: 60_000 });

/**
 * Open `e`'s save on the page (over any game on show) and wait until the page shows its pending decision:
 * a state shown since the save was opened, of the same kind, turn and number of options (the last game's
 * stays on screen until the new one's comes, and may look the same).
 */
export async function resumeHere(page: Page, e: PlayEngine): Promise<PlayState> {
  const g = e.game as Game;
  const d = g.pending as Decision;
  const shown = await page.evaluate((t) => {
    const hook = (window as unknown as { __galaxy: Hook & { resumeSave: (t: string) => void } }).__galaxy;
    // (a page on the start menu has shown no play state: none counted)
    const before = hook.playState().states;
    hook.resumeSave(t);
    return before;
  }, e.saveText());
  await page.waitForFunction(
    (want) => {
      const s = (window as unknown as { __galaxy: Hook }).__galaxy.playState();
      return s.states > want.shown && s.decision?.kind === want.kind && s.decision.options.length === want.options && s.turn === want.turn && !s.thinking;
    },
    { kind: d.kind, options: d.options.length, turn: g.turn, shown },
    { timeout: 120_000 },
  );
  return playState(page);
}

/** What the same commands make of the game in Node: its state after the AI has answered on. */
export function sameIn(e: PlayEngine, side: 'rebel' | 'imperial', commands: Dest['commands']): Game {
  const copy = new PlayEngine(content);
  copy.resume(e.saveText());
  expect(copy.answerMany(side, commands)[0]?.type).toBe('state');
  for (let i = 0; i < 2000 && copy.stepAI(); i++);
  return copy.game as Game;
}

/** The board's lit markers, each with its place and hover words, as the page shows them. */
export const lit = (page: Page) => page.locator('[data-testid="board-dest-marker"]').evaluateAll((els) => els.map((el) => ({ environ: (el as HTMLElement).dataset.environ ?? '', tip: (el as HTMLElement).dataset.tip ?? '', text: el.textContent ?? '' })));

/** Fly to the first system's badge, if the map is at galaxy zoom or the choices are in another system. */
async function firstBadge(page: Page): Promise<void> {
  if (!(await page.locator('[data-testid="board-badge"]').count()) || (await page.locator('[data-testid="board-dest-marker"]').count())) return;
  await page.locator('[data-testid="board-badge"]').first().dispatchEvent('click');
  await page.locator('[data-testid="board-dest-marker"]').first().waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * Resume `e`'s game on the page (a save opens over the game on show: no new page load) and click the lit
 * target at the first marker the map shows in the system on show; returns the target the click took, as
 * the engine has it, and what the same commands make of the game in Node (the human's next decision), to
 * compare with the page.
 */
export async function clickTargetOf(page: Page, e: PlayEngine, look?: () => Promise<void>): Promise<{ dest: Dest; tip: string; after: PlayState; expected: Game }> {
  const g = e.game as Game;
  const d = g.pending as Decision;
  await resumeHere(page, e);
  const [held] = boardForm(g, d).movers;
  await firstBadge(page);
  const here = await lit(page);
  // every target of the system on show lit on the map, none other
  const systemOf = (environ: string) => content.planets.get(content.environs.get(environ)?.planet ?? '')?.system;
  const system = systemOf(here[0]!.environ);
  expect(here.map((m) => m.environ).sort()).toEqual(held!.dests.filter((x) => !x.way && systemOf(x.place) === system).map((x) => x.place).sort());
  const first = here[0]!;
  const dest = held!.dests.find((x) => x.place === first.environ)!;
  await look?.();
  const before = await playState(page);
  await page.locator('[data-testid="board-dest-marker"]').first().dispatchEvent('click');
  await moved(page, before);
  const after = await waitForHuman(page, { timeout: 120_000 });
  return { dest, tip: first.tip, after, expected: sameIn(e, d.side, dest.commands) };
}

/** Whether any stack is left to move, at galaxy zoom (a badge) or close up (a stack marker). */
export async function movableStack(page: Page): Promise<boolean> {
  return (await page.locator('[data-testid="board-marker"][title*="click to open"], [data-testid="board-badge"][title*="stack"]').count()) > 0;
}

/**
 * Move one stack by clicks on the map: its star system's badge first if the map shows the galaxy, then the
 * stack (it opens into its counters, what may fly picked), its first counter if nothing was picked, then
 * where it goes (another system's badge first, if none is in this one). The markers follow the camera every
 * frame, so each click is dispatched on its marker rather than waiting for it to stand still (software
 * rendering draws a frame in hundreds of ms). Returns the clicks and the time.
 */
export async function moveOne(page: Page): Promise<{ after: PlayState; ms: number; clicks: number }> {
  const before = await playState(page);
  const t0 = Date.now();
  let clicks = 0;
  const click = async (selector: string) => {
    await page.locator(selector).first().dispatchEvent('click');
    clicks++;
  };
  const stack = '[data-testid="board-marker"][title*="click to open"]';
  if (!(await page.locator(stack).count())) {
    await click('[data-testid="board-badge"]');
    await page.locator(stack).first().waitFor({ state: 'attached' });
  }
  await click(stack);
  await page.locator('[data-testid="board-tray"]').waitFor({ state: 'attached' });
  // the worker's answer about the opening pick: its destinations lit, or nothing picked
  await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="board-tray"] .tray-note')?.textContent ?? '…'));
  // nothing picked that may go anywhere: counters one at a time (a character before a ship, which needs its pilot)
  const somewhere = '[data-testid="board-dest-marker"], [data-testid="board-badge"]';
  for (let k = 0; k < 4 && !(await page.locator(somewhere).count()); k++) {
    const free = '[data-testid="counter"]:not(.dim):not(.picked)';
    await click((await page.locator(`${free}:not([data-kind="ship"])`).count()) ? `${free}:not([data-kind="ship"])` : free);
    await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="board-tray"] .tray-note')?.textContent ?? '…'));
  }
  if (!(await page.locator('[data-testid="board-dest-marker"]').count())) {
    await click('[data-testid="board-badge"]');
    await page.locator('[data-testid="board-dest-marker"]').first().waitFor({ state: 'attached', timeout: 10_000 });
  }
  await click('[data-testid="board-dest-marker"]');
  await moved(page, before);
  return { after: await waitForHuman(page, { timeout: 120_000 }), ms: Date.now() - t0, clicks };
}

/** Boxes of the shown elements matching `selector`, and the page's panels, in the window's pixels. */
export async function overPanels(page: Page, selector: string): Promise<{ shown: number; under: number; off: number }> {
  return page.evaluate((sel) => {
    const panels = [...document.querySelectorAll<HTMLElement>('.hud, .decision-box:not(.folded), section.log:not(.folded), .board-question, aside.panel')].filter((p) => !p.hidden && p.offsetParent !== null).map((p) => p.getBoundingClientRect());
    const shown = [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => (el.closest<HTMLElement>('.board-column') ?? el).style.display !== 'none').map((el) => el.getBoundingClientRect());
    const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    return {
      shown: shown.length,
      under: shown.filter((r) => panels.some((p) => meets(r, p))).length,
      off: shown.filter((r) => r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight).length,
    };
  }, selector);
}

/** How many stars' names are drawn under one of the board's markers (each should stand on a free side of its star, or wait). */
export function namesUnderMarkers(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rects = [...document.querySelectorAll<HTMLElement>('.map-marker, .system-label')].filter((el) => el.style.display !== 'none' && el.getClientRects().length);
    const markers = rects.filter((el) => el.classList.contains('map-marker')).map((el) => el.getBoundingClientRect());
    const names = rects.filter((el) => el.classList.contains('system-label')).map((el) => el.getBoundingClientRect());
    return names.filter((n) => markers.some((m) => n.left < m.right && m.left < n.right && n.top < m.bottom && m.top < n.bottom)).length;
  });
}
