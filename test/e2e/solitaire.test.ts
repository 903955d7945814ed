/**
 * Solitaire in the browser [001]: the setup screen (six scenarios with their descriptions, Sweep of
 * Empire, the optional rules, the Emperor's player from the registry), a game played as the Emperor by
 * clicks on the panel and on the map until turn 2 (the Chaos Events cards skipped by a click, an
 * attack's exact odds on show before it is made), resumed from its autosave by Continue, and a game
 * watched with an AI Emperor, paused and stepped. No page error throughout. The page hook only reads.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';

interface SolState {
  active: boolean;
  setup: boolean;
  decision: { kind: string; human: boolean; options: number } | null;
  turn: number;
  over: boolean;
  paused: boolean;
  aiWaiting: boolean;
  steps: number;
  cardsShown: number;
  card: string | null;
  focus: string | null;
  error: string;
}
type Hook = { solitaireState: () => SolState | null };

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

const state = (): Promise<SolState> => page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.solitaireState() as SolState);

/**
 * Wait until the screen has taken more answers than `steps` and has a decision (or the game is over); a
 * Chaos Events card then on show is clicked, in the same frame it is seen in, and whether the click took
 * it (and any waiting after it) away. A card leaves by itself after a moment: a busy machine's next
 * question to the page could come after it, and a click on a card gone waited for it in vain.
 */
async function nextDecision(steps: number): Promise<{ s: SolState; skipped: boolean | null }> {
  const handle = await page.waitForFunction(
    (n) => {
      const g = (window as unknown as { __galaxy: Hook }).__galaxy;
      const now = g.solitaireState();
      if (!now || now.steps <= n || (!now.decision && !now.over)) return false;
      const card = document.querySelector<HTMLElement>('[data-testid="sol-toast"] .sol-card');
      if (!card) return { s: now, skipped: null };
      card.click();
      const after = g.solitaireState()!;
      return { s: after, skipped: after.card === null };
    },
    steps,
    { timeout: 10_000 },
  );
  return handle.jsonValue() as Promise<{ s: SolState; skipped: boolean | null }>;
}

/** Answer the pending decision like a player: spend nothing, move nothing, attack when an attack is offered. */
async function answerOnce(s: SolState, seen: { odds: boolean; attacked: boolean }): Promise<void> {
  const kind = s.decision?.kind;
  if (kind === 'chaos-attack' && !seen.attacked && (await page.locator('[data-testid="sol-attack"]').count())) {
    // the odds are on show before the attack is made
    const odds = (await page.locator('[data-testid="sol-odds"]').first().textContent()) ?? '';
    expect(odds).toMatch(/Strength \d+ against \d+/);
    expect(odds).toMatch(/\d+%/);
    seen.odds = true;
    seen.attacked = true;
    await page.locator('[data-testid="sol-attack"] .sol-opt.go').first().click();
    return;
  }
  const end = page.locator('[data-testid="sol-decision"] .sol-opt.ends');
  if (await end.count()) return end.first().click();
  // a choice by sector: the first glowing sector on the map, then its first option
  if (!(await page.locator('[data-testid="sol-decision"] [data-testid="sol-option"]').count())) {
    const sector = page.locator('[data-testid="sol-sector-chip"]').first();
    const id = await sector.getAttribute('data-focus');
    const label = page.locator(`[data-testid="sol-sector"][data-sector="${id}"]`);
    await label.click();
    // a sector with a single choice takes it at once; else its options are shown
    if ((await state()).steps > s.steps) return;
  }
  await page.locator('[data-testid="sol-decision"] [data-testid="sol-option"]').first().click();
}

describe('solitaire', () => {
  it('the setup screen: six scenarios with descriptions, Sweep of Empire, optional rules, the Emperor from the registry', async () => {
    await page.click('[data-testid="solitaire"]');
    await page.locator('[data-testid="sol-setup"]').waitFor();
    expect(await page.locator('[data-testid="sol-scenario"]').count()).toBe(6);
    const text = (await page.locator('[data-testid="sol-setup"]').textContent()) ?? '';
    for (const words of ['The Long Twilight', 'The Second Empire', 'Sweep of Empire', 'Expeditions', 'Illumination', 'Trans-humans', 'Galactic']) expect(text).toContain(words);
    // the chosen scenario's description is shown
    expect(await page.locator('.sol-scenario.chosen .sol-desc').isVisible()).toBe(true);
    const players = await page.locator('[data-testid="sol-emperor"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(players[0]).toBe('human');
    expect(players.length).toBeGreaterThan(1);
    // a scenario with trans-humans of its own has the rule on, and fixed
    await page.locator('[data-testid="sol-scenario"]').nth(4).click();
    expect(await page.locator('[data-rule="trans-humans"]').isChecked()).toBe(true);
    expect(await page.locator('[data-rule="trans-humans"]').isDisabled()).toBe(true);
    await page.locator('[data-testid="sol-scenario"]').nth(0).click();
    expect(await page.locator('[data-rule="trans-humans"]').isDisabled()).toBe(false);
  });

  it('a game as the Emperor, by clicks, to turn 2: cards skipped, the odds shown before an attack, the labels on the map', async () => {
    await page.fill('[data-testid="sol-seed"]', '11');
    await page.check('[data-rule="expeditions"]');
    await page.click('[data-testid="sol-start"]');
    // the opening Chaos Events, shown as cards (a click skips them)
    let { s, skipped } = await nextDecision(-1);
    let clickedAway = 0;
    expect(s.active).toBe(true);
    expect(s.cardsShown).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="sol-sector"]').count()).toBe(25);
    expect(await page.locator('[data-testid="sol-index"]').textContent()).toMatch(/^\d+/);
    expect(await page.locator('[data-testid="sol-level"]').textContent()).toMatch(/Collapse|Decline|Survival|Expanding|Galactic/);
    const seen = { odds: false, attacked: false };
    for (let i = 0; i < 200 && s.turn < 2 && !s.over; i++) {
      // a card on show went at the click on it
      if (skipped !== null) expect(skipped).toBe(true);
      if (skipped) clickedAway++;
      expect(s.decision?.human).toBe(true);
      await answerOnce(s, seen);
      ({ s, skipped } = await nextDecision(s.steps));
      expect(s.error).toBe('');
    }
    expect(clickedAway).toBeGreaterThan(0);
    expect(s.turn).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="sol-turn"]').textContent()).toBe(String(s.turn));
    // Chaos at work: the operations rolls and battles are in the log
    const log = (await page.locator('[data-testid="sol-log"]').textContent()) ?? '';
    expect(log).toMatch(/Chaos event/);
    expect(errors).toEqual([]);
  });

  it('Menu leaves the game; Continue resumes it from its autosave as it was', async () => {
    const before = await state();
    await page.click('[data-el="menuButton"]');
    expect((await state()).active).toBe(false);
    expect(await page.locator('[data-testid="sol-sector"]').count()).toBe(0);
    await page.locator('[data-testid="continue"]').click();
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.solitaireState()?.active === true);
    const after = await state();
    expect(after.turn).toBe(before.turn);
    expect(after.decision?.kind).toBe(before.decision?.kind);
    expect(errors).toEqual([]);
  });

  it('[issue 47] the Saves panel keeps the game under the name it offers (the game, its turn, when), and loads it', async () => {
    const at = await state();
    await page.click('[data-testid="saves-button"]');
    const offered = await page.inputValue('[data-testid="save-name"]');
    expect(offered).toMatch(new RegExp(`^Solitaire · .+, turn ${at.turn}, `));
    await page.click('[data-testid="save-button"]');
    const row = page.locator(`.save-list li[data-save="${offered}"]`);
    await row.waitFor();
    expect(await row.textContent()).toMatch(new RegExp(`Solitaire · .+ · turn ${at.turn}`));
    await row.locator('[data-act="load"]').click();
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.solitaireState()?.active === true);
    expect((await state()).turn).toBe(at.turn);
    expect((await state()).decision?.kind).toBe(at.decision?.kind);
    expect(errors).toEqual([]);
  });

  it('a watched game: an AI Emperor, paused and stepped', async () => {
    await page.click('[data-el="menuButton"]');
    await page.click('[data-testid="solitaire"]');
    await page.locator('[data-testid="sol-setup"]').waitFor();
    const agents = await page.locator('[data-testid="sol-emperor"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== 'human'));
    await page.selectOption('[data-testid="sol-emperor"]', agents[0]!);
    await page.fill('[data-testid="sol-seed"]', '3');
    await page.click('[data-testid="sol-start"]');
    // the AI Emperor waits while Chaos's cards are read (2.6 s each): a key skips each, as a watching player may
    for (let i = 0; i < 30 && (await state()).steps <= 1; i++) {
      await page.waitForFunction(() => {
        const s = (window as unknown as { __galaxy: Hook }).__galaxy.solitaireState();
        return (s?.steps ?? 0) > 1 || !!s?.card;
      }, undefined, { timeout: 30_000 });
      if ((await state()).card) await page.keyboard.press('Control');
    }
    await page.click('[data-testid="sol-pause"]');
    let s = await state();
    expect(s.paused).toBe(true);
    expect(s.decision?.human).toBe(false);
    // paused: no decision of the AI is timed to come (the screen plays them on a timer, cleared at once)
    expect(s.aiWaiting).toBe(false);
    expect((await state()).steps).toBe(s.steps);
    for (let i = 0; i < 3 && !s.over; i++) {
      await page.click('[data-testid="sol-step"]');
      const next = await state();
      expect(next.steps).toBe(s.steps + 1);
      s = next;
    }
    await page.selectOption('[data-testid="sol-speed"]', '0');
    await page.click('[data-testid="sol-pause"]');
    await page.waitForFunction(() => (window as unknown as { __galaxy: Hook }).__galaxy.solitaireState()?.over === true, undefined, { timeout: 120_000 });
    await page.locator('[data-testid="sol-over"]').waitFor();
    expect(await page.locator('[data-testid="sol-result"]').textContent()).toMatch(/Collapse|Decline|Survival|Expanding|Galactic/);
    await page.click('[data-testid="sol-menu"]');
    expect((await state()).active).toBe(false);
    expect(errors).toEqual([]);
  });
});
