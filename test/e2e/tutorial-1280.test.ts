/** Every tutorial walked at 1280x720 (every-tutorial.ts; its own file, to run beside the 800x600 walk). */
import { everyTutorialWalked } from './every-tutorial';

everyTutorialWalked({ width: 1280, height: 720 });
