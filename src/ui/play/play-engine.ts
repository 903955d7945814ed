/**
 * A game between people and AIs, free of any worker or DOM so it can be tested in Node. It holds the
 * game; human sides answer through `answer` (by option number, so only listed options can be played),
 * AI sides through `stepAI`, both through the engine's `apply`. Undo replays the command log without
 * the last human command, only within the current segment and only when nothing was rolled or revealed
 * since (so undo can never show what a different choice would have found).
 */
import { agentFactory } from '../../ai/registry';
import type { Agent } from '../../ai/agent';
import type { SideId } from '../../core/content/schema';
import { bundledContent } from '../../core/content/bundled';
import type { Content } from '../../core/content/validate';
import { apply, currentSegmentLabel, newGame, optionsOf, replay } from '../../core/engine/game';
import type { Command, Game, GameEvent } from '../../core/engine/types';
import { viewFor } from '../../core/view';
import { loadSave, saveToText } from '../../core/save';
import { starSystemRuleset } from '../../../systems/rebels-vs-empire/star-system-ruleset';
import type { EntityRefs } from '../../render/types';
import { playOne } from '../../ai/play';
import { namesIn } from '../../words/describe';
import { decisionScreen, sequenceLabels } from '../../words/decision-info';
import type { FromPlayWorker, PlayInfo, PlaySetup } from './play-protocol';
import { entityRefs } from '../../core/world/entity-refs';
import { canonical } from '../../core/engine/commands';
import { pickFacts } from '../../words/board/stacks';
import type { PickFacts } from '../../words/board/types';
import { needless } from '../../words/defaults';
import { assignmentFacts } from '../../words/assignment';
import { autoAnswer, opponentMayPlay, scriptedAgent, taughtNow, type GuidedScript } from './guided-play';

/** Events that roll dice or reveal something: undo may not cross them. */
const REVEALING = ['detection', 'pdb', 'military-combat', 'character-combat', 'combat', 'break-off', 'search', 'action', 'mission', 'hyperjump', 'squad', 'bonus-draw', 'domino', 'rebellion', 'capture', 'captured', 'subvert', 'subverted'];

export class PlayEngine {
  game: Game | null = null;
  setup: PlaySetup | null = null;
  private agents: Record<string, Agent> = {};
  /** For each logged command: the segment it was given in ("turn|segment") and the events before it. */
  private marks: { segment: string; events: number; human: boolean }[] = [];
  private viewer: SideId | null = null;
  private sentEvents = 0;
  private resetPending = true;
  paused = false;
  /** [issue 44] ask the human every question; off, `needlessAnswer` answers those that cannot matter. */
  askEveryTime = false;
  /** [issue 56] a tutorial's game: its script, and how far it may go now (guided-play.ts); null: a game of the player's own. */
  guided: GuidedScript | null = null;

  constructor(readonly content: Content = bundledContent()) {}

  start(setup: PlaySetup): FromPlayWorker[] {
    this.guided = null;
    if (!this.content.scenarios.has(setup.scenario)) return [{ type: 'error', message: `There is no scenario "${setup.scenario}".` }];
    const agents = this.agentsFor(setup);
    if (typeof agents === 'string') return [{ type: 'error', message: agents }];
    let game: Game;
    try {
      game = newGame({ content: this.content, ruleset: starSystemRuleset, scenario: setup.scenario, seed: setup.seed, handPlacement: setup.handPlacement ?? [], ...(setup.domino ? { options: { domino: setup.domino } } : {}) });
    } catch (e) {
      // a bad option (a side named twice...) is refused and the current game stays
      return [{ type: 'error', message: (e as Error).message }];
    }
    return this.begin(setup, agents, game);
  }

  /**
   * Resume a played game from a save with seats: the same people and AI levels at the same sides. A
   * broken save, or one without seats (a watched game), is refused with a message and the current game
   * (if any) stays as it was.
   */
  resume(text: string, guided: GuidedScript | null = null): FromPlayWorker[] {
    const loaded = loadSave(text, { content: this.content, ruleset: starSystemRuleset });
    if (!loaded.ok) return [{ type: 'error', message: `This save cannot be loaded: ${loaded.message}` }];
    const { save, game } = loaded;
    if (!save.seats) return [{ type: 'error', message: 'This save is of a watched game (it says nobody plays it): it resumes as AI against AI.' }];
    const setup: PlaySetup = { scenario: save.scenario, seed: save.seed, players: save.seats, handPlacement: save.handPlacement ?? [] };
    const agents = this.agentsFor(setup);
    if (typeof agents === 'string') return [{ type: 'error', message: `This save cannot be loaded: ${agents}` }];
    // [issue 56] a tutorial's opponent answers from its script, as its AI would
    this.guided = guided;
    if (guided) for (const side of Object.keys(agents)) agents[side] = scriptedAgent(() => this.game, () => this.guided);
    return this.begin(setup, agents, game);
  }

  /** The AI sides' agents, or why they cannot be made (an unknown AI level). */
  private agentsFor(setup: PlaySetup): Record<string, Agent> | string {
    const agents: Record<string, Agent> = {};
    try {
      for (const side of starSystemRuleset.sides) {
        const p = setup.players[side];
        if (p?.kind === 'ai') agents[side] = agentFactory(p.agent)({ side, seed: `${setup.seed}-${side}` });
      }
    } catch (e) {
      return (e as Error).message;
    }
    return agents;
  }

  private begin(setup: PlaySetup, agents: Record<string, Agent>, game: Game): FromPlayWorker[] {
    this.setup = setup;
    this.agents = agents;
    this.game = game;
    // a resumed game's commands came before this session: undo never reaches back into them
    this.marks = game.log.map(() => ({ segment: '', events: 0, human: false }));
    this.viewer = null;
    this.paused = false;
    this.sentEvents = 0;
    this.resetPending = true;
    return [
      { type: 'started', info: { scenario: setup.scenario, seed: setup.seed, replay: false, agents: this.agentNames() }, refs: this.refs() },
      this.state(),
    ];
  }

  /** The game so far as a save, with its seats (so it resumes as played). */
  saveText(): string {
    return saveToText(this.game as Game, this.setup?.players);
  }

  /** Whether a person at this screen must decide now. */
  humanToMove(): boolean {
    const d = this.game?.pending;
    return !!d && !this.game?.winner && !this.agents[d.side];
  }

  private agentNames(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [side, p] of Object.entries(this.setup?.players ?? {})) out[side] = p.kind === 'ai' ? p.agent : 'human';
    return out;
  }

  humans(): SideId[] {
    return starSystemRuleset.sides.filter((s) => this.setup?.players[s]?.kind === 'human');
  }

  /** The side the pending decision belongs to, if an AI plays it. */
  aiToMove(): SideId | null {
    const d = this.game?.pending;
    if (!d || this.game?.winner) return null;
    // [issue 56] a tutorial's opponent plays only as far as the guide has gone
    if (this.guided && !opponentMayPlay(this.game as Game, this.guided)) return null;
    return this.agents[d.side] ? d.side : null;
  }

  private segmentKey(): string {
    const g = this.game as Game;
    return `${g.turn}|${g.segment}`;
  }

  private applyLogged(command: Command, human: boolean): boolean {
    const g = this.game as Game;
    const mark = { segment: this.segmentKey(), events: g.events.length, human };
    const r = apply(g, command);
    if (!r.ok) return false;
    this.marks.push(mark);
    return true;
  }

  /** A human answer: option `index` of the pending decision, which must be that side's. */
  answer(side: SideId, index: number): FromPlayWorker[] {
    const g = this.game;
    const d = g?.pending;
    if (!g || !d) return [{ type: 'error', message: 'Nothing is waiting for an answer.' }];
    if (d.side !== side || this.agents[side]) return [{ type: 'error', message: `It is not the ${side} player's decision.` }];
    const option = d.options[index];
    if (!option) return [{ type: 'error', message: 'That is not one of the choices.' }];
    if (this.guided) return this.answerMany(side, [option]);
    if (!this.applyLogged(option, true)) return [{ type: 'error', message: 'That is not one of the choices.' }];
    return [this.state()];
  }

  /**
   * [issue 44] a move made on the map: several commands in a row (pick each piece of a stack, then its
   * destination), each checked against the decision pending when it comes, as `answer` checks one. If
   * any is not among the choices then, the game goes back to where it was before the first and the
   * whole move is refused. Undo takes the move back as one.
   */
  answerMany(side: SideId, commands: Command[]): FromPlayWorker[] {
    const g = this.game;
    if (!g?.pending) return [{ type: 'error', message: 'Nothing is waiting for an answer.' }];
    if (g.pending.side !== side || this.agents[side]) return [{ type: 'error', message: `It is not the ${side} player's decision.` }];
    if (this.guided) {
      // [issue 56] a tutorial takes only what its step teaches now, made as its script makes it
      const taught = taughtNow(g, this.guided, commands);
      if (!taught) return [{ type: 'error', message: 'Not now: the tutorial asks for something else (its words say what).' }, this.state()];
      commands = taught;
    }
    const before = g.log.length;
    const marks = this.marks.length;
    for (const [i, command] of commands.entries()) {
      const d = g.pending;
      const option = d && d.side === side ? d.options.find((o) => canonical(o) === canonical(command)) : undefined;
      if (!option || !this.applyLogged(option, i === 0)) {
        if (g.log.length > before) {
          this.game = replay(optionsOf(g), g.log.slice(0, before));
          this.marks = this.marks.slice(0, marks);
        }
        return [{ type: 'error', message: `That move is not one of the choices (step ${i + 1}: ${command.type}).` }, this.state()];
      }
    }
    return [this.state()];
  }

  /** [issue 53] a pick of the stack at `place`'s counters, for the map (nothing when no human's movement decision is pending). */
  pickFacts(place: string, pieces: number[]): PickFacts {
    const g = this.game;
    const d = g?.pending;
    if (!g || !d || !this.humans().includes(d.side) || (d.kind !== 'movement' && d.kind !== 'move-group')) return { place, pieces: [], dests: [], others: [] };
    return pickFacts(g, d, place, pieces);
  }

  /** One AI decision, if an AI is to move. */
  stepAI(): boolean {
    const g = this.game;
    const side = this.aiToMove();
    if (!g || !side) return false;
    const mark = { segment: this.segmentKey(), events: g.events.length, human: false };
    playOne(g, { [side]: this.agents[side] as Agent });
    this.marks.push(mark);
    return true;
  }

  /**
   * AI decisions, as many as it takes to change what the human watching sees: his view of the board,
   * or an event he may read. The screen shows each step, so one decision per step would let him count
   * the AI's hidden moves (how many groups moved unseen, how many units were placed). Returns the
   * decisions taken; stops where a human must decide, or after `limit`. With no human (all AIs), one.
   */
  stepAIUntilSeen(limit = 1000): number {
    const g = this.game;
    const viewer = this.currentViewer();
    if (!g || viewer === null) return this.stepAI() ? 1 : 0;
    const seen = () => JSON.stringify(viewFor(g, viewer, { events: false }));
    const before = seen();
    const eventsBefore = g.events.length;
    let steps = 0;
    while (steps < limit && this.stepAI()) {
      steps++;
      const told = g.events.slice(eventsBefore).some((e) => e.visibleTo === 'all' || e.visibleTo === viewer);
      if (told || seen() !== before) break;
    }
    return steps;
  }

  /** The last human command that undo would take back, or -1 (with the reason) when undo is off. */
  private undoTarget(): { index: number; note: string } {
    const g = this.game;
    if (!g || g.winner) return { index: -1, note: 'The game is over.' };
    if (this.guided) return { index: -1, note: "The tutorial's Back button goes back a step." };
    let i = this.marks.length - 1;
    while (i >= 0 && !this.marks[i]?.human) i--;
    if (i < 0) return { index: -1, note: 'Nothing to undo yet.' };
    const mark = this.marks[i] as (typeof this.marks)[number];
    if (mark.segment !== this.segmentKey()) return { index: -1, note: 'Undo works only within the current segment.' };
    const since = g.events.slice(mark.events);
    const revealing = since.find((e) => REVEALING.some((k) => e.kind === k || e.kind.startsWith(`${k}-`)));
    if (revealing && !this.mayRead(revealing)) {
      // the other side's secret fixes the past too, but the note must not quote it (hot-seat)
      return { index: -1, note: 'Cannot undo: dice were rolled or something was revealed since your last choice.' };
    }
    if (revealing) {
      // say what happened, so the player sees why the past is fixed now
      const what = revealing.text.length > 70 ? `${revealing.text.slice(0, 67)}…` : revealing.text;
      return { index: -1, note: `Cannot undo: dice were rolled or something hidden was revealed since your last choice ("${what}" ${revealing.rule ?? ''}).` };
    }
    // in hot-seat, never take back the other person's move
    if (this.aiToMove()) return { index: -1, note: 'Wait for the AI to finish.' };
    if (g.pending && g.log[i]?.side !== g.pending.side) return { index: -1, note: 'The last move was the other player’s.' };
    return { index: i, note: '' };
  }

  /** Whether the side at the screen may read this event (everything, when no side is human). */
  private mayRead(e: GameEvent): boolean {
    const viewer = this.currentViewer();
    return viewer === null || e.visibleTo === 'all' || e.visibleTo === viewer;
  }

  /** Take back the last human command (and any AI answers after it) by replaying the log without them. */
  undo(): FromPlayWorker[] {
    const g = this.game;
    const { index, note } = this.undoTarget();
    if (!g || index < 0) return [{ type: 'error', message: note || 'Nothing to undo.' }];
    this.game = replay(optionsOf(g), g.log.slice(0, index));
    this.marks = this.marks.slice(0, index);
    this.sentEvents = 0;
    this.resetPending = true;
    return [this.state()];
  }

  /** Static entities by id, for placing events in the picture. */
  refs(): EntityRefs {
    return entityRefs(this.game?.world);
  }

  /** Whose eyes the screen shows: the human who decides now, else the last human who did (or the only one). */
  private currentViewer(): SideId | null {
    const humans = this.humans();
    const d = this.game?.pending;
    if (d && humans.includes(d.side)) return d.side;
    if (this.viewer && humans.includes(this.viewer)) return this.viewer;
    return humans[0] ?? null;
  }

  /**
   * [issue 44] answer the human's needless questions by their default (Settings: "Ask me every time" off),
   * each through the engine like any answer, logged but not the human's own (undo goes past them).
   */
  private settle(): void {
    const g = this.game;
    if (g && this.guided) {
      // [issue 56] a tutorial's needless questions are answered as its script answered them
      for (let answer = autoAnswer(g, this.guided); answer && this.applyLogged(answer, false); answer = autoAnswer(g, this.guided));
      return;
    }
    if (!g || this.askEveryTime) return;
    for (let i = 0; i < 500; i++) {
      const d = g.pending;
      if (!d || g.winner || this.agents[d.side]) return;
      const answer = needless(g, d);
      if (!answer) return;
      const at = g.events.length;
      if (!this.applyLogged(answer.option, false)) return;
      // [issue 59] what was done for the player, and why, in his log where it happened
      if (answer.why) this.answeredNotes.push({ at, event: { turn: g.turn, when: currentSegmentLabel(g), kind: 'answered', text: answer.why, visibleTo: d.side } });
    }
  }

  /** [issue 59] the needless questions answered for the human, each with the log position it belongs at, not yet sent. */
  private answeredNotes: { at: number; event: GameEvent }[] = [];

  state(): Extract<FromPlayWorker, { play: PlayInfo }> {
    this.settle();
    const g = this.game as Game;
    const viewer = this.currentViewer();
    if (viewer !== this.viewer) {
      // hot-seat: the other side's eyes; its log starts afresh with only what it may see
      this.viewer = viewer;
      this.sentEvents = 0;
      this.resetPending = true;
    }
    const visible = (e: GameEvent) => this.mayRead(e);
    // events in names, not ids, for the log and the last-rolls box
    const notes = this.answeredNotes;
    this.answeredNotes = [];
    // the new events, each note of an answer given for the player before the first event that came after it
    const merged: GameEvent[] = [];
    let k = 0;
    for (let i = this.sentEvents; i < g.events.length; i++) {
      while (k < notes.length && (notes[k] as { at: number }).at <= i) merged.push((notes[k++] as { event: GameEvent }).event);
      merged.push(g.events[i] as GameEvent);
    }
    for (; k < notes.length; k++) merged.push((notes[k] as { event: GameEvent }).event);
    const fresh = merged
      .filter(visible)
      .map((e) => ({ ...e, text: namesIn(g, e.text) }));
    this.sentEvents = g.events.length;
    const reset = this.resetPending;
    this.resetPending = false;
    const d = g.pending;
    const pending = d && !g.winner && this.humans().includes(d.side) ? d : null;
    const screen = pending ? decisionScreen(g, pending) : null;
    const info = screen?.info ?? null;
    const undo = this.undoTarget();
    return {
      type: 'state',
      view: viewFor(g, viewer, { events: false }),
      events: fresh,
      reset,
      // not the log's length: it would count the AI's unseen decisions (the timeline is the spectator's)
      index: 0,
      total: null,
      playing: !this.paused,
      play: {
        viewer,
        decision: info?.decision ?? null,
        options: info?.options ?? [],
        combat: info?.combat ?? null,
        notes: info?.notes ?? [],
        ...(screen ? { board: screen.board } : {}),
        groups: screen?.groups ?? [],
        assignment: assignmentFacts(g),
        thinking: this.aiToMove(),
        paused: this.paused,
        canUndo: undo.index >= 0,
        undoNote: undo.note,
        sequence: sequenceLabels(g),
        segment: g.segment,
        humans: this.humans(),
        ...(this.guided ? { made: g.log.length } : {}),
      },
    };
  }

  /** A phase key, to autosave when it changes. */
  phaseKey(): string {
    const g = this.game;
    if (!g) return '';
    const seg = g.segment >= 0 ? g.ruleset.sequence[g.segment] : undefined;
    return `${g.turn}|${seg?.player ?? ''}|${seg?.phase ?? 'setup'}`;
  }
}
