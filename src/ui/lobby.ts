/**
 * The lobby [issue 27]: the games on this page's game server that wait for players, for a setup screen
 * to list with a Join button each. A page served without the game server (npm start) has no lobby.
 */
import { esc } from './html';
import { PACES, type NewOnlineGame } from '../online/protocol';

export interface LobbyGame {
  gameId: string;
  ruleset: string;
  scenario: string;
  seats: { side: string; kind: string; agent?: string }[];
}

/** This server's games of `ruleset` with a seat open, or null when the page has no game server. */
export async function fetchLobby(ruleset: string): Promise<LobbyGame[] | null> {
  try {
    const response = await fetch(`${location.origin}/api/games`);
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null;
    return ((await response.json()) as { games: LobbyGame[] }).games.filter((g) => g.ruleset === ruleset);
  } catch {
    return null;
  }
}

/** The lobby as HTML: each game's type and who sits where, and a Join button (`data-join`). */
export function lobbyHtml(games: LobbyGame[], names: { scenario(id: string): string; side(id: string): string }, testid: string, rowClass: string): string {
  if (!games.length) return '<p class="muted small">No online game on this server is waiting for players.</p>';
  const rows = games.slice(0, 8).map((g) => {
    const open = g.seats.filter((s) => s.kind === 'open').length;
    const who = g.seats.map((s) => `${esc(names.side(s.side))} (${s.kind === 'ai' ? `AI ${esc(s.agent ?? '')}` : s.kind === 'open' ? 'open' : s.kind === 'reserved' ? 'reserved' : 'taken'})`).join(', ');
    return `<div class="${rowClass} small" data-testid="${testid}-lobby-game">${esc(names.scenario(g.scenario))}: ${who} <button data-join="${esc(g.gameId)}" data-testid="${testid}-join">Join (${open} open)</button></div>`;
  });
  return `<p class="small"><b>Online games waiting for players</b></p>${rows.join('')}`;
}

/** How long a seat whose person left waits for them before an AI takes it over (the host chooses). */
export const SEAT_WAITS: { seconds: number; label: string }[] = [
  { seconds: 60, label: '1 minute' },
  { seconds: 120, label: '2 minutes' },
  { seconds: 300, label: '5 minutes' },
  { seconds: 900, label: '15 minutes' },
  { seconds: 3600, label: 'an hour' },
  { seconds: 86_400, label: 'a day' },
];

/**
 * The game's pace as a select with the attribute `attr` [issue 55]: live, its seats handed to an AI after a
 * wait (the value: seconds; 2 minutes chosen), or turn-based with a clock a seat (the value: the pace's id).
 */
export function seatWaitSelect(attr: string): string {
  const live = SEAT_WAITS.map((w) => `<option value="${w.seconds}"${w.seconds === 120 ? ' selected' : ''}>live: a seat left empty goes to an AI after ${esc(w.label)}</option>`);
  const turnBased = PACES.filter((p) => p.turnMs !== undefined).map((p) => `<option value="${esc(p.id)}">${esc(p.label.replace(/^Turn-based: /, 'turn-based: '))}</option>`);
  return `<select ${attr} title="Live: played at one sitting. Turn-based: each seat has a clock, and nobody need stay connected">${live.join('')}${turnBased.join('')}</select>`;
}

/** The pace chosen (`seatWaitSelect`'s value) as a new game's fields: a live seat wait, or a turn-based pace. */
export function paceChoice(value: string): Pick<NewOnlineGame, 'seatTimeoutSeconds' | 'pace'> {
  return /^\d+$/.test(value) ? { seatTimeoutSeconds: Number(value), pace: 'live' } : { pace: value };
}
