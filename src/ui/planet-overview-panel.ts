/**
 * The Planets panel: a table of every planet in play (loyalty, state, control, PDB, each side's forces
 * as the viewer sees them, the VP each scores), sortable by any column (a click on a header; again
 * reverses), a click on a row opens that planet. The rows come from planet-overview.ts, from the view
 * the page shows, so the panel never knows more than the map does.
 */
import type { Content } from '../core/content/validate';
import type { GameView } from '../core/view';
import { LOYALTY_COLORS, SIDE_COLORS, STATE_LABELS } from '../render/palette';
import { esc } from './html';
import { OVERVIEW_COLUMNS, planetOverviewRows, sortRows, type ForceCount, type OverviewColumn, type PlanetRow } from './planet-overview';
import './planet-overview.css';

export interface OverviewActions {
  /** The view the page shows now (the deciding side's, or the spectator's). */
  view(): GameView | null;
  /** Open a planet: select it and frame it on the camera. */
  open(planetId: string): void;
}

const SIDE_NAMES: Record<string, string> = { rebel: 'Rebel', imperial: 'Imperial' };

export class PlanetOverviewPanel {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;
  private readonly sub: HTMLElement;
  private column: OverviewColumn = 'system';
  private descending = false;

  constructor(
    container: HTMLElement,
    readonly content: Content,
    readonly actions: OverviewActions,
  ) {
    const el = document.createElement('section');
    el.className = 'overview-panel';
    el.dataset.testid = 'overview-panel';
    el.hidden = true;
    el.setAttribute('role', 'dialog');
    el.setAttribute('aria-label', 'Planets in play');
    el.innerHTML = `
      <header><h2>Planets in play</h2><span class="sub" data-el="sub"></span><button class="close" data-act="close" title="Close (Esc)">×</button></header>
      <div class="overview-scroll" data-el="body"></div>`;
    container.appendChild(el);
    this.element = el;
    this.body = el.querySelector('[data-el="body"]') as HTMLElement;
    this.sub = el.querySelector('[data-el="sub"]') as HTMLElement;
    el.querySelector('[data-act="close"]')?.addEventListener('click', () => this.show(false));
    this.body.addEventListener('click', (e) => {
      const t = e.target as HTMLElement;
      const th = t.closest<HTMLElement>('th[data-sort]');
      if (th) return this.sortBy(th.dataset.sort as OverviewColumn);
      const tr = t.closest<HTMLElement>('tr[data-planet]');
      if (tr) this.open(tr.dataset.planet as string);
    });
    this.body.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const t = e.target as HTMLElement;
      if (t.dataset.sort) this.sortBy(t.dataset.sort as OverviewColumn);
      else if (t.dataset.planet) this.open(t.dataset.planet);
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  show(on: boolean): void {
    this.element.hidden = !on;
    // closed, it keeps nothing: in hot-seat the next player's page must not hold the last one's table
    if (on) this.render();
    else this.body.replaceChildren();
  }

  toggle(): void {
    this.show(!this.visible);
  }

  /** The view changed: draw the table again if it is open. */
  refresh(): void {
    if (this.visible) this.render();
  }

  /** A header clicked: sort by it, or reverse the order when it already sorts. */
  sortBy(column: OverviewColumn): void {
    if (!OVERVIEW_COLUMNS.includes(column)) return;
    if (column === this.column) this.descending = !this.descending;
    else [this.column, this.descending] = [column, false];
    this.render();
  }

  private open(planetId: string): void {
    // the planet is framed in the middle of the map, where the panel stands: the panel gives way
    this.show(false);
    this.actions.open(planetId);
  }

  private render(): void {
    const view = this.actions.view();
    if (!view) {
      this.sub.textContent = '';
      this.body.innerHTML = '<p class="muted">No game yet.</p>';
      return;
    }
    const side = view.side;
    this.sub.textContent = side ? `as the ${SIDE_NAMES[side] ?? side} sees them` : 'everything (spectator)';
    const rows = sortRows(planetOverviewRows(view, this.content), this.column, this.descending);
    // the viewer's own side first; the other side's forces are only those he has seen
    const sides: ('rebel' | 'imperial')[] = side === 'imperial' ? ['imperial', 'rebel'] : ['rebel', 'imperial'];
    const sideHead = (s: 'rebel' | 'imperial') =>
      `${SIDE_NAMES[s]}${side ? (s === side ? ' <small>yours</small>' : ' <small>seen</small>') : ''}`;
    const heads: [OverviewColumn, string, string][] = [
      ['planet', 'Planet', 'The planet (click a row to open it)'],
      ['system', 'System', 'Its star system'],
      ['loyalty', 'Loyalty', 'Loyalty to the Empire [15.1]'],
      ['state', 'State', 'Imperial control, in rebellion, Rebel control or rebellion stopped [15.5]'],
      ['control', 'Control', 'Who controls it now, from the Planet Control Chart [15.51-15.54] (hover a cell for why)'],
      ['pdb', 'PDB', 'Planetary defence base: its level, and up or down (a down PDB cannot detect) [9.32, 15.6]'],
      ...sides.map((s): [OverviewColumn, string, string] => [
        s,
        sideHead(s),
        side && s !== side ? `${SIDE_NAMES[s]} military units and characters you have seen here` : `${SIDE_NAMES[s]} military units and characters here`,
      ]),
      ['vp', 'VP', 'Rebel victory points the planet scores as it stands'],
    ];
    const arrow = this.descending ? '▼' : '▲';
    const head = heads
      .map(
        ([key, label, title]) =>
          `<th data-sort="${key}" tabindex="0" title="${esc(title)}" aria-sort="${key === this.column ? (this.descending ? 'descending' : 'ascending') : 'none'}"${key === this.column ? ' class="sorted"' : ''}>${label}${key === this.column ? ` <span class="arrow">${arrow}</span>` : ''}</th>`,
      )
      .join('');
    const body = rows.map((r) => this.rowHtml(r, sides)).join('');
    this.body.innerHTML = rows.length
      ? `<table class="overview" data-testid="overview-table"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
      : '<p class="muted">No planet is in play.</p>';
  }

  private rowHtml(r: PlanetRow, sides: ('rebel' | 'imperial')[]): string {
    const control = r.control ? `<span style="color:${SIDE_COLORS[r.control]}">${SIDE_NAMES[r.control]}</span>` : '<span class="muted">neither</span>';
    const pdb = `${r.pdbLevel} <span class="${r.pdbUp ? 'up' : 'down'}">${r.pdbUp ? 'up' : 'down'}</span>`;
    const vp = r.vp ? `<b class="${r.vp > 0 ? 'plus' : 'minus'}">${r.vp > 0 ? '+' : ''}${r.vp}</b>` : '<span class="muted">0</span>';
    return `<tr data-planet="${esc(r.id)}" data-testid="overview-row" tabindex="0" title="Open ${esc(r.name)}">
      <td class="name">${esc(r.name)}</td>
      <td>${esc(r.systemName)}</td>
      <td style="color:${LOYALTY_COLORS[r.loyalty]}">${r.loyalty}</td>
      <td>${STATE_LABELS[r.state]}</td>
      <td title="${esc(r.controlWhy)}">${control}</td>
      <td class="pdb">${pdb}</td>
      ${sides.map((s) => `<td class="force" data-side="${s}">${this.forceHtml(r.forces[s])}</td>`).join('')}
      <td class="num">${vp}</td></tr>`;
  }

  private forceHtml(f: ForceCount): string {
    if (!f.units && !f.characters) return '<span class="muted">—</span>';
    const strength = f.hiddenUnits ? `${f.strength ? `${f.strength}+` : ''}?` : String(f.strength);
    const units = f.units ? `<span title="combat strength ${strength}${f.hiddenUnits ? `; ${f.hiddenUnits} of unknown strength [7.22]` : ''}">${f.units} unit${f.units > 1 ? 's' : ''} <small>str ${strength}</small></span>` : '';
    const names = f.characterIds.map((id) => this.content.characters.get(id)?.name ?? id).join(', ');
    const chars = f.characters ? `<span title="${esc(names)}">${f.characters} character${f.characters > 1 ? 's' : ''}</span>` : '';
    return [units, chars].filter(Boolean).join('<br>');
  }
}
