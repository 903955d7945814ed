/**
 * A star-system game played on a game server [issue 27], behind the same play screen as a local one. The
 * screen speaks to its game in the play worker's messages; this stands in for the worker: it holds one
 * seat (`OnlineSeat`) and turns each state the server sends into the worker's 'started' and 'state'
 * messages, and the screen's answers into commands. The server holds the game, plays the AI seats and
 * says what this seat may know; there is no undo, pause or save here (the server keeps every command, and
 * the link brings a player back to the seat). The server plays an AI seat as fast as its AI answers; this
 * screen holds each of its steps that tells the seat something at the player's pace, as at home [issue 44].
 * The map plays as at home [issue 47]: a move made on it goes as one message the server plays whole or not
 * at all, and a counter's question (where a pick of a stack's counters may go, and what each other counter
 * would do to it [issue 53]) is the server's to answer.
 */
import type { SideId } from '../../core/content/schema';
import type { Command, Decision, GameEvent } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import type { OnlineSeat } from '../../online/client';
import type { SeatInfo, StateMessage } from '../../online/protocol';
import type { FromPlayWorker, OnlineTable, ToPlayWorker } from './play-protocol';
import type { OnlinePlayFacts } from '../../online/protocol';
import type { BoardForm, PickFacts } from '../../words/board/types';
import { canonical } from '../../core/engine/commands';

export class RemotePlay {
  private introduced = false;
  /** The turn sequence's labels, sent with the first state. */
  private sequence: string[] = [];
  private decision: Decision | null = null;
  /** The step our last answer was sent at: until the server's next state, nothing more is sent. */
  private sentAt = -1;
  /** [issue 53] the decision's board form (the server's, for this seat's decision). */
  private board: BoardForm | null = null;

  constructor(
    readonly seat: OnlineSeat,
    /** The invitation link: this server's page with the game's id. */
    readonly link: string,
    /** This seat's own link (the invitation with the seat's token): it brings this player back. */
    readonly seatLink: string,
    private readonly post: (m: FromPlayWorker) => void,
  ) {}

  /** Show the game: the state the server has sent already, then each one it sends. */
  begin(): void {
    const seat = this.seat;
    seat.onState((state) => this.arrive(state));
    seat.onRefused((reason) => {
      this.sentAt = -1;
      this.post({ type: 'error', message: `The server refused that: ${reason}` });
      if (seat.latest) this.receive(seat.latest, true);
    });
    // [issue 47, 53] what a pick of a stack's counters may do, as the server says; an answer to a state gone is dropped
    seat.onDests((answer) => {
      if (answer.step !== seat.latest?.step) return;
      if (answer.refused) this.post({ type: 'error', message: `The server refused that: ${answer.refused}` });
      this.post({ type: 'pick', facts: answer.facts ?? ({ place: answer.place, pieces: answer.pieces, dests: [], others: [] } satisfies PickFacts) });
    });
  }

  get side(): SideId {
    return this.seat.side as SideId;
  }

  /** A message the screen meant for its worker. */
  handle(m: ToPlayWorker): void {
    switch (m.type) {
      case 'answer': {
        const state = this.seat.latest;
        const option = this.decision?.options[m.index];
        if (!state || !option || m.side !== this.side || this.sentAt === state.step) return this.post({ type: 'error', message: 'That is not one of the choices now.' });
        this.sentAt = state.step;
        this.seat.send(option as Command<string>);
        return;
      }
      case 'answer-many': {
        // [issue 47] a move on the map: one message, which the server plays whole or not at all (and says why)
        const state = this.seat.latest;
        const first = m.commands[0];
        if (!state || m.side !== this.side || !first || this.sentAt === state.step || !this.decision?.options.some((o) => canonical(o) === canonical(first))) {
          this.post({ type: 'error', message: 'That move is not one of the choices now.' });
          if (state) this.receive(state, true);
          return;
        }
        this.sentAt = state.step;
        this.seat.sendMove(m.commands as Command<string>[]);
        return;
      }
      case 'ask-every-time':
        return;
      case 'pick':
        // [issue 47, 53] a counter clicked: the server, which alone holds the game, says what the pick may do
        return this.seat.askDests(m.place, m.pieces);
      case 'undo':
        return this.post({ type: 'error', message: 'An online game has no undo: every choice is sent to the other players at once.' });
      case 'save':
        return this.post({ type: 'error', message: `The game server keeps this game: your seat's link brings you back to it (${this.seatLink}).` });
      case 'new':
      case 'resume':
        return this.post({ type: 'error', message: 'This screen is playing an online game: leave it for the menu first.' });
      case 'pace':
        // [issue 44] an AI seat's moves are held on this screen at the player's pace, as at home
        this.paceMs = Math.max(0, m.ms);
        return;
      case 'skip':
        return this.skip();
      case 'pause':
        // the server plays the game; nobody pauses the others
        return;
      case 'hand-over':
        // [issue 55] the server checks the clock and the seat; a refusal comes back in words
        this.seat.room.send('hand-over', { side: m.side });
        return;
    }
  }

  /**
   * [issue 44] the server plays an AI seat's moves as fast as its AI answers: this screen shows each step
   * of it that tells this seat something (events) and holds it at the player's pace, the states that come
   * meanwhile waiting their turn. Steps that tell nothing pass at once, so none can be counted.
   */
  private inbox: StateMessage[] = [];
  private holding: ReturnType<typeof setTimeout> | null = null;
  private paceMs = 0;
  /** The side the last state shown was waiting for (whose move the next state shows). */
  private lastWaiting: string | null = null;

  private arrive(state: StateMessage): void {
    if (this.holding) this.inbox.push(state);
    else this.show(state);
  }

  private show(state: StateMessage): void {
    const mover = this.lastWaiting;
    this.lastWaiting = state.waitingFor ?? null;
    this.receive(state);
    const byAi = mover !== null && mover !== this.side && state.seats.some((s) => s.side === mover && s.kind === 'ai');
    if (this.paceMs > 0 && byAi && state.events.length && state.winner === null) this.holding = setTimeout(() => this.release(), this.paceMs);
  }

  private release(): void {
    this.holding = null;
    const next = this.inbox.shift();
    if (next) this.show(next);
  }

  /** The player skipped the rest of the AI's turn: what waits is shown at once, as one state with all its events. */
  private skip(): void {
    if (this.holding) clearTimeout(this.holding);
    this.holding = null;
    const waiting = this.inbox;
    this.inbox = [];
    const last = waiting[waiting.length - 1];
    if (!last) return;
    this.lastWaiting = last.waitingFor ?? null;
    this.receive({ ...last, events: waiting.flatMap((st) => st.events) });
  }

  /** Leave the seat (the server hands it to an AI if nobody comes back to it in time). */
  async leave(): Promise<void> {
    await this.seat.leave();
  }

  /** A state from the server (`shownAgain`: the last one, shown again after a refusal, its events already in the log). */
  private receive(state: StateMessage, shownAgain = false): void {
    const facts = (state.extra ?? {}) as unknown as OnlinePlayFacts;
    const reset = !this.introduced;
    if (!this.introduced) {
      this.introduced = true;
      const agents = Object.fromEntries(state.seats.map((s) => [s.side, s.kind === 'ai' ? (s.agent ?? 'normal') : 'human']));
      this.post({ type: 'started', info: { scenario: this.seat.joined.scenario, seed: 'online', replay: false, agents }, refs: facts.refs ?? {} });
    }
    if (facts.sequence) this.sequence = facts.sequence;
    // the seat's own decision: its options from the state, its words from the facts
    this.decision = state.decision ? ({ ...(state.decision as Decision), prompt: facts.decision?.prompt ?? state.decision.prompt, context: facts.decision?.context ?? state.decision.context } as Decision) : null;
    const over = state.winner !== null;
    const waiting = !over && state.waitingFor && state.waitingFor !== this.side ? (state.waitingFor as SideId) : null;
    this.board = over ? null : (facts.decision?.board ?? null);
    const events = shownAgain ? [] : (state.events as GameEvent[]);
    this.post({
      type: 'state',
      view: state.view as unknown as GameView,
      events,
      reset,
      index: 0,
      total: null,
      playing: true,
      play: {
        viewer: this.side,
        decision: over ? null : this.decision,
        options: over ? [] : (facts.decision?.options ?? []),
        combat: facts.decision?.combat ?? null,
        notes: facts.decision?.notes ?? [],
        ...(this.board ? { board: this.board } : {}),
        groups: facts.decision?.groups ?? [],
        assignment: facts.assignment ?? null,
        thinking: waiting,
        paused: false,
        canUndo: false,
        undoNote: 'An online game has no undo.',
        sequence: this.sequence,
        segment: facts.segment ?? -1,
        humans: [this.side],
        online: this.table(state.seats, waiting, state),
      },
    });
  }

  /** Who sits where, and what the seat being waited for is doing. */
  private table(seats: SeatInfo[], waiting: SideId | null, state?: StateMessage): OnlineTable {
    const at = seats.find((s) => s.side === waiting);
    const clocks = state?.clocks;
    const outOfTime = (clocks ?? []).filter((c) => c.leftMs <= 0 && c.side !== this.side && seats.some((s) => s.side === c.side && s.kind !== 'ai' && !s.connected)).map((c) => c.side);
    return {
      ...(clocks && state?.pace ? { pace: state.pace, clocks, at: Date.now(), outOfTime } : {}),
      gameId: this.seat.joined.gameId,
      link: this.link,
      open: seats.filter((s) => s.kind === 'open').map((s) => s.side),
      reserved: seats.filter((s) => s.kind === 'reserved').map((s) => s.side),
      waitingFor: !at ? null : at.kind === 'ai' ? 'ai' : at.kind === 'open' || at.kind === 'reserved' ? 'nobody' : at.connected ? 'person' : 'away',
    };
  }
}
