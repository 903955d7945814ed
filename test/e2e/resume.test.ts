/**
 * Stopping and coming back to a played game in the browser: a human Rebel plays against the AI through
 * clicks, reloads the page and presses Continue (the same side, its own view, the same decision, and
 * play goes on); a played game exported to a file and imported resumes as played; and leaving a game
 * for the menu leaves nothing of it on the screen. The page hook only reads what the screen shows.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraSettled, gameReady, usePage } from './browser';
import { playState, startPlayedGame, waitForHuman as waitForHumanOn, type PlayState } from './play-page';
import { bundledContent } from '../../src/core/content/bundled';
import { newGame } from '../../src/core/engine/game';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { saveToText } from '../../src/core/save';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';

type Hook = { playState: () => PlayState; saves: () => { name: string; played?: boolean; who?: string }[] };
const SHOTS = process.env.SHOTS_DIR ?? '';

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

/** Wait until the human has a decision (the AI done), or the game is over. */
const waitForHuman = () => waitForHumanOn(page, { timeout: 90_000 });

/** One decision as a player makes it: Enter for the "end / no" choice, else the first choice's button. */
async function decide(): Promise<PlayState> {
  const panel = () => document.querySelector('[data-testid="decision"]')?.innerHTML ?? '';
  const before = await page.evaluate(panel);
  if ((await page.locator('[data-testid="option"].ends').count()) > 0) await page.keyboard.press('Enter');
  else await page.locator('[data-testid="option"]').first().click();
  await page.waitForFunction(
    (b) => document.querySelector('[data-testid="decision"]')?.innerHTML !== b || (window as unknown as { __galaxy: Hook }).__galaxy.playState().winner !== null,
    before,
    { timeout: 60_000 },
  );
  return waitForHuman();
}

/** What the screen shows of the decision: to compare before leaving and after coming back. */
const decisionShown = (s: PlayState) => ({ turn: s.turn, segment: s.segment, viewer: s.viewer, side: s.decision?.side, kind: s.decision?.kind, options: s.decision?.options });

/** Whether an element matching `selector` is on the screen (present and shown). */
const shown = (selector: string) => page.locator(selector).first().isVisible();

describe('stopping and coming back to a played game', () => {
  let left: ReturnType<typeof decisionShown>;

  it('a human Rebel plays a game-turn and more against the AI, reloads, presses Continue: the same side, its own view, and play goes on', async () => {
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: 'resume-e2e', imperial: 'ai:random' });
    let s = await waitForHuman();
    expect(s.viewer).toBe('rebel');
    // two whole game-turns, then a decision into the third
    let guard = 0;
    while (s.turn < 3 && !s.winner && guard++ < 600) s = await decide();
    s = await decide();
    expect(s.turn).toBe(3);
    expect(s.decision?.side).toBe('rebel');
    left = decisionShown(s);
    const saves = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.saves());
    expect(saves.find((e) => e.played)).toMatchObject({ name: 'autosave 1', who: 'you: the Rebellion, against AI random' });

    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
    const what = page.locator('[data-testid="continue-what"]');
    expect(await what.textContent()).toMatch(/The Wendmoor Tithe · turn 3.*you: the Rebellion, against AI random · today/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/start-menu-continue.png` });
    await page.click('[data-testid="continue"]');
    s = await waitForHuman();
    expect(s.active).toBe(true);
    expect(decisionShown(s)).toEqual(left);
    expect(s.privacy).toBe(false); // one person at the screen: no hand-over
    // the Rebel's own view, on the play screen (not the spectator's, which shows everything)
    expect(await page.locator('[data-testid="where"]').textContent()).toMatch(/rebel view/);
    expect(await shown('[data-el="controls"]')).toBe(false);
    expect(await shown('[data-testid="decision"]')).toBe(true);
    if (SHOTS) {
      await cameraSettled(page);
      await page.screenshot({ path: `${SHOTS}/resumed-game.png` });
    }
    // play goes on to the end of the third game-turn, still as the Rebel
    guard = 0;
    while (s.turn < 4 && !s.winner && guard++ < 600) {
      s = await decide();
      if (s.decision) expect(s.decision.side).toBe('rebel');
    }
    expect(s.turn > 3 || s.winner !== null).toBe(true);
    expect(s.viewer).toBe('rebel');
    expect(errors).toEqual([]);
  });

  it('a played game exported to a file and imported after a reload resumes as played', async () => {
    const before = decisionShown(await waitForHuman());
    await page.click('[data-testid="saves-button"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-save"]')]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(JSON.parse(text).seats).toEqual({ rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } });
    // and a save by name is kept from the played game too
    await page.fill('[data-testid="save-name"]', 'my played game');
    await page.click('[data-testid="save-button"]');
    await page.locator('[data-save="my played game"]').waitFor();
    expect(await page.locator('[data-save="my played game"]').textContent()).toMatch(/you: the Rebellion, against AI random/);

    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
    await page.click('[data-testid="saves-button"]');
    await page.setInputFiles('[data-testid="import-save"]', { name: 'played.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    const s = await waitForHuman();
    expect(s.active).toBe(true);
    expect(decisionShown(s)).toEqual(before);
    expect(await page.locator('[data-testid="where"]').textContent()).toMatch(/rebel view/);
    expect(await shown('[data-testid="saves-panel"]')).toBe(false);
    // a broken file is refused with a message, and the game stays as it was
    await page.click('[data-testid="saves-button"]');
    await page.setInputFiles('[data-testid="import-save"]', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...JSON.parse(text), seats: { rebel: { kind: 'human' } } })) });
    await page.waitForFunction(() => document.querySelector('[data-testid="message"]')?.textContent?.includes('broken.json'), undefined, { timeout: 30_000 });
    expect(await page.locator('[data-testid="message"]').textContent()).toMatch(/malformed at seats\.imperial/);
    expect(decisionShown(await playState(page))).toEqual(before);
    await page.click('[data-testid="saves-button"]');
    expect(errors).toEqual([]);
  });

  it('leaving a game, and after a game over, "Back to the menu" leaves nothing of the game on the screen', async () => {
    const clean = async () => {
      await page.locator('[data-testid="new-game"]').waitFor();
      for (const sel of ['section.log', '[data-testid="decision"]', '[data-testid="game-over"]', '[data-el="controls"]', '[data-el="menuButton"]', '[data-testid="marker"]', '[data-testid="privacy"]']) {
        expect(await shown(sel), sel).toBe(false);
      }
      expect(await page.locator('[data-testid="where"]').textContent()).toMatch(/Explore the galaxy/);
      expect((await page.locator('[data-el="score"]').textContent())?.trim()).toBe('');
      // nothing covers the menu's buttons: a real click reaches them
      await page.click('[data-testid="new-game"]', { trial: true });
      await page.click('[data-testid="continue"]', { trial: true });
    };
    // the HUD's Menu in a played game goes back to the menu
    await page.click('[data-el="menuButton"]');
    await clean();

    // a finished game with a human Rebel: imported, it shows the game-over panel
    const game = newGame({ content: bundledContent(), ruleset: starSystemRuleset, scenario: 'start-of-rebellion', seed: 'over-e2e' });
    playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 'r' }), imperial: randomAgent({ side: 'imperial', seed: 'i' }) });
    expect(game.winner).toBeTruthy();
    const text = saveToText(game, { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } });
    await page.click('[data-testid="saves-button"]');
    await page.setInputFiles('[data-testid="import-save"]', { name: 'over.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.locator('[data-testid="game-over"]').waitFor({ timeout: 60_000 });
    expect(await shown('section.log')).toBe(true);
    await page.click('button[data-act="menu"]');
    await clean();
    // and a game started next starts on a clean screen
    await page.click('[data-testid="new-game"]');
    expect(await shown('[data-testid="play-setup"]')).toBe(true);
    expect(await shown('section.log')).toBe(false);
    expect(errors).toEqual([]);
  });
});
