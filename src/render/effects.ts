/**
 * How each kind of game event is animated. Data, not a switch: a new event kind from a rules system
 * needs no code here; an unknown kind (or one matched by no prefix) gets a plain white ping. The pool
 * the effects play in is below.
 */
import { BufferAttribute, Color, type BufferGeometry, type Vector3 } from 'three';
import { FX_CAPACITY } from './layers';

export interface EffectSpec {
  /** 0 ping (ring), 1 burst, 2 travel (comet), 3 shockwave. */
  fx: number;
  color: string;
  /** Seconds at speed 1. */
  duration: number;
  /** World size of the effect. */
  size: number;
  /** A piece moved: animate as a comet from where it was, when the UI knows. */
  travel?: boolean;
  /** Worth flying the "follow the action" camera to. */
  follow: boolean;
}

const PING: EffectSpec = { fx: 0, color: '#dfe8ff', duration: 1.1, size: 1.2, follow: false };

/** Matched by exact kind first, then by the longest prefix (so `combat-round` finds `combat`). */
export const EFFECTS: Record<string, EffectSpec> = {
  move: { fx: 2, color: '#9fe3ff', duration: 1.2, size: 0.9, travel: true, follow: true },
  movement: { fx: 2, color: '#9fe3ff', duration: 1.2, size: 0.9, travel: true, follow: true },
  // [5.22] a hyperjump's roll, and a stack falling out of hyperspace into a drift area
  hyperjump: { fx: 0, color: '#ffb060', duration: 1.6, size: 2.2, follow: true },
  // [5.22, issue 44] a stack adrift lands on a planet's environ
  landing: { fx: 0, color: '#9fe3ff', duration: 1.2, size: 1.4, follow: true },
  combat: { fx: 1, color: '#ff5a3c', duration: 1.4, size: 2.0, follow: true },
  'military-combat': { fx: 1, color: '#ff5a3c', duration: 1.4, size: 2.0, follow: true },
  'character-combat': { fx: 1, color: '#ff9a3c', duration: 1.2, size: 1.4, follow: true },
  pdb: { fx: 1, color: '#7dffa8', duration: 1.0, size: 1.3, follow: true },
  detection: { fx: 0, color: '#ffe45c', duration: 1.2, size: 1.6, follow: true },
  detected: { fx: 0, color: '#ffe45c', duration: 1.2, size: 1.6, follow: true },
  search: { fx: 0, color: '#ffe45c', duration: 1.2, size: 1.6, follow: true },
  rebellion: { fx: 3, color: '#ff3b2f', duration: 1.8, size: 3.0, follow: true },
  'rebel-control': { fx: 3, color: '#ff7a59', duration: 1.8, size: 3.0, follow: true },
  'rebellion-stopped': { fx: 3, color: '#6fb7ff', duration: 1.6, size: 2.6, follow: true },
  domino: { fx: 3, color: '#ffb15c', duration: 2.2, size: 5.0, follow: true },
  loyalty: { fx: 0, color: '#ffb15c', duration: 1.2, size: 1.2, follow: false },
  mission: { fx: 0, color: '#c59bff', duration: 1.2, size: 1.4, follow: true },
  placement: { fx: 0, color: '#dfe8ff', duration: 0.8, size: 0.8, follow: false },
  possession: { fx: 0, color: '#ffd27a', duration: 0.8, size: 0.8, follow: false },
  'game-over': { fx: 3, color: '#ffd27a', duration: 2.5, size: 8, follow: false },
  // a conquest game (src/ui/conquest): drawn by place with the whole galaxy in view (so large; the screen
  // scales them by the camera's distance), in the acting faction's colour
  'conquest-attack': { fx: 2, color: '#ff5a3c', duration: 0.9, size: 30, travel: true, follow: false },
  'conquest-hit': { fx: 1, color: '#ff5a3c', duration: 1.0, size: 36, follow: false },
  'conquest-taken': { fx: 3, color: '#ffd27a', duration: 1.5, size: 28, follow: false },
  'conquest-move': { fx: 2, color: '#9fe3ff', duration: 1.0, size: 26, travel: true, follow: false },
  'conquest-place': { fx: 0, color: '#dfe8ff', duration: 0.8, size: 26, follow: false },
};

export function effectFor(kind: string): EffectSpec {
  const exact = EFFECTS[kind];
  if (exact) return exact;
  let best: string | null = null;
  for (const key of Object.keys(EFFECTS)) if (kind.startsWith(key) && (!best || key.length > best.length)) best = key;
  return best ? (EFFECTS[best] as EffectSpec) : PING;
}

/**
 * The effects playing on the map: a ring of `FX_CAPACITY` slots in the fx layer's geometry, one effect a
 * slot (the oldest is written over when all are taken). Each slot gives the shader its path, colour, size,
 * start, length and kind; the shader plays it with no further work here.
 */
export class EffectPool {
  private next = 0;
  /** When the last effect playing ends, in the scene's clock (seconds). */
  endsAt = 0;
  private readonly color = new Color();

  constructor(private readonly geometry: BufferGeometry) {}

  /** Play an effect of `kind` (EffectSpec.fx) from `from` to `to`, starting at `start` for `duration` seconds. */
  play(from: Vector3, to: Vector3, color: string, start: number, duration: number, kind: number, size: number): void {
    const g = this.geometry;
    const i = this.next;
    this.next = (this.next + 1) % FX_CAPACITY;
    this.color.set(color);
    (g.getAttribute('position') as BufferAttribute).setXYZ(i, from.x, from.y, from.z);
    (g.getAttribute('aTo') as BufferAttribute).setXYZ(i, to.x, to.y, to.z);
    (g.getAttribute('aColor') as BufferAttribute).setXYZ(i, this.color.r, this.color.g, this.color.b);
    (g.getAttribute('aTiming') as BufferAttribute).setXYZ(i, start, duration, kind);
    (g.getAttribute('aSize') as BufferAttribute).setX(i, size);
    this.endsAt = Math.max(this.endsAt, start + duration);
    for (const name of ['position', 'aTo', 'aColor', 'aTiming', 'aSize']) (g.getAttribute(name) as BufferAttribute).needsUpdate = true;
  }

  /** End every effect now (each slot's start moved far into the past). */
  skip(): void {
    const timing = this.geometry.getAttribute('aTiming') as BufferAttribute;
    (timing.array as Float32Array).fill(-100);
    timing.needsUpdate = true;
    this.endsAt = 0;
  }
}
