/**
 * How a conquest game is kept [issue 47]: what its save says of it (the Saves panel's and Continue's
 * lines), the name a save is offered under, and its file's name. The game itself is its log
 * (session.saveText()); these are the words around it.
 */
import type { FactionId } from '../../../systems/conquest/content';
import { defaultSaveName, type SaveMeta } from '../saves';
import type { ConquestSession } from './session';

/** "Conquest · Domination", with the map of the player's own when one is played. */
function gameTitle(s: ConquestSession): string {
  return `Conquest · ${s.scenario.name}${s.setup.map ? ` · ${s.setup.map.name}` : ''}`;
}

/** What the save of a game says of it: who plays whom, the round, the pace it is played at, and the game it is (its slot). */
export function saveMeta(s: ConquestSession, name: (f: FactionId) => string, speed: number): SaveMeta {
  const ais = s.setup.seats.filter((seat) => seat.player !== 'human');
  const humans = s.humans.map((f) => name(f));
  const levels = [...new Set(ais.map((a) => a.player))].join(', ');
  const against = ais.length ? `, against ${ais.length} AI (${levels})` : '';
  const who = s.humans.length === 0 ? `watched: ${ais.length} AI (${levels})` : s.humans.length === 1 ? `you: ${humans[0]}${against}` : `hot-seat: ${humans.join(', ')}${against}`;
  const seats = s.setup.seats.map((seat) => `${seat.faction}:${seat.player}`).join(',');
  return {
    scenario: s.scenario.id,
    turn: s.round,
    played: s.humans.length > 0,
    who,
    game: `conquest|${s.scenario.id}|${s.seed}|${seats}|${s.setup.cards}`.slice(0, 200),
    ruleset: 'conquest',
    title: gameTitle(s),
    speed,
  };
}

/** The name a save of this game is offered under: "Conquest · Domination, round 5, 27 Nov 22:40". */
export function saveName(s: ConquestSession): string {
  return defaultSaveName({ title: gameTitle(s), turnWord: 'round', turn: s.round });
}

/** The name of the game's file when exported. */
export function saveFileName(s: ConquestSession): string {
  return `conquest-${s.scenario.id}-${s.seed}-round-${s.round}.json`;
}
