/**
 * The bench's yardstick: a bare scene drawing the same stars (systems and background starfield) as
 * one `THREE.Points` and the same routes as one `LineSegments`, with basic materials. The galaxy's
 * frame time is reported as a ratio to this one, measured in the same run on the same machine.
 */
import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments, Points, PointsMaterial, Scene } from 'three';
import type { GalaxyScene } from './galaxy-scene';

export function buildReferenceScene(galaxy: GalaxyScene): { scene: Scene; dispose(): void } {
  const L = galaxy.layout;
  const sky = galaxy.skyPositions();
  const n = L.systems.length + sky.length / 3;
  const pos = new Float32Array(n * 3);
  L.systems.forEach((s, i) => s.position.toArray(pos, i * 3));
  pos.set(sky, L.systems.length * 3);
  const starGeometry = new BufferGeometry();
  starGeometry.setAttribute('position', new BufferAttribute(pos, 3));
  const starMaterial = new PointsMaterial({ color: 0xffffff, size: 2, sizeAttenuation: false });
  const routeGeometry = new BufferGeometry();
  routeGeometry.setAttribute('position', new BufferAttribute(galaxy.routePositions(), 3));
  const routeMaterial = new LineBasicMaterial({ color: 0x6688cc });
  const scene = new Scene();
  scene.add(new Points(starGeometry, starMaterial), new LineSegments(routeGeometry, routeMaterial));
  return {
    scene,
    dispose() {
      starGeometry.dispose();
      starMaterial.dispose();
      routeGeometry.dispose();
      routeMaterial.dispose();
    },
  };
}

/**
 * Mean ms to draw one frame: `draw` then a 1-pixel `readPixels`, which waits for the GPU, timed
 * synchronously over `frames` frames (requestAnimationFrame timing is capped and says nothing).
 */
export function timeFrames(renderer: GalaxyScene['renderer'], draw: () => void, frames: number): number {
  const gl = renderer.getContext();
  const px = new Uint8Array(4);
  draw();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) {
    draw();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  }
  return (performance.now() - t0) / frames;
}

/** Mean ms per frame of the reference scene, through the galaxy's renderer and camera. */
export function timeReferenceFrame(galaxy: GalaxyScene, frames: number): number {
  const ref = buildReferenceScene(galaxy);
  const ms = timeFrames(galaxy.renderer, () => galaxy.renderer.render(ref.scene, galaxy.camera), frames);
  ref.dispose();
  return ms;
}
