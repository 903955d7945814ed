/**
 * The board of a game screen (conquest, solitaire) on the galaxy: framed whole in the part of the page
 * its panels leave open, and its labels placed again each frame as the camera moves.
 */
import { Vector3 } from 'three';
import type { Content } from '../../core/content/validate';
import type { GalaxyScene, Selection } from '../../render/galaxy-scene';

/** Pixels kept clear round each star when the board is framed: half a name's width, the title bar and a badge above, a name below. */
const BOARD_MARGIN = { x: 56, top: 84, bottom: 36 };

export class BoardFrame {
  /** The systems' centre, where the camera looks when it frames the whole board. */
  private readonly centre = new Vector3();

  constructor(private readonly galaxy: GalaxyScene) {}

  /** The next framing is a new game's first: seen from the whole galaxy's bearing, not the one the last screen left. */
  private firstView = true;

  /** Measure the board's centre: the galaxy's systems, or a map file's (measured again after the map changes, and for each game). */
  measure(): void {
    this.firstView = true;
    const systems = this.galaxy.layout.systems;
    this.centre.set(0, 0, 0);
    for (const s of systems) this.centre.add(s.position);
    this.centre.divideScalar(Math.max(1, systems.length));
  }

  /** Frame the whole board between the panel on the left and the one on the right (and under a bar `top` pixels down the page, if any). */
  frame(leftPanel: HTMLElement, rightPanel: HTMLElement, top = 0): void {
    const page = this.galaxy.renderer.domElement.getBoundingClientRect();
    // a panel not shown (folded away in a small window: shell/drawers.ts) leaves its edge to the board
    const shown = (el: HTMLElement) => el.getClientRects().length > 0;
    const left = shown(leftPanel) ? Math.max(0, leftPanel.getBoundingClientRect().right - page.left + 8) : 0;
    const right = shown(rightPanel) ? Math.max(0, page.right - rightPanel.getBoundingClientRect().left + 8) : 0;
    this.galaxy.setInsets({ left, right, bottom: 0, top });
    // each star with room round it for its badge above (under the page's title bar at the top, or the bar below it) and its name below
    // (a game's first view is the same whatever the last screen did with the camera; a player's own turn of it stands after)
    this.galaxy.framePoints(this.centre, this.galaxy.layout.systems.map((s) => s.position), top ? { ...BOARD_MARGIN, top: BOARD_MARGIN.bottom } : BOARD_MARGIN, false, this.firstView);
    this.firstView = false;
  }
}

/** Call `place` after every frame the galaxy draws (after whatever was called already): a board's labels keep their systems as the camera moves. */
export function placeEachFrame(galaxy: GalaxyScene, place: () => void): void {
  const prevFrame = galaxy.onFrame;
  galaxy.onFrame = () => {
    prevFrame();
    place();
  };
}

/** The star system a pick on the galaxy names (a planet's own system), if any: a game screen takes a click on a star as a click on its board. */
export function systemOfPick(content: Content, sel: Selection | null): string | undefined {
  return sel?.kind === 'system' ? sel.id : sel?.kind === 'planet' ? content.planets.get(sel.id)?.system : undefined;
}
