/**
 * Drawers: in a small window (at most 900 px wide), a mode's side panels fold. A fold button at the top of
 * each panel folds it off the page and a tab at the page's edge brings it back; the mode then frames its
 * board again in the room left, so a folded panel hides no system of the map. A board screen with panels
 * on both sides (conquest, solitaire) has them in wider windows too, while the two panels leave its map
 * narrower than `NARROWEST_BOARD_PX`. Otherwise the buttons and tabs are not shown and the panels stay.
 */
/** The widest window whose side panels are drawers (as the CSS says: style.css, max-width 900px). */
export const SMALL_WINDOW_PX = 900;

/** A window small enough for drawers: the map needs every pixel the panels can spare. */
export const smallWindow = (): boolean => window.innerWidth <= SMALL_WINDOW_PX;

/**
 * The narrowest the map may be between a board screen's two side panels. Between 900 and about 1250 px
 * wide, a conquest or solitaire window's two panels left the galaxy's 30 systems 400-530 px, and the
 * names of the crowded side of the galaxy stood under a panel, cut (a bloc game at 960x640 and 1024x768):
 * there the left panel starts folded, as in a small window. At 1280x720 the map has 607 px.
 */
export const NARROWEST_BOARD_PX = 560;

/** The width a panel takes when shown (kept while it is folded away, when it measures nothing). */
const shownWidth = new WeakMap<HTMLElement, number>();

/** Whether two side panels leave the map between them narrower than `NARROWEST_BOARD_PX`, at the panels' shown widths. */
function boardTooNarrow(left: HTMLElement, right: HTMLElement): boolean {
  const width = (el: HTMLElement) => {
    const now = el.getClientRects().length ? el.getBoundingClientRect().width : 0;
    if (now) shownWidth.set(el, now);
    return now || (shownWidth.get(el) ?? 0);
  };
  // each panel stands about 14 px in from its edge of the window
  return window.innerWidth - width(left) - width(right) - 4 * 14 < NARROWEST_BOARD_PX;
}

/** When the page's drawers are on (its class `drawers`, style.css): a small window, unless a screen says otherwise. */
let drawersWanted: () => boolean = smallWindow;

/** The page's drawers on or off for the window now (and again at each resize). */
function showDrawers(): void {
  document.documentElement.classList.toggle('drawers', drawersWanted());
}

if (typeof window !== 'undefined') {
  window.addEventListener('resize', showDrawers);
  showDrawers();
}

/**
 * A screen says when its drawers are on (from now on, and as the window is resized); `null`: as in any
 * screen, in a small window.
 */
export function drawersWhen(wanted: (() => boolean) | null): void {
  drawersWanted = wanted ?? smallWindow;
  showDrawers();
}

/**
 * A board screen with side panels `left` and `right` (conquest, solitaire) opens a game: its drawers are on
 * while the window is small or the panels leave its map too narrow. Says whether they are on now: the
 * screen's left panel then starts folded to its tab.
 */
export function boardDrawers(left: HTMLElement, right: HTMLElement): boolean {
  const mapNeedsRoom = () => smallWindow() || boardTooNarrow(left, right);
  drawersWhen(mapNeedsRoom);
  return mapNeedsRoom();
}

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
