/**
 * The replay of a finished conquest game on the screen [002]: a command at a time forward (animated as in
 * play), back, to the start or the end, to any move by the slider, or played on by itself at the pace
 * chosen; Esc leaves it for the game's result. It owns the replay (replay.ts: the log re-run) and whether
 * it plays; the screen shows the game the replay is at, as it shows a game in play.
 */
import type { Content } from '../../core/content/validate';
import { playAi, playOne } from '../game-screen/controls';
import type { Pacer } from './pace';
import { ConquestReplay } from './replay';
import type { ConquestSession, Step } from './session';

/** What the replay needs of the screen. */
export interface ReplayScreen {
  /** Show `game` (the replay's) as it stands, without animation: its last command's words and marks forgotten, drawn afresh. */
  showStill(game: ConquestSession): void;
  /** Show `game` after the steps just replayed, animated as moves in play are. */
  showSteps(game: ConquestSession, steps: Step[]): void;
  /** Leave the replay for `game`, the finished one, and its result. */
  showResult(game: ConquestSession): void;
  render(): void;
  /** What comes next (the replay's next command, while it plays). */
  schedule(): void;
  fail(e: unknown): void;
  /** Close the help, if it is open (true when it was). */
  closeHelp(): boolean;
}

export class ReplayPlayer {
  readonly replay: ConquestReplay;
  /** Whether it plays on by itself. */
  playing = false;

  /** The replay of `finished`, at its start (throws when its log does not replay), played on at the pace `pacer` keeps. */
  constructor(
    content: Content,
    finished: ConquestSession,
    private readonly screen: ReplayScreen,
    private readonly pacer: Pacer,
  ) {
    this.replay = new ConquestReplay(content, finished, 0);
  }

  /** Show the replay after its first `n` commands (rebuilt from the start: a step back, the start, the end, the slider). */
  seek(n: number): void {
    const r = this.replay;
    if (n === r.index + 1) return this.forward();
    this.playing = false;
    try {
      r.seek(n);
    } catch (e) {
      return this.screen.fail(e);
    }
    this.screen.showStill(r.session);
  }

  /** One command on, animated like a move in play. */
  forward(): void {
    const r = this.replay;
    if (!r.next) {
      this.playing = false;
      return this.screen.render();
    }
    playOne(
      () => r.forward(),
      (steps) => this.screen.showSteps(r.session, steps),
      (e) => this.screen.fail(e),
    );
  }

  togglePlay(): void {
    const r = this.replay;
    // played to its end, Play starts it again
    if (!r.next && !this.playing) r.seek(0);
    this.playing = !this.playing;
    if (this.playing) this.screen.showStill(r.session);
    else this.screen.render();
    this.screen.schedule();
  }

  /** Playing by itself, the replay goes on at the pace of play (×1 the AI's pace; max: as fast as the engine goes). */
  scheduleNext(): void {
    const r = this.replay;
    if (!this.playing) return;
    if (!r.next) {
      this.playing = false;
      return this.screen.render();
    }
    const pacer = this.pacer;
    pacer.later(r.session.decision?.kind ?? '', () => {
      // (left or paused since)
      if (!this.playing) return;
      playAi(
        { stepAi: () => r.forward() },
        pacer.speed === 0,
        (steps) => (steps.length ? this.screen.showSteps(r.session, steps) : this.screen.schedule()),
        (e) => this.screen.fail(e),
      );
    });
  }

  /** Leave the replay for the finished game and its result. */
  leave(): void {
    const r = this.replay;
    try {
      r.seek(r.length);
    } catch (e) {
      return this.screen.fail(e);
    }
    this.playing = false;
    this.screen.showResult(r.session);
  }

  /** The replay's buttons (their `data-act`): true when the button was the replay's. */
  button(act: string | undefined): boolean {
    const r = this.replay;
    const acts: Record<string, () => void> = {
      'replay-start': () => this.seek(0),
      'replay-back': () => this.seek(r.index - 1),
      'replay-forward': () => this.forward(),
      'replay-end': () => this.seek(r.length),
      'replay-play': () => this.togglePlay(),
      'replay-leave': () => this.leave(),
    };
    const run = act ? acts[act] : undefined;
    run?.();
    return !!run;
  }

  /** The replay's keys: ← and → a command, Home and End, Space plays or pauses, Esc leaves. True when the key was the replay's. */
  key(e: KeyboardEvent): boolean {
    const r = this.replay;
    const act: Record<string, () => void> = {
      ArrowLeft: () => this.seek(r.index - 1),
      ArrowRight: () => this.forward(),
      Home: () => this.seek(0),
      End: () => this.seek(r.length),
      ' ': () => this.togglePlay(),
      Escape: () => this.screen.closeHelp() || this.leave(),
    };
    const run = act[e.key];
    if (!run) return false;
    e.preventDefault();
    e.stopImmediatePropagation();
    run();
    return true;
  }
}
