/**
 * The Empire's stability in the galactic game: the Chaos Index of `001_*`, 0 to 100, kept in
 * `game.vars.chaos` (docs/rules.md, "The Chaos Index"). Outcomes move it as `galactic.json` says, after
 * the 001 Chaos Index changes chart: an Imperial unit lost in combat raises it, a Rebel unit lost lowers
 * it, a planet that rises or falls raises it by its resources, a rebellion stopped lowers it; galactic
 * events and strategic assignments move it too. The higher it is, the more events each interphase draws,
 * and where it ends says the Empire's victory level (Galactic ... Collapse).
 */
import { emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { isGalactic } from '../../src/core/content/validate';
import { refOf } from '../../src/core/world/world';

const RULE = '[001 Chaos Index]';

export function chaosIndex(game: Game): number {
  return (game.vars.chaos as number | undefined) ?? game.content.galactic.chaos.start;
}

/** Move the index by `by` (kept within 0-100), saying why in the log for both sides. */
export function moveChaos(game: Game, by: number, why: string): void {
  if (!isGalactic(game.scenario) || by === 0) return;
  const before = chaosIndex(game);
  const after = Math.max(0, Math.min(100, before + by));
  game.vars.chaos = after;
  if (after === before) return;
  emit(game, { kind: 'chaos', text: `Chaos Index ${by > 0 ? '+' : ''}${by}: ${after} (${why}).`, rule: RULE, visibleTo: 'all' });
}

/** A planet's weight in the chart: its richest environ's resource rating (a "system's resource value"). */
export function planetResource(game: Game, planet: number): number {
  const def = game.content.planets.get(refOf(game.world, planet));
  return Math.max(0, ...(def?.environs.map((e) => e.resource) ?? [0]));
}

/** How many galactic events the interphase draws at this index. */
export function eventsToDraw(game: Game): number {
  const index = chaosIndex(game);
  let draws = 0;
  for (const row of game.content.galactic.chaos.draws) if (index >= row.from) draws = row.events;
  return draws;
}

/** The Empire's victory level: Collapse when the Rebel has won, else by the index (the first level it does not pass). */
export function victoryLevel(game: Game): { id: string; name: string } {
  const levels = game.content.galactic.chaos.levels;
  const worst = levels[levels.length - 1] as { id: string; name: string };
  if (game.winner === 'rebel') return worst;
  const index = chaosIndex(game);
  return levels.find((l) => index <= l.upTo) ?? worst;
}
