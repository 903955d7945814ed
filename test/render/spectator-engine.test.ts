import { describe, expect, it } from 'vitest';
import { content } from '../fixtures';
import { newGame, stateHash } from '../../src/core/engine/game';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { saveToText } from '../../src/core/save';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { SpectatorEngine } from '../../src/ui/spectator/spectator-engine';

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
    const broken = engine.loadReplay('{"formatVersion":2}', null);
    expect(broken[0]?.type).toBe('error');
    expect(engine.game).toBe(current);
  });
});

describe('the spectator engine resumes saves (the Saves panel and file import)', () => {
  it('a save resumes as a live, paused game with the same state hash, and the AI can go on', () => {
    const engine = new SpectatorEngine(content);
    engine.newGame('start-of-rebellion', 'r1', agents, null);
    engine.step('phase');
    engine.step('phase');
    const text = saveToText(engine.game!);
    const hash = stateHash(engine.game!);
    const other = new SpectatorEngine(content);
    const messages = other.resumeSave(text, agents, null);
    expect(messages[0]?.type).toBe('started');
    const state = messages[1];
    if (state?.type !== 'state') throw new Error('expected a state');
    expect(state.hash).toBe(hash);
    expect(state.playing).toBe(false);
    expect(other.info?.replay).toBe(false);
    expect(other.stepDecision()).toBe(true);
  });

  it('a hostile save is refused with a message saying what and where, and the current game stays', () => {
    const engine = new SpectatorEngine(content);
    engine.newGame('start-of-rebellion', 'r2', agents, null);
    engine.step('phase');
    const game = engine.game;
    const hash = stateHash(game!);
    const good = JSON.parse(saveToText(game!));
    const cases: [string, RegExp][] = [
      ['not json', /not valid JSON/],
      [saveToText(game!).slice(0, 40), /not valid JSON/],
      [JSON.stringify({ ...good, seed: 7 }), /at seed/],
      [JSON.stringify({ ...good, cheat: true }), /malformed/],
      [`{"__proto__": {"x": 1}, ${saveToText(game!).slice(1)}`, /malformed/],
      [JSON.stringify({ ...good, contentVersion: 'other' }), /other game content/],
      [JSON.stringify({ ...good, commands: [{ type: 'no-such-command' }] }), /at commands\[0\]/],
      [JSON.stringify({ ...good, commands: [...good.commands.slice(0, 3), good.commands[0]] }), /command 4 of 4 was refused/],
    ];
    for (const [text, message] of cases) {
      const out = engine.resumeSave(text, agents, null);
      expect(out).toHaveLength(1);
      expect(out[0]?.type, text.slice(0, 30)).toBe('error');
      expect((out[0] as { message: string }).message, text.slice(0, 30)).toMatch(message);
      expect(engine.game).toBe(game);
      expect(stateHash(engine.game!)).toBe(hash);
    }
  });

  it('says once when a live game enters a new phase (the worker autosaves then), never for replays', () => {
    const engine = new SpectatorEngine(content);
    engine.newGame('start-of-rebellion', 'r3', agents, null);
    expect(engine.phaseEnded()).toBe(false);
    engine.step('phase');
    expect(engine.phaseEnded() || engine.finished).toBe(true);
    expect(engine.phaseEnded()).toBe(false);
    const replay = new SpectatorEngine(content);
    replay.loadReplay(saveToText(engine.game!), null);
    replay.step('phase');
    expect(replay.phaseEnded()).toBe(false);
  });
});
