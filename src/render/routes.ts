/**
 * Hyperjump routes [5.22]: a luminous line with a dash flowing along it, both in ONE merged mesh of
 * screen-space quads (four vertices per segment). three's LineSegments2 draws each segment as an
 * instance, and software WebGL pays for every instance almost as for a draw call; the line and its
 * flow were also two such draws.
 */
import { AdditiveBlending, BufferAttribute, BufferGeometry, DoubleSide, Mesh, ShaderMaterial, Vector2, type Color, type Vector3 } from 'three';
import * as S from './shaders';

export interface RouteStyle {
  /** Width in pixels of the steady line and of the flowing dash. */
  lineWidth: number;
  flowWidth: number;
  lineOpacity: number;
  flowOpacity: number;
  /** Dash and gap lengths in world units, and the dash's speed in world units a second. */
  dash: number;
  gap: number;
  speed: number;
}

export const ROUTE_STYLE: RouteStyle = { lineWidth: 1.5, flowWidth: 2.2, lineOpacity: 0.5, flowOpacity: 0.6, dash: 0.7, gap: 6, speed: 1.6 };

export function buildRoutes(segments: { from: Vector3; to: Vector3; fromColor: Color; toColor: Color }[], style = ROUTE_STYLE): Mesh {
  const n = segments.length * 4;
  const pos = new Float32Array(n * 3);
  const other = new Float32Array(n * 3);
  const col = new Float32Array(n * 3);
  const side = new Float32Array(n);
  const dist = new Float32Array(n);
  const index = new Uint32Array(segments.length * 6);
  segments.forEach((s, i) => {
    const length = s.from.distanceTo(s.to);
    // Vertices 0,1 at the start (left, right), 2,3 at the end; each knows the other end to find the
    // segment's direction on screen.
    for (let k = 0; k < 4; k++) {
      const v = i * 4 + k;
      const atEnd = k >= 2;
      (atEnd ? s.to : s.from).toArray(pos, v * 3);
      (atEnd ? s.from : s.to).toArray(other, v * 3);
      (atEnd ? s.toColor : s.fromColor).toArray(col, v * 3);
      side[v] = k % 2 === 0 ? -1 : 1;
      dist[v] = atEnd ? length : 0;
    }
    index.set([i * 4, i * 4 + 1, i * 4 + 3, i * 4, i * 4 + 3, i * 4 + 2], i * 6);
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(pos, 3));
  geometry.setAttribute('aOther', new BufferAttribute(other, 3));
  geometry.setAttribute('aColor', new BufferAttribute(col, 3));
  geometry.setAttribute('aSide', new BufferAttribute(side, 1));
  geometry.setAttribute('aDist', new BufferAttribute(dist, 1));
  geometry.setIndex(new BufferAttribute(index, 1));
  const material = new ShaderMaterial({
    vertexShader: S.routeVertex,
    fragmentShader: S.routeFragment,
    uniforms: {
      uResolution: { value: new Vector2(1, 1) },
      uHalfWidth: { value: style.flowWidth / 2 },
      uLineEdge: { value: style.lineWidth / style.flowWidth },
      uLineOpacity: { value: style.lineOpacity },
      uFlowOpacity: { value: style.flowOpacity },
      uPeriod: { value: style.dash + style.gap },
      uDashFraction: { value: style.dash / (style.dash + style.gap) },
      uOffset: { value: 0 },
    },
    blending: AdditiveBlending,
    depthWrite: false,
    transparent: true,
    side: DoubleSide, // a quad's winding on screen depends on which way its segment runs
  });
  const mesh = new Mesh(geometry, material);
  mesh.frustumCulled = false;
  return mesh;
}
