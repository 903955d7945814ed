/**
 * The map's labels, the same in every mode: each system's name with a pip per planet (its loyalty,
 * control and rebellion in the shown view), each planet's name when the camera is near, the stack
 * badges of the pieces on each environ and the stacks adrift after a hyperjump. They are DOM elements
 * on a layer over the galaxy, moved only when the camera or the view changed. `boxes` is where the names
 * and badges are on the screen: a mode's markers keep clear of them.
 *
 * [issue 44] No name covers another or sits under a panel of the page: a star's name goes under its star,
 * else above, right or left of it or at a corner, whichever is clear of the names placed before it (the
 * more important stars' first: the one the camera is on, then those with more planets in play) and of the
 * panels; a name with no clear side waits, hidden, until the camera comes closer and the stars spread
 * apart. A planet's name that would cover another name, and a badge under a panel, wait the same way.
 */
import { Vector2, Vector3 } from 'three';
import type { Content } from '../../core/content/validate';
import type { GameView } from '../../core/view';
import type { GalaxyScene } from '../../render/galaxy-scene';
import { badgeRadius, type PlanetLayout } from '../../render/layout';
import { LOYALTY_COLORS, SIDE_COLORS, STATE_LABELS } from '../../render/palette';
import { scoringPlanets } from '../score-lines';
import { panelBoxesOf, spreadMarkers, type ScreenBox } from '../screen-boxes';

export class MapLabels {
  /** A board's labels standing on the stars (conquest's badges, shell/mode.ts): the system names keep clear of them. */
  obstacles: (() => readonly ScreenBox[]) | null = null;
  private labels: HTMLElement[] = [];
  private stackLabels: HTMLElement[] = [];
  /** What each stack badge shows (its counts' HTML), to rewrite only the badges whose counts changed. */
  private readonly badgeHtml = new WeakMap<HTMLElement, string>();
  /** Where each planet's name and each stack badge is on the screen, parallel to their elements. */
  private systemBoxes: ScreenBox[] = [];
  private nameBoxes: ScreenBox[] = [];
  private badgeBoxes: ScreenBox[] = [];
  /** The planet names and stack badges shown on the map: overlays (choice markers) keep clear of them. */
  boxes: readonly ScreenBox[] = [];
  /** The view the pips and drift badges show. */
  view: GameView | null = null;
  private readonly tmp2 = new Vector2();
  private readonly tmpTop = new Vector2();
  private readonly tmp3 = new Vector3();
  /** Each star's place on the screen (its label is placed beside it), parallel to the systems. */
  private stars: { x: number; y: number }[] = [];
  /** The systems in the order their names are placed: the most important first (see `systemOrder`). */
  private order: number[] = [];
  /** The page's panels over the map, measured at most every quarter second (names keep out from under them). */
  private panels: { at: number; boxes: ScreenBox[]; beside: ScreenBox[] } = { at: -Infinity, boxes: [], beside: [] };
  /**
   * A panel that grows or shrinks while the camera stands still (the decision panel's list, a folded
   * drawer) has the names placed again, clear of it: the camera moving is not the only thing that moves them.
   */
  private readonly panelSizes =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          this.panels.at = -Infinity;
          this.galaxy.relabel();
        });
  /** The panels watched already (by the standard, observing one again reports its size again: the names placed again). */
  private readonly watched = new WeakSet<HTMLElement>();

  constructor(
    private readonly galaxy: GalaxyScene,
    private readonly content: Content,
    private readonly layer: HTMLElement,
  ) {}

  /** Build every label again (the galaxy, or the map shown in its place, changed). */
  rebuild(): void {
    this.buildSystemLabels();
    this.buildStackLabels();
    this.placeLabels(true);
  }

  /** Which planets' pips the system labels show now (see systemPips). */
  private pipsShown = '';

  buildSystemLabels(): void {
    for (const l of this.labels) l.remove();
    this.labels = [];
    this.systemBoxes = [];
    this.nameBoxes = [];
    const layer = this.layer;
    for (const s of this.galaxy.layout.systems) {
      const el = document.createElement('div');
      el.className = 'label system-label';
      el.textContent = s.def.name;
      // one pip per planet, coloured by the game's view (systemPips): who holds what, at a glance
      const pips = document.createElement('span');
      pips.className = 'pips';
      for (const planet of this.content.galaxy.planets.filter((p) => p.system === s.id)) {
        const pip = document.createElement('i');
        pip.dataset.planet = planet.id;
        pips.appendChild(pip);
      }
      el.appendChild(pips);
      el.style.setProperty('--c', `#${s.provinceColor.getHexString()}`);
      el.dataset.system = s.id;
      el.addEventListener('click', () => this.galaxy.pick({ kind: 'system', id: s.id }));
      layer.appendChild(el);
      this.labels.push(el);
      this.systemBoxes.push(hiddenBox());
    }
    for (const p of this.galaxy.layout.planets) {
      const el = document.createElement('div');
      el.className = 'label planet-label';
      el.textContent = p.def.name;
      el.dataset.planet = p.id;
      el.addEventListener('click', () => this.galaxy.activate({ kind: 'planet', id: p.id }));
      layer.appendChild(el);
      this.labels.push(el);
      this.nameBoxes.push(hiddenBox());
    }
    this.boxes = [...this.systemBoxes, ...this.nameBoxes, ...this.badgeBoxes, ...this.driftBoxes];
    this.stars = this.galaxy.layout.systems.map(() => ({ x: 0, y: 0 }));
    this.systemOrder();
  }

  /**
   * The order the stars' names are placed in, the most important first: the system the camera is on,
   * then those with more planets in the game shown, then more planets at all. Where two names would
   * meet, the later one moves aside or waits.
   */
  private systemOrder(): void {
    const L = this.galaxy.layout;
    const inPlay = new Set((this.view?.planets ?? []).filter((p) => p.inPlay).map((p) => p.id));
    const planets = L.systems.map((s) => this.content.galaxy.planets.filter((p) => p.system === s.id));
    const weight = (n: number) => {
      const s = L.systems[n];
      const list = planets[n] ?? [];
      return (s && s.id === this.galaxy.focusedSystem ? 1000 : 0) + list.filter((p) => inPlay.has(p.id)).length * 20 + list.length;
    };
    this.order = L.systems.map((_, n) => n).sort((a, b) => weight(b) - weight(a) || a - b);
    this.orderFor = `${this.galaxy.focusedSystem}|${this.pipsShown}`;
  }
  /** What the order was made for (the focused system, the planets in play): made again when they change. */
  private orderFor = '';

  /**
   * The panels' boxes in the labels' coordinates (the canvas's), measured at most every quarter second:
   * those no name may lie under, and a game screen's side panels (`beside`), which a name keeps off where
   * its star has a side clear of them.
   */
  private panelBoxes(): { boxes: ScreenBox[]; beside: ScreenBox[] } {
    const now = performance.now();
    if (now - this.panels.at < 250) return this.panels;
    const watch = (el: HTMLElement) => {
      if (this.panelSizes && !this.watched.has(el)) {
        this.watched.add(el);
        this.panelSizes.observe(el);
      }
    };
    const canvas = this.galaxy.renderer.domElement;
    this.panels = { at: now, boxes: panelBoxesOf(PANELS, canvas, watch), beside: panelBoxesOf(GAME_PANELS, canvas, watch) };
    return this.panels;
  }

  /**
   * Each system label's pips, one per planet in play: its loyalty's colour [15.1], ringed red under Rebel
   * control and pulsing in rebellion [15.5], hollow for a secret planet the Empire has not discovered; the
   * pip's title says it in words. Planets out of play (or no game) leave their pips blank.
   */
  systemPips(view: GameView | null): void {
    this.planetScores(view);
    const byId = new Map((view?.planets ?? []).map((p) => [p.id, p]));
    // a label's size is measured once (measureOnce): when pips come or go, measure the labels again
    const shownNow = (view?.planets ?? []).filter((p) => p.inPlay).map((p) => p.id).join();
    if (shownNow !== this.pipsShown) {
      this.pipsShown = shownNow;
      for (const box of this.systemBoxes) box.width = 0;
    }
    for (const pip of (this.layer).querySelectorAll<HTMLElement>('.system-label .pips i')) {
      const p = byId.get(pip.dataset.planet ?? '');
      const shown = !!p?.inPlay;
      pip.className = shown ? `state-${p.state}${p.unknownToEmpire ? ' secret' : ''}${p.rebelBase ? ' base' : ''}` : 'blank';
      pip.style.setProperty('--c', shown ? LOYALTY_COLORS[p.loyalty] : 'transparent');
      const name = this.content.planets.get(pip.dataset.planet ?? '')?.name ?? '';
      pip.title = shown ? `${name}: ${p.loyalty}, ${STATE_LABELS[p.state].toLowerCase()}${p.unknownToEmpire ? ', unknown to the Empire' : ''}${p.rebelBase ? ', the Rebel base' : ''}` : name;
    }
  }

  /**
   * [issue 59, VP] each planet that scores says so beside its name, "+3 VP", with why on hover (at unrest,
   * in rebellion, Rebel control): what scores is where the player looks, not only in the meter's breakdown.
   */
  private planetScores(view: GameView | null): void {
    const scores = view ? scoringPlanets(view.score) : new Map<string, { points: number; why: string }>();
    this.galaxy.layout.planets.forEach((p, n) => {
      const el = this.layer.querySelector<HTMLElement>(`.planet-label[data-planet="${p.id}"]`);
      if (!el) return;
      const s = scores.get(p.id);
      const text = s ? `${s.points > 0 ? '+' : ''}${s.points} VP` : '';
      let tag = el.querySelector<HTMLElement>('.vp-tag');
      if ((tag?.textContent ?? '') === text) return;
      if (!tag) {
        tag = document.createElement('span');
        tag.className = 'vp-tag';
        tag.dataset.testid = 'planet-vp';
        el.appendChild(tag);
      }
      tag.textContent = text;
      tag.hidden = !text;
      el.title = s ? `${p.def.name}: ${s.why}, ${text} for the Rebel [VP]` : '';
      const box = this.nameBoxes[n];
      if (box) box.width = 0; // measured again (measureOnce)
    });
  }

  /**
   * Stack icons with counts; each shows only when the camera is close to its planet (see placeLabels).
   * Built again with every state shown, but only what changed: a stack's badge is kept while its counts
   * are (its element and its measured size with it), so a state that moves one stack rewrites one badge,
   * not every badge on the map, and the page measures none of the others again.
   */
  buildStackLabels(): void {
    const kept = new Map(this.stackLabels.map((el, n) => [`${el.dataset.environ}|${el.dataset.side}`, { el, box: this.badgeBoxes[n] as ScreenBox }]));
    const labels: HTMLElement[] = [];
    const boxes: ScreenBox[] = [];
    for (const s of this.galaxy.stacks) {
      if (!this.content.environs.has(s.environ)) continue;
      const key = `${s.environ}|${s.side}`;
      const units = s.units ? `<span title="military units">▲${s.units}<small>${s.strength === null ? '·?' : `·${s.strength}`}</small></span>` : '';
      const chars = s.characters ? `<span title="characters${s.undetected ? `, ${s.undetected} undetected` : ''}">◆${s.characters}${s.undetected ? '<small>?</small>' : ''}</span>` : '';
      const html = units + chars;
      let badge = kept.get(key);
      kept.delete(key);
      if (!badge) {
        const el = document.createElement('div');
        el.className = `label stack-label side-${s.side}`;
        el.style.setProperty('--c', SIDE_COLORS[s.side] ?? '#fff');
        el.dataset.environ = s.environ;
        el.dataset.side = s.side;
        el.addEventListener('click', () => this.galaxy.select({ kind: 'stack', environ: s.environ, side: s.side }));
        this.layer.appendChild(el);
        badge = { el, box: hiddenBox() };
      }
      if (this.badgeHtml.get(badge.el) !== html) {
        badge.el.innerHTML = html;
        this.badgeHtml.set(badge.el, html);
        badge.box.width = 0; // measured again (measureOnce)
      }
      labels.push(badge.el);
      boxes.push(badge.box);
    }
    for (const { el } of kept.values()) el.remove();
    this.stackLabels = labels;
    this.badgeBoxes = boxes;
    this.buildDriftLabels();
    this.boxes = [...this.systemBoxes, ...this.nameBoxes, ...this.badgeBoxes, ...this.driftBoxes];
    this.galaxy.takeLabelsDirty();
    this.placeLabels(true);
  }

  /** [5.22] stacks adrift after a hyperjump: a badge on their drift area's ring, one per side and area. */
  private driftLabels: { el: HTMLElement; system: string; outer: boolean; side: string }[] = [];
  /** Where each drift badge is on the screen (a stack adrift's marker on the board stands beside it, not on it). */
  private driftBoxes: ScreenBox[] = [];

  private buildDriftLabels(): void {
    for (const l of this.driftLabels) l.el.remove();
    this.driftLabels = [];
    const groups = new Map<string, { system: string; outer: boolean; side: string; units: number; characters: number; ships: number }>();
    for (const d of this.view?.drifting ?? []) {
      const key = `${d.system}|${d.outer}|${d.side}`;
      const g = groups.get(key) ?? { system: d.system, outer: d.outer, side: d.side, units: 0, characters: 0, ships: 0 };
      if (d.kind === 'unit') g.units++;
      else if (d.kind === 'character') g.characters++;
      else g.ships++;
      groups.set(key, g);
    }
    const layer = this.layer;
    for (const g of groups.values()) {
      const el = document.createElement('div');
      el.className = `label stack-label drift-label side-${g.side}`;
      el.style.setProperty('--c', SIDE_COLORS[g.side] ?? '#fff');
      const where = `${g.outer ? 'outer drift area of' : 'drift area of the sun of'} ${this.content.systems.get(g.system)?.name ?? g.system}`;
      el.title = `Adrift after a hyperjump, in the ${where} [5.22]`;
      el.dataset.testid = 'drift-label';
      el.innerHTML = `≈ ${g.units ? `▲${g.units} ` : ''}${g.characters ? `◆${g.characters} ` : ''}<small>${g.ships ? 'ship ' : ''}adrift</small>`;
      layer.appendChild(el);
      this.driftLabels.push({ el, system: g.system, outer: g.outer, side: g.side });
    }
    this.driftBoxes = this.driftLabels.map(hiddenBox);
    this.boxes = [...this.systemBoxes, ...this.nameBoxes, ...this.badgeBoxes, ...this.driftBoxes];
  }

  /** The drift badges on their rings: the Rebel's on one side of the sun, the Empire's on the other. */
  private placeDriftLabels(): void {
    const L = this.galaxy.layout;
    for (const d of this.driftLabels) {
      const s = L.systems[L.systemIndex.get(d.system) ?? -1];
      let shown = false;
      if (s) {
        this.tmp3.copy(driftPoint(s.position, d.outer ? s.def.drift.outer : s.def.drift.inner, d.side));
        shown = this.galaxy.cameraDistanceTo(s.position) < s.def.drift.outer * 12 && this.galaxy.project(this.tmp3, this.tmp2);
      }
      d.el.style.display = shown ? '' : 'none';
      if (shown) d.el.style.transform = `translate(${this.tmp2.x.toFixed(1)}px, ${this.tmp2.y.toFixed(1)}px) translate(-50%, -50%)`;
      const box = this.driftBoxes[this.driftLabels.indexOf(d)];
      if (box) {
        if (shown) measureOnce(box, d.el);
        Object.assign(box, { x: this.tmp2.x, y: this.tmp2.y, visible: shown });
      }
    }
  }

  /** Move the labels to their objects' screen positions, only when the camera or the view changed. */
  placeLabels(force = false): void {
    if (!this.galaxy.takeLabelsDirty() && !force) return;
    const L = this.galaxy.layout;
    const target = this.galaxy.controls.target;
    const camDist = this.galaxy.camera.position.distanceTo(target);
    const { boxes: pagePanels, beside } = this.panelBoxes();
    const panels = this.obstacles ? [...pagePanels, ...this.obstacles()] : pagePanels;
    // (off a game screen's side panels first; a name with no side clear of them stands cut by one rather than waits)
    const passes = beside.length ? KEEP_OFF_THEN_OVER : OVER;
    if (this.orderFor !== `${this.galaxy.focusedSystem}|${this.pipsShown}`) this.systemOrder();
    let i = 0;
    L.systems.forEach((s, n) => {
      const el = this.labels[i++] as HTMLElement;
      // kept as a box too, so the play screen's markers keep off system names (seen mid-flight)
      const box = this.systemBoxes[n] as ScreenBox;
      box.visible = this.galaxy.project(s.position, this.tmp2);
      el.style.display = box.visible ? '' : 'none';
      if (!box.visible) return;
      el.classList.toggle('dim', camDist < 30 && s.position.distanceTo(target) > 12);
      measureOnce(box, el);
      const star = this.stars[n] as { x: number; y: number };
      star.x = this.tmp2.x;
      star.y = this.tmp2.y;
    });
    // [issue 44] each name beside its star on the first side clear of the names placed before it and of the panels
    const placed: ScreenBox[] = [];
    const screen = this.galaxy.viewSize;
    const taken = (b: ScreenBox, keepOffBeside: boolean) => placed.some((o) => overlaps(b, o)) || panels.some((p) => overlaps(b, p)) || (keepOffBeside && beside.some((p) => overlaps(b, p)));
    for (const n of this.order) {
      const box = this.systemBoxes[n] as ScreenBox;
      if (!box.visible) continue;
      const star = this.stars[n] as { x: number; y: number };
      box.visible = false;
      // off a game screen's side panels if it can be, else over one
      box.visible = passes.some((keepOff) => besideStar(box, star, screen, (b) => taken(b, keepOff)));
      const el = this.labels[n] as HTMLElement;
      if (!box.visible) {
        el.style.display = 'none';
        continue;
      }
      placed.push(box);
      el.style.transform = `translate(${(box.x - box.width / 2).toFixed(1)}px, ${(box.y - box.height / 2).toFixed(1)}px)`;
    }
    // Stack badges ring their planet in the plane of the system, one on each environ's sector...
    const sides: Record<string, number> = { rebel: 1, imperial: -1 };
    const planetOfBadge: string[] = [];
    this.stackLabels.forEach((el, n) => {
      const box = this.badgeBoxes[n] as ScreenBox;
      box.visible = false;
      const where = L.environIndex.get(el.dataset.environ ?? '');
      const p = where ? L.planets[where.planet] : undefined;
      const e = where && p ? p.environs[where.environ] : undefined;
      if (p && e) {
        planetOfBadge[n] = p.id;
        const a = e.angle + (sides[el.dataset.side ?? ''] ?? 0) * e.span * 0.22;
        const r = badgeRadius(p, e);
        this.tmp3.set(p.position.x + Math.cos(a) * r, p.position.y, p.position.z + Math.sin(a) * r);
        box.visible = this.galaxy.cameraDistanceTo(p.position) < 30 && this.galaxy.project(this.tmp3, this.tmp2);
      }
      el.style.display = box.visible ? '' : 'none';
      if (!box.visible) return;
      measureOnce(box, el);
      box.x = this.tmp2.x;
      box.y = this.tmp2.y;
    });
    this.placeDriftLabels();
    // ...nudged apart where neighbouring environs' badges would cover each other (a small planet)
    spreadMarkers(this.badgeBoxes);
    const highestBadge = new Map<string, number>();
    this.stackLabels.forEach((el, n) => {
      const box = this.badgeBoxes[n] as ScreenBox;
      const planet = planetOfBadge[n];
      // [issue 44] a badge under a panel (the header, the log) could not be read there: it waits until the camera moves
      if (box.visible && panels.some((p) => overlaps(box, p))) {
        box.visible = false;
        el.style.display = 'none';
      }
      if (!box.visible || planet === undefined) return;
      el.style.transform = `translate(${box.x.toFixed(1)}px, ${box.y.toFixed(1)}px) translate(-50%, -50%)`;
      highestBadge.set(planet, Math.min(highestBadge.get(planet) ?? Infinity, box.y));
    });
    // A planet's name goes above the planet, and above the badges shown over it, never under one.
    L.planets.forEach((p, n) => {
      const el = this.labels[i++] as HTMLElement;
      const box = this.nameBoxes[n] as ScreenBox;
      const near = this.galaxy.cameraDistanceTo(p.position) < 22;
      box.visible = near && this.galaxy.project(p.position, this.tmp2);
      el.style.display = box.visible ? '' : 'none';
      if (!box.visible) return;
      const x = this.tmp2.x;
      const bottom = Math.min(this.tmp2.y - 26, this.planetTop(p) - 4, (highestBadge.get(p.id) ?? Infinity) - 12);
      measureOnce(box, el);
      box.x = x;
      box.y = bottom - box.height / 2;
      // [issue 44] a name that would cover a star's name, another planet's, a badge or sit under a panel waits for a closer look
      const covers = (o: ScreenBox) => o !== box && overlaps(box, o);
      if (placed.some(covers) || this.nameBoxes.slice(0, n).some(covers) || this.badgeBoxes.some(covers) || panels.some(covers)) {
        box.visible = false;
        el.style.display = 'none';
        return;
      }
      el.style.transform = `translate(${x.toFixed(1)}px, ${bottom.toFixed(1)}px) translate(-50%, -100%)`;
    });
  }

  /**
   * The highest point on the screen of a planet and its environ rings (seen close, they are large, and a
   * name a fixed step above the planet's centre would sit on them).
   */
  private planetTop(p: PlanetLayout): number {
    let ring = p.radius;
    for (const e of p.environs) ring = Math.max(ring, e.outer);
    let top = Infinity;
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * Math.PI * 2;
      this.tmp3.set(p.position.x + Math.cos(a) * ring, p.position.y, p.position.z + Math.sin(a) * ring);
      if (this.galaxy.project(this.tmp3, this.tmpTop)) top = Math.min(top, this.tmpTop.y);
    }
    return top;
  }
}


/**
 * The panels of the page that cover the map: the header, the start menu, a mode's panels (the play screen's
 * decision, the spectator's controls), the event log, the info panel, the dice while they show (they land
 * clear of the names; a name the camera brings under them moves aside), and the play screen's badges of the
 * star systems with choices [issue 53]: each sits on its star, and the star's name takes another side.
 */
const PANELS = '.hud, section.start, .decision-box, section.controls, section.log, aside.panel, .dice-tray, .map-marker.board-badge';
/**
 * The solitaire screen's side panels: a name keeps off them where its star has a side clear of them. (Not
 * conquest's: there, at 1280x720, a name so placed takes the only side another name had, which then waits;
 * conquest.test.ts holds every territory's name on show at the start.)
 */
const GAME_PANELS = '.sol-hud, .sol-log, .sol-panel';
/** The passes over the sides tried: clear of a game screen's side panels, then (no side clear of them) over them. */
const KEEP_OFF_THEN_OVER = [true, false] as const;
const OVER = [false] as const;
/** Where a star's name may go, in the order tried: under the star, above it, right of it, left of it, then the four corners. */
const SIDES = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
] as const;
/** Pixels between a star and its name: below or above it, and beside it. */
/** Where a name is tried, in turn: beside its star (0) or a step farther (1), inside the window (true) or not. */
const TRIES = [
  [0, true],
  [1, true],
  [0, false],
] as const;
const STAR_GAP_Y = 12;
const STAR_GAP_X = 10;

/** Whether two shown boxes overlap (touching is not overlapping). */
function overlaps(a: ScreenBox, b: ScreenBox): boolean {
  return b.visible && Math.abs(a.x - b.x) < (a.width + b.width) / 2 && Math.abs(a.y - b.y) < (a.height + b.height) / 2;
}

function hiddenBox(): ScreenBox {
  return { x: 0, y: 0, width: 0, height: 0, visible: false };
}

/**
 * Put a star's name (`box`) on the first side of its star where it meets nothing `taken` says is taken:
 * beside the star, inside the window; where every side is taken (a crowded core, a board's badges on the
 * stars), a step farther out; else past the window's edge, cut but read in part, rather than not at all.
 * False when no side is free.
 */
function besideStar(box: ScreenBox, star: { x: number; y: number }, screen: Readonly<{ width: number; height: number }>, taken: (b: ScreenBox) => boolean): boolean {
  for (const [far, inside] of TRIES) {
    for (const [dx, dy] of SIDES) {
      box.x = star.x + dx * (box.width / 2 + STAR_GAP_X + far * box.width * 0.5);
      box.y = star.y + dy * (box.height / 2 + STAR_GAP_Y + far * box.height);
      if (inside && (box.x - box.width / 2 < 0 || box.x + box.width / 2 > screen.width || box.y - box.height / 2 < 0 || box.y + box.height / 2 > screen.height)) continue;
      if (!taken(box)) return true;
    }
  }
  return false;
}

/** A label's size never changes once built: read it from the page once, the first time it is shown. */
function measureOnce(box: ScreenBox, el: HTMLElement): void {
  if (!box.width) [box.width, box.height] = [el.offsetWidth, el.offsetHeight];
}

/** [5.22] where a side's stack adrift is drawn: on its drift area's ring, the Rebel's on one side of the sun, the Empire's on the other. */
export function driftPoint(centre: Vector3, radius: number, side: string): Vector3 {
  const a = side === 'rebel' ? -Math.PI / 4 : (3 * Math.PI) / 4;
  return new Vector3(centre.x + Math.cos(a) * radius, centre.y, centre.z + Math.sin(a) * radius);
}
