/**
 * The 3D galaxy: every star system at once, zoomable down to its planets and their environs.
 *
 * The scene is a description of the game, rebuilt only in its changing parts: the static layout
 * (stars, drift areas, routes, orbits, environ rings) is built once from the content; the game's view
 * (`setView`) recolours planets by loyalty and state and places the markers for PDBs, units and
 * characters. The picture never writes to the game: it reads views and events only.
 *
 * Draw calls stay flat as the galaxy grows: each layer below is ONE draw call whatever the number of
 * systems (Points, InstancedMesh, merged geometry).
 */
import {
  AdditiveBlending,
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  DynamicDrawUsage,
  Float32BufferAttribute,
  IcosahedronGeometry,
  InstancedBufferAttribute,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  LinearFilter,
  LinearMipmapLinearFilter,
  OrthographicCamera,
  WebGLRenderTarget,
  PerspectiveCamera,
  PlaneGeometry,
  Points,
  Ray,
  Raycaster,
  Scene,
  ShaderMaterial,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';
import { LineSegments2 } from 'three/addons/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/addons/lines/LineSegmentsGeometry.js';
import type { Content } from '../core/content/validate';
import type { GameEvent } from '../core/engine/types';
import type { GameView } from '../core/view';
import { effectFor } from './effects';
import { buildLayout, type GalaxyLayout } from './layout';
import { ENVIRON_COLORS, GOLD, LOYALTY_COLORS, NAV_STAR_COLOR, SIDE_COLORS } from './palette';
import * as S from './shaders';
import { ResourceTracker } from './tracker';
import type { EntityRefs } from './types';

export type Selection =
  | { kind: 'system'; id: string }
  | { kind: 'planet'; id: string }
  | { kind: 'navStar'; id: string }
  | { kind: 'stack'; environ: string; side: string };

export interface Quality {
  /** Device pixel ratio cap. */
  pixelRatio: number;
  bloom: boolean;
  /** Galactic dust and background star counts scale with this (0.25..2). */
  density: number;
  /** The baked galactic disc (the spiral's glow): most of the frame's fill, so "low" goes without it. */
  disc: boolean;
}

export const QUALITY_PRESETS: Record<string, Quality> = {
  low: { pixelRatio: 1, bloom: false, density: 0.4, disc: false },
  default: { pixelRatio: 1, bloom: false, density: 1, disc: true },
  high: { pixelRatio: 2, bloom: true, density: 1.6, disc: true },
};

/** A tiny seeded generator for the decorative dust (the picture's own randomness, never the game's). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HALO_STYLE = { drift: 0, outerDrift: 1, capital: 2, throne: 3, glow: 4, selected: 5, atmosphere: 6, hover: 7 } as const;
const MARKER_CAPACITY = 1024;
const FX_CAPACITY = 96;
const PDB_UP = new Color('#7dffa8');
const PDB_DOWN = new Color('#59607a');

interface Fly {
  fromTarget: Vector3;
  toTarget: Vector3;
  fromPos: Vector3;
  toPos: Vector3;
  t: number;
  duration: number;
}

/** Where pieces stand, per environ and side, for the markers and the stack labels. */
export interface StackSummary {
  environ: string;
  side: string;
  units: number;
  /** Total combat strength, or null when some is hidden [7.22]. */
  strength: number | null;
  characters: number;
  undetected: number;
}

export class GalaxyScene {
  readonly layout: GalaxyLayout;
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

  // Layers (one draw call each).
  private stars!: Points;
  private sky!: Points;
  private dust!: Points;
  private disc!: Mesh;
  private halos!: InstancedMesh;
  private haloStyle!: InstancedBufferAttribute;
  private haloPhase!: InstancedBufferAttribute;
  private routeLines!: LineSegments2;
  private routeFlow!: LineSegments2;
  private orbits!: LineSegments;
  private planets!: InstancedMesh;
  private environRings!: Mesh;
  private markers!: Points;
  private fx!: Points;
  private fxNext = 0;
  private leftInset = 0;
  /** Time when the last running animation ends. */
  private fxUntil = 0;
  private routeSegments: number[] = [];
  private readonly pointMaterials: ShaderMaterial[] = [];

  // Halo instance slots.
  private atmosphereSlot = 0;
  private selectedSlot = 0;
  private hoverSlot = 0;

  private fly: Fly | null = null;
  private readonly matrix = new Matrix4();
  private readonly tmpV = new Vector3();
  private readonly tmpColor = new Color();
  private readonly raycaster = new Raycaster();
  private readonly pointer = new Vector2();
  private readonly lastCamera = new Matrix4();
  private labelsDirty = true;
  private readonly keys = new Set<string>();

  /** Latest view of the game (null before a game starts). */
  view: GameView | null = null;
  refs: EntityRefs = {};
  stacks: StackSummary[] = [];
  focusedSystem: string | null = null;
  selection: Selection | null = null;
  hovered: Selection | null = null;
  /** Animation speed factor (1 = normal); 0 turns animations off. */
  animationSpeed = 1;

  /** The page's label layer and callbacks, set by the UI. */
  onSelect: (selection: Selection | null) => void = () => {};
  onHover: (selection: Selection | null, x: number, y: number) => void = () => {};
  onFrame: () => void = () => {};

  constructor(
    readonly content: Content,
    readonly container: HTMLElement,
    quality: Quality = QUALITY_PRESETS.default as Quality,
  ) {
    this.layout = buildLayout(content);
    this.quality = quality;
    this.renderer = new WebGLRenderer({ antialias: false, powerPreference: 'high-performance', preserveDrawingBuffer: false });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, quality.pixelRatio));
    this.renderer.setClearColor(0x02030a, 1);
    this.renderer.info.autoReset = true;
    this.renderer.domElement.className = 'galaxy-canvas';
    container.appendChild(this.renderer.domElement);

    this.camera = new PerspectiveCamera(50, 1, 0.05, 6000);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.08;
    this.controls.minDistance = 1.2;
    this.controls.maxDistance = this.layout.radius * 6;
    this.controls.screenSpacePanning = false;
    this.controls.addEventListener('change', () => (this.labelsDirty = true));

    this.build();
    this.resize();
    this.home(true);
    this.bindInput();
  }

  // ------------------------------------------------------------------ building the static picture

  private build(): void {
    const L = this.layout;
    const track = <T>(x: T) => this.tracker.track(x);

    // Stars of the systems and the navigation stars (waypoints of the routes [5.22]), one Points.
    {
      const n = L.systems.length + L.navStars.length;
      const pos = new Float32Array(n * 3);
      const col = new Float32Array(n * 3);
      const size = new Float32Array(n);
      L.systems.forEach((s, i) => {
        s.position.toArray(pos, i * 3);
        s.color.toArray(col, i * 3);
        size[i] = s.size;
      });
      const nav = new Color(NAV_STAR_COLOR);
      L.navStars.forEach((s, j) => {
        const i = L.systems.length + j;
        s.position.toArray(pos, i * 3);
        nav.toArray(col, i * 3);
        size[i] = 0.7;
      });
      this.stars = this.pointLayer(pos, col, size, { core: 1, opacity: 1, minPx: 11, maxPx: 320, nearFade: 0 });
      this.stars.renderOrder = 5;
    }

    // Galactic dust along logarithmic spiral arms (randomness grows with radius), province tints and
    // the glow of the core. Thousands of soft overlapping points are costly to fill every frame, so
    // they are drawn ONCE into a texture on a disc in the galactic plane (one textured quad per frame);
    // a sparse sample of the same dust stays 3D points so the galaxy keeps its depth when it turns.
    {
      const rand = mulberry32(7);
      const n = Math.round(7000 * this.quality.density);
      const glows = 1 + L.systems.length;
      const pos = new Float32Array((n + glows) * 3);
      const col = new Float32Array((n + glows) * 3);
      const size = new Float32Array(n + glows);
      const arms = 5;
      const maxR = L.radius * 1.25;
      const inner = new Color('#ffcf8f');
      const outer = new Color('#4b63ff');
      const pink = new Color('#c0569a');
      for (let i = 0; i < n; i++) {
        const r = Math.pow(rand(), 1.35) * maxR;
        const arm = ((i % arms) / arms) * Math.PI * 2;
        const spin = (r / maxR) * 4.2;
        const spread = 0.15 + (r / maxR) * 0.6;
        const rx = Math.pow(rand(), 3) * (rand() < 0.5 ? 1 : -1) * spread * r * 0.6;
        const ry = Math.pow(rand(), 3) * (rand() < 0.5 ? 1 : -1) * (6 - (r / maxR) * 4);
        const rz = Math.pow(rand(), 3) * (rand() < 0.5 ? 1 : -1) * spread * r * 0.6;
        pos[i * 3] = L.centre.x + Math.cos(arm + spin) * r + rx;
        pos[i * 3 + 1] = L.centre.y + ry - 2;
        pos[i * 3 + 2] = L.centre.z + Math.sin(arm + spin) * r + rz;
        this.tmpColor.copy(inner).lerp(outer, Math.min(1, r / maxR));
        if (rand() < 0.12) this.tmpColor.lerp(pink, 0.6);
        this.tmpColor.multiplyScalar(0.55 + rand() * 0.45);
        this.tmpColor.toArray(col, i * 3);
        size[i] = 2.5 + rand() * 5.5;
      }
      // Province tints around each system, and the core's glow: very large, very faint points.
      const glowStrength = 0.16 / 0.16; // same opacity as the dust in the bake
      L.systems.forEach((sys, k) => {
        const i = n + k;
        sys.position.toArray(pos, i * 3);
        this.tmpColor.copy(sys.provinceColor).multiplyScalar(0.9 * glowStrength).toArray(col, i * 3);
        size[i] = 52;
      });
      L.centre.toArray(pos, (n + glows - 1) * 3);
      this.tmpColor.set('#ffb86b').multiplyScalar(2.2).toArray(col, (n + glows - 1) * 3);
      size[n + glows - 1] = L.radius * 1.3;
      const extent = maxR * 1.15;
      this.disc = this.bakeDisc(pos, col, size, extent);
      this.disc.visible = this.quality.disc;

      // The sparse 3D sample: one point in six, smaller (one in two when there is no disc).
      const every = this.quality.disc ? 6 : 2;
      const m = Math.floor(n / every);
      const spos = new Float32Array(m * 3);
      const scol = new Float32Array(m * 3);
      const ssize = new Float32Array(m);
      for (let j = 0; j < m; j++) {
        const i = j * every;
        spos.set(pos.subarray(i * 3, i * 3 + 3), j * 3);
        scol.set(col.subarray(i * 3, i * 3 + 3), j * 3);
        ssize[j] = (size[i] as number) * 0.35;
      }
      this.dust = this.pointLayer(spos, scol, ssize, { core: 0, opacity: 0.5, minPx: 0, maxPx: 6, nearFade: 60 });
      this.dust.renderOrder = 1;
    }

    // Far background starfield on a large sphere: fixed pixel sizes (one Points).
    {
      const rand = mulberry32(11);
      const n = Math.round(3500 * this.quality.density);
      const pos = new Float32Array(n * 3);
      const col = new Float32Array(n * 3);
      const size = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const u = rand() * 2 - 1;
        const th = rand() * Math.PI * 2;
        const rr = 1800 + rand() * 1500;
        const s = Math.sqrt(1 - u * u);
        pos[i * 3] = Math.cos(th) * s * rr;
        pos[i * 3 + 1] = u * rr;
        pos[i * 3 + 2] = Math.sin(th) * s * rr;
        const warm = rand();
        this.tmpColor.setRGB(0.7 + warm * 0.3, 0.75 + 0.1 * rand(), 1.0 - warm * 0.3).multiplyScalar(0.25 + Math.pow(rand(), 3) * 0.75);
        this.tmpColor.toArray(col, i * 3);
        size[i] = 1 + Math.pow(rand(), 4) * 2.5;
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(pos, 3));
      geometry.setAttribute('aColor', new BufferAttribute(col, 3));
      geometry.setAttribute('aSize', new BufferAttribute(size, 1));
      const material = new ShaderMaterial({
        vertexShader: S.skyVertex,
        fragmentShader: S.skyFragment,
        uniforms: { uPixelRatio: { value: this.renderer.getPixelRatio() } },
        blending: AdditiveBlending,
        depthWrite: false,
        transparent: true,
      });
      this.sky = track(new Points(geometry, material));
      this.sky.frustumCulled = false;
      this.sky.renderOrder = 0;
      this.scene.add(this.sky);
    }

    // Camera-facing rings and glows: drift areas, province tints, capitals, throne, planet atmospheres,
    // selection and hover (one InstancedMesh).
    {
      const capitals = new Set<string>();
      for (const p of this.content.provinces.values()) {
        const planet = this.content.planets.get(p.capital);
        if (planet) capitals.add(planet.system);
      }
      const throneSystem = this.content.planets.get(this.content.galaxy.throne)?.system;
      type Slot = { pos: Vector3; scale: number; color: Color; style: number; phase: number };
      const slots: Slot[] = [];
      for (const s of L.systems) {
        slots.push({ pos: s.position, scale: s.def.drift.inner, color: s.color.clone().lerp(new Color('#ff9a4a'), 0.3), style: HALO_STYLE.drift, phase: s.index });
        slots.push({ pos: s.position, scale: s.def.drift.outer, color: s.provinceColor.clone().lerp(new Color('#ffffff'), 0.25), style: HALO_STYLE.outerDrift, phase: s.index * 0.37 });
        if (s.id === throneSystem) slots.push({ pos: s.position, scale: s.def.drift.outer * 1.35, color: new Color(GOLD), style: HALO_STYLE.throne, phase: 0 });
        else if (capitals.has(s.id)) slots.push({ pos: s.position, scale: s.def.drift.outer * 1.25, color: new Color(GOLD).multiplyScalar(0.8), style: HALO_STYLE.capital, phase: 0 });
      }
      this.atmosphereSlot = slots.length;
      for (const p of L.planets) slots.push({ pos: p.position, scale: p.radius * 1.45, color: new Color(LOYALTY_COLORS.neutral), style: HALO_STYLE.atmosphere, phase: 0 });
      this.selectedSlot = slots.length;
      slots.push({ pos: new Vector3(), scale: 0, color: new Color('#ffffff'), style: HALO_STYLE.selected, phase: 0 });
      this.hoverSlot = slots.length;
      slots.push({ pos: new Vector3(), scale: 0, color: new Color('#bfe2ff'), style: HALO_STYLE.hover, phase: 0 });

      const geometry = new PlaneGeometry(2, 2);
      const material = new ShaderMaterial({
        vertexShader: S.haloVertex,
        fragmentShader: S.haloFragment,
        uniforms: { uTime: { value: 0 } },
        blending: AdditiveBlending,
        depthWrite: false,
        transparent: true,
      });
      this.halos = track(new InstancedMesh(geometry, material, slots.length));
      this.haloStyle = new InstancedBufferAttribute(new Float32Array(slots.length), 1);
      this.haloPhase = new InstancedBufferAttribute(new Float32Array(slots.length), 1);
      geometry.setAttribute('aStyle', this.haloStyle);
      geometry.setAttribute('aPhase', this.haloPhase);
      slots.forEach((slot, i) => {
        this.setHalo(i, slot.pos, slot.scale, slot.color);
        this.haloStyle.setX(i, slot.style);
        this.haloPhase.setX(i, slot.phase);
      });
      this.halos.instanceMatrix.setUsage(DynamicDrawUsage);
      this.halos.frustumCulled = false;
      this.halos.renderOrder = 2;
      this.scene.add(this.halos);
    }

    // Hyperjump routes [5.22]: a luminous line, and a flowing dash over it (two draw calls in all).
    {
      const positions: number[] = [];
      const colors: number[] = [];
      const at = (id: string): Vector3 | undefined => {
        const s = L.systemIndex.get(id);
        if (s !== undefined) return L.systems[s]?.position;
        const n = L.navIndex.get(id);
        return n !== undefined ? L.navStars[n]?.position : undefined;
      };
      const colorOf = (id: string): Color => {
        const s = L.systemIndex.get(id);
        return s !== undefined ? (L.systems[s]?.provinceColor ?? new Color(NAV_STAR_COLOR)) : new Color(NAV_STAR_COLOR);
      };
      const addSegment = (a: string, b: string) => {
        const pa = at(a);
        const pb = at(b);
        if (!pa || !pb) return;
        positions.push(pa.x, pa.y, pa.z, pb.x, pb.y, pb.z);
        const ca = colorOf(a).clone().lerp(new Color('#ffffff'), 0.35);
        const cb = colorOf(b).clone().lerp(new Color('#ffffff'), 0.35);
        colors.push(ca.r, ca.g, ca.b, cb.r, cb.g, cb.b);
      };
      for (const r of this.content.galaxy.routes) {
        if (r.via) {
          addSegment(r.from, r.via);
          addSegment(r.via, r.to);
        } else addSegment(r.from, r.to);
      }
      this.routeSegments = positions;
      const geometry = new LineSegmentsGeometry();
      geometry.setPositions(positions);
      geometry.setColors(colors);
      const base = new LineMaterial({ vertexColors: true, linewidth: 1.5, transparent: true, opacity: 0.5, depthWrite: false, blending: AdditiveBlending });
      this.routeLines = track(new LineSegments2(geometry, base));
      this.routeLines.renderOrder = 3;
      this.scene.add(this.routeLines);
      const flowGeometry = new LineSegmentsGeometry();
      flowGeometry.setPositions(positions);
      flowGeometry.setColors(colors);
      const flow = new LineMaterial({
        vertexColors: true,
        linewidth: 2.2,
        transparent: true,
        opacity: 0.6,
        dashed: true,
        dashSize: 0.7,
        gapSize: 6,
        depthWrite: false,
        blending: AdditiveBlending,
      });
      this.routeFlow = track(new LineSegments2(flowGeometry, flow));
      this.routeFlow.computeLineDistances();
      this.routeFlow.renderOrder = 3;
      this.scene.add(this.routeFlow);
    }

    // Planet orbits, merged into one LineSegments.
    {
      const pts: number[] = [];
      const seg = 64;
      for (const p of L.planets) {
        const c = L.systems[L.systemIndex.get(p.system) ?? 0]?.position ?? new Vector3();
        for (let i = 0; i < seg; i++) {
          const a0 = (i / seg) * Math.PI * 2;
          const a1 = ((i + 1) / seg) * Math.PI * 2;
          pts.push(c.x + Math.cos(a0) * p.orbitRadius, c.y, c.z + Math.sin(a0) * p.orbitRadius);
          pts.push(c.x + Math.cos(a1) * p.orbitRadius, c.y, c.z + Math.sin(a1) * p.orbitRadius);
        }
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(pts, 3));
      this.orbits = track(new LineSegments(geometry, new LineBasicMaterial({ color: 0x5a6aa8, transparent: true, opacity: 0.35, depthWrite: false, blending: AdditiveBlending })));
      this.orbits.renderOrder = 3;
      this.scene.add(this.orbits);
    }

    // Planets: instanced low-poly spheres lit by their own sun (one draw call).
    {
      const geometry = new IcosahedronGeometry(1, 2);
      const sun = new Float32Array(L.planets.length * 3);
      const material = new ShaderMaterial({ vertexShader: S.planetVertex, fragmentShader: S.planetFragment });
      this.planets = track(new InstancedMesh(geometry, material, L.planets.length));
      L.planets.forEach((p, i) => {
        this.matrix.makeScale(p.radius, p.radius, p.radius).setPosition(p.position);
        this.planets.setMatrixAt(i, this.matrix);
        const first = p.def.environs[0];
        this.tmpColor.set(ENVIRON_COLORS[first?.type ?? 'urban']).lerp(new Color('#8a93b8'), 0.35);
        this.planets.setColorAt(i, this.tmpColor);
        (L.systems[L.systemIndex.get(p.system) ?? 0]?.position ?? new Vector3()).toArray(sun, i * 3);
      });
      geometry.setAttribute('aSun', new InstancedBufferAttribute(sun, 3));
      this.planets.renderOrder = 4;
      this.scene.add(this.planets);
    }

    // Environs: ring sectors around each planet, coloured by type, width by size [5.3E, 5.3J] (merged).
    {
      const pos: number[] = [];
      const col: number[] = [];
      const steps = 10;
      for (const p of L.planets) {
        p.environs.forEach((e, k) => {
          const type = p.def.environs[k]?.type ?? 'urban';
          this.tmpColor.set(ENVIRON_COLORS[type]);
          const a0 = e.angle - e.span / 2;
          for (let i = 0; i < steps; i++) {
            const t0 = a0 + (e.span * i) / steps;
            const t1 = a0 + (e.span * (i + 1)) / steps;
            const v = (a: number, r: number) => [p.position.x + Math.cos(a) * r, p.position.y, p.position.z + Math.sin(a) * r];
            const quad = [v(t0, e.inner), v(t0, e.outer), v(t1, e.outer), v(t0, e.inner), v(t1, e.outer), v(t1, e.inner)];
            for (const q of quad) {
              pos.push(...(q as [number, number, number]));
              col.push(this.tmpColor.r, this.tmpColor.g, this.tmpColor.b);
            }
          }
        });
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(pos, 3));
      geometry.setAttribute('color', new Float32BufferAttribute(col, 3));
      this.environRings = track(
        new Mesh(geometry, new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.55, side: DoubleSide, depthWrite: false, blending: AdditiveBlending })),
      );
      this.environRings.renderOrder = 4;
      this.scene.add(this.environRings);
    }

    // Markers for PDBs, units and characters (one Points, rewritten when the view changes).
    {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(new Float32Array(MARKER_CAPACITY * 3), 3).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aColor', new BufferAttribute(new Float32Array(MARKER_CAPACITY * 3), 3).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aSize', new BufferAttribute(new Float32Array(MARKER_CAPACITY), 1).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aShape', new BufferAttribute(new Float32Array(MARKER_CAPACITY), 1).setUsage(DynamicDrawUsage));
      geometry.setDrawRange(0, 0);
      const material = new ShaderMaterial({ vertexShader: S.markerVertex, fragmentShader: S.markerFragment, uniforms: { uScale: { value: 1 } }, transparent: false });
      this.pointMaterials.push(material);
      this.markers = track(new Points(geometry, material));
      this.markers.frustumCulled = false;
      this.markers.renderOrder = 6;
      this.scene.add(this.markers);
    }

    // Animation pool (one Points; effects are written into free slots and expire by time).
    {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(new Float32Array(FX_CAPACITY * 3), 3).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aTo', new BufferAttribute(new Float32Array(FX_CAPACITY * 3), 3).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aColor', new BufferAttribute(new Float32Array(FX_CAPACITY * 3), 3).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aTiming', new BufferAttribute(new Float32Array(FX_CAPACITY * 3).fill(-100), 3).setUsage(DynamicDrawUsage));
      geometry.setAttribute('aSize', new BufferAttribute(new Float32Array(FX_CAPACITY), 1).setUsage(DynamicDrawUsage));
      const material = new ShaderMaterial({
        vertexShader: S.fxVertex,
        fragmentShader: S.fxFragment,
        uniforms: { uTime: { value: 0 }, uScale: { value: 1 } },
        blending: AdditiveBlending,
        depthWrite: false,
        depthTest: false,
        transparent: true,
      });
      this.pointMaterials.push(material);
      this.fx = track(new Points(geometry, material));
      this.fx.frustumCulled = false;
      this.fx.renderOrder = 10;
      this.scene.add(this.fx);
    }
  }

  /**
   * Draw points once, from straight above, into a texture, and lay that texture on a disc in the
   * galactic plane. The points use the same shader as in 3D, with an orthographic camera.
   */
  private bakeDisc(pos: Float32Array, col: Float32Array, size: Float32Array, extent: number): Mesh {
    const L = this.layout;
    const res = this.quality.density > 1.2 ? 2048 : 1024;
    const target = this.tracker.track(new WebGLRenderTarget(res, res, { generateMipmaps: false, minFilter: LinearFilter, magFilter: LinearFilter }));
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(pos, 3));
    geometry.setAttribute('aColor', new BufferAttribute(col, 3));
    geometry.setAttribute('aSize', new BufferAttribute(size, 1));
    const height = 1000;
    const material = new ShaderMaterial({
      vertexShader: S.pointsVertex,
      fragmentShader: S.pointsFragment,
      uniforms: {
        uScale: { value: (res / (2 * extent)) * height },
        uMinPx: { value: 1.5 },
        uMaxPx: { value: res },
        uCore: { value: 0 },
        uOpacity: { value: 0.16 },
        uNearFade: { value: 0 },
        uTime: { value: 0 },
      },
      blending: AdditiveBlending,
      depthWrite: false,
      depthTest: false,
      transparent: true,
    });
    const bakeScene = new Scene();
    const points = new Points(geometry, material);
    points.frustumCulled = false;
    bakeScene.add(points);
    const cam = new OrthographicCamera(-extent, extent, extent, -extent, 1, height * 2);
    cam.position.set(L.centre.x, L.centre.y + height, L.centre.z);
    cam.up.set(0, 0, -1);
    cam.lookAt(L.centre.x, L.centre.y, L.centre.z);
    cam.updateMatrixWorld();
    const previous = this.renderer.getRenderTarget();
    const clear = this.renderer.getClearColor(new Color());
    this.renderer.setRenderTarget(target);
    this.renderer.setClearColor(0x000000, 1);
    this.renderer.clear();
    this.renderer.render(bakeScene, cam);
    this.renderer.setRenderTarget(previous);
    this.renderer.setClearColor(clear, 1);
    geometry.dispose();
    material.dispose();

    const plane = new PlaneGeometry(extent * 2, extent * 2);
    plane.rotateX(-Math.PI / 2);
    const discMaterial = new ShaderMaterial({
      vertexShader: S.discVertex,
      fragmentShader: S.discFragment,
      uniforms: { tMap: { value: target.texture }, uNearFade: { value: 60 }, uZoom: { value: 1 } },
      blending: AdditiveBlending,
      depthWrite: false,
      transparent: true,
      side: DoubleSide,
    });
    const disc = this.tracker.track(new Mesh(plane, discMaterial));
    disc.position.set(L.centre.x, L.centre.y - 2, L.centre.z);
    disc.renderOrder = 1;
    disc.frustumCulled = false;
    this.scene.add(disc);
    return disc;
  }

  private pointLayer(pos: Float32Array, col: Float32Array, size: Float32Array, o: { core: number; opacity: number; minPx: number; maxPx: number; nearFade: number }): Points {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(pos, 3));
    geometry.setAttribute('aColor', new BufferAttribute(col, 3));
    geometry.setAttribute('aSize', new BufferAttribute(size, 1));
    const material = new ShaderMaterial({
      vertexShader: S.pointsVertex,
      fragmentShader: S.pointsFragment,
      uniforms: {
        uScale: { value: 1 },
        uMinPx: { value: o.minPx },
        uMaxPx: { value: o.maxPx },
        uCore: { value: o.core },
        uOpacity: { value: o.opacity },
        uNearFade: { value: o.nearFade },
        uTime: { value: 0 },
      },
      blending: AdditiveBlending,
      depthWrite: false,
      transparent: true,
    });
    this.pointMaterials.push(material);
    const points = this.tracker.track(new Points(geometry, material));
    points.frustumCulled = false;
    this.scene.add(points);
    return points;
  }

  private setHalo(slot: number, pos: Vector3, scale: number, color: Color): void {
    this.matrix.makeScale(scale, scale, scale).setPosition(pos);
    this.halos.setMatrixAt(slot, this.matrix);
    this.halos.setColorAt(slot, color);
  }

  // ------------------------------------------------------------------ the game's state

  /** Show a view of the game: planet loyalty and state, PDBs, stacks. `refs` names static entities. */
  setView(view: GameView | null, refs: EntityRefs = this.refs): void {
    this.view = view;
    this.refs = refs;
    const L = this.layout;
    const byId = new Map(view?.planets.map((p) => [p.id, p]) ?? []);
    // Planet atmospheres: loyalty colour [15.1]; pulsing in rebellion, bright red under Rebel control [15.5].
    L.planets.forEach((p, i) => {
      const pv = byId.get(p.id);
      const slot = this.atmosphereSlot + i;
      const loyalty = pv?.loyalty ?? 'neutral';
      this.tmpColor.set(LOYALTY_COLORS[loyalty]);
      if (pv?.state === 'rebel-control') this.tmpColor.set('#ff3b2f').multiplyScalar(1.3);
      if (pv && !pv.inPlay) this.tmpColor.multiplyScalar(0.25);
      this.halos.setColorAt(slot, this.tmpColor);
      this.haloPhase.setX(slot, pv?.state === 'rebellion' ? 1 : 0);
    });
    if (this.halos.instanceColor) this.halos.instanceColor.needsUpdate = true;
    this.haloPhase.needsUpdate = true;

    // Stacks per environ and side.
    this.stacks = [];
    const stackAt = new Map<string, StackSummary>();
    const environId = (eid: number) => refs[eid]?.id ?? '';
    const stack = (environ: string, side: string): StackSummary => {
      const key = `${environ}|${side}`;
      let s = stackAt.get(key);
      if (!s) {
        s = { environ, side, units: 0, strength: 0, characters: 0, undetected: 0 };
        stackAt.set(key, s);
        this.stacks.push(s);
      }
      return s;
    };
    for (const u of view?.units ?? []) {
      const env = environId(u.environ);
      if (!env) continue;
      const s = stack(env, u.side);
      s.units++;
      s.strength = s.strength === null || u.combat === null ? null : s.strength + u.combat;
    }
    for (const c of view?.characters ?? []) {
      if (c.dead || !c.environ) continue;
      const env = environId(c.environ);
      if (!env) continue;
      const s = stack(env, c.side);
      s.characters++;
      if (!c.detected) s.undetected++;
    }

    // Markers.
    const g = this.markers.geometry;
    const pos = g.getAttribute('position') as BufferAttribute;
    const col = g.getAttribute('aColor') as BufferAttribute;
    const size = g.getAttribute('aSize') as BufferAttribute;
    const shape = g.getAttribute('aShape') as BufferAttribute;
    let n = 0;
    const put = (p: Vector3, c: Color, s: number, sh: number) => {
      if (n >= MARKER_CAPACITY) return;
      pos.setXYZ(n, p.x, p.y, p.z);
      col.setXYZ(n, c.r, c.g, c.b);
      size.setX(n, s);
      shape.setX(n, sh);
      n++;
    };
    for (const pv of view?.planets ?? []) {
      const p = L.planets[L.planetIndex.get(pv.id) ?? -1];
      if (!p) continue;
      // [8.0] PDB level as squares above the planet: green when up, grey when down.
      for (let k = 0; k < pv.pdbLevel; k++) {
        this.tmpV.set(p.position.x + (k - (pv.pdbLevel - 1) / 2) * p.radius * 0.9, p.position.y + p.radius * 1.9, p.position.z);
        put(this.tmpV, pv.pdbUp ? PDB_UP : PDB_DOWN, p.radius * 0.75, 1);
      }
    }
    for (const s of this.stacks) {
      const where = L.environIndex.get(s.environ);
      const p = where ? L.planets[where.planet] : undefined;
      const e = where && p ? p.environs[where.environ] : undefined;
      if (!p || !e) continue;
      const side = s.side === 'rebel' ? 1 : -1;
      const r = e.outer + p.radius * 0.55;
      const a = e.angle + side * e.span * 0.22;
      const c = this.tmpColor.set(SIDE_COLORS[s.side] ?? '#ffffff');
      if (s.units) {
        this.tmpV.set(p.position.x + Math.cos(a) * r, p.position.y + p.radius * 0.3, p.position.z + Math.sin(a) * r);
        put(this.tmpV, c, p.radius * (0.9 + Math.min(6, s.units) * 0.08), 3);
      }
      if (s.characters) {
        const r2 = r + p.radius * 0.9;
        this.tmpV.set(p.position.x + Math.cos(a) * r2, p.position.y + p.radius * 0.3, p.position.z + Math.sin(a) * r2);
        if (s.undetected === s.characters) c.multiplyScalar(0.55); // undetected: dimmer, as their owner knows
        put(this.tmpV, c, p.radius * 0.95, 2);
      }
    }
    g.setDrawRange(0, n);
    pos.needsUpdate = col.needsUpdate = size.needsUpdate = shape.needsUpdate = true;
    this.labelsDirty = true;
  }

  /** Where an entity is in the picture, if it can be placed (planet, environ, system, piece in view). */
  positionOf(eid: number, out: Vector3): boolean {
    const L = this.layout;
    const ref = this.refs[eid];
    let environ = 0;
    if (ref) {
      if (ref.kind === 'planet') {
        const p = L.planets[L.planetIndex.get(ref.id) ?? -1];
        if (p) return !!out.copy(p.position);
      } else if (ref.kind === 'environ') {
        const where = L.environIndex.get(ref.id);
        const p = where ? L.planets[where.planet] : undefined;
        const e = where && p ? p.environs[where.environ] : undefined;
        if (p && e) {
          const r = (e.inner + e.outer) / 2;
          out.set(p.position.x + Math.cos(e.angle) * r, p.position.y, p.position.z + Math.sin(e.angle) * r);
          return true;
        }
      } else if (ref.kind === 'system') {
        const s = L.systems[L.systemIndex.get(ref.id) ?? -1];
        if (s) return !!out.copy(s.position);
      } else if (ref.kind === 'navStar') {
        const s = L.navStars[L.navIndex.get(ref.id) ?? -1];
        if (s) return !!out.copy(s.position);
      }
    }
    const v = this.view;
    if (v) {
      const u = v.units.find((x) => x.eid === eid);
      const c = u ? undefined : v.characters.find((x) => x.eid === eid);
      environ = u?.environ ?? c?.environ ?? 0;
    }
    if (environ && environ !== eid) return this.positionOf(environ, out);
    return false;
  }

  // ------------------------------------------------------------------ animations

  /**
   * Animate one game event by its kind and entities. Unknown kinds get a plain ping where their first
   * entity is. `from` is where a moving piece came from (the UI knows it by comparing views).
   */
  animateEvent(event: GameEvent, from?: Vector3): Vector3 | null {
    if (this.animationSpeed <= 0) return null;
    const spec = effectFor(event.kind);
    const at = new Vector3();
    let found = false;
    for (const eid of event.entities ?? []) {
      if (this.positionOf(eid, at)) {
        found = true;
        break;
      }
    }
    if (!found) return null;
    const duration = spec.duration / this.animationSpeed;
    if (from && spec.travel) this.spawnFx(from, at, spec.color, duration, 2, spec.size);
    else this.spawnFx(at, at, spec.color, duration, spec.fx, spec.size);
    if (spec.fx === 3) this.spawnFx(at, at, spec.color, duration * 1.6, 3, spec.size * 2.2); // echo wave (domino, rebellion)
    return at;
  }

  private spawnFx(from: Vector3, to: Vector3, color: string, duration: number, kind: number, size: number): void {
    const g = this.fx.geometry;
    const i = this.fxNext;
    this.fxNext = (this.fxNext + 1) % FX_CAPACITY;
    (g.getAttribute('position') as BufferAttribute).setXYZ(i, from.x, from.y, from.z);
    (g.getAttribute('aTo') as BufferAttribute).setXYZ(i, to.x, to.y, to.z);
    this.tmpColor.set(color);
    (g.getAttribute('aColor') as BufferAttribute).setXYZ(i, this.tmpColor.r, this.tmpColor.g, this.tmpColor.b);
    (g.getAttribute('aTiming') as BufferAttribute).setXYZ(i, this.time, duration, kind);
    (g.getAttribute('aSize') as BufferAttribute).setX(i, size);
    this.fxUntil = Math.max(this.fxUntil, this.time + duration);
    for (const name of ['position', 'aTo', 'aColor', 'aTiming', 'aSize']) (g.getAttribute(name) as BufferAttribute).needsUpdate = true;
  }

  /** Skip every running animation. */
  skipAnimations(): void {
    const timing = this.fx.geometry.getAttribute('aTiming') as BufferAttribute;
    (timing.array as Float32Array).fill(-100);
    this.fxUntil = 0;
    timing.needsUpdate = true;
  }

  // ------------------------------------------------------------------ camera

  /** Fly the camera so it looks at `target` from `distance` away (keeping the current direction). */
  flyTo(target: Vector3, distance: number, instant = false): void {
    const dir = this.tmpV.copy(this.camera.position).sub(this.controls.target);
    if (dir.lengthSq() < 1e-6) dir.set(0, 1, 1);
    dir.normalize();
    // Keep a pleasant elevation: between 25 and 70 degrees above the galactic plane.
    const elev = Math.asin(Math.max(-1, Math.min(1, dir.y)));
    const clamped = Math.max(0.45, Math.min(1.2, elev));
    const horiz = Math.hypot(dir.x, dir.z) || 1;
    dir.set((dir.x / horiz) * Math.cos(clamped), Math.sin(clamped), (dir.z / horiz) * Math.cos(clamped));
    const toPos = target.clone().addScaledVector(dir, distance);
    if (instant) {
      this.controls.target.copy(target);
      this.camera.position.copy(toPos);
      this.fly = null;
      this.controls.update();
      return;
    }
    this.fly = { fromTarget: this.controls.target.clone(), toTarget: target.clone(), fromPos: this.camera.position.clone(), toPos, t: 0, duration: 1.1 };
  }

  /** The whole galaxy. */
  home(instant = false): void {
    this.focusedSystem = null;
    const L = this.layout;
    if (instant) {
      this.controls.target.copy(L.centre);
      this.camera.position.set(L.centre.x, L.centre.y + L.radius * 2.0, L.centre.z + L.radius * 1.15);
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
    this.flyTo(s.position, s.def.drift.outer * 2.7, instant);
  }

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
    const hit = this.raycaster.intersectObject(this.planets, false)[0];
    if (hit && hit.instanceId !== undefined) {
      const p = this.layout.planets[hit.instanceId];
      if (p) return { kind: 'planet', id: p.id };
    }
    // Points: the candidate closest to the ray in angle (a pixel tolerance that works at any zoom).
    const ray: Ray = this.raycaster.ray;
    let best: Selection | null = null;
    let bestScore = 0.028;
    const consider = (pos: Vector3, sel: Selection, tolerance: number) => {
      const along = this.tmpV.copy(pos).sub(ray.origin).dot(ray.direction);
      if (along <= 0) return;
      const score = Math.sqrt(ray.distanceSqToPoint(pos)) / along / tolerance;
      if (score < bestScore) {
        bestScore = score;
        best = sel;
      }
    };
    for (const p of this.layout.planets) consider(p.position, { kind: 'planet', id: p.id }, 0.7);
    for (const s of this.layout.systems) consider(s.position, { kind: 'system', id: s.id }, 1);
    for (const n of this.layout.navStars) consider(n.position, { kind: 'navStar', id: n.id }, 0.8);
    return best;
  }

  select(selection: Selection | null): void {
    this.selection = selection;
    const pos = selection ? this.selectionPosition(selection) : null;
    this.setHalo(this.selectedSlot, pos ?? this.tmpV.set(0, -1e5, 0), pos ? this.selectionScale(selection) : 0, this.tmpColor.set('#ffffff'));
    this.halos.instanceMatrix.needsUpdate = true;
    if (this.halos.instanceColor) this.halos.instanceColor.needsUpdate = true;
    this.onSelect(selection);
  }

  private setHover(selection: Selection | null, x: number, y: number): void {
    const same = JSON.stringify(selection) === JSON.stringify(this.hovered);
    this.hovered = selection;
    if (!same) {
      const pos = selection ? this.selectionPosition(selection) : null;
      this.setHalo(this.hoverSlot, pos ?? this.tmpV.set(0, -1e5, 0), pos ? this.selectionScale(selection) * 0.85 : 0, this.tmpColor.set('#bfe2ff'));
      this.halos.instanceMatrix.needsUpdate = true;
      if (this.halos.instanceColor) this.halos.instanceColor.needsUpdate = true;
      this.renderer.domElement.style.cursor = selection ? 'pointer' : '';
    }
    this.onHover(selection, x, y);
  }

  selectionPosition(sel: Selection): Vector3 | null {
    const L = this.layout;
    if (sel.kind === 'system') return L.systems[L.systemIndex.get(sel.id) ?? -1]?.position.clone() ?? null;
    if (sel.kind === 'planet') return L.planets[L.planetIndex.get(sel.id) ?? -1]?.position.clone() ?? null;
    if (sel.kind === 'navStar') return L.navStars[L.navIndex.get(sel.id) ?? -1]?.position.clone() ?? null;
    const where = L.environIndex.get(sel.environ);
    return where ? (L.planets[where.planet]?.position.clone() ?? null) : null;
  }

  private selectionScale(sel: Selection | null): number {
    if (!sel) return 0;
    const L = this.layout;
    if (sel.kind === 'system') return (L.systems[L.systemIndex.get(sel.id) ?? -1]?.def.drift.outer ?? 3) * 1.12;
    if (sel.kind === 'navStar') return 1.2;
    const id = sel.kind === 'planet' ? sel.id : (L.planets[L.environIndex.get(sel.environ)?.planet ?? -1]?.id ?? '');
    return (L.planets[L.planetIndex.get(id) ?? -1]?.radius ?? 0.2) * 3.4;
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
      if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 5) this.activate(this.pickAt(e.clientX, e.clientY));
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
  }

  /** Keyboard panning in the galactic plane, relative to where the camera looks. */
  private panKeys(dt: number): void {
    if (!this.keys.size) return;
    let fx = 0;
    let fz = 0;
    for (const k of this.keys) {
      if (k === 'arrowup' || k === 'w') fz += 1;
      if (k === 'arrowdown' || k === 's') fz -= 1;
      if (k === 'arrowleft' || k === 'a') fx -= 1;
      if (k === 'arrowright' || k === 'd') fx += 1;
    }
    const dir = this.tmpV.copy(this.controls.target).sub(this.camera.position);
    const dist = dir.length();
    dir.y = 0;
    dir.normalize();
    const speed = dist * 0.9 * dt;
    const dx = (-dir.z * fx + dir.x * fz) * speed;
    const dz = (dir.x * fx + dir.z * fz) * speed;
    this.fly = null;
    this.controls.target.x += dx;
    this.controls.target.z += dz;
    this.camera.position.x += dx;
    this.camera.position.z += dz;
    this.labelsDirty = true;
  }

  // ------------------------------------------------------------------ frame

  resize(): void {
    const w = this.container.clientWidth || window.innerWidth;
    const h = this.container.clientHeight || window.innerHeight;
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.camera.aspect = w / h;
    // A panel covering the left of the page shifts the picture's centre right, so nothing hides under it.
    if (this.leftInset > 0) this.camera.setViewOffset(w, h, -this.leftInset / 2, 0, w, h);
    else this.camera.clearViewOffset();
    this.camera.updateProjectionMatrix();
    const pr = this.renderer.getPixelRatio();
    const scale = (h * pr) / (2 * Math.tan((this.camera.fov * Math.PI) / 360));
    for (const m of this.pointMaterials) {
      const u = m.uniforms.uScale;
      if (u) u.value = scale;
      const min = m.uniforms.uMinPx;
      if (min) min.value = (min.value as number) > 0 ? 11 * pr : 0;
    }
    const res = new Vector2(w * pr, h * pr);
    (this.routeLines.material as LineMaterial).resolution.copy(res);
    (this.routeFlow.material as LineMaterial).resolution.copy(res);
    this.composer?.setSize(w, h);
    this.labelsDirty = true;
  }

  /** Show or hide one layer by name (the bench's breakdown of frame time). */
  setLayerVisible(name: string, visible: boolean): string[] {
    const names: string[] = [];
    const layers: Record<string, { visible: boolean } | undefined> = {
      stars: this.stars, sky: this.sky, dust: this.dust, disc: this.disc, halos: this.halos, routes: this.routeLines, flow: this.routeFlow,
      orbits: this.orbits, planets: this.planets, environs: this.environRings, markers: this.markers, fx: this.fx,
    };
    for (const [n, layer] of Object.entries(layers)) {
      names.push(n);
      if (layer && (n === name || name === '*')) layer.visible = visible;
    }
    return names;
  }

  /** Pixels of the page's left edge covered by a panel (the start menu). */
  setLeftInset(px: number): void {
    if (px === this.leftInset) return;
    this.leftInset = px;
    this.resize();
  }

  /** Advance camera and animations by real time, then draw. Allocation-free. */
  update(now = performance.now()): void {
    const dt = Math.min(0.1, this.lastFrame ? (now - this.lastFrame) / 1000 : 0.016);
    this.lastFrame = now;
    this.time = (now - this.clockStart) / 1000;
    if (this.fly) {
      const f = this.fly;
      f.t = Math.min(1, f.t + dt / f.duration);
      const e = f.t < 0.5 ? 4 * f.t * f.t * f.t : 1 - Math.pow(-2 * f.t + 2, 3) / 2; // ease in-out
      this.controls.target.lerpVectors(f.fromTarget, f.toTarget, e);
      this.camera.position.lerpVectors(f.fromPos, f.toPos, e);
      if (f.t >= 1) this.fly = null;
      this.labelsDirty = true;
    }
    this.panKeys(dt);
    this.controls.update();
    this.renderFrame();
    if (!this.lastCamera.equals(this.camera.matrixWorld)) {
      this.lastCamera.copy(this.camera.matrixWorld);
      this.labelsDirty = true;
    }
    this.onFrame();
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
    (this.disc.material as ShaderMaterial).uniforms.uZoom!.value = zoom * zoom * (3 - 2 * zoom);
    this.planets.visible = this.environRings.visible = this.orbits.visible = this.markers.visible = near;
    this.fx.visible = this.time < this.fxUntil;
  }

  /** Draw one frame now (the bench and tests call this directly). */
  renderFrame(): void {
    this.applyDetail();
    for (const m of this.pointMaterials) {
      const t = m.uniforms.uTime;
      if (t) t.value = this.time;
    }
    (this.halos.material as ShaderMaterial).uniforms.uTime!.value = this.time;
    (this.routeFlow.material as LineMaterial).dashOffset = -this.time * 1.6;
    if (this.composer) this.composer.render();
    else this.renderer.render(this.scene, this.camera);
  }

  /** Labels need moving (the camera or the view changed); the UI clears it after moving them. */
  takeLabelsDirty(): boolean {
    const d = this.labelsDirty;
    this.labelsDirty = false;
    return d;
  }

  /** Project a world position to canvas pixels; false when behind the camera. */
  project(pos: Vector3, out: Vector2): boolean {
    const v = this.tmpV.copy(pos).project(this.camera);
    if (v.z > 1 || v.z < -1) return false;
    const el = this.renderer.domElement;
    out.set(((v.x + 1) / 2) * el.clientWidth, ((1 - v.y) / 2) * el.clientHeight);
    return true;
  }

  cameraDistanceTo(pos: Vector3): number {
    return this.camera.position.distanceTo(pos);
  }

  start(): void {
    this.renderer.setAnimationLoop((t) => this.update(t));
  }

  stop(): void {
    this.renderer.setAnimationLoop(null);
  }

  /** The background starfield's positions (for the bench's reference scene). */
  skyPositions(): Float32Array {
    return this.sky.geometry.getAttribute('position').array as Float32Array;
  }

  /** Route segments as plain line positions (for the bench's reference scene). */
  routePositions(): Float32Array {
    return new Float32Array(this.routeSegments);
  }

  /** Draw-call and triangle counts of one frame, measured. */
  stats(): { drawCalls: number; triangles: number; points: number; lines: number; resources: number } {
    this.renderFrame();
    const r = this.renderer.info.render;
    return { drawCalls: r.calls, triangles: r.triangles, points: r.points, lines: r.lines, resources: this.tracker.size };
  }

  /** Quality: pixel ratio, bloom (loaded only when asked for), starfield density (rebuilds the dust). */
  async setQuality(q: Quality): Promise<void> {
    const densityChanged = q.density !== this.quality.density || q.disc !== this.quality.disc;
    this.quality = q;
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, q.pixelRatio));
    (this.sky.material as ShaderMaterial).uniforms.uPixelRatio!.value = this.renderer.getPixelRatio();
    if (densityChanged) {
      // Rebuild the whole static picture with the new counts: simplest, and it runs once per change.
      this.tracker.dispose();
      this.scene.clear();
      this.pointMaterials.length = 0;
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
