/**
 * Random solitaire games [001] of every scenario, checked after every command: the board stays a board
 * (units on real sectors, on a real side, in a real force), the index within 0-100, the RP never below
 * zero, Nexus markers only on Imperial systems, no leader on a Chaos unit, no Chaos Events marker made
 * or lost, and a finished game at the level its points give. Then: same seed, same game; and a save
 * made mid-game loads to the same state.
 */
import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../../src/core/engine/game';
import { loadSave, saveToText } from '../../../src/core/save';
import { playSolitaireOne, playSolitaireOut } from '../../../src/ai/solitaire/play';
import { randomSolitaireAgent } from '../../../src/ai/solitaire/random-agent';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import {
  contentOf,
  imperialSystems,
  LEVELS,
  levelOf,
  stateOf,
  victoryPoints,
  type SolitaireGame,
} from '../../../systems/solitaire/state';
import { content, solitaireGame } from './fixtures';
import { checkInvariants } from './invariants';
import { commandCounter, SOAK } from '../../property/count';

const counted = commandCounter(import.meta.url);

const SCENARIOS = ['chaos-long-twilight', 'chaos-divided-heavens', 'chaos-reconquest', 'chaos-undying-emperor', 'chaos-transhuman-revolt', 'chaos-second-empire'];

const invariants = (game: SolitaireGame) => checkInvariants(game, (what) => expect.fail(what));

function checkEnd(game: SolitaireGame): void {
  const s = stateOf(game);
  expect(game.winner).not.toBeNull();
  expect(s.outcome).not.toBeNull();
  const o = s.outcome!;
  expect(o.vp).toBe(victoryPoints(game));
  if (o.universal) {
    expect(game.scenario.sweep).toBe(true);
    expect(imperialSystems(game).length).toBe(contentOf(game).sectors.length);
    expect(s.index).toBeLessThanOrEqual(10);
    expect(game.winner).toBe('empire');
    return;
  }
  expect(o.level).toBe(levelOf(game, o.vp));
  expect(game.winner).toBe(LEVELS.indexOf(o.level) >= LEVELS.indexOf('survival') ? 'empire' : 'chaos');
  // the last turn, or an Empire with nothing left
  const fallen = imperialSystems(game).length === 0 && !s.units.some((u) => u.side === 'empire');
  if (!fallen) expect(game.turn).toBe(game.scenario.turns);
}

describe('[001] random solitaire games', () => {
  for (const scenario of SCENARIOS)
    it(`${scenario}: random games keep every invariant after every command, and end at their level`, () => {
      for (let seed = 1; seed <= 12 * SOAK; seed++) {
        const game = solitaireGame(scenario, `random-${seed}`);
        invariants(game);
        playSolitaireOut(game, randomSolitaireAgent({ seed: String(seed) }), { afterCommand: counted.after(invariants), maxDecisions: 20_000 });
        checkEnd(game);
      }
    });

  it('Sweep of Empire: random games keep every invariant and play past the scenario\'s length until they end', () => {
    for (const [scenario, seed] of [['chaos-long-twilight-sweep', 1], ['chaos-divided-heavens-sweep', 2], ['chaos-reconquest-sweep', 3], ['chaos-undying-emperor-sweep', 4], ['chaos-transhuman-revolt-sweep', 5], ['chaos-second-empire-sweep', 6]] as const) {
      const game = solitaireGame(scenario, `sweep-${seed}`);
      playSolitaireOut(game, randomSolitaireAgent({ seed: String(seed) }), { afterCommand: counted.after(invariants), maxDecisions: 50_000 });
      checkEnd(game);
    }
  });

  it('with every optional rule in play (expeditions, illumination, trans-humans) the invariants hold too', () => {
    for (const seed of [1, 2]) {
      const game = solitaireGame('chaos-long-twilight', `options-${seed}`, ['expeditions', 'illumination', 'trans-humans']);
      playSolitaireOut(game, randomSolitaireAgent({ seed: String(seed) }), { afterCommand: counted.after(invariants), maxDecisions: 20_000 });
      checkEnd(game);
    }
  });

  it('same seed, same agent: the same game, to the same hash and log', () => {
    const play = () => {
      const game = solitaireGame('chaos-undying-emperor', 'replay');
      playSolitaireOut(game, randomSolitaireAgent({ seed: 'x' }));
      return game;
    };
    const a = play();
    const b = play();
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.log).toEqual(b.log);
    // and another seed makes another game
    const c = solitaireGame('chaos-undying-emperor', 'other');
    playSolitaireOut(c, randomSolitaireAgent({ seed: 'x' }));
    expect(stateHash(c)).not.toBe(stateHash(a));
  });

  it('a save made mid-game names the solitaire ruleset and its options, and loads to the same state, which plays on the same', () => {
    const game = solitaireGame('chaos-reconquest', 'save', ['illumination']);
    const agent = randomSolitaireAgent({ seed: 's' });
    for (let i = 0; i < 40 && game.pending; i++) playSolitaireOne(game, agent);
    expect(game.turn).toBeGreaterThan(1);
    const text = saveToText(game, { empire: { kind: 'human' } });
    const saved = JSON.parse(text);
    expect(saved.ruleset).toBe('solitaire');
    expect(saved.options).toEqual({ rules: ['illumination'] });
    const loaded = loadSave(text, { content, ruleset: solitaireRuleset });
    if (!loaded.ok) throw new Error(loaded.message);
    const copy = loaded.game as SolitaireGame;
    expect(stateHash(copy)).toBe(stateHash(game));
    expect(copy.pending).toEqual(game.pending);
    // both play on alike
    for (let i = 0; i < 30 && game.pending; i++) {
      const command = game.pending.options[i % game.pending.options.length]!;
      expect(apply(game, command).ok).toBe(true);
      expect(apply(copy, command).ok).toBe(true);
      expect(stateHash(copy)).toBe(stateHash(game));
    }
    // a solitaire save is no conquest game's
    const other = loadSave(text, { content, ruleset: { ...solitaireRuleset, id: 'conquest' } });
    expect(other.ok).toBe(false);
  });
});
