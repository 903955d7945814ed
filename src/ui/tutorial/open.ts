/**
 * Opening a tutorial from the start menu [issue 56]: its files are read and played through the engine
 * (src/tutorial/compile.ts) before anything is shown, so a tutorial that does not match the engine is
 * refused with its step and why, and the menu stays. Then the mode that plays it takes the page, with
 * the guide (guide.ts) at the step the player had reached.
 */
import type { Content } from '../../core/content/validate';
import type { Command } from '../../core/engine/types';
import { compileTutorial, tutorialSave, type TutorialRuleset } from '../../tutorial/compile';
import { parseTutorial, type TutorialDef, type TutorialFiles } from '../../tutorial/format';
import type { Host, Mode } from '../shell/mode';
import { TutorialGuide, type GuidedMode } from './guide';
import { progressOf } from './progress';

/** The rules a tutorial's game is checked by, loaded the first time one of its tutorials opens. */
async function rulesFor(ruleset: string): Promise<TutorialRuleset | null> {
  switch (ruleset) {
    case 'conquest':
      return (await import('../../tutorial/conquest')).conquestTutorials;
    case 'solitaire':
      return (await import('../../tutorial/solitaire')).solitaireTutorials;
    case 'star-system':
      // (checked here against the page's own copy of the engine; the game itself is played in the play worker)
      return (await import('../../tutorial/star-system')).starSystemTutorials;
    default:
      return null;
  }
}

/** Who has a seat in a tutorial's game (a save names them): conquest's factions playing, solitaire's Emperor, both star-system sides. */
function seatedSides(def: TutorialDef): string[] {
  if (def.ruleset === 'conquest') return (def.options?.players as string[] | undefined) ?? [];
  if (def.ruleset === 'solitaire') return [def.human];
  return ['rebel', 'imperial'];
}

/**
 * Open tutorial `id` in its mode (loaded by `modeOf`), at the step the player reached. Returns the guide,
 * or why the tutorial cannot open (nothing on the page changes then). `onEnd` hears that it ended:
 * left, or finished with the player asking for a first game. `files` stand in for the bundled ones (a
 * test's tutorial that does not match the engine).
 */
export async function openTutorial(
  host: Host,
  content: Content,
  id: string,
  modeOf: (id: string) => Promise<Mode>,
  onEnd: (guide: TutorialGuide, finished: boolean) => void,
  given?: TutorialFiles,
): Promise<TutorialGuide | string> {
  const files = given ?? (await import('../../tutorial/bundled')).BUNDLED_TUTORIALS[id];
  if (!files) return `there is no tutorial "${id}"`;
  const parsed = parseTutorial(`assets/tutorials/${id}`, files);
  if (!parsed.ok) return parsed.problems.join('; ');
  const def = parsed.def;
  const rules = await rulesFor(def.ruleset);
  if (!rules) return `this page cannot play ${def.ruleset} tutorials`;
  const compiled = compileTutorial(content, def, rules);
  if (!compiled.ok) return compiled.problems.join('; ');
  const mode = await modeOf(def.mode);
  if (!mode.playGuided || !mode.guidedRefresh) return `the ${def.mode} screen cannot play a tutorial`;
  const sides = seatedSides(def);
  const guide: TutorialGuide = new TutorialGuide(
    host,
    compiled.script,
    mode as GuidedMode,
    (commands: Command<string>[]) => tutorialSave(content, def, commands, sides),
    (finished) => onEnd(guide, finished),
  );
  const progress = progressOf(id);
  const problem = guide.open(progress && !progress.finished ? progress.step : 0);
  return problem ?? guide;
}
