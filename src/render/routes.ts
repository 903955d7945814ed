/**
 * Hyperjump routes [5.22]: a luminous line with a dash flowing along it, both in ONE draw of plain
 * GL lines. three's LineSegments2 (wide lines) draws each segment as an instance, and software WebGL
 * pays for every instance almost as for a draw call; screen-space quads of our own cost triangles
 * that span many rows of pixels each. A one-pixel line is the cheapest thing to rasterise, and reads
 * crisply at any zoom.
 */
import { AdditiveBlending, BufferAttribute, BufferGeometry, LineSegments, ShaderMaterial, type Color, type Vector3 } from 'three';
import * as S from './shaders';

export interface RouteStyle {
  lineOpacity: number;
  flowOpacity: number;
  /** Dash and gap lengths in world units, and the dash's speed in world units a second. */
  dash: number;
  gap: number;
  speed: number;
}

export const ROUTE_STYLE: RouteStyle = { lineOpacity: 0.6, flowOpacity: 0.8, dash: 0.7, gap: 6, speed: 1.6 };

export function buildRoutes(segments: { from: Vector3; to: Vector3; fromColor: Color; toColor: Color }[], style = ROUTE_STYLE): LineSegments {
  const n = segments.length * 2;
  const pos = new Float32Array(n * 3);
  const col = new Float32Array(n * 3);
  const dist = new Float32Array(n);
  segments.forEach((s, i) => {
    s.from.toArray(pos, i * 6);
    s.to.toArray(pos, i * 6 + 3);
    s.fromColor.toArray(col, i * 6);
    s.toColor.toArray(col, i * 6 + 3);
    dist[i * 2 + 1] = s.from.distanceTo(s.to);
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(pos, 3));
  geometry.setAttribute('aColor', new BufferAttribute(col, 3));
  geometry.setAttribute('aDist', new BufferAttribute(dist, 1));
  const material = new ShaderMaterial({
    vertexShader: S.routeVertex,
    fragmentShader: S.routeFragment,
    uniforms: {
      uLineOpacity: { value: style.lineOpacity },
      uFlowOpacity: { value: style.flowOpacity },
      uPeriod: { value: style.dash + style.gap },
      uDashFraction: { value: style.dash / (style.dash + style.gap) },
      uOffset: { value: 0 },
    },
    blending: AdditiveBlending,
    depthWrite: false,
    transparent: true,
  });
  const lines = new LineSegments(geometry, material);
  lines.frustumCulled = false;
  return lines;
}
