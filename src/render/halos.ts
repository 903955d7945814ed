/**
 * Camera-facing rings and glows (drift areas, capitals, throne, planet atmospheres, selection, hover)
 * as ONE merged mesh with a slot per halo, drawn in one draw call per style. Not an InstancedMesh: software WebGL (SwiftShader) pays for
 * each instance almost as for a draw call, so a hundred instanced quads cost more than the whole
 * reference scene; the same rings as plain vertices cost a fraction of that.
 *
 * Each slot is a quad of 4 vertices facing the camera (see `haloVertex`); each style is one draw. Not a tighter ring-shaped
 * polygon: measured, SwiftShader pays more for each extra triangle (per row of pixels it spans) than
 * for the empty pixels a quad shades. Moving or recolouring a halo rewrites its 4 vertices.
 */
import { AdditiveBlending, BufferAttribute, BufferGeometry, DynamicDrawUsage, Mesh, ShaderMaterial, type Color, type Vector3 } from 'three';
import * as S from './shaders';

export const HALO_STYLE = { drift: 0, outerDrift: 1, capital: 2, throne: 3, glow: 4, selected: 5, atmosphere: 6, hover: 7 } as const;

/**
 * The styles seen together from afar share one draw (each draw has a cost of its own in software
 * WebGL, about that of ten thousand pixels): the outer drift areas, capitals and the throne.
 */
const RINGS = [HALO_STYLE.outerDrift, HALO_STYLE.capital, HALO_STYLE.throne] as number[];
const groupOf = (style: number): number => (RINGS.includes(style) ? -1 : style);

const VERTS = 4;
const INDICES = 6;
const CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1];

export class HaloLayer {
  readonly mesh: Mesh;
  /** One material per style (or group of styles), each drawing its own contiguous run of slots. */
  readonly materials: ShaderMaterial[] = [];
  private readonly byGroup = new Map<number, ShaderMaterial>();
  private readonly uniforms = { uTime: { value: 0 } };
  private readonly centre: BufferAttribute;
  private readonly scale: BufferAttribute;
  private readonly color: BufferAttribute;
  private readonly phase: BufferAttribute;

  /**
   * `styles` is every slot's style, in slot order; slots of one style (or of the ring group) must be
   * contiguous. Each gets its own material with only its own shading compiled in (`#define STYLE`):
   * in software WebGL a shader that branches on a per-pixel style pays for every branch on every
   * pixel. The ring group computes its three styles without branches, weighted by the style.
   */
  constructor(styles: number[]) {
    const capacity = styles.length;
    const n = capacity * VERTS;
    const corner = new Float32Array(n * 2);
    const index = new Uint32Array(capacity * INDICES);
    for (let slot = 0; slot < capacity; slot++) {
      corner.set(CORNERS, slot * VERTS * 2);
      const v = slot * VERTS;
      index.set([v, v + 1, v + 2, v, v + 2, v + 3], slot * INDICES);
    }
    const geometry = new BufferGeometry();
    this.centre = new BufferAttribute(new Float32Array(n * 3), 3).setUsage(DynamicDrawUsage);
    this.scale = new BufferAttribute(new Float32Array(n), 1).setUsage(DynamicDrawUsage);
    this.color = new BufferAttribute(new Float32Array(n * 3), 3).setUsage(DynamicDrawUsage);
    this.phase = new BufferAttribute(new Float32Array(n), 1).setUsage(DynamicDrawUsage);
    geometry.setAttribute('position', this.centre);
    geometry.setAttribute('aCorner', new BufferAttribute(corner, 2));
    geometry.setAttribute('aScale', this.scale);
    geometry.setAttribute('aColor', this.color);
    geometry.setAttribute('aPhase', this.phase);
    const style = new Float32Array(n);
    styles.forEach((st, slot) => style.fill(st, slot * VERTS, (slot + 1) * VERTS));
    geometry.setAttribute('aStyle', new BufferAttribute(style, 1));
    geometry.setIndex(new BufferAttribute(index, 1));
    for (let start = 0; start < capacity; ) {
      const group = groupOf(styles[start] as number);
      let end = start;
      while (end < capacity && groupOf(styles[end] as number) === group) end++;
      if (this.byGroup.has(group)) throw new Error(`halo slots of style ${styles[start]} are not contiguous`);
      const material = new ShaderMaterial({
        vertexShader: S.haloVertex,
        fragmentShader: S.haloFragment,
        defines: group < 0 ? { RINGS: true } : { STYLE: group },
        uniforms: this.uniforms,
        blending: AdditiveBlending,
        depthWrite: false,
        transparent: true,
      });
      geometry.addGroup(start * INDICES, (end - start) * INDICES, this.materials.length);
      this.materials.push(material);
      this.byGroup.set(group, material);
      start = end;
    }
    this.mesh = new Mesh(geometry, this.materials);
    this.mesh.frustumCulled = false;
  }

  setTime(seconds: number): void {
    this.uniforms.uTime.value = seconds;
  }

  /**
   * Show or hide every halo of one style (planet atmospheres are not drawn from afar, nor the
   * selection ring when nothing is selected). Not for the styles of the ring group.
   */
  showStyle(style: number, visible: boolean): void {
    const material = this.byGroup.get(groupOf(style));
    if (material && groupOf(style) >= 0) material.visible = visible;
  }

  /** Place and colour one halo; a scale of 0 hides it. */
  set(slot: number, pos: Vector3, scale: number, color: Color): void {
    for (let v = slot * VERTS; v < (slot + 1) * VERTS; v++) {
      this.centre.setXYZ(v, pos.x, pos.y, pos.z);
      this.scale.setX(v, scale);
    }
    this.centre.needsUpdate = this.scale.needsUpdate = true;
    this.setColor(slot, color);
  }

  /** Resize one halo in place; 0 hides it. */
  setScale(slot: number, scale: number): void {
    for (let v = slot * VERTS; v < (slot + 1) * VERTS; v++) this.scale.setX(v, scale);
    this.scale.needsUpdate = true;
  }

  setColor(slot: number, color: Color): void {
    for (let v = slot * VERTS; v < (slot + 1) * VERTS; v++) this.color.setXYZ(v, color.r, color.g, color.b);
    this.color.needsUpdate = true;
  }

  /** The style's phase: a shimmer offset, or 1 for an atmosphere that pulses (a planet in rebellion). */
  setPhase(slot: number, phase: number): void {
    for (let v = slot * VERTS; v < (slot + 1) * VERTS; v++) this.phase.setX(v, phase);
    this.phase.needsUpdate = true;
  }
}
