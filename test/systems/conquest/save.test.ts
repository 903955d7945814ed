/**
 * Saving and resuming a conquest game: the save names its ruleset, options and seats; loading replays
 * it to the same state; a bad save says what and where, and makes no game.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/core/engine/game';
import { loadSave, saveToText } from '../../../src/core/save';
import { playConquestOne } from '../../../src/ai/conquest/play';
import { randomConquestAgent } from '../../../src/ai/conquest/random-agent';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import { starSystemRuleset } from '../../../systems/rebels-vs-empire/star-system-ruleset';
import { content, conquestGame } from './fixtures';

const players = ['crimson', 'azure', 'emerald'] as const;
const seats = { crimson: { kind: 'human' }, azure: { kind: 'ai', agent: 'normal' }, emerald: { kind: 'ai', agent: 'hard' } } as const;

function midGame() {
  const game = conquestGame({ scenario: 'conquest-mission', players: [...players], cards: 'fixed', seed: 'save' });
  const agents = Object.fromEntries(players.map((f) => [f, randomConquestAgent({ faction: f, seed: 's' })]));
  for (let i = 0; i < 300; i++) playConquestOne(game, agents);
  return game;
}

describe('[002] conquest saves', () => {
  it('a game in progress round-trips with its ruleset, options and seats, to the same state', () => {
    const game = midGame();
    const text = saveToText(game, seats);
    const saved = JSON.parse(text);
    expect(saved.ruleset).toBe('conquest');
    expect(saved.options).toEqual({ players: [...players], cards: 'fixed' });
    const loaded = loadSave(text, { content, ruleset: conquestRuleset });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(stateHash(loaded.game)).toBe(stateHash(game));
    expect(loaded.save.seats).toEqual(seats);
  });

  it('a conquest save is refused by the star-system game, and a star-system save by conquest, with the reason', () => {
    const text = saveToText(midGame());
    const asStarSystem = loadSave(text, { content, ruleset: starSystemRuleset });
    expect(asStarSystem.ok).toBe(false);
    expect(!asStarSystem.ok && asStarSystem.message).toMatch(/conquest game, not a star-system game/);
    const starSave = JSON.stringify({ formatVersion: 2, contentVersion: content.version, scenario: 'armageddon', seed: '1', commands: [] });
    const asConquest = loadSave(starSave, { content, ruleset: conquestRuleset });
    expect(!asConquest.ok && asConquest.message).toMatch(/star-system game, not a conquest game/);
  });

  it('bad conquest saves say what and where', () => {
    const good = JSON.parse(saveToText(midGame(), seats));
    const cases: [string, object, RegExp][] = [
      ['a seat for a side not in the game', { ...good, seats: { ...seats, pirates: { kind: 'human' } } }, /seats name "pirates"/],
      ['one player', { ...good, options: { ...good.options, players: ['crimson'] } }, /2 to 6 players/],
      ['an unknown card option', { ...good, options: { ...good.options, cards: 'tarot' } }, /options at cards/],
      ['an unknown scenario', { ...good, scenario: 'conquest-nowhere' }, /scenario "conquest-nowhere" does not exist/],
      ['a command that is not legal', { ...good, commands: [{ type: 'attack', side: 'crimson', from: 'x', to: 'y' }] }, /command 1 .* refused/],
    ];
    for (const [what, save, message] of cases) {
      const loaded = loadSave(JSON.stringify(save), { content, ruleset: conquestRuleset });
      expect(loaded.ok, what).toBe(false);
      expect(!loaded.ok && loaded.message, what).toMatch(message);
    }
  });
});
