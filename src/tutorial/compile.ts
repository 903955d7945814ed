/**
 * A tutorial played through the real engine from its start to its end [issue 56], as the page and the
 * tests play it: each step's taught commands are answered where the script puts them (each must be
 * legal there, and the player's to make), the opponent's commands whenever the opponent decides, and
 * each step's claims are checked against the game once its commands are made. What comes out is the
 * whole game's command list with each step's place in it, so the page can rebuild the game at any step
 * (back, forward, coming back later) by replaying a prefix, and light the one command the step teaches.
 *
 * A tutorial that does not match the engine is refused with every problem named by its step.
 */
import { apply, newGame } from '../core/engine/game';
import { canonical, describeCommand } from '../core/engine/commands';
import type { AnyGame, Command, Decision, Json, Ruleset } from '../core/engine/types';
import type { Content } from '../core/content/validate';
import { SAVE_FORMAT_VERSION } from '../core/save';
import type { ClaimDef, CommandDef, StepDef, TutorialDef } from './format';

/** Where a step's words stand: at a star system or a planet of the map, or beside a panel of the screen. */
export interface Anchor {
  system?: string;
  planet?: string;
  panel?: string;
}

/** What a ruleset tells the tutorials about its games: its places and its facts. */
export interface TutorialRuleset {
  id: string;
  ruleset: Ruleset<string, never>;
  /** The place a step names (`territory:orrim`), on this game's board now: where it is, or why it is not there. */
  anchor(game: AnyGame, at: string): { ok: true; anchor: Anchor } | { ok: false; problem: string };
  /** The panels of its mode's screen a step may stand beside (`panel:<name>`). */
  panels: readonly string[];
  /** A fact a claim names (`armies:orrim`), or undefined when the ruleset has no such fact. */
  fact(game: AnyGame, name: string): Json | undefined;
  /** The board places a command acts on (a territory, a sector, an environ...) in the game before it is made, to light and to tell a stray click from a taught one. */
  places(game: AnyGame, command: Command<string>): string[];
  /** A command as the tutorial writes it, made one the engine reads (pieces named by content id); throws naming what is not there. */
  resolve?(game: AnyGame, command: Command<string>): Command<string>;
  /**
   * The answer the mode gives the player's needless questions itself (a question with one answer), or
   * null to ask: the tutorial's game answers them the same way, as the player's screen does.
   */
  settle?(game: AnyGame, decision: Decision<string>): Command<string> | null;
}

/** One step in the played script. */
export interface ScriptStep {
  def: StepDef;
  /** Commands made before the step begins (its opponent moves come after these). */
  from: number;
  /** Commands made when its words are shown: the opponent has answered what it had to. */
  ready: number;
  /** Commands made once its taught commands are (and the opponent's answers between them). */
  done: number;
  /** Where its words stand (null: at the top of the map). */
  anchor: Anchor | null;
}

export interface TutorialScript {
  def: TutorialDef;
  /** Every command of the tutorial's game, in order, each with who makes it and the board places it acts on. */
  commands: { command: Command<string>; by: 'prelude' | 'player' | 'opponent' | 'auto'; places: string[] }[];
  steps: ScriptStep[];
}

/** Refused: every problem, and the commands played before the first (for the author's tools). */
export type CompileResult = { ok: true; script: TutorialScript } | { ok: false; problems: string[]; played?: Command<string>[] };

/** How many opponent answers in a row a tutorial may play before the player's next move (a guard against a loop). */
const MAX_OPPONENT_RUN = 400;

/** Play a tutorial through the engine; every problem names the step (or the opponent's command) and why. */
export function compileTutorial(content: Content, def: TutorialDef, rules: TutorialRuleset): CompileResult {
  const where = `tutorial "${def.id}"`;
  if (rules.id !== def.ruleset) return { ok: false, problems: [`${where}: it is a ${def.ruleset} tutorial, not ${rules.id}`] };
  if (!rules.ruleset.sides.includes(def.human)) return { ok: false, problems: [`${where}: the player's side "${def.human}" is not a side of ${def.ruleset} (${rules.ruleset.sides.join(', ')})`] };
  let game: AnyGame;
  try {
    game = newGame({
      content,
      ruleset: rules.ruleset as Ruleset,
      scenario: def.scenario,
      seed: def.seed,
      ...(def.options ? { options: def.options } : {}),
      ...(def.handPlacement ? { handPlacement: def.handPlacement as never[] } : {}),
    }) as AnyGame;
  } catch (e) {
    return { ok: false, problems: [`${where}: its game cannot start: ${(e as Error).message}`] };
  }
  const commands: TutorialScript['commands'] = [];
  const steps: ScriptStep[] = [];
  let next = 0;
  /** The events the game had when the last step's words were shown. */
  let shownAt = 0;
  const fail = (problems: string[]): CompileResult => ({ ok: false, problems, played: game.log.map((c) => ({ ...c })) as Command<string>[] });

  /** The player's needless questions, answered as the mode answers them (the `settle` of its rules). */
  const settle = (): void => {
    for (let n = 0; n < 500 && rules.settle && game.pending && !game.winner && game.pending.side === def.human; n++) {
      const answer = rules.settle(game, game.pending);
      if (!answer || !apply(game, answer).ok) return;
      commands.push({ command: game.log[game.log.length - 1] as Command<string>, by: 'auto', places: [] });
    }
  };

  /** A command as written, with its side and its named pieces (the problem in words when a name is not there). */
  const written = (c: CommandDef, side: string): Command<string> | string => {
    try {
      return rules.resolve ? rules.resolve(game, withSide(c, side)) : withSide(c, side);
    } catch (e) {
      return (e as Error).message;
    }
  };

  /** The opponent answers every decision of its own, from its script, until the player is to decide (or the game ends). */
  const opponentPlays = (label: string): string | null => {
    settle();
    for (let n = 0; game.pending && !game.winner && game.pending.side !== def.human; n++) {
      const script = def.opponent[next];
      if (!script) return `${label}: the opponent must answer "${game.pending.prompt}" ${game.pending.rule} but its script has no command left (it has ${def.opponent.length})`;
      if (n >= MAX_OPPONENT_RUN) return `${label}: the opponent answered ${n} times in a row`;
      const command = written(script, game.pending.side);
      if (typeof command === 'string') return `${label}: the opponent's command ${next + 1}: ${command}`;
      const places = rules.places(game, command);
      const problem = play(game, command, `${label}: the opponent's command ${next + 1} (${describeCommand(withSide(script, game.pending.side))})`);
      if (problem) return problem;
      commands.push({ command: game.log[game.log.length - 1] as Command<string>, by: 'opponent', places });
      next++;
      settle();
    }
    return null;
  };

  for (const [i, written] of def.prelude.entries()) {
    const problem = play(game, written as Command<string>, `${where}: its prelude's command ${i + 1} (${describeCommand(written as Command<string>)})`);
    if (problem) return fail([problem]);
    commands.push({ command: game.log[game.log.length - 1] as Command<string>, by: 'prelude', places: [] });
  }
  settle();
  shownAt = game.events.length;
  for (const [i, step] of def.steps.entries()) {
    const label = `${where}, step ${i + 1} "${step.id}"`;
    const from = game.log.length;
    // a claim may speak of what the last step's commands caused, of the opponent's moves that open this
    // one, and of what its own commands cause: the events since the last step's words were shown
    const eventsFrom = shownAt;
    const early = step.opponent === 'after' ? null : opponentPlays(label);
    if (early) return fail([early]);
    const ready = game.log.length;
    const shownHere = game.events.length;
    let anchor: Anchor | null = null;
    if (step.at?.startsWith('panel:')) {
      const panel = step.at.slice('panel:'.length);
      if (!rules.panels.includes(panel)) return fail([`${label}: its place ${step.at}: the ${rules.id} screen has no panel "${panel}" (it has ${rules.panels.join(', ')})`]);
      anchor = { panel };
    } else if (step.at) {
      const placed = rules.anchor(game, step.at);
      if (!placed.ok) return fail([`${label}: its place ${step.at}: ${placed.problem}`]);
      anchor = placed.anchor;
    }
    for (const [k, taught] of (step.do ?? []).entries()) {
      if (k > 0) {
        const between = opponentPlays(label);
        if (between) return fail([between]);
      }
      const d = game.pending;
      if (!d || game.winner) return fail([`${label}: its command ${k + 1} comes after the game has ended`]);
      if (d.side !== def.human) return fail([`${label}: its command ${k + 1} is the player's, but "${d.prompt}" is ${d.side}'s to answer`]);
      const command = written(taught, def.human);
      if (typeof command === 'string') return fail([`${label}: its command ${k + 1}: ${command}`]);
      const places = rules.places(game, command);
      const problem = play(game, command, `${label}: its command ${k + 1} (${describeCommand(withSide(taught, def.human))})`);
      if (problem) return fail([problem]);
      commands.push({ command: game.log[game.log.length - 1] as Command<string>, by: 'player', places });
      settle();
    }
    const claimProblems = (step.claims ?? []).map((c) => claimProblem(game, rules, c, eventsFrom)).filter((p): p is string => p !== null);
    if (claimProblems.length) return fail(claimProblems.map((p) => `${label}: ${p}`));
    if (step.do?.length && !step.hint) return fail([`${label}: it teaches commands, so it needs a hint saying what to do (said when the player clicks anything else)`]);
    steps.push({ def: step, from, ready, done: game.log.length, anchor });
    shownAt = shownHere;
  }
  if (next < def.opponent.length) return fail([`${where}: the opponent's commands ${next + 1} to ${def.opponent.length} are never played (the steps end first)`]);
  return { ok: true, script: { def, commands, steps } };
}

function withSide(written: CommandDef, side: string): Command<string> {
  return { ...written, side: written.side ?? side } as Command<string>;
}

/** Apply a command; the reason in words when the engine refuses it. */
function play(game: AnyGame, command: Command<string>, label: string): string | null {
  const result = apply(game, command);
  return result.ok ? null : `${label} is not legal there: ${result.reason}`;
}

function claimProblem(game: AnyGame, rules: TutorialRuleset, claim: ClaimDef, eventsFrom: number): string | null {
  if ('event' in claim) {
    const events = game.events.slice(eventsFrom).filter((e) => e.kind === claim.event);
    if (events.some((e) => e.text.includes(claim.says))) return null;
    return events.length
      ? `it claims a "${claim.event}" event saying "${claim.says}", but the game said: ${events.map((e) => `"${e.text}"`).join('; ')}`
      : `it claims a "${claim.event}" event saying "${claim.says}", but there was no "${claim.event}" event in the step`;
  }
  if ('fact' in claim) {
    const value = rules.fact(game, claim.fact);
    if (value === undefined) return `it claims the fact "${claim.fact}", which the ${rules.id} game does not have`;
    return canonical(value) === canonical(claim.is) ? null : `it claims ${claim.fact} is ${JSON.stringify(claim.is)}, but it is ${JSON.stringify(value)}`;
  }
  const kind = game.winner ? null : (game.pending?.kind ?? null);
  return kind === claim.decision ? null : `it claims the next question is "${claim.decision}", but it is ${kind ? `"${kind}"` : 'none (the game is over)'}`;
}

/** The commands to replay to stand at a step: where its words are shown, or where it begins. */
export function commandsAt(script: TutorialScript, step: number, at: 'from' | 'ready' | 'done' = 'ready'): Command<string>[] {
  const s = script.steps[Math.max(0, Math.min(step, script.steps.length - 1))];
  return script.commands.slice(0, s ? s[at] : 0).map((c) => c.command);
}

/** The tutorial's game after `commands` as a save's text, with its seats: the player a person, the opponents AI (the guide answers for them). */
export function tutorialSave(content: Content, def: TutorialDef, commands: readonly Command<string>[], sides: readonly string[]): string {
  const starSystem = def.ruleset === 'star-system';
  const seats = Object.fromEntries(sides.map((s) => [s, s === def.human ? { kind: 'human' } : { kind: 'ai', agent: 'normal' }]));
  return JSON.stringify({
    formatVersion: SAVE_FORMAT_VERSION,
    contentVersion: content.version,
    ...(starSystem ? {} : { ruleset: def.ruleset, options: def.options ?? {} }),
    ...(starSystem && def.options ? { options: def.options } : {}),
    scenario: def.scenario,
    seed: def.seed,
    ...(def.handPlacement?.length ? { handPlacement: def.handPlacement } : {}),
    seats,
    commands,
  });
}

