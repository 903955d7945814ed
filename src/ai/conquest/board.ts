/**
 * The board as one conquest faction reads it from its view [002]: holders, armies, neighbours, the
 * continents and their borders, and the exact odds of an attack. Shared by the heuristic players
 * (normal-agent.ts, hard-agent.ts); nothing here looks past the view.
 */
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestMap } from '../../../systems/conquest/map';
import { areEnemies } from '../../../systems/conquest/blocs';
import { battleOdds, type BattleOdds } from '../../../systems/conquest/odds';
import type { ConquestView } from '../../../systems/conquest/view';

/** A continent's shape: what holding it pays, and where it must be defended. */
export interface ContinentShape {
  id: string;
  territories: readonly string[];
  bonus: number;
  /** Its territories that border a territory of another continent: the ones to defend. */
  borders: readonly string[];
}

const shapes = new WeakMap<ConquestMap, Map<string, ContinentShape>>();

/** Every continent's shape, computed once per map. */
export function continentShapes(map: ConquestMap): ReadonlyMap<string, ContinentShape> {
  let known = shapes.get(map);
  if (!known) {
    known = new Map();
    for (const [id, territories] of map.continentTerritories) {
      const borders = territories.filter((t) => (map.neighbours.get(t) ?? []).some((n) => map.continentOf.get(n) !== id));
      known.set(id, { id, territories, bonus: map.bonus.get(id) ?? 0, borders });
    }
    shapes.set(map, known);
  }
  return known;
}

// Battles are asked about over and over with the same numbers: keep the exact odds.
const oddsCache = new Map<string, BattleOdds>();

/** The exact odds of an Annihilate attack of `attackers` on `defenders` [002 II.3] (cached). */
export function odds(attackers: number, defenders: number, italian: boolean): BattleOdds {
  const key = `${attackers}:${defenders}:${italian ? 'i' : ''}`;
  let known = oddsCache.get(key);
  if (!known) {
    known = battleOdds(attackers, defenders, { italian });
    if (oddsCache.size > 20_000) oddsCache.clear();
    oddsCache.set(key, known);
  }
  return known;
}

export const maxBy = <T>(items: readonly T[], score: (x: T) => number): T | undefined => {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const x of items) {
    const s = score(x);
    if (s > bestScore) (bestScore = s), (best = x);
  }
  return best;
};

/** The board as one faction reads it. */
export class Board {
  constructor(
    readonly view: ConquestView,
    readonly me: FactionId,
  ) {}

  get map(): ConquestMap {
    return this.view.map;
  }
  get italian(): boolean {
    return this.view.options.cards === 'italian';
  }

  // Methods, not arrow-function fields: a board is made for every decision and every plan weighed with
  // armies moved, and tsx names each function made at run time (esbuild's keepNames), eight a board. To
  // hand one to `filter` or `map`, wrap it: `(t) => b.mine(t)`.

  armies(t: string): number {
    return this.view.armies[t] ?? 0;
  }
  ownerOf(t: string): FactionId | null {
    return this.view.owner[t] ?? null;
  }
  mine(t: string): boolean {
    return this.view.owner[t] === this.me;
  }
  neighbours(t: string): readonly string[] {
    return this.view.map.neighbours.get(t) ?? [];
  }
  /** Held by an enemy [3Cc]: any other faction without blocs; the other bloc's with them (allies are not). */
  hostile(t: string): boolean {
    return areEnemies(this.view.blocs, this.me, this.ownerOf(t));
  }
  enemiesAround(t: string): string[] {
    const around: string[] = [];
    for (const n of this.neighbours(t)) if (this.hostile(n)) around.push(n);
    return around;
  }
  /** Enemy armies next to `t`, all factions together. */
  threat(t: string): number {
    let sum = 0;
    for (const n of this.neighbours(t)) if (this.hostile(n)) sum += this.armies(n);
    return sum;
  }
  continentOf(t: string): string {
    return this.view.map.continentOf.get(t)!;
  }

  /**
   * The territories a faction holds, in the map's order. Kept for the board's life, as the planner asks
   * for every faction at every plan it weighs (a board is a view, which is never changed once made).
   */
  territoriesOf(faction: FactionId): readonly string[] {
    let held = this.held.get(faction);
    if (!held) {
      const { owner } = this.view;
      const mine: string[] = [];
      for (const t of this.view.map.territories) if (owner[t] === faction) mine.push(t);
      this.held.set(faction, (held = mine));
    }
    return held;
  }
  private readonly held = new Map<FactionId, readonly string[]>();

  get myTerritories(): readonly string[] {
    return this.territoriesOf(this.me);
  }

  /** The enemies still holding territory (every other faction, without blocs). Kept, like `territoriesOf`. */
  get opponents(): readonly FactionId[] {
    return (this.enemiesLeft ??= this.view.order.filter((f) => areEnemies(this.view.blocs, this.me, f) && this.territoriesOf(f).length > 0));
  }
  private enemiesLeft: readonly FactionId[] | undefined;

  /** The territories held by an enemy, in the map's order. Kept, like `territoriesOf`. */
  get hostileTerritories(): readonly string[] {
    return (this.enemyHeld ??= this.view.map.territories.filter((t) => this.hostile(t)));
  }
  private enemyHeld: readonly string[] | undefined;

  /** The chance that `attackers` armies take a territory held by `defenders` [002 II.3]. */
  chance(attackers: number, defenders: number): number {
    if (attackers < 2) return 0;
    return odds(attackers, Math.max(1, defenders), this.italian).attackerWins;
  }
}
