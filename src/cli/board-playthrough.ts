/**
 * [issue 44, 53] Plays the galactic game in headless Chromium as a player does, on the map alone, and
 * says what it took: clicks per turn on the map (markers, badges, counters, a drag; and of them, those on a
 * marker something else covered at its centre, which a player could not have made there), on the
 * question's buttons, and uses of the decision list or the keyboard (the target: none), by decision kind.
 *
 * The player here moves every stack he may each movement segment (it opens into its counters; what may
 * fly goes, else the counters are picked by hand, and a ship is boarded by dragging its passengers onto
 * it, then its pilot), attacks where the odds favour him, searches where a search can find, sends every
 * character he can on a mission (the best chance lit) and draws every action card; every other question is
 * answered by its first marker on the map, and "end" by its button on the question.
 *   npx tsx src/cli/board-playthrough.ts [imperial|rebel|both|shots] [turns=3] [shotsDir=/tmp/board-shots] [--scenario <id>] [--size 800x600]
 * Shots: games brought in Node to an attack, a search, a reinforcement, a mission, a card draw, a reaction,
 * a landing... resumed on the page, each screenshot at 1280x720 with its lit targets and the first one's
 * hover card.
 */
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { cameraSettled, gameReady, openPage, startSession } from '../../test/e2e/browser';
import { waitForHuman, type PlayState } from '../../test/e2e/play-page';
import { playUntil } from '../../test/words/play-until';
import type { Decision } from '../core/engine/types';
import { boardForm } from '../words/board/forms';
import { driftOfPlace } from '../words/drift-place';

/** `--scenario <id>`: another scenario than the galactic game; `--size 800x600`: another window (the positional arguments are the rest). */
const named = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const scenario = named('scenario') ?? 'galactic-lucent-spiral';
const [width, height] = (named('size') ?? '1280x720').split('x').map(Number) as [number, number];
if (!(width >= 320 && height >= 240)) throw new Error(`--size must be WIDTHxHEIGHT (at least 320x240), got "${named('size')}"`);
const args = process.argv.slice(2).filter((_, i, all) => !/^--(scenario|size)$/.test(all[i] ?? '') && !/^--(scenario|size)$/.test(all[i - 1] ?? ''));
const which = args[0] ?? 'both';
const turns = Number(args[1] ?? 3);
const shots = args[2] ?? '/tmp/board-shots';
mkdirSync(shots, { recursive: true });

type Hook = { playState: () => PlayState };

interface Tally {
  turn: number;
  /** Clicks on the map: markers, badges, counters, a drag. */
  map: number;
  /** Clicks on the question's buttons on the map (end, no, stop...). */
  buttons: number;
  /** Uses of the decision list or of the keyboard: what the board could not do. */
  list: number;
  /** Map clicks on a marker something else covered at its centre (a panel, another marker): a player could not have clicked it there. */
  covered: number;
  /** Stacks moved, characters sent on missions, cards drawn. */
  moved: number;
  missions: number;
  draws: number;
  ms: number;
}

interface Marker {
  i: number;
  testid: string;
  text: string;
  tip: string;
  environ: string;
}

const session = await startSession();

const BOARD = '[data-testid="board-marker"], [data-testid="board-dest-marker"], [data-testid="board-badge"]';

async function markers(page: Page): Promise<Marker[]> {
  return page.locator(BOARD).evaluateAll((els) =>
    els.map((el, i) => ({ i, testid: (el as HTMLElement).dataset.testid ?? '', text: el.textContent ?? '', tip: (el as HTMLElement).dataset.tip ?? (el as HTMLElement).title ?? '', environ: (el as HTMLElement).dataset.environ ?? '' })),
  );
}

/**
 * A click on the map: on the `nth` element of `selector`, dispatched to it (the markers follow the camera
 * every frame, so a pointer's click may land beside one that is still moving), counted; and counted as
 * covered when what a pointer would hit at its centre is something else (a panel, another marker).
 */
async function mapClick(page: Page, selector: string, nth: number, tally: Tally): Promise<void> {
  const target = page.locator(selector).nth(nth);
  const covered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return null;
    if (getComputedStyle(el).display === 'none' || !r.width) return `"${el.textContent}", not drawn (display none)`;
    const by = hit?.closest('[data-testid]') as HTMLElement | null;
    return `"${el.textContent}" under ${by?.dataset.testid ?? hit?.className ?? 'nothing (off the window)'}${by?.textContent ? ` "${by.textContent.slice(0, 40)}"` : ''}`;
  });
  if (covered) {
    tally.covered++;
    console.log(`  (turn ${tally.turn}: a click on ${covered})`);
  }
  await target.dispatchEvent('click');
  tally.map++;
}

/** The first number with a % in a marker's text (its odds), 0 if none. */
const pct = (m: Marker) => Number(/(\d+)%/.exec(m.text)?.[1] ?? 0);

async function nextState(page: Page, before: PlayState, timeout = 3_000): Promise<boolean> {
  return page
    .waitForFunction((n) => (window as unknown as { __galaxy: Hook }).__galaxy.playState().states > n, before.states, { timeout, polling: 20 })
    .then(() => true)
    .catch(() => false);
}

/** The worker has answered about the open stack's pick (its note is no longer "…"). */
async function trayAnswered(page: Page): Promise<void> {
  await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="board-tray"] .tray-note')?.textContent ?? ''), undefined, { timeout: 10_000 }).catch(() => {});
}

/** A new game from the setup screen: `side` by hand (its forces placed by hand), the other side the normal AI, at instant pace. */
async function startGame(page: Page, scenario: string, side: 'rebel' | 'imperial', seed: string): Promise<void> {
  await page.click('[data-testid="new-game"]');
  await page.selectOption('[data-setup="scenario"]', scenario);
  await page.fill('[data-setup="seed"]', seed);
  for (const s of ['rebel', 'imperial']) {
    await page.selectOption(`[data-player="${s}"]`, s === side ? 'human' : 'ai:normal');
    await page.selectOption(`[data-placement="${s}"]`, s === side ? 'hand' : 'auto');
  }
  await page.selectOption('[data-setup="pace"]', 'instant');
  await page.click('[data-testid="start-game"]');
}

async function play(scenario: string, side: 'rebel' | 'imperial', seed: string): Promise<void> {
  const { page, errors } = await openPage(session, '', { width, height });
  await gameReady(page);
  await startGame(page, scenario, side, seed);
  const tallies = new Map<number, Tally>();
  const listKinds = new Map<string, number>();
  const shot = new Set<string>();
  /**
   * Stacks opened this movement segment: a stack left where it stands is not opened again; one that moved
   * part of itself is, for the rest (up to six times: its second ship, the passengers it had no seat for).
   */
  let opened = new Set<string>();
  let segment = '';
  const t0 = Date.now();
  let turnStart = Date.now();
  let turnNow = 0;
  for (let step = 0; step < 5000; step++) {
    const s = await waitForHuman(page, { timeout: 300_000 });
    if (s.winner || s.turn > turns) break;
    if (s.turn !== turnNow) {
      if (turnNow) (tallies.get(turnNow) as Tally).ms = Date.now() - turnStart;
      turnStart = Date.now();
      turnNow = s.turn;
    }
    const tally = tallies.get(s.turn) ?? { turn: s.turn, map: 0, buttons: 0, list: 0, covered: 0, moved: 0, missions: 0, draws: 0, ms: 0 };
    tallies.set(s.turn, tally);
    const kind = s.decision?.kind ?? '';
    if (kind === 'movement' && `${s.turn}:${s.segment}` !== segment) {
      opened = new Set();
      segment = `${s.turn}:${s.segment}`;
    }
    const ms = await markers(page);
    const here = ms.filter((m) => m.testid === 'board-dest-marker');
    const badges = ms.filter((m) => m.testid === 'board-badge');
    // a screenshot of each kind of decision, its first lit marker hovered
    if (!shot.has(kind) && (here.length || badges.length)) {
      shot.add(kind);
      await cameraSettled(page).catch(() => {});
      const first = here[0];
      if (first) await page.locator(BOARD).nth(first.i).dispatchEvent('pointerenter');
      await page.screenshot({ path: `${shots}/${scenario}-${side}-${kind}.png` });
      if (first) await page.locator(BOARD).nth(first.i).dispatchEvent('pointerleave');
    }
    const best = (xs: Marker[]) => [...xs].sort((a, b) => pct(b) - pct(a))[0];
    let target: Marker | undefined;
    if (kind === 'movement') {
      if (await moveAStack(page, opened, tally, side)) {
        await nextState(page, s, 10_000);
        continue;
      }
    } else {
      switch (kind) {
        case 'combat-order':
        case 'declare-combat':
          target = best(here.filter((m) => pct(m) >= 50));
          break;
        case 'declare-search':
          target = here.find((m) => pct(m) > 0);
          break;
        case 'reaction':
          break; // the side stays put
        case 'pick-for-mission':
          target = here[0];
          break;
        case 'assign-mission':
        case 'search-by':
          target = best(here);
          if (target && kind === 'assign-mission') tally.missions++;
          break;
        case 'mission-draw':
          target = here.find((m) => /Draw card/.test(m.text));
          if (target) tally.draws++;
          break;
        default:
          target = here[0];
      }
      // a choice in another star system: its badge first, which flies there and shows it
      if (!target && !here.length && badges.length && kind !== 'reaction' && kind !== 'declare-search' && kind !== 'declare-combat') {
        await mapClick(page, BOARD, (badges[0] as Marker).i, tally);
        await page.locator('[data-testid="board-dest-marker"]').first().waitFor({ timeout: 10_000 }).catch(() => {});
        continue;
      }
    }
    if (target) {
      await mapClick(page, BOARD, target.i, tally);
      if (!(await nextState(page, s, 10_000))) {
        // the click was taken without a new state (a second way, a system flown to): look again
        continue;
      }
      continue;
    }
    // no choice on the map the player wants: the question's "end / no" button, else the first button
    const buttons = page.locator('[data-testid="board-button"]');
    if (await buttons.count()) {
      const texts = await buttons.allTextContents();
      const end = texts.findIndex((t) => /⏎/.test(t));
      await buttons.nth(Math.max(0, end)).dispatchEvent('click');
      tally.buttons++;
    } else if (here.length) {
      await mapClick(page, BOARD, (here[0] as Marker).i, tally);
    } else {
      // nothing on the board: the list (or the keyboard), counted
      const hasEnd = (await page.locator('[data-testid="option"].ends').count()) > 0;
      if (hasEnd) await page.keyboard.press('Enter');
      else await page.locator('[data-testid="option"]').first().click();
      tally.list++;
      listKinds.set(kind, (listKinds.get(kind) ?? 0) + 1);
    }
    await nextState(page, s, 60_000);
  }
  if (turnNow && tallies.get(turnNow)) (tallies.get(turnNow) as Tally).ms ||= Date.now() - turnStart;
  const end = await page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.playState());
  await page.screenshot({ path: `${shots}/${scenario}-${side}-end.png` });
  console.log(`\n${scenario} at ${width}x${height} as the ${side === 'imperial' ? 'Empire' : 'Rebel'} (seed ${seed}): ${end.winner ? `${end.winner} won` : `stopped after turn ${Math.min(turns, end.turn)}`}, ${Math.round((Date.now() - t0) / 1000)} s`);
  console.log('turn  map clicks  (covered)  buttons  list uses  stacks moved  missions  card draws  seconds');
  for (const t of tallies.values())
    console.log(`${String(t.turn).padStart(4)}  ${String(t.map).padStart(10)}  ${String(t.covered).padStart(9)}  ${String(t.buttons).padStart(7)}  ${String(t.list).padStart(9)}  ${String(t.moved).padStart(12)}  ${String(t.missions).padStart(8)}  ${String(t.draws).padStart(10)}  ${(t.ms / 1000).toFixed(1).padStart(7)}`);
  console.log(`list uses by kind: ${[...listKinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  console.log(`console errors: ${errors.length}${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`);
  await page.close();
}

/**
 * One stack moved, as a player moves it: its system's badge if the map shows the galaxy, the stack (it
 * opens with what may fly picked), and, when nothing is, its counters by hand: a ship boarded by
 * dragging its passengers onto it, then its pilot, else the counters one at a time; then a lit place
 * (another planet if it may, its system's badge first when the place is in another). A stack with nothing
 * to move, or one moved once already this segment, is left. Returns false when no stack is left to move.
 */
async function moveAStack(page: Page, opened: Set<string>, tally: Tally, side: string): Promise<boolean> {
  const click = (selector: string, nth = 0) => mapClick(page, selector, nth, tally);
  const stacks = async () => (await markers(page)).filter((m) => m.testid === 'board-marker' && /click to open/.test(m.tip) && !opened.has(m.environ));
  let list = await stacks();
  if (!list.length) {
    // the stacks of another star system: the first badge not followed yet this segment
    const badge = (await markers(page)).find((m) => m.testid === 'board-badge' && /stack/.test(m.tip) && !opened.has(`badge:${m.environ}`));
    if (!badge) return false;
    opened.add(`badge:${badge.environ}`);
    await click(BOARD, badge.i);
    await page.locator('[data-testid="board-marker"]').first().waitFor({ timeout: 10_000 }).catch(() => {});
    list = await stacks();
    if (!list.length) return true;
  }
  const stack = list[0] as Marker;
  opened.add(stack.environ);
  await click(BOARD, stack.i);
  // its counters open (a stack adrift goes whole: its ways on light at once, no counters)
  const opens = await page.locator('[data-testid="board-tray"], [data-testid="board-dest-marker"]').first().waitFor({ timeout: 10_000 }).then(() => true).catch(() => false);
  if (!opens) {
    console.log(`  (turn ${tally.turn}: the stack "${stack.tip}" opened nothing in 10 s; left)`);
    return true;
  }
  await trayAnswered(page);
  const lit = async () => (await markers(page)).filter((m) => m.testid === 'board-dest-marker' || (m.testid === 'board-badge' && /place/.test(m.tip)));
  if (!(await lit()).length) {
    const ship = page.locator('[data-testid="counter"][data-kind="ship"]:not(.dim)').first();
    if (await ship.count()) {
      // board the ship by hand: the ship, its passengers dragged onto it while seats last, then its pilot
      await ship.click();
      tally.map++;
      await trayAnswered(page);
      for (let k = 0; k < 6; k++) {
        const free = page.locator('[data-testid="counter"][data-kind="character"]:not(.dim):not(.picked)');
        if ((await free.count()) <= 1 || (await lit()).length) break;
        const from = await free.nth(1).boundingBox();
        const onto = await ship.boundingBox();
        if (!from || !onto) break;
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 2 });
        await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 3 });
        await page.mouse.up();
        tally.map++;
        await trayAnswered(page);
        if (!shotsTaken.has(`${side}-boarding`)) {
          shotsTaken.add(`${side}-boarding`);
          await page.screenshot({ path: `${shots}/${scenario}-${side}-boarding.png` });
        }
      }
    }
    // then counters one at a time until the pick may go somewhere
    for (let k = 0; k < 6 && !(await lit()).length; k++) {
      const free = page.locator('[data-testid="counter"]:not(.dim):not(.picked)');
      if (!(await free.count())) break;
      await free.first().click();
      tally.map++;
      await trayAnswered(page);
    }
  }
  const dests = await lit();
  if (!dests.length) {
    // nothing here can go anywhere: close the stack (its ×) and leave it
    await click('[data-testid="board-tray"] [data-tray="close"]');
    return true;
  }
  // another planet if the pick may reach one, else the first place lit
  const here = dests.filter((m) => m.testid === 'board-dest-marker');
  const away = here.find((m) => !m.environ.startsWith(stack.environ.split('.')[0] as string)) ?? here[0];
  if (away) await click(BOARD, away.i);
  else {
    await click(BOARD, (dests[0] as Marker).i);
    await page.locator('[data-testid="board-dest-marker"]').first().waitFor({ timeout: 10_000 });
    await click('[data-testid="board-dest-marker"]');
  }
  tally.moved++;
  // the rest of the stack may move too: it is opened again (a stack that moves nothing is left)
  const again = `again:${stack.environ}`;
  const times = [...opened].filter((k) => k === again || k.startsWith(`${again}#`)).length;
  if (times < 6) {
    opened.add(`${again}#${times}`);
    opened.delete(stack.environ);
  }
  return true;
}

const shotsTaken = new Set<string>();

try {
  if (which === 'imperial' || which === 'both') await play(scenario, 'imperial', '7');
  if (which === 'rebel' || which === 'both') await play(scenario, 'rebel', '7');
  if (which === 'shots') await targetShots();
} finally {
  await session.close();
}

/** Screenshots of lit targets with odds: games brought to the decision in Node, resumed on the page. */
async function targetShots(): Promise<void> {
  const only = args[3]?.split(',');
  const all: [string, string, 'rebel' | 'imperial', string, (d: Decision) => boolean][] = [
    ['attack', 'start-of-rebellion', 'imperial', '5', (d) => d.kind === 'combat-order'],
    ['search', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'declare-search'],
    ['search-by', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'search-by'],
    ['reinforcement', 'embers-of-the-reach', 'imperial', '3', (d) => d.kind === 'place-reinforcement'],
    ['reaction', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'reaction'],
    ['landing', 'galactic-lucent-spiral', 'imperial', '3', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === false)],
    ['mission', 'start-of-rebellion', 'rebel', '11', (d) => d.kind === 'assign-mission'],
    ['mission-first', 'start-of-rebellion', 'rebel', '11', (d) => d.kind === 'pick-for-mission'],
    ['card-draw', 'start-of-rebellion', 'rebel', '11', (d) => d.kind === 'mission-draw'],
    ['domino-option', 'embers-of-the-reach', 'rebel', '1', (d) => d.kind === 'domino-option'],
    ['break-off', 'start-of-rebellion', 'rebel', '1', (d) => d.kind === 'break-off'],
    ['attack-found', 'start-of-rebellion', 'imperial', '1', (d) => d.kind === 'attack-found'],
    ['combat-style', 'embers-of-the-reach', 'imperial', '2', (d) => d.kind === 'combat-style'],
    ['active-or-inactive', 'start-of-rebellion', 'rebel', '1', (d) => d.kind === 'active-or-inactive'],
    ['drift-in', 'galactic-lucent-spiral', 'rebel', '1', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === true)],
  ];
  const cases = all.filter(([name]) => !only || only.includes(name));
  const { page, errors } = await openPage(session, '', { width, height });
  for (const [name, scenario, side, seed, want] of cases) {
    const e = playUntil(scenario, side, seed, want);
    await page.reload({ waitUntil: 'load' });
    await gameReady(page);
    await page.evaluate((t) => (window as unknown as { __galaxy: { resumeSave: (t: string) => void } }).__galaxy.resumeSave(t), e.saveText());
    await waitForHuman(page, { timeout: 120_000 });
    // a mission first: the panel names the missions (they are no places); one lights who may take it
    if (name === 'mission-first') await page.locator('[data-board-way]:not([data-board-way=""])').first().click();
    // the stack adrift to move: in the outer drift area for the drift-in, else in the sun's
    const adrift = boardForm(e.game!, e.game!.pending!).movers.find((m) => m.whole && driftOfPlace(m.place)?.outer === (name === 'drift-in'));
    if (adrift) {
      const system = driftOfPlace(adrift.place)?.system ?? '';
      const badge = page.locator(`[data-testid="board-badge"][data-system="${system}"]`);
      if (await badge.count()) await badge.dispatchEvent('click');
      await page.locator(`[data-testid="board-marker"][data-environ="${adrift.place}"]`).dispatchEvent('click');
    }
    // targets in another star system: its badge flies there
    if (!(await page.locator('[data-testid="board-dest-marker"]').count()) && (await page.locator('[data-testid="board-badge"]').count())) await page.locator('[data-testid="board-badge"]').first().dispatchEvent('click');
    await cameraSettled(page).catch(() => {});
    const lit = page.locator('[data-testid="board-dest-marker"]').first();
    if (await lit.count()) await lit.dispatchEvent('pointerenter');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${shots}/target-${name}${width === 1280 && height === 720 ? '' : `-${width}x${height}`}.png` });
    console.log(`${name}: ${await page.locator('[data-testid="board-dest-marker"]').count()} markers lit, hovered: ${(await lit.textContent().catch(() => null)) ?? 'none'}`);
  }
  console.log(`console errors: ${errors.length}`);
  await page.close();
}
