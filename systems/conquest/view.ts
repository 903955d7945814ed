/**
 * What a faction may know of a conquest game: the whole board (every territory's holder and armies are
 * on the table), everyone's number of cards, its own cards and its own mission. Other factions' cards,
 * their missions and the order of the deck are hidden (002 does not say so; a mission known to all would
 * be no game: see docs/rules.md).
 */
import { copyPlain } from '../../src/core/plain';
import type { BlocState } from './blocs';
import type { Card } from './cards';
import type { FactionId, GameType } from './content';
import type { Mission } from './missions';
import type { ConquestMap } from './map';
import { continentsHeld, mapOf, optionsOfGame, stateOf, turnOf, type ConquestGame } from './state';
import type { ConquestOptionsDef } from './content';

export interface ConquestView {
  /** The faction looking, or null for a spectator who sees everything. */
  me: FactionId | null;
  round: number;
  /** Whose turn it is; null while the board is set up. */
  turnOf: FactionId | null;
  gameType: GameType;
  options: ConquestOptionsDef;
  map: ConquestMap;
  order: FactionId[];
  owner: Readonly<Record<string, FactionId | null>>;
  armies: Readonly<Record<string, number>>;
  capitals: Partial<Record<FactionId, string>>;
  handSizes: Partial<Record<FactionId, number>>;
  /** The looking faction's own cards (every hand for a spectator). */
  hands: Partial<Record<FactionId, Card[]>>;
  /** The looking faction's own mission (every mission for a spectator). */
  missions: Partial<Record<FactionId, Mission>>;
  setsTraded: number;
  cardsInDeck: number;
  eliminatedBy: Partial<Record<FactionId, FactionId>>;
  continentsHeld: Partial<Record<FactionId, string[]>>;
  winner: FactionId | 'draw' | null;
  /** Bloc politics [003]: chits, extremists, bribes and the war, all public; absent without blocs. */
  blocs?: BlocState;
}

export function conquestView(game: ConquestGame, me: FactionId | null): ConquestView {
  const s = stateOf(game);
  const mine = <T>(all: Partial<Record<FactionId, T>>): Partial<Record<FactionId, T>> =>
    me === null ? copyPlain(all) : all[me] !== undefined ? ({ [me]: copyPlain(all[me]) } as Partial<Record<FactionId, T>>) : {};
  return {
    me,
    round: game.turn,
    turnOf: turnOf(game),
    gameType: game.scenario.gameType,
    options: optionsOfGame(game),
    map: mapOf(game),
    order: [...s.order],
    owner: { ...s.owner },
    armies: { ...s.armies },
    capitals: { ...s.capitals },
    handSizes: byFaction(s.order, (f) => s.hands[f]?.length ?? 0),
    hands: mine(s.hands),
    missions: mine(s.missions),
    setsTraded: s.setsTraded,
    cardsInDeck: s.deck.length,
    eliminatedBy: { ...s.eliminatedBy },
    continentsHeld: byFaction(s.order, (f) => continentsHeld(game, f)),
    winner: s.winner,
    ...(s.blocs ? { blocs: copyPlain(s.blocs) } : {}),
  };
}

/** A record of something for each faction, in the order of play (a view is made for every decision an agent reads). */
function byFaction<T>(order: readonly FactionId[], of: (f: FactionId) => T): Partial<Record<FactionId, T>> {
  const record: Partial<Record<FactionId, T>> = {};
  for (const f of order) record[f] = of(f);
  return record;
}
