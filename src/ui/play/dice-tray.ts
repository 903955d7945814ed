/**
 * Rolls shown as dice. When rolls the player may see arrive (a combat, a search, a detection, a
 * break-off...), their dice tumble onto their faces over the map with the roll's line beneath, then
 * fade. A click on them, or any key, skips them; Settings' "Show rolls as dice" turns them off. The
 * dice are read from the event's own words ("die 4", "dice 2 and 5"), the line the log shows, so the
 * tray can never draw a roll the player may not read.
 */

import { prefersReducedMotion } from '../motion';
import type { ScreenBox } from '../screen-boxes';

/** The dice named in a roll's line: "die 4" → [4]; "dice 2 and 5" → [2, 5]; "dice 1, 6, 3" → [1, 6, 3]. */
export function diceOf(text: string): number[] {
  const m = /\bdi(?:e|ce) ((?:[1-6](?:, | and )?)+)\b/i.exec(text);
  return m ? [...(m[1] as string).matchAll(/[1-6]/g)].map((x) => Number(x[0])) : [];
}

/** The pips of a face on a 3×3 grid (cells 0-8, row by row). `makeDie` and `face` draw one (the conquest dice too). */
const PIPS: Record<number, number[]> = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

export function face(die: HTMLElement, value: number): void {
  die.dataset.value = String(value);
  die.setAttribute('aria-label', `die showing ${value}`);
  const cells = die.children;
  for (let i = 0; i < 9; i++) (cells[i] as HTMLElement).classList.toggle('pip', (PIPS[value] ?? []).includes(i));
}

export function makeDie(): HTMLElement {
  const die = document.createElement('span');
  die.className = 'die';
  for (let i = 0; i < 9; i++) die.appendChild(document.createElement('i'));
  return die;
}

/** The open part of the map, in the window's pixels: where the tray may stand. */
export interface TrayArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the tray may stand and what it must leave readable (the planets' and stars' names, the markers), in the window's pixels. */
export interface TrayRoom {
  area: TrayArea;
  avoid: readonly ScreenBox[];
  /** What the tray must never stand over (a tutorial's words): crowded all over, it covers names rather than these. */
  keepOff?: readonly ScreenBox[];
}

/**
 * Where a tray of this size stands (its top-left corner): the first spot of the open area that covers
 * none of the `avoid` boxes shown (names, markers), trying the top middle first (where the eye is),
 * then the bottom middle, then every spot on a grid, top rows first; crowded all over, the spot that
 * covers the fewest, and none of the `keepOff` boxes if it can.
 */
export function trayPlace(size: { width: number; height: number }, room: TrayRoom, gap = 6): { left: number; top: number } {
  const { area } = room;
  const maxLeft = Math.max(area.left, area.right - size.width);
  const maxTop = Math.max(area.top, area.bottom - size.height);
  const mid = area.left + Math.max(0, (area.right - area.left - size.width) / 2);
  const spots: { left: number; top: number }[] = [
    { left: mid, top: area.top },
    { left: mid, top: maxTop },
  ];
  const STEPS = 8;
  for (let j = 0; j <= STEPS; j++)
    for (let i = 0; i <= STEPS; i++) spots.push({ left: area.left + ((maxLeft - area.left) * i) / STEPS, top: area.top + ((maxTop - area.top) * j) / STEPS });
  let best = spots[0] as { left: number; top: number };
  let fewest = Infinity;
  for (const spot of spots) {
    const covered = cost(spot, size, room, gap);
    if (covered < fewest) {
      fewest = covered;
      best = spot;
      if (!covered) break;
    }
  }
  return best;
}

/** How many of the `avoid` boxes on show a tray of this size at `spot` covers (with `gap` around it). */
function coveredBy(spot: { left: number; top: number }, size: { width: number; height: number }, avoid: readonly ScreenBox[], gap: number): number {
  const cx = spot.left + size.width / 2;
  const cy = spot.top + size.height / 2;
  return avoid.filter((b) => b.visible && Math.abs(cx - b.x) < (size.width + b.width) / 2 + gap && Math.abs(cy - b.y) < (size.height + b.height) / 2 + gap).length;
}

/** What covering at `spot` costs: each name or marker covered, and far more each box the tray must keep off. */
function cost(spot: { left: number; top: number }, size: { width: number; height: number }, room: TrayRoom, gap: number): number {
  return coveredBy(spot, size, room.avoid, gap) + KEEP_OFF_COST * coveredBy(spot, size, room.keepOff ?? [], gap);
}
const KEEP_OFF_COST = 1000;

/** Whether a tray at `spot` covers any name or marker of the room (or what it must keep off). */
export function trayCovers(spot: { left: number; top: number }, size: { width: number; height: number }, room: TrayRoom, gap = 6): boolean {
  return cost(spot, size, room, gap) > 0;
}

export interface ShownRoll {
  dice: number[];
  text: string;
}

export class DiceTray {
  readonly el: HTMLElement;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private spin: ReturnType<typeof setInterval> | null = null;
  /** The frame that keeps the tray clear of the map's names while it is on show. */
  private follow: number | null = null;

  constructor(host: HTMLElement) {
    this.el = document.createElement('div');
    this.el.className = 'dice-tray';
    this.el.dataset.testid = 'dice';
    this.el.hidden = true;
    this.el.title = 'Click, or press any key, to skip';
    this.el.addEventListener('click', () => this.skip());
    host.appendChild(this.el);
  }

  get shown(): boolean {
    return !this.el.hidden;
  }

  /**
   * Tumble these rolls' dice onto their faces, hold, and fade. `speed` is the animation speed (1
   * normal, 2.5 fast); 0 shows nothing (instant play). A newer roll replaces the one on show.
   */
  show(rolls: ShownRoll[], speed: number, room?: () => TrayRoom): void {
    const withDice = rolls.filter((r) => r.dice.length).slice(-3);
    if (!withDice.length || speed <= 0) return;
    this.skip();
    const dice: { el: HTMLElement; value: number }[] = [];
    // asked for less motion, the dice lie on their faces from the start
    const still = prefersReducedMotion();
    this.el.replaceChildren(
      ...withDice.map((roll) => {
        const row = document.createElement('div');
        row.className = 'dice-row';
        const faces = document.createElement('div');
        faces.className = 'dice-faces';
        for (const value of roll.dice) {
          const die = makeDie();
          face(die, still ? value : 1 + Math.floor(Math.random() * 6));
          if (!still) die.classList.add('tumbling');
          faces.appendChild(die);
          dice.push({ el: die, value });
        }
        const caption = document.createElement('p');
        caption.textContent = roll.text;
        row.append(faces, caption);
        return row;
      }),
    );
    this.el.classList.remove('fading');
    this.el.hidden = false;
    // where it covers no name on the map (nor a choice's marker): measured now it is laid out, and again
    // while it is on show, since the camera's flight moves the names under a tray that stays put
    if (room) {
      this.place(room(), true);
      const keepClear = () => {
        if (this.el.hidden) return;
        this.place(room(), false);
        this.follow = requestAnimationFrame(keepClear);
      };
      this.follow = requestAnimationFrame(keepClear);
    }
    // random faces while they tumble (only the look: the values come from the roll's line)
    if (!still)
      this.spin = setInterval(() => {
        for (const d of dice) face(d.el, 1 + Math.floor(Math.random() * 6));
      }, 70);
    this.timers.push(
      setTimeout(() => {
        this.stopSpin();
        for (const d of dice) {
          d.el.classList.remove('tumbling');
          face(d.el, d.value);
        }
      }, 650 / speed),
      setTimeout(() => this.el.classList.add('fading'), (650 + 1700) / speed),
      setTimeout(() => this.skip(), (650 + 1700 + 400) / speed),
    );
  }

  /** Put the tray where it covers nothing of `room`: anywhere (`fresh`), else only if where it stands now covers something. */
  private place(room: TrayRoom, fresh: boolean): void {
    const size = { width: this.el.offsetWidth, height: this.el.offsetHeight };
    const box = this.el.getBoundingClientRect();
    const here = { left: box.left, top: box.top };
    if (!fresh && !trayCovers(here, size, room)) return;
    const at = trayPlace(size, room);
    // crowded all over: no jumping about for nothing, unless it stands over what it must keep off and need not
    const overKept = (spot: { left: number; top: number }) => cost(spot, size, room, 6) >= KEEP_OFF_COST;
    if (!fresh && trayCovers(at, size, room) && !(overKept(here) && !overKept(at))) return;
    this.el.style.left = `${at.left.toFixed(0)}px`;
    this.el.style.top = `${at.top.toFixed(0)}px`;
  }

  /** Hide the dice now. */
  skip(): void {
    if (this.follow !== null) cancelAnimationFrame(this.follow);
    this.follow = null;
    this.stopSpin();
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.el.hidden = true;
    this.el.classList.remove('fading');
  }

  private stopSpin(): void {
    if (this.spin) clearInterval(this.spin);
    this.spin = null;
  }
}
