import { describe, expect, it } from 'vitest';
import { PerspectiveCamera, Vector3 } from 'three';
import { easeInOut, keyPan, openFitScale, pleasantBearing, pointsDistance, sphereDistance, type OpenPage } from '../../src/render/camera-framing';

const page: OpenPage = { width: 1280, height: 720, insets: { left: 300, right: 0, bottom: 0, top: 0 } };

describe('camera framing (camera-framing.ts)', () => {
  it('a flight eases from 0 to 1, half way at half time', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBeCloseTo(0.5);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.1)).toBeLessThan(0.1);
  });

  it('a sphere framed at `fill` of the open part: twice the fill, half the distance; never nearer than 1.5 radii', () => {
    const d = sphereDistance(page, 50, 10, 0.4);
    expect(sphereDistance(page, 50, 10, 0.8)).toBeCloseTo(d / 2);
    expect(sphereDistance(page, 50, 10, 1000)).toBe(15);
  });

  it('a star system opened in a small open part stands further back, at most half as far again', () => {
    expect(openFitScale({ ...page, insets: { left: 0, right: 0, bottom: 0, top: 0 } }, 50, 2.7)).toBe(1);
    const narrow = openFitScale({ ...page, insets: { left: 1000, right: 0, bottom: 0, top: 0 } }, 50, 2.7);
    expect(narrow).toBeGreaterThan(1);
    expect(narrow).toBeLessThanOrEqual(1.5);
  });

  it('points framed are all inside the open part with their margin, and a little nearer they are not', () => {
    const camera = new PerspectiveCamera(50, page.width / page.height, 0.05, 6000);
    const points = [new Vector3(-20, 0, 0), new Vector3(20, 0, 5), new Vector3(0, 0, -15)];
    const dir = pleasantBearing(new Vector3(0, 2, 1.15));
    const margin = { x: 40, top: 20, bottom: 20 };
    const inside = (distance: number) => {
      camera.position.copy(new Vector3()).addScaledVector(dir, distance);
      camera.lookAt(new Vector3());
      camera.updateMatrixWorld();
      return points.every((p) => {
        const v = p.clone().project(camera);
        const x = ((v.x + 1) / 2) * page.width;
        const y = ((1 - v.y) / 2) * page.height;
        return x - margin.x >= page.insets.left && x + margin.x <= page.width && y - margin.top >= 0 && y + margin.bottom <= page.height;
      });
    };
    const d = pointsDistance(new PerspectiveCamera().copy(camera), page, new Vector3(), dir, points, margin);
    expect(inside(d)).toBe(true);
    expect(inside(d * 0.95)).toBe(false);
  });

  it('a bearing is kept between 25 and 70 degrees above the galactic plane, its heading unchanged', () => {
    const flat = pleasantBearing(new Vector3(1, 0, 0));
    expect(Math.asin(flat.y)).toBeCloseTo(0.45);
    expect(flat.z).toBeCloseTo(0);
    const steep = pleasantBearing(new Vector3(0, 10, -0.1));
    expect(Math.asin(steep.y)).toBeCloseTo(1.2);
    expect(steep.z).toBeLessThan(0);
    expect(pleasantBearing(new Vector3(0, 0, 0)).length()).toBeCloseTo(1);
  });

  it("the keys pan across and along the camera's line of sight in the plane, faster from further away", () => {
    const step = new Vector3();
    const look = new Vector3(0, -5, -10);
    expect(keyPan(new Set(), look, 10, 0.1, 1, step)).toBe(false);
    keyPan(new Set(['w']), look, 10, 0.1, 1, step);
    expect(step.x).toBeCloseTo(0);
    expect(step.z).toBeLessThan(0);
    const near = step.length();
    keyPan(new Set(['arrowright']), look, 20, 0.1, 1, step);
    expect(step.z).toBeCloseTo(0);
    expect(step.x).toBeGreaterThan(0);
    expect(step.length()).toBeCloseTo(near * 2);
    keyPan(new Set(['w', 's']), look, 10, 0.1, 1, step);
    expect(step.length()).toBe(0);
  });
});
