import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/core/engine/game';
import { loadSave, makeSave, MAX_SAVE_BYTES, SAVE_FORMAT_VERSION, saveToText } from '../../src/core/save';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { content, ruleset, testGame } from '../fixtures';

function playedGame() {
  const game = testGame(undefined, 'save');
  playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 's' }), imperial: randomAgent({ side: 'imperial', seed: 's' }) });
  return game;
}

function partlyPlayed() {
  const game = testGame(undefined, 'save');
  const rebel = randomAgent({ side: 'rebel', seed: 's' });
  const imperial = randomAgent({ side: 'imperial', seed: 's' });
  try {
    playOut(game, { rebel, imperial }, { maxDecisions: 40 });
  } catch {
    // stopped on purpose after 40 decisions
  }
  return game;
}

describe('saves', () => {
  it('a save is {formatVersion, contentVersion, scenario, seed, commands} and loads to the same state', () => {
    const game = partlyPlayed();
    const save = makeSave(game);
    expect(Object.keys(save).sort()).toEqual(['commands', 'contentVersion', 'formatVersion', 'scenario', 'seed']);
    const loaded = loadSave(saveToText(game), { content, ruleset });
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(stateHash(loaded.game)).toBe(stateHash(game));
      expect(loaded.game.pending).toEqual(game.pending);
    }
  });

  it('a finished game loads finished', () => {
    const game = playedGame();
    const loaded = loadSave(saveToText(game), { content, ruleset });
    expect(loaded.ok && loaded.game.winner).toBe(game.winner);
  });

  describe('a corrupt, truncated, oversized or hostile save is refused with a clear message', () => {
    const good = () => JSON.parse(saveToText(partlyPlayed()));
    const cases: [string, () => string, RegExp][] = [
      ['not JSON', () => 'this is not a save', /not valid JSON/],
      ['truncated', () => saveToText(partlyPlayed()).slice(0, 120), /not valid JSON/],
      ['oversized', () => ' '.repeat(MAX_SAVE_BYTES + 1), /too large/],
      ['an array', () => '[]', /malformed/],
      ['a wrong type', () => JSON.stringify({ ...good(), seed: 42 }), /malformed at seed/],
      ['an unknown field', () => JSON.stringify({ ...good(), cheat: true }), /malformed.*cheat/],
      ['a future format', () => JSON.stringify({ ...good(), formatVersion: 99 }), /malformed at formatVersion/],
      // [7.22] format 1 mustered units in listing order: its commands would replay another game
      ['an older format', () => JSON.stringify({ ...good(), formatVersion: SAVE_FORMAT_VERSION - 1 }), /older version of the game .*cannot be resumed/],
      ['a __proto__ key', () => saveToText(partlyPlayed()).replace('{"formatVersion"', '{"__proto__":{"polluted":1},"formatVersion"'), /malformed/],
      [
        'a __proto__ key inside a command',
        () => {
          const s = good();
          s.commands[0] = JSON.parse('{"type":"end-movement","side":"rebel","__proto__":{"polluted":1}}');
          return JSON.stringify(s);
        },
        /malformed at commands\[0\]/,
      ],
      ['other content', () => JSON.stringify({ ...good(), contentVersion: 'abc' }), /other game content/],
      ['an unknown scenario', () => JSON.stringify({ ...good(), scenario: 'atlantis' }), /scenario "atlantis" does not exist/],
      [
        'an illegal command',
        () => {
          const s = good();
          s.commands.splice(3, 0, { type: 'move', side: 'rebel', piece: 1, to: 1 });
          return JSON.stringify(s);
        },
        /command 4 of .* was refused/,
      ],
    ];
    it.each(cases)('%s', (_label, text, message) => {
      const running = partlyPlayed();
      const before = stateHash(running);
      const result = loadSave(text(), { content, ruleset });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(message);
      expect(stateHash(running)).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});
