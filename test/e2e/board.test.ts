/**
 * [issue 44, 53] play on the map (the board's moves and looks; board-galactic.test.ts plays a whole galactic
 * movement segment, board-asks.test.ts the targets and questions asked at a place): a stack opened into its
 * counters and moved by clicks (its counters, then where it goes) in the star-system game; a ship boarded by
 * dragging a character onto its counter and flown, a counter that cannot come aboard dimmed with the seats'
 * rule on its hover (at 1280x720 and 800x600); another side's stack opened to look at; a big stack's counters
 * at the map's edge at 800x600; an action card drawn at the mission's place; a crowded galaxy's badges, one
 * a star system, each opened from galaxy zoom with every choice there shown. The page hook only reads what
 * the screen shows.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraSettled, gameReady, usePage } from './browser';
import { lit, movableStack, moved, moveOne, namesUnderMarkers, overPanels, resumeHere, sameIn, SIZES, start, untilMovement } from './board-page';
import { expectNothingSent, playState, waitForHuman } from './play-page';
import type { Game } from '../../src/core/engine/types';
import { boardForm } from '../../src/words/board/forms';
import { viewCounters } from '../../src/words/board/counters';
import { viewFor } from '../../src/core/view';
import type { Dest } from '../../src/words/board/types';
import { environOf, refOf } from '../../src/core/world/world';
import { content } from '../fixtures';
import { playUntil } from '../words/play-until';

let page: Page;
let errors: string[];
usePage((opened) => ({ page, errors } = opened));

describe('play on the map [issue 44, 53]', () => {
  it('[9.0] the star-system game: a stack opened into its counters and moved by clicks on the map', async () => {
    await start(page, 'start-of-rebellion', 'rebel', '11');
    const s = await untilMovement(page);
    expect(s.decision?.side).toBe('rebel');
    expect(await movableStack(page)).toBe(true);
    const picksBefore = s.decision!.options.filter((o) => o.startsWith('Pick')).length;
    const { after, clicks } = await moveOne(page);
    expect(clicks).toBeLessThanOrEqual(3);
    // the stack moved: its pieces are no longer offered to pick (moved this segment), or the game moved on
    const picksAfter = after.decision?.kind === 'movement' ? after.decision.options.filter((o) => o.startsWith('Pick')).length : 0;
    expect(picksAfter).toBeLessThan(picksBefore);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[9.55, 9.56, 14.57] a ship boarded by dragging a character onto its counter and flown; a counter with no seat left is dimmed, its hover saying the rule (1280x720 and 800x600)', async () => {
    // the Rebel's team and its ship at Gallowmere: the first Rebel movement of the Wendmoor Tithe
    const e = playUntil('start-of-rebellion', 'rebel', '11', (d) => d.kind === 'movement' && d.side === 'rebel');
    const g = e.game as Game;
    const team = boardForm(g, g.pending!).movers.find((m) => m.counters?.some((c) => c.kind === 'ship'))!;
    const ship = team.counters!.find((c) => c.kind === 'ship')!;
    const seats = ship.seats!;
    const passenger = team.counters!.find((c) => c.kind === 'character' && c.piece !== ship.pilot)!;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const before = await resumeHere(page, e);
      await page.locator(`[data-testid="board-marker"][data-environ="${team.place}"]`).dispatchEvent('click');
      await page.locator('[data-testid="board-tray"]').waitFor();
      await page.locator('[data-tray="none"]').click();
      // the ship first, then a passenger dragged onto it: two aboard-to-be, the seats counted
      await page.locator(`[data-testid="counter"][data-piece="${ship.piece}"]`).click();
      await expect.poll(() => page.locator('[data-testid="chip-seats"]').textContent()).toBe(`seats 0/${seats}`);
      const from = (await page.locator(`[data-testid="counter"][data-piece="${passenger.piece}"]`).boundingBox())!;
      const onto = (await page.locator(`[data-testid="counter"][data-piece="${ship.piece}"]`).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 2 });
      await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => page.locator('[data-testid="chip-seats"]').textContent()).toBe(`seats 1/${seats}`);
      // without its pilot the ship goes nowhere, and the tray says whose it is [9.55]
      const pilotName = content.characters.get(refOf(g.world, ship.pilot!))!.name;
      expect(await page.locator('[data-testid="tray-stuck"]').textContent()).toContain(`flies only with its pilot ${pilotName} aboard`);
      // the seats full once the pilot boards: every other character is dimmed, its hover giving the seats' rule
      const dimmed = page.locator('[data-testid="counter"].dim[data-kind="character"]').first();
      await dimmed.waitFor();
      expect(await dimmed.getAttribute('data-why')).toMatch(new RegExp(`${seats + 1} aboard .*, but it has ${seats} seats \\[9\\.56, 14\\.57\\]`));
      await dimmed.hover();
      await expect.poll(() => page.locator('[data-testid="board-tip"]').textContent()).toMatch(/cannot go with the pick: .*\[9\.56, 14\.57\]/);
      // the pilot boards: the ship's destinations light up, and a click on one flies it there
      await page.locator(`[data-testid="counter"][data-piece="${ship.pilot}"]`).click();
      await page.locator('[data-testid="board-dest-marker"]').first().waitFor();
      if (size.width <= 900) expect(await page.locator('.decision-box').evaluate((el) => el.classList.contains('folded'))).toBe(true);
      const tray = await overPanels(page, '[data-testid="board-tray"]');
      expect(tray).toEqual({ shown: 1, under: 0, off: 0 });
      const dests = await lit(page);
      const away = dests.find((x) => content.environs.get(x.environ)?.planet !== content.environs.get(team.place)?.planet)!;
      await page.locator(`[data-testid="board-dest-marker"][data-environ="${away.environ}"]`).dispatchEvent('click');
      await moved(page, before);
      await waitForHuman(page, { timeout: 120_000 });
      const commands: Dest['commands'] = [...[ship.piece, passenger.piece, ship.pilot!].map((piece) => ({ type: 'pick', side: 'rebel' as const, piece })), { type: 'move-to', side: 'rebel', to: g.world.ids.environ.get(away.environ)! }];
      const expected = sameIn(e, 'rebel', commands);
      // the ship is where the engine puts it given the same commands (there, or adrift on the way)
      const at = environOf(expected.world, ship.piece);
      expect(at === 0 || refOf(expected.world, at) === away.environ).toBe(true);
      // it has moved this segment: no longer offered to pick
      expect((await playState(page)).decision?.options.some((o) => o.startsWith(`Pick ${ship.name}`))).toBe(false);
    }
    await page.setViewportSize(SIZES[0]);
    expect(errors).toEqual([]);
  }, 300_000);

  it('[7.22, issue 53] another side\'s stack clicked on the map opens into its counters to look at: a hidden unit unknown, its hover the rule; a click on it sends nothing', async () => {
    const e = playUntil('start-of-rebellion', 'rebel', '11', (d) => d.kind === 'movement' && d.side === 'rebel');
    const g = e.game as Game;
    // the Imperial stack with the most units, as the Rebel's view shows it (a save opens over the game on show)
    const view = viewFor(g, 'rebel');
    const at = (eid: number) => view.units.filter((u) => u.side === 'imperial' && u.environ === eid).length;
    const environ = [...new Set(view.units.filter((u) => u.side === 'imperial').map((u) => u.environ))].sort((a, b) => at(b) - at(a))[0]!;
    const counters = viewCounters(view, content, environ, 'imperial');
    const before = await resumeHere(page, e);
    await page.locator(`.stack-label.side-imperial[data-environ="${refOf(g.world, environ)}"]`).dispatchEvent('click');
    const tray = page.locator('[data-testid="board-tray"].theirs');
    await tray.waitFor();
    expect(await tray.locator('.tray-head').textContent()).toContain(`Imperial stack at ${content.planets.get(content.environs.get(refOf(g.world, environ))!.planet)!.name}`);
    // the stack looked at is marked where it stands, with its number of counters
    expect(await page.locator(`.board-picked[data-environ="${refOf(g.world, environ)}"]`).textContent()).toBe(`◉ ${counters.length}`);
    // units alike stand as one chip: every counter of the stack is in one of them
    const chips = await tray.locator('[data-testid="counter"]').evaluateAll((els) => els.map((el) => ({ pieces: ((el as HTMLElement).dataset.pieces ?? '').split(' ').map(Number), text: el.textContent ?? '' })));
    expect(chips.flatMap((c) => c.pieces).sort()).toEqual(counters.map((c) => c.piece).sort());
    const hidden = counters.find((c) => c.face === '?-?')!;
    const chip = tray.locator(`[data-testid="counter"][data-pieces~="${hidden.piece}"]`);
    expect(await chip.textContent()).toContain('?-?');
    await chip.hover();
    await expect.poll(() => page.locator('[data-testid="board-tip"]').textContent()).toMatch(/strength unknown \[7\.22\]/);
    // not the player's to pick: the click takes nothing in, nothing is sent; Esc closes it, undoing nothing
    await chip.click();
    await expectNothingSent(page, before);
    expect(await tray.locator('.chip.picked').count()).toBe(0);
    // Esc closes the topmost thing first: dice still rolling from the last case, then the counters
    for (let i = 0; i < 3 && (await tray.count()); i++) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(100);
    }
    await tray.waitFor({ state: 'detached' });
    await expectNothingSent(page, before);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[issue 53] at 800x600 a big stack\'s counters keep to the map\'s left edge above the event log, clear of the panels, scrolling in the room they have', async () => {
    const e = playUntil('galactic-lucent-spiral', 'imperial', '7', (d) => d.kind === 'movement' && d.side === 'imperial');
    const g = e.game as Game;
    const big = [...boardForm(g, g.pending!).movers].filter((m) => m.counters && !m.idle).sort((a, b) => b.pieces.length - a.pieces.length)[0]!;
    expect(big.pieces.length).toBeGreaterThan(12);
    const system = content.planets.get(content.environs.get(big.place)!.planet)!.system;
    await page.setViewportSize(SIZES[1]);
    // a new page load: the map at galaxy zoom, as a resumed game opens (the last case's camera was close up elsewhere)
    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
    await resumeHere(page, e);
    const badge = page.locator(`[data-testid="board-badge"][data-system="${system}"]`);
    if (await badge.count()) await badge.dispatchEvent('click');
    await page.locator(`[data-testid="board-marker"][data-environ="${big.place}"]`).dispatchEvent('click');
    const tray = page.locator('[data-testid="board-tray"]');
    await tray.waitFor();
    await cameraSettled(page);
    expect(await overPanels(page, '[data-testid="board-tray"]')).toEqual({ shown: 1, under: 0, off: 0 });
    const box = await tray.evaluate((el) => ({ left: el.getBoundingClientRect().left, scrolls: el.scrollHeight > el.clientHeight }));
    expect(box.left).toBeLessThanOrEqual(16);
    expect(box.scrolls).toBe(true);
    await page.setViewportSize(SIZES[0]);
    expect(errors).toEqual([]);
  }, 240_000);

  it('[13.3] an action card is drawn at the mission\'s place, each draw with its mission\'s chance; stopping is a marker there too (1280x720 and 800x600)', async () => {
    const e = playUntil('start-of-rebellion', 'rebel', '11', (d) => d.kind === 'mission-draw');
    const d = (e.game as Game).pending!;
    const place = refOf((e.game as Game).world, d.options[0]!.environ as number);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const before = await resumeHere(page, e);
      const draw = page.locator('[data-testid="board-dest-marker"]', { hasText: /Draw card \d+ of \d+/ });
      await draw.waitFor();
      expect(await draw.getAttribute('data-environ')).toBe(place);
      expect(await page.locator('[data-testid="board-ask"]').textContent()).toMatch(/Missions at .*: draw action card \d+ of \d+\?/);
      expect(await draw.getAttribute('data-tip')).toMatch(/next card (completes it|adds a) .*\d+%/);
      expect(await page.locator('[data-testid="board-dest-marker"]', { hasText: 'Stop drawing' }).count()).toBe(1);
      expect(await overPanels(page, '.board-column')).toEqual({ shown: 1, under: 0, off: 0 });
      // its hover card covers none of the choices; in a small window it stands over the open decision panel, not the map
      await draw.dispatchEvent('pointerenter');
      const tip = await page.evaluate(() => {
        const [t, c, p] = ['[data-testid="board-tip"]', '.board-column', '.decision-box'].map((s) => document.querySelector(s)!.getBoundingClientRect()) as [DOMRect, DOMRect, DOMRect];
        return { overColumn: t.left < c.right && c.left < t.right && t.top < c.bottom && c.top < t.bottom, overPanelOnly: t.left >= p.left && t.right <= p.right };
      });
      expect(tip).toEqual({ overColumn: false, overPanelOnly: size.width <= 900 ? true : tip.overPanelOnly });
      await draw.dispatchEvent('pointerleave');
      await draw.dispatchEvent('click');
      await moved(page, before);
      const after = await waitForHuman(page, { timeout: 120_000 });
      const expected = sameIn(e, 'rebel', [d.options.find((o) => o.type === 'draw-action')!]);
      expect(after.decision?.kind ?? null).toBe(expected.pending?.kind ?? null);
    }
    await page.setViewportSize(SIZES[0]);
    expect(errors).toEqual([]);
  }, 300_000);

  it('[issue 53] at galaxy zoom every star system with choices shows one badge with their count, none hidden; a crowded one\'s click flies there and shows each choice, and a panel about the system the camera left closes (1280x720 and 800x600)', async () => {
    const e = playUntil('galactic-lucent-spiral', 'imperial', '7', (d) => d.kind === 'movement' && d.side === 'imperial');
    const g = e.game as Game;
    const stacks = boardForm(g, g.pending!).movers;
    // the stacks that can move, by star system (one none of which can move is no choice: it has no badge)
    const systemOf = (place: string) => content.planets.get(content.environs.get(place)?.planet ?? '')?.system ?? '';
    const bySystem = new Map<string, number>();
    for (const m of stacks.filter((x) => !x.idle)) bySystem.set(systemOf(m.place), (bySystem.get(systemOf(m.place)) ?? 0) + 1);
    const crowded = [...bySystem].sort((a, b) => b[1] - a[1])[0]!;
    // a second system with choices, the player's own pick
    const other = [...bySystem].sort((a, b) => b[1] - a[1])[1]!;
    const otherStacks = stacks.filter((m) => systemOf(m.place) === other[0]).length;
    const there = stacks.filter((m) => systemOf(m.place) === crowded[0]).length;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // a new page load: the map at galaxy zoom, as a resumed game opens (the last case's camera was close up elsewhere)
      await page.reload({ waitUntil: 'load' });
      await gameReady(page);
      await resumeHere(page, e);
      await page.locator('[data-testid="board-badge"]').first().waitFor();
      await cameraSettled(page);
      // one badge a system, its count the system's stacks, every one on the screen and clear of the panels
      const badges = await page.locator('[data-testid="board-badge"]').evaluateAll((els) => els.map((el) => ({ system: (el as HTMLElement).dataset.system ?? '', text: el.textContent ?? '', title: (el as HTMLElement).title })));
      expect(new Map(badges.map((b) => [b.system, Number(/⬆ (\d+)/.exec(b.text)?.[1])]))).toEqual(bySystem);
      // its words say what a click does, in good English ("3 stacks to move", never "3 stack to moves")
      for (const b of badges) expect(b.title).toMatch(/^\S.*: (1 stack to move \(click to fly there and see it\)|\d+ stacks to move \(click to fly there and see them all\))$/);
      expect(await overPanels(page, '[data-testid="board-badge"]')).toEqual({ shown: bySystem.size, under: 0, off: 0 });
      // another system opened by the player's own hand (its star picked, its panel open): the board follows the
      // camera there and shows that system's stacks, the other systems' badges in one column beside them
      await page.evaluate((id) => (window as unknown as { __galaxy: { select: (s: object) => void } }).__galaxy.select({ kind: 'system', id }), other[0]);
      await expect.poll(() => page.locator('[data-testid="board-marker"]').count()).toBe(otherStacks);
      await cameraSettled(page);
      expect(await page.locator('[data-testid="panel"]').isVisible()).toBe(true);
      // in a small window that column stands folded to its head, which says how many; a click opens it
      const head = page.locator('[data-testid="board-elsewhere-head"]');
      expect(await head.textContent()).toMatch(new RegExp(`^${size.width > 900 ? '▾' : '▸'} ${bySystem.size - 1} other systems with choices$`));
      if (size.width <= 900) {
        expect(await page.locator('[data-testid="board-badge"]').count()).toBe(0);
        await head.click();
      }
      expect(await overPanels(page, '[data-testid="board-marker"], [data-testid="board-badge"]')).toEqual({ shown: otherStacks + bySystem.size - 1, under: 0, off: 0 });
      // the crowded system's badge: the camera goes there, and each of its stacks is shown, clear of the panels;
      // the panel about the system the camera left closes [issue 53]
      await page.locator(`[data-testid="board-badge"][data-system="${crowded[0]}"]`).dispatchEvent('click');
      await page.locator(`[data-testid="board-marker"][data-environ="${stacks.find((m) => systemOf(m.place) === crowded[0])!.place}"]`).waitFor({ state: 'attached' });
      await cameraSettled(page);
      expect((await page.evaluate(() => (window as unknown as { __galaxy: { camera: () => { focusedSystem: string | null } } }).__galaxy.camera().focusedSystem))).toBe(crowded[0]);
      expect(await page.locator('[data-testid="panel"]').isVisible()).toBe(false);
      expect(await overPanels(page, '[data-testid="board-marker"]')).toEqual({ shown: there, under: 0, off: 0 });
      // no star's name is drawn under a marker: it stands on a free side of its star, or waits
      expect(await namesUnderMarkers(page)).toBe(0);
      // the other systems' badges stay, each on the screen and clear of the panels, to go there next
      expect(await overPanels(page, '[data-testid="board-badge"]')).toEqual({ shown: bySystem.size - 1, under: 0, off: 0 });
      expect(await page.locator('[data-testid="board-elsewhere"] [data-testid="board-badge"]').count()).toBe(bySystem.size - 1);
    }
    await page.setViewportSize(SIZES[0]);
    expect(errors).toEqual([]);
  }, 300_000);
});
