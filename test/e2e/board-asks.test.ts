/**
 * [issue 44, 53] play on the map, what is asked at a place: a reinforcement placed and an attack made by a
 * click on their lit targets, from a game brought to them in Node and resumed here; the decisions asked at
 * one place (a domino effect's how-many at the planet that rose, break off or fight where the characters
 * fight, attack the characters found or not) answered by a click on the small prompt there, and a stack
 * adrift sent from its system's outer drift area to its sun's on the map [issue 47]; the markers out from
 * under a panel as soon as it grows. Each case's page goes on from the last one's (a save opens over the
 * game on show). The page hook only reads what the screen shows.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraSettled, usePage } from './browser';
import { clickTargetOf, lit, moved, overPanels, resumeHere, SIZES } from './board-page';
import { waitForHuman } from './play-page';
import type { Decision, Game } from '../../src/core/engine/types';
import { boardForm } from '../../src/words/board/forms';
import { content } from '../fixtures';
import { playUntil } from '../words/play-until';

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

describe('play on the map [issue 44, 53]: targets and questions at a place', () => {
  it('[16.15] a reinforcement is placed by a click on its lit environ', async () => {
    const e = playUntil('embers-of-the-reach', 'imperial', '3', (d) => d.kind === 'place-reinforcement');
    const { dest, tip, after, expected } = await clickTargetOf(page, e);
    expect(dest.commands.map((c) => c.type)).toEqual(['place-reinforcement']);
    // the marker's card says what a player weighs there: loyalty and PDB
    expect(tip).toMatch(/PDB \d (up|down)/);
    expect(after.decision?.kind).toBe(expected.pending?.kind);
    expect(after.decision?.options.length).toBe(expected.pending?.options.length);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[10.1, 10.0] an attack is made by a click on the lit enemy, its odds on the marker', async () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'combat-order' || (d.kind === 'declare-combat' && d.side === 'imperial'));
    const { dest, tip, after, expected } = await clickTargetOf(page, e);
    expect(dest.commands.at(-1)?.type).toBe('declare-combat');
    expect(tip).toMatch(/column \S+.*the enemy loses a unit or more \d+%/);
    // the attack was fought: the game in Node, given the same commands, rolled the combat [10.0]
    expect(expected.events.slice((e.game as Game).events.length).some((ev) => ev.kind === 'military-combat')).toBe(true);
    expect(after.decision?.kind).toBe(expected.pending?.kind);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[000 15.2c-e] a domino effect\'s how-many is asked at the planet that rose: each option a marker naming its planets, one click takes it', async () => {
    const e = playUntil('embers-of-the-reach', 'rebel', '1', (d) => d.kind === 'domino-option', 'single'); // the game found under the scenario's old default
    const source = String((e.game as Game).pending!.context!.source);
    const first = boardForm(e.game as Game, (e.game as Game).pending!).movers[0]!.dests[0]!;
    const { dest, tip, after, expected } = await clickTargetOf(page, e, async () => {
      // the question stands above its answers, at the planet the effect spreads from
      expect(await page.locator('[data-testid="board-ask"]').textContent()).toMatch(/Domino effect from .*how many planets shift\?/);
      expect(await page.locator('.board-column').getAttribute('data-environ')).toBe(first.place);
      expect(content.environs.get(first.place)?.planet).toBe(source);
    });
    expect(dest.commands.map((c) => c.type)).toEqual(['domino-option']);
    expect(tip).toMatch(/one space toward the Rebel/);
    expect(after.decision?.kind ?? null).toBe(expected.pending?.kind ?? null);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[12.5, 12.51] break off or fight is asked where the characters fight, each answer with its odds, one click takes it', async () => {
    const e = playUntil('start-of-rebellion', 'rebel', '1', (d) => d.kind === 'break-off');
    const { dest, tip, after, expected } = await clickTargetOf(page, e, async () => {
      expect(await page.locator('[data-testid="board-ask"]').textContent()).toMatch(/break off, or fight\?/);
      const marks = await page.locator('.board-column [data-testid="board-dest-marker"]').allTextContents();
      expect(marks).toEqual(boardForm(e.game as Game, (e.game as Game).pending!).movers[0]!.dests.map((x) => x.mark));
      // in a small window the question still shows where it is asked, whole and clear of the panels
      await page.setViewportSize(SIZES[1]);
      await page.waitForFunction(() => document.querySelector<HTMLElement>('.board-column')?.style.display === '', undefined, { timeout: 10_000 });
      await cameraSettled(page);
      expect(await overPanels(page, '.board-column')).toEqual({ shown: 1, under: 0, off: 0 });
      await page.setViewportSize(SIZES[0]);
    });
    expect(dest.commands.map((c) => c.type)).toEqual(['break-off']);
    expect(tip).toMatch(/get away \d+%/);
    // the same dice as in Node: the page's game went on as the engine's copy did
    expect(after.decision?.kind ?? null).toBe(expected.pending?.kind ?? null);
    expect(after.decision?.options.length ?? 0).toBe(expected.pending?.options.length ?? 0);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[11.32-11.34] characters found: attack them or let them be is asked at the environ searched, the attack with its odds', async () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'attack-found');
    const { dest, tip, after, expected } = await clickTargetOf(page, e, async () => {
      expect(await page.locator('[data-testid="board-ask"]').textContent()).toMatch(/attack them now\?/);
      expect(await page.locator('.board-column [data-testid="board-dest-marker"]').allTextContents()).toEqual(boardForm(e.game as Game, (e.game as Game).pending!).movers[0]!.dests.map((x) => x.mark));
    });
    expect(dest.commands).toEqual([{ type: 'attack-found', side: 'imperial', attack: true }]);
    expect(tip).toMatch(/Round 1 to kill.*defenders take/);
    expect(after.decision?.kind ?? null).toBe(expected.pending?.kind ?? null);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[5.22] a stack in the outer drift area is picked on its ring and sent to its sun\'s drift area by a click there', async () => {
    const e = playUntil('galactic-lucent-spiral', 'rebel', '1', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === true));
    const g = e.game as Game;
    const d = g.pending as Decision;
    const stack = boardForm(g, d).movers.find((m) => m.place.endsWith(':outer'))!;
    const system = stack.place.split(':')[1]!;
    // the game resumed on the page as it is (a save opens over the game on show: no new page load)
    const before = await resumeHere(page, e);
    // its star system first (at galaxy zoom), then the stack on the outer ring, then the sun's ring
    const badge = page.locator(`[data-testid="board-badge"][data-system="${system}"]`);
    if (await badge.count()) await badge.dispatchEvent('click');
    await page.locator(`[data-testid="board-marker"][data-environ="${stack.place}"]`).dispatchEvent('click');
    const to = page.locator(`[data-testid="board-dest-marker"][data-environ="drift:${system}:sun"]`);
    await to.waitFor({ state: 'attached' });
    expect(await to.textContent()).toBe(stack.dests[0]!.mark);
    await to.dispatchEvent('click');
    await moved(page, before);
    const after = await waitForHuman(page, { timeout: 120_000 });
    // the engine took it: that stack's way on is no longer offered (it has moved this segment)
    const outerLabel = before.decision!.options.find((o) => /outer drift area for its sun's/.test(o))!;
    expect(after.decision?.options ?? []).not.toContain(outerLabel);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[issue 47] the markers keep out from under a panel at once when it changes size', async () => {
    // a move's markers are on the map from the last case: any lit markers do
    const markers = '[data-testid="board-marker"], [data-testid="board-dest-marker"], [data-testid="board-badge"]';
    expect((await overPanels(page, markers)).shown).toBeGreaterThan(0);
    expect((await overPanels(page, markers)).under).toBe(0);
    const twoFrames = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    // the panel grows over most of the map: within two frames no marker is left under it
    await page.evaluate(() => ((document.querySelector('.decision-box') as HTMLElement).style.width = '85vw'));
    await twoFrames();
    expect((await overPanels(page, markers)).under).toBe(0);
    await page.evaluate(() => ((document.querySelector('.decision-box') as HTMLElement).style.width = ''));
    await twoFrames();
    // and the question at the top of the map narrows to the room left of the panel (placed when a panel changes
    // size, not in every frame), its right edge clear of it
    const questionClear = () =>
      page.evaluate(() => {
        const question = document.querySelector('.board-question')!.getBoundingClientRect();
        const panel = document.querySelector('.decision-box')!.getBoundingClientRect();
        return { width: Math.round(question.width), clear: question.right <= panel.left };
      });
    const wide = await questionClear();
    expect(wide.clear).toBe(true);
    await page.evaluate(() => ((document.querySelector('.decision-box') as HTMLElement).style.width = '60vw'));
    await twoFrames();
    const narrow = await questionClear();
    expect(narrow.clear).toBe(true);
    expect(narrow.width).toBeLessThan(wide.width);
    await page.evaluate(() => ((document.querySelector('.decision-box') as HTMLElement).style.width = ''));
    expect(errors).toEqual([]);
  }, 60_000);
});
