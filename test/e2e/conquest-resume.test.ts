/**
 * Stopping and coming back to a conquest game [002] in the browser: a human plays a few decisions
 * against the AI, reloads the page and presses Continue (the same faction's decision, the same board,
 * the same speed); the game exported to a file and imported on the conquest setup resumes the same way,
 * a broken file is refused with a message naming the problem; a hot-seat save resumes behind the
 * hand-over screen. The page hook is used only to read what the screen shows (and to load a save).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gameReady, usePage } from './browser';
import { conquestBoard, conquestState, waitForHuman as waitForHumanOn, type CqHook, type CqState } from './conquest-page';
import { bundledContent } from '../../src/core/content/bundled';
import { saveToText } from '../../src/core/save';
import { ConquestSession } from '../../src/ui/conquest/session';

type Hook = CqHook & {
  saves: () => { name: string; played?: boolean; who?: string; ruleset?: string; speed?: number }[];
  resumeSave: (text: string) => void;
};

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

const state = (): Promise<CqState> => conquestState(page);
/** Wait until the human has a decision to answer (after more than `steps` answers), in a game on the screen. */
const waitForHuman = (steps = -1): Promise<CqState> => waitForHumanOn(page, steps, true);
const board = (): Promise<Record<string, string>> => conquestBoard(page);

/** What the screen shows of the decision and the board: to compare before leaving and after coming back. */
async function shown() {
  const s = await state();
  return { decision: s.decision, round: s.round, prompt: await page.locator('[data-testid="cq-prompt"]').textContent(), board: await board() };
}

describe('stopping and coming back to a conquest game', () => {
  let left: Awaited<ReturnType<typeof shown>>;
  let exported = '';
  let exportedAt: Awaited<ReturnType<typeof shown>>;

  it('a human plays a few decisions, reloads, presses Continue: the same decision, the same board, the same speed', async () => {
    await page.click('[data-testid="conquest"]');
    await page.locator('[data-testid="cq-setup"]').waitFor();
    await page.fill('[data-cq="seed"]', '12');
    await page.selectOption('[data-cq="speed"]', '0');
    await page.click('[data-testid="cq-start"]');
    let s = await waitForHuman();
    const me = s.decision?.side;
    expect(me).toBe('crimson');
    for (let i = 0; i < 5; i++) {
      const before = s.steps;
      await page.locator('.cq-decision [data-testid="cq-option"]').first().click();
      s = await waitForHuman(before);
    }
    expect(s.decision?.side).toBe(me);
    left = await shown();
    expect(Object.keys(left.board)).toHaveLength(25);
    expect(Object.values(left.board).filter((v) => v.startsWith('crimson:')).length).toBeGreaterThanOrEqual(5);
    const saves = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.saves());
    expect(saves.find((e) => e.ruleset === 'conquest')).toMatchObject({ name: 'autosave conquest 1', played: true, speed: 0 });
    expect(saves.find((e) => e.ruleset === 'conquest')?.who).toMatch(/you: Crimson, against 3 AI/);

    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
    expect(await page.locator('[data-testid="continue-what"]').textContent()).toMatch(/Conquest · Domination · round \d+.*you: Crimson/);
    await page.click('[data-testid="continue"]');
    s = await waitForHuman();
    expect(s.speed).toBe(0);
    expect(await shown()).toEqual(left);
    // and play goes on
    await page.locator('.cq-decision [data-testid="cq-option"]').first().click();
    await waitForHuman(s.steps);
    expect(errors).toEqual([]);
  });

  it('[issue 47] kept under a name: a name is offered (the game, its round, when), listed, renamed, loaded where it was saved, deleted', async () => {
    const at = await shown();
    await page.click('[data-testid="saves-button"]');
    const offered = await page.inputValue('[data-testid="save-name"]');
    expect(offered).toMatch(new RegExp(`^Conquest · Domination, round ${at.round}, .+\\d\\d:\\d\\d$`));
    await page.click('[data-testid="save-button"]');
    await expect.poll(() => page.locator('[data-testid="save-note"]').textContent()).toBe(`Saved "${offered}".`);
    const row = (name: string) => page.locator(`.save-list li[data-save="${name}"]`);
    await row(offered).locator('[data-act="rename"]').click();
    await page.fill('[data-testid="rename-input"]', 'before the storm');
    await page.click('[data-testid="rename-ok"]');
    await expect.poll(() => page.locator('[data-testid="save-note"]').textContent()).toMatch(/Renamed .* to "before the storm"/);
    const saves = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.saves());
    expect(saves.find((e) => e.name === 'before the storm')).toMatchObject({ ruleset: 'conquest', played: true });
    expect(saves.some((e) => e.name === offered)).toBe(false);
    expect(await row('before the storm').textContent()).toMatch(/Conquest · Domination · round \d+/);

    // play on, then load it: back where it was saved
    await page.click('[data-testid="saves-button"]');
    const s = await state();
    await page.locator('.cq-decision [data-testid="cq-option"]').first().click();
    await waitForHuman(s.steps);
    await page.click('[data-testid="saves-button"]');
    await row('before the storm').locator('[data-act="load"]').click();
    await expect.poll(async () => (await shown()).prompt).toBe(at.prompt);
    expect(await shown()).toEqual(at);
    expect(await page.locator('[data-testid="saves-panel"]').isVisible()).toBe(false);

    await page.click('[data-testid="saves-button"]');
    await row('before the storm').locator('[data-act="delete"]').click();
    await expect.poll(() => row('before the storm').count()).toBe(0);
    await page.click('[data-testid="saves-button"]');
    expect(errors).toEqual([]);
  });

  it('exported to a file and imported on the conquest setup, it resumes; a broken file says what is wrong and changes nothing', async () => {
    const at = await shown();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="cq-export"]')]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    exported = text;
    exportedAt = at;
    const save = JSON.parse(text);
    expect(save.ruleset).toBe('conquest');
    expect(save.seats.crimson).toEqual({ kind: 'human' });

    await page.click('[data-el="menuButton"]');
    await page.click('[data-testid="conquest"]');
    await page.locator('[data-testid="cq-setup"]').waitFor();
    await page.setInputFiles('[data-testid="cq-import"]', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...save, seats: { ...save.seats, crimson: { kind: 'ai', agent: 'genius' } } })) });
    await page.waitForFunction(() => document.querySelector('[data-testid="cq-problem"]')?.textContent?.includes('broken.json'));
    expect(await page.locator('[data-testid="cq-problem"]').textContent()).toMatch(/genius/);
    expect((await state()).active).toBe(false);
    expect(await page.locator('[data-testid="cq-setup"]').isVisible()).toBe(true);

    await page.setInputFiles('[data-testid="cq-import"]', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await waitForHuman();
    expect(await shown()).toEqual(at);
    expect(await page.locator('[data-testid="cq-setup"]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a hot-seat game resumes behind the hand-over screen of the person whose turn it is', async () => {
    const setup = {
      scenario: 'conquest-mission',
      seed: '3',
      seats: [{ faction: 'crimson', player: 'random' }, { faction: 'azure', player: 'random' }, { faction: 'emerald', player: 'random' }],
      cards: 'increasing',
      autoPlace: true,
      recycle: true,
      autoDefend: true,
    } as const;
    const game = new ConquestSession(bundledContent(), { ...setup, seats: setup.seats.map((s) => ({ ...s })) });
    for (let i = 0; i < 2000 && !(game.turnOf && game.decision?.side === 'azure'); i++) game.stepAi();
    expect(game.decision?.side).toBe('azure');
    const text = saveToText(game.game, { crimson: { kind: 'human' }, azure: { kind: 'human' }, emerald: { kind: 'ai', agent: 'normal' } });
    await page.evaluate((t) => (window as unknown as { __galaxy: Hook }).__galaxy.resumeSave(t), text);
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.conquestState()?.handOver === 'azure', undefined, { timeout: 30_000 });
    expect(await page.locator('[data-testid="cq-privacy"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="cq-mission"]').count()).toBe(0);
    await page.click('[data-testid="cq-reveal"]');
    const s = await waitForHuman();
    expect(s.decision).toMatchObject({ side: 'azure', human: true });
    expect(errors).toEqual([]);
  });

  it('[issue 47] a saved finished game opens on its result, and replays from there', async () => {
    const setup = { scenario: 'conquest-domination', seed: '8', seats: [{ faction: 'crimson', player: 'normal' }, { faction: 'azure', player: 'easy' }], cards: 'increasing', autoPlace: true, recycle: true, autoDefend: true } as const;
    const game = new ConquestSession(bundledContent(), { ...setup, seats: setup.seats.map((s) => ({ ...s })) });
    for (let i = 0; i < 20_000 && !game.over; i++) game.stepAi();
    expect(game.over).toBe(true);
    const text = saveToText(game.game, { crimson: { kind: 'human' }, azure: { kind: 'ai', agent: 'easy' } });
    await page.evaluate((t) => (window as unknown as { __galaxy: Hook }).__galaxy.resumeSave(t), text);
    await page.locator('[data-testid="cq-over"]').waitFor({ timeout: 30_000 });
    const final = await board();
    await page.click('[data-testid="cq-replay"]');
    await expect.poll(async () => ((await state()) as unknown as { replay: { index: number; length: number } }).replay).toEqual({ index: 0, length: game.game.log.length, playing: false });
    expect(await board()).not.toEqual(final);
    await page.click('[data-testid="cq-replay-end"]');
    await expect.poll(() => board()).toEqual(final);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="cq-over"]').waitFor();
    expect(errors).toEqual([]);
  });

  it("the start menu's Saves panel imports it too (and refuses a broken one with the reason)", async () => {
    await page.click('[data-el="menuButton"]');
    await page.locator('[data-testid="new-game"]').waitFor();
    await page.click('[data-testid="saves-button"]');
    await page.setInputFiles('[data-testid="import-save"]', { name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(exported.slice(0, 40)) });
    await page.waitForFunction(() => document.querySelector('[data-testid="save-note"]')?.textContent?.includes('cut.json'), undefined, { timeout: 30_000 });
    expect(await page.locator('[data-testid="save-note"]').textContent()).toMatch(/not valid JSON/);
    expect((await state()).active).toBe(false);
    await page.setInputFiles('[data-testid="import-save"]', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await waitForHuman();
    expect(await shown()).toEqual(exportedAt);
    expect(await page.locator('[data-testid="saves-panel"]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
