/**
 * Following a tutorial in the browser as a player does [issue 56]: open it from the start menu, and at
 * each step click only what it lights: the place on the map its taught command acts on (each in turn: a
 * move's origin, then its destination), else the one option its mode's panel offers, else the step's
 * Next. Used by the browser test and by the script that times and screenshots each tutorial.
 */
import type { Page } from 'playwright-core';

export interface TutorialState {
  id: string;
  step: number;
  steps: number;
  stepId: string;
  phase: 'opening' | 'words' | 'result';
  made: number;
  done: number;
  lit: string[];
  expected: { type: string } | null;
  notNow: number;
}

interface Hook {
  tutorialState(): TutorialState | null;
  screenOf(id: string): { x: number; y: number } | null;
}

/** The tutorial being played, as the page's hook says (null when none). */
export const tutorialState = (page: Page): Promise<TutorialState | null> => page.evaluate(() => (window as unknown as { __galaxy: Hook }).__galaxy.tutorialState());

/** The panel buttons of each mode that answer its decision (with a tutorial, only the taught one is there). */
export const LIT_BUTTONS: Record<string, string> = {
  conquest: '.cq-decision [data-opt]:not([disabled]), .cq-decision [data-act="move-count"]',
  solitaire: '.sol-decision [data-opt]',
  // the Rebels-vs-Empire board: a lit target or destination on the map, else the question's lit answer (the gate dims the others)
  play: '[data-testid="counter"].tut-take, [data-testid="board-dest-marker"]:not(.refused), [data-testid="board-button"]:not(.refused)',
};

/**
 * Open a tutorial from the start menu and wait for its first words. `fast`: the opponent's turns at the
 * fastest pace the screen offers (a player's choice too), so a test waits on no animation.
 */
export async function openTutorial(page: Page, id: string, fast = false): Promise<TutorialState> {
  await page.click(`[data-testid="learn-${id}"]`);
  await page.waitForFunction(() => {
    const s = (window as unknown as { __galaxy: Hook }).__galaxy.tutorialState();
    return s !== null && s.phase !== 'opening';
  }, undefined, { timeout: 60_000 });
  const speed = page.locator('[data-testid="cq-speed"]');
  if (fast && (await speed.count())) await speed.selectOption('0');
  return (await tutorialState(page)) as TutorialState;
}

/**
 * Click a map place where a player would: its badge on the board (a conquest territory's, a solitaire
 * sector's) where nothing covers it, else its star.
 */
export async function clickPlace(page: Page, place: string): Promise<void> {
  // (the board's markers come a frame after the step's words: wait for them a moment)
  const at = await page
    .waitForFunction(
      (id) => {
        // a conquest territory's badge, a solitaire sector's; on the Rebels-vs-Empire board, a lit target there, else the stack's marker
        const badge = document.querySelector<HTMLElement>(
          `[data-territory="${id}"], [data-sector="${id}"], [data-testid="board-dest-marker"][data-environ="${id}"]:not(.refused), [data-testid="board-marker"][data-environ="${id}"]`,
        );
        const r = badge?.getBoundingClientRect();
        if (badge && r && r.width > 0) {
          // its centre, else any part of it a label or another badge leaves uncovered (where a player would click)
          for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.5], [0.8, 0.5], [0.5, 0.2], [0.5, 0.8], [0.1, 0.2], [0.9, 0.2], [0.1, 0.8], [0.9, 0.8]] as const) {
            const x = r.left + r.width * fx;
            const y = r.top + r.height * fy;
            if (badge.contains(document.elementFromPoint(x, y))) return { x, y };
          }
        }
        return (window as unknown as { __galaxy: Hook }).__galaxy.screenOf(id);
      },
      place,
      { timeout: 10_000 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  if (!at) throw new Error(`the place ${place} is not on the screen`);
  if (process.env.WALK_DEBUG) console.log('click', place, JSON.stringify(at), await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 90), at));
  await page.mouse.click(at.x, at.y);
}

/** Wait until the tutorial moves on from `before` (a command made, a phase or step changed, or it ended). */
async function movedOn(page: Page, before: TutorialState, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (b) => {
      const s = (window as unknown as { __galaxy: Hook }).__galaxy.tutorialState();
      return !s || s.step !== b.step || s.phase !== b.phase || s.made !== b.made;
    },
    before,
    { timeout },
  );
}

/** Everything on the page a click may light or pick: the map's badges and markers, the stack's counters, the panels' answers. */
const LIT_ANYWHERE = '[data-territory], [data-sector], [data-testid="board-marker"], [data-testid="board-dest-marker"], [data-testid="counter"], [data-testid="board-button"], .cq-decision [data-opt], .cq-decision [data-act], .sol-decision [data-opt]';

/**
 * In the page: with no `before`, what it lights now as one string (each target's tag, class, test id
 * and whether it is disabled); with `before` (the tutorial's state and that string before a click),
 * whether the page has answered the click: 'moved' (the tutorial moved on), 'lit' (what it lights changed,
 * and on the Rebels-vs-Empire board no answer is still with the game's worker: neither a command sent nor
 * an open stack's pick, its tray saying "…" until the worker says where it may go), else false.
 */
function answer({ sel, before }: { sel: string; before: { state: TutorialState; lit: string } | null }): string | false {
  const lit = [...document.querySelectorAll(sel)].map((e) => `${e.tagName}.${e.getAttribute('class')}.${e.getAttribute('data-testid')}.${(e as HTMLButtonElement).disabled}`).join('|');
  if (!before) return lit;
  const g = (window as unknown as { __galaxy: Hook & { playState(): { busy: boolean } } }).__galaxy;
  const s = g.tutorialState();
  const b = before.state;
  if (!s || s.step !== b.step || s.phase !== b.phase || s.made !== b.made) return 'moved';
  const asking = /…/.test(document.querySelector('[data-testid="board-tray"] .tray-note')?.textContent ?? '');
  return lit !== before.lit && !g.playState().busy && !asking ? 'lit' : false;
}

/**
 * In the page: the step's hint (its words and what it quotes) and the text a player sees now. A hint names
 * the buttons to click in quotes ("Click \"Roll 3 dice\" in the panel."), so each quote must be on the
 * screen at some moment of its step, word for word.
 */
function hintAndScreen(): { hint: string; quotes: string[]; screen: string; covered: string[]; litHidden: string[] } {
  const hint = document.querySelector('[data-testid="tutorial-hint"]')?.textContent ?? '';
  const quotes = [...hint.matchAll(/["“]([^"”]+)["”]/g)].map((m) => m[1] as string);
  // (the screen without the words themselves, which quote it)
  const words = document.querySelector<HTMLElement>('.tut-bubble');
  const said = words?.innerText ?? '';
  // the page's top lines the words lie over: the score, the Planets button, the board's question
  const b = words && !words.hidden ? words.getBoundingClientRect() : null;
  const covered = b
    ? [...document.querySelectorAll<HTMLElement>('.score, .planets-button, .board-question')]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
        })
        .map((e) => e.className)
    : [];
  // what the step lights (its button, or the panel it speaks of) is on the page: not folded away, not off it
  const litHidden = [...document.querySelectorAll<HTMLElement>('.tut-lit')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      // (nor scrolled out of its panel's sight; no named function in here: tsx names them with a helper the page lacks)
      let clipped = false;
      for (let box = e.parentElement; box && !clipped; box = box.parentElement) {
        if (getComputedStyle(box).overflowY === 'visible') continue;
        const v = box.getBoundingClientRect();
        clipped = r.bottom <= v.top + 4 || r.top >= v.bottom - 4;
      }
      return !!e.closest('.folded') || r.width === 0 || r.right <= 0 || r.left >= innerWidth || r.bottom <= 0 || r.top >= innerHeight || clipped;
    })
    .map((e) => {
      const r = e.getBoundingClientRect();
      return `${e.className} "${(e.textContent ?? '').trim().slice(0, 40)}"${e.closest('.folded') ? ' folded away' : ` at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`}`;
    });
  return { hint, quotes, screen: document.body.innerText.replace(said, '').replace(/\s+/g, ' '), covered, litHidden };
}

/**
 * Play the open tutorial to its end by clicks on what it lights, calling `atStep` once each step's words
 * are shown (for screenshots). Returns the steps seen, the clicks made, how many of them the guide
 * said "not now" to (none, when every click was on what it lit), each hint that quotes a button no
 * screen of its step showed, and each time the words lay over the page's top lines or what the step lit was not on the page. Throws if a lit
 * click changes nothing.
 */
export async function followTutorial(
  page: Page,
  mode: string,
  atStep?: (s: TutorialState) => Promise<void>,
  /** Before each click: a player's pause to read what the words say and find where to click (none in tests). */
  beforeClick?: () => Promise<void>,
): Promise<{ steps: number; clicks: number; notNow: number; hintsNotOnScreen: string[]; topLinesCovered: string[]; litHidden: string[] }> {
  let seen = -1;
  let clicks = 0;
  let total = 0;
  let notNow = 0;
  // the step's quoted buttons not yet seen on the screen, and the hints left with one unseen
  let unseen: { step: string; quotes: Set<string> } | null = null;
  const hintsNotOnScreen: string[] = [];
  // the steps whose words lay over the page's top lines
  const topLinesCovered: string[] = [];
  // the steps whose lit button or panel was not on the page (folded away, or off it)
  const litHidden: string[] = [];
  const stepOver = () => {
    if (unseen?.quotes.size) hintsNotOnScreen.push(`step "${unseen.step}": ${[...unseen.quotes].map((q) => `"${q}"`).join(', ')} never on the screen`);
    unseen = null;
  };
  for (let guard = 0; guard < 400; guard++) {
    const s = await tutorialState(page);
    if (!s) {
      stepOver();
      return { steps: seen + 1, clicks: total, notNow, hintsNotOnScreen, topLinesCovered, litHidden };
    }
    notNow = s.notNow;
    // the opening moves, or the opponent's answers between the step's commands (the words stay, and wait for them)
    if (s.phase === 'opening' || (s.phase === 'words' && !s.expected && s.made < s.done)) {
      await movedOn(page, s);
      continue;
    }
    if (s.step !== seen) {
      stepOver();
      if (atStep) await atStep(s);
    }
    seen = s.step;
    let now = await page.evaluate(hintAndScreen);
    // (the words may come a moment before the mode draws the panel they light or stand clear of, the game's first state
    // still on its way from the worker on a busy machine: a player reads them for longer than that)
    for (let wait = 0; (now.litHidden.length || now.covered.length) && wait < 20; wait++) {
      await page.waitForTimeout(100);
      now = await page.evaluate(hintAndScreen);
    }
    if (now.covered.length) topLinesCovered.push(`step "${s.stepId}": over ${now.covered.join(', ')}`);
    if (now.litHidden.length) litHidden.push(`step "${s.stepId}": ${now.litHidden.join(', ')}`);
    if (!unseen) unseen = { step: s.stepId, quotes: new Set(now.quotes) };
    for (const q of unseen.quotes) if (now.screen.includes(q)) unseen.quotes.delete(q);
    total++;
    if (beforeClick) await beforeClick();
    if (!s.expected) {
      await page.click('[data-testid="tutorial-next"], [data-testid="tutorial-finish"]');
      await movedOn(page, s);
      clicks = 0;
      continue;
    }
    // the taught command's places in turn (a move's origin, then its destination), then its button in the panel
    const place = s.lit[clicks];
    const lit = (await page.evaluate(answer, { sel: LIT_ANYWHERE, before: null })) as string;
    if (place) await clickPlace(page, place);
    else await page.click(LIT_BUTTONS[mode] as string);
    clicks++;
    // (a click that opens a stack, picks a counter or chooses a move's origin moves nothing on: wait for the page's answer, what it
    // lights next, then make the next click; a click the page answers with nothing to see is given a second)
    await page.waitForFunction(answer, { sel: LIT_ANYWHERE, before: { state: s, lit } }, { timeout: 1_000, polling: 'raf' }).catch(() => {});
    const after = await tutorialState(page);
    if (after && after.made === s.made && after.step === s.step && after.phase === s.phase) {
      if (clicks > s.lit.length + 4) throw new Error(`step ${s.step + 1} "${s.stepId}": clicking what it lights did not make ${JSON.stringify(s.expected)}`);
      continue;
    }
    await movedOn(page, s).catch(() => {});
    clicks = 0;
  }
  throw new Error('the tutorial did not end');
}
