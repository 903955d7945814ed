/**
 * A conquest board on the galaxy [002]: over each star system a badge in its holder's colour with its
 * army count (a star on a capital), placed each frame where the system projects, above the system's
 * name; the systems' rings take their holders' colours too. Badges the player may click for the
 * pending decision glow; the territory picked first and the ones it may act on are marked. It reads a
 * view and never writes the game.
 */
import type { GalaxyScene } from '../../render/galaxy-scene';
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import type { ScreenBox } from '../screen-boxes';
import { labelLayer, SystemLabelPlacer, type SystemLabel } from '../game-screen/system-labels';
import { esc } from '../html';

/** What the pending decision makes of each territory on the board. */
export interface BoardMarks {
  /** Territories a click acts on now. */
  clickable: ReadonlySet<string>;
  /** The territory picked first (an attack's or a move's origin). */
  selected: string | null;
  /** Where the picked territory may attack or move. */
  targets: ReadonlySet<string>;
  /** Territories the option under the pointer names. */
  hovered: ReadonlySet<string>;
}

export const NO_MARKS: BoardMarks = { clickable: new Set(), selected: null, targets: new Set(), hovered: new Set() };

interface Badge extends SystemLabel {
  armies: number;
  owner: FactionId | null;
  html: string;
}

export class ConquestBoard {
  private readonly layer: HTMLElement;
  private badges: Badge[] = [];
  private readonly placer: SystemLabelPlacer;
  /** Nothing shown yet: the first view pulses nothing. */
  private first = true;

  constructor(
    host: HTMLElement,
    private readonly galaxy: GalaxyScene,
    private readonly colours: ReadonlyMap<FactionId, string>,
    onClick: (territory: string, e: MouseEvent) => void,
    onHover: (territory: string | null) => void,
  ) {
    this.layer = labelLayer(host, 'cq-board', 'territory', onClick, onHover);
    this.placer = new SystemLabelPlacer(galaxy, { width: 28, height: 20 }, 6);
  }

  /** Show a view: each badge's holder and armies; the rings in the holders' colours; the decision's marks. */
  show(view: ConquestView, marks: BoardMarks, factionName: (f: FactionId) => string): void {
    if (!this.badges.length) this.build(view);
    const capitals = new Map<string, FactionId>();
    if (view.gameType === 'capital') for (const [f, t] of Object.entries(view.capitals)) capitals.set(t as string, f as FactionId);
    for (const b of this.badges) {
      const owner = view.owner[b.id] ?? null;
      const armies = view.armies[b.id] ?? 0;
      const capitalOf = capitals.get(b.id);
      const changed = owner !== b.owner || armies !== b.armies;
      b.el.style.setProperty('--c', owner ? (this.colours.get(owner) ?? '#888') : '#5a6080');
      b.el.classList.toggle('free', !owner);
      b.el.classList.toggle('clickable', marks.clickable.has(b.id));
      b.el.classList.toggle('selected', marks.selected === b.id);
      b.el.classList.toggle('target', marks.targets.has(b.id));
      b.el.classList.toggle('hovered', marks.hovered.has(b.id));
      b.el.classList.toggle('capital', !!capitalOf);
      b.el.dataset.owner = owner ?? '';
      b.el.dataset.armies = String(armies);
      const name = view.map.nameOf(b.id);
      const continent = view.map.def.continents.find((c) => c.id === view.map.continentOf.get(b.id))?.name ?? '';
      const title = `${name} (${continent}): ${owner ? `${factionName(owner)}, ${armies} ${armies === 1 ? 'army' : 'armies'}` : 'unclaimed'}${
        capitalOf ? ` · ${factionName(capitalOf)}'s capital` : ''
      }`;
      if (b.el.title !== title) b.el.title = title;
      // written only when it changes: a node replaced under the pointer loses the click it was starting
      const html = `${capitalOf ? '<i class="cq-capital" aria-label="capital">★</i>' : ''}<b>${owner ? armies : '·'}</b>`;
      if (b.html !== html) {
        b.el.innerHTML = html;
        b.html = html;
      }
      if (changed && !this.first) {
        // a brief pulse where something changed (restarted by reading the layout in between)
        b.el.classList.remove('bump');
        void b.el.offsetWidth;
        b.el.classList.add('bump');
      }
      b.owner = owner;
      b.armies = armies;
      b.width = 0;
    }
    this.first = false;
    this.galaxy.setSystemRings(new Map(view.map.territories.flatMap((t) => (view.owner[t] ? [[t, this.colours.get(view.owner[t]!) ?? '#888']] : []))));
    this.place(true);
  }

  private build(view: ConquestView): void {
    for (const id of view.map.territories) {
      const el = document.createElement('button');
      el.className = 'cq-badge';
      el.dataset.territory = id;
      el.dataset.testid = 'cq-territory';
      this.layer.appendChild(el);
      this.badges.push({ id, el, armies: 0, owner: null, html: '', x: 0, y: 0, width: 0, height: 0, visible: false });
    }
  }

  /** Where the badges go: above each system's star, kept off each other and off the names. */
  place(force = false): void {
    this.placer.place(this.badges, force);
  }

  /** The badges' boxes on the screen, as last placed (the dice keep off them). */
  boxes(): readonly ScreenBox[] {
    return this.badges;
  }

  /** The screen point of a territory's badge (tests click it like a player). */
  badgeOf(territory: string): HTMLElement | null {
    return this.badges.find((b) => b.id === territory)?.el ?? null;
  }

  /** Take everything off the map: the badges, and the rings' own colours back. */
  clear(): void {
    this.layer.replaceChildren();
    this.badges = [];
    this.placer.clear();
    this.first = true;
    this.galaxy.setSystemRings(null);
  }
}

/** A territory's name in its holder's colour, for the panels. */
export function territoryHtml(view: ConquestView, territory: string, colours: ReadonlyMap<FactionId, string>): string {
  const owner = view.owner[territory];
  return `<span class="cq-t" style="--c:${owner ? (colours.get(owner) ?? '#888') : '#8b93b8'}">${esc(view.map.nameOf(territory))}</span>`;
}
