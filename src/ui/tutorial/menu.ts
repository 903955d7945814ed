/**
 * The start menu's "Learn to play" [issue 56]: a guided first game for each way to play, first on the
 * menu, each with its length and how far the player has come in it. Only the tutorials' titles are
 * loaded with the page; their steps load when one is opened.
 */
import rebels from '../../../assets/tutorials/rebels/tutorial.json';
import conquest from '../../../assets/tutorials/conquest/tutorial.json';
import solitaire from '../../../assets/tutorials/solitaire/tutorial.json';
import blocs from '../../../assets/tutorials/blocs/tutorial.json';
import { esc } from '../html';
import { progressOf } from './progress';

interface MenuItem {
  id: string;
  title: string;
  blurb: string;
  minutes: number;
  order: number;
}

/** The bundled tutorials, in the menu's order (their folders' tutorial.json). */
export const TUTORIAL_MENU: MenuItem[] = ([rebels, conquest, solitaire, blocs] as MenuItem[]).slice().sort((a, b) => a.order - b.order);

/** The menu entry's body: a button per tutorial, with its length and the step to resume at. */
export function learnMenuHtml(): string {
  const items = TUTORIAL_MENU.map((t) => {
    const progress = progressOf(t.id);
    const where = progress?.finished ? ' · done ✓' : progress && progress.step > 0 ? ` · resume at step ${progress.step + 1}${progress.of ? ` of ${progress.of}` : ''}` : '';
    return `<button class="tut-choice" data-tutorial="${esc(t.id)}" data-testid="learn-${esc(t.id)}" title="${esc(t.blurb)}"><b>${esc(t.title)}</b><small>about ${t.minutes} min${esc(where)}</small></button>`;
  });
  return `<p class="start-note">A guided first game on the board, for each way to play: you are told what to do and why, you do it on the map, and see what it caused.</p><div class="tut-choices">${items.join('')}</div>`;
}
