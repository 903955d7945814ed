/**
 * The solitaire game's content (`assets/content/solitaire.json`) [001]: the order of the sectors (our 25
 * star systems, the throne's system first as the Core), the system counters drawn at random for them, the
 * units with their military, morphogenetic and movement values, the leaders, the costs, and the tables
 * 001 names but does not print (combat results, Chaos Operations, usurpation, Independent Empire
 * recruiting, alien/expedition resolution, extropy, suppression): ours, documented in docs/rules.md.
 */
import { z } from 'zod';
import raw from '../../assets/content/solitaire.json';
import type { Content } from '../../src/core/content/validate';
import { ContentError, jsonPath } from '../../src/core/content/validate';
import type { ScenarioBase } from '../../src/core/engine/types';

export const UNIT_TYPES = ['SF', 'AF', 'CG', 'IO', 'CF', 'WS', 'TH'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const OPTIONAL_RULES = ['expeditions', 'illumination', 'trans-humans'] as const;
export type OptionalRule = (typeof OPTIONAL_RULES)[number];

export const CHAOS_FORCE_KINDS = ['usurper', 'independent', 'invader', 'rebel'] as const;
export type ChaosForceKind = (typeof CHAOS_FORCE_KINDS)[number];

export const OPERATIONS = [
  'attrition', 'none', 'lower', 'higher', 'away', 'one-toward', 'toward', 'threatened', 'threatened-or-conquer', 'attack',
  'one-toward+attack', 'toward+attack', 'threatened-or-conquer+attack',
] as const;
export type Operation = (typeof OPERATIONS)[number];

const CombatResultText = z.string().regex(/^(-|[AD][1-6])$/, 'a combat result is "-", or A or D with a number 1-6');
const Ten = <T extends z.ZodTypeAny>(t: T) => z.array(t).length(10);
const Range = z.tuple([z.int().min(1).max(25), z.int().min(1).max(25)]);

const ScenarioFile = z.strictObject({
  id: z.string().regex(/^chaos-[a-z0-9-]+$/, 'a solitaire scenario id starts with "chaos-"'),
  name: z.string().min(1).max(40),
  number: z.int().min(1).max(6),
  description: z.string().min(1).max(400),
  index: z.int().min(0).max(100),
  imperialSectors: Range.nullable(),
  chaosSectors: Range.nullable(),
  randomSectors: z.boolean(),
  imperialMinimumResource: z.int().min(1).max(4).optional(),
  rebels: z.strictObject({ recruitRolls: z.literal('each-chaos-sector'), resourceMultiplier: z.int().min(1).max(3) }).nullable(),
  independentEmpires: z.union([
    z.literal('strongest-two'),
    z.array(z.strictObject({ home: z.int().min(1).max(25), extra: z.array(z.enum(UNIT_TYPES)), leaderAddsToRolls: z.boolean() })),
  ]),
  imperialForces: z.partialRecord(z.enum(UNIT_TYPES), z.int().min(1).max(20)),
  forcesAnywhere: z.boolean(),
  maxPerSector: z.int().min(0).max(10),
  flipOnOdd: z.boolean(),
  leaders: z.array(z.int().min(1).max(5)),
  nexus: z.array(z.int().min(1).max(25)),
  repression: z.int().min(0).max(10),
  illumination: z.int().min(0).max(10),
  rp: z.int().min(0).max(100),
  turns: z.int().min(1).max(100),
  /**
   * The first turn's Chaos Events as the scenario counts them ("two rounds of Chaos Events i.e. 16 Events
   * total" [001 Scenarios 2-6, 10]), whatever the index; null: the index's count, as on every other turn.
   */
  firstTurnEvents: z.int().min(1).max(40).nullable(),
  rebellionsFirstTurn: z.int().min(0).max(12).optional(),
  levels: z.strictObject({ decline: z.int(), survival: z.int(), expanding: z.int(), galactic: z.int() }),
  leviathan: z.boolean().optional(),
  transHumanUsurpers: z.array(z.int().min(1).max(100)).optional(),
  poolChanges: z
    .strictObject({
      remove: z.record(z.string(), z.int().min(1)),
      addOnTurn: z.array(z.strictObject({ turn: z.int().min(1), event: z.string(), count: z.int().min(1) })),
    })
    .optional(),
  options: z.array(z.enum(OPTIONAL_RULES)),
});

const SolitaireFile = z.strictObject({
  sectors: z.array(z.string()).length(25),
  coreSystem: z.strictObject({ resource: z.int(), military: z.int(), morph: z.int() }),
  systemCounters: z.array(z.tuple([z.int().min(1).max(5), z.int().min(0).max(9), z.int().min(0).max(9)])).min(25),
  units: z.array(
    z.strictObject({
      id: z.enum(UNIT_TYPES),
      name: z.string().min(1),
      military: z.int().min(0).max(12),
      militaryDefenceOnly: z.boolean().optional(),
      morph: z.int().min(0).max(12),
      morphDefenceOnly: z.boolean().optional(),
      movement: z.int().min(1).max(6),
      cost: z.int().min(0).max(30),
      upkeep: z.int().min(0).max(5),
      imperialOnly: z.boolean(),
    }),
  ),
  leaders: z.array(z.int().min(1).max(5)).min(1),
  costs: z.strictObject({
    leader: z.int(), nexus: z.int(), nexusUpkeep: z.int(), repression: z.int(), illumination: z.int(), illuminationEnlightened: z.int(),
    extropyPerSystems: z.int().min(1), extropyPerTurn: z.int().min(0),
  }),
  eventsPerTurn: z.array(z.strictObject({ upTo: z.int(), events: z.int().min(0) })).min(1),
  combatTable: z.strictObject({ columns: z.array(z.strictObject({ upTo: z.int(), results: Ten(CombatResultText) })).min(1) }),
  operationsTable: z.strictObject({
    usurper: Ten(z.enum(OPERATIONS)),
    independent: Ten(z.enum(OPERATIONS)),
    invader: Ten(z.enum(OPERATIONS)),
    rebel: Ten(z.enum(OPERATIONS)),
  }),
  usurpationTable: Ten(z.enum(['loyal', 'dissolution', 'holds', 'recruits'])),
  recruitingTable: z.array(z.strictObject({ upTo: z.int(), units: z.array(z.enum(UNIT_TYPES)) })).min(1),
  alienTable: z.strictObject({ negativeUpTo: z.int(), indeterminateUpTo: z.int() }),
  extropyTable: Ten(z.int().min(0).max(10)),
  suppressionTable: Ten(z.int().min(-5).max(5)),
  expeditionRewards: z.strictObject({ resourceDice: z.int(), indexDice: z.int() }),
  events: z.array(z.strictObject({ id: z.string(), name: z.string(), count: z.int().min(1), optional: z.enum(OPTIONAL_RULES).optional() })),
  scenarios: z.array(ScenarioFile).min(1),
});

export type SolitaireFileDef = z.infer<typeof SolitaireFile>;
export type UnitDef = SolitaireFileDef['units'][number];
export type ScenarioFileDef = z.infer<typeof ScenarioFile>;

/** A solitaire scenario; `sweep` is Sweep of Empire [001 Scenario 7]: the same start, played until a Universal Victory. */
export interface SolitaireScenario extends ScenarioBase, Omit<ScenarioFileDef, 'id' | 'name' | 'turns'> {
  sweep: boolean;
}

export interface SolitaireContent {
  file: SolitaireFileDef;
  sectors: readonly string[];
  units: ReadonlyMap<UnitType, UnitDef>;
  /** Sector to the sectors it borders: one hyperjump route away. */
  neighbours: ReadonlyMap<string, readonly string[]>;
  /** Hops from the Core along the routes. */
  coreDistance: ReadonlyMap<string, number>;
  scenarios: ReadonlyMap<string, SolitaireScenario>;
  eventNames: ReadonlyMap<string, string>;
}

/**
 * A unit's strength of one kind [001 31.0]: attacking counts only unbracketed strengths, defending counts
 * all; trans-humans' strengths are their own, rolled each turn. Read by the rules, the agents (from the
 * view's tables) and the screens alike.
 */
export function strengthOf(def: UnitDef, unit: { type: UnitType; th: [number, number] | null }, type: 'military' | 'morph', attacking: boolean): number {
  if (unit.type === 'TH') return unit.th ? unit.th[type === 'military' ? 0 : 1] : 1;
  if (attacking && (type === 'military' ? def.militaryDefenceOnly : def.morphDefenceOnly)) return 0;
  return type === 'military' ? def.military : def.morph;
}

export interface CombatResult {
  /** Who is hit: the attacker, the defender, or no one. */
  who: 'A' | 'D' | null;
  /** Every unit of that side with strength at or below this is hit. */
  level: number;
}

/** The combat results table's result for a strength difference and a modified die (0-9, clamped). */
export function readCombatTable(table: SolitaireFileDef['combatTable'], difference: number, die: number): CombatResult {
  const column = table.columns.find((c) => difference <= c.upTo) ?? table.columns[table.columns.length - 1]!;
  const text = column.results[Math.max(0, Math.min(9, die))]!;
  return text === '-' ? { who: null, level: 0 } : { who: text[0] as 'A' | 'D', level: Number(text.slice(1)) };
}

/** A Sweep of Empire game runs until a Universal Victory; this many turns is a guard, not a rule. */
export const SWEEP_TURNS = 200;

const cache = new WeakMap<Content, SolitaireContent>();

/** The solitaire content over the galaxy, checked once per content; a problem names the file and the path. */
export function solitaireContent(content: Content): SolitaireContent {
  const known = cache.get(content);
  if (known) return known;
  const result = parseSolitaire(raw, content);
  cache.set(content, result);
  return result;
}

export function parseSolitaire(data: unknown, content: Content): SolitaireContent {
  const fail = (path: string, message: string): never => {
    throw new ContentError([{ file: 'solitaire.json', path, message }]);
  };
  const parsed = SolitaireFile.safeParse(data);
  if (!parsed.success) throw new ContentError(parsed.error.issues.map((i) => ({ file: 'solitaire.json', path: jsonPath(i.path), message: i.message })));
  const file = parsed.data;
  const systems = [...content.galaxy.systems].map((s) => s.id);
  file.sectors.forEach((id, i) => {
    if (!systems.includes(id)) fail(`sectors[${i}]`, `star system "${id}" does not exist`);
    if (file.sectors.indexOf(id) !== i) fail(`sectors[${i}]`, `star system "${id}" is listed twice`);
  });
  const core = content.galaxy.systems.find((s) => content.galaxy.planets.some((p) => p.id === content.galaxy.throne && p.system === s.id));
  if (core && file.sectors[0] !== core.id) fail('sectors[0]', `the Core (sector 01) must be the throne's system, "${core.id}"`);
  for (const type of UNIT_TYPES) if (!file.units.some((u) => u.id === type)) fail('units', `unit type ${type} is missing`);
  const eventIds = new Set(file.events.map((e) => e.id));
  // [001 Leaders] a scenario's Imperial leaders are counters of the mix
  for (const [i, s] of file.scenarios.entries())
    for (const value of new Set(s.leaders))
      if (s.leaders.filter((v) => v === value).length > file.leaders.filter((v) => v === value).length)
        fail(`scenarios[${i}].leaders`, `names more "${value}" leaders than the mix has (${file.leaders.filter((v) => v === value).length})`);
  for (const [i, s] of file.scenarios.entries())
    for (const [j, change] of (s.poolChanges?.addOnTurn ?? []).entries())
      if (!eventIds.has(change.event)) fail(`scenarios[${i}].poolChanges.addOnTurn[${j}].event`, `there is no event "${change.event}"`);
  const neighbours = new Map<string, string[]>(file.sectors.map((s) => [s, []]));
  for (const r of content.galaxy.routes) {
    if (!neighbours.has(r.from) || !neighbours.has(r.to)) continue;
    if (!neighbours.get(r.from)!.includes(r.to)) neighbours.get(r.from)!.push(r.to);
    if (!neighbours.get(r.to)!.includes(r.from)) neighbours.get(r.to)!.push(r.from);
  }
  // neighbours listed by sector number, so every "pick among" is reproducible
  for (const list of neighbours.values()) list.sort((a, b) => file.sectors.indexOf(a) - file.sectors.indexOf(b));
  const coreDistance = new Map<string, number>([[file.sectors[0]!, 0]]);
  const queue = [file.sectors[0]!];
  while (queue.length) {
    const at = queue.shift()!;
    for (const n of neighbours.get(at)!) if (!coreDistance.has(n)) (coreDistance.set(n, coreDistance.get(at)! + 1), queue.push(n));
  }
  for (const s of file.sectors) if (!coreDistance.has(s)) fail('sectors', `sector "${s}" cannot be reached from the Core`);
  const scenarios = new Map<string, SolitaireScenario>();
  for (const s of file.scenarios) {
    scenarios.set(s.id, { ...s, sweep: false });
    scenarios.set(`${s.id}-sweep`, { ...s, id: `${s.id}-sweep`, name: `${s.name}: Sweep of Empire`, turns: SWEEP_TURNS, sweep: true });
  }
  return {
    file,
    sectors: file.sectors,
    units: new Map(file.units.map((u) => [u.id, u])),
    neighbours,
    coreDistance,
    scenarios,
    eventNames: new Map(file.events.map((e) => [e.id, e.name])),
  };
}
