/**
 * A tutorial as data [issue 56]: a folder under assets/tutorials/<id>/ with three files, read here.
 *
 * - `tutorial.json`: which mode plays it, the ruleset, scenario, seed and options of its game, the side
 *   the player takes, its title and length;
 * - `steps.json`: the steps, each a few sentences shown beside a place on the board, the rule numbers
 *   behind them, the commands it teaches (the player makes them on the board; nothing else is lit), the
 *   words said after they are made, and the claims those words make about the game (checked);
 * - `opponent.json`: the opponent's commands, answered in order whenever the opponent decides, played
 *   on the screen as an AI turn is;
 * - `prelude.json` (optional): commands of every side played before the first step, for a tutorial that
 *   starts in a game under way (bloc politics starts in its second round).
 *
 * The game is the real one: `compileTutorial` (compile.ts) plays the whole tutorial through the engine
 * and refuses it, naming the step and why, if any command is not legal where the script puts it, a step
 * names a place or piece that is not there, or a claim does not hold.
 */
import { z } from 'zod';
import type { Json } from '../core/engine/types';

/** A command as a tutorial writes it: its type and parameters; the side is the player's (or, for the opponent, may be named). */
const CommandDef = z.record(z.string(), z.json()).refine((c) => typeof c.type === 'string', 'a command needs a "type"');
export type CommandDef = { type: string; [param: string]: Json };

/**
 * What a step says of the game once its commands are made, checked when the tutorial loads:
 * - `event` and `says`: an event of that kind since the step began, whose words hold `says`;
 * - `fact` and `is`: a fact of the ruleset's (rulesets.ts: `armies:harrowmere`, `index`, `loyalty:x`) has this value;
 * - `decision`: the question pending then is of this kind.
 */
const Claim = z.union([
  z.strictObject({ event: z.string().min(1), says: z.string().min(1) }),
  z.strictObject({ fact: z.string().min(1), is: z.json() }),
  z.strictObject({ decision: z.string().min(1) }),
]);
export type ClaimDef = z.infer<typeof Claim>;

const Step = z.strictObject({
  /** A short name of its own, for messages and the resume mark. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a step id is a short lower-case name'),
  title: z.string().min(1).max(60),
  /**
   * Where its words stand: on the board, `system:<id>`, `planet:<id>`, `environ:<id>`, `territory:<id>`
   * (conquest), `sector:<id>` (solitaire) or `piece:<content id>` (a character or unit on the board); or
   * beside a panel of the mode's screen, `panel:<name>` (the rulesets name theirs: rulesets' `panels`).
   * Absent: the words stand at the top of the map.
   */
  at: z.string().regex(/^(system|planet|environ|territory|sector|piece|panel):[a-z0-9.-]+$/, 'a place is kind:id, as system:solenne').optional(),
  /** What the step teaches, in a few sentences. */
  say: z.string().min(1).max(700),
  /** The rule numbers behind it, each a link to the reference: "[9.3]", "002 II.3". */
  rules: z.array(z.string().min(1).max(30)).max(6).optional(),
  /** The commands it teaches, made by the player in this order (each the one thing lit on the board). */
  do: z.array(CommandDef).max(20).optional(),
  /** What to do, said when the player clicks anything else ("not now"). */
  hint: z.string().min(1).max(200).optional(),
  /** What the commands did, said once they are made. */
  result: z.string().min(1).max(700).optional(),
  claims: z.array(Claim).max(12).optional(),
  /**
   * When the opponent has moves to make as the step begins: "before" (the default) plays them first, as
   * its AI turn, and the step's words then say what they did; "after" shows the words first (a step that
   * says "now watch them play"), and the moves play when the player goes on.
   */
  opponent: z.enum(['before', 'after']).optional(),
  /** The last step's button: the mode's setup screen for a first real game. */
  finish: z.strictObject({ button: z.string().min(1).max(40) }).optional(),
});
export type StepDef = Omit<z.infer<typeof Step>, 'do'> & { do?: CommandDef[] };

const Meta = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** The page mode that plays it (modes.ts). */
  mode: z.enum(['play', 'conquest', 'solitaire']),
  ruleset: z.enum(['star-system', 'conquest', 'solitaire']),
  title: z.string().min(1).max(60),
  /** One line for the menu. */
  blurb: z.string().min(1).max(200),
  /** About how long it takes, for the menu: a walk through it as a player reads, rounded (`npx tsx src/cli/tutorial-walk.ts <id> --player`). */
  minutes: z.number().int().min(1).max(60),
  scenario: z.string().min(1),
  seed: z.string().min(1).max(64),
  options: z.record(z.string(), z.json()).optional(),
  handPlacement: z.array(z.string()).optional(),
  /** The side the player takes. */
  human: z.string().min(1),
  /** The order the menu lists it in. */
  order: z.number().int(),
});
export type TutorialMeta = z.infer<typeof Meta>;

export interface TutorialDef extends TutorialMeta {
  steps: StepDef[];
  opponent: CommandDef[];
  /** Commands of every side (each names its side) played before the first step. */
  prelude: CommandDef[];
}

/** The files of a tutorial's folder, as read (JSON values). */
export interface TutorialFiles {
  tutorial: unknown;
  steps: unknown;
  opponent: unknown;
  prelude?: unknown;
}

/** A tutorial's files, checked against their shapes; every problem names its file and place. */
export function parseTutorial(folder: string, files: TutorialFiles): { ok: true; def: TutorialDef } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const read = <T>(file: string, schema: z.ZodType<T>, value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) problems.push(`${folder}/${file} at ${pathText(issue.path) || 'the top'}: ${issue.message}`);
    return null;
  };
  const meta = read('tutorial.json', Meta, files.tutorial);
  const steps = read('steps.json', z.array(Step).min(1), files.steps) as StepDef[] | null;
  const opponent = read('opponent.json', z.array(CommandDef), files.opponent) as CommandDef[] | null;
  const prelude = (files.prelude === undefined ? [] : read('prelude.json', z.array(CommandDef.refine((c) => typeof c.side === 'string', 'a prelude command names its side')), files.prelude)) as CommandDef[] | null;
  if (meta && meta.id !== folder.split('/').pop()) problems.push(`${folder}/tutorial.json: its id "${meta.id}" is not its folder's name`);
  if (steps) {
    const seen = new Set<string>();
    steps.forEach((s, i) => {
      if (seen.has(s.id)) problems.push(`${folder}/steps.json at [${i}].id: step "${s.id}" comes twice`);
      seen.add(s.id);
      if (s.opponent === 'after' && s.do?.length) problems.push(`${folder}/steps.json at [${i}]: a step whose words come before the opponent's moves teaches no command`);
      if (s.finish && i !== steps.length - 1) problems.push(`${folder}/steps.json at [${i}]: only the last step finishes the tutorial`);
    });
  }
  if (!meta || !steps || !opponent || !prelude || problems.length) return { ok: false, problems };
  return { ok: true, def: { ...meta, steps, opponent, prelude } };
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
}
