/**
 * [issue 44] Plays Rebels-vs-Empire games in headless Chromium by clicks on the map, as a player would,
 * and says what it took: clicks per turn, time per turn, and the decisions that still needed the list
 * (by kind). The script chooses which lit marker to click (a simple policy below), but acts only through
 * the map's markers; where the map has no way (a decision whose choices are not places, or the "end /
 * no" choice), it presses Enter or clicks the list, and counts it.
 *   npx tsx src/cli/board-playthrough.ts [galactic|star-system|both|shots] [shotsDir] [shot names, comma-separated]
 * Galactic: 5 turns as the Empire. Star-system: a game as the Rebel to its end. Shots: games brought in
 * Node to an attack, a search, a reinforcement, a mission and a reaction, resumed on the page, each
 * screenshot at 1280x720 with its lit targets and the first one's hover card.
 */
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { gameReady, openPage, startSession } from '../../test/e2e/browser';
import { startGameAs, waitForHuman, type PlayState } from '../../test/e2e/play-page';
import { playUntil } from '../../test/words/play-until';
import type { Decision } from '../core/engine/types';
import { movers } from '../words/board/stacks';
import { driftOfPlace } from '../words/drift-place';

const which = process.argv[2] ?? 'both';
const shots = process.argv[3] ?? '/tmp/board-shots';
mkdirSync(shots, { recursive: true });

type Hook = { playState: () => PlayState };

interface Tally {
  turn: number;
  mapClicks: number;
  listUses: number;
  ends: number;
  ms: number;
}

interface Marker {
  i: number;
  testid: string;
  text: string;
  tip: string;
  /** On screen (not moved out from under a panel or a name). */
  shown: boolean;
}

const session = await startSession();

async function markers(page: Page): Promise<Marker[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="board-marker"], [data-testid="board-dest-marker"]')].map((el, i) => ({
      i,
      testid: el.dataset.testid ?? '',
      text: el.textContent ?? '',
      tip: el.dataset.tip ?? el.title ?? '',
      shown: (el.closest('.board-column') ?? el).getAttribute('style')?.includes('display: none') !== true,
    })),
  );
}

async function clickMarker(page: Page, m: Marker): Promise<void> {
  await page.locator('[data-testid="board-marker"], [data-testid="board-dest-marker"]').nth(m.i).dispatchEvent('click');
}

/** The first number with a % in a marker's text (its odds), 0 if none. */
const pct = (m: Marker) => Number(/(\d+)%/.exec(m.text)?.[1] ?? 0);

async function nextState(page: Page, before: PlayState, timeout = 3_000): Promise<boolean> {
  return page
    .waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, before.states, { timeout, polling: 20 })
    .then(() => true)
    .catch(() => false);
}

async function play(scenario: string, side: 'rebel' | 'imperial', seed: string, turns: number): Promise<void> {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await gameReady(page);
  await startGameAs(page, scenario, side, seed);

  const tallies = new Map<number, Tally>();
  const listKinds = new Map<string, number>();
  const shot = new Set<string>();
  let moved = 0; // stacks moved this movement segment
  let missions = 0; // characters sent this mission phase
  let lastKind = '';
  const t0 = Date.now();
  let turnStart = Date.now();
  let turnNow = 0;
  for (let step = 0; step < 3000; step++) {
    const s = await waitForHuman(page, { timeout: 300_000 });
    if (s.winner || s.turn > turns) break;
    if (s.turn !== turnNow) {
      if (turnNow) (tallies.get(turnNow) as Tally).ms = Date.now() - turnStart;
      turnStart = Date.now();
      turnNow = s.turn;
    }
    const tally = tallies.get(s.turn) ?? { turn: s.turn, mapClicks: 0, listUses: 0, ends: 0, ms: 0 };
    tallies.set(s.turn, tally);
    const kind = s.decision?.kind ?? '';
    if (kind !== lastKind) {
      if (kind === 'movement') moved = 0;
      if (kind === 'pick-for-mission' && lastKind !== 'assign-mission') missions = 0;
      lastKind = kind;
    }
    const ms = await markers(page);
    const dests = ms.filter((m) => m.testid === 'board-dest-marker');
    const stacks = ms.filter((m) => m.testid === 'board-marker');
    // a screenshot of each kind of lit target, with the first one's hover card
    const lit = dests.find((m) => m.shown && !/click to go there/.test(m.tip));
    if (lit && !shot.has(kind)) {
      shot.add(kind);
      const hovered = page.locator('[data-testid="board-dest-marker"]').nth(dests.indexOf(lit));
      await hovered.hover({ timeout: 3_000 }).catch(() => hovered.dispatchEvent('pointerenter'));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/${scenario}-${kind}.png` });
      await page.locator('[data-testid="board-dest-marker"]').nth(dests.indexOf(lit)).dispatchEvent('pointerleave');
    }
    let choice: Marker | undefined;
    if (kind === 'movement' || kind === 'move-group') {
      // move up to 4 stacks a segment: pick one (its system first at galaxy zoom), then where it goes
      if (dests.length && (kind === 'move-group' || moved < 4)) choice = dests.find((m) => !/click to go there/.test(m.tip)) ?? dests[0];
      else if (moved < 4) choice = stacks.find((m) => /click to pick/.test(m.tip)) ?? stacks.find((m) => / to move /.test(m.tip));
      if (choice && dests.includes(choice) && !/click to go there/.test(choice.tip)) moved++;
    } else if (dests.length) {
      const here = dests.filter((m) => !/click to go there/.test(m.tip));
      const best = (xs: Marker[]) => [...xs].sort((a, b) => pct(b) - pct(a))[0];
      switch (kind) {
        case 'combat-order':
        case 'declare-combat':
          choice = best(here.filter((m) => pct(m) >= 50));
          break;
        case 'pick-for-mission':
          if (missions++ < 3) choice = here[0] ?? dests[0];
          break;
        case 'assign-mission':
        case 'search-by':
          choice = best(here);
          break;
        case 'reaction':
          break; // the side stays put
        default:
          choice = here[0] ?? dests[0];
      }
    }
    if (choice) {
      await clickMarker(page, choice);
      tally.mapClicks++;
      // a system marker flies there and lights what is in it: the click is taken, no state is sent
      await nextState(page, s);
      continue;
    }
    // no way on the map (or the policy's "no"): the end/no choice by its key, else the list's first
    const hasEnd = (await page.locator('[data-testid="option"].ends').count()) > 0;
    if (hasEnd) {
      await page.keyboard.press('Enter');
      tally.ends++;
    } else {
      await page.locator('[data-testid="option"]').first().click();
      tally.listUses++;
      listKinds.set(kind, (listKinds.get(kind) ?? 0) + 1);
    }
    await nextState(page, s, 60_000);
  }
  if (turnNow && tallies.get(turnNow)) (tallies.get(turnNow) as Tally).ms ||= Date.now() - turnStart;
  const end = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.playState());
  await page.screenshot({ path: `${shots}/${scenario}-end.png` });
  console.log(`\n${scenario} as ${side} (seed ${seed}): ${end.winner ? `${end.winner} won` : `stopped after turn ${Math.min(turns, end.turn)}`}, ${Math.round((Date.now() - t0) / 1000)} s`);
  console.log('turn  map clicks  list  end-key  seconds');
  for (const t of tallies.values()) console.log(`${String(t.turn).padStart(4)}  ${String(t.mapClicks).padStart(10)}  ${String(t.listUses).padStart(4)}  ${String(t.ends).padStart(7)}  ${(t.ms / 1000).toFixed(1).padStart(7)}`);
  console.log(`decisions that needed the list, by kind: ${[...listKinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  console.log(`console errors: ${errors.length}${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`);
  await page.close();
}

try {
  if (which === 'galactic' || which === 'both') await play('galactic-lucent-spiral', 'imperial', '7', 5);
  if (which === 'star-system' || which === 'both') await play('start-of-rebellion', 'rebel', '11', Infinity);
  if (which === 'shots') await targetShots();
} finally {
  await session.close();
}

/** Screenshots of lit targets with odds: games brought to the decision in Node, resumed on the page. */
async function targetShots(): Promise<void> {
  const only = process.argv[4]?.split(',');
  const all: [string, string, 'rebel' | 'imperial', string, (d: Decision) => boolean][] = [
    ['attack', 'start-of-rebellion', 'imperial', '5', (d) => d.kind === 'combat-order'],
    ['search', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'declare-search'],
    ['search-by', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'search-by'],
    ['reinforcement', 'embers-of-the-reach', 'imperial', '3', (d) => d.kind === 'place-reinforcement'],
    ['reaction', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'reaction'],
    ['landing', 'galactic-lucent-spiral', 'imperial', '3', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === false)],
    ['mission', 'start-of-rebellion', 'rebel', '11', (d) => d.kind === 'assign-mission'],
    ['mission-first', 'start-of-rebellion', 'rebel', '11', (d) => d.kind === 'pick-for-mission'],
    ['domino-option', 'embers-of-the-reach', 'rebel', '1', (d) => d.kind === 'domino-option'],
    ['break-off', 'start-of-rebellion', 'rebel', '1', (d) => d.kind === 'break-off'],
    ['attack-found', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'attack-found'],
    ['racking', 'embers-of-the-reach', 'imperial', '1', (d) => d.kind === 'pdb-racking'],
    ['combat-style', 'embers-of-the-reach', 'imperial', '2', (d) => d.kind === 'combat-style'],
    ['active-or-inactive', 'start-of-rebellion', 'rebel', '1', (d) => d.kind === 'active-or-inactive'],
    ['drift-in', 'galactic-lucent-spiral', 'rebel', '1', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === true)],
  ];
  const cases = all.filter(([name]) => !only || only.includes(name));
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  for (const [name, scenario, side, seed, want] of cases) {
    const e = playUntil(scenario, side, seed, want);
    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
    await page.evaluate((t) => (window as unknown as { __galaxy: { resumeSave: (t: string) => void } }).__galaxy.resumeSave(t), e.saveText());
    await waitForHuman(page, { timeout: 120_000 });
    // a mission first: the panel names the missions (they are no places); one lights who may take it
    if (name === 'mission-first') await page.locator('[data-board-way]:not([data-board-way=""])').first().click();
    // the stack adrift to move: in the outer drift area for the drift-in, else in the sun's
    const adrift = movers(e.game!, e.game!.pending!).find((m) => m.whole && driftOfPlace(m.place)?.outer === (name === 'drift-in'));
    const stackText = adrift ? `≈ ${adrift.pieces.length}` : '≈';
    let drifting = (await markers(page)).find((m) => m.text === stackText);
    // at galaxy zoom the stack adrift is in its system's marker: that system first
    const systemName = adrift?.at ? e.game!.content.systems.get(driftOfPlace(adrift.at)?.system ?? '')?.name : undefined;
    const system = systemName ? (await markers(page)).find((m) => m.tip.startsWith(`${systemName}:`)) : undefined;
    if (!drifting && system) {
      await clickMarker(page, system);
      await page.waitForTimeout(500);
      drifting = (await markers(page)).find((m) => m.text === stackText);
    }
    if (drifting) {
      await clickMarker(page, drifting);
      await page.waitForTimeout(500);
    }
    let ms = (await markers(page)).filter((m) => m.testid === 'board-dest-marker');
    const far = ms.find((m) => /click to go there/.test(m.tip));
    if (far && !ms.some((m) => m.shown && !/click to go there/.test(m.tip))) {
      await clickMarker(page, far);
      await page.waitForTimeout(1500);
      ms = (await markers(page)).filter((m) => m.testid === 'board-dest-marker');
    }
    await page.waitForTimeout(1200); // the camera's flight to the targets
    ms = (await markers(page)).filter((m) => m.testid === 'board-dest-marker');
    const lit = ms.find((m) => m.shown && !/click to go there/.test(m.tip));
    // the mouse on it, as a player hovers (the marker follows the camera: if it will not hold still, its event)
    const hovered = page.locator('[data-testid="board-dest-marker"]').nth(ms.indexOf(lit ?? ms[0]!));
    if (lit) await hovered.hover({ timeout: 3_000 }).catch(() => hovered.dispatchEvent('pointerenter'));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${shots}/target-${name}.png` });
    console.log(`${name}: ${ms.length} markers, hovered: ${lit?.text ?? 'none'}`);
  }
  console.log(`console errors: ${errors.length}`);
  await page.close();
}
