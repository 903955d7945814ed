/**
 * A conquest game's state. It is plain data in `game.vars`, not ECS entities: a territory is a map's,
 * and a map may be a player's own file whose territories are not star systems of our galaxy, while
 * armies are counts, not pieces. Plain data is hashed, saved and copied with the rest of the game.
 */
import { currentSegmentLabel, emit } from '../../src/core/engine/game';
import type { Game, Json } from '../../src/core/engine/types';
import type { BlocState } from './bloc-state';
import type { Card } from './cards';
import { conquestContent, customMap, optionsOf, type ConquestOptionsDef, type ConquestScenario, type FactionId } from './content';
import type { ConquestMap } from './map';
import type { Mission } from './missions';
import { RollEvent, type RollFacts, type RollNames } from './roll-event';

export type ConquestGame = Game<FactionId, ConquestScenario>;

export interface ConquestState {
  /** The order of play, drawn at the start [002 II Start of Game]. */
  order: FactionId[];
  /** Territory to its holder; null only while territories are still being claimed. */
  owner: Record<string, FactionId | null>;
  armies: Record<string, number>;
  /** Armies each faction has still to place in the setup. */
  toPlace: Partial<Record<FactionId, number>>;
  /** Capital mode: each faction's capital [002 II Start of Game]. */
  capitals: Partial<Record<FactionId, string>>;
  /** Mission mode: each faction's secret mission [002 I Game Type 3]. */
  missions: Partial<Record<FactionId, Mission>>;
  /**
   * Capital and Mission modes: the faction that met the game type's goal first (every capital held, its
   * mission complete) and chose to go on to Domination [002 End of Game]; from then on only Domination wins.
   */
  playingOnBy: FactionId | null;
  /** The draw pile, top last; traded cards wait in `discard` for a recycle [002 I Recycle Cards]. */
  deck: Card[];
  discard: Card[];
  hands: Partial<Record<FactionId, Card[]>>;
  /** Sets traded so far by anyone: the Increasing value depends on it [002 I Cards Options 1]. */
  setsTraded: number;
  /** Eliminated faction to the faction that eliminated it. */
  eliminatedBy: Partial<Record<FactionId, FactionId>>;
  /** Bloc politics [003] (blocs.ts), only in a game with blocs. */
  blocs?: BlocState;
  /** Set when a faction has won, so the turn ends at once and the engine ends the game. */
  winner: FactionId | 'draw' | null;
}

export function stateOf(game: ConquestGame): ConquestState {
  return game.vars as unknown as ConquestState;
}

export function setState(game: ConquestGame, state: ConquestState): void {
  game.vars = state as unknown as { [key: string]: Json };
}

/** The map the game is played on: a map file of the player's own, or the scenario's. */
export function mapOf(game: ConquestGame): ConquestMap {
  const own = game.options.map;
  if (own === undefined) return game.scenario.map;
  const result = customMap(own);
  if (!result.ok) throw new Error('the game was started on a map that is not valid'); // refused at newGame
  return result.map;
}

export function optionsOfGame(game: ConquestGame): ConquestOptionsDef {
  return optionsOf(game.options);
}

export function factionName(game: ConquestGame, faction: FactionId): string {
  return conquestContent(game.content).factions.get(faction)?.name ?? faction;
}

export function territoriesOf(game: ConquestGame, faction: FactionId): string[] {
  const { owner } = stateOf(game);
  const held: string[] = [];
  for (const t of mapOf(game).territories) if (owner[t] === faction) held.push(t);
  return held;
}

/** How many territories a faction holds: `territoriesOf(...).length`, without making the list (asked at every turn and conquest). */
export function territoryCount(game: ConquestGame, faction: FactionId): number {
  const { owner } = stateOf(game);
  let count = 0;
  for (const t of mapOf(game).territories) if (owner[t] === faction) count++;
  return count;
}

/** Factions still in the game, in the order of play. */
export function aliveFactions(game: ConquestGame): FactionId[] {
  const s = stateOf(game);
  const held = new Set(Object.values(s.owner));
  // During the claim every faction is alive though it may hold nothing yet.
  if (Object.values(s.owner).some((o) => o === null)) return [...s.order];
  return s.order.filter((f) => held.has(f));
}

/** The continents a faction holds whole [002 II.2]. */
export function continentsHeld(game: ConquestGame, faction: FactionId): string[] {
  const { owner } = stateOf(game);
  const held: string[] = [];
  // asked at the start of every turn and in every view: loops, not a copied list and closures
  for (const [c, ts] of mapOf(game).continentTerritories) if (holdsAll(owner, ts, faction)) held.push(c);
  return held;
}

function holdsAll(owner: ConquestState['owner'], territories: readonly string[], faction: FactionId): boolean {
  for (const t of territories) if (owner[t] !== faction) return false;
  return true;
}

/** The armies a faction receives at the start of its turn [002 II.2]: territories / 3 (at least 3) plus continent bonuses. */
export function reinforcementsFor(game: ConquestGame, faction: FactionId): { territories: number; continents: number; total: number } {
  const map = mapOf(game);
  const territories = Math.max(3, Math.floor(territoryCount(game, faction) / 3));
  const continents = continentsHeld(game, faction).reduce((sum, c) => sum + (map.bonus.get(c) ?? 0), 0);
  return { territories, continents, total: territories + continents };
}

/** Territories of other factions bordering this one. */
export function enemyNeighbours(game: ConquestGame, territory: string): string[] {
  const s = stateOf(game);
  const me = s.owner[territory];
  return (mapOf(game).neighbours.get(territory) ?? []).filter((n) => s.owner[n] !== me);
}

/** Say something every player may know. */
export function tell(game: ConquestGame, kind: string, text: string, rule: string, data?: { [key: string]: Json }): void {
  // `emit`'s event made at once, its fields in the same order (no copy of a spread): thousands a game
  const turn = game.turn;
  const when = currentSegmentLabel(game);
  game.events.push(data ? { turn, when, kind, text, rule, visibleTo: 'all', data } : { turn, when, kind, text, rule, visibleTo: 'all' });
}

/** Tell a roll of the dice [002 II.3]: `emit`'s event, its words made when first read (roll-event.ts). */
export function tellRoll(game: ConquestGame, names: Readonly<RollNames>, facts: RollFacts): void {
  game.events.push(new RollEvent(game.turn, currentSegmentLabel(game), names, facts));
}

/** Say something only one faction may know (its own card, its own mission). */
export function tellOnly(game: ConquestGame, faction: FactionId, kind: string, text: string, rule: string): void {
  emit(game, { kind, text, rule, visibleTo: faction });
}

/** Whose turn it is [002 II Turns], or null while the board is set up (or after the end). */
export function turnOf(game: ConquestGame): FactionId | null {
  for (let i = game.stack.length - 1; i >= 0; i--) {
    const frame = game.stack[i]!;
    if (frame.proc === 'conquest-turn') return frame.data.player as FactionId;
  }
  return null;
}
