/**
 * [issue 53] The question on the map: the decision's short prompt with its answers that have no place
 * (end movement, no combat, stop drawing, pass...) as buttons beside it, at the top of the open part of
 * the map, so the turn's question stays in view however the panels are folded. Enter takes the "end / no"
 * answer as ever; the list in the panel holds the same answers.
 */
import { esc } from '../../html';
import type { Dest } from '../../../words/board/types';

export class QuestionBar {
  readonly el: HTMLElement;
  private buttons: Dest[] = [];

  constructor(parent: HTMLElement, onClick: (dest: Dest) => void) {
    this.el = parent.appendChild(document.createElement('div'));
    this.el.className = 'board-question';
    this.el.dataset.testid = 'board-question';
    this.el.hidden = true;
    this.el.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-question-answer]');
      const dest = b ? this.buttons[Number(b.dataset.questionAnswer)] : undefined;
      if (dest) onClick(dest);
    });
  }

  /** Show the question and its buttons (`refused`: a guided game's reason to leave one alone; `enterFirst`: the first is what Enter takes). */
  show(prompt: string, rule: string, buttons: Dest[], refused: (d: Dest) => string | null, enterFirst = false): void {
    this.buttons = buttons;
    const short = prompt.length > 110 ? `${prompt.slice(0, 107).replace(/\s+\S*$/, '')}…` : prompt;
    this.el.innerHTML = `<span class="q-prompt" title="${esc(prompt)}">${esc(short)} <span class="rule">${esc(rule)}</span></span>${buttons
      .map((b, i) => {
        const no = refused(b);
        return `<button class="q-answer${no ? ' refused' : ''}" data-question-answer="${i}" data-testid="board-button" title="${esc(no ?? `${b.label}${b.odds ? `: ${b.odds}` : ''}${b.warning ? ` ⚠ ${b.warning}` : ''}`)}">${esc(b.label)}${i === 0 && enterFirst ? ' <kbd>⏎</kbd>' : ''}</button>`;
      })
      .join('')}`;
    this.el.hidden = false;
  }

  hide(): void {
    this.el.hidden = true;
    this.buttons = [];
  }

  /** Stand at the top of the open part of the map: under the header, centred between the left edge and the panel. */
  place(top: number, left: number, right: number): void {
    if (this.el.hidden) return;
    this.el.style.top = `${Math.round(top)}px`;
    this.el.style.left = `${Math.round(left)}px`;
    this.el.style.maxWidth = `${Math.max(200, Math.round(right - left))}px`;
  }
}
