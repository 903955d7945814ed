/**
 * The 3D galaxy: every star system at once, zoomable down to its planets and their environs.
 *
 * The scene is a description of the game, rebuilt only in its changing parts: the static layout
 * (stars, drift areas, routes, orbits, environ rings) is built once from the content; the game's view
 * (`setView`) recolours planets by loyalty and state and places the markers for PDBs, units and
 * characters (view-pieces.ts). The picture never writes to the game: it reads views and events only.
 * The camera flies to framings worked out in camera-framing.ts; effects play in effects.ts' pool.
 *
 * Draw calls stay flat as the galaxy grows: each layer (`layers.ts`) is ONE draw call (the halos one
 * per style) whatever the number of systems (Points, merged geometry).
 */
import {
  Color,
  Matrix4,
  PerspectiveCamera,
  Raycaster,
  Scene,
  ShaderMaterial,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { Content } from '../core/content/validate';
import type { GameEvent } from '../core/engine/types';
import type { GameView } from '../core/view';
import { EffectPool, effectFor } from './effects';
import { buildLayout, type GalaxyLayout } from './layout';
import { HALO_STYLE, Layers } from './layers';
import { SPACE } from './palette';
import { ROUTE_STYLE } from './routes';
import { ResourceTracker } from './tracker';
import { QUALITY_PRESETS, type Quality } from './quality';
import type { EntityRefs } from './types';
import { FrameLoop } from './frame-loop';
import { easeInOut, keyPan, openFitScale, pleasantBearing, pointsDistance, sphereDistance, type Flight, type OpenPage } from './camera-framing';
import { paintPlanets, placeOf, stacksOf, writeMarkers, type StackSummary } from './view-pieces';

import { nearestToRay, selectionPosition, selectionScale, systemOfSelection, type Selection } from './selection';
export type { Selection } from './selection';
export type { StackSummary } from './view-pieces';

// the picture's quality presets lie below the scene and its layers, which both read them
export { QUALITY_PRESETS, type Quality } from './quality';

/** How far the camera stands from a star system it opens, in radii of the system's outer drift area. */
const SYSTEM_VIEW_DISTANCE = 2.7;
/** Where the camera looks from in the whole galaxy's view: above and to the south, 60 degrees over the galactic plane. */
const HOME_BEARING = new Vector3(0, 2.0, 1.15).normalize();

export class GalaxyScene {
  private shownContent: Content;
  private shownLayout: GalaxyLayout;
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  private readonly tracker = new ResourceTracker();
  private readonly clockStart = performance.now();
  private time = 0;
  private lastFrame = 0;
  private quality: Quality;
  private composer: { render(): void; setSize(w: number, h: number): void; dispose(): void } | null = null;

  /** The picture's layers, each one draw call (see layers.ts). */
  private layers!: Layers;
  /** The effects playing on the map (effects.ts), in the fx layer. */
  private effects!: EffectPool;
  /** Pixels of each page edge covered by panels: the picture's centre moves into what is left. */
  private readonly insets = { left: 0, right: 0, bottom: 0, top: 0 };
  /**
   * The picture's size in CSS pixels, as measured at the last `resize` (the canvas fills its container).
   * What runs every frame (projecting the names and markers onto the page) reads it here: reading the
   * canvas's own size after a label moved made the browser lay the page out again, once a label.
   */
  private readonly size = { width: 1, height: 1 };

  private fly: Flight | null = null;
  private readonly tmpV = new Vector3();
  private readonly panStep = new Vector3();
  private readonly tmpColor = new Color();
  private readonly raycaster = new Raycaster();
  private readonly pointer = new Vector2();
  private readonly lastCamera = new Matrix4();
  private labelsDirty = true;
  /**
   * Render on demand: a frame is drawn only when something changed (the view, a selection, the camera,
   * the window) or moves (a flight, the camera's damping, a running animation, a key held); a still
   * picture costs no drawing at all. Each change calls `invalidate`.
   */
  private frameDirty = true;
  /** Asks the browser for frames while something may change, and sleeps when nothing does. */
  private readonly loop: FrameLoop;
  /** Frames drawn (the tests and the bench read it: the idle menu draws none). */
  framesDrawn = 0;
  /** No frames asked of the browser now: nothing has moved for a second (frame-loop.ts). */
  get asleep(): boolean {
    return this.loop.asleep;
  }
  private readonly keys = new Set<string>();

  /** Latest view of the game (null before a game starts). */
  view: GameView | null = null;
  refs: EntityRefs = {};
  stacks: StackSummary[] = [];
  /** The star system the camera is close up on (null: the galaxy, or several systems framed). */
  get focusedSystem(): string | null {
    return this.focused;
  }
  set focusedSystem(id: string | null) {
    if (id === this.focused) return;
    this.focused = id;
    this.onFocus(id);
  }
  private focused: string | null = null;
  selection: Selection | null = null;
  hovered: Selection | null = null;
  /** Animation speed factor (1 = normal); 0 turns animations off. */
  animationSpeed = 1;
  /**
   * The player asked for less motion (the system's "reduce motion" setting): the camera goes where it is
   * sent at once instead of flying there, and each effect on the map (a move's comet, a battle's burst) is
   * held still where it lands for as long as it would have played, instead of moving.
   */
  get reducedMotion(): boolean {
    return this.still;
  }
  set reducedMotion(on: boolean) {
    this.still = on;
    this.invalidate();
  }
  private still = false;
  /** An effect is on the picture: a frame is drawn when the last one ends, to clear it. */
  private fxShown = false;

  /** The page's label layer and callbacks, set by the UI. */
  onSelect: (selection: Selection | null) => void = () => {};
  onHover: (selection: Selection | null, x: number, y: number) => void = () => {};
  /** The camera went close up on another star system, or back out (null): a panel about the one it left closes. */
  onFocus: (system: string | null) => void = () => {};
  onFrame: () => void = () => {};
  /**
   * True during `onFrame` in a frame where the camera or the view changed (the names over the map are placed
   * again): what else stands over the map at a place moves then too, and not in a frame that moves nothing.
   */
  placingLabels = false;
  /**
   * A screen that answers clicks on the map itself (a conquest game picks territories) takes them here:
   * it returns true when it did, and the click then neither selects nor flies.
   */
  onPick: ((selection: Selection | null) => boolean) | null = null;
  /** Systems' outer rings recoloured (a conquest game's owners), kept across rebuilds; null: the content's colours. */
  private systemRings: ReadonlyMap<string, string> | null = null;

  constructor(
    content: Content,
    readonly container: HTMLElement,
    quality: Quality = QUALITY_PRESETS.default as Quality,
  ) {
    this.shownContent = content;
    this.shownLayout = buildLayout(content);
    this.quality = quality;
    this.renderer = new WebGLRenderer({ antialias: false, powerPreference: 'high-performance', preserveDrawingBuffer: false });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, quality.pixelRatio));
    this.renderer.setClearColor(SPACE, 1);
    this.renderer.info.autoReset = true;
    this.loop = new FrameLoop(this.renderer, (now) => this.update(now), container.ownerDocument.body);
    this.renderer.domElement.className = 'galaxy-canvas';
    container.appendChild(this.renderer.domElement);

    this.camera = new PerspectiveCamera(50, 1, 0.05, 6000);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.08;
    this.controls.minDistance = 1.2;
    this.controls.maxDistance = this.layout.radius * 6;
    this.controls.screenSpacePanning = false;
    this.controls.addEventListener('change', () => {
      this.labelsDirty = true;
      this.invalidate();
    });

    this.build();
    this.resize();
    this.home(true);
    this.bindInput();
  }

  /** The galaxy drawn: the game's content, or another map shown in its place (`showContent`). */
  get content(): Content {
    return this.shownContent;
  }

  get layout(): GalaxyLayout {
    return this.shownLayout;
  }

  /**
   * Draw another galaxy in place of this one (a conquest map of a player's own [002 I Maps]): the whole
   * static picture is rebuilt from it, nothing is selected, and the camera goes home to it.
   */
  showContent(content: Content): void {
    if (content === this.shownContent) return;
    this.shownContent = content;
    this.shownLayout = buildLayout(content);
    this.systemRings = null;
    this.focusedSystem = null;
    this.selection = null;
    this.hovered = null;
    this.view = null;
    this.stacks = [];
    this.controls.maxDistance = this.layout.radius * 6;
    this.rebuild();
    this.home(true);
  }

  /** Build every layer of the static picture from the content and add it to the scene. */
  private build(): void {
    this.layers = new Layers(this.layout, this.content, this.quality, this.renderer, this.tracker, this.scene);
    this.effects = new EffectPool(this.layers.fx.geometry);
    if (this.systemRings) this.setSystemRings(this.systemRings);
  }

  /**
   * Colour each system's outer ring by the map's owner of it (a conquest game: territory holders), brighter
   * than the province colour it replaces, and hide the star-system game's capital and throne rings, which
   * mean nothing there. Systems missing from `colors` keep their province colour; null restores the picture.
   */
  setSystemRings(colors: ReadonlyMap<string, string> | null): void {
    this.invalidate();
    this.systemRings = colors;
    const L = this.layout;
    const halos = this.layers.halos;
    L.systems.forEach((s) => {
      const owned = colors?.get(s.id);
      const color = owned ? this.tmpColor.set(owned).multiplyScalar(2.2) : s.provinceColor.clone().lerp(new Color('#ffffff'), 0.25);
      halos.setColor(this.layers.outerDriftSlot + s.index, color);
    });
    for (const { slot, scale } of this.layers.markSlots) halos.setScale(slot, colors ? 0 : scale);
  }

  private setHalo(slot: number, pos: Vector3, scale: number, color: Color): void {
    this.layers.halos.set(slot, pos, scale, color);
  }

  // ------------------------------------------------------------------ the game's state

  /** Show a view of the game: planet loyalty and state, PDBs, stacks. `refs` names static entities. */
  setView(view: GameView | null, refs: EntityRefs = this.refs): void {
    this.invalidate();
    this.view = view;
    this.refs = refs;
    paintPlanets(this.layers, this.layout, view);
    this.stacks = stacksOf(view, refs);
    writeMarkers(this.layers.markers.geometry, this.layout, view, this.stacks);
    this.relabel();
  }

  /** Where an entity is in the picture, if it can be placed (planet, environ, system, piece in view). */
  positionOf(eid: number, out: Vector3): boolean {
    return placeOf(this.layout, this.refs, this.view, eid, out);
  }

  // ------------------------------------------------------------------ animations

  /**
   * Animate one game event by its kind and entities. Unknown kinds get a plain ping where their first
   * entity is. `from` is where a moving piece came from (the UI knows it by comparing views).
   */
  animateEvent(event: GameEvent, from?: Vector3, scale?: (at: Vector3) => number): Vector3 | null {
    if (this.animationSpeed <= 0) return null;
    const at = new Vector3();
    let found = false;
    for (const eid of event.entities ?? []) {
      if (this.positionOf(eid, at)) {
        found = true;
        break;
      }
    }
    if (!found) return null;
    this.animateAt(event.kind, at, from, undefined, scale?.(at) ?? 1);
    return at;
  }

  /**
   * Animate at a place of the map (a screen that knows positions, not entities: a conquest battle): the
   * effect of `kind` (effects.ts) at `at`, travelling from `from` when the kind travels, in `color` if given,
   * `scale` times its size.
   */
  /** Light the hyperjump routes in use (content route indices) [5.22]; an empty set dims them all back. */
  markRoutes(used: ReadonlySet<number>): void {
    this.invalidate();
    this.layers.markRoutes(used);
  }

  animateAt(kind: string, at: Vector3, from?: Vector3, color?: string, scale = 1): void {
    if (this.animationSpeed <= 0) return;
    const spec = effectFor(kind);
    const duration = spec.duration / this.animationSpeed;
    const size = spec.size * scale;
    if (from && spec.travel) this.spawnFx(from, at, color ?? spec.color, duration, 2, size);
    else this.spawnFx(at, at, color ?? spec.color, duration, spec.fx, size);
    if (spec.fx === 3) this.spawnFx(at, at, color ?? spec.color, duration * 1.6, 3, size * 2.2); // echo wave (domino, rebellion)
  }

  private spawnFx(from: Vector3, to: Vector3, color: string, duration: number, kind: number, size: number): void {
    // the clock stands still while nothing is drawn: an effect starts now, not at the last frame drawn
    this.time = (performance.now() - this.clockStart) / 1000;
    this.effects.play(from, to, color, this.time, duration, kind, size);
    this.fxShown = true;
    this.invalidate();
  }

  /** Skip every running animation. */
  skipAnimations(): void {
    this.effects.skip();
    this.invalidate();
  }

  // ------------------------------------------------------------------ camera

  /** Fly the camera so it looks at `target` from `distance` away: from its bearing now, or from `from` (a unit vector from the target). */
  flyTo(target: Vector3, distance: number, instant = false, from?: Vector3): void {
    this.flights++;
    const toPos = target.clone().addScaledVector(from ?? this.bearing(this.tmpV), distance);
    if (instant || this.reducedMotion) {
      this.controls.target.copy(target);
      this.camera.position.copy(toPos);
      this.fly = null;
      this.controls.update();
      this.labelsDirty = true;
      this.invalidate();
      return;
    }
    this.fly = { fromTarget: this.controls.target.clone(), toTarget: target.clone(), fromPos: this.camera.position.clone(), toPos, t: 0, duration: 1.1 };
    this.invalidate();
  }

  /** How many flights the camera has taken (a screen that framed something can tell if it was moved since). */
  flights = 0;

  /** A camera flight is under way. */
  get flying(): boolean {
    return this.fly !== null;
  }

  /** The whole galaxy. */
  home(instant = false): void {
    this.focusedSystem = null;
    const L = this.layout;
    if (instant) {
      this.controls.target.copy(L.centre);
      this.camera.position.copy(L.centre).addScaledVector(HOME_BEARING, L.radius * Math.hypot(2.0, 1.15));
      this.controls.update();
      return;
    }
    this.flyTo(L.centre, L.radius * 2.3);
  }

  /** Zoom into one star system. */
  focusSystem(id: string, instant = false): void {
    const s = this.layout.systems[this.layout.systemIndex.get(id) ?? -1];
    if (!s) return;
    this.focusedSystem = id;
    this.flyTo(s.position, s.def.drift.outer * SYSTEM_VIEW_DISTANCE * openFitScale(this.openPage(), this.camera.fov, SYSTEM_VIEW_DISTANCE), instant);
  }

  /** The page the picture is drawn on, and what its panels cover (camera-framing.ts fits framings in it). */
  private openPage(): OpenPage {
    return { width: this.container.clientWidth || window.innerWidth, height: this.container.clientHeight || window.innerHeight, insets: this.insets };
  }

  /**
   * Frame a sphere of the map (centre and radius in world units) so its diameter takes `fill` of the
   * smaller side of the part of the page the panels leave open: the play screen frames the planet, or
   * the planets, a decision is about. `system` is the star system framed, if it is all in one.
   */
  frameSphere(centre: Vector3, radius: number, fill: number, system: string | null, instant = false): void {
    this.focusedSystem = system;
    this.flyTo(centre, sphereDistance(this.openPage(), this.camera.fov, radius, fill), instant);
  }

  /**
   * Frame `points` (a board's star systems) as large as the open part of the page allows: the camera
   * looks at `centre` along its bearing (`fromHome`: the whole galaxy's, as a new game's board is always
   * first seen, whatever view the last screen left) from the nearest distance at which every point shows
   * inside the insets with `margin` pixels clear around it (for its name and badge). A board seen at a
   * slant is wider than it is deep, so this fills the page where a sphere round it (`frameSphere`) leaves
   * a border.
   */
  framePoints(centre: Vector3, points: readonly Vector3[], margin: { x: number; top: number; bottom: number }, instant = false, fromHome = false): void {
    const probe = (this.fitCamera ??= new PerspectiveCamera()).copy(this.camera);
    const dir = fromHome ? HOME_BEARING.clone() : this.bearing(new Vector3());
    const distance = pointsDistance(probe, this.openPage(), centre, dir, points, margin);
    this.focusedSystem = null;
    this.flyTo(centre, distance, instant, dir);
  }

  /** Where the camera looks from, as a unit vector from its target: its bearing now (or at the end of its flight), between 25 and 70 degrees above the galactic plane. */
  private bearing(out: Vector3): Vector3 {
    // (in flight, the bearing it flies to: a framing asked for mid-flight keeps the view the flight was taking)
    return pleasantBearing(this.fly ? out.copy(this.fly.toPos).sub(this.fly.toTarget) : out.copy(this.camera.position).sub(this.controls.target));
  }

  /** A scratch camera for `framePoints` to try distances with. */
  private fitCamera: PerspectiveCamera | null = null;

  focusPlanet(id: string, instant = false): void {
    const p = this.layout.planets[this.layout.planetIndex.get(id) ?? -1];
    if (!p) return;
    this.focusedSystem = p.system;
    this.flyTo(p.position, p.radius * 16, instant);
  }

  /** Tab: the next system after the focused one, in content order. */
  cycleSystem(step = 1): void {
    const n = this.layout.systems.length;
    const current = this.focusedSystem ? (this.layout.systemIndex.get(this.focusedSystem) ?? -1) : -1;
    const next = this.layout.systems[(((current + step) % n) + n) % n];
    if (next) {
      this.select({ kind: 'system', id: next.id });
      this.focusSystem(next.id);
    }
  }

  // ------------------------------------------------------------------ picking

  /** What is under a point of the canvas: a planet (exact raycast on its instance), else the nearest star. */
  pickAt(clientX: number, clientY: number): Selection | null {
    const rect = this.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.pointer, this.camera);
    const hit = this.raycaster.intersectObject(this.layers.planets, false)[0];
    if (hit && hit.instanceId !== undefined) {
      const p = this.layout.planets[hit.instanceId];
      if (p) return { kind: 'planet', id: p.id };
    }
    return nearestToRay(this.layout, this.raycaster.ray);
  }

  select(selection: Selection | null): void {
    this.invalidate();
    this.selection = selection;
    const pos = selection ? this.selectionPosition(selection) : null;
    this.setHalo(this.layers.selectedSlot, pos ?? this.tmpV.set(0, -1e5, 0), pos ? selectionScale(this.layout, selection) : 0, this.tmpColor.set('#ffffff'));
    this.layers.halos.showStyle(HALO_STYLE.selected, !!pos);
    this.onSelect(selection);
  }

  private setHover(selection: Selection | null, x: number, y: number): void {
    const same = JSON.stringify(selection) === JSON.stringify(this.hovered);
    this.hovered = selection;
    if (!same) {
      this.invalidate();
      const pos = selection ? this.selectionPosition(selection) : null;
      this.setHalo(this.layers.hoverSlot, pos ?? this.tmpV.set(0, -1e5, 0), pos ? selectionScale(this.layout, selection) * 0.85 : 0, this.tmpColor.set('#bfe2ff'));
      this.layers.halos.showStyle(HALO_STYLE.hover, !!pos);
      this.renderer.domElement.style.cursor = selection ? 'pointer' : '';
    }
    this.onHover(selection, x, y);
  }

  /** The star system a selection is in (a system itself, a planet's, a stack's planet's); null for a navigation star. */
  systemOfSelection(sel: Selection): string | null {
    return systemOfSelection(this.layout, sel);
  }

  selectionPosition(sel: Selection): Vector3 | null {
    return selectionPosition(this.layout, sel);
  }

  /** A click on the map or on a label: the screen that answers map clicks takes it (`onPick`), else it opens. */
  pick(selection: Selection | null): void {
    if (this.onPick?.(selection)) return;
    this.activate(selection);
  }

  /** Pick and open: a system zooms in, a planet flies close. */
  activate(selection: Selection | null): void {
    this.select(selection);
    if (!selection) return;
    if (selection.kind === 'system') this.focusSystem(selection.id);
    else if (selection.kind === 'planet') this.focusPlanet(selection.id);
    else if (selection.kind === 'navStar') {
      const pos = this.selectionPosition(selection);
      if (pos) this.flyTo(pos, 12);
    }
  }

  // ------------------------------------------------------------------ input

  private bindInput(): void {
    const el = this.renderer.domElement;
    let down: { x: number; y: number } | null = null;
    el.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }));
    el.addEventListener('pointerup', (e) => {
      if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 5) this.pick(this.pickAt(e.clientX, e.clientY));
      down = null;
    });
    el.addEventListener('pointermove', (e) => {
      if (e.buttons) return;
      this.setHover(this.pickAt(e.clientX, e.clientY), e.clientX, e.clientY);
    });
    el.addEventListener('pointerleave', () => this.setHover(null, 0, 0));
    el.tabIndex = 0;
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('resize', this.onResize);
  }

  private readonly onResize = () => this.resize();

  private readonly onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    const k = e.key;
    if (k === 'Escape') {
      this.select(null);
      this.home();
    } else if (k === 'Tab') {
      e.preventDefault();
      this.cycleSystem(e.shiftKey ? -1 : 1);
    } else if (k === '+' || k === '=') this.dolly(0.8);
    else if (k === '-' || k === '_') this.dolly(1.25);
    else if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'w', 'a', 's', 'd', 'W', 'A', 'S', 'D'].includes(k)) {
      e.preventDefault();
      this.keys.add(k.toLowerCase());
      this.invalidate();
    }
  };

  private readonly onKeyUp = (e: KeyboardEvent) => this.keys.delete(e.key.toLowerCase());

  private dolly(factor: number): void {
    const offset = this.tmpV.copy(this.camera.position).sub(this.controls.target).multiplyScalar(factor);
    const len = offset.length();
    if (len < this.controls.minDistance || len > this.controls.maxDistance) return;
    this.fly = null;
    this.camera.position.copy(this.controls.target).add(offset);
    this.labelsDirty = true;
    this.invalidate();
  }

  /** Keyboard panning in the galactic plane, relative to where the camera looks. */
  private panKeys(dt: number): void {
    const look = this.tmpV.copy(this.controls.target).sub(this.camera.position);
    const step = this.panStep;
    if (!keyPan(this.keys, look, look.length(), dt, this.cameraSensitivity, step)) return;
    this.fly = null;
    this.controls.target.add(step);
    this.camera.position.add(step);
    this.labelsDirty = true;
  }

  // ------------------------------------------------------------------ frame

  resize(): void {
    const w = this.container.clientWidth || window.innerWidth;
    const h = this.container.clientHeight || window.innerHeight;
    this.size.width = w;
    this.size.height = h;
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.camera.aspect = w / h;
    // Panels covering the page's edges shift the picture's centre into the part left open, so what the
    // camera looks at (a focused system, a followed event) never hides under a panel.
    const { left, right, bottom, top } = this.insets;
    if (left || right || bottom || top) this.camera.setViewOffset(w, h, (right - left) / 2, (bottom - top) / 2, w, h);
    else this.camera.clearViewOffset();
    this.camera.updateProjectionMatrix();
    const pr = this.renderer.getPixelRatio();
    const scale = (h * pr) / (2 * Math.tan((this.camera.fov * Math.PI) / 360));
    for (const m of this.layers.pointMaterials) {
      const u = m.uniforms.uScale;
      if (u) u.value = scale;
      const min = m.uniforms.uMinPx;
      if (min) min.value = (min.value as number) > 0 ? 14 * pr : 0;
    }
    this.composer?.setSize(w, h);
    this.labelsDirty = true;
    this.invalidate();
  }

  /** Show or hide one layer by name (the bench's breakdown of frame time). */
  setLayerVisible(name: string, visible: boolean): string[] {
    const names: string[] = [];
    const layers: Record<string, { visible: boolean } | undefined> = {
      stars: this.layers.stars, sky: this.layers.sky, dust: this.layers.dust, disc: this.layers.disc, halos: this.layers.halos.mesh, routes: this.layers.routes,
      orbits: this.layers.orbits, planets: this.layers.planets, environs: this.layers.environRings, markers: this.layers.markers, fx: this.layers.fx,
    };
    for (const [n, layer] of Object.entries(layers)) {
      names.push(n);
      if (layer && (n === name || name === '*')) layer.visible = visible;
    }
    this.invalidate();
    return names;
  }

  /** Pixels of the page's edges covered by panels (the start menu on the left; in play, the decision panel on the right and the event log low on the left). */
  /** The pixels of each page edge the panels cover now (a tutorial's words stand in what is left). */
  get viewInsets(): Readonly<{ left: number; right: number; bottom: number; top: number }> {
    return this.insets;
  }

  setInsets(insets: Partial<{ left: number; right: number; bottom: number; top: number }>): void {
    const next = { ...this.insets, ...insets };
    if (next.left === this.insets.left && next.right === this.insets.right && next.bottom === this.insets.bottom && next.top === this.insets.top) return;
    Object.assign(this.insets, next);
    this.resize();
  }

  /**
   * Advance camera and animations by real time, then draw. Allocation-free. Says whether the frame did
   * anything (drew, moved the camera, placed the names): the loop sleeps after a second of frames that didn't.
   */
  update(now = performance.now()): boolean {
    const dt = Math.min(0.1, this.lastFrame ? (now - this.lastFrame) / 1000 : 0.016);
    this.lastFrame = now;
    this.time = (now - this.clockStart) / 1000;
    if (this.fly) {
      const f = this.fly;
      f.t = Math.min(1, f.t + dt / f.duration);
      const e = easeInOut(f.t);
      this.controls.target.lerpVectors(f.fromTarget, f.toTarget, e);
      this.camera.position.lerpVectors(f.fromPos, f.toPos, e);
      if (f.t >= 1) this.fly = null;
      this.labelsDirty = true;
    }
    const animating = this.time < this.effects.endsAt;
    const moving = this.fly !== null || this.keys.size > 0 || (animating && !this.still);
    if (this.fxShown && !animating) {
      this.fxShown = false;
      this.frameDirty = true;
    }
    this.panKeys(dt);
    // (true while the camera's damping still carries it)
    const damping = this.controls.update();
    const draw = moving || damping || this.frameDirty;
    if (draw) {
      this.frameDirty = false;
      this.renderFrame();
      this.framesDrawn++;
    }
    if (!this.lastCamera.equals(this.camera.matrixWorld)) {
      this.lastCamera.copy(this.camera.matrixWorld);
      this.labelsDirty = true;
    }
    const placing = this.labelsDirty;
    this.placingLabels = placing;
    this.onFrame();
    this.placingLabels = false;
    return draw || placing || animating;
  }

  /** Something on the picture changed: draw it at the next frame. */
  invalidate(): void {
    this.frameDirty = true;
    this.loop.wake();
  }

  /**
   * Level of detail: planets, environs, orbits and markers are smaller than a pixel from afar, so
   * they are drawn only when the camera is near the galactic plane's systems; the animation pool only
   * while an animation runs. Fewer draw calls at galaxy zoom, the same picture.
   */
  private applyDetail(): void {
    const distance = this.camera.position.distanceTo(this.controls.target);
    const near = distance < 70;
    // The galactic disc is the galaxy seen from afar; zoomed into a system it all but fades away.
    const zoom = Math.min(1, Math.max(0, (distance - 25) / 100));
    (this.layers.disc.material as ShaderMaterial).uniforms.uZoom!.value = zoom * zoom * (3 - 2 * zoom);
    this.layers.planets.visible = this.layers.environRings.visible = this.layers.orbits.visible = this.layers.markers.visible = near;
    this.layers.halos.showStyle(HALO_STYLE.atmosphere, near);
    // From afar a sun's drift area is a ring a few pixels across at the edge of its star's glow:
    // left out with the planets it surrounds.
    this.layers.halos.showStyle(HALO_STYLE.drift, near);
    this.layers.fx.visible = this.time < this.effects.endsAt;
  }

  /** Draw one frame now (the bench and tests call this directly). */
  renderFrame(): void {
    this.applyDetail();
    for (const m of this.layers.pointMaterials) {
      const t = m.uniforms.uTime;
      if (t) t.value = this.time;
    }
    (this.layers.fx.material as ShaderMaterial).uniforms.uStill!.value = this.still ? 1 : 0;
    this.layers.halos.setTime(this.time);
    (this.layers.routes.material as ShaderMaterial).uniforms.uOffset!.value = this.time * ROUTE_STYLE.speed;
    if (this.composer) this.composer.render();
    else this.renderer.render(this.scene, this.camera);
  }

  /** Something over the map changed (a panel's size): the labels are placed again at the next frame, nothing redrawn. */
  relabel(): void {
    this.labelsDirty = true;
    this.loop.wake();
  }

  /** Labels need moving (the camera or the view changed); the UI clears it after moving them. */
  takeLabelsDirty(): boolean {
    const d = this.labelsDirty;
    this.labelsDirty = false;
    return d;
  }

  /** The picture's width and height in CSS pixels (see `size`), without a layout of the page. */
  get viewSize(): Readonly<{ width: number; height: number }> {
    return this.size;
  }

  /** Project a world position to canvas pixels; false when behind the camera. */
  project(pos: Vector3, out: Vector2): boolean {
    const v = this.tmpV.copy(pos).project(this.camera);
    if (v.z > 1 || v.z < -1) return false;
    out.set(((v.x + 1) / 2) * this.size.width, ((1 - v.y) / 2) * this.size.height);
    return true;
  }

  cameraDistanceTo(pos: Vector3): number {
    return this.camera.position.distanceTo(pos);
  }

  /** Draw frames as they are needed (the loop sleeps while nothing moves: frame-loop.ts). */
  start(): void {
    this.loop.start();
  }

  stop(): void {
    this.loop.stop();
  }

  /** The background starfield's positions (for the bench's reference scene). */
  skyPositions(): Float32Array {
    return this.layers.sky.geometry.getAttribute('position').array as Float32Array;
  }

  /** Route segments as plain line positions (for the bench's reference scene). */
  routePositions(): Float32Array {
    return new Float32Array(this.layers.routeSegments);
  }

  /** Draw-call and triangle counts of one frame, measured. */
  stats(): { drawCalls: number; triangles: number; points: number; lines: number; resources: number } {
    this.renderFrame();
    const r = this.renderer.info.render;
    return { drawCalls: r.calls, triangles: r.triangles, points: r.points, lines: r.lines, resources: this.tracker.size };
  }

  /** How fast the camera answers the mouse, wheel and keys (the player's setting; 1 is normal). */
  cameraSensitivity = 1;
  setCameraSensitivity(s: number): void {
    this.cameraSensitivity = s;
    this.controls.rotateSpeed = s;
    this.controls.zoomSpeed = s;
    this.controls.panSpeed = s;
  }

  /** Quality: pixel ratio, bloom (loaded only when asked for), starfield density (rebuilds the dust). */
  async setQuality(q: Quality): Promise<void> {
    const densityChanged = q.density !== this.quality.density || q.disc !== this.quality.disc;
    this.quality = q;
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, q.pixelRatio));
    (this.layers.sky.material as ShaderMaterial).uniforms.uPixelRatio!.value = this.renderer.getPixelRatio();
    if (densityChanged) {
      // Rebuild the whole static picture with the new counts: simplest, and it runs once per change.
      this.tracker.dispose();
      this.scene.clear();
      this.build();
      this.setView(this.view, this.refs);
      this.select(this.selection);
    }
    if (q.bloom && !this.composer) {
      const { makeBloom } = await import('./bloom');
      this.composer = makeBloom(this.renderer, this.scene, this.camera);
    } else if (!q.bloom && this.composer) {
      this.composer.dispose();
      this.composer = null;
    }
    this.resize();
    this.invalidate();
  }

  /** Rebuild the static picture: the colour palette changed (the environ rings and halos take their colours as built). */
  rebuild(): void {
    this.tracker.dispose();
    this.scene.clear();
    this.build();
    this.setView(this.view, this.refs);
    this.select(this.selection);
  }

  /** Free every GPU resource and listener. The scene cannot be used afterwards. */
  dispose(): void {
    this.stop();
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('resize', this.onResize);
    this.controls.dispose();
    this.composer?.dispose();
    this.tracker.dispose();
    this.scene.clear();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }
}
