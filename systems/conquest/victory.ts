/**
 * Winning a conquest game [002 I Game Type, II End of Game]: Domination, hold every territory; Capital,
 * hold every capital; Mission, complete your own secret mission first. In Capital and Mission modes the
 * first to meet the goal claims the victory or goes on to Domination ("you may continue playing until the
 * game ends in Domination"); once someone goes on, only Domination wins.
 */
import { areEnemies, blocOf, blocsOf, chitOf, declareBlocVictory } from './blocs';
import { missionComplete } from './missions';
import type { FactionId } from './content';
import type { BlocState } from './bloc-state';
import { factionName, mapOf, stateOf, tell, type ConquestGame, type ConquestState } from './state';

/**
 * Has `faction` won now? True when it has (the winner is recorded), 'goal-choice' when it has just met
 * its game type's goal (every capital, its mission) and must say whether it claims the victory or goes on
 * to Domination, false otherwise.
 */
export function checkVictory(game: ConquestGame, faction: FactionId): boolean | 'goal-choice' {
  const s = stateOf(game);
  if (s.winner) return true;
  const map = mapOf(game);
  // Domination, asked through areEnemies: no enemy holds a territory. With blocs, that is the bloc's
  // victory, led by its strongest member (docs/rules.md); without, it is holding every territory.
  const blocs = blocsOf(game);
  if (noEnemyHolds(map.territories, s.owner, blocs, faction)) {
    if (!blocs) {
      s.winner = faction;
      tell(game, 'victory', `${factionName(game, faction)} holds every territory: Domination.`, '[002 I Game Type 1]');
      return true;
    }
    if (blocs.capitulation) return false; // the war ends at the end of the defector's turn [3B3c]
    declareBlocVictory(game, blocOf(blocs, faction), { how: 'domination', by: faction }, 'no enemy holds a system: Domination', '[002 I Game Type 1, 3F4]');
    return true;
  }
  const type = game.scenario.gameType;
  if (s.playingOnBy !== null) return false;
  // [3F4d] a faction without its extremist is counted among the defeated: its own goal wins it nothing
  if (blocs && !chitOf(blocs, faction).extremist) return false;
  if (type === 'capital' && holdsEveryCapital(game, faction)) return 'goal-choice';
  if (type === 'mission') {
    const mission = s.missions[faction];
    if (mission && missionComplete(mission, faction, missionState(game))) return 'goal-choice';
  }
  return false;
}

/** No territory is held by an enemy of `faction` (asked at every step of a turn: a loop, not a closure a call). */
function noEnemyHolds(territories: readonly string[], owner: ConquestState['owner'], blocs: BlocState | null, faction: FactionId): boolean {
  for (const t of territories) if (areEnemies(blocs, owner[t] ?? null, faction)) return false;
  return true;
}

/** Capital mode: `faction` holds every faction's capital [002 I Game Type 2]. */
export function holdsEveryCapital(game: ConquestGame, faction: FactionId): boolean {
  const s = stateOf(game);
  const capitals = Object.values(s.capitals);
  return capitals.length === s.order.length && capitals.every((t) => s.owner[t] === faction);
}

function missionState(game: ConquestGame) {
  const s = stateOf(game);
  const map = mapOf(game);
  return {
    owner: s.owner,
    armies: s.armies,
    continents: Object.fromEntries([...map.continentTerritories].map(([c, ts]) => [c, [...ts]])),
    eliminatedBy: s.eliminatedBy as Record<string, string>,
    players: s.order,
  };
}
