/**
 * The solitaire board on the galaxy [001]: over each star system (a sector) a label with its number, its
 * holder's colour (Imperial, Chaos, an Independent Empire's, or none), the Imperial and Chaos units
 * there as short codes, and its markers (Nexus, Illumination, aliens, the Institute, the Leviathan, an
 * expedition). The systems' rings take the holders' colours. Labels a click acts on for the pending
 * decision glow. It reads a view and never writes the game.
 */
import type { GalaxyScene } from '../../render/galaxy-scene';
import type { UnitDef, UnitType } from '../../../systems/solitaire/content';
import type { SolitaireView } from '../../../systems/solitaire/view';
import type { ScreenBox } from '../screen-boxes';
import { labelLayer, SystemLabelPlacer, type SystemLabel } from '../game-screen/system-labels';
import { esc } from '../html';
import { sectorNo, unitsCode, unitsText } from './words';

export const COLOURS = { empire: '#ffd27a', chaos: '#ff5a5a', independent: '#c58bff', none: '#6b7399' };

export interface SolitaireMarks {
  clickable: ReadonlySet<string>;
  selected: string | null;
  targets: ReadonlySet<string>;
  hovered: ReadonlySet<string>;
  /** Sectors where something just happened (a battle, a move): a brief flash. */
  recent: ReadonlySet<string>;
}

export const NO_MARKS: SolitaireMarks = { clickable: new Set(), selected: null, targets: new Set(), hovered: new Set(), recent: new Set() };

interface Label extends SystemLabel {
  html: string;
}

/** Who holds a sector's system: 'empire', 'chaos', 'independent' (a Chaos system of an Independent Empire), or 'none'. */
export function holderOf(view: SolitaireView, sector: string): keyof typeof COLOURS {
  const sys = view.systems[sector];
  if (!sys) return 'none';
  if (sys.side === 'empire') return 'empire';
  return sys.force && view.forces.some((f) => f.id === sys.force && f.kind === 'independent') ? 'independent' : 'chaos';
}

/** The markers on a sector as [sign, words] pairs. */
export function markersOf(view: SolitaireView, sector: string): [string, string][] {
  const out: [string, string][] = [];
  if (view.nexus.includes(sector)) out.push(['◆', 'Nexus']);
  if (view.illuminated.includes(sector)) out.push(['☀', 'Illumination']);
  for (const a of view.aliens) if (a.sector === sector) out.push(['✺', `Aliens: ${a.kind.replace(/-/g, ' ')}`]);
  if (view.institute === sector) out.push(['⌂', 'the Institute']);
  if (view.leviathan && view.sectors[0] === sector) out.push(['∞', 'the Leviathan']);
  if (view.expeditions.includes(sector)) out.push(['✧', 'Expedition possible']);
  return out;
}

/** A sector's label, as words (its title) and as HTML. */
export function sectorLabelHtml(view: SolitaireView, sector: string, name: string, defs: ReadonlyMap<UnitType, UnitDef>): { html: string; title: string } {
  const sys = view.systems[sector];
  const holder = holderOf(view, sector);
  const mine = view.units.filter((u) => u.sector === sector && u.side === 'empire');
  const theirs = view.units.filter((u) => u.sector === sector && u.side === 'chaos');
  const markers = markersOf(view, sector);
  const holderWords = { empire: 'Imperial', chaos: 'Chaos', independent: view.forces.find((f) => f.id === sys?.force)?.name ?? 'an Independent Empire', none: 'no system' }[holder];
  const title = [
    `${name} (sector ${sectorNo(view, sector)}): ${sys ? `${holderWords} system (resource ${sys.resource}, military ${sys.military}, morphogenetic ${sys.morph})` : 'no system'}`,
    mine.length ? `Imperial: ${unitsText(mine, defs)}` : '',
    theirs.length ? `Chaos: ${unitsText(theirs, defs)}` : '',
    markers.length ? `Markers: ${markers.map((m) => m[1]).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const html = `<span class="sol-no">${sectorNo(view, sector)}</span>${sys ? `<span class="sol-res" title="resource">${sys.resource}</span>` : ''}${
    mine.length ? `<span class="sol-u imp">${esc(unitsCode(mine))}</span>` : ''
  }${theirs.length ? `<span class="sol-u cha">${esc(unitsCode(theirs))}</span>` : ''}${markers.length ? `<span class="sol-m">${markers.map((m) => m[0]).join('')}</span>` : ''}`;
  return { html, title };
}

export class SolitaireBoard {
  private readonly layer: HTMLElement;
  private labels: Label[] = [];
  private readonly placer: SystemLabelPlacer;

  constructor(
    host: HTMLElement,
    private readonly galaxy: GalaxyScene,
    onClick: (sector: string) => void,
    onHover: (sector: string | null) => void,
  ) {
    this.layer = labelLayer(host, 'sol-board', 'sector', onClick, onHover);
    this.placer = new SystemLabelPlacer(galaxy, { width: 40, height: 20 }, 8);
  }

  show(view: SolitaireView, marks: SolitaireMarks, nameOf: (id: string) => string, defs: ReadonlyMap<UnitType, UnitDef>): void {
    if (!this.labels.length) this.build(view);
    for (const l of this.labels) {
      const holder = holderOf(view, l.id);
      const { html, title } = sectorLabelHtml(view, l.id, nameOf(l.id), defs);
      l.el.style.setProperty('--c', COLOURS[holder]);
      l.el.dataset.holder = holder;
      l.el.dataset.imperial = String(view.units.filter((u) => u.sector === l.id && u.side === 'empire').length);
      l.el.dataset.chaos = String(view.units.filter((u) => u.sector === l.id && u.side === 'chaos').length);
      l.el.classList.toggle('clickable', marks.clickable.has(l.id));
      l.el.classList.toggle('selected', marks.selected === l.id);
      l.el.classList.toggle('target', marks.targets.has(l.id));
      l.el.classList.toggle('hovered', marks.hovered.has(l.id));
      l.el.classList.toggle('recent', marks.recent.has(l.id));
      if (l.el.title !== title) l.el.title = title;
      if (l.html !== html) {
        l.el.innerHTML = html;
        l.html = html;
        l.width = 0;
      }
    }
    const rings = new Map<string, string>();
    for (const s of view.sectors) {
      const h = holderOf(view, s);
      if (h !== 'none') rings.set(s, COLOURS[h]);
    }
    this.galaxy.setSystemRings(rings);
    this.place(true);
  }

  private build(view: SolitaireView): void {
    for (const id of view.sectors) {
      const el = document.createElement('button');
      el.className = 'sol-label';
      el.dataset.sector = id;
      el.dataset.testid = 'sol-sector';
      this.layer.appendChild(el);
      this.labels.push({ id, el, html: '', x: 0, y: 0, width: 0, height: 0, visible: false });
    }
  }

  /** Where the labels go: just above each system's star, kept off each other (the names keep off them). */
  place(force = false): void {
    this.placer.place(this.labels, force);
  }

  /** Where the labels are on the screen (the system names keep off them). */
  boxes(): readonly ScreenBox[] {
    return this.labels;
  }

  clear(): void {
    this.layer.replaceChildren();
    this.labels = [];
    this.placer.clear();
    this.galaxy.setSystemRings(null);
  }
}
