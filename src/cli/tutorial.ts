/**
 * `npx tsx src/cli/tutorial.ts [id...] [--open] [--fill]`: play each bundled tutorial (assets/tutorials/)
 * through the engine, as the page does when it opens one, and print every problem by its step, or a
 * summary: its steps and commands.
 * - `--open` also prints each step's commands and events, and what is asked once the last step is done,
 *   with every option: a tutorial's author writes the next command from it.
 * - `--fill` has the `normal` AI answer for the opponent wherever its script runs out or stops being
 *   legal (its commands before that are kept), and writes the opponent's commands back to its
 *   opponent.json: after the player's steps change, the opponent's turns are made again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { bundledContent } from '../core/content/bundled';
import { describeCommand } from '../core/engine/commands';
import { replay, type NewGameOptions } from '../core/engine/game';
import type { AnyGame, Command, Ruleset } from '../core/engine/types';
import { conquestAgentFactory } from '../ai/conquest/registry';
import { conquestView } from '../../systems/conquest/view';
import type { FactionId } from '../../systems/conquest/content';
import type { ConquestGame } from '../../systems/conquest/state';
import { BUNDLED_TUTORIALS } from '../tutorial/bundled';
import { compileTutorial, type CompileResult, type TutorialRuleset } from '../tutorial/compile';
import { parseTutorial, type CommandDef, type TutorialDef } from '../tutorial/format';
import { TUTORIAL_RULESETS } from '../tutorial/rulesets';

const args = process.argv.slice(2);
const open = args.includes('--open');
const fill = args.includes('--fill');
const ids = args.filter((a) => !a.startsWith('--'));
const content = bundledContent();
let failed = false;

/** How a game of the tutorial starts. */
function startOf(def: TutorialDef, rules: TutorialRuleset): NewGameOptions<string, never> {
  return { content, ruleset: rules.ruleset as Ruleset<string, never>, scenario: def.scenario, seed: def.seed, ...(def.options ? { options: def.options } : {}), ...(def.handPlacement ? { handPlacement: def.handPlacement } : {}) };
}

/** The `normal` AI's answer for the opponent deciding in `game`. */
function aiAnswer(def: TutorialDef, game: AnyGame): Command<string> {
  const d = game.pending;
  if (!d) throw new Error('nothing is asked');
  if (def.ruleset === 'conquest') {
    const agent = conquestAgentFactory('normal')({ faction: d.side as FactionId, seed: def.seed });
    return agent.decide(conquestView(game as ConquestGame, d.side as FactionId), d as never) as Command<string>;
  }
  throw new Error(`--fill has no AI for ${def.ruleset} tutorials`);
}

/** Compile, letting the AI answer for the opponent where its script runs out or goes wrong; the opponent's commands are rewritten. */
function compileFilling(def: TutorialDef, rules: TutorialRuleset): CompileResult {
  for (let round = 0; round < 5000; round++) {
    const result = compileTutorial(content, def, rules);
    if (result.ok) return result;
    const problem = result.problems[0] ?? '';
    const bad = /the opponent's commands? (\d+)/.exec(problem);
    if (bad && /is not legal there|are never played/.test(problem)) {
      def.opponent.length = Number(bad[1]) - 1;
      continue;
    }
    if (!/its script has no command left/.test(problem)) return result;
    const game = replay(startOf(def, rules), result.played ?? []);
    const { side: _side, ...answer } = aiAnswer(def, game);
    def.opponent.push(def.ruleset === 'conquest' && (def.options?.players as string[]).length > 2 ? { ...answer, side: game.pending!.side } : (answer as CommandDef));
  }
  throw new Error('--fill did not end');
}

for (const id of ids.length ? ids : Object.keys(BUNDLED_TUTORIALS)) {
  const files = BUNDLED_TUTORIALS[id];
  if (!files) {
    console.error(`there is no tutorial "${id}"; there are: ${Object.keys(BUNDLED_TUTORIALS).join(', ')}`);
    failed = true;
    continue;
  }
  const parsed = parseTutorial(`assets/tutorials/${id}`, files);
  if (!parsed.ok) {
    for (const p of parsed.problems) console.error(p);
    failed = true;
    continue;
  }
  const def = parsed.def;
  const rules: TutorialRuleset | undefined = TUTORIAL_RULESETS[def.ruleset];
  if (!rules) throw new Error(`no tutorial rules for ${def.ruleset}`);
  const result = fill ? compileFilling(def, rules) : compileTutorial(content, def, rules);
  if (fill) {
    const path = `assets/tutorials/${id}/opponent.json`;
    const before = readFileSync(path, 'utf8');
    const after = `[\n${def.opponent.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`;
    if (after !== before) {
      writeFileSync(path, after);
      console.log(`${path}: ${def.opponent.length} commands written`);
    }
  }
  if (!result.ok) {
    for (const p of result.problems) console.error(p);
    failed = true;
  } else console.log(JSON.stringify({ tutorial: id, steps: result.script.steps.length, commands: result.script.commands.length, playerCommands: result.script.commands.filter((c) => c.by === 'player').length }));
  if (!open) continue;
  // the game as far as the script goes (or as far as it is legal), with its events step by step and what is asked next
  const played = result.ok ? result.script.commands.map((c) => c.command) : (result.played ?? []);
  const game = replay(startOf(def, rules), played);
  const steps = result.ok ? result.script.steps : [];
  let e = 0;
  for (const [i, step] of steps.entries()) {
    console.log(`\n-- step ${i + 1} ${step.def.id} (commands ${step.from}..${step.done})`);
    for (const c of played.slice(step.from, step.done)) console.log(`   > ${describeCommand(c)}`);
    const upTo = replay(startOf(def, rules), played.slice(0, step.done)).events.length;
    for (; e < upTo; e++) console.log(`   ${game.events[e]?.kind}: ${game.events[e]?.text}`);
  }
  for (; e < game.events.length; e++) console.log(`   ${game.events[e]?.kind}: ${game.events[e]?.text}`);
  const d = game.pending;
  if (d && !game.winner) {
    console.log(`\nasked: ${d.side} ${d.kind}: ${d.prompt} ${d.rule} ${JSON.stringify(d.context ?? {})}`);
    for (const o of d.options) console.log(`   ${JSON.stringify(o)}`);
  } else console.log(`\nthe game is over: ${game.winner}`);
}
process.exit(failed ? 1 : 0);
