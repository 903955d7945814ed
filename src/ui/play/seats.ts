/**
 * Who plays a saved game, in the terms the save store and the start menu need: whether people play it
 * (it resumes on the play screen) or it is watched (it resumes in the spectator), who plays, in words,
 * and which game it is (its autosave keeps one slot). (The play screen's pace is a
 * setting: Settings > Motion > Opponent's moves.)
 */
import type { Seats } from '../../core/save';
import type { SaveMeta } from '../saves';

const TEAMS: Record<string, string> = { rebel: 'the Rebellion', imperial: 'the Empire' };

/** A game people play: some seat is a person's. Without seats (older saves, watched games): watched. */
export function isPlayed(seats: Seats | undefined): seats is Seats {
  return !!seats && Object.values(seats).some((s) => s.kind === 'human');
}

/** "you: the Rebellion, against AI normal", "hot-seat: two players", "AI hard against AI normal". */
export function seatsSummary(seats: Seats | undefined): string {
  if (!seats) return 'watched (AI against AI)';
  const humans = (['rebel', 'imperial'] as const).filter((s) => seats[s].kind === 'human');
  const ai = (side: 'rebel' | 'imperial') => {
    const seat = seats[side];
    return seat.kind === 'ai' ? `AI ${seat.agent}` : 'a person';
  };
  if (humans.length === 2) return 'hot-seat: two players';
  if (humans.length === 1) {
    const me = humans[0] as 'rebel' | 'imperial';
    return `you: ${TEAMS[me]}, against ${ai(me === 'rebel' ? 'imperial' : 'rebel')}`;
  }
  return `${ai('rebel')} (Rebel) against ${ai('imperial')} (Empire)`;
}

/** The save store's facts about a save sent by a worker (an autosave or a save by name). */
export function saveMetaOf(m: { scenario?: string; turn?: number; seed?: string; seats?: Seats }): SaveMeta {
  const played = isPlayed(m.seats);
  const meta: SaveMeta = { scenario: m.scenario ?? '', turn: m.turn ?? 0, played };
  if (played) {
    meta.who = seatsSummary(m.seats);
    // the same scenario, seed and seats: the same game, whose autosave keeps its slot
    meta.game = `${m.scenario}|${m.seed ?? ''}|${JSON.stringify(m.seats)}`;
  }
  return meta;
}
