/**
 * Saves. A save is the recipe of a game, not its state: `{formatVersion, contentVersion, scenario,
 * seed, commands}`. Loading replays it. A save from outside (a file, local storage, a URL) is hostile
 * until proven otherwise: it is size-checked, parsed, shape-checked field by field (unknown fields,
 * wrong types and `__proto__` keys are refused), checked against the content it was made with, and
 * replayed in a fresh game. Only a save that passes all of that produces a game; the running game is
 * never touched.
 */
import { z } from 'zod';
import { commandShapeProblem } from './engine/commands';
import { jsonPath } from './content/validate';
import { newGame, replay, type NewGameOptions } from './engine/game';
import { DOMINO_RULES, Side, SIDES, type ScenarioDef, type SideId } from './content/schema';
import type { Command, Game, Json, ScenarioBase } from './engine/types';
import { SEED_HASHES, type SeedHash } from './rng';

/**
 * The save format's version: raised whenever the same seed and commands would replay a different game.
 * 2: the starting units are mustered, and reinforcements arrive, in orders drawn from the seed [7.22].
 */
export const SAVE_FORMAT_VERSION = 2;
/** Larger than any real game (a game is a few thousand commands of ~60 bytes). */
export const MAX_SAVE_BYTES = 8 * 1024 * 1024;
export const MAX_COMMANDS = 100_000;

export interface SaveFile<S extends string = SideId> {
  formatVersion: number;
  contentVersion: string;
  /** The ruleset the game is played by; absent: the star-system game (every save made before others existed). */
  ruleset?: string;
  /** The ruleset's new-game options (a conquest game's players and card option); absent: none. */
  options?: { [key: string]: Json };
  scenario: string;
  seed: string;
  /** How the seed makes the RNG's state (src/core/rng.ts); absent: 'xmur3', every save made before
   * online games drew 128-bit secrets [issue 55]. */
  seedHash?: SeedHash;
  /** Sides that placed their starting forces by hand [16.12-16.14]; absent in older saves: automatic. */
  handPlacement?: S[];
  /**
   * Who sits at each side: a person at this screen or an AI level. Absent: a watched game (and every
   * save made before seats were kept), which resumes as AI against AI.
   */
  seats?: Record<S, Seat>;
  /** Made to be watched from its start (the spectator's "save replay"): it opens as a replay, not resumed. */
  replay?: true;
  commands: Command<S>[];
}

/** A side's seat: a person at this screen, or an AI level (a name from `src/ai/registry.ts`). */
export type Seat = { kind: 'human' } | { kind: 'ai'; agent: string };
export type Seats = Record<SideId, Seat>;
/** The seats of a game of any ruleset: the star-system game seats both sides; a conquest game the factions playing. */
export type SeatsOf<S extends string> = Record<S, Seat> | Partial<Record<S, Seat>>;

const SeatSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('human') }),
  // the name is checked against the AI levels when the game resumes; here only its shape
  z.strictObject({ kind: z.literal('ai'), agent: z.string().regex(/^[a-z0-9-]{1,32}$/, 'an AI level is a short lower-case name') }),
]);
const SeatsSchema = z.strictObject({ rebel: SeatSchema, imperial: SeatSchema });

const SaveSchema = z.strictObject({
  formatVersion: z.literal(SAVE_FORMAT_VERSION),
  contentVersion: z.string().min(1).max(64),
  scenario: z.string().min(1).max(64),
  seed: z.string().min(1).max(64),
  seedHash: z.enum(SEED_HASHES).optional(),
  handPlacement: z
    .array(Side)
    .max(2)
    .refine((sides) => new Set(sides).size === sides.length, 'a side is named twice')
    .optional(),
  seats: SeatsSchema.optional(),
  replay: z.literal(true).optional(),
  // the star-system game's one new-game option: how the domino chapter is played (000 15.x)
  options: z.strictObject({ domino: z.enum(DOMINO_RULES).optional() }).optional(),
  commands: z
    .array(
      z.unknown().superRefine((value, ctx) => {
        const problem = commandShapeProblem(value, SIDES);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    )
    .max(MAX_COMMANDS),
});

/** A side of another ruleset, as its saves name it. */
const OtherSide = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'a side is a short lower-case name');

/**
 * A save of another ruleset's game: its ruleset and options are named, and its seats are keyed by that
 * ruleset's sides (checked against them when it loads).
 */
const OtherRulesetSaveSchema = z.strictObject({
  formatVersion: z.literal(SAVE_FORMAT_VERSION),
  contentVersion: z.string().min(1).max(64),
  ruleset: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'a ruleset is a short lower-case name'),
  options: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,31}$/, 'an option is a plain word'), z.json()).optional(),
  scenario: z.string().min(1).max(64),
  seed: z.string().min(1).max(64),
  seedHash: z.enum(SEED_HASHES).optional(),
  seats: z.record(OtherSide, SeatSchema).optional(),
  replay: z.literal(true).optional(),
  // sides that placed their starting forces by hand (a solitaire Emperor [001 Scenarios])
  handPlacement: z
    .array(OtherSide)
    .max(8)
    .refine((sides) => new Set(sides).size === sides.length, 'a side is named twice')
    .optional(),
  commands: z
    .array(
      z.unknown().superRefine((value, ctx) => {
        const problem = commandShapeProblem(value, 'any');
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    )
    .max(MAX_COMMANDS),
});

/** The game as a save; `seats` (who plays each side) only for a game people play, not one watched. */
export function makeSave<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef>(game: Game<S, Scn>, seats?: SeatsOf<S>): SaveFile<S> {
  const starSystem = game.ruleset.id === 'star-system';
  return {
    formatVersion: SAVE_FORMAT_VERSION,
    contentVersion: game.content.version,
    ...(starSystem ? {} : { ruleset: game.ruleset.id, options: structuredClone(game.options) }),
    // a star-system game's options only when it has any (its domino rule), so a save without reads as before
    ...(starSystem && Object.keys(game.options).length ? { options: structuredClone(game.options) } : {}),
    scenario: game.scenario.id,
    seed: game.seed,
    // only when not the first generator, so a save of a local game reads exactly as before
    ...(game.seedHash !== 'xmur3' ? { seedHash: game.seedHash } : {}),
    // only when some side placed by hand, so an all-automatic save reads exactly as before
    ...(game.handPlacement.length ? { handPlacement: [...game.handPlacement] } : {}),
    ...(seats ? { seats: structuredClone(seats) as Record<S, Seat> } : {}),
    commands: game.log.map((c) => ({ ...c })),
  };
}

/** The new-game options a save was made with (its commands aside). */
function startOf<S extends string, Scn extends ScenarioBase>(save: SaveFile<S>, options: Omit<NewGameOptions<S, Scn>, 'scenario' | 'seed' | 'seedHash'>): NewGameOptions<S, Scn> {
  return { ...options, scenario: save.scenario, seed: save.seed, ...(save.seedHash ? { seedHash: save.seedHash } : {}), handPlacement: save.handPlacement ?? [], ...(save.options ? { options: save.options } : {}) };
}

export function saveToText<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef>(game: Game<S, Scn>, seats?: SeatsOf<S>): string {
  return JSON.stringify(makeSave(game, seats));
}

export type LoadResult<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef> =
  | { ok: true; game: Game<S, Scn>; save: SaveFile<S> }
  | { ok: false; message: string };

/** Parse and check a save without replaying it. */
export function parseSave(text: string): { ok: true; save: SaveFile<string> } | { ok: false; message: string } {
  if (typeof text !== 'string') return { ok: false, message: 'The save is not text.' };
  if (text.length > MAX_SAVE_BYTES)
    return { ok: false, message: `The save is too large (${text.length} bytes; at most ${MAX_SAVE_BYTES}).` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The save is not valid JSON: ${(e as Error).message}.` };
  }
  const version = (data as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version < SAVE_FORMAT_VERSION)
    return {
      ok: false,
      message: `The save was made by an older version of the game (save format ${version}; this game reads ${SAVE_FORMAT_VERSION}), which dealt games differently: it cannot be resumed.`,
    };
  const other = typeof data === 'object' && data !== null && 'ruleset' in data;
  const result = (other ? OtherRulesetSaveSchema : SaveSchema).safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? jsonPath(issue.path) : '';
    return { ok: false, message: `The save is malformed${where ? ` at ${where}` : ''}: ${issue?.message ?? 'unknown problem'}.` };
  }
  return { ok: true, save: result.data as SaveFile<string> };
}

/** Load a save into a new game. `options` gives the content and ruleset to play it with. */
export function loadSave<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef>(
  text: string,
  options: Omit<NewGameOptions<S, Scn>, 'scenario' | 'seed' | 'seedHash'>,
): LoadResult<S, Scn> {
  const parsed = parseSave(text);
  if (!parsed.ok) return parsed;
  const save = parsed.save as SaveFile<S>;
  const savedRuleset = save.ruleset ?? 'star-system';
  if (savedRuleset !== options.ruleset.id)
    return { ok: false, message: `The save is of a ${savedRuleset} game, not a ${options.ruleset.id} game.` };
  for (const side of Object.keys(save.seats ?? {}))
    if (!options.ruleset.sides.includes(side as S)) return { ok: false, message: `The save's seats name "${side}", which is not a side of a ${savedRuleset} game.` };
  for (const side of save.handPlacement ?? [])
    if (!options.ruleset.sides.includes(side)) return { ok: false, message: `The save places "${side}" by hand, which is not a side of a ${savedRuleset} game.` };
  if (save.contentVersion !== options.content.version)
    return {
      ok: false,
      message: `The save was made with other game content (version ${save.contentVersion}; this game has ${options.content.version}).`,
    };
  if (!options.ruleset.scenarios(options.content).has(save.scenario)) return { ok: false, message: `The save's scenario "${save.scenario}" does not exist.` };
  try {
    const game = replay(startOf(save, options), save.commands);
    return { ok: true, game, save };
  } catch (e) {
    return { ok: false, message: `The save does not replay: ${(e as Error).message}.` };
  }
}

/** A fresh game for a save's scenario and seed, without its commands (for a replay viewer). */
export function gameAtStart<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef>(
  save: SaveFile<S>,
  options: Omit<NewGameOptions<S, Scn>, 'scenario' | 'seed' | 'seedHash'>,
): Game<S, Scn> {
  return newGame(startOf(save, options));
}
