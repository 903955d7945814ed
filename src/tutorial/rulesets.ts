/**
 * The tutorials' rulesets by id, for Node (the tests and the CLI). The page loads each on its own, where
 * its game is played: conquest's and solitaire's in the page, the star-system game's in its worker.
 */
import type { TutorialRuleset } from './compile';
import { conquestTutorials } from './conquest';
import { solitaireTutorials } from './solitaire';
import { starSystemTutorials } from './star-system';

export const TUTORIAL_RULESETS: Record<string, TutorialRuleset> = {
  conquest: conquestTutorials,
  solitaire: solitaireTutorials,
  'star-system': starSystemTutorials,
};
