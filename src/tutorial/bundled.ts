/**
 * The game's own tutorials (assets/tutorials/<id>/), bundled at build time like the content: vite and
 * tsx both import JSON. Each is parsed here; `compileTutorial` plays it through the engine when it is
 * opened (and the tests play them all).
 */
import conquestMeta from '../../assets/tutorials/conquest/tutorial.json';
import conquestSteps from '../../assets/tutorials/conquest/steps.json';
import conquestOpponent from '../../assets/tutorials/conquest/opponent.json';
import type { TutorialFiles } from './format';

/** Every bundled tutorial's files, by folder name. */
export const BUNDLED_TUTORIALS: Record<string, TutorialFiles> = {
  conquest: { tutorial: conquestMeta, steps: conquestSteps, opponent: conquestOpponent },
};
