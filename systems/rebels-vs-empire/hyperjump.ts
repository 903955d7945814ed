/**
 * Hyperjumps between star systems [5.22] and the drift areas (tables.md, hyperjump table) [issue 26].
 *
 * All star systems are joined by a network of hyperjump routes; a route through a navigation star has
 * distance 2. A stack moves from a planet of one system to a planet of another only along one route,
 * one route per move. When the stack's navigation is not above the route's distance, the hyperjump
 * table is rolled: die + (distance - navigation). A stack loses 1 navigation per unit over 3.
 *
 * The results: safe (the stack arrives); drift (it falls out of hyperspace in the drift area around
 * the destination's sun); outer drift (in the destination system's outer drift area); damaged (its
 * spaceship is damaged, and wrecked when it lands [9.31], or without a ship one unit is lost); and
 * eliminated (the whole stack is lost). A stack in a drift area is in space: in no environ, unseen by
 * the enemy, and it can do nothing but leave: from the outer drift area it reaches the sun's in its
 * side's next movement, and from the sun's it lands on a planet of the system (detection as on landing).
 */
import { hasComponent } from 'bitecs';
import type { HyperjumpResult } from '../../src/core/content/schema';
import type { Game } from '../../src/core/engine/types';
import { MAX_ENTITIES } from '../../src/core/world/components';
import { allOf, environOf, planetOfEnviron, systemOfPlanet, tag, touch, unplace, untag, withComponent, type GameWorld } from '../../src/core/world/world';
import { pilotNavigation } from './detection';

/** A route between two star systems (entities), with its distance (2 through a navigation star). */
export interface RouteInfo {
  route: number;
  distance: number;
  /** The navigation star it passes, or 0. */
  via: number;
}

/** The route joining two star systems, or null when none does [5.22]. */
export function routeBetween(game: Game, a: number, b: number): RouteInfo | null {
  return routesOf(game.world).get(pairKey(a, b)) ?? null;
}

/** Routes never change in a game: each world's are indexed once by their pair of systems (moves ask often). */
const routeIndex = new WeakMap<GameWorld, Map<number, RouteInfo>>();

function pairKey(a: number, b: number): number {
  return Math.min(a, b) * 65536 + Math.max(a, b);
}

function routesOf(w: GameWorld): Map<number, RouteInfo> {
  let index = routeIndex.get(w);
  if (!index) {
    index = new Map();
    const r = w.c.Route;
    for (const route of allOf(w, 'route')) {
      const key = pairKey(r.from[route] as number, r.to[route] as number);
      if (!index.has(key)) index.set(key, { route, distance: r.distance[route] as number, via: r.via[route] as number });
    }
    routeIndex.set(w, index);
  }
  return index;
}

/** The star system of an environ. */
export function systemOfEnviron(game: Game, environ: number): number {
  return systemOfPlanet(game.world, planetOfEnviron(game.world, environ));
}

/** How far a move from one environ to another jumps: 0 within a system, else its route (null: no route). */
export function jumpOf(game: Game, from: number, to: number): RouteInfo | null | 0 {
  const a = systemOfEnviron(game, from);
  const b = systemOfEnviron(game, to);
  return a === b ? 0 : routeBetween(game, a, b);
}

/**
 * The navigation of a moving stack: its best navigator's (a character's navigation as a pilot, with
 * his possessions), or 1 for military units without one (the transports' own crews), less 1 for each
 * unit over 3 (tables.md).
 */
export function stackNavigation(game: Game, units: number[], characters: number[]): number {
  const best = Math.max(units.length ? 1 : 0, ...characters.map((ch) => pilotNavigation(game, ch)));
  return best - Math.max(0, units.length - 3);
}

type HyperjumpTable = Game['content']['tables']['hyperjump'];

/** The table's result for a modified die roll. */
export function hyperjumpResult(game: Game, roll: number): HyperjumpResult {
  return resultOn(game.content.tables.hyperjump, roll);
}

function resultOn(table: HyperjumpTable, roll: number): HyperjumpResult {
  return table.find((r) => roll >= r.min && roll <= r.max)?.result ?? 'safe';
}

/**
 * The exact chance of each result of a jump: rolled only when the navigation is not above the distance
 * (else it is safe), one die + (distance - navigation).
 */
export function hyperjumpOdds(game: Game, distance: number, navigation: number): Partial<Record<HyperjumpResult, number>> {
  return hyperjumpOddsOn(game.content.tables.hyperjump, distance, navigation);
}

/** The same from the table alone (for an AI that reasons from the content, without the game). */
export function hyperjumpOddsOn(table: HyperjumpTable, distance: number, navigation: number): Partial<Record<HyperjumpResult, number>> {
  if (navigation > distance) return { safe: 1 };
  const odds: Partial<Record<HyperjumpResult, number>> = {};
  for (let die = 1; die <= 6; die++) {
    const result = resultOn(table, die + distance - navigation);
    odds[result] = (odds[result] ?? 0) + 1 / 6;
  }
  return odds;
}

/** Words for each result, for the odds and the log. */
export const HYPERJUMP_WORDS: Record<HyperjumpResult, string> = {
  safe: 'safe',
  drift: 'drift',
  'outer-drift': 'outer drift',
  'drift-damaged': 'drift, damaged',
  'outer-drift-damaged': 'outer drift, damaged',
  'outer-drift-eliminated': 'lost',
};

// ---------------------------------------------------------------- drift areas

/** Put a piece in a drift area of `system` (off the board: in space, in no environ). */
export function setAdrift(game: Game, piece: number, system: number, outer: boolean): void {
  const w = game.world;
  unplace(w, piece);
  tag(w, piece, w.c.Adrift);
  w.c.Adrift.system[piece] = system;
  w.c.Adrift.outer[piece] = outer ? 1 : 0;
  touch(w, piece);
}

/** Take a piece out of its drift area (it lands, or is lost). */
export function clearAdrift(game: Game, piece: number): void {
  const w = game.world;
  if (hasComponent(w, piece, w.c.Adrift)) untag(w, piece, w.c.Adrift);
}

export function isAdrift(game: Game, piece: number): boolean {
  return hasComponent(game.world, piece, game.world.c.Adrift) && environOf(game.world, piece) === 0;
}

/** Where a drifting piece is: its system and which drift area. */
export function driftOf(game: Game, piece: number): { system: number; outer: boolean } | null {
  const w = game.world;
  if (!hasComponent(w, piece, w.c.Adrift)) return null;
  return { system: w.c.Adrift.system[piece] as number, outer: w.c.Adrift.outer[piece] === 1 };
}

const DRIFT_ORDER: Partial<Record<string, number>> = { unit: 0, character: 1, possession: 2, ship: 3 };

/**
 * Units, then characters, then spaceships, each in id order: the order a stack's pieces are listed in.
 * Each piece's rank (its kind's place, then its id) is sorted as a number, natively: a comparator made
 * for each call cost more than the sort (asked at every movement decision of the galactic game).
 */
function inDriftOrder(world: GameWorld, pieces: readonly number[]): Int32Array {
  const ranks = new Int32Array(pieces.length);
  for (let i = 0; i < pieces.length; i++) {
    const eid = pieces[i] as number;
    ranks[i] = (DRIFT_ORDER[world.kinds[eid] as string] as number) * MAX_ENTITIES + eid;
  }
  return ranks.sort();
}

/** Pieces of a side adrift, grouped by drift area: each group moves out as one stack. */
export function driftingStacks(game: Game, side: string, sideOf: (eid: number) => string): { system: number; outer: boolean; pieces: number[] }[] {
  const w = game.world;
  const adrift = withComponent(w, w.c.Adrift);
  if (!adrift.length) return [];
  // a loop, not a filter with a closure: asked at every movement list of the galactic game, where stacks stay adrift for long
  const mine: number[] = [];
  for (const eid of adrift)
    if (DRIFT_ORDER[w.kinds[eid] as string] !== undefined && sideOf(eid) === side && !hasComponent(w, eid, w.c.Eliminated) && !hasComponent(w, eid, w.c.Dead)) mine.push(eid);
  if (!mine.length) return [];
  const stacks = new Map<number, { system: number; outer: boolean; pieces: number[] }>();
  for (const rank of inDriftOrder(w, mine)) {
    const eid = rank % MAX_ENTITIES;
    const system = w.c.Adrift.system[eid] as number;
    const outer = w.c.Adrift.outer[eid] === 1;
    const key = system * 2 + (outer ? 1 : 0);
    let stack = stacks.get(key);
    if (!stack) stacks.set(key, (stack = { system, outer, pieces: [] }));
    stack.pieces.push(eid);
  }
  return [...stacks.values()];
}
