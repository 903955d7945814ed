/**
 * The start menu's Continue: the last game (the last played game's autosave, else the watched game's),
 * named by scenario, turn, who plays and when, one click to resume it as it was.
 */
import type { SaveEntry } from './saves';
import { when } from './saves-panel';
import { esc } from './html';


/** The Continue entry's inside, or '' when there is no game to continue. */
export function continueHtml(entry: SaveEntry | null, scenarioName: (id: string) => string): string {
  if (!entry) return '';
  const who = entry.played ? (entry.who ?? 'played') : 'watched (AI against AI)';
  return `<button class="primary continue" data-act="continue" data-testid="continue">Continue</button>
    <p class="continue-what" data-testid="continue-what">${esc(entry.title ?? scenarioName(entry.scenario))} · ${entry.ruleset === 'conquest' ? 'round' : 'turn'} ${entry.turn}<br><span class="muted">${esc(who)} · ${esc(when(entry.savedAt))}</span></p>`;
}
