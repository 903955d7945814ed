/**
 * The conquest screen's parts, and where they stand on the page [issue 53]: the factions panel on the left and the
 * cards-and-turn panel on the right, each folding to a tab in a small window (small-window.ts says when);
 * the question bar over the map while the panel is folded; the board framed whole in the room they leave;
 * and the battle dice where they cover no system.
 */
import type { GalaxyScene } from '../../render/galaxy-scene';
import { BoardFrame } from '../game-screen/board-frame';
import { setHtml } from '../html';
import type { ScreenBox } from '../screen-boxes';
import { boardDrawers, drawersWhen, makeDrawer, openDrawerOf, type Drawer } from '../shell/drawers';
import { clearSpot, panelFolds, questionBarHtml, type QuestionWords } from './small-window';

/** The screen's parts: the setup; the factions (`side`, in its section `sideSection`), the events log (in `logSection`), the cards-and-turn panel with its hand, decision and foot; the question bar; the result, the hot-seat hand-over and the help over the map. */
export interface ScreenParts {
  setup: HTMLElement;
  side: HTMLElement;
  sideSection: HTMLElement;
  log: HTMLElement;
  logSection: HTMLElement;
  panel: HTMLElement;
  hand: HTMLElement;
  decision: HTMLElement;
  foot: HTMLElement;
  question: HTMLElement;
  over: HTMLElement;
  privacy: HTMLElement;
  help: HTMLElement;
}

/** Build the screen's parts in `box`, every one hidden until a game opens. */
export function buildParts(box: HTMLElement): ScreenParts {
  box.innerHTML = `
      <section class="cq-setup" data-testid="cq-setup" hidden></section>
      <section class="cq-side" hidden><div data-cq="side" data-testid="cq-side"></div></section>
      <section class="cq-log" hidden><h3>Events</h3><ol data-cq="log" data-testid="cq-log"></ol></section>
      <section class="cq-panel" hidden><div class="cq-hand" data-cq="hand" data-testid="cq-hand"></div><div class="cq-decision" data-cq="decision" data-testid="cq-decision" aria-live="polite"></div><div class="cq-foot" data-cq="foot"></div></section>
      <div class="cq-question" data-testid="cq-question" hidden></div>
      <div class="cq-over" data-testid="cq-over" hidden></div>
      <div class="cq-privacy" data-testid="cq-privacy" hidden></div>
      <div class="cq-help game-help" data-testid="cq-help" hidden></div>`;
  const q = (s: string) => box.querySelector(s) as HTMLElement;
  return {
    setup: q('.cq-setup'),
    side: q('[data-cq="side"]'),
    sideSection: q('.cq-side'),
    log: q('[data-cq="log"]'),
    logSection: q('.cq-log'),
    panel: q('.cq-panel'),
    hand: q('[data-cq="hand"]'),
    decision: q('[data-cq="decision"]'),
    foot: q('[data-cq="foot"]'),
    question: q('.cq-question'),
    over: q('.cq-over'),
    privacy: q('.cq-privacy'),
    help: q('.cq-help'),
  };
}

/** The parts of the screen laid out: its box, the two side panels' sections, the events log under the factions, the question bar. */
export interface LayoutParts {
  box: HTMLElement;
  side: HTMLElement;
  log: HTMLElement;
  panel: HTMLElement;
  question: HTMLElement;
}

/** What the small window's folds follow: the question on the screen. */
export interface Situation {
  /** A small window, and no tutorial (a tutorial's steps point at the panels: they stay as its guide shows them). */
  small: boolean;
  /** The game is over, or a replay is on show: nothing to ask. */
  ended: boolean;
  /** The kind of the decision the viewer answers now (null: none). */
  asked: string | null;
  /** Whose decision is pending, when it is not the viewer's. */
  waitingOn: string;
}

export class ScreenLayout {
  private readonly frame: BoardFrame;
  private readonly sideDrawer: Drawer;
  private readonly panelDrawer: Drawer;
  /** The question the panel was last folded or opened for in a small window (the player's own fold stands until it changes). */
  private foldedFor = '';

  /** `folded`: a panel was folded or opened (by the player, or by `fit`). */
  constructor(
    private readonly galaxy: GalaxyScene,
    private readonly parts: LayoutParts,
    folded: () => void,
  ) {
    this.frame = new BoardFrame(galaxy);
    this.sideDrawer = makeDrawer(parts.side, 'left', 'Factions', () => {
      this.fitLog();
      folded();
    });
    this.panelDrawer = makeDrawer(parts.panel, 'right', 'Cards and turn', folded);
    // the factions panel grows with a bloc game's blocs and every continent: the log gives it room
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => this.fitLog()).observe(parts.side);
  }

  /**
   * The events log stands under the factions panel, in what the panel leaves of the left column (the
   * stylesheet keeps it at least 150 px by the panel's greatest height), so a bloc game's factions,
   * blocs and continents show whole; with the panel folded or hidden, at its own height.
   */
  private fitLog(): void {
    const { side, log, box } = this.parts;
    const open = !this.sideDrawer.folded && !side.hidden && side.getClientRects().length ? side.getBoundingClientRect() : null;
    log.style.top = open && open.height ? `${Math.round(open.bottom - box.getBoundingClientRect().top + 10)}px` : '';
    log.style.height = open && open.height ? 'auto' : '';
  }

  /**
   * A new game on the board: its systems measured, the panel open, and the factions folded to their tab
   * when the map needs their room: a small window, or one whose two panels leave the map too narrow (its
   * names of the crowded side under a panel: shell/drawers.ts). The panels are drawers while either holds.
   */
  begin(): void {
    this.frame.measure();
    this.foldedFor = '';
    const foldSide = boardDrawers(this.parts.side, this.parts.panel);
    if (this.sideDrawer.folded !== foldSide) this.sideDrawer.fold(foldSide);
    if (this.panelDrawer.folded) this.panelDrawer.fold(false);
  }

  /** The game leaves the page: its drawers no longer say when the page has them. */
  end(): void {
    drawersWhen(null);
  }

  openPanel(): void {
    this.panelDrawer.fold(false);
  }

  /** Open whichever panel `el` stands in, if it is folded away (a tutorial's step speaks of it). */
  reveal(el: HTMLElement): void {
    openDrawerOf(el, [this.sideDrawer, this.panelDrawer]);
  }

  /** Frame the whole board in the part of the page the panels (and the question bar of a small window) leave open. */
  frameBoard(): void {
    const { side, panel, question } = this.parts;
    const canvas = this.galaxy.renderer.domElement.getBoundingClientRect();
    const top = question.hidden ? 0 : Math.max(0, question.getBoundingClientRect().bottom - canvas.top + 4);
    this.frame.frame(side, panel, top);
  }

  /**
   * [issue 53] A small window: the cards-and-turn panel folds while there is nothing to answer in it (the
   * AI plays, or the map answers), and opens for the questions its buttons answer; while folded, the turn's
   * question (`words`) stands in a bar at the top of the map.
   */
  fit(now: Situation, words: () => QuestionWords): void {
    const { side, question } = this.parts;
    const situation = `${now.asked ?? now.waitingOn}|${now.asked !== null}|${now.ended}`;
    let fold: boolean | null = null;
    if (now.small && situation !== this.foldedFor) {
      this.foldedFor = situation;
      fold = !now.ended && panelFolds(now.asked, now.asked !== null);
    }
    const wasShown = !question.hidden;
    const shown = now.small && !now.ended && (fold ?? this.panelDrawer.folded);
    question.hidden = !shown;
    if (shown) setHtml(question, questionBarHtml(words()));
    const open = this.sideDrawer.folded ? null : side.getBoundingClientRect();
    question.style.left = open && open.width ? `${Math.round(open.right + 8)}px` : '';
    if (fold !== null && fold !== this.panelDrawer.folded) this.panelDrawer.fold(fold);
    else if (shown !== wasShown) this.frameBoard();
  }

  /** The battle dice (`dice`) stand where they cover none of `avoid`: the open part's top or bottom, a corner, else over a panel [issue 53]. */
  placeDice(dice: HTMLElement, avoid: readonly ScreenBox[]): void {
    if (dice.hidden) return;
    const canvas = this.galaxy.renderer.domElement.getBoundingClientRect();
    const box = this.parts.box.getBoundingClientRect();
    const rect = (e: Element | null) => (e && !(e as HTMLElement).hidden && e.getClientRects().length ? e.getBoundingClientRect() : null);
    const side = rect(this.parts.side);
    const panel = rect(this.parts.panel);
    const top = Math.max(rect(document.querySelector('.hud'))?.bottom ?? canvas.top, rect(this.parts.question)?.bottom ?? 0) + 6;
    dice.style.right = 'auto';
    dice.style.left = '0px';
    dice.style.top = '0px';
    const open = { left: (side?.right ?? canvas.left) + 8 - canvas.left, top: top - canvas.top, right: (panel?.left ?? canvas.right) - 8 - canvas.left, bottom: canvas.height - 8 };
    const over: ScreenBox[] = [side, panel].filter((r): r is DOMRect => !!r).map((r) => ({ x: r.left + r.width / 2 - canvas.left, y: r.top + r.height / 2 - canvas.top, width: r.width, height: r.height, visible: true }));
    const at = clearSpot(dice.offsetWidth, dice.offsetHeight, open, avoid, over);
    dice.style.left = `${Math.round(at.left + canvas.left - box.left)}px`;
    dice.style.top = `${Math.round(at.top + canvas.top - box.top)}px`;
  }
}
