/**
 * The starting Imperial forces placed by hand [001 Scenarios: "Place on any Imperial controlled systems",
 * Scenario 2: "anywhere on the map ... No more than 2 units per system"]: a new-game choice; otherwise
 * the computer places them.
 */
import { describe, expect, it } from 'vitest';
import { newGame, stateHash } from '../../../src/core/engine/game';
import { loadSave, saveToText } from '../../../src/core/save';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import { contentOf, stateOf, type SolitaireGame } from '../../../systems/solitaire/state';
import { content, play } from './fixtures';
import { checkInvariants } from './invariants';
import { playSolitaireOut } from '../../../src/ai/solitaire/play';
import { randomSolitaireAgent } from '../../../src/ai/solitaire/random-agent';
import { normalSolitaireAgent } from '../../../src/ai/solitaire/normal-agent';
import { commandCounter } from '../../property/count';

const counted = commandCounter(import.meta.url);

function byHand(scenario: string, seed = 1): SolitaireGame {
  return newGame({ content, ruleset: solitaireRuleset, scenario, seed, handPlacement: ['empire'] }) as SolitaireGame;
}

describe('[001 Scenarios] placing the Imperial forces by hand', () => {
  it('The Long Twilight: each unit in turn, the costliest first, on an Imperial system only; then the first turn begins', () => {
    const game = byHand('chaos-long-twilight');
    // (the state is read afresh after every command: a command is applied to a copy, swapped in when legal)
    let s = stateOf(game);
    const forces = Object.values(game.scenario.imperialForces).reduce((a, b) => a + b, 0);
    expect(s.units.filter((u) => u.side === 'empire')).toHaveLength(0);
    expect(s.toPlace).toHaveLength(forces);
    const costs = s.toPlace.map((t) => contentOf(game).units.get(t)!.cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    for (let placed = 0; placed < forces; placed++) {
      const d = game.pending!;
      expect(d.kind).toBe('chaos-place');
      expect(d.options.map((o) => o.unit)).toEqual(d.options.map(() => s.toPlace[0]));
      for (const o of d.options) expect(s.systems[o.sector as string]?.side).toBe('empire');
      // spread over the sectors offered (stacking is free here)
      play(game, d.options[placed % d.options.length]!);
      s = stateOf(game);
      if (placed < forces - 1) expect(s.units.filter((u) => u.side === 'empire')).toHaveLength(placed + 1);
    }
    expect(s.toPlace).toHaveLength(0);
    // the last placement starts the game (its first events may already have struck the forces): the board in words
    expect(game.events.some((e) => e.kind === 'setup' && e.text.includes(`with ${forces} mobile units`))).toBe(true);
    expect(game.pending?.kind).not.toBe('chaos-place');
    expect(game.events.some((e) => e.kind === 'phase' && /Chaos Events/.test(e.text))).toBe(true);
  });

  it('The Divided Heavens: anywhere on the map, but no more than 2 units in a sector', () => {
    const game = byHand('chaos-divided-heavens', 3);
    const first = game.pending!;
    expect(first.options).toHaveLength(contentOf(game).sectors.length);
    const sector = first.options[0]!.sector as string;
    play(game, first.options[0]!);
    play(game, game.pending!.options.find((o) => o.sector === sector)!);
    expect(game.pending!.options.some((o) => o.sector === sector)).toBe(false);
    expect(stateOf(game).units.filter((u) => u.sector === sector)).toHaveLength(2);
  });

  it('the computer places them when the player does not: no placement decision at all', () => {
    const game = newGame({ content, ruleset: solitaireRuleset, scenario: 'chaos-long-twilight', seed: 1 }) as SolitaireGame;
    expect(game.pending?.kind).not.toBe('chaos-place');
    expect(stateOf(game).units.filter((u) => u.side === 'empire').length).toBe(Object.values(game.scenario.imperialForces).reduce((a, b) => a + b, 0));
  });

  it('random and normal Emperors place by hand and play on, every invariant kept after every command', () => {
    for (const [scenario, agent] of [['chaos-divided-heavens', randomSolitaireAgent], ['chaos-reconquest', normalSolitaireAgent]] as const) {
      const game = byHand(scenario, 5);
      playSolitaireOut(game, agent({ seed: '5' }), { afterCommand: counted.after((g: SolitaireGame) => checkInvariants(g, (what) => expect.fail(what))), maxDecisions: 20_000 });
      expect(game.winner).not.toBeNull();
    }
  });

  it('a save remembers the hand placement, and one naming a side the game has not is refused, saying which', () => {
    const game = byHand('chaos-long-twilight', 9);
    play(game, game.pending!.options[0]!);
    const text = saveToText(game);
    expect(JSON.parse(text).handPlacement).toEqual(['empire']);
    const back = loadSave(text, { content, ruleset: solitaireRuleset });
    if (!back.ok) throw new Error(back.message);
    expect(stateHash(back.game)).toBe(stateHash(game));
    const forged = JSON.stringify({ ...JSON.parse(text), handPlacement: ['rebel'] });
    const refused = loadSave(forged, { content, ruleset: solitaireRuleset });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toBe('The save places "rebel" by hand, which is not a side of a solitaire game.');
  });
});
