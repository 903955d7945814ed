/**
 * The few small shaders of the picture. Each is one draw call for many objects: every star in one
 * `Points`, every drift area and marker ring in one merged mesh, every animation in one pool.
 * They run in software WebGL on many machines (and in the bench), where every pixel and vertex is
 * paid for on the CPU: keep the per-pixel maths short (no exp/pow where a polynomial does).
 */

/**
 * Stars, navigation stars and galactic dust: size attenuation with a pixel floor, soft radial falloff.
 * TWINKLE (stars) and NEAR_FADE (dust) are compiled in only where used: software WebGL computes both
 * sides of a uniform-dependent choice for every vertex.
 */
export const pointsVertex = /* glsl */ `
  attribute float aSize;
  attribute vec3 aColor;
  uniform float uScale;     // pixels per world unit at distance 1 (viewport height / (2 tan(fov/2)))
  uniform float uMinPx;     // floor so distant stars stay visible
  uniform float uMaxPx;
  uniform float uTime;
  uniform float uNearFade;  // dust fades out near the camera so it never blots a system view
  varying vec3 vColor;
  varying float vTwinkle;
  void main() {
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    float px = aSize * uScale / max(0.001, -mv.z);
    gl_PointSize = clamp(px, uMinPx * min(aSize, 1.6), uMaxPx);
    gl_Position = projectionMatrix * mv;
  #ifdef NEAR_FADE
    vColor = aColor * smoothstep(uNearFade * 0.3, uNearFade, -mv.z);
  #else
    vColor = aColor;
  #endif
  #ifdef TWINKLE
    vTwinkle = 0.85 + 0.15 * sin(uTime * 1.7 + position.x * 3.1 + position.z * 1.3);
  #else
    vTwinkle = 1.0;
  #endif
  }
`;

/**
 * Falloffs are polynomials in q = 1 - r^2, not exp(): they look much the same and cost far less per
 * pixel in software WebGL (q^5 is close to exp(-5 r^2) near the centre, and reaches 0 at the edge).
 */
export const pointsFragment = /* glsl */ `
  uniform float uCore;      // how much white-hot core (stars 1, dust 0)
  uniform float uOpacity;
  varying vec3 vColor;
  varying float vTwinkle;
  void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float q = 1.0 - dot(p, p);
    if (q < 0.0) discard;
    float q2 = q * q;
    float glow = q2 * q2 * q + uCore * 0.35 * q;   // soft halo (stars: a wider corona too)
    float c = max(0.0, q * 12.0 - 11.0);            // hot centre, within r^2 < 1/12
    vec3 col = vColor * glow + vec3(c * c * uCore);
    gl_FragColor = vec4(col * uOpacity * mix(1.0, vTwinkle, uCore), 1.0);
  }
`;

/** The far background starfield: fixed pixel sizes, no attenuation. */
export const skyVertex = /* glsl */ `
  attribute float aSize;
  attribute vec3 aColor;
  uniform float uPixelRatio;
  varying vec3 vColor;
  void main() {
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    gl_PointSize = aSize * uPixelRatio;
    gl_Position = projectionMatrix * mv;
    vColor = aColor;
  }
`;

export const skyFragment = /* glsl */ `
  varying vec3 vColor;
  void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(p, p);
    if (r2 > 1.0) discard;
    gl_FragColor = vec4(vColor * (1.0 - r2), 1.0);
  }
`;

/**
 * Camera-facing rings and glows, all in one merged mesh of quads (not instanced: software WebGL pays
 * for every instance as if it were a draw call). Each style is its own draw (see halos.ts):
 * 0 sun's drift area (fresnel shell: bright rim, clear middle), 1 outer drift area (dashed, turning),
 * 2 capital (ring with four ticks), 3 throne (double ring, eight ticks), 4 soft glow disc (province
 * tint, galactic core), 5 selection (bright spinning ring), 6 planet atmosphere by loyalty
 * (pulses in rebellion), 7 hover (thin ring).
 */
export const haloVertex = /* glsl */ `
  attribute vec2 aCorner;   // the quad's corner, (-1..1, -1..1)
  attribute float aScale;   // world radius (0 hides the halo)
  attribute vec3 aColor;
  attribute float aPhase;
  attribute float aStyle;
  varying vec2 vUv;
  varying vec3 vColor;
  varying float vPhase;
  varying float vFar;
  varying float vStyle;
  void main() {
    // Billboard: the halo's centre in view space, then the quad in the view plane.
    vec4 centre = modelViewMatrix * vec4(position, 1.0);
    centre.xy += aCorner * aScale;
    gl_Position = projectionMatrix * centre;
    vUv = aCorner;
    vColor = aColor;
    vPhase = aPhase;
    vStyle = aStyle;
    // Big decorations (capital and throne marks) fade when the camera is close to them.
    vFar = smoothstep(aScale * 2.0, aScale * 7.0, -centre.z);
  }
`;

/**
 * One style per compiled shader (STYLE is defined by the material), or the ring group (RINGS: outer
 * drift area, capital, throne) weighted by vStyle: no per-pixel branching either way.
 */
export const haloFragment = /* glsl */ `
  uniform float uTime;
  varying vec2 vUv;
  varying vec3 vColor;
  varying float vPhase;
  varying float vFar;
  varying float vStyle;
  float ring(float r, float at, float w) { return max(0.0, 1.0 - abs(r - at) / w); }   // a linear ramp: cheaper than smoothstep, the same at this size
  // atan(y, x) to within a tenth of a degree, by a polynomial: the library atan is dear per pixel.
  float angle(vec2 p) {
    vec2 q = abs(p);
    float t = min(q.x, q.y) / max(max(q.x, q.y), 1e-6);
    float s = t * t;
    float a = ((-0.0464965 * s + 0.15931422) * s - 0.32762276) * s * t + t;
    a = q.y > q.x ? 1.5707963 - a : a;
    a = p.x < 0.0 ? 3.1415927 - a : a;
    return p.y < 0.0 ? -a : a;
  }
  void main() {
    float r2 = dot(vUv, vUv);
    if (r2 > 1.0) discard;
    float r = sqrt(r2);
    float alpha;
  #if defined(RINGS)
    // Cheap per pixel on purpose (these are seen everywhere): nothing is drawn inside r = 0.86, so
    // leave at once; one polynomial angle, no trigonometry.
    if (r2 < 0.74) discard;
    float turn = angle(vUv) * 0.15915494 + 0.5;   // 0..1 around the ring
    float outer = step(vStyle, 1.5);
    float throne = step(2.5, vStyle);
    float capital = 1.0 - outer - throne;
    float marks = 0.2 + 0.8 * vFar;
    float tickRing = ring(r, 0.95, 0.05);
    float dash = step(0.45, fract(turn * 60.0 + uTime * 0.05 + vPhase));   // 60 dashes, turning
    // Ticks: within 5 degrees of a quarter turn (capital, four), 2.5 of an eighth (throne, eight, turning).
    float ticks4 = step(abs(fract(turn * 4.0 + 0.5) - 0.5), 0.0556) * tickRing;
    float ticks8 = step(abs(fract(turn * 8.0 + uTime * 0.0159 + 0.5) - 0.5), 0.0556) * tickRing;
    alpha = outer * ring(r, 0.975, 0.02) * (0.18 + 0.32 * dash)
          + capital * (ring(r, 0.92, 0.012) * 0.6 + ticks4 * 0.7) * marks
          + throne * ((ring(r, 0.93, 0.012) + ring(r, 0.88, 0.008)) * 0.7 + ticks8 * 0.8) * marks;
  #elif STYLE == 0
    // Fresnel shell seen from outside: brightest at the rim (r^6), faint inside.
    float a = angle(vUv);
    alpha = r2 * r2 * r2 * 0.55 * (1.0 - smoothstep(0.96, 1.0, r)) + 0.025;
    alpha *= 0.85 + 0.15 * sin(a * 7.0 + uTime * 0.6 + vPhase);   // slow shimmer
  #elif STYLE == 4
    alpha = (1.0 - r) * (1.0 - r) * 0.22 * vFar;
  #elif STYLE == 5
    float a = angle(vUv);
    float spin = 0.5 + 0.5 * step(0.5, fract(a * 0.6366 - uTime * 0.5));
    alpha = ring(r, 0.95, 0.018) * spin * 0.75;
  #elif STYLE == 6
    float pulse = vPhase > 0.5 ? 0.55 + 0.45 * sin(uTime * 4.0) : 1.0;
    alpha = (smoothstep(0.55, 0.78, r) * (1.0 - smoothstep(0.78, 1.0, r))) * 0.9 * pulse;
  #else
    alpha = ring(r, 0.95, 0.04) * 0.8;
  #endif
    gl_FragColor = vec4(vColor * alpha, 1.0);
  }
`;

/** Planets: lit from their own sun, with a rim of atmosphere. */
export const planetVertex = /* glsl */ `
  attribute vec3 aSun;
  varying vec3 vNormal;
  varying vec3 vToSun;
  varying vec3 vView;
  varying vec3 vColor;
  void main() {
    vec4 world = modelMatrix * instanceMatrix * vec4(position, 1.0);
    vNormal = normalize(mat3(modelMatrix) * mat3(instanceMatrix) * normal);
    vToSun = normalize(aSun - world.xyz);
    vView = normalize(cameraPosition - world.xyz);
    vColor = instanceColor;
    gl_Position = projectionMatrix * viewMatrix * world;
  }
`;

export const planetFragment = /* glsl */ `
  varying vec3 vNormal;
  varying vec3 vToSun;
  varying vec3 vView;
  varying vec3 vColor;
  void main() {
    vec3 n = normalize(vNormal);
    // Wrapped light: the night side stays readable (this is a game board, not a photograph).
    float light = pow(clamp(dot(n, vToSun) * 0.5 + 0.5, 0.0, 1.0), 1.5);
    float rim = pow(1.0 - max(dot(n, vView), 0.0), 3.0);
    vec3 col = vColor * (0.3 + 0.95 * light) + vec3(0.6, 0.75, 1.0) * rim * 0.35;
    gl_FragColor = vec4(col, 1.0);
  }
`;

/** Markers (PDBs, unit chips, characters): flat shapes in world size with a pixel floor. */
export const markerVertex = /* glsl */ `
  attribute float aSize;
  attribute vec3 aColor;
  attribute float aShape;
  uniform float uScale;
  varying vec3 vColor;
  varying float vShape;
  void main() {
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    gl_PointSize = aSize <= 0.0 ? 0.0 : clamp(aSize * uScale / max(0.001, -mv.z), 0.0, 16.0);
    gl_Position = projectionMatrix * mv;
    vColor = aColor;
    vShape = aShape;
  }
`;

export const markerFragment = /* glsl */ `
  varying vec3 vColor;
  varying float vShape;
  void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    int shape = int(vShape + 0.5);
    float d;
    if (shape == 1) d = max(abs(p.x), abs(p.y));            // square: PDB
    else if (shape == 2) d = abs(p.x) + abs(p.y);           // diamond: character
    else if (shape == 3) d = max(abs(p.x) * 1.732 - p.y, p.y) * 0.75 + 0.15;  // triangle (point up): unit
    else d = length(p);                                     // disc
    if (d > 0.9) discard;
    float edge = smoothstep(0.6, 0.9, d);
    gl_FragColor = vec4(mix(vColor, vColor * 0.35, edge), 1.0);
  }
`;

/**
 * Animations: a pool of effects in one `Points`. Each effect travels from aFrom to aTo over its
 * duration (a move), or stays put (aFrom == aTo) and expands as a ring or a burst.
 * Kinds: 0 ping (ring), 1 burst (combat), 2 travel (comet), 3 shockwave (rebellion, domino).
 */
export const fxVertex = /* glsl */ `
  attribute vec3 aTo;
  attribute vec3 aColor;
  attribute vec3 aTiming;   // start, duration, kind
  attribute float aSize;
  uniform float uTime;
  uniform float uScale;
  uniform float uStill;     // 1: less motion asked for, each live effect held at one phase (a move shown where it ends)
  varying vec3 vColor;
  varying float vT;
  varying float vKind;
  void main() {
    float t = (uTime - aTiming.x) / max(0.001, aTiming.y);
    vKind = aTiming.z;
    vColor = aColor;
    if (t < 0.0 || t > 1.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); gl_PointSize = 0.0; return; }
    if (uStill > 0.5) t = vKind > 1.5 && vKind < 2.5 ? 1.0 : 0.5;
    vT = t;
    float e = t * t * (3.0 - 2.0 * t);
    vec3 p = mix(position, aTo, e);
    vec4 mv = modelViewMatrix * vec4(p, 1.0);
    float grow = vKind > 1.5 && vKind < 2.5 ? 1.0 : (0.35 + 0.65 * t);
    gl_PointSize = clamp(aSize * grow * uScale / max(0.001, -mv.z), 4.0, 400.0);
    gl_Position = projectionMatrix * mv;
  }
`;

export const fxFragment = /* glsl */ `
  varying vec3 vColor;
  varying float vT;
  varying float vKind;
  void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float r = length(p);
    if (r > 1.0) discard;
    float fade = 1.0 - vT;
    float a;
    int kind = int(vKind + 0.5);
    if (kind == 0) a = (1.0 - smoothstep(0.0, 0.12, abs(r - 0.8))) * fade;
    else if (kind == 1) a = (exp(-r * r * 6.0) + (1.0 - smoothstep(0.0, 0.1, abs(r - 0.85))) * 0.6) * fade;
    else if (kind == 2) a = exp(-r * r * 9.0) * (0.6 + 0.4 * fade) * 1.4;
    else a = ((1.0 - smoothstep(0.0, 0.2, abs(r - 0.7))) * 0.8 + (1.0 - smoothstep(0.0, 0.08, abs(r - 0.95)))) * fade;
    gl_FragColor = vec4(vColor * a, 1.0);
  }
`;

/** The baked galactic disc: vertex colours in the galactic plane (see disc.ts), fading out near the camera. */
export const discVertex = /* glsl */ `
  attribute vec3 aColor;
  uniform float uNearFade;
  uniform float uZoom;      // 0 zoomed into a system .. 1 seeing the galaxy
  varying vec3 vColor;
  void main() {
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    vColor = aColor * smoothstep(uNearFade * 0.2, uNearFade, -mv.z) * mix(0.08, 1.0, uZoom);
    gl_Position = projectionMatrix * mv;
  }
`;

export const discFragment = /* glsl */ `
  uniform vec3 uBackground;   // the clear colour, as the canvas holds it: the disc is drawn opaque
  varying vec3 vColor;
  void main() {
    gl_FragColor = vec4(uBackground + vColor, 1.0);
  }
`;

/** Hyperjump routes: one-pixel lines, steady, with a dash running along each segment. */
export const routeVertex = /* glsl */ `
  attribute vec3 aColor;
  attribute float aDist;    // world distance from the segment's start (0 at the start)
  varying vec3 vColor;
  varying float vDist;
  void main() {
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
    vColor = aColor;
    vDist = aDist;
  }
`;

export const routeFragment = /* glsl */ `
  uniform float uLineOpacity;
  uniform float uFlowOpacity;
  uniform float uPeriod;
  uniform float uDashFraction;
  uniform float uOffset;
  varying vec3 vColor;
  varying float vDist;
  void main() {
    float flow = fract((vDist - uOffset) / uPeriod) < uDashFraction ? uFlowOpacity : 0.0;
    gl_FragColor = vec4(vColor * (uLineOpacity + flow), 1.0);
  }
`;
