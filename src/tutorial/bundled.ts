/**
 * The game's own tutorials (assets/tutorials/<id>/), bundled at build time like the content: vite and
 * tsx both import JSON. Each is parsed here; `compileTutorial` plays it through the engine when it is
 * opened (and the tests play them all).
 */
import conquestMeta from '../../assets/tutorials/conquest/tutorial.json';
import conquestSteps from '../../assets/tutorials/conquest/steps.json';
import conquestOpponent from '../../assets/tutorials/conquest/opponent.json';
import solitaireMeta from '../../assets/tutorials/solitaire/tutorial.json';
import solitaireSteps from '../../assets/tutorials/solitaire/steps.json';
import solitaireOpponent from '../../assets/tutorials/solitaire/opponent.json';
import blocsMeta from '../../assets/tutorials/blocs/tutorial.json';
import blocsSteps from '../../assets/tutorials/blocs/steps.json';
import blocsOpponent from '../../assets/tutorials/blocs/opponent.json';
import blocsPrelude from '../../assets/tutorials/blocs/prelude.json';
import rebelsMeta from '../../assets/tutorials/rebels/tutorial.json';
import rebelsSteps from '../../assets/tutorials/rebels/steps.json';
import rebelsOpponent from '../../assets/tutorials/rebels/opponent.json';
import type { TutorialFiles } from './format';

/** Every bundled tutorial's files, by folder name. */
export const BUNDLED_TUTORIALS: Record<string, TutorialFiles> = {
  rebels: { tutorial: rebelsMeta, steps: rebelsSteps, opponent: rebelsOpponent },
  conquest: { tutorial: conquestMeta, steps: conquestSteps, opponent: conquestOpponent },
  solitaire: { tutorial: solitaireMeta, steps: solitaireSteps, opponent: solitaireOpponent },
  blocs: { tutorial: blocsMeta, steps: blocsSteps, opponent: blocsOpponent, prelude: blocsPrelude },
};
