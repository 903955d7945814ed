/**
 * The play screen in the browser tests: what the page hook reads of it (`playState`), waiting for the
 * human's turn, and starting a played game from the setup screen the way a player does.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady } from './browser';

/** What the play screen shows, as the page hook (`window.__galaxy.playState()`) reads it. */
export interface PlayState {
  active: boolean;
  viewer: string | null;
  decision: { kind: string; side: string; options: string[] } | null;
  thinking: string | null;
  segment: number;
  turn: number;
  winner: string | null;
  privacy: boolean;
  canUndo: boolean;
  /** Play states shown so far (grows with every answer the screen takes). */
  states: number;
  /** An answer or an undo sent to the game's worker and not yet answered. */
  busy: boolean;
  /** [issue 44] the rest of the AI's turn skipped by a key or click, until the player's decision comes. */
  skipping?: boolean;
}
type PlayHook = { playState: () => PlayState };

export const playState = (page: Page): Promise<PlayState> => page.evaluate(() => (window as unknown as { __galaxy: PlayHook }).__galaxy.playState());

/**
 * Since `before`, the screen sent the game nothing (no answer, no undo is on its way) and showed no new
 * state: a key or a click that was only to close a panel did only that. Read at once, not after a wait:
 * the screen sends as it handles the key, so a wait would prove nothing more (and slow every run).
 */
export async function expectNothingSent(page: Page, before: PlayState): Promise<void> {
  const now = await playState(page);
  expect(now.busy, 'an answer or an undo was sent').toBe(false);
  expect(now.states, 'a new state was shown').toBe(before.states);
}

/** The decision panel's HTML: compared before and after a choice to see that the screen moved on. */
export const decisionHtml = (page: Page): Promise<string> => page.evaluate(() => document.querySelector('[data-testid="decision"]')?.innerHTML ?? '');

/**
 * Wait until the human has a decision (the AI is not thinking), or the game is over, or (with `turn`)
 * the game-turn after `turn` has begun.
 */
export async function waitForHuman(page: Page, { turn = Infinity, timeout = 60_000 }: { turn?: number; timeout?: number } = {}): Promise<PlayState> {
  await page.waitForFunction(
    (t) => {
      const s = (window as unknown as { __galaxy: PlayHook }).__galaxy.playState();
      return (s.decision !== null && !s.thinking) || s.winner !== null || s.turn > t;
    },
    turn === Infinity ? Number.MAX_SAFE_INTEGER : turn,
    { timeout },
  );
  return playState(page);
}

export interface GameSetup {
  scenario?: string;
  seed?: string;
  /** The Imperial seat: 'human' or 'ai:<level>'. */
  imperial: string;
  /** How the Rebel's characters are placed; the setup screen's default when left out. */
  placement?: 'auto' | 'hand';
  /** The animation speed; instant unless said. */
  pace?: 'slow' | 'normal' | 'fast' | 'instant';
}

/** On the setup screen: choose the game as `setup` says (at instant pace unless it says), and start it. */
export async function chooseSetupAndStart(page: Page, setup: GameSetup): Promise<void> {
  if (setup.scenario) await page.selectOption('[data-setup="scenario"]', setup.scenario);
  if (setup.seed) await page.fill('[data-setup="seed"]', setup.seed);
  await page.selectOption('[data-player="imperial"]', setup.imperial);
  if (setup.placement) await page.selectOption('[data-placement="rebel"]', setup.placement);
  await page.selectOption('[data-setup="pace"]', setup.pace ?? 'instant');
  await page.click('[data-testid="start-game"]');
}

/**
 * Leave the game on show for the start menu, by the HUD's Menu button, as a player does (no new page load);
 * a page with no Menu button and no start menu (a test before that failed midway) is loaded again.
 */
export async function backToStartMenu(page: Page): Promise<void> {
  if (await page.isVisible('[data-el="menuButton"]')) await page.click('[data-el="menuButton"]');
  else if (!(await page.isVisible('[data-testid="new-game"]'))) {
    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
  }
  await page.locator('[data-testid="new-game"]').waitFor();
}

/** From the start menu: New game, then the setup above. */
export async function startPlayedGame(page: Page, setup: GameSetup): Promise<void> {
  await page.click('[data-testid="new-game"]');
  await chooseSetupAndStart(page, setup);
}

/**
 * From the start menu: a new game of `scenario` with `side` played by hand and the other side by the
 * `normal` AI, every force placed automatically, at instant pace.
 */
export async function startGameAs(page: Page, scenario: string, side: 'rebel' | 'imperial', seed: string): Promise<void> {
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
