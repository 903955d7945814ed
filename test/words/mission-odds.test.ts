/**
 * [13.3, 13.6] the chances shown beside a mission and before each action draw, against the draws
 * themselves: many seeded draws from a fresh deck (`drawActionCard`, read by `sectionFor`), and the
 * next draw played by the rule (`draw-action`) from a seeded deck.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { applyOrThrow, cloneGame, newGame } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import type { ActionCardDef } from '../../src/core/content/schema';
import { considered, drawActionCard, eventReach, sectionFor } from '../../systems/rebels-vs-empire/action-cards';
import { environsInPlay } from '../../systems/rebels-vs-empire/sides';
import { knownDeck, letterChance, nextDrawOdds } from '../../src/words/draw-odds';
import { content, eid, passUntil, ruleset, testGame } from '../fixtures';
import { refOf } from '../../src/core/world/world';
import { UNREST } from '../../systems/rebels-vs-empire/loyalty';
import { REBELLION } from '../../src/core/world/components';

/** Within four standard errors of a chance, over `trials` seeded trials. */
function near(hits: number, trials: number, p: number): void {
  expect(Math.abs(hits / trials - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / trials) + 1e-9);
}

describe('mission odds against the action deck [13.3, 13.6]', () => {
  it('[13.6] the chance that d draws show the letter matches 2000 seeded draws', () => {
    const game = testGame();
    const environ = environsInPlay(game)[0] as number;
    for (const [letter, draws, need] of [['D', 2, 1], ['R', 5, 1], ['G', 4, 2]] as const) {
      const p = letterChance(game, knownDeck(game), environ, letter, draws, need);
      expect(p).toBeGreaterThan(0.05);
      expect(p).toBeLessThan(0.999);
      const trials = 2000;
      let hits = 0;
      for (let i = 0; i < trials; i++) {
        game.rng = Rng.fromSeed(`draw-${letter}-${i}`);
        game.vars.actionDeck = undefined as never;
        game.vars.actionDiscard = [];
        let letters = 0;
        for (let k = 0; k < draws; k++) if (sectionFor(game, drawActionCard(game), environ).letters.includes(letter)) letters++;
        if (letters >= need) hits++;
      }
      near(hits, trials, p);
    }
  });
});

/** A Rebel game stopped at his first action draw, a mission of `letter` (else any) assigned at `planet`'s first environ. */
function atFirstDraw(seed: number, letters: string[]): Game {
  const game = testGame('start-of-rebellion', seed);
  passUntil(game, (g) => g.pending?.kind === 'pick-for-mission' && g.pending.side === 'rebel');
  const d = game.pending!;
  const pick = d.options.find((o) => o.type === 'pick-for-mission')!;
  applyOrThrow(game, pick);
  const assign = game.pending!.options.filter((o) => o.type === 'assign-mission' && o.declare !== true);
  applyOrThrow(game, letters.map((l) => assign.find((o) => o.letter === l)).find(Boolean) ?? assign[0]!);
  passUntil(game, (g) => g.pending?.kind === 'mission-draw');
  return game;
}

/** The card that counted in a draw: the last one drawn (an ignored card is redrawn [13.42]). */
function countedCard(game: Game, from: number): number {
  const drawn = game.events.slice(from).map((e) => /^Action card (\d+) at/.exec(e.text)?.[1]).filter(Boolean);
  return Number(drawn[drawn.length - 1]);
}

describe('the next action draw, as the rule draws it [13.3, 13.41-13.43]', () => {
  /**
   * Every card the side counts as in the deck is put on top in turn and drawn by the rule: a card it
   * counts is the one drawn when on top, one it sets aside gives way to another [13.42]. As every card is
   * as likely to be on top, the card that counts is any one the rule does not set aside, each as likely:
   * the shown chances of the letter and of an event against the mission must be those counts, exactly.
   */
  function checkAgainstRule(game: Game): void {
    const odds = nextDrawOdds(game, 'rebel')!;
    expect(odds.groups).toHaveLength(1);
    const group = odds.groups[0]!;
    const environ = odds.environ;
    const deck = knownDeck(game);
    let counts = 0;
    let letters = 0;
    let harms = 0;
    for (const top of deck) {
      const g = cloneGame(game);
      g.vars.actionDeck = [top.number, ...deck.filter((c) => c !== top).map((c) => c.number)];
      const from = g.events.length;
      applyOrThrow(g, g.pending!.options.find((o) => o.type === 'draw-action')!);
      if (countedCard(g, from) !== top.number) continue; // set aside [13.42]
      counts++;
      const section = sectionFor(game, top, environ);
      if (section.letters.includes(group.group.letter)) letters++;
      // an event strikes only where its card is considered [13.41], and as `eventReach` says it reaches here
      if (considered(game, section, environ) && section.event && eventReach(game, section.event, environ, 'rebel')?.harms) harms++;
    }
    expect(counts).toBe(odds.cards - odds.ignored);
    expect(group.letter).toBeCloseTo(letters / counts, 12);
    expect(group.harm).toBeCloseTo(harms / counts, 12);
  }

  it('[13.42] the first draw and a later one: the letter and the events against the mission, as the rule counts the cards', () => {
    const game = atFirstDraw(3, ['D', 'I', 'R']);
    checkAgainstRule(game);
    expect(nextDrawOdds(game, 'rebel')!.groups[0]!.letter).toBeGreaterThan(0);
    // a card the player saw drawn here is no longer counted in the deck
    const blankCard = knownDeck(game).find((c) => !considered(game, sectionFor(game, c, nextDrawOdds(game, 'rebel')!.environ), nextDrawOdds(game, 'rebel')!.environ))!;
    const after = cloneGame(game);
    after.vars.actionDeck = [blankCard.number, ...knownDeck(game).filter((c) => c !== blankCard).map((c) => c.number)];
    applyOrThrow(after, after.pending!.options.find((o) => o.type === 'draw-action')!);
    expect(after.pending?.kind).toBe('mission-draw');
    expect(nextDrawOdds(after, 'rebel')!.cards).toBe(knownDeck(game).length - 1);
    // a later draw, as if a card with the event of one of these had been drawn here: the cards repeating it are set aside [13.42]
    const odds = nextDrawOdds(game, 'rebel')!;
    const first = knownDeck(game).find((c) => {
      const section = sectionFor(game, c, odds.environ);
      return considered(game, section, odds.environ) && section.event !== null;
    })!;
    const frame = game.stack.find((f) => f.proc === 'mission-action')!;
    frame.data.seen = [sectionFor(game, first, odds.environ).event!];
    frame.data.draws = 1;
    expect(nextDrawOdds(game, 'rebel')!.ignored).toBeGreaterThan(0);
    checkAgainstRule(game);
  });
});

describe('a letter its own card spoils [13.3, 15.2]', () => {
  it('[15.2] at unrest, an R whose card first shifts the planet toward the Empire starts no rebellion, and the odds say so', () => {
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 1, handPlacement: ['rebel'] });
    // the Rebel's team lands in the wilds of Wendhaven, at unrest
    passUntil(game, (g) => g.pending?.kind === 'place-characters');
    const wild = game.pending!.options.find((o) => game.content.environs.get(refOf(game.world, o.environ as number))?.id === 'wendhaven.2')!;
    applyOrThrow(game, wild);
    passUntil(game, (g) => g.pending?.kind === 'pick-for-mission' && g.pending.side === 'rebel');
    applyOrThrow(game, game.pending!.options.find((o) => o.type === 'pick-for-mission')!);
    applyOrThrow(game, game.pending!.options.find((o) => o.type === 'assign-mission' && o.letter === 'R' && o.declare !== true)!);
    passUntil(game, (g) => g.pending?.kind === 'mission-draw');
    const planet = eid(game, 'planet', 'wendhaven');
    expect(game.world.c.Loyalty.value[planet]).toBe(UNREST);
    const odds = nextDrawOdds(game, 'rebel')!;
    const r = odds.groups[0]!;
    const environ = odds.environ;
    // card 91 reads "R, loyalty to the Empire" in the wilds: the one card that spoils its own letter here
    const spoiling = knownDeck(game).filter((c) => {
      const s = sectionFor(game, c, environ);
      return s.letters.includes('R') && s.event === 'loyalty-to-imperial';
    });
    const plain = knownDeck(game).filter((c) => {
      const s = sectionFor(game, c, environ);
      return s.letters.includes('R') && s.event === null;
    });
    expect(spoiling.length).toBeGreaterThan(0);
    const counted = odds.cards - odds.ignored;
    expect(r.spoiled).toBeCloseTo(spoiling.length / counted, 12);
    expect(r.takes).toBeGreaterThanOrEqual(plain.length / counted - 1e-12);
    const drawTop = (card: ActionCardDef) => {
      const g = cloneGame(game);
      g.vars.actionDeck = [card.number, ...knownDeck(game).filter((c) => c !== card).map((c) => c.number)];
      applyOrThrow(g, g.pending!.options.find((o) => o.type === 'draw-action')!);
      return g.world.c.PlanetState.value[planet];
    };
    expect(drawTop(spoiling[0]!)).not.toBe(REBELLION);
    expect(drawTop(plain[0]!)).toBe(REBELLION);
  });
});
