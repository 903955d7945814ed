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
   * Measured again when a panel or the window changes size (the markers placed again at once), or the
   * panel is drawn again; not on a timer.
   */
  readonly panels: PanelWatch;

  constructor(private readonly host: LayerHost) {
    this.bar = new QuestionBar(host.layer, (dest) => !host.busy() && host.board.clickDest(dest));
    this.panels = new PanelWatch('.hud, .decision-box, section.log, .hud-buttons, .top-buttons, .board-question', () => host.app.galaxy.renderer.domElement, () => this.place());
  }

  private get app(): Host {
    return this.host.app;
  }

  /** Draw the markers of the decision on show (none while the AI plays). */
  build(): void {
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
    if (board.onMap) return this.buildBoard(p.decision);
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
    this.place();
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

  /** The hover card beside `el` (beside its column, when it stands in one), kept inside the window. */
  showTip(el: HTMLElement, text: string): void {
    if (!this.tip) {
      this.tip = document.createElement('div');
      this.tip.className = 'board-tip';
      this.tip.dataset.testid = 'board-tip';
      this.host.root.appendChild(this.tip);
    }
    const r = el.getBoundingClientRect();
    const col = (el.closest('.board-column, .board-tray') ?? el).getBoundingClientRect();
    const [head, ...rest] = text.split(': ');
    this.tip.innerHTML = `<b>${esc(head ?? '')}</b>${rest.length ? `<br>${factsHtml(rest.join(': '))}` : ''}`;
    this.tip.hidden = false;
    const w = Math.min(360, window.innerWidth - 16);
    this.tip.style.width = `${w}px`;
    const right = col.right + 8 + w <= window.innerWidth - 8;
    this.tip.style.left = `${right ? col.right + 8 : Math.max(8, col.left - w - 8)}px`;
    const h = this.tip.offsetHeight;
    this.tip.style.top = `${Math.max(8, Math.min(window.innerHeight - h - 8, r.top))}px`;
  }

  hideTip(): void {
    if (this.tip) this.tip.hidden = true;
  }

  /** The board's markers: badges, stacks, the open stack's tray and destinations, targets, one-click choices. */
  private buildBoard(d: Decision): void {
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
    if (near.length) this.frameChoices(near.map((m) => m.environ), d);
    else this.frameSystems(list.map((m) => m.system ?? ''));
    // several targets at one place (a character's missions, the ways to search an environ): one column of
    // them there, so none is pushed away from its place or hidden by the others
    const together = new Map<string, HTMLElement>();
    const shared = new Set(list.filter((bm, i) => bm.dest && list.findIndex((o) => o.dest && o.environ === bm.environ) !== i).map((bm) => bm.environ));
    const ask = board.ask;
    for (const bm of list) {
      if (!this.onMap(bm.environ)) continue;
      const el = document.createElement('button');
      el.className = `map-marker board-${bm.kind}${bm.refused ? ' refused' : ''}${bm.idle ? ' idle' : ''}`;
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
    g.frameSphere(centre, radius, list.length === 1 ? 0.55 : 0.85, systems.size === 1 ? (list[0]?.system ?? null) : null);
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
    g.framePoints(centre, stars, { x: 60, top: 16, bottom: 16 });
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

  /** Whether the map shows the galaxy's badges, the choices of several star systems with no system on show. */
  get badgesShown(): boolean {
    return this.markers.filter((m) => m.system).length > 1 && !this.markers.some((m) => !m.system);
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
    this.app.galaxy.setInsets({ left: 0, top: 0 });
  }

  /** Where each marker's place is on the screen this frame (false: behind the camera). */
  private project(m: MapMarker): { planet: PlanetLayout | undefined } | null {
    const g = this.app.galaxy;
    const L = g.layout;
    if (m.system) {
      const s = L.systems[L.systemIndex.get(m.system) ?? -1];
      return s && g.project(s.position, this.tmp2) ? { planet: undefined } : null;
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

  /** Place every marker for this frame: at its place, spread clear of the names and each other, out from under the panels; none hidden. */
  place(): void {
    const panels = this.panels.boxes();
    this.placeQuestion();
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
    const screen = this.app.galaxy.renderer.domElement;
    const [width, height] = [screen.clientWidth, screen.clientHeight];
    // an open stack's counters stand at the left of the map, out of the way of what it may reach
    const docked = this.markers.filter((m) => m.dock && m.visible);
    for (const m of docked) this.dock(m, panels, width, height);
    const order = this.markers.filter((m) => !m.dock && m.visible).sort((a, b) => Number(!!b.system) - Number(!!a.system));
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
    m.x = 8 + m.width / 2;
    m.y = Math.max(question, ...panels.filter((b) => b.y < height / 3 && b.x < width / 2).map((b) => b.y + b.height / 2)) + 8 + m.height / 2;
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
    const screen = this.app.galaxy.renderer.domElement;
    const fits = (c: { x: number; y: number }) =>
      c.x - m.width / 2 >= 0 && c.x + m.width / 2 <= screen.clientWidth && c.y - m.height / 2 >= 0 && c.y + m.height / 2 <= screen.clientHeight && !panels.some((b) => underPanel({ ...m, ...c }, b));
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
