/**
 * Agents: every agent answers every decision kind the engine raises, plays the same game for the same
 * seed, and never sees what its side may not know.
 */
import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { beliefOf, sampleBelief } from '../../src/core/belief';
import { apply, cloneGame, stateHash } from '../../src/core/engine/game';
import type { Decision, Game } from '../../src/core/engine/types';
import { spawnUnit } from '../../src/core/world/build';
import { allOf, environOf, place } from '../../src/core/world/world';
import { viewFor } from '../../src/core/view';
import { AGENTS, agentFactory } from '../../src/ai/registry';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { environsInPlay } from '../../systems/sides';
import { SCENARIOS, testGame } from '../fixtures';

/** One situation per decision kind met in random games of every scenario. */
function situationsByKind(): Map<string, Game> {
  const found = new Map<string, Game>();
  for (const scenario of SCENARIOS)
    for (let i = 0; i < 3; i++) {
      const game = testGame(scenario, `kinds-${i}`);
      const rebel = randomAgent({ side: 'rebel', seed: `${i}` });
      const imperial = randomAgent({ side: 'imperial', seed: `${i}` });
      while (game.pending && !game.winner) {
        const d: Decision = game.pending;
        if (!found.has(d.kind)) found.set(d.kind, cloneGame(game));
        apply(game, (d.side === 'rebel' ? rebel : imperial).decide(viewFor(game, d.side), d));
      }
    }
  return found;
}


describe('agents', () => {
  const situations = situationsByKind();

  it('meet at least one decision kind in random games', () => {
    expect(situations.size).toBeGreaterThan(0);
  });

  for (const name of Object.keys(AGENTS))
    it(`"${name}" answers every decision kind with a legal option`, () => {
      for (const [kind, game] of situations) {
        const decision = game.pending!;
        const agent = agentFactory(name)({ side: decision.side, seed: 'kinds' });
        const command = agent.decide(viewFor(game, decision.side), decision, beliefOf(game, decision.side));
        const result = apply(cloneGame(game), command);
        expect(result, `${name} on ${kind}`).toEqual({ ok: true });
      }
    });

  it.each(Object.keys(AGENTS))('"%s" given the same seed plays the same game', (name) => {
    const play = (seed: string) => {
      const game = testGame(undefined, 'same-agent');
      const agents = { rebel: agentFactory(name)({ side: 'rebel', seed }), imperial: agentFactory(name)({ side: 'imperial', seed }) };
      playOut(game, agents, { stopAfter: 12 });
      return { hash: stateHash(game), log: game.log };
    };
    const first = play('a');
    expect(play('a')).toEqual(first);
  });
});

describe('an agent never sees hidden state [7.22, 9.31]', () => {
  function planted() {
    const game = testGame(undefined, 'hidden');
    const w = game.world;
    const envs = environsInPlay(game);
    const line = spawnUnit(w, game.content, game.ruleset.sides, 'line', null);
    const patrols = [0, 1, 2].map(() => spawnUnit(w, game.content, game.ruleset.sides, 'patrol', null));
    for (const u of [line, ...patrols]) place(w, u, envs[0]!);
    const spy = allOf(w, 'character').filter((c) => w.c.Owner.side[c] === 1).at(-1)!;
    place(w, spy, envs[envs.length - 1]!);
    return { game, line, patrols, spy };
  }

  it('the view given to the Rebel holds neither the hidden unit types nor the undetected spy', () => {
    const { game, line, spy } = planted();
    const view = viewFor(game, 'rebel');
    expect(view.units.find((u) => u.eid === line)).toMatchObject({ type: 'hidden', combat: null });
    expect(view.characters.map((c) => c.eid)).not.toContain(spy);
  });

  it('imagined games re-deal which hidden unit is the line unit, and where the spy is', () => {
    const { game, line, spy } = planted();
    const lineIsStillLine = new Set<boolean>();
    const spyPlaces = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const sample = sampleBelief(game, 'rebel', `s${i}`);
      lineIsStillLine.add(sample.world.c.Unit.combat[line] === 3);
      spyPlaces.add(environOf(sample.world, spy));
    }
    expect(lineIsStillLine).toEqual(new Set([true, false]));
    expect(spyPlaces.size).toBeGreaterThan(1);
  });

  it('imagined games keep what the side does know: its own pieces, detected enemies, militia', () => {
    const { game } = planted();
    const sample = sampleBelief(game, 'rebel', 'known');
    const w = game.world;
    for (const eid of [...allOf(w, 'unit'), ...allOf(w, 'character')]) {
      const known = w.c.Owner.side[eid] === 0 || hasComponent(w, eid, w.c.Detected) || (w.kinds[eid] === 'unit' && w.c.Unit.hidden[eid] === 0);
      if (known) expect(environOf(sample.world, eid)).toBe(environOf(w, eid));
    }
  });

  it('imagined games carry no command log or event history (they would reveal hidden moves)', () => {
    const { game } = planted();
    const sample = sampleBelief(game, 'imperial', 'x');
    expect(sample.log).toEqual([]);
    expect(sample.events).toEqual([]);
  });
});
