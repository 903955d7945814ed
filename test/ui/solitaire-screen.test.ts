/**
 * The solitaire screens' words and numbers [001] (src/ui/solitaire): every option of every decision a
 * game reaches said in words, an attack's odds row by row with whom each result hits (adding up to the
 * engine's own odds), the level ladder, the Chaos Events cards, the setup's refusals, and a session that
 * is saved and resumed to the same game.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/core/engine/game';
import { SOLITAIRE_AGENTS } from '../../src/ai/solitaire/registry';
import { solitaireContent } from '../../systems/solitaire/content';
import { solitaireView } from '../../systems/solitaire/view';
import { sessionFromSave, setupProblem, SolitaireSession, type SolitaireSetup } from '../../src/ui/solitaire/session';
import { holderOf, markersOf, sectorLabelHtml } from '../../src/ui/solitaire/board';
import { EVENT_BLURBS, eventCards, levelLadder, loseChance, nextLevel, oddsByOption, oddsRows, optionSector, optionText, winChance, type AttackOdds } from '../../src/ui/solitaire/words';
import { content } from '../fixtures';

const AI = Object.keys(SOLITAIRE_AGENTS)[0]!;
const SETUP: SolitaireSetup = { scenario: 'chaos-long-twilight', seed: '5', rules: ['expeditions'], emperor: AI, placeByHand: false };
const defs = solitaireContent(content).units;
const names = (id: string) => content.systems.get(id)?.name ?? id;

describe('solitaire screens', () => {
  it('[001] every Chaos Events marker has a line on its card', () => {
    for (const e of solitaireContent(content).file.events) expect(EVENT_BLURBS[e.id], e.id).toBeTruthy();
  });

  it('[001] the setup refuses an unknown scenario, AI or optional rule, and takes the registry\'s agents', () => {
    expect(setupProblem(content, SETUP)).toBeNull();
    for (const agent of Object.keys(SOLITAIRE_AGENTS)) expect(setupProblem(content, { ...SETUP, emperor: agent })).toBeNull();
    expect(setupProblem(content, { ...SETUP, scenario: 'nope' })).toMatch(/no solitaire scenario/);
    expect(setupProblem(content, { ...SETUP, emperor: 'nobody' })).toMatch(/no solitaire AI "nobody"/);
    expect(setupProblem(content, { ...SETUP, rules: ['psionics' as never] })).toMatch(/no optional rule/);
    expect(setupProblem(content, { ...SETUP, scenario: 'chaos-reconquest-sweep' })).toBeNull();
  });

  it('[001 31.0] every option of a played game is said in words; an attack\'s rows add up to the engine\'s odds and name whom they hit', () => {
    const session = new SolitaireSession(content, SETUP);
    let attacks = 0;
    for (let i = 0; i < 400 && !session.over; i++) {
      const d = session.decision!;
      const view = session.view();
      const allOdds = oddsByOption(d.options, d.context?.odds as unknown as AttackOdds[] | undefined);
      for (const [k, c] of d.options.entries()) {
        const text = optionText(view, c, names, defs);
        expect(text, `${d.kind} ${JSON.stringify(c)}`).not.toBe(c.type);
        expect(text).not.toMatch(/undefined|\?\)/);
        if (c.type === 'attack') {
          attacks++;
          const odds = allOdds[k]!;
          expect(odds, 'every attack has its odds').toBeTruthy();
          const rows = oddsRows(view, c, odds, defs);
          expect(rows.reduce((p, r) => p + r.probability, 0)).toBeCloseTo(1, 5);
          expect(rows.map((r) => r.result).sort()).toEqual(Object.keys(odds.results).sort());
          expect(winChance(rows) + loseChance(rows)).toBeLessThanOrEqual(1.000001);
          for (const r of rows) expect(r.effect).toMatch(/^(no effect|hits nothing|hits none of yours|destroys|converts|you lose)/);
        }
        if (['recruit', 'nexus', 'illuminate', 'colonize', 'corps', 'crusade'].includes(c.type)) expect(optionSector(view, c)).toBe(c.sector);
      }
      session.stepAi();
    }
    expect(attacks).toBeGreaterThan(0);
  });

  it('[001] the level ladder and the points to the next level follow the scenario\'s thresholds', () => {
    const levels = { decline: 14, survival: 18, expanding: 22, galactic: 26 };
    expect(levelLadder(levels, 19).filter((l) => l.reached).map((l) => l.level)).toEqual(['collapse', 'decline', 'survival']);
    expect(nextLevel(levels, 19)).toEqual({ level: 'expanding', need: 3 });
    expect(nextLevel(levels, 13)).toEqual({ level: 'decline', need: 1 });
    expect(nextLevel(levels, 30)).toBeNull();
  });

  it('[001 32.0] each marker drawn becomes a card, with what it did', () => {
    const session = new SolitaireSession(content, SETUP);
    const markers = session.events.filter((e) => e.kind === 'chaos-marker');
    const cards = eventCards(session.events, solitaireContent(content).eventNames);
    expect(cards.length).toBe(markers.length);
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(c.name).not.toBe(c.marker);
  });

  it('[001] a sector\'s label: its number, holder, units and markers', () => {
    const session = new SolitaireSession(content, SETUP);
    const view = session.view();
    const core = view.sectors[0]!;
    const { html, title } = sectorLabelHtml(view, core, names(core), defs);
    expect(html).toContain('>01<');
    expect(title).toContain('sector 01');
    expect(['empire', 'chaos', 'independent', 'none']).toContain(holderOf(view, core));
    for (const x of view.nexus) expect(markersOf(view, x).map((m) => m[1])).toContain('Nexus');
  });

  it('[001] a session saved mid-game resumes as the same game, with its Emperor and optional rules', () => {
    const session = new SolitaireSession(content, SETUP);
    for (let i = 0; i < 30 && !session.over; i++) session.stepAi();
    const text = session.saveText();
    expect(JSON.parse(text).ruleset).toBe('solitaire');
    const back = sessionFromSave(content, text);
    if (!back.ok) throw new Error(back.message);
    expect(stateHash(back.session.game)).toBe(stateHash(session.game));
    expect(back.session.setup).toEqual(SETUP);
    // a player who places his own forces [001 Scenarios] is asked where, unit by unit, and a save keeps that choice
    const placing = new SolitaireSession(content, { ...SETUP, emperor: 'human', placeByHand: true });
    expect(placing.game.pending?.kind).toBe('chaos-place');
    expect(optionText(solitaireView(placing.game), placing.game.pending!.options[0]!, names, defs)).toMatch(/^Place the Imperial Order in .+ \(\d\d\)$/);
    const placingBack = sessionFromSave(content, placing.saveText());
    if (!placingBack.ok) throw new Error(placingBack.message);
    expect(placingBack.session.setup.placeByHand).toBe(true);
    expect(placingBack.session.game.pending?.kind).toBe('chaos-place');
    const human = new SolitaireSession(content, { ...SETUP, emperor: 'human' });
    const again = sessionFromSave(content, human.saveText());
    expect(again.ok && again.session.human).toBe(true);
    expect(sessionFromSave(content, '{"broken": true}').ok).toBe(false);
  });
});
