/**
 * The few small shaders of the picture. Each is one draw call for many objects: every star in one
 * `Points`, every drift area and marker ring in one instanced quad, every animation in one pool.
 */

/** Stars, navigation stars and galactic dust: size attenuation with a pixel floor, soft radial falloff. */
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
    float near = uNearFade > 0.0 ? smoothstep(uNearFade * 0.3, uNearFade, -mv.z) : 1.0;
    gl_Position = projectionMatrix * mv;
    vColor = aColor * near;
    vTwinkle = 0.85 + 0.15 * sin(uTime * 1.7 + position.x * 3.1 + position.z * 1.3);
  }
`;

export const pointsFragment = /* glsl */ `
  uniform float uCore;      // how much white-hot core (stars 1, dust 0)
  uniform float uOpacity;
  varying vec3 vColor;
  varying float vTwinkle;
  void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(p, p);
    if (r2 > 1.0) discard;
    float glow = exp(-r2 * 5.0) + uCore * 0.35 * exp(-r2 * 1.6);   // soft halo (stars: a wider corona too)
    float core = exp(-r2 * 40.0) * uCore;          // hot centre
    vec3 col = vColor * glow + vec3(1.0) * core;
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
 * Camera-facing rings and glows, one instanced quad. Each instance has a style:
 * 0 sun's drift area (fresnel shell: bright rim, clear middle), 1 outer drift area (dashed, turning),
 * 2 capital (ring with four ticks), 3 throne (double ring, eight ticks), 4 soft glow disc (province
 * tint, galactic core), 5 selection (bright spinning ring), 6 planet atmosphere by loyalty
 * (pulses in rebellion), 7 hover (thin ring).
 */
export const haloVertex = /* glsl */ `
  attribute float aStyle;
  attribute float aPhase;
  varying vec2 vUv;
  varying vec3 vColor;
  varying float vStyle;
  varying float vPhase;
  varying float vFar;
  void main() {
    // Billboard: the instance's translation, then the quad in view space, scaled by the instance scale.
    vec4 centre = modelViewMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0);
    float scale = length(instanceMatrix[0].xyz);
    centre.xy += position.xy * scale;
    gl_Position = projectionMatrix * centre;
    vUv = position.xy;
    vColor = instanceColor;
    vStyle = aStyle;
    vPhase = aPhase;
    // Big decorations (province tints, capital and throne marks) fade when the camera is close to them.
    vFar = smoothstep(scale * 2.0, scale * 7.0, -centre.z);
  }
`;

export const haloFragment = /* glsl */ `
  uniform float uTime;
  varying vec2 vUv;
  varying vec3 vColor;
  varying float vStyle;
  varying float vPhase;
  varying float vFar;
  float ring(float r, float at, float w) { return 1.0 - smoothstep(0.0, w, abs(r - at)); }
  void main() {
    float r = length(vUv);
    if (r > 1.0) discard;
    float a = atan(vUv.y, vUv.x);
    float alpha = 0.0;
    int style = int(vStyle + 0.5);
    if (style == 0) {
      // Fresnel shell seen from outside: brightest at the rim, faint inside.
      alpha = pow(r, 6.0) * 0.55 * (1.0 - smoothstep(0.96, 1.0, r)) + 0.025;
      alpha *= 0.85 + 0.15 * sin(a * 7.0 + uTime * 0.6 + vPhase);   // slow shimmer
    } else if (style == 1) {
      float dash = step(0.45, fract(a * 9.549 + uTime * 0.05 + vPhase));   // 60 dashes, turning
      alpha = ring(r, 0.975, 0.02) * (0.18 + 0.32 * dash);
    } else if (style == 2) {
      float ticks = step(0.985, abs(cos(a * 2.0))) * ring(r, 0.95, 0.05);
      alpha = (ring(r, 0.92, 0.012) * 0.6 + ticks * 0.7) * (0.2 + 0.8 * vFar);
    } else if (style == 3) {
      float ticks = step(0.985, abs(cos(a * 4.0 + uTime * 0.05))) * ring(r, 0.95, 0.05);
      alpha = ((ring(r, 0.93, 0.012) + ring(r, 0.88, 0.008)) * 0.7 + ticks * 0.8) * (0.2 + 0.8 * vFar);
    } else if (style == 4) {
      alpha = pow(1.0 - r, 2.0) * 0.22 * vFar;
    } else if (style == 5) {
      float spin = 0.5 + 0.5 * step(0.5, fract(a * 0.6366 - uTime * 0.5));
      alpha = ring(r, 0.95, 0.018) * spin * 0.75;
    } else if (style == 6) {
      float pulse = vPhase > 0.5 ? 0.55 + 0.45 * sin(uTime * 4.0) : 1.0;
      alpha = (smoothstep(0.55, 0.78, r) * (1.0 - smoothstep(0.78, 1.0, r))) * 0.9 * pulse;
    } else {
      alpha = ring(r, 0.95, 0.04) * 0.8;
    }
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
  varying vec3 vColor;
  varying float vT;
  varying float vKind;
  void main() {
    float t = (uTime - aTiming.x) / max(0.001, aTiming.y);
    vT = t;
    vKind = aTiming.z;
    vColor = aColor;
    if (t < 0.0 || t > 1.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); gl_PointSize = 0.0; return; }
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

/** The baked galactic disc: a texture in the galactic plane, fading out near the camera. */
export const discVertex = /* glsl */ `
  uniform float uNearFade;
  uniform float uZoom;      // 0 zoomed into a system .. 1 seeing the galaxy
  varying vec2 vUv;
  varying float vNear;
  void main() {
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    vUv = uv;
    vNear = smoothstep(uNearFade * 0.2, uNearFade, -mv.z) * mix(0.08, 1.0, uZoom);
    gl_Position = projectionMatrix * mv;
  }
`;

export const discFragment = /* glsl */ `
  uniform sampler2D tMap;
  varying vec2 vUv;
  varying float vNear;
  void main() {
    gl_FragColor = vec4(texture2D(tMap, vUv).rgb * vNear, 1.0);
  }
`;
