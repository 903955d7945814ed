/**
 * Small windows: in a window at most 900 px wide, a mode's side panels become drawers. A fold button at
 * the top of each panel folds it off the page and a tab at the page's edge brings it back; the mode then
 * frames its board again in the room left, so a folded panel hides no system of the map. Wider windows
 * never show the buttons or the tabs, and the panels stay as they are.
 */
/** The widest window whose side panels are drawers (as the CSS says: style.css, max-width 900px). */
export const SMALL_WINDOW_PX = 900;

/** A window small enough for drawers: the map needs every pixel the panels can spare. */
export const smallWindow = (): boolean => window.innerWidth <= SMALL_WINDOW_PX;

export interface Drawer {
  /** The panel that folds. */
  readonly panel: HTMLElement;
  readonly folded: boolean;
  fold(on: boolean): void;
}

/** Open whichever of these drawers holds `el`, if it is folded away (a tutorial's step speaks of it); says whether one opened. */
export function openDrawerOf(el: HTMLElement, drawers: readonly Drawer[]): boolean {
  const drawer = drawers.find((d) => d.folded && d.panel.contains(el));
  drawer?.fold(false);
  return drawer !== undefined;
}

export function makeDrawer(panel: HTMLElement, side: 'left' | 'right', label: string, changed: () => void): Drawer {
  panel.classList.add('drawer', `drawer-${side}`);
  const foldButton = document.createElement('button');
  foldButton.type = 'button';
  foldButton.className = 'drawer-fold';
  foldButton.dataset.testid = 'drawer-fold';
  foldButton.textContent = side === 'left' ? `« fold ${label.toLowerCase()}` : `fold ${label.toLowerCase()} »`;
  foldButton.title = 'Fold this panel away to see the whole map';
  panel.prepend(foldButton);
  const tab = document.createElement('button');
  tab.type = 'button';
  tab.className = `drawer-tab drawer-tab-${side}`;
  tab.dataset.testid = 'drawer-tab';
  tab.textContent = label;
  tab.title = `Show ${label.toLowerCase()}`;
  panel.after(tab);
  const drawer: Drawer = {
    panel,
    get folded() {
      return panel.classList.contains('folded');
    },
    fold(on: boolean) {
      panel.classList.toggle('folded', on);
      tab.classList.toggle('shown', on);
      changed();
    },
  };
  for (const [button, folded] of [[foldButton, true], [tab, false]] as const)
    button.addEventListener('click', (e) => {
      e.stopPropagation();
      drawer.fold(folded);
    });
  return drawer;
}
