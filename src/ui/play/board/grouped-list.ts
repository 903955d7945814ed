/**
 * The decision list for the keyboard and screen readers [issue 44], grouped as src/words/decision-list.ts groups
 * it: by star system, then stack, sorted, identical choices on one line ("×3"). Short lists stay flat;
 * a long one shows its systems folded, each with how many choices it holds, so no flat run is longer
 * than a dozen. Every option keeps its number, so typing it still chooses it.
 */
import type { ListGroup } from '../../../words/decision-list';
import { FLAT_MAX } from '../../../words/decision-list';
import { esc } from '../../html';

/** The list's HTML; `button(index, count)` draws one option's button. `open` names the system unfolded (the one clicked on the map). */
export function groupedListHtml(groups: ListGroup[], total: number, button: (index: number, count: number) => string, open?: string): string {
  if (total <= FLAT_MAX || groups.length <= 1 && (groups[0]?.stacks.length ?? 0) <= 1) {
    return groups.flatMap((g) => g.stacks.flatMap((s) => s.items.map((it) => button(it.index, it.count)))).join('');
  }
  return groups
    .map((g) => {
      const n = g.stacks.reduce((s, st) => s + st.items.length, 0);
      // the choices with no place (end movement...) stay in sight, above the folded systems
      if (g.title === 'General') return `<div class="grp-general">${g.stacks.flatMap((s) => s.items.map((it) => button(it.index, it.count))).join('')}</div>`;
      const stacks = g.stacks
        .map((s) => {
          const many = s.items.length > FLAT_MAX;
          const items = s.items.map((it) => button(it.index, it.count)).join('');
          return many
            ? `<details class="grp-stack"><summary>${esc(s.title)} <span class="muted">(${s.items.length})</span></summary>${items}</details>`
            : `<div class="grp-stack"><div class="grp-title muted small">${esc(s.title)}</div>${items}</div>`;
        })
        .join('');
      return `<details class="grp-system" data-testid="option-group"${open === g.title ? ' open' : ''}><summary><b>${esc(g.title)}</b> <span class="muted">(${n})</span></summary>${stacks}</details>`;
    })
    .join('');
}
