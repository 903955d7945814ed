/**
 * Setting up a solitaire scenario [001 Scenarios]: the system units drawn at random for every sector, the
 * Imperial and Chaos sectors, the Rebels and Independent Empires, the Imperial forces, leaders and markers,
 * and the Chaos Events pool. The scenarios' sector numbers are scaled to our 25 sectors (docs/rules.md).
 */
import type { Command, Procedure } from '../../src/core/engine/types';
import type { UnitType } from './content';
import { establishIndependentEmpire, recruitRoll } from './forces';
import {
  contentOf,
  d10,
  freshEffects,
  newUnit,
  sectorAt,
  sectorName,
  sectorNumber,
  sectorsWithin,
  setState,
  stateOf,
  tell,
  unitDef,
  type Side,
  type SolitaireGame,
  type SolitaireState,
} from './state';

/**
 * A system counter for a sector: the Core's own (docs/rules.md), or one drawn at random from those left
 * (the counters are reused if ever they run out).
 */
export function drawCounter(game: SolitaireGame, sector: string | null = null): [number, number, number] {
  const s = stateOf(game);
  const coreSystem = contentOf(game).file.coreSystem;
  if (sector === contentOf(game).sectors[0]) return [coreSystem.resource, coreSystem.military, coreSystem.morph];
  if (!s.counters.length) s.counters = contentOf(game).file.systemCounters.map((c) => [...c] as [number, number, number]);
  return s.counters.splice(game.rng.int(s.counters.length), 1)[0]!;
}

export function setupGame(game: SolitaireGame): void {
  const content = contentOf(game);
  const scenario = game.scenario;
  const rules = new Set([...scenario.options, ...(Array.isArray(game.options.rules) ? (game.options.rules as string[]) : [])]);
  const pool: string[] = [];
  for (const e of content.file.events) {
    // an optional rule's marker not in play is removed and replaced [001 32.0]: it never enters the pool
    if (e.optional && !rules.has(e.optional)) continue;
    // the Leviathan a scenario puts on the Core is one of the pool's [001 Scenarios 4, 5]
    const removed = (scenario.poolChanges?.remove[e.id] ?? 0) + (e.id === 'leviathan' && scenario.leviathan ? 1 : 0);
    for (let i = 0; i < e.count - removed; i++) pool.push(e.id);
  }
  const state: SolitaireState = {
    index: scenario.index,
    rp: scenario.rp,
    systems: Object.fromEntries(content.sectors.map((x) => [x, null])),
    units: [],
    nextUnit: 1,
    forces: [],
    nextForce: 1,
    aliens: [],
    nexus: [],
    illuminated: [],
    repression: scenario.repression,
    illumination: scenario.illumination,
    institute: null,
    instituteSince: 0,
    leviathan: scenario.leviathan ?? false,
    expeditions: [],
    pool,
    discard: [],
    outOfPlay: [],
    leaderPool: withoutReserved(content.file.leaders, scenario.leaders),
    counters: content.file.systemCounters.map((c) => [...c] as [number, number, number]),
    fx: freshEffects(),
    toPlace: [],
    outcome: null,
  };
  setState(game, state);
  const s = stateOf(game);

  // the sectors: who holds each, and its system unit drawn at random
  const inRange = (n: number, range: [number, number] | null) => range !== null && n >= range[0] && n <= range[1];
  for (const sector of content.sectors) {
    const n = sectorNumber(game, sector);
    const side = scenario.randomSectors ? (d10(game) % 2 === 0 ? 'empire' : 'chaos') : inRange(n, scenario.imperialSectors) ? 'empire' : inRange(n, scenario.chaosSectors) ? 'chaos' : null;
    if (!side) continue;
    let counter = drawCounter(game, sector);
    // Scenario 5: no Imperial system of resource 1; draw again until it is at least the minimum
    const minimum = scenario.imperialMinimumResource;
    while (side === 'empire' && minimum && counter[0] < minimum) {
      const again = drawCounter(game);
      s.counters.push(counter);
      counter = again;
    }
    s.systems[sector] = { side, resource: counter[0], military: counter[1], morph: counter[2], force: null };
  }

  // Rebels: a roll on the Independent Empire recruiting table for each Chaos sector; where the empires'
  // homes are fixed, only for those not part of one, after they are set up [001 Scenario 3, 3]
  const chaosSectors = content.sectors.filter((x) => s.systems[x]?.side === 'chaos');
  const rebels = () => {
    if (scenario.rebels)
      for (const sector of chaosSectors.filter((x) => !s.systems[x]?.force)) {
        const total = d10(game) + s.systems[sector]!.resource * scenario.rebels.resourceMultiplier;
        for (const type of recruitRoll(game, total)) newUnit(game, type, 'chaos', sector, null);
      }
  };
  if (scenario.independentEmpires === 'strongest-two') rebels();

  // Independent Empires: at the scenario's homes, or the two strongest Chaos systems not within two sectors of each other
  const homes: { home: string; extra: UnitType[]; leaderAddsToRolls: boolean }[] = [];
  if (scenario.independentEmpires === 'strongest-two') {
    const value = (x: string) => s.systems[x]!.military + s.systems[x]!.morph + s.systems[x]!.resource;
    const ranked = [...chaosSectors].sort((a, b) => value(b) - value(a) || sectorNumber(game, a) - sectorNumber(game, b));
    const first = ranked[0];
    const second = ranked.find((x) => first && !sectorsWithin(game, first, 2).has(x));
    for (const home of [first, second]) if (home) homes.push({ home, extra: [], leaderAddsToRolls: false });
  } else for (const ie of scenario.independentEmpires) homes.push({ home: sectorAt(game, ie.home), extra: ie.extra, leaderAddsToRolls: ie.leaderAddsToRolls });
  for (const h of homes)
    if (s.systems[h.home]?.side === 'chaos')
      establishIndependentEmpire(game, h.home, {
        extra: h.extra,
        leaderAddsToRolls: h.leaderAddsToRolls,
        rollsResourceMultiplier: scenario.rebels?.resourceMultiplier ?? 1,
        takesImperial: false,
      });
  if (scenario.independentEmpires !== 'strongest-two') rebels();

  for (const n of scenario.nexus) {
    const sector = sectorAt(game, n);
    if (s.systems[sector]?.side === 'empire') s.nexus.push(sector);
  }
  if (s.leviathan) tell(game, 'setup', `The Leviathan is in the Core, ${sectorName(game, content.sectors[0]!)}.`, '[001 32.0 Leviathan]');

  // Imperial forces: the player places them [001 Scenarios 5], the costliest first; or the computer does,
  // on Imperial systems (anywhere, where the scenario says), one to a sector in a random order
  const types = (Object.entries(scenario.imperialForces) as [UnitType, number][])
    .flatMap(([type, n]) => Array<UnitType>(n).fill(type))
    .sort((a, b) => unitDef(game, b).cost - unitDef(game, a).cost);
  if (game.handPlacement.includes('empire')) {
    s.toPlace = types;
    game.stack.push({ proc: 'chaos-placement', data: {} });
    return;
  }
  const order = game.rng.shuffle(placementSectors(game));
  let k = 0;
  for (const type of types) {
    let sector = order[k++ % order.length]!;
    for (let tries = 0; !placeable(game, sector) && tries < order.length; tries++) sector = order[k++ % order.length]!;
    newUnit(game, type, 'empire', sector, null);
  }
  afterPlacement(game);
}

/** Where the starting Imperial forces may go: Imperial systems, or anywhere where the scenario says. */
export function placementSectors(game: SolitaireGame): string[] {
  const s = stateOf(game);
  const sectors = contentOf(game).sectors;
  const imperial = sectors.filter((x) => s.systems[x]?.side === 'empire');
  return game.scenario.forcesAnywhere || !imperial.length ? [...sectors] : imperial;
}

/**
 * [001 Leaders] the leader pool at the start: the mix less the counters the scenario gives the Empire,
 * set aside before any leader is drawn at random for Chaos, so they are there to place (the content's
 * validation says the mix has them). Before, Scenario 6 placed its three "1" leaders after its
 * Independent Empires had drawn theirs, five "1"s where the mix has four.
 */
function withoutReserved(mix: readonly number[], reserved: readonly number[]): number[] {
  const pool = [...mix];
  for (const value of reserved) pool.splice(pool.indexOf(value), 1);
  return pool;
}

/** Scenario 2's "no more than 2 units per system". */
function placeable(game: SolitaireGame, sector: string): boolean {
  const max = game.scenario.maxPerSector;
  return !max || stateOf(game).units.filter((u) => u.sector === sector && u.side === 'empire').length < max;
}

/** Once the forces stand: Scenario 2's flips, the leaders on the costliest units, and the board in words. */
function afterPlacement(game: SolitaireGame): void {
  const s = stateOf(game);
  const scenario = game.scenario;
  const content = contentOf(game);
  // Scenario 2: each unit flips to its Chaos side on an odd roll
  if (scenario.flipOnOdd) for (const unit of s.units) if (unit.side === 'empire' && d10(game) % 2 === 1) unit.side = 'chaos';
  const byStrength = s.units.filter((u) => u.side === 'empire').sort((a, b) => unitDef(game, b.type).cost - unitDef(game, a.type).cost || a.id - b.id);
  // the scenario's leaders, set aside from the mix at the start; one with no unit to lead goes back to the pool
  for (const [i, value] of scenario.leaders.entries()) {
    const unit = byStrength[i];
    if (unit) unit.leader = value;
    else s.leaderPool.push(value);
  }
  const imperial = content.sectors.filter((x) => s.systems[x]?.side === 'empire');
  tell(
    game,
    'setup',
    `${scenario.name}: the Chaos Index stands at ${s.index}; the Empire holds ${imperial.length} of ${content.sectors.length} sectors with ${s.units.filter((u) => u.side === 'empire').length} mobile units and ${s.rp} RP; Chaos has ${s.units.filter((u) => u.side === 'chaos').length} mobile units.`,
    '[001 Scenarios]',
  );
}

/** The player places the starting Imperial forces, one unit at a time [001 Scenarios: "place ... on any Imperial controlled systems"]. */
export const placementPhase: Procedure<SolitaireGame> = {
  step(game) {
    const s = stateOf(game);
    const next = s.toPlace[0];
    if (!next) {
      afterPlacement(game);
      return { done: true };
    }
    const options: Command<Side>[] = placementSectors(game)
      .filter((sector) => placeable(game, sector))
      .map((sector) => ({ type: 'place', side: 'empire', unit: next, sector }));
    return {
      decide: {
        side: 'empire',
        kind: 'chaos-place',
        prompt: `Place your ${unitDef(game, next).name} (${s.toPlace.length} unit${s.toPlace.length === 1 ? '' : 's'} to place).`,
        rule: '[001 Scenarios]',
        options,
      },
    };
  },
  answer(game, _frame, command) {
    const s = stateOf(game);
    newUnit(game, s.toPlace.shift()!, 'empire', command.sector as string, null);
  },
};
