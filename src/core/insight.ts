/**
 * [13.2 Q] What a questioned prisoner told: "the performing player sees the enemy's hidden units and the
 * positions of his undetected characters in the prisoner's province for the rest of the game-turn"
 * (missions.json). It is knowledge, not detection [9.31]: nothing is tagged `Detected`, so no rule that
 * reads detection changes; the views (`viewFor`) and the side's imagined games (`sampleBelief`) show what
 * it learnt. Kept in `game.vars.questioned` (saved, hashed), written by the mission (systems/rebels-vs-empire/mission-effects.ts).
 */
import type { SideId } from './content/schema';
import type { Game, Json } from './engine/types';
import { planetOfEnviron, refOf } from './world/world';

/** One questioning: which side learnt, on which game-turn, about which province. */
export interface Questioning {
  side: SideId;
  turn: number;
  province: string;
}

function questionings(game: Game): Questioning[] {
  return (game.vars.questioned as unknown as Questioning[] | undefined) ?? [];
}

/** Record that `side` questioned a prisoner of `province` this game-turn (older ones are dropped: they are over). */
export function recordQuestioning(game: Game, side: SideId, province: string): void {
  const still = questionings(game).filter((q) => q.turn === game.turn);
  game.vars.questioned = [...still, { side, turn: game.turn, province }] as unknown as Json;
}

/** The provinces whose hidden enemies `side` sees this game-turn. */
export function questionedProvinces(game: Game, side: SideId | null): Set<string> {
  return new Set(questionings(game).filter((q) => q.side === side && q.turn === game.turn).map((q) => q.province));
}

/** The province of an environ's planet ('' when not known). */
export function provinceOfEnviron(game: Game, environ: number): string {
  const planet = game.content.planets.get(refOf(game.world, planetOfEnviron(game.world, environ)));
  return game.content.systems.get(planet?.system ?? '')?.province ?? '';
}
