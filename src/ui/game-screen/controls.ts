/**
 * What the game screens (conquest, solitaire) share around a game: the AI's speeds and its moves, a
 * step played or an error met, the spectator's controls (pause, step, speed) and the footer's buttons, the buttons and
 * keys every screen answers the same way, and the event log.
 */
import { setHtml } from '../html';

/** AI speeds: ×1 is a pace a player can follow; 0 is as fast as the engine goes, without animations. */
export const AI_SPEEDS = [1, 2, 4, 8, 0];
/** At the fastest speed, how long the engine runs before the page draws again. */
const MAX_SPEED_SLICE_MS = 24;

/** A speed the screens offer (a save's or a link's may be any number): else ×1. */
export function aiSpeed(speed: number): number {
  return AI_SPEEDS.includes(speed) ? speed : 1;
}

/**
 * The AI's moves now: one, or at the fastest speed as many as a slice of time allows (until none is
 * left to play), then gone on with (`then`). An error in the engine stops the game instead (`fail`).
 */
export function playAi<S>(session: { stepAi(): S | null }, fastest: boolean, then: (steps: S[]) => void, fail: (e: unknown) => void): void {
  const steps: S[] = [];
  const until = performance.now() + MAX_SPEED_SLICE_MS;
  try {
    do {
      const step = session.stepAi();
      if (!step) break;
      steps.push(step);
    } while (fastest && performance.now() < until);
  } catch (e) {
    return fail(e);
  }
  then(steps);
}

/** One step played now (the spectator's Step, a person's answer; none: nothing happens), gone on with at once; an error stops the game instead. */
export function playOne<S>(play: () => S | null, then: (steps: S[]) => void, fail: (e: unknown) => void): void {
  try {
    const step = play();
    if (step) then([step]);
  } catch (e) {
    fail(e);
  }
}

/** [issue 56] The decision panel while a tutorial's words are read: nothing to answer here yet. */
export const GUIDE_READS_HTML = '<p class="muted small" data-testid="guide-reads">A tutorial: its words on the map say what comes next. Read them, then Next.</p>';

export const HELP_BUTTON = '<button data-act="help" title="How to play (?)">Help (?)</button>';

/** The footer's buttons: a watched game's controls (pause, step, speed; '' when none), help and the export. `prefix` names the screen's test ids. */
export function footHtml(prefix: string, controls: string): string {
  return `${controls}${HELP_BUTTON} <button data-act="export" data-testid="${prefix}-export" title="Download this game as a save file: import it later to resume it">Export to a file</button>`;
}

/** The spectator's controls of an AI's play: pause (Space), a step while paused, the speed. */
export function watchControlsHtml(prefix: string, c: { paused: boolean; speed: number; canStep: boolean; stepTitle: string }): string {
  return `<button data-act="pause" data-testid="${prefix}-pause">${c.paused ? 'Play (Space)' : 'Pause (Space)'}</button>
         <button data-act="step" data-testid="${prefix}-step" ${c.canStep ? '' : 'disabled'} title="${c.stepTitle}">Step</button>
         <label class="small">Speed <select data-act="speed" data-testid="${prefix}-speed">${AI_SPEEDS.map((v) => `<option value="${v}"${v === c.speed ? ' selected' : ''}>${v ? `×${v}` : 'max'}</option>`).join('')}</select></label>`;
}

/** What the buttons every game screen has do (the help and the game-over boxes aside). */
export interface GameActions {
  togglePause(): void;
  /** One AI move while paused. */
  stepOnce(): void;
  /** Back to the menu. */
  leave(): void;
  /** The game as a file download. */
  exportGame(): void;
}

/** The button of a game screen's own that a click is on (not a disabled one). */
export function clickedButton(e: Event, box: HTMLElement): HTMLButtonElement | null {
  const t = (e.target as HTMLElement).closest('button') as HTMLButtonElement | null;
  return t && !t.disabled && box.contains(t) ? t : null;
}

/**
 * Answer a button every game screen has (its `data-act`): the actions, and the help box (shown or
 * hidden) and the game-over box (closed to see the board, shown again). False when the act is the
 * screen's own.
 */
export function gameButton(act: string | undefined, b: GameActions, helpEl: HTMLElement, overEl: HTMLElement): boolean {
  switch (act) {
    case 'pause':
      b.togglePause();
      return true;
    case 'step':
      b.stepOnce();
      return true;
    case 'help':
      helpEl.hidden = !helpEl.hidden;
      return true;
    case 'menu':
      b.leave();
      return true;
    case 'export':
      b.exportGame();
      return true;
    case 'close-over':
      overEl.hidden = true;
      return true;
    case 'show-over':
      overEl.hidden = false;
      return true;
  }
  return false;
}

/** A key typed into a field is the field's (but Escape, which is always the screen's). */
export function typedInField(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') && e.key !== 'Escape';
}

/** The keys every game screen answers the same way: Space pauses a game an AI plays in, Esc closes the help or clears a pick, ? the help, Enter ends a step. */
export function gameKey<C extends { type: string }>(
  e: KeyboardEvent,
  k: {
    /** An AI plays some seat: Space pauses or resumes it. */
    canPause: boolean;
    togglePause(): void;
    helpEl: HTMLElement;
    /** Esc with the help closed: the pick on the map goes. */
    clearPick(): void;
    /** The decision the screen's person answers now, and the types of option that end a step (Enter takes the first). */
    decision: { options: readonly C[] } | null;
    endTypes: readonly string[];
    choose(c: C): void;
  },
): void {
  if (e.key === ' ') {
    e.preventDefault();
    e.stopImmediatePropagation();
    if (k.canPause) k.togglePause();
  } else if (e.key === 'Escape') {
    if (!k.helpEl.hidden) k.helpEl.hidden = true;
    else k.clearPick();
  } else if (e.key === '?') {
    k.helpEl.hidden = !k.helpEl.hidden;
  } else if (e.key === 'Enter') {
    const end = k.decision?.options.find((c) => k.endTypes.includes(c.type));
    if (end) {
      e.preventDefault();
      k.choose(end);
    }
  }
}

/** Whether two sets hold the same places in the same order (a hover that names the same places changes nothing). */
export function samePlaces(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return [...a].join() === [...b].join();
}

/** The event log: its last lines, written only when what it shows changed, scrolled to the newest. */
export class LogList {
  private key = '';

  constructor(private readonly el: HTMLElement) {}

  /** Show the lines (`html`: the list's items) for `key` (what they depend on), unless they are on show already. */
  show(key: string, html: () => string): void {
    if (key === this.key) return;
    this.key = key;
    setHtml(this.el, html());
    this.el.scrollTop = this.el.scrollHeight;
  }

  /** Write the log again at the next `show` (a new game, another viewer). */
  forget(): void {
    this.key = '';
  }
}
