/**
 * Random conquest games of every game type and card option, checked after every command: the board
 * stays a board, cards are neither made nor lost, the eliminated hold nothing, and the winner met its
 * game type's objective. `npm run sim` runs the thousands; this runs enough to catch a broken rule.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/core/engine/game';
import { playConquestOut } from '../../../src/ai/conquest/play';
import { randomConquestAgent } from '../../../src/ai/conquest/random-agent';
import { CARD_OPTIONS, FACTIONS, type FactionId } from '../../../systems/conquest/content';
import { buildDeck, DECKS } from '../../../systems/conquest/cards';
import { mapOf, optionsOfGame, stateOf, territoriesOf, type ConquestGame } from '../../../systems/conquest/state';
import { conquestGame } from './fixtures';
import { commandCounter } from '../../property/count';

const counted = commandCounter(import.meta.url);

const GAME_TYPES = ['conquest-domination', 'conquest-capital', 'conquest-mission'];

function checkInvariants(game: ConquestGame): void {
  const s = stateOf(game);
  const map = mapOf(game);
  const claiming = map.territories.some((t) => s.owner[t] === null);
  for (const t of map.territories) {
    if (s.owner[t] === null) {
      expect(claiming).toBe(true);
      continue;
    }
    expect(s.order).toContain(s.owner[t]);
    expect(s.armies[t]!, `${t} holds at least one army`).toBeGreaterThanOrEqual(1);
  }
  // one card per territory and the deck's wildcards (2, or 4 in the wild deck), always somewhere
  const cards = s.deck.length + s.discard.length + s.order.reduce((n, f) => n + (s.hands[f]?.length ?? 0), 0);
  expect(cards).toBe(buildDeck(map.territories, DECKS[optionsOfGame(game).deck]).length);
  for (const f of Object.keys(s.eliminatedBy) as FactionId[]) {
    expect(territoriesOf(game, f)).toHaveLength(0);
    expect(s.hands[f] ?? []).toHaveLength(0);
  }
  if (game.pending) expect(game.pending.options.length).toBeGreaterThan(0);
}

function checkWinner(game: ConquestGame): void {
  const s = stateOf(game);
  if (game.winner === 'draw') {
    expect(game.turn).toBe(game.scenario.turns);
    return;
  }
  const winner = game.winner as FactionId;
  const map = mapOf(game);
  const holdsAll = map.territories.every((t) => s.owner[t] === winner);
  if (game.scenario.gameType === 'domination') expect(holdsAll).toBe(true);
  if (game.scenario.gameType === 'capital') expect(holdsAll || Object.values(s.capitals).every((t) => s.owner[t] === winner)).toBe(true);
  if (game.scenario.gameType === 'mission') expect(holdsAll || s.missions[winner] !== undefined).toBe(true);
}

describe('[002] random conquest games', () => {
  for (const scenario of GAME_TYPES)
    for (const cards of CARD_OPTIONS)
      it(`${scenario}, ${cards} cards: random games keep every invariant, and end`, () => {
        for (let i = 0; i < 3; i++) {
          const players = FACTIONS.slice(0, 2 + ((i * 2) % 5));
          const deck = i === 2 ? 'wild' : 'classic';
          const game = conquestGame({ scenario, cards, deck, players: [...players], seed: `${cards}-${i}`, autoPlace: i === 1, recycle: i !== 2, autoDefend: i !== 0 });
          const agents = Object.fromEntries(players.map((f) => [f, randomConquestAgent({ faction: f, seed: String(i) })]));
          playConquestOut(game, agents, { afterCommand: counted.after(checkInvariants) });
          expect(game.winner).not.toBeNull();
          checkWinner(game);
        }
      });

  it('same seed, same game: replaying the commands gives the same hash', () => {
    const play = () => {
      const game = conquestGame({ scenario: 'conquest-mission', seed: 'replay', players: ['crimson', 'azure', 'emerald'] });
      const agents = Object.fromEntries((['crimson', 'azure', 'emerald'] as const).map((f) => [f, randomConquestAgent({ faction: f, seed: 'x' })]));
      playConquestOut(game, agents);
      return game;
    };
    const a = play();
    const b = play();
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.log).toEqual(b.log);
  });
});
