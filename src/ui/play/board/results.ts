/**
 * [issue 44] the results panel at the end of a star-system, province or galactic game: who won and why
 * (the scenario's victory condition against the final count), the victory points by source (gains,
 * then losses, each with its total), the Empire's victory level in the galactic game, and the ways on:
 * the game as a file (load it from Saves to watch it again) and back to the menu.
 */
import type { GameView } from '../../../core/view';
import { esc } from '../../html';

export function resultsHtml(view: GameView, won: string, lines: string[], victoryText: string | null): string {
  const sc = view.score as { rebelPoints?: number; rebelTarget?: number; chaos?: number; level?: string };
  const points = typeof sc.rebelPoints === 'number' ? sc.rebelPoints : null;
  const target = typeof sc.rebelTarget === 'number' ? sc.rebelTarget : null;
  const why: string[] = [];
  if (victoryText) why.push(`<b>Victory:</b> ${esc(victoryText)}`);
  if (points !== null)
    why.push(
      `The Rebel ended with <b>${points}</b> victory points${target !== null ? ` of the ${target} he needed: ${points >= target ? 'reached' : `${target - points} short`}` : ''}, after turn ${view.turn} of ${view.turns}.`,
    );
  if (typeof sc.chaos === 'number') why.push(`The Empire's victory level: <b>${esc(String(sc.level ?? ''))}</b> (Chaos Index ${sc.chaos}).`);
  const value = (line: string) => Number(/^([+-]?\d+)/.exec(line)?.[1] ?? 0);
  const gains = lines.filter((l) => value(l) > 0);
  const losses = lines.filter((l) => value(l) < 0);
  const sum = (ls: string[]) => ls.reduce((s, l) => s + value(l), 0);
  const list = (title: string, ls: string[]) =>
    ls.length ? `<h4>${esc(title)} (${sum(ls) > 0 ? '+' : ''}${sum(ls)})</h4><ul class="context">${ls.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  const other = lines.filter((l) => value(l) === 0);
  return `<div class="results" data-testid="results"><h3 class="gold" data-testid="game-over">${esc(won)}</h3>${why.map((w) => `<p>${w}</p>`).join('')}
    <p><button data-act="menu">Back to the menu</button> <button data-act="download" title="The whole game as a file: load it from Saves to watch it again">Save the game to watch again</button></p>
    ${points !== null ? `${list('Victory points gained', gains)}${list('Victory points lost', losses)}` : ''}${other.length ? `<ul class="context">${other.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : ''}</div>`;
}
