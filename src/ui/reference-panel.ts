/**
 * The rules and card reference as an overlay panel on the game page (the "Rules" button, the R key, a
 * click on a rules word in a prompt). Built the first time it opens: the page starts no slower for it.
 * Esc closes it first of all panels (app.ts, closeTopmostPanel).
 */
import type { Content } from '../core/content/validate';
import { el, filterReference, renderReference, showEntry } from './reference';

export class ReferencePanel {
  readonly element: HTMLElement;
  private readonly scroller: HTMLElement;
  private reference: HTMLElement | null = null;

  constructor(
    host: HTMLElement,
    private readonly content: Content,
  ) {
    const close = el('button', { class: 'close', title: 'Close (Esc)', 'data-testid': 'reference-close' }, '×');
    this.scroller = el('div', { class: 'ref-scroll' });
    const box = el('div', { class: 'ref-box', role: 'dialog', 'aria-label': 'Rules and cards' }, el('header', {}, el('h2', {}, 'Rules and cards'), el('span', { class: 'muted small' }, 'Esc closes'), close), this.scroller);
    this.element = el('div', { class: 'ref-overlay', 'data-testid': 'reference', hidden: '' }, box);
    host.appendChild(this.element);
    close.addEventListener('click', () => this.show(false));
    // a click on the dimmed page around the box closes it, like the help card
    this.element.addEventListener('click', (e) => {
      if (e.target === this.element) this.show(false);
    });
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  show(on: boolean): void {
    // closing from the search box: give the keys back to the page (the play screen ignores keys typed in an input)
    if (!on && document.activeElement instanceof HTMLElement && this.element.contains(document.activeElement)) document.activeElement.blur();
    this.element.hidden = !on;
  }

  /** Open (at `anchor`, if given) or close. */
  toggle(anchor?: string): void {
    if (this.visible) this.show(false);
    else this.open(anchor);
  }

  /** Open the reference with `query` searched (a rule number a tutorial's step links to: "[9.3]", "002 II.3"). */
  search(query: string): void {
    this.open();
    const search = this.reference?.querySelector<HTMLInputElement>('.ref-search');
    if (!search || !this.reference) return;
    search.value = query;
    filterReference(this.reference, query);
  }

  /** Open the reference, at an entry (`ref-term-pdb`) or with the search box ready to type in. */
  open(anchor?: string): void {
    if (!this.reference) {
      this.reference = renderReference(this.content);
      this.scroller.appendChild(this.reference);
    }
    this.show(true);
    const search = this.reference.querySelector<HTMLInputElement>('.ref-search');
    if (anchor && showEntry(this.reference, anchor)) return;
    if (search) {
      search.value = '';
      filterReference(this.reference, '');
      search.focus();
    }
  }
}
