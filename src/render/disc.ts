/**
 * The galactic disc's glow (spiral dust, province tints, the core) as a vertex-coloured mesh.
 *
 * Thousands of soft overlapping points are far too costly to fill every frame, so they are drawn ONCE
 * from straight above into an offscreen image, and the image is read back and laid on a disc in the
 * galactic plane. Not as a texture: in software WebGL a textured pixel costs about three flat-shaded
 * ones, and the disc covers much of the screen. Instead the image is sampled at the vertices of a
 * polar grid whose spokes wind with the spiral arms (so a few thousand triangles follow the arms
 * closely), colours are interpolated across each triangle, and triangles that would be black are left
 * out, so the dark gaps between the arms cost nothing.
 */
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  LinearSRGBColorSpace,
  Mesh,
  NoBlending,
  OrthographicCamera,
  Points,
  Scene,
  ShaderMaterial,
  Vector3,
  WebGLRenderTarget,
  type WebGLRenderer,
} from 'three';
import * as S from './shaders';

export interface DiscSpec {
  centre: Vector3;
  /** Half the side of the square baked (world units); the mesh covers the circle of this radius. */
  extent: number;
  /** The spiral the grid winds with: angle = arm + spin * r / spinRadius. */
  arms: number;
  spin: number;
  spinRadius: number;
  /** The renderer's clear colour: the disc is drawn opaque over it. */
  background: number;
  /** Rings and spokes of the grid (spokes a multiple of `arms`, so each arm runs along a spoke). */
  rings: number;
  spokes: number;
}

/** The bake's resolution: fine enough for the grid's smallest cells near the core. */
const BAKE_RES = 512;
/**
 * Glow fainter than this (of 255) is taken off everywhere, so the mesh can leave out triangles whose
 * corners are all black without a visible edge where it stops. The faint outskirts it takes off would
 * cover most of the screen for little light; the sparse dust points draw the outer arms instead.
 */
const BLACK = 36;

/** Draw the points from straight above into an RGBA image (row 0 at the bottom, +x right, -z up). */
function bake(renderer: WebGLRenderer, points: Points, spec: DiscSpec): Uint8Array {
  const { centre, extent } = spec;
  const target = new WebGLRenderTarget(BAKE_RES, BAKE_RES, { generateMipmaps: false, depthBuffer: false });
  const height = 1000;
  const material = points.material as ShaderMaterial;
  material.uniforms.uScale!.value = (BAKE_RES / (2 * extent)) * height;
  const scene = new Scene();
  scene.add(points);
  const cam = new OrthographicCamera(-extent, extent, extent, -extent, 1, height * 2);
  cam.position.set(centre.x, centre.y + height, centre.z);
  cam.up.set(0, 0, -1);
  cam.lookAt(centre.x, centre.y, centre.z);
  cam.updateMatrixWorld();
  const previous = renderer.getRenderTarget();
  const clear = renderer.getClearColor(new Color());
  const alpha = renderer.getClearAlpha();
  renderer.setRenderTarget(target);
  renderer.setClearColor(0x000000, 1);
  renderer.clear();
  renderer.render(scene, cam);
  const pixels = new Uint8Array(BAKE_RES * BAKE_RES * 4);
  renderer.readRenderTargetPixels(target, 0, 0, BAKE_RES, BAKE_RES, pixels);
  renderer.setRenderTarget(previous);
  renderer.setClearColor(clear, alpha);
  target.dispose();
  return pixels;
}

/** Mean colour (0..1) of the image over a square of `half` texels either side of world (x, z). */
function sample(pixels: Uint8Array, spec: DiscSpec, x: number, z: number, half: number, out: Color): Color {
  const u = ((x - spec.centre.x) / (2 * spec.extent) + 0.5) * BAKE_RES;
  const v = (0.5 - (z - spec.centre.z) / (2 * spec.extent)) * BAKE_RES;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let j = Math.round(v - half); j <= Math.round(v + half); j++) {
    for (let i = Math.round(u - half); i <= Math.round(u + half); i++) {
      n++;
      if (i < 0 || j < 0 || i >= BAKE_RES || j >= BAKE_RES) continue;
      const k = (j * BAKE_RES + i) * 4;
      r += pixels[k] as number;
      g += pixels[k + 1] as number;
      b += pixels[k + 2] as number;
    }
  }
  return out.setRGB(r / n / 255, g / n / 255, b / n / 255);
}

/**
 * Bake `points` (with the points shader) and build the disc mesh. The first `glow` points are the
 * glow (dust and core), the rest province tints: these colour the glow where it is, so they add no
 * triangles of their own (a tint's faint edge reaches far and would cover much of the screen).
 * The points' geometry and material are the caller's, and are not kept.
 */
export function buildDisc(renderer: WebGLRenderer, points: Points, glow: number, spec: DiscSpec): Mesh {
  const count = points.geometry.getAttribute('position').count;
  points.geometry.setDrawRange(0, glow);
  const pixels = bake(renderer, points, spec);
  points.geometry.setDrawRange(glow, count - glow);
  const tints = bake(renderer, points, spec);
  const { rings, spokes, extent } = spec;
  const texelsPerUnit = BAKE_RES / (2 * extent);
  // Ring radii grow as a power of their index: small cells near the bright, narrow inner arms.
  const radius = (i: number) => extent * Math.pow(i / rings, 1.5);
  const n = 1 + rings * spokes;
  const pos = new Float32Array(n * 3);
  const col = new Float32Array(n * 3);
  const c = new Color();
  const t = new Color();
  const black = BLACK / 255;
  /** The vertex's colour: the glow less the black level, tinted by its province where it glows. */
  const colour = (v: number, x: number, z: number, half: number) => {
    sample(pixels, spec, x, z, half, c);
    sample(tints, spec, x, z, half, t);
    const presence = Math.min(1, Math.max(0, (Math.max(c.r, c.g, c.b) - black) / (3 * black)));
    // Less the black level, stretched back so the brightest glow stays as bright as it was baked.
    const k = 1 / (1 - black);
    c.setRGB(Math.max(0, c.r - black) * k, Math.max(0, c.g - black) * k, Math.max(0, c.b - black) * k);
    c.add(t.multiplyScalar(presence)).toArray(col, v * 3);
  };
  spec.centre.toArray(pos, 0);
  colour(0, spec.centre.x, spec.centre.z, 1);
  for (let i = 1; i <= rings; i++) {
    const r = radius(i);
    // Average over about one cell, so a vertex shows its neighbourhood, not one speck of dust.
    const cell = Math.min(r * ((2 * Math.PI) / spokes), radius(i) - radius(i - 1));
    const half = Math.max(0.5, Math.min(6, (cell * texelsPerUnit) / 2));
    for (let j = 0; j < spokes; j++) {
      const a = (j / spokes) * Math.PI * 2 + (spec.spin * r) / spec.spinRadius;
      const x = spec.centre.x + Math.cos(a) * r;
      const z = spec.centre.z + Math.sin(a) * r;
      const v = 1 + (i - 1) * spokes + j;
      pos[v * 3] = x;
      pos[v * 3 + 1] = spec.centre.y;
      pos[v * 3 + 2] = z;
      colour(v, x, z, half);
    }
  }
  const bright = (v: number) => Math.max(col[v * 3] as number, col[v * 3 + 1] as number, col[v * 3 + 2] as number) > 0;
  const index: number[] = [];
  const tri = (a: number, b: number, d: number) => {
    if (bright(a) || bright(b) || bright(d)) index.push(a, b, d);
  };
  for (let j = 0; j < spokes; j++) tri(0, 1 + j, 1 + ((j + 1) % spokes));
  for (let i = 1; i < rings; i++) {
    for (let j = 0; j < spokes; j++) {
      const a = 1 + (i - 1) * spokes + j;
      const b = 1 + (i - 1) * spokes + ((j + 1) % spokes);
      const a2 = a + spokes;
      const b2 = b + spokes;
      tri(a, a2, b2);
      tri(a, b2, b);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(pos, 3));
  geometry.setAttribute('aColor', new BufferAttribute(col, 3));
  geometry.setIndex(index);
  // Opaque, drawn before everything else (three draws opaque objects first): the disc's pixels are the
  // background plus the glow, written without reading the framebuffer (blending costs per pixel too).
  // Its triangles never overlap, and where it stops the glow has faded to nothing, so no edge shows.
  // The hex as the canvas holds it (three would otherwise convert it to linear light).
  const background = new Color().setHex(spec.background, LinearSRGBColorSpace);
  const material = new ShaderMaterial({
    vertexShader: S.discVertex,
    fragmentShader: S.discFragment,
    uniforms: { uNearFade: { value: 60 }, uZoom: { value: 1 }, uBackground: { value: new Vector3(background.r, background.g, background.b) } },
    blending: NoBlending,
    depthTest: false,
    depthWrite: false,
    side: DoubleSide,
  });
  const disc = new Mesh(geometry, material);
  disc.frustumCulled = false;
  return disc;
}
