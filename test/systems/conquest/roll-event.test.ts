/**
 * A roll's event [002 II.3] makes its words when they are first read (systems/conquest/roll-event.ts):
 * the words are the rule's, and to everything that reads or copies an event it is an ordinary one.
 */
import { describe, expect, it } from 'vitest';
import { hashString } from '../../../src/core/hash';
import { playConquestOne } from '../../../src/ai/conquest/play';
import { conquestAgentFactory } from '../../../src/ai/conquest/registry';
import { RollEvent, type RollFacts } from '../../../systems/conquest/roll-event';
import { conquestGame } from './fixtures';

const names = { attacker: 'Crimson', defender: 'Azure', from: 'Kamchatka', to: 'Alaska' };

function rollEvent(attack: number[], defence: number[], attackerLosses: number, defenderLosses: number): RollEvent {
  return new RollEvent(7, 'round', names, { from: 'kamchatka', to: 'alaska', attack, defence, attackerLosses, defenderLosses });
}

describe('[002 II.3] a roll in words', () => {
  it("[002 II.3] the rule's three examples: the dice highest first, and what each side loses", () => {
    expect(rollEvent([4, 5, 5], [6, 4], 1, 1).text).toBe('Crimson attacks Alaska from Kamchatka: 5 5 4 against 6 4; the attacker loses 1, Azure loses 1.');
    expect(rollEvent([1, 3, 2], [2, 1], 0, 2).text).toBe('Crimson attacks Alaska from Kamchatka: 3 2 1 against 2 1; Azure loses 2.');
    expect(rollEvent([2, 6, 5], [5, 6], 2, 0).text).toBe('Crimson attacks Alaska from Kamchatka: 6 5 2 against 6 5; the attacker loses 2.');
  });

  it('[002 II.3] is an ordinary event to JSON, a spread copy and a structured clone: its words in the same place as every event', () => {
    const event = rollEvent([6, 1], [3], 0, 1);
    const facts: RollFacts = { from: 'kamchatka', to: 'alaska', attack: [6, 1], defence: [3], attackerLosses: 0, defenderLosses: 1 };
    const plain = { turn: 7, when: 'round', kind: 'roll', text: 'Crimson attacks Alaska from Kamchatka: 6 1 against 3; Azure loses 1.', rule: '[002 II.3]', visibleTo: 'all', data: facts };
    expect(Object.keys(event)).toEqual(Object.keys(plain));
    expect(JSON.stringify(event)).toBe(JSON.stringify(plain));
    expect({ ...event }).toStrictEqual(plain);
    expect(structuredClone(event)).toStrictEqual(plain);
    expect(event.text).toBe(event.text);
  });

  it("[002 II.3] a game's events are the ones it told before their words were made late (the events of two games, hashed)", () => {
    // recorded with the code before roll-event.ts (484b727): the words and facts of every event, in order
    const expected: Record<string, string> = { 'conquest-domination': '08315567d23dc9', 'conquest-blocs': '0786ea1fd2de0d' };
    for (const scenario of Object.keys(expected)) {
      const players = ['crimson', 'azure', 'emerald', 'amber'] as const;
      const game = conquestGame({ scenario, players: [...players], seed: 'events-1' });
      const agents = Object.fromEntries(players.map((f) => [f, conquestAgentFactory('random')({ faction: f, seed: 'events-1' })]));
      for (let i = 0; i < 1500 && playConquestOne(game, agents); i++);
      expect(game.events.filter((e) => e.kind === 'roll').length).toBeGreaterThan(50);
      expect(hashString(JSON.stringify(game.events)), scenario).toBe(expected[scenario]);
    }
  });
});
