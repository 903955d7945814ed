/**
 * The conquest map [002 I Maps]: the bundled galaxy read as a map, and a player's own map file checked,
 * every problem named with its file, JSON path and reason.
 */
import { describe, expect, it } from 'vitest';
import { conquestContent } from '../../../systems/conquest/content';
import { galaxyMapFile, parseConquestMap, type ConquestMapDef } from '../../../systems/conquest/map';
import { conquestGame, content } from './fixtures';
import { randomConquestAgent } from '../../../src/ai/conquest/random-agent';
import { playConquestOut } from '../../../src/ai/conquest/play';
import { mapOf, stateOf } from '../../../systems/conquest/state';
import { loadSave, saveToText } from '../../../src/core/save';
import { stateHash } from '../../../src/core/engine/game';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import oldSpiral from '../../../assets/maps/old-spiral.json';

const small: ConquestMapDef = {
  name: 'Three Moons',
  territories: [
    { id: 'io', name: 'Io', continent: 'inner', position: [0, 0, 0] },
    { id: 'europa', name: 'Europa', continent: 'inner', position: [1, 0, 0] },
    { id: 'callisto', name: 'Callisto', continent: 'outer', position: [2, 0, 0] },
  ],
  borders: [
    ['io', 'europa'],
    ['europa', 'callisto'],
  ],
  continents: [
    { id: 'inner', name: 'Inner', bonus: 2, color: '#112233' },
    { id: 'outer', name: 'Outer', bonus: 1, color: '#445566' },
  ],
};

const problems = (raw: unknown) => {
  const result = parseConquestMap(raw, 'moons.json');
  return result.ok ? [] : result.problems.map((p) => `${p.file} at ${p.path}: ${p.message}`);
};

describe('[002 I Maps] the map', () => {
  it('the galaxy: its 25 star systems are the territories, its routes the borders, its provinces the continents', () => {
    const map = conquestContent(content).scenarios.get('conquest-domination')!.map;
    expect(map.territories).toEqual(content.galaxy.systems.map((s) => s.id));
    expect(map.continentTerritories.size).toBe(content.galaxy.provinces.length);
    for (const r of content.galaxy.routes) {
      expect(map.neighbours.get(r.from)).toContain(r.to);
      expect(map.neighbours.get(r.to)).toContain(r.from); // borders go both ways
    }
    for (const p of content.galaxy.provinces) expect(map.bonus.get(p.id)).toBeGreaterThan(0);
  });

  it('a map file of one\'s own is read with its lookups', () => {
    const result = parseConquestMap(small, 'moons.json');
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.map.neighbours.get('europa')).toEqual(['io', 'callisto']);
    expect(result.map.continentTerritories.get('inner')).toEqual(['io', 'europa']);
    expect(result.map.nameOf('callisto')).toBe('Callisto');
  });

  it('a broken map file is refused with the file, the JSON path and the reason', () => {
    const broken = (change: (m: ConquestMapDef) => void) => {
      const m = structuredClone(small);
      change(m);
      return problems(m);
    };
    expect(problems('not a map')).toEqual([expect.stringMatching(/^moons\.json at : /)]);
    expect(broken((m) => void (m.territories[1]!.id = 'io'))).toContain('moons.json at territories[1].id: territory "io" is listed twice');
    expect(broken((m) => void (m.territories[2]!.continent = 'nowhere'))).toContain('moons.json at territories[2].continent: continent "nowhere" does not exist');
    expect(broken((m) => void m.borders.push(['io', 'ganymede']))).toContain('moons.json at borders[2][1]: territory "ganymede" does not exist');
    expect(broken((m) => void m.borders.push(['io', 'io']))).toContain('moons.json at borders[2]: territory "io" borders itself');
    expect(broken((m) => void m.borders.push(['europa', 'io']))).toContain('moons.json at borders[2]: the border between "europa" and "io" is listed twice');
    expect(broken((m) => void m.continents.push({ id: 'empty', name: 'Empty', bonus: 1, color: '#000000' }))).toContain('moons.json at continents[2]: continent "empty" has no territory');
    expect(broken((m) => void m.borders.pop())).toContain('moons.json at territories[2]: territory "callisto" cannot be reached from "io" by any border');
    expect(broken((m) => void (m.continents[0]!.bonus = -1))[0]).toMatch(/^moons\.json at continents\[0\]\.bonus: /);
    expect(broken((m) => void ((m as unknown as { extra: number }).extra = 1))[0]).toMatch(/extra/);
  });

  it('a position that cannot be drawn is refused, with its path [002 I Maps "design your own maps"]', () => {
    const at = (position: number[]) => {
      const m = structuredClone(small);
      m.territories[1]!.position = position as [number, number, number];
      return problems(m);
    };
    expect(at([1e308, 0, 0])).toEqual(['moons.json at territories[1].position[0]: a coordinate lies within 1000000 of the origin, or the map cannot be drawn']);
    expect(at([0, -2e6, 0])).toEqual(['moons.json at territories[1].position[1]: a coordinate lies within 1000000 of the origin, or the map cannot be drawn']);
    // JSON.parse reads 1e400 as Infinity
    expect(problems(JSON.parse(JSON.stringify(small).replace('[1,0,0]', '[1,0,1e400]')))[0]).toMatch(/^moons\.json at territories\[1\]\.position\[2\]: /);
    expect(at([0, 0, 0])).toEqual(['moons.json at territories[1].position: territory "europa" stands where "io" stands; the map could not show them apart']);
    expect(at([1e6, -1e6, 0.5])).toEqual([]);
  });

  it('the bundled galaxy map passes the same check', () => {
    const file = galaxyMapFile(content, 'The Galaxy', { 'sovereign-core': 5 });
    expect(parseConquestMap(file, 'galaxy.json').ok).toBe(true);
  });
});

describe('[002 I Maps] the classic shape, drawn our own way (assets/maps/old-spiral.json)', () => {
  it('six continents with the standard map\'s bonuses 5/2/5/3/7/2, and a game plays out on it', () => {
    const result = parseConquestMap(oldSpiral, 'old-spiral.json');
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { map } = result;
    expect(map.def.continents.map((c) => c.bonus)).toEqual([5, 2, 5, 3, 7, 2]);
    // the classic sizes (9, 4, 7, 6, 12, 4: 42 territories), each a continent of its own
    expect([...map.continentTerritories.values()].map((ts) => ts.length)).toEqual([9, 4, 7, 6, 12, 4]);
    const players = ['crimson', 'azure', 'emerald'] as const;
    const game = conquestGame({ players: [...players], seed: 'spiral', map: oldSpiral, autoPlace: true });
    playConquestOut(game, Object.fromEntries(players.map((f) => [f, randomConquestAgent({ faction: f, seed: 's' })])));
    expect(game.winner).not.toBeNull();
  });
});

describe('[002 I Maps] playing on a map of one\'s own', () => {
  it('a game on a map file plays to the end on its territories, and its save carries the map', () => {
    const players = ['crimson', 'azure'] as const;
    const game = conquestGame({ players: [...players], seed: 'moons', map: small });
    expect(mapOf(game).territories).toEqual(['io', 'europa', 'callisto']);
    playConquestOut(game, Object.fromEntries(players.map((f) => [f, randomConquestAgent({ faction: f, seed: 'm' })])));
    expect(game.winner).not.toBeNull();
    expect(Object.keys(stateOf(game).owner).sort()).toEqual(['callisto', 'europa', 'io']);
    const loaded = loadSave(saveToText(game), { content, ruleset: conquestRuleset });
    expect(loaded.ok && stateHash(loaded.game)).toBe(stateHash(game));
  });

  it('a game on a broken map file is refused before it starts, saying where', () => {
    const broken = { ...structuredClone(small), borders: [['io', 'io']] };
    expect(() => conquestGame({ map: broken })).toThrow(/the map file is not valid: the map file at borders\[0\]: territory "io" borders itself/);
    const tiny = { ...structuredClone(small) };
    expect(() => conquestGame({ players: ['crimson', 'azure', 'emerald', 'amber'], map: tiny })).toThrow(/3 territories, too few for 4 players/);
    // [002 II Start of Game 1] every territory is claimed with a starting army: 2 players have 80
    const wide = (n: number): ConquestMapDef => ({
      name: 'Wide',
      territories: Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: `T${i}`, continent: 'all', position: [i, 0, 0] as [number, number, number] })),
      borders: Array.from({ length: n - 1 }, (_, i): [string, string] => [`t${i}`, `t${i + 1}`]),
      continents: [{ id: 'all', name: 'All', bonus: 5, color: '#888888' }],
    });
    expect(() => conquestGame({ players: ['crimson', 'azure'], map: wide(81), autoPlace: true })).toThrow(/81 territories, more than 2 players' 80 starting armies can claim/);
    const full = conquestGame({ players: ['crimson', 'azure'], map: wide(80), autoPlace: true });
    expect(full.pending?.kind).toBe('conquest-place'); // every army claimed a territory; the first turn begins
  });
});
