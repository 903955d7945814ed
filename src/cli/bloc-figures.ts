/**
 * What bloc politics [003] came to in a batch of simulated games, read from each game's events and end
 * state: the figures `npm run sim -- --scenario conquest-blocs ... --json` reports as `blocs` (issue 54
 * asks for them): defections, those that ended the game in the defector's own turn, games won by a
 * faction that had defected (a defector is counted among the defeated [3F4d], so this must stay 0),
 * vendettas, sneak attacks and truces, and what the bloc state reads once a bloc has won.
 */
import { gameResult } from '../core/engine/game';
import { blocsOf, chitOf } from '../../systems/conquest/blocs';
import type { ConquestGame } from '../../systems/conquest/state';

export interface BlocFigures {
  /** Games in which the war of independence broke out [3C1]. */
  warsDeclared: number;
  /**
   * Defections [3B3c]; those that ended the game themselves (it ended in the defector's turn with no
   * conquest after the defection: a capitulation, or a defection that left no enemy); and of those, the
   * ones that ended it with no system ceded (the price of the defection).
   */
  defections: number;
  defectionsEndingTheGame: number;
  defectionsEndingTheGameUnpaid: number;
  /** Games whose winner, or a member of whose winning bloc, had defected [3F4d]: must be 0. */
  defectorWins: number;
  /** Of those, the games the defector itself won (led the winning bloc). */
  defectorLeads: number;
  /** Games won by a faction without its extremist (it defected, or surrendered) [3F4d]: must be 0. */
  winsWithoutExtremist: number;
  /** Vendettas [3D1], sneak attacks [3B3c] and truces [3F3], each paid for. */
  vendettas: number;
  sneakAttacks: number;
  truces: number;
  /** The war state (`won`, `war`, `peace`...) the bloc layer reads at the end of each game a bloc won. */
  stateAfterBlocVictory: Record<string, number>;
}

export function emptyBlocFigures(): BlocFigures {
  return {
    warsDeclared: 0,
    defections: 0,
    defectionsEndingTheGame: 0,
    defectionsEndingTheGameUnpaid: 0,
    defectorWins: 0,
    defectorLeads: 0,
    winsWithoutExtremist: 0,
    vendettas: 0,
    sneakAttacks: 0,
    truces: 0,
    stateAfterBlocVictory: {},
  };
}

/** Add one finished bloc game's figures to `into`. */
export function addBlocFigures(into: BlocFigures, game: ConquestGame): void {
  const blocs = blocsOf(game);
  if (!blocs) return;
  if (blocs.wars > 0) into.warsDeclared++;
  const events = game.events;
  const defectors = new Set<string>();
  events.forEach((e, i) => {
    if (e.kind === 'bloc-vendetta') into.vendettas++;
    else if (e.kind === 'bloc-sneak') into.sneakAttacks++;
    else if (e.kind === 'bloc-truce') into.truces++;
    else if (e.kind === 'bloc-flip' && e.rule === '[3B3c]') {
      // a defection: the defector flips its own extremist's chit
      into.defections++;
      defectors.add(String(e.data?.faction));
      const rest = events.slice(i + 1);
      if (game.winner && !rest.some((x) => x.kind === 'turn' || x.kind === 'conquest')) {
        into.defectionsEndingTheGame++;
        if (!rest.some((x) => x.kind === 'bloc-cede')) into.defectionsEndingTheGameUnpaid++;
      }
    }
  });
  const result = gameResult(game);
  if (result?.winner && result.winner !== 'draw') {
    const winners = result.coalition ? result.coalition.members : [result.winner];
    if (winners.some((f) => defectors.has(f))) into.defectorWins++;
    if (defectors.has(result.winner)) into.defectorLeads++;
    if (winners.some((f) => !chitOf(blocs, f).extremist)) into.winsWithoutExtremist++;
  }
  if (result?.coalition) into.stateAfterBlocVictory[blocs.war] = (into.stateAfterBlocVictory[blocs.war] ?? 0) + 1;
}

/** Add one batch's figures (a game's, or a worker's share) to `into`: every count is a sum. */
export function mergeBlocFigures(into: BlocFigures, more: BlocFigures): void {
  for (const key of Object.keys(more) as (keyof BlocFigures)[]) {
    if (key === 'stateAfterBlocVictory') {
      for (const [state, n] of Object.entries(more.stateAfterBlocVictory)) into.stateAfterBlocVictory[state] = (into.stateAfterBlocVictory[state] ?? 0) + n;
    } else into[key] += more[key];
  }
}
