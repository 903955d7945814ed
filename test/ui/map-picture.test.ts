/**
 * A conquest map of one's own drawn in the galaxy's place [002 I Maps]: every map file shipped in
 * assets/maps is valid and plays a whole game; a map's picture has its territories as systems, its borders
 * as routes and its continents as provinces; positions in any unit are centred and scaled to the galaxy's
 * spacing, so the picture's stars and camera fit any map.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import { parseConquestMap } from '../../systems/conquest/map';
import { stateOf } from '../../systems/conquest/state';
import { buildLayout } from '../../src/render/layout';
import { fittedPositions, mapPictureContent } from '../../src/ui/conquest/map-picture';
import { playConquestOut } from '../../src/ai/conquest/play';
import { conquestAgentFactory } from '../../src/ai/conquest/registry';
import { conquestGame, content } from '../systems/conquest/fixtures';

const MAPS = 'assets/maps';
const files = readdirSync(MAPS).filter((f) => f.endsWith('.json'));

/** Distance from each point to its nearest other point. */
function nearest(points: readonly (readonly number[])[]): number[] {
  return points.map((a) => Math.min(...points.filter((b) => b !== a).map((b) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!))));
}

describe('[002 I Maps] the map files shipped with the game', () => {
  it('there is at least one, and each is a valid map', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const parsed = parseConquestMap(JSON.parse(readFileSync(`${MAPS}/${f}`, 'utf8')), f);
      expect(parsed.ok ? [] : parsed.problems, f).toEqual([]);
    }
  });

  it('each plays a whole 4-player game of normal AIs to a winner', () => {
    for (const f of files) {
      const map = JSON.parse(readFileSync(`${MAPS}/${f}`, 'utf8'));
      const players = ['crimson', 'azure', 'emerald', 'amber'] as const;
      const game = conquestGame({ players: [...players], seed: `map-${f}`, map, autoPlace: true });
      const agents = Object.fromEntries(players.map((p) => [p, conquestAgentFactory('normal')({ faction: p, seed: f })]));
      playConquestOut(game, agents);
      expect(game.winner, f).not.toBeNull();
      const owners = new Set(Object.values(stateOf(game).owner));
      expect(owners.size, `${f}: Domination ends with one holder of every territory`).toBe(1);
    }
  });
});

describe("[002 I Maps] a map's picture", () => {
  const def = JSON.parse(readFileSync(`${MAPS}/${files[0]}`, 'utf8'));
  const picture = mapPictureContent(content, def);

  it('territories are its systems, borders its routes, continents its provinces; it has no planets', () => {
    expect([...picture.systems.keys()]).toEqual(def.territories.map((t: { id: string }) => t.id));
    expect(picture.galaxy.routes.map((r) => [r.from, r.to])).toEqual(def.borders);
    expect([...picture.provinces.values()].map((p) => [p.id, p.color])).toEqual(def.continents.map((c: { id: string; color: string }) => [c.id, c.color]));
    expect(picture.systems.get(def.territories[0].id)!.province).toBe(def.territories[0].continent);
    expect(picture.planets.size).toBe(0);
    expect(picture.galaxy.name).toBe(def.name);
    // the rest of the content (the game's own rules data) is the game's
    expect(picture.races).toBe(content.races);
    const layout = buildLayout(picture);
    expect(layout.systems).toHaveLength(def.territories.length);
    expect(layout.planets).toHaveLength(0);
  });

  it('positions in any unit are centred and scaled to the galaxy spacing, keeping their shape', () => {
    const tiny: [number, number, number][] = [
      [1000, 0, 0],
      [1000.5, 0, 0],
      [1000, 0.5, 0],
      [1000, 0, 2],
    ];
    const fitted = fittedPositions(tiny);
    const centre = fitted.reduce((c, p) => c.add(new Vector3(...p)), new Vector3()).divideScalar(fitted.length);
    expect(centre.length()).toBeCloseTo(0, 9);
    const gaps = nearest(fitted).sort((a, b) => a - b);
    expect(gaps[gaps.length >> 1]).toBeCloseTo(23, 9);
    // shape kept: distances scale together
    const before = nearest(tiny);
    const after = nearest(fitted);
    for (let i = 0; i < tiny.length; i++) expect(after[i]! / before[i]!).toBeCloseTo(46, 9);
    // the galaxy's own systems keep their spacing
    const galaxy = [...content.systems.values()].map((s) => s.position);
    const g = nearest(fittedPositions(galaxy)).sort((a, b) => a - b);
    expect(g[g.length >> 1]).toBeCloseTo(23, 9);
  });

  it('a map with every territory at one point is drawn there without failing', () => {
    const same = fittedPositions([
      [5, 5, 5],
      [5, 5, 5],
    ]);
    expect(same).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });
});
