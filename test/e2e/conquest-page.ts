/**
 * The conquest screen in the browser tests: what the page hook reads of it (`conquestState`), waiting for
 * the human's decision, and the badges on the map as drawn.
 */
import type { Page } from 'playwright-core';

/** What the conquest screen shows, as the page hook (`window.__galaxy.conquestState()`) reads it. */
export interface CqState {
  replay: { index: number; length: number; playing: boolean } | null;
  active: boolean;
  setup: boolean;
  decision: { kind: string; side: string; human: boolean; options: number } | null;
  round: number;
  turnOf: string | null;
  winner: string | null;
  handOver: string | null;
  paused: boolean;
  aiWaiting: boolean;
  speed: number;
  /** Answers the screen has taken so far. */
  steps: number;
  error: string;
}
export type CqHook = { conquestState: () => CqState | null };

export const conquestState = (page: Page): Promise<CqState> => page.evaluate(() => (window as unknown as { __galaxy: CqHook }).__galaxy.conquestState() as CqState);

/**
 * Wait until the human has a decision to answer (after more than `steps` answers), or the game is over;
 * with `inGame`, only while a game is on the screen (not the setup or the menu). `timeout`: for the AIs'
 * turns of a whole game played out (a test's few turns wait 30 s at most).
 */
export async function waitForHuman(page: Page, steps = -1, inGame = false, timeout = 30_000): Promise<CqState> {
  await page.waitForFunction(
    ([n, mustBeActive]) => {
      const s = (window as unknown as { __galaxy: CqHook }).__galaxy.conquestState();
      return !!s && (!mustBeActive || s.active) && s.steps > n && (s.winner !== null || (s.decision?.human ?? false));
    },
    [steps, inGame] as const,
    { timeout, polling: 40 },
  );
  return conquestState(page);
}

/** The badges on the map: each territory's holder and armies, as drawn. */
export function conquestBoard(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll<HTMLElement>('[data-testid="cq-territory"]')].map((b) => [b.dataset.territory, `${b.dataset.owner}:${b.dataset.armies}`])),
  );
}
