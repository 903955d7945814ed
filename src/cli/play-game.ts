/**
 * Plays a whole game in headless Chromium as a person would: the setup screen, then every decision by
 * clicks and keys only, choosing from what the screen shows (the prompt, the option buttons, the odds),
 * against an AI. Screenshots are taken at key moments (setup, placement by hand, the first movement, the
 * first odds and rolls, a mission, a rebellion or domino effect, the end) and a transcript of every
 * decision is written beside them, so a person can look at them and judge the game as a player.
 *   npx tsx src/cli/play-game.ts [outDir] [scenario] [seed] [rebel|imperial] [opponent]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { gameReady, openPage, startSession } from '../../test/e2e/browser';

const out = process.argv[2] ?? '/tmp/whole-game';
const scenario = process.argv[3] ?? 'start-of-rebellion';
const seed = process.argv[4] ?? '21';
const human = process.argv[5] ?? 'rebel';
const opponent = process.argv[6] ?? 'normal';
const width = Number(process.env.WIDTH ?? 1280);
const height = Number(process.env.HEIGHT ?? 720);

interface S {
  decision: { kind: string; side: string; options: string[] } | null;
  thinking: string | null;
  turn: number;
  winner: string | null;
}
type Hook = { __galaxy: { playState(): S } };

mkdirSync(out, { recursive: true });
const transcript: string[] = [];
const shots = new Set<string>();

async function shot(page: Page, name: string, once = true): Promise<void> {
  if (once && shots.has(name)) return;
  shots.add(name);
  await page.waitForTimeout(700); // let the camera and the panel settle
  await page.screenshot({ path: `${out}/${name}.png` });
  transcript.push(`  [screenshot ${name}.png]`);
}

/** What a player reads off the screen: the prompt, the options, the odds and last-rolls boxes. */
async function screen(page: Page) {
  // a string, not a function: tsx would wrap a named helper in code the page does not have
  return page.evaluate(`(() => {
    const text = (s) => document.querySelector(s)?.textContent?.replace(/\\s+/g, ' ').trim() ?? '';
    return {
      prompt: text('[data-testid="prompt"]'),
      odds: text('[data-testid="odds"]'),
      rolls: text('[data-testid="rolls"]'),
      details: [...document.querySelectorAll('[data-testid="option-detail"], [data-testid="option-warning"]')].map((e) => e.textContent ?? '').join(' | '),
      log: [...document.querySelectorAll('[data-testid="log"] li')].slice(-6).map((li) => li.textContent?.trim() ?? ''),
    };
  })()`) as Promise<{ prompt: string; odds: string; rolls: string; details: string; log: string[] }>;
}

/** The Rebel's missions, best first, by the letter shown on the button. */
const REBEL_MISSIONS = ['(R)', '(D)', '(T)', '(I)', '(G)', '(F)', '(C)', '(P)', '(B)'];
const IMPERIAL_MISSIONS = ['(R)', '(A)', '(F)', '(D)', '(I)', '(C)', '(G)'];

const missionsTaken = new Set<string>();
let voyaged = false;

/** A player's choice, from the option labels and the prompt: returns the option index. */
function choose(kind: string, labels: string[], prompt: string, odds: string, turn: number): number {
  const find = (re: RegExp) => labels.findIndex((l) => re.test(l));
  const first = (...res: RegExp[]) => {
    for (const re of res) {
      const i = find(re);
      if (i >= 0) return i;
    }
    return -1;
  };
  const notEnd = labels.findIndex((l) => !/^(End|Stop|No |Hold|Finish)/.test(l));
  switch (kind) {
    case 'place-characters':
      // hide in the wilds of the planet whose people lean our way (the prompt lists only places)
      return Math.max(0, first(/Wendhaven \d \(wild\)/, /\(wild\)/));
    case 'place-units':
      return Math.max(0, first(/\(wild\)/));
    case 'movement':
      // turn 2: fly a team to the planet in unrest; otherwise keep still and hidden
      if (turn === 2 && human === 'rebel' && !voyaged) {
        voyaged = true;
        return Math.max(0, first(/^Pick .*(Due|Kestrel|ship)/i, /^End movement/));
      }
      return Math.max(0, find(/^End movement/));
    case 'move-group':
      // a ship needs its pilot aboard before it has anywhere to go (the prompt says why)
      if (/nowhere to go/.test(prompt)) return Math.max(0, first(/^Pick/, /^Drop/));
      return Math.max(0, first(/Gallowmere \d \(wild\)/, /Gallowmere/, /^Move/, /Drop/));
    case 'pick-for-mission':
      return Math.max(0, notEnd);
    case 'assign-mission': {
      // one character on each of the best missions, not all on the same one
      const taken = missionsTaken;
      for (const letter of human === 'rebel' ? REBEL_MISSIONS : IMPERIAL_MISSIONS) {
        const i = labels.findIndex((l) => l.includes(letter) && !/declaring/.test(l));
        if (i >= 0 && !taken.has(`${turn}${letter}`)) {
          taken.add(`${turn}${letter}`);
          return i;
        }
      }
      return 0;
    }
    case 'mission-draw':
      return Math.max(0, find(/^Draw/));
    case 'declare-combat': {
      // attack only when the odds box shows at least a 2-1 column
      const col = /Column (\d+)-(\d+)/.exec(odds);
      const good = col ? Number(col[1]) >= 2 * Number(col[2]) : false;
      return Math.max(0, good ? find(/^Attack/) : find(/^No combat/));
    }
    case 'raise-rebel-unit':
      return Math.max(0, notEnd);
    case 'organize-stacks':
      return Math.max(0, find(/^Mission stack/));
    default:
      return 0;
  }
}

const session = await startSession();
try {
  const { page, errors } = await openPage(session, '', { width, height });
  await gameReady(page);
  await page.click('[data-testid="new-game"]');
  await page.selectOption('[data-setup="scenario"]', scenario);
  await page.fill('[data-setup="seed"]', seed);
  await page.selectOption(`[data-player="${human}"]`, 'human');
  await page.selectOption(`[data-player="${human === 'rebel' ? 'imperial' : 'rebel'}"]`, `ai:${opponent}`);
  await page.selectOption(`[data-placement="${human}"]`, 'hand');
  await page.selectOption('[data-setup="pace"]', process.env.PACE ?? 'fast');
  await shot(page, 'setup');
  await page.click('[data-testid="start-game"]');
  const state = () => page.evaluate(() => (window as unknown as Hook).__galaxy.playState());
  let lastTurn = 0;
  let domino = false;
  for (let i = 0; i < 3000; i++) {
    await page.waitForFunction(() => {
      const s = (window as unknown as Hook).__galaxy.playState();
      return (s.decision && !s.thinking) || s.winner;
    }, undefined, { timeout: 120_000 });
    const s = await state();
    const seen = await screen(page);
    if (s.turn !== lastTurn) {
      lastTurn = s.turn;
      transcript.push(`== turn ${s.turn}`);
    }
    if (/rebellion|domino/i.test(seen.log.join(' ')) && !domino) {
      domino = true;
      await shot(page, 'rebellion');
    }
    if (s.winner) {
      transcript.push(`GAME OVER: ${s.winner}`);
      await shot(page, 'end');
      break;
    }
    if (!s.decision) continue; // the AI took over between two looks
    const d = s.decision;
    const pick = choose(d.kind, d.options, seen.prompt, seen.odds, s.turn);
    transcript.push(`${d.kind}: ${seen.prompt}\n    options: ${d.options.map((o, n) => `${n + 1}. ${o}`).join(' | ')}\n    chose ${pick + 1}${seen.odds ? `\n    odds: ${seen.odds}` : ''}${seen.details ? `\n    details: ${seen.details}` : ''}`);
    if (d.kind.startsWith('place-')) await shot(page, `placement-${d.kind}`);
    if (d.kind === 'movement') await shot(page, 'movement');
    if (d.kind === 'move-group') await shot(page, 'move-group');
    if (d.kind === 'move-group' && /detection/.test(seen.details)) await shot(page, 'flight-detection');
    if (/⚠/.test(seen.details)) await shot(page, `warning-${d.kind}`);
    if (seen.odds) await shot(page, `odds-${d.kind}`);
    if (d.kind === 'assign-mission') await shot(page, 'mission');
    if (d.kind === 'assign-mission' && /rebel camp/.test(seen.prompt)) await shot(page, 'camp-mission');
    if (d.kind.startsWith('domino')) await shot(page, 'domino');
    if (/combat|search|mission/i.test(seen.rolls)) await shot(page, 'rolls');
    if (!shots.has(`kind-${d.kind}`)) await shot(page, `kind-${d.kind}`);
    // the panel as it was, less the "Choice 1…" note that typing a digit shows
    const panel = `(document.querySelector('[data-testid="decision"]')?.innerHTML ?? '').replace(/<span class="typed"[^>]*>[^<]*<\\/span>/, '')`;
    const before = await page.evaluate(panel);
    // as a person: the number key (two digits past the ninth choice), or now and then a click
    // its key is the one its button shows (the list is sorted by place and name, not in the decision's order)
    const button = page.locator(`[data-testid="option"][data-option="${pick}"]`);
    const key = (await button.count()) ? ((await button.first().locator('kbd').textContent()) ?? '') : '';
    if (key && Number(key) <= 9 && i % 3 !== 0) await page.keyboard.press(key);
    else if (key && Number(key) > 9 && i % 2) await page.keyboard.type(key);
    else if (await button.count()) await button.first().click();
    else await page.keyboard.press('Enter');
    // the choice is taken when the panel changes (or the AI takes over, or the game ends)
    await page.waitForFunction(
      `(() => { const st = window.__galaxy.playState(); return ${panel} !== ${JSON.stringify(before)} || st.winner !== null || st.thinking !== null; })()`,
      undefined,
      { timeout: 60_000 },
    );
  }
  transcript.push(`console errors: ${JSON.stringify(errors)}`);
} finally {
  writeFileSync(`${out}/transcript.txt`, transcript.join('\n'));
  await session.close();
}
