import { describe, expect, it } from 'vitest';
import { newGame, stateHash } from '../../src/core/engine/game';
import { loadSave, makeSave, MAX_SAVE_BYTES, SAVE_FORMAT_VERSION, saveToText } from '../../src/core/save';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { content, ruleset, STAR_SYSTEM_SCENARIOS, testGame } from '../fixtures';

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

describe('saves keep the seats: who plays each side', () => {
  const seats = { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'normal' } } as const;

  it('a played game round-trips with its seats and the same state', () => {
    const game = partlyPlayed();
    const text = saveToText(game, seats);
    expect(JSON.parse(text).seats).toEqual(seats);
    const loaded = loadSave(text, { content, ruleset });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.save.seats).toEqual(seats);
    expect(stateHash(loaded.game)).toBe(stateHash(game));
    // saved again, the seats are kept as they were
    expect(JSON.parse(saveToText(loaded.game, loaded.save.seats)).seats).toEqual(seats);
  });

  it('hot-seat (two people) and AI against AI are seats too', () => {
    const game = partlyPlayed();
    for (const s of [
      { rebel: { kind: 'human' }, imperial: { kind: 'human' } },
      { rebel: { kind: 'ai', agent: 'hard' }, imperial: { kind: 'ai', agent: 'random' } },
    ] as const) {
      const loaded = loadSave(saveToText(game, s), { content, ruleset });
      expect(loaded.ok && loaded.save.seats).toEqual(s);
    }
  });

  it('a save without seats (a watched game, or made before seats were kept) still loads, with no seats', () => {
    const game = partlyPlayed();
    const old = saveToText(game);
    expect(Object.keys(JSON.parse(old))).not.toContain('seats');
    const loaded = loadSave(old, { content, ruleset });
    expect(loaded.ok).toBe(true);
    expect(loaded.ok && loaded.save.seats).toBeUndefined();
  });

  const broken: [string, unknown, RegExp][] = [
    ['a side missing', { rebel: { kind: 'human' } }, /malformed at seats\.imperial/],
    ['an unknown seat kind', { ...seats, imperial: { kind: 'robot' } }, /malformed at seats\.imperial/],
    ['an AI with no level', { ...seats, imperial: { kind: 'ai' } }, /malformed at seats\.imperial\.agent/],
    ['an AI level that is not a name', { ...seats, imperial: { kind: 'ai', agent: '<script>' } }, /malformed at seats\.imperial\.agent: an AI level is a short lower-case name/],
    ['a human with extra fields', { ...seats, rebel: { kind: 'human', cheat: true } }, /malformed at seats\.rebel.*cheat/],
    ['a third side', { ...seats, pirates: { kind: 'human' } }, /malformed at seats.*pirates/],
    ['not an object', 'human', /malformed at seats/],
  ];
  it.each(broken)('broken seats are refused with a clear message (%s), the running game as it was', (_label, bad, message) => {
    const running = partlyPlayed();
    const before = stateHash(running);
    const result = loadSave(JSON.stringify({ ...JSON.parse(saveToText(running)), seats: bad }), { content, ruleset });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
    expect(stateHash(running)).toBe(before);
  });
});

describe('[issue 55] a save records how its seed made the generator', () => {
  it("a game of the 'sha256' seeding saves it, and loads to the same state; a local game's save is as before", () => {
    const game = newGame({ content, ruleset, scenario: STAR_SYSTEM_SCENARIOS[0] as string, seed: '9f86d081884c7d659a2feaa0c55ad015', seedHash: 'sha256' });
    playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 's' }), imperial: randomAgent({ side: 'imperial', seed: 's' }) }, { stopAfter: 30 });
    expect(makeSave(game).seedHash).toBe('sha256');
    const loaded = loadSave(saveToText(game), { content, ruleset });
    expect(loaded.ok && stateHash(loaded.game)).toBe(stateHash(game));
    expect(loaded.ok && loaded.game.seedHash).toBe('sha256');
    // the same save without it is the other generator's game: it does not reach the same state
    const without = { ...makeSave(game) };
    delete without.seedHash;
    const other = loadSave(JSON.stringify(without), { content, ruleset });
    expect(other.ok && stateHash(other.game)).not.toBe(stateHash(game));
    expect('seedHash' in makeSave(partlyPlayed())).toBe(false);
  });

  it('a save naming a seed hash there is none of is refused, saying where', () => {
    const save = { ...makeSave(partlyPlayed()), seedHash: 'md5' };
    const loaded = loadSave(JSON.stringify(save), { content, ruleset });
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.message).toMatch(/malformed at seedHash/);
  });
});
