/**
 * The rules and card reference on the play screen (issue 24): the Rules button opens it, Esc closes it
 * before it would undo a move, R toggles it, and a rules word opens it at that word's entry.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';
import { decisionHtml, expectNothingSent, playState, startPlayedGame, waitForHuman } from './play-page';

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

describe('the rules reference in the play screen', () => {
  it('the Rules button opens it, search filters, Esc closes it without undoing; R and a rules word open it too', async () => {
    await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: '11', imperial: 'ai:random', placement: 'hand' });
    const before = await waitForHuman(page);
    const html = await decisionHtml(page);
    const panel = page.locator('[data-testid="reference"]');

    await page.click('[data-testid="rules-button"]');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.fill('[data-testid="ref-search"]', 'glass wyrm');
    expect(await page.locator('#ref-creature-glass-wyrm').isVisible()).toBe(true);
    expect(await page.locator('#ref-mission-diplomacy').isVisible()).toBe(false);
    await page.fill('[data-testid="ref-search"]', 'qqqq nothing');
    expect(await page.locator('[data-testid="ref-none"]').textContent()).toContain('No entry matches');

    // Esc (even from the search box) closes the reference, and only that
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expectNothingSent(page, before); // no undo
    expect(await decisionHtml(page)).toBe(html);

    // the keys are the page's again: R opens it, and R again (outside the search box) closes it
    await page.keyboard.press('r');
    await expect.poll(() => panel.isVisible()).toBe(true);
    // the R that opened it is not typed into the search box it focuses
    expect(await page.inputValue('[data-testid="ref-search"]')).toBe('');
    await page.keyboard.type('sabotage');
    expect(await page.inputValue('[data-testid="ref-search"]')).toBe('sabotage');
    await page.locator('.ref-box > header h2').click(); // leave the search box
    await page.keyboard.press('r');
    await expect.poll(() => panel.isVisible()).toBe(false);

    // a rules word of the help opens the reference at its entry
    await page.keyboard.press('?');
    await page.locator('.help .term[data-term="PDB"]').click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await page.locator('#ref-term-pdb').getAttribute('class')).toContain('flash');
    expect(await page.locator('#ref-term-pdb').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);

    // so does a rules word in the decision's prompt (glossary.ts marks them)
    const word = page.locator('[data-testid="prompt"] .term').first();
    const term = (await word.getAttribute('data-term')) ?? '';
    expect(term).not.toBe('');
    await word.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    const anchor = `#ref-term-${term.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    expect(await page.locator(anchor).getAttribute('class')).toContain('flash');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await decisionHtml(page)).toBe(html);
    expect((await playState(page)).active).toBe(true);
    expect(errors).toEqual([]);
  });
});
