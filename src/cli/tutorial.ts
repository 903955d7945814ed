/**
 * `npx tsx src/cli/tutorial.ts [id...] [--open]`: play each bundled tutorial (assets/tutorials/) through
 * the engine, as the page does when it opens one, and print every problem by its step, or a summary:
 * its steps and commands. With `--open`, also what is asked when its last step is done, with every
 * option (a tutorial's author writes the next command from it), and each step's events.
 */
import { bundledContent } from '../core/content/bundled';
import { describeCommand } from '../core/engine/commands';
import { replay } from '../core/engine/game';
import type { Ruleset } from '../core/engine/types';
import { BUNDLED_TUTORIALS } from '../tutorial/bundled';
import { compileTutorial, type TutorialRuleset } from '../tutorial/compile';
import { parseTutorial } from '../tutorial/format';
import { TUTORIAL_RULESETS } from '../tutorial/rulesets';

const args = process.argv.slice(2);
const open = args.includes('--open');
const ids = args.filter((a) => !a.startsWith('--'));
const content = bundledContent();
let failed = false;
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
  const rules: TutorialRuleset | undefined = TUTORIAL_RULESETS[parsed.def.ruleset];
  if (!rules) throw new Error(`no tutorial rules for ${parsed.def.ruleset}`);
  const result = compileTutorial(content, parsed.def, rules);
  if (!result.ok) {
    for (const p of result.problems) console.error(p);
    failed = true;
  } else console.log(JSON.stringify({ tutorial: id, steps: result.script.steps.length, commands: result.script.commands.length, playerCommands: result.script.commands.filter((c) => c.by === 'player').length }));
  if (!open) continue;
  // the game as far as the script goes (or as far as it is legal), with its events step by step and what is asked next
  const def = parsed.def;
  const played = result.ok ? result.script.commands.map((c) => c.command) : (result.played ?? []);
  const start = { content, ruleset: rules.ruleset as Ruleset, scenario: def.scenario, seed: def.seed, ...(def.options ? { options: def.options } : {}), ...(def.handPlacement ? { handPlacement: def.handPlacement as never[] } : {}) };
  const game = replay(start, played);
  const steps = result.ok ? result.script.steps : [];
  let e = 0;
  for (const [i, step] of steps.entries()) {
    console.log(`\n-- step ${i + 1} ${step.def.id} (commands ${step.from}..${step.done})`);
    for (const c of played.slice(step.from, step.done)) console.log(`   > ${describeCommand(c)}`);
    const upTo = replay(start, played.slice(0, step.done)).events.length;
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
