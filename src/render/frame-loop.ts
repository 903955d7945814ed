/**
 * The galaxy's frame loop, which sleeps when nothing on the page moves.
 *
 * A page that asks the browser for animation frames is drawn by it sixty times a second, whether or not
 * anything changed: the style, layout and compositing passes run each time. The scene already draws its
 * picture only when something changed (render on demand), but the frames asked for cost on their own:
 * about a tenth of a core for a game page left at a decision on this machine, against three hundredths
 * with no frames asked for. That is a laptop's fan and battery while its player reads the rules.
 *
 * So after a sixth of a second of frames in which the scene did nothing (drew nothing, moved nothing,
 * placed no name) and nothing else on the page changed, the loop stops asking. Whatever can change the
 * picture, or what stands over it, wakes it: a call to the scene (`wake`, from `invalidate` and its kin), the
 * player's pointer, wheel or keys anywhere on the page, a change to the page's elements (a new state's
 * panels, a marker added), the end of a CSS transition (a panel folded away), the window's size; and
 * it stays awake while a CSS transition runs.
 */
import type { WebGLRenderer } from 'three';

/**
 * Frames in a row with nothing to do before the loop sleeps (a sixth of a second). Whatever changes the
 * picture wakes the loop, so a longer wait only asks for frames that do nothing: each cost the page about a
 * millisecond of CPU. A game page whose elements changed every 1.2 s for 20 s (a new state's panels, as in an
 * AI's turn) cost Chromium 0.27 s of CPU with 10 quiet frames, against 1.1 s with the 60 (a second) it had.
 */
const QUIET_FRAMES = 10;

/** What wakes the loop from anywhere on the page. */
const WAKING_EVENTS = ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'transitionend', 'animationend', 'resize'] as const;

export class FrameLoop {
  private running = false;
  private awake = false;
  private quiet = 0;
  /** The page's elements changing outside a frame (what a frame changes itself is taken back at its end). */
  private readonly changes = new MutationObserver(() => this.wake());
  private readonly onEvent = () => this.wake();

  /**
   * `frame` draws one frame and says whether it did anything (drew, moved the camera, placed the names);
   * `page` is the element whose changes wake the loop.
   */
  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly frame: (now: number) => boolean,
    private readonly page: HTMLElement,
  ) {}

  /** Whether frames are being asked for now (the tests read it). */
  get asleep(): boolean {
    return this.running && !this.awake;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.changes.observe(this.page, { childList: true, subtree: true, attributes: true, characterData: true });
    for (const name of WAKING_EVENTS) window.addEventListener(name, this.onEvent, { capture: true, passive: true });
    this.wake();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.changes.disconnect();
    for (const name of WAKING_EVENTS) window.removeEventListener(name, this.onEvent, { capture: true });
    this.sleep();
  }

  /** Something may change: ask for frames again (and count the quiet frames afresh). */
  wake(): void {
    this.quiet = 0;
    if (!this.running || this.awake) return;
    this.awake = true;
    this.renderer.setAnimationLoop((now) => this.tick(now));
  }

  private tick(now: number): void {
    const busy = this.frame(now);
    // what the frame itself wrote on the page (the names and markers placed) is no reason to stay awake
    this.changes.takeRecords();
    if (busy) this.quiet = 0;
    else if (++this.quiet >= QUIET_FRAMES) {
      // a panel still sliding (a drawer folding) moves what is placed beside it: awake until it stops
      if (transitionRunning(this.page.ownerDocument)) this.quiet = 0;
      else this.sleep();
    }
  }

  private sleep(): void {
    this.awake = false;
    this.renderer.setAnimationLoop(null);
  }
}

/** Whether a CSS transition is under way on the page (asked only when the loop would sleep). */
function transitionRunning(doc: Document): boolean {
  if (typeof CSSTransition === 'undefined' || !doc.getAnimations) return false;
  return doc.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running');
}
