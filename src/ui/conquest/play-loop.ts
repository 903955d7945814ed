/**
 * The conquest game played on, on the screen [002]: what comes next and when. A person's decision waits
 * for them (the screen hands the screen over in hot-seat); an AI's is played after its pace, one move at
 * a time (animated), at the fastest speed as many as a slice of time allows, or from ×4 in beats held as
 * their round's plan says (pace.ts); a replay plays on at the same pace (replay-player.ts). Each move is
 * noted as it comes: the battle under way, what it did in words, the systems it acted on (moves-told.ts).
 */
import type { Command, Decision } from '../../core/engine/types';
import type { FactionId } from '../../../systems/conquest/content';
import type { Guide } from '../shell/mode';
import { aiSpeed, playAi, playOne } from '../game-screen/controls';
import { battleOf, beatLine, placesOf, publicLines, type Battle } from './moves-told';
import { Pacer, playBeat, type Beat } from './pace';
import type { ReplayPlayer } from './replay-player';
import { RemoteConquestSession, type AnySession } from './remote-session';
import { ConquestSession, type Step } from './session';

/** What the play loop needs of the screen. */
export interface PlayScreen {
  /** The game is on the page (not left for the menu). */
  active(): boolean;
  /** A tutorial's guide, while its game is played (it hears of each move; its steps are never hurried). */
  guide(): Guide | null;
  /** The replay on show, if one is. */
  replay(): ReplayPlayer | null;
  /** A person's decision is pending: in hot-seat, the screen goes to them first. */
  awaitHuman(d: Decision<FactionId>): void;
  showOver(): void;
  autosave(): void;
  render(): void;
  /** Animate what a step did (the dice too unless `dice` is false); returns how long the next AI move should wait (ms). */
  animate(step: Step, dice?: boolean): number;
  /** Take off the animations on show. */
  skipAnimations(): void;
  name(f: FactionId | null): string;
  showMessage(text: string): void;
}

export class PlayLoop {
  /** The game on show (a replay's, while one is). */
  session: AnySession | null = null;
  /** The speed, the pause, and the timer of what comes next (an AI move waits for the last one's animations). */
  readonly pacer: Pacer;
  /** The battle under way (its attacker, for a defence and the dice), and the attacker's last dice. */
  battle: Battle | null = null;
  /** What the last moves did, in words, for whoever watches them. */
  lastLines: string[] = [];
  /** [issue 53] At fast: what the AI's beats did since the player's last answer, summed up when the player's turn comes. */
  roundLines: string[] = [];
  /** Territories of the last move, marked on the board while the next is awaited. */
  recent = new Set<string>();
  /** Decisions answered so far (tests wait on it). */
  stepsDone = 0;
  /** Why the game stopped (the engine failed), if it did. */
  error = '';

  constructor(private readonly screen: PlayScreen) {
    this.pacer = new Pacer(() => !!screen.guide());
  }

  /** A new game, at `speed`: nothing of the last one's moves is told. */
  begin(session: AnySession, speed: number): void {
    this.session = session;
    this.pacer.speed = aiSpeed(speed);
    this.pacer.paused = false;
    this.battle = null;
    this.lastLines = [];
    this.roundLines = [];
    this.error = '';
    this.stepsDone = 0;
  }

  /** Show `session` as it stands, without animation (a replay's step): what the moves before did is not told. */
  still(session: AnySession): void {
    this.session = session;
    this.skip();
    this.battle = null;
    this.lastLines = [];
    this.recent = new Set();
  }

  /** What comes next: a human's decision waits for them (behind a hand-over screen in hot-seat); an AI's is played after its pace. */
  schedule(): void {
    this.pacer.cancel();
    const s = this.session;
    if (!s || !this.screen.active()) return;
    const replay = this.screen.replay();
    if (replay) return replay.scheduleNext();
    if (s.over) return this.screen.showOver();
    const d = s.decision;
    if (!d) return;
    // online, the server plays the others: their moves come with its messages
    if (s instanceof RemoteConquestSession && !s.humanToDecide) return;
    if (s.humanToDecide) return this.screen.awaitHuman(d);
    if (this.pacer.paused) return;
    // in beats (fast) each beat's hold is the whole pause; a step at a time, the kind's pace at least
    this.pacer.later(d.kind, () => this.tick(), !!this.pacer.beats);
  }

  /** AI moves: one (animated), or at the fastest speed as many as a slice of time allows; in beats (fast), a beat. */
  private tick(): void {
    const s = this.session;
    if (!s || !this.screen.active()) return;
    if (!this.pacer.beats) return playAi(s, this.pacer.speed === 0, (steps) => this.afterSteps(steps), (e) => this.fail(e));
    let played: { beat: Beat; steps: Step[] };
    try {
      played = playBeat(s);
    } catch (e) {
      return this.fail(e);
    }
    this.afterSteps(played.steps, false, played.beat);
  }

  /** Play one AI move now (the spectator's Step, while paused). */
  stepOnce(): void {
    const s = this.session;
    if (!s || s.humanToDecide || s.over) return;
    playOne(() => s.stepAi(), (steps) => this.afterSteps(steps), (e) => this.fail(e));
  }

  /** A person's answer: the summary of the AI's turns is read, the next start a new round on the clock; a refused answer is `refused` with why. */
  answer(command: Command<FactionId>, refused: (reason: string) => void): void {
    const s = this.session;
    if (!s) return;
    this.roundLines = [];
    this.pacer.newRound();
    playOne(() => s.answer(command), (steps) => this.afterSteps(steps, true), (e) => refused((e as Error).message));
  }

  /**
   * After moves: note them, animate the last (the AI's only below the fastest speed; a human's own always),
   * draw, go on. A beat of the AI's (fast) is animated whole, held as its timing plan says, and summed up
   * in a line for the summary after its turns.
   */
  afterSteps(steps: Step[], own = false, beat?: Beat): void {
    if (!steps.length) return this.schedule();
    this.stepsDone += steps.length;
    const guide = this.screen.guide();
    if (guide && this.session instanceof ConquestSession) guide.moved(this.session.game.log.length);
    // kept after every human answer, at every turn's end (a new turn begins) and at the game's end
    if (own || this.session?.over || steps.some((st) => st.events.some((e) => e.kind === 'turn'))) this.screen.autosave();
    for (const step of steps) this.battle = battleOf(step, this.battle);
    const last = steps[steps.length - 1] as Step;
    if (beat) return this.afterBeat(beat, steps);
    // what the others did, in words (a player's own move needs no telling)
    this.lastLines = own ? [] : publicLines(steps);
    this.recent = own ? new Set() : placesOf(last, this.battle);
    this.pacer.hold(this.pacer.speed === 0 && !own ? 0 : this.screen.animate(last));
    this.screen.render();
    this.schedule();
  }

  /** An AI beat (fast): every step of it on the map at once (no dice: the battle's outcome is on the map and in words), held as the plan says. */
  private afterBeat(beat: Beat, steps: Step[]): void {
    const s = this.session as AnySession;
    const line = beatLine(s, beat, steps, this.battle, (f) => this.screen.name(f));
    if (line) this.roundLines.push(line);
    this.lastLines = line ? [line] : this.lastLines;
    const places = new Set<string>();
    for (const step of steps) for (const t of placesOf(step, this.battle)) places.add(t);
    this.recent = places;
    // a placement pulses each system it reinforced; a battle draws its attack, its hits and its taking once
    const shown = beat === 'place' || beat === 'cards' ? steps : steps.filter((st, i) => i === steps.length - 1 || st.events.some((e) => e.kind === 'roll') !== steps[i + 1]?.events.some((e) => e.kind === 'roll'));
    for (const step of shown) this.screen.animate(step, false);
    this.pacer.holdBeat(beat, s.round, !s.humans.length);
    this.screen.render();
    this.schedule();
  }

  /** The engine failed: the game stops (paused) and says why. */
  fail(e: unknown): void {
    this.error = (e as Error).message;
    this.pacer.paused = true;
    this.screen.showMessage(`The conquest game stopped: ${this.error}`);
    console.error(e);
    this.screen.render();
  }

  /** Skip the animations on show; an AI move waiting for them comes at once. */
  skip(): void {
    const waiting = this.pacer.skip();
    this.screen.skipAnimations();
    if (waiting) this.schedule();
  }

  togglePause(): void {
    this.pacer.paused = !this.pacer.paused;
    this.screen.render();
    this.schedule();
  }
}
