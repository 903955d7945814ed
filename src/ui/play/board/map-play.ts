/**
 * Play on the map [issue 44], after Chessground: the worker hands the screen the decision's `movers`
 * (each stack that can move and where it may go, src/words/board/stacks.ts); a click on a stack picks it and its
 * destinations light up on the map, each with its odds on hover; a click on one sends the commands that
 * take the stack there. Shift-click on a stack adds or removes its pieces one at a time (the worker says
 * where the chosen pieces may go together). The board decides nothing: the worker checks every command
 * against the pending decision as it answers.
 *
 * The other decisions the map plays (attack, search, placing, missions, domino planets, reaction) come as
 * one held pick whose dests are the decision's targets (src/words/board/targets.ts): they light up at once,
 * several may stand at one place (each its own marker), and a click on one takes it.
 *
 * This class holds the selection and says which markers to draw; the play screen draws and places them
 * (its marker layer) and sends what it is told to.
 */
import type { Command } from '../../../core/engine/types';
import type { Dest, Mover } from '../../../words/board/types';
import { esc } from '../../html';

/** A marker the map shows for the board: a stack to pick, or a destination of the picked one. */
export interface BoardMarker {
  /** Where the map draws it. */
  environ: string;
  /** The mover it stands for, when not the environ itself (a stack adrift). */
  key?: string;
  text: string;
  title: string;
  kind: 'mover' | 'dest' | 'picked';
  /** The destination, for a dest marker. */
  dest?: Dest;
  /** It stands for a whole star system's stacks or destinations (the camera goes there on its click, not before). */
  far?: boolean;
}

export class MapPlay {
  private movers: Mover[] = [];
  /** The stack picked on the map (its environ), and the pieces of it taken (all by default). */
  private picked: { place: string; pieces: number[]; dests: Dest[] } | null = null;
  /** Shift was held at the last pointer press (for shift-click on the map). */
  shift = false;
  /**
   * The star system the board shows up close (null: the galaxy, one marker per system). A decision whose
   * stacks are all in one system opens there.
   */
  focus: string | null = null;
  /** The picked stack is the group the game holds in hand (a move-group decision), not a pick of the map's own. */
  private held = false;
  /** The held pick's dests are a decision's targets (several may stand at one place). */
  private targets = false;
  /** The second way to the targets the player chose (a mission first), or null: the first way's are lit. */
  private way: string | null = null;

  /** The picked stack's destinations, or the targets lit now (of the way chosen). */
  private lit(): Dest[] {
    return (this.picked?.dests ?? []).filter((d) => (d.way ?? null) === this.way);
  }

  constructor(
    private readonly send: (m: { type: 'answer-many'; commands: Command[] } | { type: 'dests'; pieces: number[] }) => void,
    private readonly redraw: () => void,
    /** The star system of an environ (content ids). */
    private readonly systemOf: (environ: string) => string,
    /** Fly the camera to a star system, close up. */
    private readonly flyTo: (system: string) => void,
  ) {
    window.addEventListener('pointerdown', (e) => (this.shift = e.shiftKey), true);
  }

  /** A new decision: the stacks that can move now (none: the board is idle and the screen's own markers show). */
  update(movers: Mover[] | undefined): void {
    this.movers = (movers ?? []).filter((m) => m.dests.length);
    if (this.picked && !this.movers.some((m) => m.place === this.picked?.place)) this.picked = null;
    // a decision's targets are where it acts; a stack to move is where it stands
    const systems = new Set(this.movers.flatMap((m) => (m.targets ? m.dests.map((d) => this.systemOf(d.place)) : [this.systemOf(m.at ?? m.place)])));
    if (systems.size === 1) this.focus = [...systems][0] ?? null;
    else if (this.focus && !systems.has(this.focus) && !this.picked) this.focus = null;
    // the move-group decision, a reinforcement to place, a decision's targets: picked already, by the game itself
    this.held = this.movers.length === 1 && !!this.movers[0]?.held;
    if (this.way && !this.movers.some((m) => m.dests.some((d) => d.way === this.way))) this.way = null;
    this.targets = this.held && !!this.movers[0]?.targets;
    if (this.held) {
      const m = this.movers[0] as Mover;
      this.picked = { place: m.place, pieces: m.take, dests: m.dests };
    }
  }

  /** The question the lit targets answer, when they stand at one place (a small prompt on the map there), else null. */
  get ask(): string | null {
    const m = this.targets ? this.movers[0] : undefined;
    return m?.ask && new Set(m.dests.map((d) => d.place)).size === 1 ? m.ask : null;
  }

  /** Whether the board plays this decision (it has stacks to move). */
  get active(): boolean {
    return this.movers.length > 0;
  }

  get selection(): { place: string; pieces: number[] } | null {
    return this.picked;
  }

  moverAt(place: string): Mover | undefined {
    return this.movers.find((m) => m.place === place);
  }

  /**
   * A click on the map at `place` (an environ). On a destination of the picked stack: move there. On a
   * stack that can move: pick it (shift: take one more of its pieces, or one fewer). Returns whether the
   * board took the click.
   */
  click(place: string): boolean {
    // at galaxy zoom a marker stands for a star system: go there first
    const system = this.systemOf(this.drawnAt(place));
    if (system !== this.focus && (this.picked ? this.lit().some((d) => this.systemOf(d.place) === system) : this.movers.some((m) => this.systemOf(m.at ?? m.place) === system))) {
      const here = this.picked ? this.lit().filter((d) => this.systemOf(d.place) === system) : [];
      // a picked stack's only destination in that system: go at once
      if (here.length === 1 && here[0]) {
        this.go(here[0]);
        return true;
      }
      this.focus = system;
      this.flyTo(system);
      this.redraw();
      return true;
    }
    const here = this.lit().filter((d) => d.place === place && (this.targets || this.picked?.place !== place));
    if (here.length === 1 && here[0]) {
      this.go(here[0]);
      return true;
    }
    // several targets at one place: each has its own marker; a click on the place itself narrows the list to them
    if (here.length > 1) return false;
    const mover = this.moverAt(place);
    if (!mover || this.held) return false;
    if (this.shift && !mover.whole) {
      // shift-click adds one more piece of the stack to the pick (the first shift-click takes one); past all, one again
      const n = this.picked?.place === place ? this.picked.pieces.length + 1 : 1;
      if (this.picked?.place !== place) this.picked = { place, pieces: [], dests: [] };
      this.choosePieces(mover.pieces.slice(0, n > mover.pieces.length ? 1 : n));
      return true;
    }
    if (this.picked?.place === place) {
      this.picked = null; // a second click on the picked stack puts it down
      this.redraw();
      return true;
    }
    this.picked = { place, pieces: mover.take, dests: mover.dests };
    this.redraw();
    return true;
  }

  /** A click on one target's (or destination's) own marker: take it, if it is still one of the pick's. */
  clickDest(dest: Dest): boolean {
    if (!this.lit().includes(dest)) return false;
    this.go(dest);
    return true;
  }

  /**
   * A drag from a stack's marker: pick it when the drag starts (its destinations light up), so the drop
   * on one of them moves it. Returns whether the board picked it.
   */
  dragStart(place: string): boolean {
    if (this.held || this.picked?.place === place) return !!this.picked;
    const mover = this.moverAt(place);
    if (!mover) return false;
    this.picked = { place, pieces: mover.take, dests: mover.dests };
    this.redraw();
    return true;
  }

  /** Where the map draws the mover `key` (its environ, or beside its system for a stack adrift). */
  private drawnAt(key: string): string {
    return this.moverAt(key)?.at ?? key;
  }

  /** Take these pieces of the picked stack (the panel's checkboxes, shift-click): the worker says where they may go. */
  choosePieces(pieces: number[]): void {
    if (!this.picked || this.moverAt(this.picked.place)?.whole) return;
    this.picked = { ...this.picked, pieces, dests: [] };
    this.send({ type: 'dests', pieces });
    this.redraw();
  }

  /** The worker's answer to `choosePieces`. */
  receiveDests(pieces: number[], dests: Dest[]): void {
    if (!this.picked || pieces.join() !== this.picked.pieces.join()) return;
    this.picked = { ...this.picked, dests };
    this.redraw();
  }

  go(dest: Dest): void {
    this.picked = null;
    this.send({ type: 'answer-many', commands: dest.commands });
  }

  /** Put the picked stack down (Esc). */
  drop(): boolean {
    // a group the game holds in hand is put down by the game (undo, or the list's "Drop group"), not here:
    // dropping only the map's highlight would leave the game asking where the group goes
    if (!this.picked || this.held) return false;
    this.picked = null;
    this.redraw();
    return true;
  }

  /** What the map shows: every stack that can move, or the picked one and its destinations with their odds. */
  markers(): BoardMarker[] {
    if (!this.picked) {
      if (!this.focus) return this.bySystem(this.movers.map((m) => m.at ?? m.place), (n) => `⬆ ${n}`, (system, n) => `${system}: ${n} stack${n === 1 ? '' : 's'} to move (click to go there)`, 'mover');
      // the stacks of the system on show, each its own marker; those elsewhere one marker a system, to go there
      const far = this.movers.filter((m) => this.systemOf(m.at ?? m.place) !== this.focus).map((m) => m.at ?? m.place);
      const there = this.bySystem(far, (n) => `⬆ ${n}`, (system, n) => `${system}: ${n} stack${n === 1 ? '' : 's'} to move (click to go there)`, 'mover');
      const here: BoardMarker[] = this.movers.filter((m) => this.systemOf(m.at ?? m.place) === this.focus).map((m) => ({
        environ: m.at ?? m.place,
        key: m.place,
        text: `${m.whole ? '≈' : '⬆'} ${m.take.length < m.pieces.length ? `${m.take.length}/` : ''}${m.pieces.length}`,
        title: `${m.label}: ${m.dests.length} place${m.dests.length === 1 ? '' : 's'} to go${m.take.length < m.pieces.length ? ` for ${m.take.length} of them together` : ''} (click to pick)`,
        kind: 'mover' as const,
      }));
      return [...here, ...there];
    }
    const p = this.picked;
    const mover = this.moverAt(p.place) ?? this.movers[0];
    const out: BoardMarker[] = [];
    if (p.place)
      out.push({
        environ: this.drawnAt(p.place),
        key: p.place,
        text: this.targets ? `● ${mover?.label ?? ''}` : `● ${p.pieces.length}`,
        title: this.targets ? `${mover?.label ?? ''}: choose a lit target` : this.held ? 'The group in hand' : 'The picked stack: click again to put it down; shift-click to add one more of its pieces',
        kind: 'picked',
      });
    const sign = this.targets ? (mover?.targets ?? '→') : '→';
    const far = this.lit().filter((d) => this.systemOf(d.place) !== this.focus);
    out.push(...this.bySystem(far.map((d) => d.place), (n) => `${sign} ${n}`, (system, n) => `${system}: ${n} ${this.targets ? `choice${n === 1 ? '' : 's'}` : `place${n === 1 ? '' : 's'} to go`} (click to go there)`, 'dest'));
    for (const d of this.lit()) {
      if ((d.place === p.place && !this.targets) || this.systemOf(d.place) !== this.focus) continue;
      out.push({ environ: d.place, text: d.mark ?? destText(d), title: `${d.label}${d.odds ? `: ${d.odds}` : ''}${d.warning ? ` ⚠ ${d.warning}` : ''}`, kind: 'dest', dest: d });
    }
    return out;
  }

  /** One marker per star system for these places (at the first of them): "⬆ 3" stacks, "→ 2" destinations. */
  private bySystem(places: string[], text: (n: number) => string, title: (system: string, n: number) => string, kind: 'mover' | 'dest'): BoardMarker[] {
    const by = new Map<string, string[]>();
    for (const place of places) {
      const s = this.systemOf(place);
      by.set(s, [...(by.get(s) ?? []), place]);
    }
    return [...by].map(([system, list]) => ({ environ: list[0] as string, text: text(list.length), title: title(this.systemName(system), list.length), kind, far: true }));
  }

  /** A system's name, for titles (set by the screen). */
  systemName: (system: string) => string = (s) => s;

  /** The panel's lines for the picked stack: its pieces (checkboxes) and its destinations with odds. */
  panelHtml(): string {
    if (!this.picked) {
      return this.movers.length
        ? `<p class="muted small" data-testid="board-hint">On the map: click a stack (⬆) to pick it, then click where it goes, or drag it there. Shift-click a stack to take its pieces one at a time.</p>`
        : '';
    }
    if (this.targets) {
      const n = this.lit().length;
      // a second way to the same choices (a mission first): its names, each lighting its own targets
      const ways = [...new Set(this.picked.dests.map((d) => d.way).filter((w): w is string => !!w))];
      const wayButtons = ways.length
        ? `<p class="board-ways small" data-testid="board-ways">${this.way ? `<b>${esc(this.way)}</b>: who may take it is lit. <button data-board-way="">characters first</button>` : 'Or a mission first:'} ${ways
            .filter((w) => w !== this.way)
            .map((w) => `<button data-board-way="${esc(w)}">${esc(w)}</button>`)
            .join(' ')}</p>`
        : '';
      return `<p class="muted small" data-testid="board-hint">On the map: ${n} choice${n === 1 ? '' : 's'} lit (${esc(this.movers[0]?.targets ?? '')}); hover one for its facts and odds, click it to take it. The list below holds the same choices.</p>${wayButtons}`;
    }
    const p = this.picked;
    const mover = this.moverAt(p.place);
    const all = mover?.pieces ?? p.pieces;
    const boxes = (mover?.whole ? [] : all).map((eid, i) => `<label class="board-piece"><input type="checkbox" data-board-piece="${eid}"${p.pieces.includes(eid) ? ' checked' : ''}> ${esc(mover?.names[i] ?? String(eid))}</label>`).join('');
    const dests = p.dests
      .filter((d) => d.place !== p.place)
      .map((d, i) => `<li><button class="option" data-board-dest="${i}" data-testid="board-dest">${esc(d.label)}${d.odds ? `<small class="opt-detail">${esc(d.odds)}</small>` : ''}${d.warning ? `<small class="opt-warn">⚠ ${esc(d.warning)}</small>` : ''}</button></li>`)
      .join('');
    return `<div class="board-pick" data-testid="board-pick"><b>Picked on the map</b> ${this.held ? '' : '<button data-board-drop title="Put it down (Esc)">put down</button>'}<div class="board-pieces">${boxes}</div>${
      dests ? `<ul class="board-dests">${dests}</ul>` : '<p class="muted small">These pieces have nowhere to go together.</p>'
    }</div>`;
  }

  /** A click in the panel's board section: a destination, a piece's checkbox, or "put down". */
  panelClick(target: HTMLElement): boolean {
    if (!this.picked) return false;
    const way = target.closest<HTMLElement>('[data-board-way]');
    if (way) {
      this.way = way.dataset.boardWay || null;
      this.redraw();
      return true;
    }
    if (target.closest('[data-board-drop]')) return this.drop();
    const dest = target.closest<HTMLElement>('[data-board-dest]');
    if (dest) {
      const list = this.picked.dests.filter((d) => d.place !== this.picked?.place);
      const d = list[Number(dest.dataset.boardDest)];
      if (d) this.go(d);
      return true;
    }
    const box = target.closest<HTMLInputElement>('[data-board-piece]');
    if (box) {
      const mover = this.moverAt(this.picked.place);
      const checked = [...(box.closest('.board-pieces')?.querySelectorAll<HTMLInputElement>('[data-board-piece]') ?? [])].filter((b) => b.checked).map((b) => Number(b.dataset.boardPiece));
      this.choosePieces(checked.length ? checked : (mover?.pieces ?? []));
      return true;
    }
    return false;
  }
}

/** A destination's marker text: where, and its worst risk in a word (whole words: "undetected 67%" is no risk). */
export function destText(d: Dest): string {
  const risk = d.odds?.match(/\b(outer drift|drift|detected)\b[^,;]* (\d+%)/);
  return `→ ${d.label.replace(/ \(.*\)$/, '')}${risk ? ` · ${risk[1]} ${risk[2]}` : ''}`;
}
