/**
 * Random conquest games of every game type and card option, checked after every command: the board
 * stays a board, cards are neither made nor lost, the eliminated hold nothing, and the winner met its
 * game type's objective. Random players are the rules' fuzzer, but alone they never finish (a game of
 * them runs to its round limit, a draw): each game here seats them beside AI players that drive it to
 * its end, and every test plays seeded games until it has checked its share of commands. The thousands
 * of games are `npm run soak` (and `npm run sim`); this runs enough to catch a broken rule.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/core/engine/game';
import { playConquestOut } from '../../../src/ai/conquest/play';
import { randomConquestAgent } from '../../../src/ai/conquest/random-agent';
import { conquestAgentFactory } from '../../../src/ai/conquest/registry';
import { CARD_OPTIONS, FACTIONS, type FactionId } from '../../../systems/conquest/content';
import { buildDeck, DECKS } from '../../../systems/conquest/cards';
import { mapOf, optionsOfGame, stateOf, territoriesOf, type ConquestGame } from '../../../systems/conquest/state';
import { conquestGame } from './fixtures';
import { commandCounter, SOAK } from '../../property/count';

const counted = commandCounter(import.meta.url);

const GAME_TYPES = ['conquest-domination', 'conquest-capital', 'conquest-mission'];

/**
 * The commands each test checks at least. Before issue 48 each test played three games of random players
 * only, the domination games every one to the 150-round draw: 121,507 commands checked in all, 13,501 a
 * test on average; these nine tests check at least 9 x 13,501 = 121,509.
 */
const COMMANDS_PER_TEST = 13_501;

/** How many cards a game holds in all: one a territory, and its deck's wildcards (2, or 4 in the wild deck). */
const cardsInGame = new WeakMap<ConquestGame, number>();

/**
 * The invariants. Checked after every command of thousands, so each calls `expect` only when it fails
 * (for its message): an assertion per territory per command made these games crawl.
 */
function checkInvariants(game: ConquestGame): void {
  const s = stateOf(game);
  const map = mapOf(game);
  const claiming = map.territories.some((t) => s.owner[t] === null);
  for (const t of map.territories) {
    if (s.owner[t] === null) {
      if (!claiming) expect(claiming).toBe(true);
      continue;
    }
    if (!s.order.includes(s.owner[t]!)) expect(s.order).toContain(s.owner[t]);
    if (!(s.armies[t]! >= 1)) expect(s.armies[t]!, `${t} holds at least one army`).toBeGreaterThanOrEqual(1);
  }
  // every card always somewhere: the deck, the discard or a hand
  let all = cardsInGame.get(game);
  if (all === undefined) cardsInGame.set(game, (all = buildDeck(map.territories, DECKS[optionsOfGame(game).deck]).length));
  const cards = s.deck.length + s.discard.length + s.order.reduce((n, f) => n + (s.hands[f]?.length ?? 0), 0);
  if (cards !== all) expect(cards).toBe(all);
  for (const f of Object.keys(s.eliminatedBy) as FactionId[]) {
    if (territoriesOf(game, f).length !== 0) expect(territoriesOf(game, f)).toHaveLength(0);
    if ((s.hands[f] ?? []).length !== 0) expect(s.hands[f] ?? []).toHaveLength(0);
  }
  if (game.pending && !(game.pending.options.length > 0)) expect(game.pending.options.length).toBeGreaterThan(0);
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

/** The AI players that sit beside the random ones, in turn. */
const DRIVERS = ['easy', 'normal'];

describe('[002] random conquest games', () => {
  for (const scenario of GAME_TYPES)
    for (const cards of CARD_OPTIONS)
      it(`${scenario}, ${cards} cards: games of random players beside AI players keep every invariant after every command, and end`, () => {
        let commands = 0;
        for (let i = 0; commands < COMMANDS_PER_TEST * SOAK; i++) {
          // 2 to 6 players; the deck, placement, recycling and defence options in turn, as before
          const players = FACTIONS.slice(0, 2 + (i % 5));
          const deck = i % 3 === 2 ? 'wild' : 'classic';
          const game = conquestGame({ scenario, cards, deck, players: [...players], seed: `${cards}-${i}`, autoPlace: i % 3 === 1, recycle: i % 3 !== 2, autoDefend: i % 3 !== 0 });
          // every other seat random, the first seat random in every other game; the rest AI players
          const agents = Object.fromEntries(
            players.map((f, seat) => [f, (seat + i) % 2 === 0 ? randomConquestAgent({ faction: f, seed: String(i) }) : conquestAgentFactory(DRIVERS[(seat + i) % 4 === 1 ? 0 : 1]!)({ faction: f, seed: String(i) })]),
          );
          commands += playConquestOut(game, agents, { afterCommand: counted.after(checkInvariants) });
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
