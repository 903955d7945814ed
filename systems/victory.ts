/**
 * Victory in the star-system and province scenarios (tables.md "Loyalty, control and victory").
 * Rebel victory points: each Rebel-controlled planet +9, in rebellion +6, at unrest +3, patriotic -2;
 * plus the tallies kept as play goes (characters killed and captured, gathered information).
 */
import type { Game, Winner } from '../src/core/engine/types';
import { REBELLION, REBEL_CONTROL } from '../src/core/world/components';
import { planetsInPlay } from './sides';

/** Victory points scored by events (kills, captures, gather information), kept in `game.vars`. */
export function tallyPoints(game: Game, points: number): void {
  game.vars.tally = ((game.vars.tally as number | undefined) ?? 0) + points;
}

export function rebelVictoryPoints(game: Game): number {
  const c = game.world.c;
  const vp = game.content.tables.victoryPoints;
  let points = (game.vars.tally as number | undefined) ?? 0;
  for (const planet of planetsInPlay(game)) {
    const state = c.PlanetState.value[planet];
    if (state === REBEL_CONTROL) points += vp.rebelControlled;
    else if (state === REBELLION) points += vp.rebellion;
    else if (c.Loyalty.value[planet] === 4) points += vp.unrest;
    else if (c.Loyalty.value[planet] === 0) points += vp.patriotic;
  }
  return points;
}

/** Planets Rebel-controlled at the start (the "AC" planets) do not win a start-of-rebellion game at once. */
export function recordStartingRebelControl(game: Game): void {
  const c = game.world.c;
  game.vars.startRebelControl = planetsInPlay(game).filter((p) => c.PlanetState.value[p] === REBEL_CONTROL);
}

export function victory(game: Game, final: boolean): Winner | null {
  const c = game.world.c;
  const { victory: rules } = game.scenario;
  if (rules.rebelControlWinsAtOnce) {
    const atStart = (game.vars.startRebelControl as number[] | undefined) ?? [];
    if (planetsInPlay(game).some((p) => c.PlanetState.value[p] === REBEL_CONTROL && !atStart.includes(p))) return 'rebel';
  }
  if (!final) return null;
  return rebelVictoryPoints(game) >= rules.rebelPoints ? 'rebel' : 'imperial';
}
