/**
 * Winning a conquest game [002 I Game Type, II End of Game]: Domination, hold every territory; Capital,
 * hold every capital; Mission, complete your own secret mission first, then claim the victory or go on
 * to Domination.
 */
import { missionComplete } from './missions';
import type { FactionId } from './content';
import { factionName, mapOf, stateOf, tell, type ConquestGame } from './state';

/**
 * Has `faction` won now? True when it has (the winner is recorded), 'mission-choice' when it has just
 * completed its mission and must say whether it claims the victory, false otherwise.
 */
export function checkVictory(game: ConquestGame, faction: FactionId): boolean | 'mission-choice' {
  const s = stateOf(game);
  if (s.winner) return true;
  const map = mapOf(game);
  const win = (why: string, rule: string) => {
    s.winner = faction;
    tell(game, 'victory', `${factionName(game, faction)} ${why}.`, rule);
    return true;
  };
  if (map.territories.every((t) => s.owner[t] === faction)) return win('holds every territory: Domination', '[002 I Game Type 1]');
  const type = game.scenario.gameType;
  if (type === 'capital') {
    const capitals = Object.values(s.capitals);
    if (capitals.length === s.order.length && capitals.every((t) => s.owner[t] === faction)) return win('holds every capital', '[002 I Game Type 2]');
  }
  if (type === 'mission' && s.missionCompletedBy === null) {
    const mission = s.missions[faction];
    if (mission && missionComplete(mission, faction, missionState(game))) return 'mission-choice';
  }
  return false;
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
