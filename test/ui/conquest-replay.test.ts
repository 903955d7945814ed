/**
 * The replay of a finished conquest game [002] (src/ui/conquest/replay.ts): the log re-run from the
 * game's start, never a stored state. At every step the game on show is the one the log made, hash
 * for hash; a step forward is the command the game took next, and back, start and end land where the
 * log says.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame, stateHash } from '../../src/core/engine/game';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { ConquestSession, optionsOf, type ConquestSetup } from '../../src/ui/conquest/session';
import { ConquestReplay } from '../../src/ui/conquest/replay';
import { content } from '../fixtures';

const SETUP: ConquestSetup = {
  scenario: 'conquest-domination',
  seed: '4',
  seats: [
    { faction: 'crimson', player: 'normal' },
    { faction: 'azure', player: 'easy' },
    { faction: 'emerald', player: 'random' },
  ],
  cards: 'increasing',
  autoPlace: false,
  recycle: true,
  autoDefend: true,
};

function finishedGame(): ConquestSession {
  const session = new ConquestSession(content, SETUP);
  for (let i = 0; i < 20_000 && !session.over; i++) session.stepAi();
  if (!session.over) throw new Error('the game did not end');
  return session;
}

describe('the replay of a finished conquest game', () => {
  it('at every step shown, the game is the one its log made: the same hash as the game played to that command', () => {
    const played = finishedGame();
    const replay = new ConquestReplay(content, played);
    const n = played.game.log.length;
    expect(replay.length).toBe(n);
    expect(replay.index).toBe(n);
    expect(stateHash(replay.session.game)).toBe(stateHash(played.game));

    // the hashes of the game as it was played, command by command
    const game = newGame({ content, ruleset: conquestRuleset, scenario: SETUP.scenario, seed: SETUP.seed, options: optionsOf(SETUP) });
    const hashes = [stateHash(game)];
    for (const c of played.game.log) {
      apply(game, c);
      hashes.push(stateHash(game));
    }
    for (const k of [0, 1, 7, Math.floor(n / 3), n - 1, n]) {
      replay.seek(k);
      expect(replay.index, `seek ${k}`).toBe(k);
      expect(stateHash(replay.session.game), `seek ${k}`).toBe(hashes[k]);
    }
    // forward one command at a time, from the start: each step is the command played then
    replay.seek(0);
    for (let k = 0; k < 40; k++) {
      const step = replay.forward();
      expect(step?.command).toEqual(played.game.log[k]);
      expect(stateHash(replay.session.game)).toBe(hashes[k + 1]);
    }
    // seeking past either end lands on it; at the end there is nothing to step to
    expect(replay.seek(-5).game.log.length).toBe(0);
    replay.seek(n + 10);
    expect(replay.index).toBe(n);
    expect(replay.forward()).toBeNull();
    expect(replay.session.over).toBe(true);
  });
});
