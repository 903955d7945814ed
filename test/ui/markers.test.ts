/** The play screen's map markers: numbers of neighbouring environs never cover each other, nor a planet's name. */
import { describe, expect, it } from 'vitest';
import { spreadMarkers, type ScreenBox } from '../../src/ui/screen-boxes';

const box = (x: number, y: number, visible = true): ScreenBox => ({ x, y, width: 30, height: 18, visible });
const overlaps = (a: ScreenBox, b: ScreenBox) => Math.abs(a.x - b.x) < (a.width + b.width) / 2 && Math.abs(a.y - b.y) < (a.height + b.height) / 2;

describe('map markers', () => {
  it('markers stacked on one spot are spread until none overlaps', () => {
    const markers = [box(100, 100), box(101, 100), box(100, 102), box(102, 101), box(99, 99)];
    spreadMarkers(markers);
    for (let i = 0; i < markers.length; i++) for (let j = i + 1; j < markers.length; j++) expect(overlaps(markers[i]!, markers[j]!)).toBe(false);
    // and they stay near where they belong
    for (const m of markers) expect(Math.hypot(m.x - 100, m.y - 100)).toBeLessThan(80);
  });

  it('markers apart are left where they are; hidden ones are ignored', () => {
    const markers = [box(0, 0), box(200, 0), box(0, 0, false)];
    spreadMarkers(markers);
    expect(markers.map((m) => [m.x, m.y])).toEqual([
      [0, 0],
      [200, 0],
      [0, 0],
    ]);
  });

  it('a marker over a planet name moves off it, and the name stays where it is', () => {
    const name = { x: 100, y: 90, width: 70, height: 14, visible: true };
    const markers = [box(105, 95), box(110, 94)];
    spreadMarkers(markers, [name]);
    for (const m of markers) expect(overlaps(m, name)).toBe(false);
    expect(overlaps(markers[0]!, markers[1]!)).toBe(false);
    expect([name.x, name.y]).toEqual([100, 90]);
    for (const m of markers) expect(Math.hypot(m.x - 105, m.y - 95)).toBeLessThan(60);
  });

  it('a hidden name keeps nothing off it', () => {
    const markers = [box(100, 100)];
    spreadMarkers(markers, [{ x: 100, y: 100, width: 70, height: 14, visible: false }]);
    expect([markers[0]!.x, markers[0]!.y]).toEqual([100, 100]);
  });
});
