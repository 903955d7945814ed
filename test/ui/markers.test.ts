/** The play screen's map markers: numbers of neighbouring environs never cover each other. */
import { describe, expect, it } from 'vitest';
import { spreadMarkers, type ScreenBox } from '../../src/ui/play/play-screen';

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
});
