import { describe, expect, it } from 'vitest';
import { parseContentJson } from '../../src/core/content/validate';
import { content, problemsOf, rawCopy } from '../fixtures';

describe('the bundled galaxy has the published galaxy\'s shape (tables.md)', () => {
  const environs = [...content.environs.values()];
  const systemsPerProvince = content.galaxy.provinces.map((p) => content.galaxy.systems.filter((s) => s.province === p.id).length);

  it('5 provinces of 6/4/5/5/5 star systems, 25 in all', () => {
    expect(content.provinces.size).toBe(5);
    expect([...systemsPerProvince].sort()).toEqual([4, 5, 5, 5, 6]);
    expect(content.systems.size).toBe(25);
  });

  it('[5.21] 51 planets, 1-3 per star system; [5.3] 83 environs, 1-3 per planet, sizes 2-6', () => {
    expect(content.planets.size).toBe(51);
    for (const sys of content.systems.values()) {
      const n = [...content.planets.values()].filter((p) => p.system === sys.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
    }
    expect(environs.length).toBe(83);
    for (const e of environs) expect(e.size).toBeGreaterThanOrEqual(2);
  });

  it('[5.3J] every environ type appears, wild and urban most', () => {
    const count = (t: string) => environs.filter((e) => e.type === t).length;
    for (const t of ['urban', 'wild', 'liquid', 'subterranean', 'air', 'fire']) expect(count(t)).toBeGreaterThan(0);
    expect(count('wild')).toBeGreaterThan(count('subterranean'));
    expect(count('urban')).toBeGreaterThan(count('liquid'));
  });

  it('[5.22] 42 hyperjump routes, 20 through a navigation star, joining every system', () => {
    expect(content.galaxy.routes.length).toBe(42);
    expect(content.galaxy.routes.filter((r) => r.via !== null).length).toBe(20);
    const reached = new Set([content.galaxy.systems[0]!.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of content.galaxy.routes)
        for (const [a, b] of [[r.from, r.to], [r.to, r.from]] as const)
          if (reached.has(a) && !reached.has(b)) reached.add(b), (grew = true);
    }
    expect(reached.size).toBe(25);
  });

  it('16 secret planets, 5 capitals and a throne planet', () => {
    expect([...content.planets.values()].filter((p) => p.secret).length).toBe(16);
    expect(new Set(content.galaxy.provinces.map((p) => p.capital)).size).toBe(5);
    expect(content.planets.has(content.galaxy.throne)).toBe(true);
  });

  it('[000 15.1] 8 star-faring races, 7 with a home planet; native races carry irate-locals ratings', () => {
    const races = [...content.races.values()];
    expect(races.filter((r) => r.starFaring).length).toBe(8);
    expect(races.filter((r) => r.starFaring && r.homePlanet !== null).length).toBe(7);
    for (const r of races.filter((x) => !x.starFaring)) expect(r.irateLocals).not.toBeNull();
  });

  it('32 characters (20 Rebel, 12 Imperial), 20 possessions, 15 missions, 30 action cards', () => {
    const chars = [...content.characters.values()];
    expect(chars.filter((c) => c.side === 'rebel').length).toBe(20);
    expect(chars.filter((c) => c.side === 'imperial').length).toBe(12);
    expect(content.possessions.size).toBe(20);
    expect(content.missions.size).toBe(15);
    expect(content.actions.length).toBe(30);
  });

  it('[14.0] four kinds of possession: 8 spaceships, 2 weapons, 6 objects, 4 companions', () => {
    const kinds = [...content.possessions.values()].map((p) => p.kind);
    expect(kinds.filter((k) => k === 'spaceship').length).toBe(8);
    expect(kinds.filter((k) => k === 'weapon').length).toBe(2);
    expect(kinds.filter((k) => k === 'object').length).toBe(6);
    expect(kinds.filter((k) => k === 'companion').length).toBe(4);
  });

  it('[16.11] two star-system scenarios and two province scenarios (besides the tutorial\'s own)', () => {
    const kinds = [...content.scenarios.values()].filter((s) => !s.tutorial).map((s) => s.kind);
    expect(kinds.filter((k) => k === 'star-system').length).toBe(2);
    expect(kinds.filter((k) => k === 'province').length).toBe(2);
  });
});

describe('a malformed content file is refused with its file, JSON path and reason', () => {
  it('a value of the wrong type', () => {
    const raw = rawCopy();
    raw['galaxy.json'].planets[3].environs[0].size = 'large';
    expect(problemsOf(raw)).toEqual([expect.stringMatching(/^galaxy\.json at planets\[3\]\.environs\[0\]\.size: .*number/)]);
  });

  it('a value out of range', () => {
    const raw = rawCopy();
    raw['galaxy.json'].planets[0].environs[0].size = 9;
    expect(problemsOf(raw)[0]).toMatch(/^galaxy\.json at planets\[0\]\.environs\[0\]\.size: /);
  });

  it('an unknown field (a typo never silently does nothing)', () => {
    const raw = rawCopy();
    raw['characters.json'].characters[2].leadrship = 3;
    expect(problemsOf(raw)[0]).toMatch(/^characters\.json at characters\[2\]: .*leadrship/);
  });

  it('a missing field', () => {
    const raw = rawCopy();
    delete raw['races.json'].races[0].name;
    expect(problemsOf(raw)[0]).toMatch(/^races\.json at races\[0\]\.name: /);
  });

  it('a missing file', () => {
    const raw = rawCopy();
    delete raw['tables.json'];
    expect(problemsOf(raw)).toEqual(['tables.json at : the file is missing']);
  });

  it('a file that is not JSON', () => {
    expect(() => parseContentJson('galaxy.json', '{ "planets": [ ')).toThrow(/^The game content is not valid:\ngalaxy\.json: not valid JSON/);
  });

  it('a planet naming a race that does not exist', () => {
    const raw = rawCopy();
    raw['galaxy.json'].planets[5].environs[0].races[0] = 'nobody-at-all';
    expect(problemsOf(raw)).toContain('galaxy.json at planets[5].environs[0].races[0]: race "nobody-at-all" does not exist');
  });

  it('a route to a star system that does not exist', () => {
    const raw = rawCopy();
    raw['galaxy.json'].routes[7].to = 'nowhere';
    expect(problemsOf(raw)).toContain('galaxy.json at routes[7].to: star system "nowhere" does not exist');
  });

  it('a scenario placing a unit on an environ outside its area', () => {
    const raw = rawCopy();
    const scenario = raw['scenarios.json'].scenarios[0];
    const outside = raw['galaxy.json'].planets.find((p: any) => p.system !== scenario.area);
    scenario.imperial.units[0].environ = `${outside.id}.1`;
    expect(problemsOf(raw)).toContain(`scenarios.json at scenarios[0].imperial.units[0].environ: environ "${outside.id}.1" is not in "${scenario.area}"`);
  });

  it('a strategic assignment whose goal names a random province (the Empire must know its planets before the deadline)', () => {
    const raw = rawCopy();
    raw['galactic.json'].assignments[0].goal.where.province = 'random';
    expect(problemsOf(raw)).toContain('galactic.json at assignments[0].goal.where.province: an assignment names its province');
  });

  it('a character with a name longer than 20 characters (Character SRS)', () => {
    const raw = rawCopy();
    raw['characters.json'].characters[0].name = 'A name far too long for a card';
    expect(problemsOf(raw)[0]).toMatch(/^characters\.json at characters\[0\]\.name: /);
  });

  it('an id defined twice', () => {
    const raw = rawCopy();
    raw['creatures.json'].creatures[1].id = raw['creatures.json'].creatures[0].id;
    expect(problemsOf(raw)[0]).toMatch(/^creatures\.json at creatures\[1\]: ".*" is defined twice/);
  });

  it('a table row narrower than its columns', () => {
    const raw = rawCopy();
    raw['tables.json'].militaryCombat.rows[2].pop();
    expect(problemsOf(raw)).toContain('tables.json at militaryCombat.rows[2]: has 10 entries for 11 columns');
  });
});
