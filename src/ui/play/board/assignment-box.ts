/**
 * [issue 44, strategic assignment] the galactic Empire's assignment on screen all game long: its goal,
 * turns left, where each of its planets stands, whether it would be carried out now, and what it gains
 * or costs in Chaos. Its planets are marked on the map (their name labels) and each is a button that
 * flies the camera there. Public: both sides see it.
 */
import type { AssignmentFacts } from '../../../words/assignment';
import { esc } from '../../html';

export function assignmentHtml(a: AssignmentFacts | null | undefined): string {
  if (!a) return '';
  const planets = a.planets
    .map((p) => `<button class="assign-planet ${p.ok ? 'ok' : 'short'}" data-focus-planet="${esc(p.id)}" title="${esc(p.note)}">${p.ok ? '✓' : '✗'} ${esc(p.name)}</button>`)
    .join('');
  const ok = a.planets.filter((p) => p.ok).length;
  return `<details class="assignment" data-testid="assignment"${a.met ? '' : ' open'}><summary><b>Strategic assignment:</b> ${esc(a.name)} · <span class="${a.met ? 'good' : 'bad'}">${
    a.met ? 'carried out if judged now' : 'failing now'
  }</span> · ${a.turnsLeft} turn${a.turnsLeft === 1 ? '' : 's'} left</summary><p class="small">${esc(a.text)} Judged at the end of turn ${a.deadline}: carried out, Chaos ${a.success}; failed, Chaos +${a.failure}.</p>${
    a.planets.length ? `<p class="small">${ok} of ${a.planets.length} planets as the goal needs:</p><div class="assign-planets">${planets}</div>` : ''
  }</details>`;
}

/** Mark the assignment's planets on the map: their name labels (the rest unmarked). */
export function markAssignmentPlanets(a: AssignmentFacts | null | undefined): void {
  const ids = new Set(a?.planets.map((p) => p.id) ?? []);
  for (const el of document.querySelectorAll<HTMLElement>('.planet-label')) el.classList.toggle('assignment-planet', ids.has(el.dataset.planet ?? ''));
}
