/**
 * Hot-seat keeps secrets [9.31, 14.2]: two people share one screen, so the Imperial player's whole screen
 * (every text node, shown or hidden, and every attribute: tooltips, the undo note) must hold nothing the
 * Rebel may keep to himself: his placement, his ship slipping past a PDB, his mission assignments, his
 * action cards and their dice. The secrets are planted by a real game: two AIs play in Node to the
 * Rebel's mission phase; the page resumes it as hot-seat; the Rebel plays on by clicks to the hand-over,
 * then the Imperial plays. Every Rebel-only event up to each moment is checked against the screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePage } from './browser';
import { playState } from './play-page';
import { bundledContent } from '../../src/core/content/bundled';
import { newGame, optionsOf, replay } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { playOne } from '../../src/ai/play';
import { agentFactory } from '../../src/ai/registry';
import { saveToText } from '../../src/core/save';
import { namesIn } from '../../src/words/describe';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { ConquestSession } from '../../src/ui/conquest/session';
import type { FactionId } from '../../systems/conquest/content';

const SCENARIO = 'start-of-rebellion';
const SEED = 'hotseat-secrets';

let page: Page;
let errors: string[];
// the test answers as the AIs did, every question by a click: the screen must ask them all, the
// needless ones it would otherwise answer itself too (Settings: Ask me every time)
usePage((opened) => ({ page, errors } = opened), { settings: { askEveryTime: true } });

/** Everything on the page a person could read or hover: all text (hidden too) and every attribute value. */
const wholeScreenText = (p: Page): Promise<string> =>
  p.evaluate(() => {
    const parts: string[] = [document.body.textContent ?? ''];
    for (const el of document.body.querySelectorAll('*')) for (const a of el.attributes) parts.push(a.value);
    return parts.join('\n');
  });

/**
 * The game, played by two AIs to the Rebel's first mission phase (where he holds secrets already), then
 * on to the Imperial player's second decision after it: `start` commands in, and the rest to replay.
 */
function plantSecrets(): { full: Game; start: number } {
  const content = bundledContent();
  const game = newGame({ content, ruleset: starSystemRuleset, scenario: SCENARIO, seed: SEED });
  const agents = { rebel: agentFactory('normal')({ side: 'rebel', seed: 'r' }), imperial: agentFactory('normal')({ side: 'imperial', seed: 'i' }) };
  const inMissions = (g: Game) => g.segment >= 0 && /mission/.test(g.ruleset.sequence[g.segment]?.segment ?? '');
  let start = -1;
  let imperialDecisions = 0;
  for (let guard = 0; guard < 5000 && game.pending && !game.winner; guard++) {
    const side = game.pending.side;
    if (start < 0 && side === 'rebel' && inMissions(game) && game.events.some((e) => e.visibleTo === 'rebel')) start = game.log.length;
    if (start >= 0 && side === 'imperial' && ++imperialDecisions > 2) break;
    playOne(game, agents);
  }
  if (start < 0 || imperialDecisions <= 2) throw new Error(`seed ${SEED}: the game never reached the Rebel's missions and the Imperial's answer`);
  return { full: game, start };
}

/** The texts of the Rebel's secrets among the first `upTo` events, as the screen words them. */
function rebelSecrets(game: Game, upTo: number): string[] {
  const events = game.events.slice(0, upTo);
  const publicText = events.filter((e) => e.visibleTo !== 'rebel').map((e) => namesIn(game, e.text)).join('\n');
  // a secret the Empire also read in a public line (the same words) proves nothing: leave it out
  return [...new Set(events.filter((e) => e.visibleTo === 'rebel').map((e) => namesIn(game, e.text)))].filter((t) => !publicText.includes(t));
}

describe('hot-seat: the other side sees none of your secrets', () => {
  it('[9.31, 14.2] the Imperial player\'s whole screen holds no Rebel-only event, roll or note, before and after the hand-over', async () => {
    const { full, start } = plantSecrets();
    const options = optionsOf(full);
    const at = (n: number) => replay(options, full.log.slice(0, n));
    const seats = { rebel: { kind: 'human' as const }, imperial: { kind: 'human' as const } };

    // resume the game at the Rebel's missions, as hot-seat
    await page.click('[data-testid="saves-button"]');
    await page.setInputFiles('[data-testid="import-save"]', { name: 'hotseat.json', mimeType: 'application/json', buffer: Buffer.from(saveToText(at(start), seats)) });
    await page.waitForFunction(() => (window as unknown as { __galaxy: { playState: () => { privacy: boolean } } }).__galaxy.playState().privacy, undefined, { timeout: 60_000 });
    expect(await page.locator('[data-testid="privacy"]').textContent()).toMatch(/Rebel player/);
    await page.locator('[data-testid="privacy"]').click();

    // the test can fail: the Rebel's own screen shows his secrets
    const rebelKnows = rebelSecrets(full, at(start).events.length);
    expect(rebelKnows.length).toBeGreaterThan(0);
    const rebelScreen = await wholeScreenText(page);
    expect(rebelKnows.filter((t) => rebelScreen.includes(t)).length).toBeGreaterThan(0);

    // answer as the AI did, by clicking the same choices; after the hand-over, check the Imperial's screen
    let handedOver = false;
    let checked = 0;
    for (let n = start; n < full.log.length; n++) {
      const g = at(n);
      const d = g.pending;
      if (!d) break;
      const s = await playState(page);
      if (d.side === 'imperial') {
        if (!handedOver) {
          // the hand-over screen is up and the board behind it is already the Imperial's
          expect(s.privacy).toBe(true);
          expect(await page.locator('[data-testid="privacy"]').textContent()).toMatch(/Imperial player/);
          const behind = await wholeScreenText(page);
          expect(rebelSecrets(full, g.events.length).filter((t) => behind.includes(t))).toEqual([]);
          await page.locator('[data-testid="privacy"]').click();
          handedOver = true;
        }
        expect(s.viewer).toBe('imperial');
        const screen = await wholeScreenText(page);
        const secrets = rebelSecrets(full, g.events.length);
        expect(secrets.length).toBeGreaterThan(rebelKnows.length); // his missions added secrets since
        expect(secrets.filter((t) => screen.includes(t))).toEqual([]);
        checked++;
      }
      const index = d.options.findIndex((o) => JSON.stringify(o) === JSON.stringify(full.log[n]));
      expect(index, `command ${n} is one of the choices`).toBeGreaterThanOrEqual(0);
      const shownBefore = s.states;
      await page.locator(`[data-option="${index}"]`).click();
      await page.waitForFunction(
        (b) => (window as unknown as { __galaxy: { playState: () => { states: number } } }).__galaxy.playState().states > b,
        shownBefore,
        { timeout: 60_000 },
      );
    }
    expect(handedOver).toBe(true);
    expect(checked).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

/* Conquest [002]: hot-seat with an AI seat. Two people and an AI share the screen; a person's cards and
   secret mission must leave the screen when their turn ends, while the AI plays, not only when the next
   person's hand-over comes. (Solitaire has one human seat: no hot-seat to test.) */
interface CqState {
  active: boolean;
  decision: { kind: string; side: string; human: boolean } | null;
  handOver: string | null;
  steps: number;
}
const cqState = (p: Page) => p.evaluate(() => (window as unknown as { __galaxy: { conquestState: () => CqState } }).__galaxy.conquestState());

describe('conquest hot-seat: no secret of a person stays on the screen while the AI plays', () => {
  it('[002 Secret missions] a person\'s mission and cards are on their screen in their turn, and nowhere in the DOM while the AI after them plays', async () => {
    const content = bundledContent();
    const setup = {
      scenario: 'conquest-mission',
      seed: 'hotseat-ai',
      seats: [{ faction: 'crimson', player: 'normal' }, { faction: 'azure', player: 'normal' }, { faction: 'emerald', player: 'normal' }],
      cards: 'increasing',
      autoPlace: true,
      recycle: true,
      autoDefend: true,
    } as const;
    const game = new ConquestSession(content, { ...setup, seats: setup.seats.map((x) => ({ ...x })) });
    // on to a person's attacks (their secrets dealt, a card in hand), where Enter ends the attacks and then the turn
    const human = 'crimson' as FactionId;
    const hasEnd = () => !!game.decision?.options.some((o) => (o as { type: string }).type === 'end-attacks');
    for (let i = 0; i < 5000 && !(game.turnOf === human && hasEnd() && (game.view(human).hands[human] ?? []).length > 0); i++) game.stepAi();
    expect(game.decision?.side).toBe(human);
    const view = game.view(human);
    const order = view.order as FactionId[];
    const ai = order[(order.indexOf(human) + 1) % order.length] as FactionId;
    const other = order.find((f) => f !== human && f !== ai) as FactionId;
    const mission = view.missions[human]?.text ?? '';
    const otherMission = game.view(other).missions[other]?.text ?? '';
    expect(mission.length).toBeGreaterThan(0);
    const seats = { [human]: { kind: 'human' }, [other]: { kind: 'human' }, [ai]: { kind: 'ai', agent: 'normal' } } as Record<FactionId, { kind: 'human' } | { kind: 'ai'; agent: string }>;
    await page.evaluate((t) => (window as unknown as { __galaxy: { resumeSave: (t: string) => void } }).__galaxy.resumeSave(t), saveToText(game.game, seats));
    await page.waitForFunction((h) => (window as unknown as { __galaxy: { conquestState: () => CqState | null } }).__galaxy.conquestState()?.handOver === h, human, { timeout: 30_000 });
    await page.click('[data-testid="cq-reveal"]');

    // the test can fail: in their own turn, the person's screen shows their mission and cards
    await page.waitForFunction(() => !!document.querySelector('[data-testid="cq-mission"]'), undefined, { timeout: 30_000 });
    expect(await wholeScreenText(page)).toContain(mission);
    expect(await page.locator('.cq-card').count()).toBeGreaterThan(0);

    // Enter ends the attacks, then the turn
    for (let i = 0; i < 6; i++) {
      const s = await cqState(page);
      if (s.decision?.side !== human) break;
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => (window as unknown as { __galaxy: { conquestState: () => CqState } }).__galaxy.conquestState().steps > n, s.steps, { timeout: 30_000 });
    }
    // the AI after them plays: at every look, nothing of either person's secrets on the page
    let looks = 0;
    for (let i = 0; i < 40; i++) {
      const s = await cqState(page);
      if (s.decision?.side !== ai) break;
      const screen = await wholeScreenText(page);
      expect(screen).not.toContain(mission);
      if (otherMission) expect(screen).not.toContain(otherMission);
      expect(await page.locator('.cq-card, [data-testid="cq-mission"]').count()).toBe(0);
      looks++;
      await page.waitForTimeout(150);
    }
    expect(looks).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
