/**
 * The pace of the AI's turns in conquest [issue 53]. At ×1 and ×2 each AI decision is shown on its own
 * (every roll's dice). From ×4 ("fast" on the setup screen) the AI's steps are shown in beats: all of a
 * turn's placements at once, each attack with its rolls and its move-in as one, a reinforcing move as one;
 * each beat is seen on the map (its arcs and pulses) and held for a while that shrinks as the round's time
 * runs out, so the AI turns between two of a player's decisions take about five seconds at ×4 (half that at
 * ×8) however many battles they hold. What each beat did is kept in words for the summary shown after.
 * The screen's `Pacer` keeps the time: the speed, the pause, and the one timer of what comes next.
 */

/** A beat of the AI's play: the steps the screen shows together. */
export type Beat = 'place' | 'battle' | 'fortify' | 'cards' | 'setup' | 'quiet';

/** The slowest speed whose AI steps are shown in beats: "fast" on the setup screen. */
export const BEATS_FROM_SPEED = 4;

/** The time the AI turns between two of a player's decisions may take at ×4 (ms); at ×8, half. */
export const ROUND_BUDGET_MS = 5000;

/** How long each beat is held at ×4 while the round's time is all there (ms): a battle longest, as it says most. */
const BEAT_MS: Record<Beat, number> = { place: 350, battle: 500, fortify: 350, cards: 300, setup: 70, quiet: 0 };

/** The least a beat is held, however late in the round: about six frames, long enough to be seen. */
export const LEAST_SEEN_MS = 100;

/** The beat an AI decision starts (its kind, and the command that answered it). */
export function beatOf(kind: string, command: string): Beat {
  if (kind === 'conquest-place' || kind === 'conquest-bonus') return 'place';
  if (kind === 'conquest-trade') return command === 'trade' ? 'cards' : 'quiet';
  if (command === 'attack' || kind === 'conquest-battle' || kind === 'conquest-move-in' || kind === 'conquest-defend') return 'battle';
  if (command === 'fortify' || kind === 'conquest-fortify-count') return 'fortify';
  if (kind === 'conquest-claim' || kind === 'conquest-setup-place' || kind === 'conquest-capital') return 'setup';
  return 'quiet';
}

/** Whether a beat goes on into the next decision (of the same side): placements into more placements, an attack into its rolls and its move-in. */
export function goesOn(beat: Beat, nextKind: string): boolean {
  if (beat === 'place' || beat === 'cards') return nextKind === 'conquest-place' || nextKind === 'conquest-bonus' || nextKind === 'conquest-trade';
  if (beat === 'battle') return nextKind === 'conquest-battle' || nextKind === 'conquest-move-in' || nextKind === 'conquest-defend';
  if (beat === 'fortify') return nextKind === 'conquest-fortify-count';
  return false;
}

/**
 * The timing plan of a round of AI turns at `speed` (×4 or faster): each beat's hold is its own time
 * scaled by the share of the round's budget still left, never less than what is seen. Its clock starts
 * at the round's first beat; `newRound` starts it again (a player answered, or the game's round changed).
 */
export class RoundPace {
  private start: number | null = null;

  constructor(
    readonly speed: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The round's budget at this speed (ms). */
  get budget(): number {
    return (ROUND_BUDGET_MS * BEATS_FROM_SPEED) / this.speed;
  }

  newRound(): void {
    this.start = null;
  }

  /** How long to hold a beat just shown before the AI plays on (ms). */
  hold(beat: Beat): number {
    const base = (BEAT_MS[beat] * BEATS_FROM_SPEED) / this.speed;
    if (base === 0) return 0;
    this.start ??= this.now();
    const left = Math.max(0, 1 - (this.now() - this.start) / this.budget);
    return Math.max(Math.min(base, LEAST_SEEN_MS), Math.round(base * left));
  }
}

/** What `playBeat` needs of a game: its pending decision, whether a person is to answer it, and the AI's next step. */
export interface BeatSource<S> {
  readonly decision: { kind: string; side: string } | null;
  readonly humanToDecide: boolean;
  stepAi(): S | null;
}

/** The AI's next beat, played now: its first step, then each next decision of the same side the beat goes on into. */
export function playBeat<S extends { decision: { kind: string; side: string }; command: { type: string } }>(game: BeatSource<S>): { beat: Beat; steps: S[] } {
  const first = game.stepAi();
  if (!first) return { beat: 'quiet', steps: [] };
  const beat = beatOf(first.decision.kind, first.command.type);
  const steps = [first];
  for (let d = game.decision; d && !game.humanToDecide && d.side === first.decision.side && goesOn(beat, d.kind); d = game.decision) {
    const step = game.stepAi();
    if (!step) break;
    steps.push(step);
  }
  return { beat, steps };
}

/** Milliseconds between AI decisions at ×1, by kind: the setup's many placements go quicker. */
const PACE_MS: Record<string, number> = { 'conquest-claim': 280, 'conquest-setup-place': 140, 'conquest-capital': 400, 'conquest-place': 320 };
const DEFAULT_PACE_MS = 700;

/**
 * The conquest screen's clock: the speed chosen (0: as fast as the engine goes), the pause, and the one
 * timer of what comes next (an AI move, or a replay's next command), which never fires before the
 * animations of the last move end (the hold; a key or a click skips them). From ×4, not in a tutorial,
 * the AI plays in beats held as their round's plan says.
 */
export class Pacer {
  speed = 1;
  paused = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holdUntil = 0;
  /** The timing plan of the AI's beats at this speed (fast and faster), and the game round its clock began in. */
  private roundPace: RoundPace | null = null;
  private paceRound = -1;

  /** `guided`: a tutorial is played (its steps are never hurried into beats). */
  constructor(private readonly guided: () => boolean) {}

  /** A move is timed to come. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** The animations of the last move are still on show. */
  get holding(): boolean {
    return this.holdUntil > performance.now();
  }

  /** The next move waits `ms` for the animations just started. */
  hold(ms: number): void {
    this.holdUntil = performance.now() + ms;
  }

  /** [issue 53] The AI's moves are shown in beats (fast and faster, not the fastest), with their timing plan. */
  get beats(): RoundPace | null {
    if (this.speed < BEATS_FROM_SPEED || this.guided()) return null;
    if (this.roundPace?.speed !== this.speed) this.roundPace = new RoundPace(this.speed);
    return this.roundPace;
  }

  /**
   * Run `next` after the pace of a decision of `kind` (none in beats, where each beat's hold is the whole
   * pause; none at the fastest speed), and never before the hold ends. Whatever was timed before is not.
   */
  later(kind: string, next: () => void, inBeats = false): void {
    this.cancel();
    const pace = this.speed === 0 || inBeats ? 0 : (PACE_MS[kind] ?? DEFAULT_PACE_MS) / this.speed;
    const wait = Math.max(pace, this.holdUntil - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      next();
    }, wait);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The animations skipped: true when a move was timed to wait for them (it is to come at once). */
  skip(): boolean {
    const waiting = this.holding;
    this.holdUntil = 0;
    return waiting && this.timer !== null;
  }

  /** A beat just shown is held as its round's plan says (watched without a player, each game round is a round on the clock). */
  holdBeat(beat: Beat, round: number, watched: boolean): void {
    const pace = this.beats as RoundPace;
    if (watched && round !== this.paceRound) pace.newRound();
    this.paceRound = round;
    this.hold(pace.hold(beat));
  }

  /** The player answered: the next AI turns start a new round on the clock. */
  newRound(): void {
    this.roundPace?.newRound();
  }
}
