/**
 * Where the camera stands to frame something: the maths of a framing, apart from the scene that flies
 * there. Every framing fits the part of the page the panels leave open (the page's size less its
 * insets), seen through a camera of a given vertical field of view.
 */
import { PerspectiveCamera, Vector3 } from 'three';

/** The page the picture is drawn on, and the pixels of each edge its panels cover. */
export interface OpenPage {
  width: number;
  height: number;
  insets: Readonly<{ left: number; right: number; bottom: number; top: number }>;
}

/** A camera flight under way: from where to where, and how far along (0 to 1) in how many seconds. */
export interface Flight {
  fromTarget: Vector3;
  toTarget: Vector3;
  fromPos: Vector3;
  toPos: Vector3;
  t: number;
  duration: number;
}

/** A flight's progress eased in and out (cubic): slow to leave, slow to arrive. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

/** Half the smaller side of the page's open part, in pixels (0 or less when the panels cover it all). */
function openHalf(page: OpenPage): number {
  const { left, right, bottom, top } = page.insets;
  return Math.min(page.width - left - right, page.height - bottom - top) / 2;
}

/** tan of half a vertical field of view given in degrees. */
function halfTan(fovDegrees: number): number {
  return Math.tan((fovDegrees * Math.PI) / 360);
}

/**
 * How much further back the camera stands so that a circle seen from `distance` of its radii (about as
 * tall as the page at that distance) fits the part the panels leave open: at least as close, at most half
 * as far again (a small window keeps a close view).
 */
export function openFitScale(page: OpenPage, fovDegrees: number, distance: number): number {
  const radiusPx = page.height / 2 / (distance * halfTan(fovDegrees));
  const half = openHalf(page);
  return half > 0 ? Math.min(1.5, Math.max(1, radiusPx / half)) : 1;
}

/**
 * The distance at which a sphere of `radius` world units fills `fill` of the smaller side of the page's
 * open part (never nearer than one and a half radii).
 */
export function sphereDistance(page: OpenPage, fovDegrees: number, radius: number, fill: number): number {
  const half = Math.max(60, openHalf(page));
  // a radius r at distance d is r·h / (2·d·tan(fov/2)) pixels: solve for the distance that makes it fill·half
  const distance = (radius * page.height) / (2 * halfTan(fovDegrees) * fill * half);
  return Math.max(distance, radius * 1.5);
}

/**
 * The nearest distance from `centre` along `dir` at which every one of `points` shows inside the page's
 * open part with `margin` pixels clear around it. `probe` is a scratch camera, a copy of the real one.
 */
export function pointsDistance(
  probe: PerspectiveCamera,
  page: OpenPage,
  centre: Vector3,
  dir: Vector3,
  points: readonly Vector3[],
  margin: { x: number; top: number; bottom: number },
): number {
  const { width: w, height: h } = page;
  const { left, right, bottom, top } = page.insets;
  const v = new Vector3();
  const fits = (distance: number) => {
    probe.position.copy(centre).addScaledVector(dir, distance);
    probe.lookAt(centre);
    probe.updateMatrixWorld();
    return points.every((p) => {
      v.copy(p).project(probe);
      const x = ((v.x + 1) / 2) * w;
      const y = ((1 - v.y) / 2) * h;
      return v.z < 1 && x - margin.x >= left && x + margin.x <= w - right && y - margin.top >= top && y + margin.bottom <= h - bottom;
    });
  };
  // the nearest distance that fits, by halving (fitting is monotone in the distance: nearer, larger)
  let near = 1;
  let far = 64;
  while (!fits(far) && far < 4000) (near = far), (far *= 2);
  for (let i = 0; i < 30 && far - near > 0.05; i++) {
    const mid = (near + far) / 2;
    if (fits(mid)) far = mid;
    else near = mid;
  }
  return far;
}

/**
 * A direction to look from, turned in place into a pleasant one: a unit vector with the same heading,
 * between 25 and 70 degrees above the galactic plane (straight down a default slant if it has no length).
 */
export function pleasantBearing(dir: Vector3): Vector3 {
  if (dir.lengthSq() < 1e-6) dir.set(0, 1, 1);
  dir.normalize();
  const elevation = Math.asin(Math.max(-1, Math.min(1, dir.y)));
  const clamped = Math.max(0.45, Math.min(1.2, elevation));
  const horizontal = Math.hypot(dir.x, dir.z) || 1;
  return dir.set((dir.x / horizontal) * Math.cos(clamped), Math.sin(clamped), (dir.z / horizontal) * Math.cos(clamped));
}

/** Scratch for `keyPan`, which runs every frame a key is held: no allocation. */
const AHEAD = new Vector3();

/**
 * The keyboard's pan this frame, in the galactic plane: `keys` held (lower case: the arrows, WASD),
 * `look` the camera's line of sight, `distance` how far it stands (a far camera pans faster). Writes the
 * step into `out` (x and z; y is 0); false when no pan key is held.
 */
export function keyPan(keys: ReadonlySet<string>, look: Vector3, distance: number, dt: number, sensitivity: number, out: Vector3): boolean {
  if (!keys.size) return false;
  let forward = 0;
  let across = 0;
  for (const k of keys) {
    if (k === 'arrowup' || k === 'w') forward += 1;
    if (k === 'arrowdown' || k === 's') forward -= 1;
    if (k === 'arrowleft' || k === 'a') across -= 1;
    if (k === 'arrowright' || k === 'd') across += 1;
  }
  const ahead = AHEAD.set(look.x, 0, look.z).normalize();
  const speed = distance * 0.9 * dt * sensitivity;
  out.set((-ahead.z * across + ahead.x * forward) * speed, 0, (ahead.x * across + ahead.z * forward) * speed);
  return true;
}
