/** Every tutorial walked at 800x600 (every-tutorial.ts; its own file, to run beside the 1280x720 walk). */
import { everyTutorialWalked } from './every-tutorial';

everyTutorialWalked({ width: 800, height: 600 });
