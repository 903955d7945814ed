/**
 * The domino chapter as a new-game option (000 15.x is an optional rule; issue 47): "chain" plays it
 * whole with its chain reactions [15.1c] (domino.test.ts), "chain-next-turn" keeps them but checks
 * control once an interphase, "single" resolves each effect but not what its
 * own results would spark, and the interphase checks control once; "off" plays no domino effect.
 */
import { describe, expect, it } from 'vitest';
import { applyOrThrow, newGame } from '../../../src/core/engine/game';
import type { Game, Json } from '../../../src/core/engine/types';
import { IMPERIAL_CONTROL, REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { allOf, planetOf, refOf, unplace } from '../../../src/core/world/world';
import { dominoRule } from '../../../systems/rebels-vs-empire/loyalty';
import { NEUTRAL, UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { content, eid, ruleset } from '../../fixtures';

const P = (game: Game, id: string) => eid(game, 'planet', id);
const state = (game: Game, id: string) => game.world.c.PlanetState.value[P(game, id)];

/**
 * Embers of the Reach set for the chapter's example: Drossgate in rebellion, bare, PDB up, falls at the
 * interphase [15.53] (a level-3 effect); Emberlode, a Kethri planet at unrest, bare, PDB up, is the
 * one planet that effect can put into rebellion.
 */
function example(options: { [key: string]: Json }): Game {
  const game = newGame({ content, ruleset, scenario: 'embers-of-the-reach', seed: 'domino-option', options });
  const w = game.world;
  const set = (id: string, loyalty: number, planetState = IMPERIAL_CONTROL) => {
    w.c.Loyalty.value[P(game, id)] = loyalty;
    w.c.PlanetState.value[P(game, id)] = planetState;
  };
  for (const p of planetsInPlay(game)) set(refOf(w, p), NEUTRAL);
  set('drossgate', UNREST, REBELLION);
  set('emberlode', UNREST);
  set('brask', UNREST, REBEL_CONTROL);
  for (const id of ['drossgate', 'emberlode']) {
    for (const u of allOf(w, 'unit')) if (planetOf(w, u) === P(game, id)) unplace(w, u);
    w.c.Pdb.up[P(game, id)] = 1;
  }
  game.ruleset.refresh(game);
  return game;
}

/** Play on to turn 2: end movements, raise nothing, shift Emberlode when a domino effect may, else its first choice. */
function toTurnTwo(game: Game): void {
  for (let i = 0; i < 500 && game.turn === 1; i++) {
    const d = game.pending!;
    const pass = d.options.find((o) => ['end-movement', 'end-raising', 'no-combat'].includes(o.type as string));
    const emberlode = d.options.find((o) => o.type === 'domino-planet' && o.planet === P(game, 'emberlode'));
    const one = d.options.find((o) => o.type === 'domino-option' && o.shift === 'one');
    applyOrThrow(game, pass ?? emberlode ?? one ?? d.options[0]!);
  }
  expect(game.turn).toBe(2);
}

const dominoLines = (game: Game) => game.events.filter((e) => e.kind === 'domino').map((e) => e.text);

describe('the domino chapter as a game option (000 15.x)', () => {
  it('[15.1c] "chain": the chapter\'s example, Emberlode rises from Drossgate\'s effect and falls in the same interphase', () => {
    const game = example({ domino: 'chain' });
    expect(dominoRule(game)).toBe('chain');
    toTurnTwo(game);
    expect(state(game, 'drossgate')).toBe(REBEL_CONTROL);
    expect(state(game, 'emberlode')).toBe(REBEL_CONTROL);
    expect(dominoLines(game).some((t) => /level-2 .* from Emberlode/.test(t))).toBe(true);
  });

  it('[15.1c] "single": Drossgate\'s effect puts Emberlode into rebellion, but her rising sparks nothing and she does not fall before the next Imperial player-turn', () => {
    const game = example({ domino: 'single' });
    toTurnTwo(game);
    expect(state(game, 'drossgate')).toBe(REBEL_CONTROL);
    expect(state(game, 'emberlode')).toBe(REBELLION);
    const lines = dominoLines(game);
    expect(lines.some((t) => /level-3 .* from Drossgate/.test(t))).toBe(true);
    expect(lines.some((t) => /level-2 .* from Emberlode/.test(t))).toBe(false);
    expect(lines.some((t) => /No chain reaction from Emberlode/.test(t))).toBe(true);
  });

  it('[15.1c, 15.53] "chain-next-turn": Emberlode rises and her rising sparks its own effect, but she does not fall before the next Imperial player-turn', () => {
    const game = example({ domino: 'chain-next-turn' });
    toTurnTwo(game);
    expect(state(game, 'drossgate')).toBe(REBEL_CONTROL);
    expect(state(game, 'emberlode')).toBe(REBELLION);
    expect(dominoLines(game).some((t) => /level-2 .* from Emberlode/.test(t))).toBe(true);
  });

  it('"off": Drossgate falls and no domino effect follows', () => {
    const game = example({ domino: 'off' });
    toTurnTwo(game);
    expect(state(game, 'drossgate')).toBe(REBEL_CONTROL);
    expect(state(game, 'emberlode')).toBe(IMPERIAL_CONTROL);
    expect(dominoLines(game)).toEqual([]);
  });

  it('a scenario names its default, and a bad option is refused with what and where', () => {
    for (const s of content.scenarios.values()) expect(dominoRule(newGame({ content, ruleset, scenario: s.id, seed: 1 }))).toBe(s.domino ?? 'chain');
    expect(() => newGame({ content, ruleset, scenario: 'embers-of-the-reach', seed: 1, options: { domino: 'sometimes' } })).toThrow(/"domino" must be one of chain, chain-next-turn, single, off/);
    expect(() => newGame({ content, ruleset, scenario: 'embers-of-the-reach', seed: 1, options: { dominoes: 'off' } })).toThrow(/no option "dominoes"/);
  });
});
