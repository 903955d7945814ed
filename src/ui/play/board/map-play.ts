/**
 * Play on the map [issue 44, 53], after Chessground: the worker hands the screen the decision's board form
 * (src/words/board/forms.ts). In the movement decision a click on a stack opens it into its counters (the
 * tray, counters.ts), picking what may go whole; a click on a counter takes it in or out of the pick, and
 * the worker says where the pick may go and what each other counter would do to it (a counter that cannot
 * go with the pick is dimmed, with the rule that stops it); a click on a lit destination sends the commands
 * that take the pick there. A character dragged onto a ship's counter boards it. The other decisions come
 * as one held pick whose dests light up at once (targets, a question asked at one place, pieces to choose,
 * the action cards of a mission), several of them at one place; their answers with no place are buttons
 * beside the question. The board decides nothing: the worker checks every command against the pending
 * decision as it answers.
 *
 * This class holds the selection and says what to draw; the play screen draws it (its marker layer, the
 * tray, the question bar) and sends what it is told to. A guided game (the tutorial) may `gate` it: a
 * choice the gate refuses is drawn dim and its click says why, and nothing is sent.
 */
import type { Command } from '../../../core/engine/types';
import type { SideId } from '../../../core/content/schema';
import type { BoardForm, Counter, Dest, Mover, PickFacts } from '../../../words/board/types';

/** A marker the map shows for the board: a stack to open, a destination or target, a one-click choice, a star system's badge. */
export interface BoardMarker {
  /** Where the map draws it. */
  environ: string;
  /** The mover it stands for, when not the environ itself (a stack adrift). */
  key?: string;
  text: string;
  /** Its words on hover: what it is, its facts, and what a click on it does. */
  title: string;
  kind: 'mover' | 'dest' | 'picked' | 'deed' | 'badge';
  /** The destination, target or one-click choice it takes. */
  dest?: Dest;
  /** A badge: the star system whose choices it stands for (a click flies the camera there). */
  system?: string;
  /** Refused by the gate of a guided game: drawn dim, and its click says why. */
  refused?: string;
  /** A stack none of which can move now: drawn dim (its click opens it, to say why). */
  idle?: boolean;
  /** The mark of another side's stack looked at (drawn in the enemy's colour). */
  theirs?: boolean;
}

/** A chip of the tray: one counter, or several alike (Militia ×5), with how many of them are picked and whether they may join. */
export interface Chip {
  pieces: number[];
  counter: Counter;
  picked: number;
  /** Not picked and not able to go with the pick: the rule that stops it. */
  why?: string;
  /** The pick's ship: its seats taken, of its passengers. */
  seats?: { used: number; of: number };
}

/** The open stack as the tray shows it. */
export interface Tray {
  mover: Mover;
  chips: Chip[];
  picked: number;
  /** Why the pick may go nowhere, when it may not. */
  stuck?: string;
  /** The worker's answer has not come yet. */
  waiting: boolean;
  /** The game holds the stack in hand (a move-group): its counters join one at a time, none leaves it. */
  held: boolean;
  actions: Dest[];
  /** Another side's stack, opened to look at: its counters read from the view, none to pick. */
  theirs?: boolean;
}

const EMPTY: BoardForm = { family: 'list', movers: [], deeds: [], buttons: [] };

export class MapPlay {
  private form: BoardForm = EMPTY;
  /** The side deciding (the engine's picks name it). */
  private side: SideId = 'rebel';
  private movers: Mover[] = [];
  /** The stack opened on the map: its place, the pieces picked, and the worker's facts about that pick (null: asked, not answered yet). */
  private open: { place: string; pieces: number[]; facts: PickFacts | null } | null = null;
  /** Another side's stack opened to look at (its counters as the view shows them), or null. */
  private looked: { place: string; label: string; counters: Counter[] } | null = null;
  /** The pick the game holds in hand (a decision's targets, a move-group), or null. */
  private heldMover: Mover | null = null;
  /** The second way to the targets the player chose (a mission first), or null: the first way's are lit. */
  private way: string | null = null;
  /** Shift was held at the last pointer press (for shift-click on a chip). */
  shift = false;
  /**
   * The star system the board shows up close (null: the galaxy, one badge per system). A decision whose
   * choices are all in one system opens there.
   */
  focus: string | null = null;
  /**
   * [issue 56] a guided game's gate: each choice's commands are asked before it is drawn and taken; true
   * lets it be, a sentence refuses it ("Not now: first move the fleet"). None: everything is allowed.
   */
  gate: ((commands: Command[]) => true | string) | null = null;
  /** Say something to the player (a refused click's reason). */
  say: (text: string) => void = () => {};
  /** A system's name, for titles (set by the screen). */
  systemName: (system: string) => string = (s) => s;

  constructor(
    private readonly send: (m: { type: 'answer-many'; commands: Command[] } | { type: 'pick'; place: string; pieces: number[] }) => void,
    private readonly redraw: () => void,
    /** The star system of an environ (content ids). */
    private readonly systemOf: (environ: string) => string,
    /** Fly the camera to a star system, close up. */
    private readonly flyTo: (system: string) => void,
  ) {
    window.addEventListener('pointerdown', (e) => (this.shift = e.shiftKey), true);
  }

  /** A new decision's board form, and the side deciding (none: the board is idle and the screen's own markers show). */
  update(form: BoardForm | undefined, side?: SideId): void {
    this.form = form ?? EMPTY;
    // a look at another side's stack lasts while the same side decides (the screen reads it again from each new
    // view: `lookingAt`); when nobody does, or another side (hot-seat), it closes
    if (!side || side !== this.side) this.looked = null;
    if (side) this.side = side;
    this.movers = this.form.movers.filter((m) => m.dests.length || m.counters?.length);
    this.heldMover = this.movers.length === 1 && this.movers[0]?.held ? (this.movers[0] as Mover) : null;
    if (this.way && !this.heldMover?.dests.some((d) => d.way === this.way)) this.way = null;
    // a stack stays open while it is still there to move (the same pieces: nothing of an old pick comes back)
    const still = this.open && this.moverAt(this.open.place);
    if (this.open && (!still || this.open.pieces.some((p) => !still.pieces.includes(p)))) this.open = null;
    // a stack the game holds in hand (a move-group) is open already: its group picked, its destinations lit
    const held = this.heldMover?.counters ? this.heldMover : null;
    if (held) this.open = { place: held.place, pieces: held.take, facts: { place: held.place, pieces: held.take, dests: held.dests, others: [] } };
    const systems = new Set(this.places().map((p) => this.systemOf(p)));
    if (systems.size === 1) this.focus = [...systems][0] ?? null;
    else if (this.focus && !systems.has(this.focus) && !this.open) this.focus = null;
  }

  /** Every place the board has a choice at now: the stacks (or, held, its targets) and the one-click choices. */
  private places(): string[] {
    const lit = this.heldMover ? this.lit() : this.movers.map((m) => m.at ?? m.place);
    return [...lit.map((x) => (typeof x === 'string' ? x : x.place)), ...this.form.deeds.map((d) => d.place)];
  }

  /** Whether the board plays this decision (it has something on the map, or a button). */
  get active(): boolean {
    return this.movers.length > 0 || this.form.deeds.length > 0 || this.form.buttons.length > 0;
  }

  /** Whether the board has choices on the map (not only buttons). */
  get onMap(): boolean {
    return this.movers.length > 0 || this.form.deeds.length > 0;
  }

  /** The question the lit targets answer, when they stand at one place (a small prompt on the map there), else null. */
  get ask(): string | null {
    const m = this.heldMover;
    return m?.ask && new Set(m.dests.map((d) => d.place)).size === 1 ? m.ask : null;
  }

  /** The answers with no place: buttons beside the question. */
  get buttons(): Dest[] {
    return this.form.buttons;
  }

  /** The family of the decision's board form (for the panel's words). */
  get family(): string {
    return this.form.family;
  }

  moverAt(place: string): Mover | undefined {
    return this.movers.find((m) => m.place === place);
  }

  /** The picked stack's destinations, or the targets lit now (of the way chosen). */
  private lit(): Dest[] {
    if (this.open) return this.open.facts?.dests ?? [];
    return (this.heldMover?.dests ?? []).filter((d) => (d.way ?? null) === this.way);
  }

  /** [issue 56] Whether a destination or target the gate lets be stands at this place (a tutorial's click there is not a stray one). */
  lightsDest(place: string): boolean {
    return [...this.lit(), ...this.form.deeds].some((d) => d.place === place && !this.refusal(d.commands));
  }

    /** Why the gate refuses these commands, or null when they may be taken. */
  refusal(commands: Command[]): string | null {
    const said = this.gate?.(commands) ?? true;
    return said === true ? null : said;
  }

  /**
   * A click on the map at `place` (an environ, or a mover's key). On a system's badge: go there and show
   * its choices. On a destination of the pick: go there. On a stack: open it, or close it again. Returns
   * whether the board took the click.
   */
  click(place: string): boolean {
    // the mark of another side's stack looked at (none of one's own there to open): closes it
    if (this.looked?.place === place && !this.moverAt(place)) return this.close();
    const here = this.lit().filter((d) => d.place === place && (this.heldMover?.targets || this.open?.place !== place));
    if (here.length === 1 && here[0]) return this.take(here[0]);
    // several targets at one place: each has its own marker
    if (here.length > 1) return false;
    const mover = this.moverAt(place);
    if (!mover || this.heldMover) return false;
    if (this.open?.place === place) return this.close();
    this.openStack(mover);
    return true;
  }

  /** A click on a system's badge: the camera goes there, and its choices show. */
  goTo(system: string): void {
    this.focus = system;
    this.flyTo(system);
    this.redraw();
  }

  /**
   * [issue 53] The camera went close up on `system` by the player's own hand (a click on its star, Tab), or
   * back out to the galaxy (null): the board shows that system's choices and the others' badges, or, at
   * galaxy zoom, every system's badge (a decision all in one system keeps its markers). Returns whether
   * what the board shows changed.
   */
  follow(system: string | null): boolean {
    if (system === this.focus) return false;
    if (system === null && new Set(this.places().map((p) => this.systemOf(p))).size < 2) return false;
    this.focus = system;
    return true;
  }

  /** Open a stack into its counters, picking what goes whole (the stack's opening pick); a stack adrift goes whole. */
  openStack(mover: Mover): void {
    this.looked = null;
    this.open = { place: mover.place, pieces: mover.take, facts: mover.whole ? { place: mover.place, pieces: mover.take, dests: mover.dests, others: [] } : null };
    if (!mover.whole) this.send({ type: 'pick', place: mover.place, pieces: mover.take });
    this.redraw();
  }

  /**
   * [issue 53] Another side's stack, clicked on the map: it opens into its counters to look at, as the view
   * shows them (its hidden units unknown [7.22]); nothing of it is picked, and a stack of one's own that
   * was open is put down. Opened again, it closes.
   */
  look(place: string, label: string, counters: Counter[], again = false): void {
    if (again) {
      // the same look, read again from a new view: closed when nothing of the stack is seen there any more
      if (this.looked?.place !== place) return;
      this.looked = counters.length ? { place, label, counters } : null;
      return;
    }
    if (!counters.length) return;
    const same = this.looked?.place === place && this.looked.label === label;
    this.looked = same ? null : { place, label, counters };
    this.open = null;
    this.redraw();
  }

  /** The place of another side's stack being looked at, or null. */
  get lookingAt(): string | null {
    return this.looked?.place ?? null;
  }

  /** Close the open stack (Esc, or a second click on it). */
  close(): boolean {
    if (this.looked) {
      this.looked = null;
      this.redraw();
      return true;
    }
    if (!this.open) return false;
    this.open = null;
    this.redraw();
    return true;
  }

  /** A click on one target's (or destination's, or one-click choice's) own marker or button: take it, if it is still one of the board's. */
  clickDest(dest: Dest): boolean {
    if (!this.lit().includes(dest) && !this.form.deeds.includes(dest) && !this.form.buttons.includes(dest) && !this.trayActions().includes(dest)) return false;
    return this.take(dest);
  }

  private take(dest: Dest): boolean {
    const no = this.refusal(dest.commands);
    if (no) {
      this.say(no);
      return true;
    }
    this.open = null;
    this.send({ type: 'answer-many', commands: dest.commands });
    return true;
  }

  /** A drag from a stack's marker begins: it opens, so the drop on one of its lit destinations moves it. */
  dragStart(place: string): boolean {
    if (this.heldMover || this.open?.place === place) return !!this.open;
    const mover = this.moverAt(place);
    if (!mover) return false;
    this.openStack(mover);
    return true;
  }

  /**
   * A click on a chip of the open stack: one more of its counters into the pick (all of them with shift),
   * or, when all are in, out again. In a stack the game holds, a counter joins it at once (the engine's
   * pick), and none leaves it.
   */
  toggle(pieces: number[]): void {
    const tray = this.tray();
    if (!tray || !this.open) return;
    const out = pieces.filter((p) => !this.open?.pieces.includes(p));
    if (tray.held) {
      if (out[0] !== undefined) this.pickInHand(out[0]);
      return;
    }
    if (!out.length) this.choose(this.open.pieces.filter((p) => !pieces.includes(p)));
    else this.choose([...this.open.pieces, ...(this.shift ? out : out.slice(0, 1))]);
  }

  /** [14.57] a character dragged onto a ship's counter boards it: the ship and he join the pick. */
  board(ship: number, passenger: number): void {
    if (!this.open) return;
    const tray = this.tray();
    if (tray?.held) {
      for (const p of [ship, passenger]) if (!this.open.pieces.includes(p)) this.pickInHand(p);
      return;
    }
    this.choose([...new Set([...this.open.pieces, ship, passenger])]);
  }

  /** Take all of the open stack, or none of it. */
  chooseAll(all: boolean): void {
    const mover = this.open && this.moverAt(this.open.place);
    if (!mover || mover.held) return;
    this.choose(all ? mover.pieces : []);
  }

  /** The pick is now these pieces: the worker says what it may do. */
  private choose(pieces: number[]): void {
    if (!this.open) return;
    this.open = { ...this.open, pieces, facts: null };
    this.send({ type: 'pick', place: this.open.place, pieces });
    this.redraw();
  }

  /** A counter added to the stack the game holds in hand (the move-group decision): the engine's own pick. */
  private pickInHand(piece: number): void {
    this.take({ place: this.open?.place ?? '', label: 'pick', commands: [{ type: 'pick', side: this.side, piece }] });
  }

  /** The worker's answer about a pick. */
  receivePick(facts: PickFacts): void {
    // an answer to an older pick is dropped (the worker lists a pick in its own order: compared as sets)
    if (!this.open || facts.place !== this.open.place || !sameSet(facts.pieces, this.open.pieces)) return;
    this.open = { ...this.open, facts };
    this.redraw();
  }

  /** Put the open stack down (Esc). A stack the game holds is put down by the game (its button), not here. */
  drop(): boolean {
    if (this.looked) return this.close();
    if (!this.open || this.heldMover) return false;
    return this.close();
  }

  get selection(): { place: string; pieces: number[] } | null {
    return this.open ? { place: this.open.place, pieces: this.open.pieces } : null;
  }

  /** The open stack's other choices (a helm or a guard handed over). */
  private trayActions(): Dest[] {
    return (this.open && this.moverAt(this.open.place)?.actions) || [];
  }

  /** The open stack, as its tray shows it (null: none open). */
  tray(): Tray | null {
    if (this.looked) return lookedTray(this.looked);
    const mover = this.open && this.moverAt(this.open.place);
    if (!this.open || !mover?.counters || mover.whole) return null;
    const facts = this.open.facts;
    const why = new Map((facts?.others ?? []).filter((o) => !o.joins).map((o) => [o.piece, o.why ?? '']));
    return {
      mover,
      chips: chipsOf(mover.counters, this.open.pieces, why, facts?.seats),
      picked: this.open.pieces.length,
      ...(facts?.stuck ? { stuck: facts.stuck } : {}),
      waiting: !facts,
      held: !!mover.held,
      actions: this.trayActions(),
    };
  }

  /** What the map shows: each star system's badge at galaxy zoom; close up, the stacks, the open one's destinations, the targets, the one-click choices. */
  markers(): BoardMarker[] {
    const out: BoardMarker[] = [];
    const near = (place: string) => this.systemOf(place) === this.focus;
    const far: { place: string; what: string }[] = [];
    const sign = this.heldMover?.targets ?? '→';
    // another side's stack looked at: a mark at its place, so the counters at the map's edge are seen to be its
    if (this.looked && near(this.looked.place))
      out.push({ environ: this.looked.place, text: `◉ ${this.looked.counters.length}`, title: `${this.looked.label}: its counters are open at the left (click again, or Esc, to close them)`, kind: 'picked', theirs: true });
    if (this.open) {
      const mover = this.moverAt(this.open.place);
      out.push({
        environ: mover?.at ?? this.open.place,
        key: this.open.place,
        text: `● ${this.open.pieces.length}${mover ? `/${mover.pieces.length}` : ''}`,
        title: this.heldMover ? 'The stack in hand: click a lit destination, or put it down (its button)' : 'The open stack: click again (or Esc) to close it; drag it to a lit destination to move it there',
        kind: 'picked',
      });
    }
    const lit = this.lit();
    for (const d of lit) {
      if (!this.heldMover && d.place === this.open?.place) continue;
      if (!near(d.place)) far.push({ place: d.place, what: this.heldMover ? 'choice' : 'place to go' });
      else out.push(this.destMarker(d, 'dest'));
    }
    if (!this.open && !this.heldMover)
      for (const m of this.movers) {
        const at = m.at ?? m.place;
        if (!near(at)) {
          if (!m.idle) far.push({ place: at, what: 'stack to move' });
        }
        else
          out.push({
            environ: at,
            key: m.place,
            text: `${m.whole ? '≈' : m.idle ? '·' : '⬆'} ${m.pieces.length}`,
            title: m.idle
              ? `${m.label}: none of it can move now: ${m.idle} (click to see its counters)`
              : `${m.label}: ${m.whole ? `adrift; ${m.dests.length} way${m.dests.length === 1 ? '' : 's'} on` : `${m.pieces.length} piece${m.pieces.length === 1 ? '' : 's'}`} (click to open the stack and pick what moves)`,
            kind: 'mover',
            ...(m.idle ? { idle: true } : {}),
          });
      }
    if (!this.open || this.heldMover)
      for (const d of this.form.deeds) {
        if (!near(d.place)) far.push({ place: d.place, what: 'choice' });
        else out.push(this.destMarker(d, 'deed'));
      }
    // one badge for each other star system with choices: its click flies the camera there
    const bySystem = new Map<string, { place: string; n: number; what: Set<string> }>();
    for (const f of far) {
      const s = this.systemOf(f.place);
      const b = bySystem.get(s) ?? { place: f.place, n: 0, what: new Set<string>() };
      b.n++;
      b.what.add(f.what);
      bySystem.set(s, b);
    }
    for (const [system, b] of bySystem) {
      const what = b.what.size === 1 ? ([...b.what][0] as string) : 'choice';
      out.push({
        environ: b.place,
        system,
        // at galaxy zoom the star's own name stands beside it; seen from another system, the badge names it
        text: `${this.open && !this.heldMover ? '→' : this.heldMover ? sign : '⬆'} ${b.n}${this.focus ? ` · ${this.systemName(system)}` : ''}`,
        title: `${this.systemName(system)}: ${b.n} ${b.n === 1 ? what : plural(what)} (click to fly there and see ${b.n === 1 ? 'it' : 'them all'})`,
        kind: 'badge',
      });
    }
    return out;
  }

  private destMarker(d: Dest, kind: 'dest' | 'deed'): BoardMarker {
    const refused = this.refusal(d.commands);
    return {
      environ: d.place,
      text: d.mark ?? destText(d),
      title: `${d.label}${d.odds ? `: ${d.odds}` : ''}${d.warning ? ` ⚠ ${d.warning}` : ''}`,
      kind,
      dest: d,
      ...(refused ? { refused } : {}),
    };
  }

  /** The panel's lines for the board: how to play the decision on the map, and a mission's second way. */
  panelHtml(esc: (s: string) => string): string {
    if (this.heldMover?.targets && !this.heldMover.counters) {
      const n = this.lit().length;
      const ways = [...new Set(this.heldMover.dests.map((d) => d.way).filter((w): w is string => !!w))];
      const wayButtons = ways.length
        ? `<p class="board-ways small" data-testid="board-ways">${this.way ? `<b>${esc(this.way)}</b>: who may take it is lit. <button data-board-way="">characters first</button>` : 'Or a mission first:'} ${ways
            .filter((w) => w !== this.way)
            .map((w) => `<button data-board-way="${esc(w)}">${esc(w)}</button>`)
            .join(' ')}</p>`
        : '';
      return `<p class="muted small" data-testid="board-hint">On the map: ${n} choice${n === 1 ? '' : 's'} lit (${esc(this.heldMover.targets)}); hover one for its facts and odds, click it to take it. The list below holds the same choices.</p>${wayButtons}`;
    }
    if (this.movers.length)
      return `<p class="muted small" data-testid="board-hint">On the map: click a stack (⬆) to open it into its counters; click counters to pick what moves (a dimmed one says why it cannot go with them), drag a character onto a ship to board it, then click where they go. The list below holds the same choices.</p>`;
    return '';
  }

  /** A click in the panel's board section: a mission's second way. */
  panelClick(target: HTMLElement): boolean {
    const way = target.closest<HTMLElement>('[data-board-way]');
    if (!way) return false;
    this.way = way.dataset.boardWay || null;
    this.redraw();
    return true;
  }
}

/** A badge's words for several of a thing: "stacks to move", "places to go", "choices". */
function plural(what: string): string {
  const [noun = what, ...rest] = what.split(' ');
  return [`${noun}s`, ...rest].join(' ');
}

/**
 * A stack's counters as the tray's chips: units alike (the same kind and ratings) stand as one chip,
 * characters and ships each their own; how many of each are in the pick, the rule that stops one not in it
 * (`why`), and the pick's ship's seats.
 */
function chipsOf(counters: Counter[], pick: number[], why: Map<number, string>, seats?: PickFacts['seats']): Chip[] {
  const chips: Chip[] = [];
  for (const counter of counters) {
    const alike = counter.kind === 'unit' ? chips.find((c) => c.counter.kind === 'unit' && c.counter.name === counter.name && c.counter.face === counter.face) : undefined;
    const picked = pick.includes(counter.piece);
    if (alike) {
      alike.pieces.push(counter.piece);
      if (picked) alike.picked++;
      else if (!why.has(counter.piece)) delete alike.why;
      continue;
    }
    const chip: Chip = { pieces: [counter.piece], counter, picked: picked ? 1 : 0 };
    if (!picked && why.has(counter.piece)) chip.why = why.get(counter.piece);
    if (counter.kind === 'ship' && picked && seats?.ship === counter.piece) chip.seats = { used: seats.used, of: seats.of };
    chips.push(chip);
  }
  return chips;
}

/** The tray of another side's stack: its counters, nothing picked and nothing to pick. */
function lookedTray(looked: { place: string; label: string; counters: Counter[] }): Tray {
  const pieces = looked.counters.map((c) => c.piece);
  const mover: Mover = { place: looked.place, pieces, names: looked.counters.map((c) => c.name), take: [], label: looked.label, dests: [], counters: looked.counters };
  return { mover, chips: chipsOf(looked.counters, [], new Map()), picked: 0, waiting: false, held: false, actions: [], theirs: true };
}

function sameSet(a: number[], b: number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** A destination's marker text: where, and its worst risk in a word (whole words: "undetected 67%" is no risk). */
export function destText(d: Dest): string {
  const risk = d.odds?.match(/\b(outer drift|drift|detected)\b[^,;]* (\d+%)/);
  return `→ ${d.label.replace(/ \(.*\)$/, '')}${risk ? ` · ${risk[1]} ${risk[2]}` : ''}`;
}
