/**
 * The start of a conquest game [002 II Start of Game]: the order of play is drawn; in Domination and
 * Capital mode the factions claim one unoccupied territory each in turn until all are taken, then place
 * the rest of their starting armies one at a time; in Mission mode the territories are dealt at random
 * and each draws a secret mission; in Capital mode each chooses a capital among its territories. With
 * Auto Place All [002 I] the computer claims and places for everyone.
 */
import type { Command, Frame, Procedure, Step } from '../../src/core/engine/types';
import { buildDeck, DECKS } from './cards';
import { initialBlocs } from './blocs';
import { autoPlaces, conquestContent, startingArmies, type FactionId } from './content';
import { missionDeck } from './missions';
import {
  factionName,
  mapOf,
  optionsOfGame,
  setState,
  stateOf,
  tell,
  tellOnly,
  territoriesOf,
  type ConquestGame,
  type ConquestState,
} from './state';

/** The state before anything is placed, the order drawn and the deck shuffled (called by the ruleset's setup). */
export function initialState(game: ConquestGame): void {
  const map = mapOf(game);
  const options = optionsOfGame(game);
  const order = game.rng.shuffle(options.players);
  const armies = startingArmies(order.length);
  const state: ConquestState = {
    order,
    owner: Object.fromEntries(map.territories.map((t) => [t, null])),
    armies: Object.fromEntries(map.territories.map((t) => [t, 0])),
    toPlace: Object.fromEntries(order.map((f) => [f, armies])),
    capitals: {},
    missions: {},
    playingOnBy: null,
    // [002 II.1] "ONE random game card": the deck is shuffled once, drawn from the top
    deck: game.rng.shuffle(buildDeck(map.territories, DECKS[options.deck])),
    discard: [],
    hands: Object.fromEntries(order.map((f) => [f, []])),
    setsTraded: 0,
    eliminatedBy: {},
    winner: null,
  };
  // [3A2] the bloc layer: chits, extremists, bribes (absent without blocs, so such games hash as before)
  if (game.scenario.blocs) state.blocs = initialBlocs(conquestContent(game.content).blocs, order);
  setState(game, state);
  tell(game, 'order', `The order of play is drawn: ${order.map((f) => factionName(game, f)).join(', ')}. Each starts with ${armies} armies.`, '[002 II Start of Game]');
}

/** The setup procedure's steps, in order; `data.stage` says where it is. */
type Stage = 'deal' | 'claim' | 'place' | 'capital' | 'missions';

function nextStage(game: ConquestGame, stage: Stage): Stage | null {
  const type = game.scenario.gameType;
  // missions are drawn as the territories are dealt, before any army is placed [002 I Game Type 3, II Start of Game 2]
  const order: Stage[] = ['deal', ...(type === 'mission' ? (['missions'] as Stage[]) : []), 'claim', 'place', ...(type === 'capital' ? (['capital'] as Stage[]) : [])];
  return order[order.indexOf(stage) + 1] ?? null;
}

export const conquestSetup: Procedure<ConquestGame> = {
  step(game, frame) {
    const s = stateOf(game);
    const options = optionsOfGame(game);
    const map = mapOf(game);
    /** Turns taken in the current stage: whose turn it is, round the order of play. */
    const turnsTaken = () => (frame.data.turn as number | undefined) ?? 0;
    const passTurn = () => void (frame.data.turn = turnsTaken() + 1);
    const goTo = (stage: Stage | null, keepTurn = false) => {
      frame.data.stage = stage;
      if (!keepTurn) frame.data.turn = 0;
    };

    for (;;) {
      const stage = frame.data.stage === undefined ? 'deal' : (frame.data.stage as Stage | null);
      const who = s.order[turnsTaken() % s.order.length]!;
      switch (stage) {
        case null:
          return { done: true };
        case 'deal':
          // Mission mode deals the starting territories at random; so does Auto Place All chosen by everyone.
          if (game.scenario.gameType === 'mission' || s.order.every((f) => autoPlaces(options, f))) {
            game.rng.shuffle(map.territories).forEach((t, i) => claim(game, s.order[i % s.order.length]!, t));
            tell(game, 'deal', 'The territories are dealt at random.', game.scenario.gameType === 'mission' ? '[002 II Start of Game 2]' : '[002 I Auto Place All]');
          }
          goTo(nextStage(game, 'deal'));
          continue;
        case 'claim': {
          const free = map.territories.filter((t) => s.owner[t] === null);
          // the placing goes on round the table from the faction after the last to claim
          if (!free.length) goTo(nextStage(game, 'claim'), true);
          else if (autoPlaces(options, who)) {
            // the computer claims for a player who chose Auto Place All [002 I]
            claim(game, who, game.rng.pick(free));
            passTurn();
          } else
            return decide(who, 'conquest-claim', `${factionName(game, who)}: claim an unoccupied territory (one army).`, '[002 II Start of Game 1]', free.map((territory) => ({ type: 'claim', side: who, territory })), s.toPlace[who] ?? 0);
          continue;
        }
        case 'place':
          if (s.order.every((f) => (s.toPlace[f] ?? 0) === 0)) goTo(nextStage(game, 'place'));
          else if ((s.toPlace[who] ?? 0) === 0) passTurn();
          else if (autoPlaces(options, who)) {
            placeOne(game, who, game.rng.pick(territoriesOf(game, who)));
            passTurn();
          } else
            return decide(
              who,
              'conquest-setup-place',
              `${factionName(game, who)}: place one more army on one of your territories (${s.toPlace[who]} left).`,
              '[002 II Start of Game 1]',
              territoriesOf(game, who).map((territory) => ({ type: 'place', side: who, territory })),
              s.toPlace[who] ?? 0,
            );
          continue;
        case 'capital':
          if (turnsTaken() >= s.order.length) goTo(nextStage(game, 'capital'));
          else
            return decide(
              who,
              'conquest-capital',
              `${factionName(game, who)}: choose your capital among your territories. Whoever holds every capital wins.`,
              '[002 II Start of Game 1]',
              territoriesOf(game, who).map((territory) => ({ type: 'capital', side: who, territory })),
            );
          continue;
        case 'missions':
          dealMissions(game);
          goTo(nextStage(game, 'missions'));
          continue;
      }
    }
  },
  answer(game, frame, command) {
    const s = stateOf(game);
    const territory = command.territory as string;
    if (command.type === 'claim') claim(game, command.side, territory);
    else if (command.type === 'place') placeOne(game, command.side, territory);
    else if (command.type === 'capital') {
      s.capitals[command.side] = territory;
      tell(game, 'capital', `${factionName(game, command.side)} makes ${mapOf(game).nameOf(territory)} its capital.`, '[002 II Start of Game 1]');
    }
    frame.data.turn = ((frame.data.turn as number | undefined) ?? 0) + 1;
  },
};

function decide(side: FactionId, kind: string, prompt: string, rule: string, options: Command<FactionId>[], left?: number): Step<FactionId> {
  return { decide: { side, kind, prompt, rule, options, ...(left === undefined ? {} : { context: { left } }) } };
}

/** Each faction draws a secret mission, seen only by itself [002 I Game Type 3]. */
function dealMissions(game: ConquestGame): void {
  const s = stateOf(game);
  const map = mapOf(game);
  const continents = map.def.continents.map((c) => ({ id: c.id, name: c.name }));
  const deck = game.rng.shuffle(missionDeck(continents, s.order, map.territories.length));
  s.order.forEach((f, i) => {
    const mission = deck[i]!;
    s.missions[f] = mission;
    tellOnly(game, f, 'mission', `${factionName(game, f)}'s secret mission: ${mission.text}`, '[002 I Game Type 3]');
  });
  tell(game, 'missions', 'Each faction draws a secret mission.', '[002 I Game Type 3]');
}

function claim(game: ConquestGame, faction: FactionId, territory: string): void {
  const s = stateOf(game);
  s.owner[territory] = faction;
  s.armies[territory] = 1;
  s.toPlace[faction] = (s.toPlace[faction] ?? 0) - 1;
}

function placeOne(game: ConquestGame, faction: FactionId, territory: string): void {
  const s = stateOf(game);
  s.armies[territory] = (s.armies[territory] ?? 0) + 1;
  s.toPlace[faction] = (s.toPlace[faction] ?? 0) - 1;
}

/** A fresh setup frame. */
export function setupFrame(): Frame {
  return { proc: 'conquest-setup', data: {} };
}
