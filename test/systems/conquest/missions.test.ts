/**
 * Conquest missions (002 I "Game Type" 3 "Mission"): the deck built from the galaxy's provinces and the
 * colours, its texts, and the win test of each kind, with the classic elimination fallback.
 */
import { describe, expect, it } from 'vitest';
import galaxy from '../../../assets/content/galaxy.json';
import {
  describeMission,
  missionComplete,
  missionDeck,
  type Mission,
  type MissionState,
} from '../../../systems/conquest/missions';

const COLOURS = ['red', 'blue', 'green', 'yellow', 'black', 'white'];
const continents = galaxy.provinces.map((p) => ({ id: p.id, name: p.name }));
const territoriesOf: Record<string, string[]> = {};
for (const s of galaxy.systems) (territoriesOf[s.province] ??= []).push(s.id);
const SYSTEMS = galaxy.systems.map((s) => s.id);

const deck = missionDeck(continents, COLOURS);
const byId = (id: string): Mission => {
  const m = deck.find((x) => x.id === id);
  if (!m) throw new Error(`no mission ${id}`);
  return m;
};

/** A state where `me` holds `mine` (with `armies` each) and `other` holds every other system. */
function state(mine: readonly string[], over: Partial<MissionState> = {}, armies = 1, other = 'blue'): MissionState {
  const owner: Record<string, string | null> = {};
  const army: Record<string, number> = {};
  for (const t of SYSTEMS) {
    owner[t] = mine.includes(t) ? 'red' : other;
    army[t] = mine.includes(t) ? armies : 1;
  }
  return { owner, armies: army, continents: territoriesOf, eliminatedBy: {}, players: ['red', 'blue', 'green'], ...over };
}

describe('the mission deck', () => {
  it('[002 I Game Type: Mission] continent pairs, two territory missions, one elimination per colour and one mix per colour', () => {
    expect(deck.map((m) => m.id)).toEqual([
      'continents:sovereign-core+ember-reach',
      'continents:ember-reach+tidewell-expanse',
      'continents:tidewell-expanse+verdant-drift',
      'continents:verdant-drift+umbral-fringe',
      'continents:umbral-fringe+sovereign-core',
      'territories:14',
      'territories:11x2',
      ...COLOURS.map((c) => `eliminate:${c}`),
      // "or a mix of both": each colour with a continent in the map's order, the sixth with the first again
      'mix:red+sovereign-core',
      'mix:blue+ember-reach',
      'mix:green+tidewell-expanse',
      'mix:yellow+verdant-drift',
      'mix:black+umbral-fringe',
      'mix:white+sovereign-core',
    ]);
    expect(new Set(deck.map((m) => m.id)).size).toBe(deck.length);
    expect(JSON.parse(JSON.stringify(deck))).toEqual(deck);
    expect(missionDeck(continents, COLOURS)).toEqual(deck); // deterministic: the engine shuffles
  });

  it('[002 I Game Type: Mission] every mission has a human-readable text', () => {
    expect(byId('continents:sovereign-core+ember-reach').text).toBe('Hold the Sovereign Core and the Ember Reach.');
    expect(byId('territories:14').text).toBe('Hold 14 territories.');
    expect(byId('territories:11x2').text).toBe('Hold 11 territories with at least 2 armies on each.');
    expect(byId('eliminate:green').text).toBe(
      'Eliminate the green player. If you are the green player, the green player is not in the game, ' +
        'or another player eliminates them, hold 14 territories instead.',
    );
    expect(byId('mix:blue+ember-reach').text).toBe(
      'Eliminate the blue player and hold the Ember Reach. If you are the blue player, the blue player is not in the game, ' +
        'or another player eliminates them, hold the Ember Reach and 14 territories instead.',
    );
    for (const m of deck) expect(describeMission(m)).toBe(m.text);
  });

  it('[002 I Game Type: Mission] a custom map gets missions too, scaled to its size', () => {
    const small = missionDeck(
      [
        { id: 'north', name: 'North' },
        { id: 'south', name: 'South' },
      ],
      ['red', 'blue', 'green', 'yellow'],
      50,
    );
    expect(small.map((m) => m.id)).toEqual([
      'continents:north+south', 'territories:28', 'territories:22x2',
      'eliminate:red', 'eliminate:blue', 'eliminate:green', 'eliminate:yellow',
      'mix:red+north', 'mix:blue+south', 'mix:green+north', 'mix:yellow+south',
    ]);
    expect(small[0]!.text).toBe('Hold North and South.');
    expect(missionDeck([{ id: 'only', name: 'Only' }], [], 25).map((m) => m.kind)).toEqual(['territories', 'territories']);
  });

  it('[002 I Game Type: Mission] with few players a territory mission asks for a tenth of the map more than a fair share', () => {
    // 2 players on our 25 systems each start with 12 or 13: "hold 11 with 2 armies" would be met by the setup
    const two = missionDeck(continents, ['red', 'blue'], 25);
    const counts = two.flatMap((m) => (m.kind === 'territories' ? [m.count] : m.kind === 'eliminate' || m.kind === 'mix' ? [m.fallback.count] : []));
    expect(counts).toEqual([16, 16, 16, 16, 16, 16]);
    // 4 players keep the galaxy's targets
    expect(missionDeck(continents, ['red', 'blue', 'green', 'yellow'], 25).map((m) => m.id)).toContain('territories:11x2');
  });
});

describe('mission completion', () => {
  const coreAndEmber = byId('continents:sovereign-core+ember-reach');
  const core = territoriesOf['sovereign-core']!;
  const ember = territoriesOf['ember-reach']!;

  it('[002 I Game Type: Mission] continents: complete when every territory of both continents is held', () => {
    expect(missionComplete(coreAndEmber, 'red', state([...core, ...ember]))).toBe(true);
    expect(missionComplete(coreAndEmber, 'red', state([...core, ...ember.slice(1)]))).toBe(false);
    expect(missionComplete(coreAndEmber, 'red', state(core))).toBe(false);
    expect(missionComplete(coreAndEmber, 'blue', state([...core, ...ember]))).toBe(false);
  });

  it('[002 I Game Type: Mission] continents: a continent the state does not know cannot be held', () => {
    const s = state(SYSTEMS, { continents: { 'sovereign-core': core } });
    expect(missionComplete(coreAndEmber, 'red', s)).toBe(false);
  });

  it('[002 I Game Type: Mission] territories: hold 14', () => {
    const hold14 = byId('territories:14');
    expect(missionComplete(hold14, 'red', state(SYSTEMS.slice(0, 13)))).toBe(false);
    expect(missionComplete(hold14, 'red', state(SYSTEMS.slice(0, 14)))).toBe(true);
  });

  it('[002 I Game Type: Mission] territories: hold 11 with at least 2 armies on each', () => {
    const fortified = byId('territories:11x2');
    expect(missionComplete(fortified, 'red', state(SYSTEMS.slice(0, 11), {}, 2))).toBe(true);
    expect(missionComplete(fortified, 'red', state(SYSTEMS.slice(0, 14), {}, 1))).toBe(false);
    // 11 territories with 2 armies among more held: the thinly held ones do not spoil it.
    const s = state(SYSTEMS.slice(0, 15), {}, 2);
    s.armies[SYSTEMS[0]!] = 1;
    s.armies[SYSTEMS[1]!] = 1;
    s.armies[SYSTEMS[2]!] = 1;
    s.armies[SYSTEMS[3]!] = 1;
    expect(missionComplete(fortified, 'red', s)).toBe(true);
    s.armies[SYSTEMS[4]!] = 1;
    expect(missionComplete(fortified, 'red', s)).toBe(false);
  });

  it('[002 I Game Type: Mission] eliminate: complete when you eliminate that colour yourself', () => {
    const killGreen = byId('eliminate:green');
    const few = SYSTEMS.slice(0, 3);
    expect(missionComplete(killGreen, 'red', state(few))).toBe(false);
    expect(missionComplete(killGreen, 'red', state(few, { eliminatedBy: { green: 'red' } }))).toBe(true);
    // Whether `players` still lists the eliminated colour does not matter.
    const gone = state(few, { eliminatedBy: { green: 'red' }, players: ['red', 'blue'] });
    expect(missionComplete(killGreen, 'red', gone)).toBe(true);
  });

  it('[002 I Game Type: Mission] eliminate fallback: someone else eliminated them, so hold 14 territories', () => {
    const killGreen = byId('eliminate:green');
    const over = { eliminatedBy: { green: 'blue' } };
    expect(missionComplete(killGreen, 'red', state(SYSTEMS.slice(0, 13), over))).toBe(false);
    expect(missionComplete(killGreen, 'red', state(SYSTEMS.slice(0, 14), over))).toBe(true);
  });

  it('[002 I Game Type: Mission] eliminate fallback: the colour is not in the game, so hold 14 territories', () => {
    const killBlack = byId('eliminate:black');
    expect(missionComplete(killBlack, 'red', state(SYSTEMS.slice(0, 13)))).toBe(false);
    expect(missionComplete(killBlack, 'red', state(SYSTEMS.slice(0, 14)))).toBe(true);
  });

  it('[002 I Game Type: Mission] eliminate fallback: the colour is your own, so hold 14 territories', () => {
    const killRed = byId('eliminate:red');
    expect(missionComplete(killRed, 'red', state(SYSTEMS.slice(0, 13)))).toBe(false);
    expect(missionComplete(killRed, 'red', state(SYSTEMS.slice(0, 14)))).toBe(true);
  });

  it('[002 I Game Type: Mission] eliminate: no fallback while the colour is in the game and alive', () => {
    const killGreen = byId('eliminate:green');
    expect(missionComplete(killGreen, 'red', state(SYSTEMS))).toBe(false);
  });

  it('[002 I Game Type: Mission, "a mix of both"] mix: eliminate the colour yourself and hold the continent, both', () => {
    const mix = byId('mix:green+tidewell-expanse');
    const tidewell = territoriesOf['tidewell-expanse']!;
    const killed = { eliminatedBy: { green: 'red' } };
    expect(missionComplete(mix, 'red', state(tidewell, killed))).toBe(true);
    expect(missionComplete(mix, 'red', state(tidewell.slice(1), killed))).toBe(false); // the continent not whole
    expect(missionComplete(mix, 'red', state(tidewell))).toBe(false); // green still in the game
    expect(missionComplete(mix, 'red', state(SYSTEMS.slice(0, 20)))).toBe(false); // territories are no substitute while green lives
  });

  it('[002 I Game Type: Mission, "a mix of both"] mix fallback: the elimination cannot be yours, so hold the continent and 14 territories', () => {
    const mix = byId('mix:green+tidewell-expanse');
    const tidewell = territoriesOf['tidewell-expanse']!;
    const others = SYSTEMS.filter((t) => !tidewell.includes(t));
    const over = { eliminatedBy: { green: 'blue' } };
    expect(missionComplete(mix, 'red', state([...tidewell, ...others.slice(0, 14 - tidewell.length)], over))).toBe(true);
    expect(missionComplete(mix, 'red', state([...tidewell, ...others.slice(0, 13 - tidewell.length)], over))).toBe(false);
    expect(missionComplete(mix, 'red', state(others.slice(0, 16), over))).toBe(false); // 16 territories, but not the continent
    // the colour is one's own: the same fallback
    const own = byId('mix:red+sovereign-core');
    const core = territoriesOf['sovereign-core']!;
    expect(missionComplete(own, 'red', state([...core, ...SYSTEMS.filter((t) => !core.includes(t)).slice(0, 14 - core.length)]))).toBe(true);
  });
});
