import { describe, expect, it } from 'vitest';
import { content } from '../fixtures';
import { newGame, stateHash } from '../../src/core/engine/game';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { saveToText } from '../../src/core/save';
import { starSystemRuleset } from '../../systems/star-system-ruleset';
import { SpectatorEngine } from '../../src/ui/spectator-engine';

const agents = { rebel: 'random', imperial: 'random' };

describe('the spectator engine (what the worker runs)', () => {
  it('starts an AI-vs-AI game and names the static entities for the picture', () => {
    const engine = new SpectatorEngine(content);
    const messages = engine.newGame('start-of-rebellion', 's1', agents, null);
    expect(messages[0]?.type).toBe('started');
    const started = messages[0] as Extract<(typeof messages)[number], { type: 'started' }>;
    const kinds = new Set(Object.values(started.refs).map((r) => r.kind));
    expect(kinds.has('planet') && kinds.has('environ') && kinds.has('system')).toBe(true);
  });

  it('steps one decision, and one phase (the phase label changes or the game ends)', () => {
    const engine = new SpectatorEngine(content);
    engine.newGame('start-of-rebellion', 's2', agents, null);
    const before = engine.game!.log.length;
    expect(engine.step('decision')).toBe(1);
    expect(engine.game!.log.length).toBe(before + 1);
    const phase = (g = engine.game!) => `${g.turn}|${g.ruleset.sequence[g.segment]?.phase}|${g.ruleset.sequence[g.segment]?.player}`;
    const start = phase();
    engine.step('phase');
    expect(phase() !== start || engine.finished).toBe(true);
  });

  it('only sends events the chosen side may see', () => {
    const engine = new SpectatorEngine(content);
    engine.newGame('start-of-rebellion', 's3', agents, 'rebel');
    while (!engine.finished) engine.stepDecision();
    const state = engine.setSide('rebel')[0];
    if (state?.type !== 'state') throw new Error('expected a state');
    expect(state.events.every((e) => e.visibleTo === 'all' || e.visibleTo === 'rebel')).toBe(true);
    expect(state.view.side).toBe('rebel');
  });

  it('a replay scrubbed to N equals the original game after N commands; a broken save keeps the current game', () => {
    const game = newGame({ content, ruleset: starSystemRuleset, scenario: 'start-of-rebellion', seed: 'r1' });
    playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 'a' }), imperial: randomAgent({ side: 'imperial', seed: 'b' }) });
    const engine = new SpectatorEngine(content);
    expect(engine.loadReplay(saveToText(game), null)[0]?.type).toBe('started');
    engine.seek(game.log.length);
    expect(stateHash(engine.game!)).toBe(stateHash(game));
    const half = Math.floor(game.log.length / 2);
    engine.seek(half);
    expect(engine.game!.log.length).toBe(half);
    const current = engine.game;
    const broken = engine.loadReplay('{"formatVersion":1}', null);
    expect(broken[0]?.type).toBe('error');
    expect(engine.game).toBe(current);
  });
});
