/**
 * The start menu's "Watch the AI play" entry: a scenario, an AI for each side, whose view to show, the
 * speed and the seed. It is on the menu before the spectator's code loads (spectator-mode.ts reads it
 * when Watch is pressed), so it is plain HTML here.
 */
import type { Content } from '../../core/content/validate';
import { esc } from '../html';

/** Speeds offered, in decisions per second at ×1 (0 = as fast as the engine goes). */
export const SPEEDS = [1, 2, 4, 8, 16, 64, 0];

export function speedOptions(): string {
  return SPEEDS.map((s) => `<option value="${s}">${s ? `×${s}` : 'max'}</option>`).join('');
}

export function watchMenuHtml(content: Content, agents: string[]): string {
  // (a tutorial's own scenario is the tutorial's [issue 56])
  const scenarios = [...content.scenarios.values()].filter((s) => !s.tutorial);
  // the spectator watches a fair game by default: normal against normal (random makes a poor show)
  const agentOptions = agents.map((a) => `<option value="${esc(a)}"${a === 'normal' ? ' selected' : ''}>${esc(a)}</option>`).join('');
  return `<label>Scenario <select data-el="scenario">${scenarios.map((s) => `<option value="${esc(s.id)}">${esc(s.name)} (${s.turns} turns)</option>`).join('')}</select></label>
        <label>Rebel AI <select data-el="rebelAgent">${agentOptions}</select></label>
        <label>Imperial AI <select data-el="imperialAgent">${agentOptions}</select></label>
        <label>Show <select data-el="viewSide"><option value="">everything</option><option value="rebel">the Rebel's view</option><option value="imperial">the Empire's view</option></select></label>
        <label>Speed <select data-el="startSpeed">${speedOptions()}</select></label>
        <label>Seed <input data-el="seed" value="1" size="8"></label>
        <button class="primary" data-el="watch" data-testid="watch">Watch AI vs AI</button>`;
}
