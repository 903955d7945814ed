/**
 * Takes the README's screenshots in headless Chromium: the galaxy with the start menu, a star system
 * during a spectated game (with a planet's panel open), and the spectator watching from afar; then, in
 * a played game, the Planets table, the rules reference, the opponent's turn as it plays, a roll shown
 * as dice, the Continue entry and the Settings panel;
 * then conquest's setup screen, a conquest game with an attack's odds, and a conquest game's end; then
 * solitaire's setup screen and a solitaire game with an attack's odds [001].
 *   npx tsx src/cli/screenshots.ts [outDir] [conquest|solitaire]   (only those screens)
 * With SOLITAIRE_EXTRA=<dir>, a solitaire Chaos Events card and a solitaire game's end go there too.
 */
import type { Page } from 'playwright-core';
import { openPage, startSession } from '../../test/e2e/browser';
import { startPlayedGame, waitForHuman } from '../../test/e2e/play-page';

const out = process.argv[2] ?? 'docs/screenshots';
const only = process.argv[3];
const session = await startSession();
/** The page's test hook, as far as this script uses it. */
interface G {
  watch(o: object): void;
  state(): { turn: number };
  setFollow(on: boolean): void;
  select(sel: object): void;
  setQuality(name: string): Promise<void>;
}
try {
  if (!only) await starSystemScreens();
  if (!only || only === 'conquest') await conquestScreens();
  if (!only || only === 'solitaire') await solitaireScreens();
  if (!only || only === 'tutorial') await tutorialScreens();
} finally {
  await session.close();
}

/** The star-system game: the galaxy, a spectated game, then a played one. */
async function starSystemScreens(): Promise<void> {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/galaxy.png` });
  await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.setQuality('high'));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/galaxy-bloom.png` });
  await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.setQuality('default'));

  await page.evaluate(() => (window as unknown as { __galaxy: G }).__galaxy.watch({ scenario: 'start-of-rebellion', seed: '3', speed: 4 }));
  await page.waitForFunction(() => (window as unknown as { __galaxy: G }).__galaxy.state().turn >= 2, undefined, { timeout: 120_000 });
  await page.click('[data-testid="play"]'); // pause
  await page.evaluate(() => {
    const g = (window as unknown as { __galaxy: G }).__galaxy;
    g.setFollow(false);
    g.select({ kind: 'planet', id: 'tollis' });
  });
  await page.waitForTimeout(5000);
  await page.screenshot({ path: `${out}/system.png` });

  await page.evaluate(() => {
    const g = (window as unknown as { __galaxy: G }).__galaxy;
    g.select({ kind: 'system', id: 'wendmoor' });
    g.setFollow(true);
  });
  await page.click('[data-testid="play"]'); // play on
  await page.waitForTimeout(5000);
  await page.screenshot({ path: `${out}/spectator.png` });
  console.log(errors.length ? `console errors:\n${errors.join('\n')}` : 'no console errors');
  await page.close();
  await playedGameScreens();
}

/** The screens of a played game (Rebel against the normal AI): the Planets table, the reference, dice, Continue. */
async function playedGameScreens(): Promise<void> {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await startPlayedGame(page, { scenario: 'start-of-rebellion', seed: 'shots', imperial: 'ai:normal', placement: 'auto', pace: 'normal' });
  await waitForHuman(page);
  await page.waitForTimeout(2500);
  await page.keyboard.press('p');
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/play-planets.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  await page.keyboard.type('sabotage');
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/play-reference.png` });
  await page.keyboard.press('Escape');
  // play on (acting, ending a segment every third choice) until a roll tumbles as dice
  const tray = page.locator('[data-testid="dice"]');
  // [issue 44] on the way, the opponent's turn as it plays, its seen moves listed in the panel
  let opponent = false;
  for (let i = 0; i < 40; i++) {
    const s = await waitForHuman(page);
    if (s.winner) break;
    const acts = page.locator('[data-testid="option"]:not(.ends)');
    if (i % 3 !== 2 && (await acts.count()) > 0) await acts.last().click();
    else if ((await page.locator('[data-testid="option"].ends').count()) > 0) await page.keyboard.press('Enter');
    else await page.locator('[data-testid="option"]').first().click();
    if (!opponent && (await page.locator('[data-testid="ai-now"]').waitFor({ state: 'visible', timeout: 2500 }).then(() => true, () => false))) {
      opponent = true;
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/play-opponent.png` });
      continue;
    }
    if (await tray.waitFor({ state: 'visible', timeout: 2500 }).then(() => true, () => false)) break;
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid="dice"] .die.tumbling'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: `${out}/play-dice.png` });
  await page.click('[data-el="menuButton"]');
  await page.locator('[data-testid="continue"]').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/menu-continue.png` });
  // the Settings panel, its Motion folder (the opponent's pace among them) open
  await page.evaluate(() => (window as unknown as { __galaxy: { showSettings(on: boolean): void } }).__galaxy.showSettings(true));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/settings.png` });
  await page.evaluate(() => (window as unknown as { __galaxy: { showSettings(on: boolean): void } }).__galaxy.showSettings(false));
  console.log(errors.length ? `console errors (played game):\n${errors.join('\n')}` : 'no console errors (played game)');
  await page.close();
}

/** The conquest screen's facts, as far as this script reads them. */
interface Cq {
  decision: { kind: string; human: boolean } | null;
  round: number;
  steps: number;
  winner: string | null;
}
function cqState(page: Page): Promise<Cq> {
  return page.evaluate(() => (window as unknown as { __galaxy: { conquestState(): Cq } }).__galaxy.conquestState());
}

/** Wait for the human's next conquest decision (after more than `steps` answers), or the end. */
async function cqHuman(page: Page, steps = -1): Promise<Cq> {
  await page.waitForFunction(
    (n) => {
      const s = (window as unknown as { __galaxy: { conquestState(): Cq | null } }).__galaxy.conquestState();
      return !!s && s.steps > n && (s.winner !== null || !!s.decision?.human);
    },
    steps,
    { timeout: 120_000, polling: 50 },
  );
  return cqState(page);
}

/** Conquest [002]: the setup screen; a game against three AIs with an attack's exact odds on show; an all-AI game's end. */
async function conquestScreens(): Promise<void> {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('[data-testid="conquest"]');
  await page.locator('[data-testid="cq-setup"]').waitFor();
  await page.fill('[data-cq="seed"]', '7');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/conquest-setup.png` });

  // against three AIs, the territories dealt at random: the player's first two turns, simply played
  await page.check('[data-cq="autoPlace"]');
  await page.selectOption('[data-cq="speed"]', '0');
  await page.click('[data-testid="cq-start"]');
  let s = await cqHuman(page);
  for (let i = 0; i < 200 && !s.winner && s.round < 3; i++) {
    const kind = s.decision?.kind ?? '';
    const options = page.locator('[data-testid="cq-decision"] [data-testid="cq-option"]');
    if (kind === 'conquest-place') await options.nth(1).click({ force: true }); // all on the most exposed system
    else if (kind === 'conquest-attack') {
      // the best attack while it is likely, then stop
      const best = (await page.locator('.cq-pairs .cq-chance').first().textContent()) ?? '0';
      if (parseFloat(best) >= 75 || best.startsWith('>')) await page.locator('.cq-pairs [data-testid="cq-option"]').first().click({ force: true });
      else await page.keyboard.press('Enter');
    } else if (kind === 'conquest-battle') await page.locator('[data-testid="cq-option"].annihilate').first().click({ force: true });
    else if (kind === 'conquest-move-in' || kind === 'conquest-fortify-count') await page.click('[data-testid="cq-move"]', { force: true });
    else if (kind === 'conquest-fortify') await page.keyboard.press('Enter');
    else await options.first().click({ force: true });
    s = await cqHuman(page, s.steps);
  }
  // the third turn: place, then pick on the map an attack that could go either way, and show its odds
  for (let i = 0; i < 40 && s.decision?.kind !== 'conquest-attack' && !s.winner; i++) {
    await page.locator('[data-testid="cq-decision"] [data-testid="cq-option"]').nth(s.decision?.kind === 'conquest-place' ? 1 : 0).click({ force: true });
    s = await cqHuman(page, s.steps);
  }
  const pairs = page.locator('.cq-pairs [data-testid="cq-option"]');
  let pick = 0;
  for (let i = 0; i < (await pairs.count()); i++) {
    const chance = parseFloat((await pairs.nth(i).locator('.cq-chance').textContent()) ?? '0');
    if (chance > 30 && chance < 90) {
      pick = i;
      break;
    }
  }
  const from = (await pairs.nth(pick).getAttribute('data-from')) as string;
  const to = (await pairs.nth(pick).getAttribute('data-to')) as string;
  await page.keyboard.press('Control'); // any dice still on show go
  await page.locator(`[data-testid="cq-territory"][data-territory="${from}"]`).click();
  await page.locator(`[data-testid="cq-territory"][data-territory="${to}"]`).click();
  await page.locator('[data-testid="cq-odds"]').waitFor();
  await page.mouse.move(640, 700);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/conquest-play.png` });

  // an all-AI game at the fastest speed, to its end
  await page.click('[data-el="menuButton"]');
  await page.click('[data-testid="conquest"]');
  await page.selectOption('[data-seat-player="0"]', 'hard');
  await page.check('[data-cq="autoPlace"]');
  await page.selectOption('[data-cq="speed"]', '0');
  await page.fill('[data-cq="seed"]', '9');
  await page.click('[data-testid="cq-start"]');
  await page.locator('[data-testid="cq-over"]').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/conquest-over.png` });

  // the example map file, four AIs a few rounds in, paused [002 I Maps]
  await page.click('[data-testid="cq-menu"]');
  await page.click('[data-testid="conquest"]');
  await page.selectOption('[data-testid="cq-map"]', 'five-reaches');
  await page.selectOption('[data-seat-player="0"]', 'normal');
  await page.check('[data-cq="autoPlace"]');
  await page.selectOption('[data-cq="speed"]', '4');
  await page.fill('[data-cq="seed"]', '12');
  await page.click('[data-testid="cq-start"]');
  await page.selectOption('[data-testid="cq-speed"]', '8');
  await page.waitForFunction(() => ((window as unknown as { __galaxy: { conquestState(): Cq | null } }).__galaxy.conquestState()?.round ?? 0) >= 3, undefined, { timeout: 120_000 });
  await page.click('[data-testid="cq-pause"]');
  await page.mouse.move(640, 700);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/conquest-map.png` });
  console.log(errors.length ? `console errors (conquest):\n${errors.join('\n')}` : 'no console errors (conquest)');
  await page.close();
}

/** The solitaire screen's facts, as far as this script reads them. */
interface Sol {
  decision: { kind: string; human: boolean } | null;
  turn: number;
  steps: number;
  over: boolean;
  card: string | null;
}
function solState(page: Page): Promise<Sol> {
  return page.evaluate(() => (window as unknown as { __galaxy: { solitaireState(): Sol } }).__galaxy.solitaireState());
}

/** Solitaire [001]: the setup screen; a game as the Emperor with an attack's exact odds on show; with SOLITAIRE_EXTRA, a card and a game's end. */
async function solitaireScreens(): Promise<void> {
  const extra = process.env.SOLITAIRE_EXTRA;
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('[data-testid="solitaire"]');
  await page.locator('[data-testid="sol-setup"]').waitFor();
  await page.fill('[data-testid="sol-seed"]', '7');
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (document.querySelector('[data-testid="sol-setup"]') as HTMLElement).scrollTop = 0;
  });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/solitaire-setup.png` });

  await page.click('[data-testid="sol-start"]');
  await page.waitForTimeout(700);
  if (extra) await page.screenshot({ path: `${extra}/solitaire-event.png` });
  // played simply (nothing bought, nothing moved) until an attack that could go either way is offered
  let s = await solState(page);
  for (let i = 0; i < 300 && !s.over; i++) {
    if (s.card) await page.keyboard.press('Control');
    if (s.decision?.kind === 'chaos-attack') {
      const chances = await page.locator('[data-testid="sol-odds"] .good').allTextContents();
      if (chances.some((c) => parseInt(c.replace(/\D/g, ''), 10) >= 20)) break;
    }
    if (s.decision?.kind === 'chaos-move' && (await solMoveToFight(page))) {
      // moved a stack next to (onto) Chaos
    } else if (s.decision?.kind === 'chaos-attack' && (await page.locator('[data-testid="sol-attack"] .sol-opt.go').count()))
      await page.locator('[data-testid="sol-attack"] .sol-opt.go').first().click();
    else {
      const end = page.locator('[data-testid="sol-decision"] .sol-opt.ends');
      if (await end.count()) await end.first().click();
      else {
        if (!(await page.locator('[data-testid="sol-decision"] [data-testid="sol-option"]').count())) await page.locator('[data-testid="sol-sector-chip"]').first().click();
        await page.locator('[data-testid="sol-decision"] [data-testid="sol-option"]').first().click();
      }
    }
    await page.waitForTimeout(120);
    s = await solState(page);
  }
  await page.keyboard.press('Control');
  await page.mouse.move(640, 700);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/solitaire.png` });

  if (extra) {
    // a watched game at the fastest speed, to its end
    await page.click('[data-el="menuButton"]');
    await page.click('[data-testid="solitaire"]');
    const agents = await page.locator('[data-testid="sol-emperor"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== 'human'));
    await page.selectOption('[data-testid="sol-emperor"]', agents[agents.length - 1]!);
    await page.selectOption('[data-sol="speed"]', '0');
    await page.fill('[data-testid="sol-seed"]', '9');
    await page.click('[data-testid="sol-start"]');
    await page.locator('[data-testid="sol-over"]').waitFor({ timeout: 120_000 });
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `${extra}/solitaire-over.png` });
  }
  console.log(errors.length ? `console errors (solitaire):\n${errors.join('\n')}` : 'no console errors (solitaire)');
  await page.close();
}

/** A move onto a sector held by Chaos or with Chaos units, if some stack can make one: true when made. */
/** [issue 56] A tutorial on the board: the conquest tutorial's dice, its lit button beside the exact odds. */
async function tutorialScreens(): Promise<void> {
  const { page, errors } = await openPage(session, '', { width: 1280, height: 720 });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('[data-testid="learn-conquest"]');
  const stepId = () => page.evaluate(() => (window as unknown as { __galaxy: { tutorialState(): { stepId: string } | null } }).__galaxy.tutorialState()?.stepId);
  await page.waitForFunction(() => !!(window as unknown as { __galaxy: { tutorialState(): unknown } }).__galaxy.tutorialState());
  // on by Next and Skip (a skipped step's moves are made for the player) to the first roll of the dice
  while ((await stepId()) !== 'roll') await page.click('[data-testid="tutorial-next"], [data-testid="tutorial-skip"]');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/tutorial.png` });
  if (errors.length) console.error('tutorial screens:', errors);
  await page.close();
}

async function solMoveToFight(page: Page): Promise<boolean> {
  const chips = page.locator('[data-testid="sol-sector-chip"]');
  const n = await chips.count();
  for (let i = 0; i < n; i++) {
    await chips.nth(i).click();
    const to = await page.locator('[data-testid="sol-decision"] [data-to]').evaluateAll((bs) =>
      bs
        .map((b) => (b as HTMLElement).dataset.to as string)
        .filter((t) => {
          const label = document.querySelector<HTMLElement>(`[data-testid="sol-sector"][data-sector="${t}"]`);
          return !!label && (Number(label.dataset.chaos) > 0 || label.dataset.holder === 'chaos' || label.dataset.holder === 'independent');
        }),
    );
    if (to.length) {
      await page.locator(`[data-testid="sol-decision"] [data-to="${to[0]}"]`).first().click();
      return true;
    }
  }
  return false;
}
