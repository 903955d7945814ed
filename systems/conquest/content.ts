/**
 * The conquest game's content (`assets/content/conquest.json`): the factions that may play, the bonuses
 * of the galaxy's continents, and the scenarios (one per game type [002 I Game Type] on a map); and the
 * new-game options of [002 I Game Set Up]: players, card option, Auto Place All, Recycle Cards.
 */
import { z } from 'zod';
import raw from '../../assets/content/conquest.json';
import type { Content } from '../../src/core/content/validate';
import { ContentError, formatProblem, jsonPath } from '../../src/core/content/validate';
import type { ScenarioBase } from '../../src/core/engine/types';
import { galaxyMapFile, parseConquestMap, type ConquestMap, type MapResult } from './map';

/** The six factions a conquest game may seat [002 I Players / AI: colours]. Sides are these ids. */
export const FACTIONS = ['crimson', 'azure', 'emerald', 'amber', 'violet', 'ivory'] as const;
export type FactionId = (typeof FACTIONS)[number];

export const GAME_TYPES = ['domination', 'capital', 'mission'] as const;
export type GameType = (typeof GAME_TYPES)[number];

const ConquestFile = z.strictObject({
  factions: z
    .array(z.strictObject({ id: z.enum(FACTIONS), name: z.string().min(1).max(20), color: z.string().regex(/^#[0-9a-f]{6}$/) }))
    .length(FACTIONS.length),
  galaxyMap: z.strictObject({ name: z.string().min(1).max(40), bonuses: z.record(z.string(), z.int().min(0).max(50)) }),
  scenarios: z
    .array(
      z.strictObject({
        id: z.string().regex(/^conquest-[a-z0-9-]+$/, 'a conquest scenario id starts with "conquest-"'),
        name: z.string().min(1).max(40),
        gameType: z.enum(GAME_TYPES),
        map: z.literal('galaxy'),
        /** Rounds before the game is called a draw: a guard, not a rule of 002 (docs/rules.md). */
        turns: z.int().min(1).max(1000),
        /** Bloc politics [003] on top of the game type (blocs.ts); such a scenario's id contains "blocs". */
        blocs: z.boolean().optional(),
        description: z.string().min(1).max(400),
      }),
    )
    .min(1),
  /** Bloc politics [003]: the ideologies, one per colour, with the bloc each starts in [3A2f], and the numbers docs/rules.md gives. */
  blocs: z.strictObject({
    ideologies: z
      .array(z.strictObject({ id: z.string().min(1), name: z.string().min(1).max(20), faction: z.enum(FACTIONS), bloc: z.enum(['loyalist', 'independence']) }))
      .length(FACTIONS.length),
    /** Bribes each faction starts with [3A2d]: up to 4 factions, and with 5 or 6. */
    bribes: z.strictObject({ upTo4: z.int().min(0).max(9), from5: z.int().min(0).max(9) }),
    /** The outbreak roll's stock value, its floor, and the seniority count (one per `seniorityEvery` rounds, at most `seniorityMax`) [3C1]. */
    outbreak: z.strictObject({ stock: z.int().min(1).max(20), stockFloor: z.int().min(0).max(20), seniorityEvery: z.int().min(1).max(50), seniorityMax: z.int().min(0).max(10) }),
    /** Bribes a truce costs for each enemy faction still holding systems: one to each, so each is paid to accept it [3F3]. */
    trucePerEnemy: z.int().min(1).max(9),
    /** What a bribe scores at the end, by the bloc that won [3B1b]. */
    bribePoints: z.strictObject({ loyalist: z.int().min(0).max(9), independence: z.int().min(0).max(9) }),
  }),
});

export type BlocId = 'loyalist' | 'independence';
export const BLOCS: readonly BlocId[] = ['loyalist', 'independence'];
export type BlocsDef = z.infer<typeof ConquestFile>['blocs'];

export interface ConquestScenario extends ScenarioBase {
  gameType: GameType;
  /** Bloc politics [003] is played on top of the game type. */
  blocs?: boolean;
  description: string;
  map: ConquestMap;
}

export interface FactionDef {
  id: FactionId;
  name: string;
  color: string;
}

export interface ConquestContent {
  factions: ReadonlyMap<FactionId, FactionDef>;
  scenarios: ReadonlyMap<string, ConquestScenario>;
  blocs: BlocsDef;
}

const cache = new WeakMap<Content, ConquestContent>();

/** The content asked for last and its conquest content: every faction's name in every event asks (a WeakMap's look-up, each time). */
let last: { content: Content; conquest: ConquestContent } | undefined;

/** The conquest content over a galaxy (checked once per content; a problem names file and path). */
export function conquestContent(content: Content): ConquestContent {
  if (last?.content === content) return last.conquest;
  const known = cache.get(content);
  if (known) {
    last = { content, conquest: known };
    return known;
  }
  const parsed = ConquestFile.safeParse(raw);
  if (!parsed.success)
    throw new ContentError(parsed.error.issues.map((i) => ({ file: 'conquest.json', path: jsonPath(i.path), message: i.message })));
  const file = parsed.data;
  for (const [i, s] of file.scenarios.entries())
    if (!!s.blocs !== s.id.includes('blocs'))
      throw new ContentError([{ file: 'conquest.json', path: `scenarios[${i}].id`, message: `a scenario with blocs has an id containing "blocs", and only such a scenario` }]);
  for (const bloc of BLOCS)
    if (!file.blocs.ideologies.some((i) => i.bloc === bloc))
      throw new ContentError([{ file: 'conquest.json', path: 'blocs.ideologies', message: `no ideology starts in the ${bloc} bloc` }]);
  if (new Set(file.blocs.ideologies.map((i) => i.faction)).size !== FACTIONS.length)
    throw new ContentError([{ file: 'conquest.json', path: 'blocs.ideologies', message: 'each colour has exactly one ideology' }]);
  for (const id of Object.keys(file.galaxyMap.bonuses))
    if (!content.provinces.has(id))
      throw new ContentError([{ file: 'conquest.json', path: `galaxyMap.bonuses.${id}`, message: `province "${id}" does not exist` }]);
  const map = parseConquestMap(galaxyMapFile(content, file.galaxyMap.name, file.galaxyMap.bonuses), 'galaxy.json');
  if (!map.ok) throw new ContentError(map.problems);
  const result: ConquestContent = {
    factions: new Map(file.factions.map((f) => [f.id, f])),
    scenarios: new Map(file.scenarios.map((s) => [s.id, { ...s, map: map.map }])),
    blocs: file.blocs,
  };
  cache.set(content, result);
  return result;
}

export const CARD_OPTIONS = ['increasing', 'fixed', 'italian'] as const;

/** The new-game options [002 I Game Set Up]. Every field has the default a new player would expect. */
export const ConquestOptions = z.strictObject({
  /** The factions seated, in seat order (the order of play is drawn at the start [002 II Start of Game]). */
  players: z
    .array(z.enum(FACTIONS))
    .min(2, 'a conquest game needs 2 to 6 players')
    .max(6, 'a conquest game needs 2 to 6 players')
    .refine((p) => new Set(p).size === p.length, 'a faction is seated twice'),
  cards: z.enum(CARD_OPTIONS).default('increasing'),
  /** The deck of cards [002 I Cards]: `classic` (two wildcards) or `wild` (four). */
  deck: z.enum(['classic', 'wild']).default('classic'),
  /**
   * Auto Place All [002 I: "the computer will automatically place your armies for you"]: a choice of each
   * player. `true` is every player; a list names those who chose it (see `autoPlaces`).
   */
  autoPlace: z.union([z.boolean(), z.array(z.enum(FACTIONS)).max(6)]).default(false),
  /** Recycle Cards: when the deck runs out, the traded cards are shuffled into a new one. */
  recycle: z.boolean().default(true),
  /**
   * Auto-Defend [002 II.3: "ensures you automatically roll 2 dice"]: a choice of each player, who then
   * always defends with the most dice; otherwise that player chooses. `true` is every player; a list names
   * those who chose it (see `autoDefends`).
   */
  autoDefend: z.union([z.boolean(), z.array(z.enum(FACTIONS)).max(6)]).default(true),
  /**
   * A map file of the player's own (`ConquestMapFile`), played instead of the scenario's; kept in the
   * options so a save carries it and replays on it. Checked by `parseConquestMap`.
   */
  map: z.unknown().optional(),
});
export type ConquestOptionsDef = z.output<typeof ConquestOptions>;

const parsedOptions = new WeakMap<object, ConquestOptionsDef>();

/**
 * The options of a game, checked (the engine refused the game at its start if they were not valid) and
 * with their defaults filled in; read once per game's options object, as every rule asks for them.
 */
export function optionsOf(options: object): ConquestOptionsDef {
  let parsed = parsedOptions.get(options);
  if (!parsed) {
    parsed = ConquestOptions.parse(options);
    parsedOptions.set(options, parsed);
  }
  return parsed;
}

/** Why these options cannot be played on this scenario, or null. */
export function conquestOptionsProblem(options: unknown, scenario: ConquestScenario): string | null {
  const parsed = ConquestOptions.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `conquest options${issue.path.length ? ` at ${jsonPath(issue.path)}` : ''}: ${issue.message}`;
  }
  for (const key of ['autoPlace', 'autoDefend'] as const) {
    const chosen = parsed.data[key];
    if (Array.isArray(chosen))
      for (const [i, f] of chosen.entries()) {
        if (!parsed.data.players.includes(f)) return `conquest options at ${key}[${i}]: ${f} does not play in this game`;
        if (chosen.indexOf(f) !== i) return `conquest options at ${key}[${i}]: ${f} is named twice`;
      }
  }
  let map = scenario.map;
  if (parsed.data.map !== undefined) {
    const own = customMap(parsed.data.map);
    if (!own.ok) return `the map file is not valid: ${own.problems.slice(0, 3).map(formatProblem).join('; ')}`;
    map = own.map;
  }
  const players = parsed.data.players.length;
  // [3A2b] at least one faction in each bloc (the ideologies read from conquest.json, which
  // conquestContent checked before any scenario could be handed here)
  if (scenario.blocs)
    for (const bloc of BLOCS)
      if (!parsed.data.players.some((f) => (raw as { blocs: BlocsDef }).blocs.ideologies.find((i) => i.faction === f)?.bloc === bloc))
        return `a game with blocs needs at least one ${bloc === 'loyalist' ? 'Loyalist' : 'Independence'} faction [3A2b]`;
  if (players > map.territories.length) return `the map "${map.def.name}" has ${map.territories.length} territories, too few for ${players} players`;
  // every territory is claimed with one of the starting armies [002 II Start of Game 1]
  const armies = players * startingArmies(players);
  if (map.territories.length > armies)
    return `the map "${map.def.name}" has ${map.territories.length} territories, more than ${players} players' ${armies} starting armies can claim (at most ${armies})`;
  return null;
}

const customMaps = new WeakMap<object, MapResult>();

/** A player's own map from a game's options, checked once per options object. */
export function customMap(raw: unknown): MapResult {
  if (typeof raw !== 'object' || raw === null) return parseConquestMap(raw, 'the map file');
  let result = customMaps.get(raw);
  if (!result) {
    result = parseConquestMap(raw, 'the map file');
    customMaps.set(raw, result);
  }
  return result;
}

/** A per-player option, `true` for every player or the list of those who chose it. */
function chosenBy(option: boolean | readonly FactionId[], faction: FactionId): boolean {
  return option === true || (Array.isArray(option) && option.includes(faction));
}

/** Whether the computer places this faction's starting armies (Auto Place All) [002 I]. */
export function autoPlaces(options: ConquestOptionsDef, faction: FactionId): boolean {
  return chosenBy(options.autoPlace, faction);
}

/** Whether this faction always defends with the most dice it may (Auto-Defend) [002 II.3]. */
export function autoDefends(options: ConquestOptionsDef, faction: FactionId): boolean {
  return chosenBy(options.autoDefend, faction);
}

/** Starting armies by number of players [002 II Start of Game]: 40, 35, 30, 25, 20 for 2 to 6. */
export function startingArmies(players: number): number {
  const table: Record<number, number> = { 2: 40, 3: 35, 4: 30, 5: 25, 6: 20 };
  const armies = table[players];
  if (armies === undefined) throw new RangeError(`a conquest game has 2 to 6 players, not ${players}`);
  return armies;
}
