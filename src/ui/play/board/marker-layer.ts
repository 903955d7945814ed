/**
 * The play screen's layer over the map [issue 44, 53]: the board's markers (a badge for each star system
 * with choices at galaxy zoom, then, close up, the stacks, the open stack's counters and lit destinations,
 * targets, questions asked at one place), the question with its buttons at the top of the map, the hover
 * card of a marker's facts and odds, and the camera framed on what the decision is about. A decision with
 * no board form has the older numbered markers, one per place its options name.
 *
 * Markers never hide [issue 53]: each takes the nearest spot clear of the names, the badges and the other
 * markers; one that would stand under a panel is pushed out to the panel's edge; where the map is too
 * crowded for a clear spot it stands at its place all the same, on top. A badge's click flies the camera
 * to its system and shows every choice there.
 */
import { Vector2, Vector3 } from 'three';
import type { Decision } from '../../../core/engine/types';
import { badgeRadius, type PlanetLayout } from '../../../render/layout';
import type { Host } from '../../shell/mode';
import { PanelWatch, spreadMarkers, type ScreenBox } from '../../screen-boxes';
import type { Dest } from '../../../words/board/types';
import { driftOfPlace } from '../../../words/drift-place';
import { driftPoint } from '../../shell/map-labels';
import { esc } from '../../html';
import type { PlayInfo } from '../play-protocol';
import { factsHtml, placeName } from '../panel-html';
import { smallWindow } from '../../shell/drawers';
import type { MapPlay } from './map-play';
import { trayElement } from './counters';
import { QuestionBar } from './question-bar';

/** A marker on the map, where its environ (or its star system, for a badge) projects to on the screen. */
export interface MapMarker extends ScreenBox {
  el: HTMLElement;
  environ: string;
  /** A badge: it stands on its star system's star. */
  system?: string;
  /** A question asked at its place: it stands beside the place, away from the planet, not over it. */
  beside?: boolean;
  /** An open stack's counters: docked at the side of the map's open part nearest its stack, at its height; the markers keep clear of it. */
  dock?: boolean;
  /** Close up on one star system: the other systems' badges, in one column at the right of the map's open part. */
  elsewhere?: boolean;
}

/** What the layer needs of the play screen. */
export interface LayerHost {
  readonly app: Host;
  /** The play screen's box (the hover card and the question bar go in it). */
  readonly root: HTMLElement;
  readonly layer: HTMLElement;
  readonly board: MapPlay;
  busy(): boolean;
  play(): PlayInfo | null;
  /** The place the list is narrowed to by a click on a numbered marker, or null. */
  filter(): string | null;
  /** A numbered marker (or a place on the map) clicked. */
  pickPlace(environ: string): void;
  /** The key that takes option `i`: its line's place in the list as shown [issue 59]. */
  keyOf(i: number): number;
  /** The map's markers changed by the player's hand (the camera taken elsewhere, the other systems' list opened): the panels may fold or unfold for the map. */
  mapChanged(): void;
}

/** How far (in rings of spots, 5 px apart) a marker may move from its place to stay clear of the others: a badge from its star. */
const SPREAD_RINGS = 24;

/** The most targets one place's column shows before it scrolls. */
const COLUMN_TALL = 0.45;

export class MarkerLayer {
  markers: MapMarker[] = [];
  private readonly tmp2 = new Vector2();
  private readonly tmp3 = new Vector3();
  private readonly bar: QuestionBar;
  /** The dests of the board's markers on show, by their elements' `data-board-dest`. */
  private boardDests: Dest[] = [];
  /** A drag from a stack's marker under way: where it began (page pixels), whether it has opened the stack. */
  private drag: { environ: string; x: number; y: number; picked: boolean } | null = null;
  /** A drag has just ended: the click that follows its pointerup is not a click on a marker. */
  private dragged = false;
  /** The hover card of a target's facts and odds. */
  private tip: HTMLElement | null = null;

  /**
   * The panels' boxes (header, decision panel, event log, the question): markers keep out from under them.
   * Measured again when a panel or the window changes size (the question and the markers placed again at
   * once), or the panel is drawn again; not on a timer.
   */
  readonly panels: PanelWatch;

  constructor(private readonly host: LayerHost) {
    this.bar = new QuestionBar(host.layer, (dest) => !host.busy() && host.board.clickDest(dest));
    this.panels = new PanelWatch('.hud, .decision-box, section.log, .hud-buttons, .top-buttons, .board-question, aside.panel, .drawer-tab', () => host.app.galaxy.renderer.domElement, () => {
      this.placeQuestion();
      this.place();
    });
    const prevFocus = host.app.galaxy.onFocus;
    host.app.galaxy.onFocus = (system) => {
      prevFocus(system);
      this.cameraMoved(system);
    };
  }

  /** The layer's own framing of a decision is under way (the camera's new focus is the layer's doing, not the player's). */
  private framing = false;

  /**
   * [issue 53] The player took the camera close up on a star system (its star clicked, Tab) or back out:
   * the board shows what there is to do there, without moving the camera again.
   */
  private cameraMoved(system: string | null): void {
    if (this.framing || !this.markers.length || !this.host.board.onMap || !this.host.board.follow(system)) return;
    this.build(false);
    this.host.mapChanged();
  }

  private get app(): Host {
    return this.host.app;
  }

  /** Draw the markers of the decision on show (none while the AI plays), the camera framed on them unless `frame` is false. */
  build(frame = true): void {
    this.clear();
    const p = this.host.play();
    if (!p?.decision) {
      this.bar.hide();
      this.app.galaxy.setInsets({ top: 0 });
      return;
    }
    const board = this.host.board;
    this.showQuestion(p);
    // the question stands at the top of the map: the picture is framed below it
    this.placeQuestion();
    const canvas = this.app.galaxy.renderer.domElement.getBoundingClientRect();
    this.app.galaxy.setInsets({ top: Math.max(0, this.bar.el.getBoundingClientRect().bottom - canvas.top) });
    if (board.onMap) return this.buildBoard(p.decision, frame);
    if (board.active) return this.place();
    this.buildNumbered(p);
  }

  /** The question at the top of the map, with its answers that have no place (Enter's first). */
  private showQuestion(p: PlayInfo): void {
    const d = p.decision as Decision;
    const board = this.host.board;
    const enter = p.options.findIndex((o) => o.ends);
    const enterCommand = enter >= 0 ? JSON.stringify(d.options[enter]) : '';
    const buttons = [...board.buttons].sort((a, b) => Number(JSON.stringify(b.commands[0]) === enterCommand) - Number(JSON.stringify(a.commands[0]) === enterCommand));
    this.bar.show(d.prompt, d.rule, buttons, (dest) => board.refusal(dest.commands), buttons[0] && JSON.stringify(buttons[0].commands[0]) === enterCommand);
  }

  /** The older numbered markers, one per place the options name (a decision the board has no form for). */
  private buildNumbered(p: PlayInfo): void {
    const byPlace = new Map<string, number[]>();
    p.options.forEach((o, i) => {
      for (const place of o.places) byPlace.set(place, [...(byPlace.get(place) ?? []), i]);
    });
    this.frameChoices([...byPlace.keys()], p.decision as Decision);
    const named = this.spansSystems([...byPlace.keys()]);
    for (const [environ, list] of byPlace) {
      if (!this.app.galaxy.layout.environIndex.has(environ)) continue;
      const el = document.createElement('button');
      el.className = `map-marker${this.host.filter() === environ ? ' on' : ''}`;
      el.dataset.environ = environ;
      el.dataset.testid = 'marker';
      const key = (i: number) => this.host.keyOf(i);
      el.title = `${placeName(this.app.content, environ)}: ${list.map((i) => `${key(i)}. ${p.options[i]?.label}`).join('; ')} (click to take it${list.length > 1 ? ', or to see these in the list' : ''})`;
      el.textContent = list.length > 3 ? `${list.slice(0, 3).map(key).join(' ')}…` : list.map(key).join(' ');
      if (named) el.textContent += ` · ${this.planetName(environ)}`;
      el.addEventListener('click', () => this.host.pickPlace(environ));
      this.add(el, environ);
    }
    this.measure();
  }

  private add(el: HTMLElement, environ: string, extra: Partial<MapMarker> = {}): MapMarker {
    this.host.layer.appendChild(el);
    const m: MapMarker = { el, environ, x: 0, y: 0, width: 0, height: 0, visible: false, ...extra };
    this.markers.push(m);
    return m;
  }

  /** Sizes once, while laid out (the placing runs every frame and must not touch layout); then place them. */
  private measure(): void {
    for (const m of this.markers) {
      m.width = m.el.offsetWidth;
      m.height = m.el.offsetHeight;
    }
    for (const m of this.markers) if (m.elsewhere) this.fitElsewhere(m);
    this.place();
  }

  /** The other systems' column, in as many columns side by side as it takes to fit under the question: none scrolls out of sight. */
  private fitElsewhere(m: MapMarker): void {
    const canvas = this.app.galaxy.renderer.domElement.getBoundingClientRect();
    const top = (this.bar.el.hidden ? canvas.top : this.bar.el.getBoundingClientRect().bottom) - canvas.top + 8;
    const room = Math.max(60, canvas.height - top - 8);
    if (m.height <= room) return;
    m.el.classList.add('wrap');
    m.el.style.gridTemplateColumns = `repeat(${Math.ceil(m.height / room)}, max-content)`;
    m.width = m.el.offsetWidth;
    m.height = m.el.offsetHeight;
  }

  /**
   * Drag a stack to where it goes: past a few pixels the stack opens (its pick's destinations light up);
   * let go over one of them and it moves there, anywhere else and it stays open.
   */
  private dragFrom(e: PointerEvent, environ: string): void {
    if (e.button !== 0 || e.shiftKey || this.host.busy()) return;
    this.drag = { environ, x: e.clientX, y: e.clientY, picked: false };
    const move = (m: PointerEvent) => {
      const d = this.drag;
      if (!d || d.picked || Math.hypot(m.clientX - d.x, m.clientY - d.y) < 8) return;
      d.picked = this.host.board.dragStart(d.environ);
    };
    const up = (u: PointerEvent) => {
      window.removeEventListener('pointermove', move, true);
      window.removeEventListener('pointerup', up, true);
      const d = this.drag;
      this.drag = null;
      if (!d?.picked) return;
      this.dragged = true;
      setTimeout(() => (this.dragged = false), 0);
      const over = document.elementFromPoint(u.clientX, u.clientY)?.closest<HTMLElement>('[data-board-dest]');
      const dest = over ? this.boardDests[Number(over.dataset.boardDest)] : undefined;
      if (dest && !this.host.busy()) this.host.board.clickDest(dest);
    };
    window.addEventListener('pointermove', move, true);
    window.addEventListener('pointerup', up, true);
  }

  /**
   * The hover card of `el`'s facts, kept inside the window and off the markers it belongs to (its column,
   * when it stands in one): beside the column where it fits, else below or above it. In a small window
   * the map has no room to spare (a draw's card, every mission's odds, covered half of it at 800x600): the
   * card stands over the decision panel while that is open, as it tells the same question.
   */
  showTip(el: HTMLElement, text: string): void {
    if (!this.tip) {
      this.tip = document.createElement('div');
      this.tip.className = 'board-tip';
      this.tip.dataset.testid = 'board-tip';
      this.host.root.appendChild(this.tip);
    }
    const tip = this.tip;
    const r = el.getBoundingClientRect();
    const col = (el.closest('.board-column, .board-tray') ?? el).getBoundingClientRect();
    const [head, ...rest] = text.split(': ');
    tip.innerHTML = `<b>${esc(head ?? '')}</b>${rest.length ? `<br>${factsHtml(rest.join(': '))}` : ''}`;
    tip.hidden = false;
    const { innerWidth: width, innerHeight: height } = window;
    const panel = smallWindow() ? this.decisionPanel() : null;
    const w = Math.min(360, width - 16, panel ? panel.width - 8 : Infinity);
    tip.style.width = `${w}px`;
    const h = tip.offsetHeight;
    const top = (y: number) => Math.max(8, Math.min(height - h - 8, y));
    const at = (left: number, y: number) => {
      tip.style.left = `${Math.round(left)}px`;
      tip.style.top = `${Math.round(top(y))}px`;
    };
    if (panel) return at(panel.right - w - 4, r.top);
    if (col.right + 8 + w <= width - 8) return at(col.right + 8, r.top);
    if (col.left - w - 8 >= 8) return at(col.left - w - 8, r.top);
    const left = Math.max(8, Math.min(width - w - 8, col.left));
    if (col.bottom + 8 + h <= height - 8) return at(left, col.bottom + 8);
    if (col.top - 8 - h >= 8) return at(left, col.top - 8 - h);
    at(Math.max(8, col.left - w - 8), r.top);
  }

  /** The decision panel's box while it is open on the page (not folded away, not hidden). */
  private decisionPanel(): DOMRect | null {
    const el = this.host.root.querySelector<HTMLElement>('.decision-box');
    if (!el || el.hidden || el.classList.contains('folded') || !el.getClientRects().length) return null;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth ? box : null;
  }

  hideTip(): void {
    if (this.tip) this.tip.hidden = true;
  }

  /** The board's markers: badges, stacks, the open stack's tray and destinations, targets, one-click choices. */
  private buildBoard(d: Decision, frame: boolean): void {
    this.boardDests = [];
    const board = this.host.board;
    const list = board.markers();
    // the open stack's counters, docked at the left of the map: the picture is framed in the room they leave
    const tray = board.tray();
    let trayWidth = 0;
    if (tray && this.onMap(tray.mover.at ?? tray.mover.place)) {
      const el = trayElement(tray, board, (t, words) => this.showTip(t, words), () => this.hideTip());
      const m = this.add(el, tray.mover.at ?? tray.mover.place, { dock: true });
      trayWidth = m.width = el.offsetWidth;
      m.height = el.offsetHeight;
    }
    this.app.galaxy.setInsets({ left: trayWidth ? trayWidth + 16 : 0 });
    // the camera frames the choices of the system on show; a badge for another system waits for its click
    const near = list.filter((m) => m.kind !== 'badge');
    if (frame && near.length) this.frameChoices(near.map((m) => m.environ), d);
    else if (frame) this.frameSystems(list.map((m) => m.system ?? ''));
    // several targets at one place (a character's missions, the ways to search an environ): one column of
    // them there, so none is pushed away from its place or hidden by the others
    const together = new Map<string, HTMLElement>();
    // close up on one star system, the other systems' badges stand together in one column at the side, each
    // naming its system, rather than strewn over the edges of the picture (at 800x600 they covered it)
    const closeUp = near.length > 0 || board.focus !== null;
    const others = closeUp ? list.filter((bm) => bm.system && this.onMap(bm.environ)).length : 0;
    const elsewhere = others ? this.elsewhereColumn(others) : null;
    const shared = new Set(list.filter((bm, i) => bm.dest && list.findIndex((o) => o.dest && o.environ === bm.environ) !== i).map((bm) => bm.environ));
    const ask = board.ask;
    for (const bm of list) {
      if (!this.onMap(bm.environ) || (bm.system && elsewhere && !this.elsewhereOpen)) continue;
      const el = document.createElement('button');
      el.className = `map-marker board-${bm.kind}${bm.refused ? ' refused' : ''}${bm.idle ? ' idle' : ''}${bm.theirs ? ' theirs' : ''}`;
      el.dataset.environ = bm.environ;
      el.dataset.testid = bm.kind === 'dest' || bm.kind === 'deed' ? 'board-dest-marker' : bm.kind === 'badge' ? 'board-badge' : 'board-marker';
      if (bm.system) el.dataset.system = bm.system;
      // a destination's facts and odds show in a card of their own on hover (a tooltip's words are not
      // drawn in a screenshot, and come late); a stack's and a badge's short hints stay tooltips
      if (bm.dest) {
        const words = bm.refused ? `${bm.title} — ${bm.refused}` : bm.title;
        el.dataset.tip = words;
        el.setAttribute('aria-label', words);
        el.addEventListener('pointerenter', () => this.showTip(el, words));
        el.addEventListener('pointerleave', () => this.hideTip());
      } else el.title = bm.title;
      el.textContent = bm.text;
      el.addEventListener('click', (e) => {
        if (this.dragged || this.host.busy()) return; // the end of a drag, taken on its own
        board.shift = e.shiftKey;
        if (bm.system) return board.goTo(bm.system);
        // a target's own marker takes that target (several may stand at one place)
        if (bm.dest) return void board.clickDest(bm.dest);
        // a stack drawn where it does not stand (adrift in a drift area) is known by its key
        if (bm.key && bm.key !== bm.environ) return void board.click(bm.key);
        this.host.pickPlace(bm.environ);
      });
      if (bm.dest) el.dataset.boardDest = String(this.boardDests.push(bm.dest) - 1);
      if (bm.kind === 'mover') el.addEventListener('pointerdown', (e) => this.dragFrom(e, bm.key ?? bm.environ));
      if (bm.system && elsewhere) {
        elsewhere.appendChild(el);
        continue;
      }
      if (bm.dest && shared.has(bm.environ)) {
        let column = together.get(bm.environ);
        if (!column) {
          column = document.createElement('div');
          column.className = 'board-column'; // not a marker of its own: its lines are (the legibility check counts them)
          column.dataset.environ = bm.environ;
          column.style.maxHeight = `${Math.round(window.innerHeight * COLUMN_TALL)}px`;
          // a question asked at one place (a domino effect's shift, break off or fight): it stands above its answers
          if (ask) {
            const head = column.appendChild(document.createElement('div'));
            head.className = 'board-ask';
            head.dataset.testid = 'board-ask';
            head.textContent = ask;
          }
          together.set(bm.environ, column);
          this.add(column, bm.environ, { beside: !!ask });
        }
        column.appendChild(el);
        continue;
      }
      this.add(el, bm.environ, bm.system ? { system: bm.system } : {});
    }
    this.measure();
  }

  /**
   * Whether the other systems' column is open, as the player last left it (null: open in a window wider
   * than 900 px; in a smaller one it stands folded to its head, which names how many there are).
   */
  private elsewhereChoice: boolean | null = null;

  private get elsewhereOpen(): boolean {
    return this.elsewhereChoice ?? window.innerWidth > 900;
  }

  /** The other systems' column (close up on one), its head a button that folds it or opens it. */
  private elsewhereColumn(count: number): HTMLElement {
    const column = document.createElement('div');
    column.className = 'board-column board-elsewhere';
    column.dataset.testid = 'board-elsewhere';
    const open = this.elsewhereOpen;
    const head = column.appendChild(document.createElement('button'));
    head.className = 'board-ask elsewhere-head';
    head.dataset.testid = 'board-elsewhere-head';
    head.textContent = `${open ? '▾' : '▸'} ${count} other ${count === 1 ? 'system' : 'systems'} with choices`;
    head.title = open ? 'Fold this list away' : 'Show them: a click on one flies there';
    head.addEventListener('click', () => {
      this.elsewhereChoice = !open;
      this.build(false);
      this.host.mapChanged();
    });
    this.add(column, '', { elsewhere: true });
    return column;
  }

  /** The planets the camera last framed for a decision (ids joined): it moves only when they change. */
  private framed = '';
  /** The camera's flight count just after that framing (GalaxyScene.flights). */
  private framedFlight = -1;

  /** The planets the camera last framed for a decision (for the framing test). */
  get framedPlanets(): string[] {
    return this.framed && !this.framed.startsWith('systems:') ? this.framed.split(',') : [];
  }

  /** A new game: frame its first decision afresh. */
  reset(): void {
    this.framed = '';
  }

  /**
   * Frame the planet the decision is about (at system zoom planets were 40 px wide and their markers
   * piled up): the planets its choices name, else the environ its facts name. One planet fills about
   * half the open part of the page; several (a move to another planet or another star system) all fit.
   */
  private frameChoices(places: string[], d: Decision): void {
    const g = this.app.galaxy;
    const L = g.layout;
    const planets = new Map<string, PlanetLayout>();
    const addPlace = (environ: string) => {
      const where = L.environIndex.get(environ);
      const planet = where ? L.planets[where.planet] : undefined;
      if (planet) planets.set(planet.id, planet);
    };
    for (const place of places) addPlace(place);
    const env = d.context?.environ;
    if (!planets.size && typeof env === 'number') addPlace(g.refs[env]?.id ?? '');
    if (!planets.size) return;
    const key = [...planets.keys()].sort().join(',');
    // the same planets again: the camera stays, unless the game flew it elsewhere since (the AI's moves)
    if (key === this.framed && g.flights === this.framedFlight) return;
    this.framed = key;
    const list = [...planets.values()];
    const centre = new Vector3();
    for (const p of list) centre.add(p.position);
    centre.divideScalar(list.length);
    // each planet with its environ rings and the stack badges around them
    let radius = 0;
    for (const p of list) radius = Math.max(radius, p.position.distanceTo(centre) + Math.max(p.radius, ...p.environs.map((e) => badgeRadius(p, e))));
    const systems = new Set(list.map((p) => p.system));
    this.framing = true;
    g.frameSphere(centre, radius, list.length === 1 ? 0.55 : 0.85, systems.size === 1 ? (list[0]?.system ?? null) : null);
    this.framing = false;
    this.framedFlight = g.flights;
  }

  /**
   * The galaxy's badges: the star systems with choices, as large as the open part of the page allows (a
   * rectangle of it, where a sphere round them would leave a border), each badge's room round its star.
   */
  private frameSystems(systems: string[]): void {
    const g = this.app.galaxy;
    const L = g.layout;
    const stars = systems.map((id) => L.systems[L.systemIndex.get(id) ?? -1]?.position).filter((p): p is Vector3 => !!p);
    if (!stars.length) return;
    const key = `systems:${[...systems].sort().join(',')}`;
    if (key === this.framed && g.flights === this.framedFlight) return;
    this.framed = key;
    const centre = new Vector3();
    for (const p of stars) centre.add(p);
    centre.divideScalar(stars.length);
    this.framing = true;
    g.framePoints(centre, stars, { x: 60, top: 16, bottom: 16 });
    this.framing = false;
    this.framedFlight = g.flights;
  }

  /** A decision spread over several star systems: each marker names its planet (planet names show only close up). */
  private spansSystems(places: string[]): boolean {
    const L = this.app.galaxy.layout;
    const systems = new Set<string>();
    for (const place of places) {
      const where = L.environIndex.get(place);
      if (where) systems.add(L.planets[where.planet]?.system ?? '');
    }
    return systems.size > 1;
  }

  /** The planets of the star system on show, each with its environ rings, as boxes on the screen (the dice land beside them, not on them). */
  planetBoxes(): ScreenBox[] {
    const g = this.app.galaxy;
    const out: ScreenBox[] = [];
    const edge = new Vector3();
    const at = new Vector2();
    const rim = new Vector2();
    for (const p of g.layout.planets) {
      if (p.system !== g.focusedSystem || !g.project(p.position, at)) continue;
      const r = Math.max(p.radius, ...p.environs.map((e) => e.outer));
      // the rings' reach on the screen: the farther of a step along x and along z (the camera looks down at an angle)
      let px = 0;
      for (const [dx, dz] of [[r, 0], [0, r]] as const) if (g.project(edge.set(p.position.x + dx, p.position.y, p.position.z + dz), rim)) px = Math.max(px, rim.distanceTo(at));
      out.push({ x: at.x, y: at.y, width: 2 * px, height: 2 * px, visible: true });
    }
    return out;
  }

  /** Whether the map can draw a marker at this place: an environ, or a star system's drift area [5.22]. */
  private onMap(place: string): boolean {
    const L = this.app.galaxy.layout;
    const drift = driftOfPlace(place);
    return L.environIndex.has(place) || (!!drift && L.systemIndex.has(drift.system));
  }

  /** Whether an open stack's counters are on the map. */
  get trayShown(): boolean {
    return this.markers.some((m) => m.dock);
  }

  /** Whether the map shows the galaxy's badges (the choices of several star systems with no system on show), or the other systems' list open beside one. */
  get badgesShown(): boolean {
    return (this.markers.filter((m) => m.system).length > 1 && !this.markers.some((m) => !m.system)) || this.markers.some((m) => m.elsewhere && this.elsewhereOpen);
  }

  clear(): void {
    this.hideTip();
    for (const m of this.markers) m.el.remove();
    this.markers = [];
  }

  /** Stop showing the game: the markers and the question go. */
  stop(): void {
    this.clear();
    this.bar.hide();
    this.app.root.style.removeProperty('--board-question-bottom');
    this.app.galaxy.setInsets({ left: 0, top: 0 });
  }

  /** Where each marker's place is on the screen this frame (false: behind the camera). */
  private project(m: MapMarker): { planet: PlanetLayout | undefined } | null {
    const g = this.app.galaxy;
    const L = g.layout;
    if (m.elsewhere) return { planet: undefined };
    if (m.system) {
      const s = L.systems[L.systemIndex.get(m.system) ?? -1];
      if (!s) return null;
      // a star behind the camera (seen from inside another system): its badge stands at the screen's edge, towards it
      if (!g.project(s.position, this.tmp2)) this.towards(s.position);
      return { planet: undefined };
    }
    const where = L.environIndex.get(m.environ);
    const planet = where ? L.planets[where.planet] : undefined;
    const env = where && planet ? planet.environs[where.environ] : undefined;
    if (!planet || !env) {
      // [5.22] a drift area: on its ring, where the map draws the deciding side's stacks adrift (map-labels' driftPoint)
      const drift = driftOfPlace(m.environ);
      const system = drift ? L.systems[L.systemIndex.get(drift.system) ?? -1] : undefined;
      if (!drift || !system) return null;
      this.tmp3.copy(driftPoint(system.position, drift.outer ? system.def.drift.outer : system.def.drift.inner, this.host.play()?.decision?.side ?? ''));
    } else {
      const r = env.outer + planet.radius * 0.6;
      this.tmp3.set(planet.position.x + Math.cos(env.angle) * r, planet.position.y, planet.position.z + Math.sin(env.angle) * r);
    }
    return g.project(this.tmp3, this.tmp2) ? { planet } : null;
  }

  /** `tmp2`: the point of the screen's edge in the direction of `pos` (behind the camera or too near to project), from the screen's centre. */
  private towards(pos: Vector3): void {
    const g = this.app.galaxy;
    const v = this.tmp3.copy(pos).applyMatrix4(g.camera.matrixWorldInverse);
    const { width: w, height: h } = g.viewSize;
    // the camera looks along -z: x is to the right and y up on the screen, whichever side of it the point is
    const dx = v.x || 1e-6;
    const dy = -v.y || 1e-6;
    const scale = Math.min(w / 2 / Math.abs(dx), h / 2 / Math.abs(dy));
    this.tmp2.set(w / 2 + dx * scale, h / 2 + dy * scale);
  }

  /**
   * Place every marker for this frame: at its place, spread clear of the names and each other, out from under
   * the panels; none hidden. (Not the question: it stands where the panels leave room, whatever the camera
   * does, so it is placed when a decision is drawn and when a panel or the window changes size. Placed in
   * every frame, it measured the page after the frame's names had moved: a layout forced in every frame.)
   */
  place(): void {
    const panels = this.panels.boxes();
    if (!this.markers.length) return;
    for (const m of this.markers) {
      const at = this.project(m);
      m.visible = !!at;
      if (!at) continue;
      if (m.beside && at.planet) this.placeBeside(m, at.planet.position, panels);
      else {
        m.x = this.tmp2.x;
        m.y = this.tmp2.y;
      }
    }
    const { width, height } = this.app.galaxy.viewSize;
    // an open stack's counters stand at the left of the map, out of the way of what it may reach
    const docked = this.markers.filter((m) => (m.dock || m.elsewhere) && m.visible);
    for (const m of docked) if (m.dock) this.dock(m, panels, width, height);
    for (const m of docked) if (m.elsewhere) this.dockRight(m, panels, width, height);
    const order = this.markers.filter((m) => !m.dock && !m.elsewhere && m.visible).sort((a, b) => Number(!!b.system) - Number(!!a.system));
    // each onto the screen's open part first (a badge whose star is off the screen stands at its edge, towards it)...
    for (const m of order) outFromUnder(m, [...panels, ...docked], width, height);
    // ...then the galaxy's badges sit on their stars (each star's name stands beside it, clear of its badge), moved
    // only to keep clear of each other, the panels and the screen's edges; the markers of the system on show keep
    // clear of the names too
    const galaxy = !order.some((m) => !m.system);
    const edges = screenEdges(width, height);
    spreadMarkers(order, [...(galaxy ? [] : this.app.mapLabels), ...panels, ...docked, ...edges], 3, SPREAD_RINGS);
    // still on another (a pile at the screen's edge): the nearest free spot farther out, clear of the panels and the markers before it
    order.forEach((m, i) => {
      const before = order.slice(0, i);
      if (before.some((o) => underPanel(m, o))) outFromUnder(m, [...panels, ...docked, ...before], width, height);
    });
    for (const m of this.markers) {
      m.el.style.display = m.visible ? '' : 'none';
      if (m.visible) m.el.style.transform = `translate(${m.x.toFixed(1)}px, ${m.y.toFixed(1)}px) translate(-50%, -50%)`;
    }
  }

  /**
   * The open stack's counters at the left edge of the map, under the question (the picture is framed in
   * the room to their right: `buildBoard` sets the camera's left inset), clear of the panels.
   */
  private dock(m: MapMarker, panels: readonly ScreenBox[], width: number, height: number): void {
    const question = this.bar.el.hidden ? 0 : this.bar.el.offsetTop + this.bar.el.offsetHeight;
    const top = Math.max(question, ...panels.filter((b) => b.y < height / 3 && b.x < width / 2).map((b) => b.y + b.height / 2)) + 8;
    // in a small window the counters keep to the left edge, down to the panel under them (the event log),
    // scrolling when they are more than that room holds, rather than being pushed out over the map's middle
    const under = panels.filter((b) => b.x - b.width / 2 < 8 + m.width && b.y - b.height / 2 > top).map((b) => b.y - b.height / 2);
    const room = Math.min(height, ...under) - 8 - top;
    if (room >= 120 && m.height > room) {
      m.el.style.maxHeight = `${Math.floor(room)}px`;
      m.height = m.el.offsetHeight;
    }
    m.x = 8 + m.width / 2;
    m.y = top + m.height / 2;
    outFromUnder(m, panels, width, height);
  }

  /** The other systems' badges (close up on one): at the right of the map's open part, under the question, no taller than the room there. */
  private dockRight(m: MapMarker, panels: readonly ScreenBox[], width: number, height: number): void {
    const top = (this.bar.el.hidden ? 0 : this.bar.el.offsetTop + this.bar.el.offsetHeight) + 8;
    const room = Math.max(60, height - top - 8);
    if (m.height > room) {
      m.el.style.maxHeight = `${room}px`;
      m.height = room;
    }
    // left of the panels and tabs at the right beside it (the decision panel, its folded tab)
    const beside = panels.filter((b) => b.x > width / 2 && Math.abs(b.y - (top + m.height / 2)) < (b.height + m.height) / 2);
    const right = Math.min(width, ...beside.map((b) => b.x - b.width / 2)) - 8;
    m.x = right - m.width / 2;
    m.y = top + m.height / 2;
    outFromUnder(m, panels, width, height);
  }

  /** The question stands at the top of the map's open part: under the header, left of the decision panel. */
  private placeQuestion(): void {
    const c = this.app.galaxy.renderer.domElement.getBoundingClientRect();
    const root = this.host.root.getBoundingClientRect();
    const hud = document.querySelector<HTMLElement>('.hud')?.getBoundingClientRect();
    const panel = document.querySelector<HTMLElement>('.decision-box');
    const p = panel && !panel.hidden && panel.offsetParent !== null ? panel.getBoundingClientRect() : null;
    this.bar.place(Math.max(c.top, hud?.bottom ?? 0) + 6 - root.top, c.left + 12 - root.left, (p && p.width ? p.left : c.right) - 12 - root.left);
    // the info panel about a system stands under the question, not over it (style.css)
    const page = this.app.root;
    const bottom = this.bar.el.hidden ? '' : `${Math.round(this.bar.el.getBoundingClientRect().bottom - page.getBoundingClientRect().top + 8)}px`;
    if (page.style.getPropertyValue('--board-question-bottom') !== bottom) page.style.setProperty('--board-question-bottom', bottom);
  }

  /**
   * A question asked at one place (a small prompt, `tmp2` its place on the screen) stands beside the
   * place, not over the planet: its near edge at the place and the rest outward, away from the planet's
   * centre; where that side would leave the screen or go under a panel (a planet near the edge of a small
   * window), the other side, else below the planet or above it, else outward all the same.
   */
  private placeBeside(m: MapMarker, planetCentre: Vector3, panels: readonly ScreenBox[]): void {
    const { x, y } = this.tmp2;
    const centre = this.app.galaxy.project(planetCentre, this.tmp2) ? { x: this.tmp2.x, y: this.tmp2.y } : { x, y };
    const out = x >= centre.x ? 1 : -1;
    const reach = Math.hypot(x - centre.x, y - centre.y); // the place's distance from the planet's centre
    const half = { w: m.width / 2 + 6, h: m.height / 2 + 6 };
    const candidates = [
      { x: x + out * half.w, y },
      { x: x - out * half.w, y },
      { x: centre.x, y: centre.y + reach + half.h },
      { x: centre.x, y: centre.y - reach - half.h },
    ];
    const screen = this.app.galaxy.viewSize;
    const fits = (c: { x: number; y: number }) =>
      c.x - m.width / 2 >= 0 && c.x + m.width / 2 <= screen.width && c.y - m.height / 2 >= 0 && c.y + m.height / 2 <= screen.height && !panels.some((b) => underPanel({ ...m, ...c }, b));
    const at = candidates.find(fits) ?? (candidates[0] as { x: number; y: number });
    m.x = at.x;
    m.y = at.y;
  }

  private planetName(environ: string): string {
    const e = this.app.content.environs.get(environ);
    return (e ? this.app.content.planets.get(e.planet)?.name : undefined) ?? environ;
  }

}

/** The four strips just outside the screen: a marker spread from a crowded spot does not leave it. */
function screenEdges(width: number, height: number): ScreenBox[] {
  const t = 400;
  return [
    { x: -t / 2, y: height / 2, width: t, height: height + 2 * t, visible: true },
    { x: width + t / 2, y: height / 2, width: t, height: height + 2 * t, visible: true },
    { x: width / 2, y: -t / 2, width: width + 2 * t, height: t, visible: true },
    { x: width / 2, y: height + t / 2, width: width + 2 * t, height: t, visible: true },
  ];
}

/** Whether a marker's box overlaps a panel's. */
export function underPanel(m: ScreenBox, b: ScreenBox): boolean {
  return Math.abs(m.x - b.x) < (m.width + b.width) / 2 && Math.abs(m.y - b.y) < (m.height + b.height) / 2;
}

/**
 * A marker under a panel moves to the nearest spot beside a panel's edge (any panel's: the header and the
 * question under it stand one on the other) that is under no panel and on the screen; a marker off the
 * screen's edge comes back onto it first (a badge whose star is off the screen stands at its edge).
 */
export function outFromUnder(m: ScreenBox, panels: readonly ScreenBox[], width: number, height: number): void {
  const onScreen = (x: number, y: number) => x - m.width / 2 >= 0 && x + m.width / 2 <= width && y - m.height / 2 >= 0 && y + m.height / 2 <= height;
  m.x = Math.min(Math.max(m.x, m.width / 2), Math.max(m.width / 2, width - m.width / 2));
  m.y = Math.min(Math.max(m.y, m.height / 2), Math.max(m.height / 2, height - m.height / 2));
  if (!panels.some((b) => underPanel(m, b))) return;
  const free = (x: number, y: number) => onScreen(x, y) && !panels.some((b) => underPanel({ ...m, x, y }, b));
  let best: { x: number; y: number; d: number } | null = null;
  for (const b of panels) {
    const gapX = (m.width + b.width) / 2 + 2;
    const gapY = (m.height + b.height) / 2 + 2;
    for (const [x, y] of [
      [b.x - gapX, m.y],
      [b.x + gapX, m.y],
      [m.x, b.y - gapY],
      [m.x, b.y + gapY],
    ] as const) {
      const d = Math.hypot(x - m.x, y - m.y);
      if ((!best || d < best.d) && free(x, y)) best = { x, y, d };
    }
  }
  // a corner the panels close on two sides: the nearest free spot round it, farther and farther out
  for (let ring = 1; !best && ring <= 60; ring++)
    for (const [dx, dy] of [[0, 1], [-1, 0], [0, -1], [1, 0], [-1, 1], [-1, -1], [1, 1], [1, -1]] as const) {
      const [x, y] = [m.x + dx * ring * 10, m.y + dy * ring * 10];
      if (free(x, y)) {
        best = { x, y, d: 0 };
        break;
      }
    }
  if (best) {
    m.x = best.x;
    m.y = best.y;
  }
}
