/**
 * Boxes over the map (numbered choice markers, planet names, stack badges), kept from covering each
 * other.
 * Each is placed where its object projects on the screen; this module only nudges them apart.
 */

/** A box on the screen: where its centre is, its size, and whether it is shown. */
export interface ScreenBox {
  x: number;
  y: number;
  width: number;
  height: number;
  visible: boolean;
}

/**
 * The page's panels that match `selectors` and are shown, as boxes in `canvas`'s coordinates (centre and
 * size): what labels and markers on the map keep out from under. `each` sees every match, shown or not.
 */
export function panelBoxesOf(selectors: string, canvas: HTMLElement, each?: (el: HTMLElement) => void): ScreenBox[] {
  const c = canvas.getBoundingClientRect();
  const boxes: ScreenBox[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(selectors)) {
    each?.(el);
    if (el.hidden || el.offsetParent === null) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    boxes.push({ x: r.left - c.left + r.width / 2, y: r.top - c.top + r.height / 2, width: r.width, height: r.height, visible: true });
  }
  return boxes;
}

/**
 * The page's panels over the map (`selectors`), measured again only when one of them or the window
 * changes size, never on a timer: each panel matched is watched by a ResizeObserver (a panel shown,
 * hidden or folded away changes size too) and the window's resize is heard; either calls `changed` at
 * once, so what keeps clear of the panels is placed again in the same frame. A page that builds its
 * panels again (a new decision drawn) says so with `stale`, and a panel new since is watched from then.
 */
export class PanelWatch {
  private measured: ScreenBox[] | null = null;
  private readonly observer: ResizeObserver | null;
  /** The panels watched already (observing one again would report its size again). */
  private readonly watched = new WeakSet<HTMLElement>();

  constructor(
    private readonly selectors: string,
    private readonly canvas: () => HTMLElement,
    changed: () => void,
  ) {
    const resized = () => {
      this.measured = null;
      changed();
    };
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resized);
    if (typeof window !== 'undefined') window.addEventListener('resize', resized);
  }

  /** Measure again at the next `boxes()`: the panels were drawn again, and one may be new. */
  stale(): void {
    this.measured = null;
  }

  /** The panels' boxes in the canvas's coordinates (see panelBoxesOf), as last measured. */
  boxes(): ScreenBox[] {
    this.measured ??= panelBoxesOf(this.selectors, this.canvas(), (el) => {
      if (!this.observer || this.watched.has(el)) return;
      this.watched.add(el);
      this.observer.observe(el);
    });
    return this.measured;
  }
}

/**
 * Markers of neighbouring environs (a busy planet seen from afar) would cover each other's numbers, and
 * a marker would cover its planet's name or the badge of a stack there. Each marker in turn takes the
 * nearest clear spot to where it belongs: its own place if clear, else a step further out in rings
 * (down and up first, since markers are wide and short), clear of the markers already placed and of
 * the `fixed` boxes (names and badges stay where they are). So every number, name and badge stays
 * readable and every marker clickable near its environ. No allocation: it runs every frame. The stack
 * badges are spread the same way among themselves, before the markers are spread around them.
 */
export function spreadMarkers(markers: readonly ScreenBox[], fixed: readonly ScreenBox[] = [], gap = 3, rings = RINGS): void {
  for (let i = 0; i < markers.length; i++) {
    const m = markers[i] as ScreenBox;
    if (!m.visible) continue;
    const x = m.x;
    const y = m.y;
    if (clearSpot(m, x, y, markers, i, fixed, gap)) continue;
    let found = false;
    for (let ring = 1; ring <= rings && !found; ring++) {
      for (let d = 0; d < DIRECTIONS.length; d += 2) {
        const dx = DIRECTIONS[d] as number;
        const dy = DIRECTIONS[d + 1] as number;
        if (clearSpot(m, x + dx * ring * STEP, y + dy * ring * STEP, markers, i, fixed, gap)) {
          found = true;
          break;
        }
      }
    }
    if (!found) {
      // crowded all round: stay on its environ
      m.x = x;
      m.y = y;
    }
  }
}

/** Pixels between rings of spots tried, and how many rings by default (so a marker moves at most STEP × RINGS). */
const STEP = 5;
const RINGS = 16;
/** Directions tried on each ring, as (dx, dy) pairs: down, up, right, left, then the diagonals. */
const DIRECTIONS = [0, 1, 0, -1, 1, 0, -1, 0, 1, 1, -1, 1, 1, -1, -1, -1] as const;

/** Put `m` at (x, y): true when it overlaps none of the markers placed before it nor a shown fixed box. */
function clearSpot(m: ScreenBox, x: number, y: number, markers: readonly ScreenBox[], placed: number, fixed: readonly ScreenBox[], gap: number): boolean {
  m.x = x;
  m.y = y;
  for (let j = 0; j < placed; j++) if (overlap(m, markers[j] as ScreenBox, gap)) return false;
  for (const box of fixed) if (overlap(m, box, gap)) return false;
  return true;
}

function overlap(a: ScreenBox, b: ScreenBox, gap: number): boolean {
  return b.visible && Math.abs(a.x - b.x) < (a.width + b.width) / 2 + gap && Math.abs(a.y - b.y) < (a.height + b.height) / 2 + gap;
}
