/**
 * A game board's labels over the star systems (conquest's badges, solitaire's sector labels): a layer
 * under the panels whose labels a click or the pointer acts on, each label placed each frame where its
 * system projects, above the system's star, kept off each other only. The systems' names keep off the
 * labels (shell/map-labels.ts, its obstacles), never the other way round: a label's place then depends on
 * the camera alone, and the board looks the same whatever the screen before it left of the names [issue 53].
 */
import { Matrix4, Vector2 } from 'three';
import type { GalaxyScene } from '../../render/galaxy-scene';
import { spreadMarkers, type ScreenBox } from '../screen-boxes';

/** A label over one star system. */
export interface SystemLabel extends ScreenBox {
  id: string;
  el: HTMLElement;
}

/**
 * The layer a board's labels go in, under the panels. A label names its system in `data-<key>`: a
 * click on it, or the pointer over it, is passed on with that id.
 */
export function labelLayer(
  host: HTMLElement,
  className: string,
  key: string,
  onClick: (id: string, e: MouseEvent) => void,
  onHover: (id: string | null) => void,
): HTMLElement {
  const layer = document.createElement('div');
  layer.className = className;
  host.prepend(layer); // under the panels
  const idOf = (e: Event) => (e.target as HTMLElement).closest<HTMLElement>(`[data-${key}]`)?.dataset[key] ?? null;
  layer.addEventListener('click', (e) => {
    const id = idOf(e);
    if (id) onClick(id, e);
  });
  layer.addEventListener('mouseover', (e) => onHover(idOf(e)));
  layer.addEventListener('mouseleave', () => onHover(null));
  return layer;
}

/** Places labels where their systems project; a still camera writes no style. */
export class SystemLabelPlacer {
  private readonly tmp = new Vector2();
  /** The last place each label was written to. */
  private readonly placed = new Map<string, string>();
  /** The camera the labels were last placed for. */
  private readonly lastCamera = new Matrix4();
  private readonly lastProjection = new Matrix4();

  constructor(
    private readonly galaxy: GalaxyScene,
    /** A label's size until it is measured (one not laid out yet measures 0). */
    private readonly guess: { width: number; height: number },
    /** Pixels between a system's star and its label's lower edge. */
    private readonly lift: number,
  ) {}

  /** Place the labels for the camera now (`force`: even if it has not moved, their contents having changed). */
  place(labels: readonly SystemLabel[], force = false): void {
    const g = this.galaxy;
    const cam = g.camera;
    if (!force && cam.matrixWorld.equals(this.lastCamera) && cam.projectionMatrix.equals(this.lastProjection)) return;
    this.lastCamera.copy(cam.matrixWorld);
    this.lastProjection.copy(cam.projectionMatrix);
    const L = g.layout;
    for (const l of labels) {
      const s = L.systems[L.systemIndex.get(l.id) ?? -1];
      l.visible = !!s && g.project(s.position, this.tmp);
      if (!l.visible) continue;
      if (!l.width || force) [l.width, l.height] = [l.el.offsetWidth || this.guess.width, l.el.offsetHeight || this.guess.height];
      l.x = this.tmp.x;
      l.y = this.tmp.y - this.lift - l.height / 2;
    }
    spreadMarkers(labels);
    let moved = false;
    for (const l of labels) {
      const at = l.visible ? `translate(${l.x.toFixed(1)}px, ${l.y.toFixed(1)}px) translate(-50%, -50%)` : 'none';
      if (this.placed.get(l.id) === at) continue;
      this.placed.set(l.id, at);
      moved = true;
      l.el.style.display = l.visible ? '' : 'none';
      if (l.visible) l.el.style.transform = at;
    }
    // the names keep off the labels where they stand now (placed again at the next frame)
    if (moved) g.relabel();
  }

  /** The labels are gone: the next ones are written wherever they go. */
  clear(): void {
    this.placed.clear();
  }
}
