/**
 * One online game [issue 27]: a Colyseus room that holds the engine, the command log and the seed, and
 * is the only place the game changes. A client sits at a seat (by its token, or at an open seat, when it
 * joins); it sends its seat's commands, which the engine checks against the pending decision; the room
 * keeps each applied command in the store before anyone hears of it, then sends each client its own
 * side's view, events and decision (room-audience.ts). AI seats are answered by the AI worker, off this
 * thread. A room is made from the store, so after a restart, or in another process after this one died,
 * the first client to come back brings its game back as it was [issue 55].
 *
 * What nobody can break [issue 46, 55]:
 * - one live room per game across every process (room-claim.ts); the room never fills up and locks (which
 *   would make the matchmaker create another), its clients are bounded by the seats and a spare;
 * - a seat opened again (a second tab, a rejoin while the old connection hangs) takes the seat at once,
 *   and the old connection is told why and closed;
 * - no error in a handler ends the process (`onUncaughtException`); a command the database cannot keep
 *   is refused, the room goes back to the game as last saved, and while the database cannot write the
 *   game is on hold (said in every state), resuming by itself when the store can write again;
 * - everything that changes the game or its seats is done one at a time (`serially`): the store answers
 *   in its own time (PostgreSQL), and no message overtakes another meanwhile;
 * - a move made on the map (its picks, then where to) is one message played whole or not at all, kept in
 *   one write and sent once; only its last command may roll or reveal [issue 47]; it is checked before
 *   any copy of the game is made: the seat must hold the decision and its first command must be one of
 *   the options [issue 55];
 * - each seat has a budget of the server's time: over it, its messages wait, then are refused [issue 55];
 * - the seed never leaves the server before the game is over (the `over` message then carries it);
 * - a room nobody joins goes soon; a live game's seat hand-over deadline is kept with the game and resumed;
 *   a turn-based game's room goes when nobody is at the table, its clocks kept in the store.
 */
import { matchMaker, Room, ServerError, type Client, type IRoomCache } from '@colyseus/core';
import { apply, cloneGame, stateHash } from '../core/engine/game';
import type { AnyGame, Command, Json } from '../core/engine/types';
import type { Content } from '../core/content/validate';
import { canonical, commandShapeProblem } from '../core/engine/commands';
import { isTurnBased, MAX_CLIENT_MESSAGE_BYTES, MAX_MOVE_COMMANDS, paceOf, type DestsMessage, type JoinRequest, type JoinedMessage, type OverMessage } from '../online/protocol';
import { newToken, StoreError, tokenHash, type GameStore, type StoredGame, type StoredSeat } from './store';
import { ONLINE_RULESETS, type OnlineRuleset } from './online-rulesets';
import type { AiPool } from './ai-pool';
import { fromSnapshot, keepSnapshot, replay } from './game-snapshots';
import { RoomClaim } from './room-claim';
import { Audience, type Seated } from './room-audience';
import { clocksToSend, progressAfter, timeLeft } from './clocks';
import { SeatLine, TimeBudget } from './rate-limit';

/** What every room of a server shares: the content, the store, the AI workers and the limits. */
export interface RoomContext {
  content: Content;
  store: GameStore;
  ai: AiPool;
  /** A room nobody has joined after this many seconds is disposed (a reservation never used, a flood). */
  emptyRoomSeconds: number;
  /** Each seat's budget of the server's time (rate-limit.ts `TimeBudget`): ms a second, the burst, and how
   * far into the red it may go slowed before it is refused. */
  seatBudget: { perSecond: number; burst: number; refuseBelow: number };
}

/** Set by the server before any room is made. */
let context: RoomContext | null = null;
export function setRoomContext(c: RoomContext): void {
  context = c;
}

/** Connections a room takes beyond its seats (a tab replacing another while the old one closes). */
const SPARE_CONNECTIONS = 16;

/** The close code and words for a connection whose seat was opened elsewhere. */
export const REPLACED_CODE = 4000;
export const REPLACED_REASON = 'this seat was opened elsewhere (another tab or device); this connection is closed';

export class GameRoom extends Room {
  private ctx!: RoomContext;
  private stored!: StoredGame;
  private online!: OnlineRuleset;
  private game!: AnyGame;
  private readonly audience = new Audience();
  /** Timers that hand a left seat to an AI (a live game's). */
  private readonly seatTimers = new Map<string, { clear(): void }>();
  /** Each seat's messages in line, with its budget of the server's time, by side. */
  private readonly lines = new Map<string, SeatLine>();
  /** The time this room has waited for its store, in all (ms): not the server's own time. */
  private storeWaitMs = 0;
  /** The work that changes the game or its seats, one piece after another. */
  private work: Promise<unknown> = Promise.resolve();
  private aiBusy = false;
  /** Someone has joined since the room was made (until then an empty room is one about to be joined). */
  private hadClients = false;
  /** This room's claim on its game (let go when it goes). */
  private claim: RoomClaim | null = null;
  private disposed = false;
  /** Why the game is on hold (the database cannot write), or null. */
  private hold: string | null = null;
  /** A command is applied to the game and not kept yet (the store answers in its own time): nobody may hear
   * of it, so a state asked for meanwhile (a join, a leave) is sent once it is kept or undone. */
  private unkept = false;

  /** A room is always made for a stored game, named by its id, and only one at a time. */
  override async onCreate(options: JoinRequest): Promise<void> {
    if (!context) throw new Error('the game server is not set up');
    this.ctx = context;
    const id = typeof options?.gameId === 'string' ? options.gameId.slice(0, 80) : '';
    let stored: StoredGame | null;
    try {
      stored = await this.ctx.store.game(id);
    } catch (e) {
      console.error(`game ${id}: its stored row does not read: ${(e as Error).message}`);
      throw new ServerError(e instanceof StoreError ? 503 : 500, `game "${id.slice(0, 40)}" cannot be read on this server${e instanceof StoreError ? ` now: ${e.problem}` : ''}`);
    }
    if (!stored) throw new ServerError(404, `there is no game "${id.slice(0, 40)}" on this server`);
    const online = ONLINE_RULESETS[stored.ruleset];
    if (!online) throw new ServerError(500, `this server does not play ${stored.ruleset} games`);
    // the game's one room: the first to claim it makes it; any other is refused (its client's join finds
    // the first room when it tries again)
    try {
      this.claim = await RoomClaim.take(id, this.roomId, {
        relist: async () => void (await matchMaker.driver.persist((this as unknown as { _listing: IRoomCache })._listing)),
        lost: () => void this.disconnect(),
      });
    } catch (e) {
      // said to the player in the server's words, the cause in the log (Redis's, redis-matchmaking.ts)
      console.error(`game ${id}: its room cannot be claimed: ${(((e as Error).cause ?? e) as Error).message}`);
      throw new ServerError(503, `the server cannot open game ${id} now: its matchmaking store (Redis) cannot be reached; try again in a moment`);
    }
    if (!this.claim) throw new ServerError(409, `game ${id} is open in another room already: join it again`);
    this.stored = stored;
    this.online = online;
    try {
      this.game = fromSnapshot(this.ctx.content, stored, await this.ctx.store.commands(id));
    } catch (e) {
      console.error(`game ${id}: cannot be made again from the store: ${(e as Error).message}`);
      throw new ServerError(e instanceof StoreError ? 503 : 500, `game ${id} cannot be brought back on this server${e instanceof StoreError ? ` now: ${e.problem}` : ''}`);
    }
    this.setMetadata({ gameId: id, ruleset: stored.ruleset, scenario: stored.scenario });
    this.maxClients = online.seatsOf(this.game).length + SPARE_CONNECTIONS;
    this.onMessage('command', (client, message) => this.take(client, message, (seat) => this.onCommand(client, seat, message)));
    this.onMessage('move', (client, message) => this.take(client, message, (seat) => this.onMove(client, seat, message)));
    this.onMessage('dests', (client, message) => this.take(client, message, (seat) => this.onDests(client, seat, message)));
    this.onMessage('hand-over', (client, message) => this.take(client, message, (seat) => this.onHandOver(client, seat, message)));
    // anything else a client sends is answered, never acted on
    this.onMessage('*', (client, type) => client.send('refused', { reason: `"${String(type).slice(0, 40)}" is not a message this server takes` }));
    this.autoDispose = false;
    // a room made and never joined (a seat reserved and not taken, a flood of reservations) does not stay
    this.clock.setTimeout(() => {
      if (!this.hadClients) void this.disconnect();
    }, this.ctx.emptyRoomSeconds * 1000);
    // the hand-overs a server before this one had promised
    for (const seat of stored.seats) if (seat.kind === 'human' && seat.handOverAt !== undefined) this.handOverAt(seat.side, seat.handOverAt);
    // after the room is made (the client that made it is joining): an AI to move moves then
    this.clock.setTimeout(() => this.playAi(), 0);
  }

  /** A failure in any handler is logged with the game's id; the room goes back to the game as last saved. */
  override onUncaughtException(error: Error, method: string): void {
    const cause = (error.cause ?? error) as Error;
    if (cause instanceof ServerError) return; // a refusal, said to its client (onCreate, onAuth)
    console.error(`game ${this.stored?.id ?? '?'}: ${method} failed: ${cause?.stack ?? String(cause)}`);
    const client = (error as { client?: Client }).client;
    if (method === 'onMessage' && client) client.send('refused', { reason: 'the server failed on this message; the game is as it was last saved' });
    if (this.game && (method === 'onMessage' || method === 'setTimeout')) void this.serially(() => this.backToSaved());
  }

  /** Who may join, and at which seat: the seat their token opens, or an open seat; nobody takes another's seat. */
  override async onAuth(client: Client, options: JoinRequest): Promise<{ side: string; token: string | null }> {
    const token = typeof options?.token === 'string' ? options.token : undefined;
    const wanted = typeof options?.side === 'string' ? options.side : undefined;
    const seats = this.stored.seats;
    if (token) {
      const hash = tokenHash(token);
      const seat = seats.find((s) => s.tokenHash === hash);
      if (!seat) throw new ServerError(403, 'this link does not open a seat of this game');
      if (wanted && wanted !== seat.side) throw new ServerError(403, `this link opens the ${seat.side} seat, not the ${wanted}`);
      if (seat.kind === 'ai') throw new ServerError(403, `an AI has taken over the ${seat.side} seat: ${isTurnBased(paceOf(this.stored.pace)) ? 'its clock ran out' : 'it waited for you too long'}`);
      if (seat.kind === 'reserved') await this.changeSeat(seat, { kind: 'human' });
      return { side: seat.side, token: null };
    }
    const seat = wanted ? seats.find((s) => s.side === wanted) : seats.find((s) => s.kind === 'open');
    if (!seat) throw new ServerError(403, wanted ? `this game has no ${wanted.slice(0, 40)} seat` : 'every seat of this game is taken');
    if (seat.kind !== 'open') throw new ServerError(403, `the ${seat.side} seat is taken${seat.kind === 'ai' ? ' by an AI' : ''}`);
    const fresh = newToken();
    await this.changeSeat(seat, { kind: 'human', tokenHash: tokenHash(fresh), agent: undefined });
    return { side: seat.side, token: fresh };
  }

  /**
   * Change a seat and keep it; a database that cannot write refuses the join and the seat stays as it was.
   * The seat changes in memory before the write, so a second join for it meanwhile finds it taken.
   */
  private async changeSeat(seat: StoredSeat, change: Partial<StoredSeat>): Promise<void> {
    const before = { ...seat };
    Object.assign(seat, change);
    for (const key of Object.keys(change) as (keyof StoredSeat)[]) if (change[key] === undefined) delete seat[key];
    try {
      await this.ctx.store.setSeats(this.stored.id, this.stored.seats);
    } catch (e) {
      for (const key of Object.keys(seat) as (keyof StoredSeat)[]) delete seat[key];
      Object.assign(seat, before);
      console.error(`game ${this.stored.id}: the ${seat.side} seat could not be kept: ${problemOf(e)}`);
      throw new ServerError(503, `the server cannot take you in now: ${problemOf(e)}; try again in a moment`);
    }
  }

  override onJoin(client: Client, options: JoinRequest, auth: { side: string; token: string | null }): void {
    // the same seat opened again (a new tab, a rejoin while the old connection hangs): the old one gives
    // way at once, told why, and hears nothing more of the game
    for (const other of this.clients) {
      if (other === client || this.audience.seated.get(other.sessionId)?.side !== auth.side) continue;
      this.audience.forget(other.sessionId);
      other.send('refused', { reason: REPLACED_REASON });
      other.leave(REPLACED_CODE, REPLACED_REASON);
    }
    this.seatTimers.get(auth.side)?.clear();
    this.seatTimers.delete(auth.side);
    const seat = this.stored.seats.find((s) => s.side === auth.side);
    if (seat?.handOverAt !== undefined) {
      delete seat.handOverAt;
      void this.keepSeats();
    }
    this.hadClients = true;
    this.audience.seat(client.sessionId, auth.side, options?.screen === true);
    const joined: JoinedMessage = { gameId: this.stored.id, side: auth.side, token: auth.token, ruleset: this.stored.ruleset, scenario: this.stored.scenario };
    client.send('joined', joined);
    this.afterKept(() => {
      this.sendStates();
      if (this.game.winner && this.audience.seated.has(client.sessionId)) client.send('over', this.overMessage());
    });
  }

  override onLeave(client: Client): void {
    const seat = this.audience.seated.get(client.sessionId);
    this.audience.forget(client.sessionId);
    this.afterKept(() => this.seatLeft(seat));
  }

  /** A client has left its seat: with nobody else at it, the seat waits for its person (a live game's, then
   * an AI takes it), and the others are told. */
  private seatLeft(seat: Seated | undefined): void {
    if (this.disposed) return;
    if (!seat || this.game.winner) return this.disposeWhenIdle();
    if (this.audience.present(seat.side)) return;
    let kept: Promise<unknown> = Promise.resolve();
    // a turn-based game waits for its players in the store, their clocks running there
    if (!isTurnBased(paceOf(this.stored.pace))) {
      // the seat waits for its person, then an AI takes it over; the deadline is kept with the game, so a
      // server started again after a stop still keeps it
      const stored = this.stored.seats.find((s) => s.side === seat.side);
      const at = Date.now() + Math.max(1, this.stored.seatTimeoutSeconds) * 1000;
      if (stored?.kind === 'human') {
        stored.handOverAt = at;
        kept = this.keepSeats();
        this.audience.leaving(seat.side, kept);
      }
      this.handOverAt(seat.side, at);
    }
    // the others are told once the deadline is kept (the store answers in its own time): what they hear is in
    // it, and no state sent meanwhile for another reason tells them first (`Audience.leaving`)
    void kept.then(() => this.sendStates());
    this.disposeWhenIdle();
  }

  override async onDispose(): Promise<void> {
    this.disposed = true;
    if (this.game && this.stored) keepSnapshot(this.stored.id, this.game);
    for (const t of this.seatTimers.values()) t.clear();
    if (this.stored) this.ctx?.ai.forget(this.stored.id);
    await this.claim?.release();
  }

  /** Keep the seats (a hand-over's deadline): one that cannot be written now is kept in memory and logged. */
  private async keepSeats(): Promise<boolean> {
    try {
      await this.fromStore(this.ctx.store.setSeats(this.stored.id, this.stored.seats));
      return true;
    } catch (e) {
      console.error(`game ${this.stored.id}: its seats could not be kept: ${problemOf(e)}`);
      return false;
    }
  }

  /** Run `job` now, or once the command applied and not yet kept is kept (or undone). */
  private afterKept(job: () => void): void {
    if (this.unkept) void this.serially(job);
    else job();
  }

  /** Run `job` after everything before it that changes the game or its seats, never beside it. */
  private serially<T>(job: () => T | Promise<T>): Promise<T> {
    const done = this.work.then(job);
    this.work = done.catch((e: unknown) => console.error(`game ${this.stored?.id ?? '?'}: ${(e as Error).stack ?? String(e)}`));
    return done;
  }

  // ------------------------------------------------------------------ commands

  /**
   * A client's message let in: from a seat, within its allowance and size; then in its seat's line, where it
   * is checked against the seat's budget of server time once the messages before it are charged, handled in
   * turn, and its cost (the server's own time it took) charged to the seat. Else refused.
   */
  private take(client: Client, message: unknown, handle: (seat: Seated) => void | Promise<void>): void {
    const seat = this.audience.seated.get(client.sessionId);
    if (!seat) return client.send('refused', { reason: 'you have no seat in this game' });
    if (!this.audience.allow(client, seat)) return;
    let size = Infinity;
    try {
      size = JSON.stringify(message ?? null).length;
    } catch {
      // not JSON (a cycle, a big integer): refused below
    }
    if (size > MAX_CLIENT_MESSAGE_BYTES) return client.send('refused', { reason: `a message may be at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` });
    // [issue 55] in the seat's line: checked against its budget once the messages before it are charged
    this.lineOf(seat.side).push({
      run: () =>
        this.serially(async () => {
          if (this.disposed || this.audience.seated.get(client.sessionId) !== seat) return 0;
          // the server's own time: the wait for the store (which the thread spends on other rooms) is not
          const started = performance.now();
          const awaited = this.storeWaitMs;
          try {
            await handle(seat);
          } catch (e) {
            // as Colyseus has a handler's failure told: logged, the client refused, the game back as last saved
            this.onUncaughtException(Object.assign(new Error('a message failed', { cause: e }), { client }), 'onMessage');
          }
          return performance.now() - started - (this.storeWaitMs - awaited);
        }),
      refuse: (ms) => client.send('refused', { reason: `your moves have used more of the server's time than a seat may: try again in ${Math.max(1, Math.ceil(ms / 1000))} s; nothing changed` }),
    });
  }

  private lineOf(side: string): SeatLine {
    let line = this.lines.get(side);
    if (!line) {
      const b = this.ctx.seatBudget;
      this.lines.set(side, (line = new SeatLine(new TimeBudget(b.perSecond, b.burst, b.refuseBelow), (then, ms) => this.clock.setTimeout(then, ms))));
    }
    return line;
  }

  /** Wait for the store, the time it takes counted apart (`storeWaitMs`): a seat is charged the server's own time only. */
  private async fromStore<T>(request: Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await request;
    } finally {
      this.storeWaitMs += performance.now() - started;
    }
  }

  /** Why a command cannot be the seat's (its shape, another seat's), or null. */
  private commandProblem(message: unknown, seat: Seated): string | null {
    const shape = commandShapeProblem(message, this.online.seatsOf(this.game));
    if (shape) return shape;
    const side = (message as Command<string>).side;
    return side !== seat.side ? `you play the ${seat.side} seat, not the ${side}` : null;
  }

  private async onCommand(client: Client, seat: Seated, message: unknown): Promise<void> {
    const problem = this.commandProblem(message, seat);
    if (problem) return client.send('refused', { reason: problem });
    await this.play([message as Command<string>], (reason) => client.send('refused', { reason }));
  }

  /**
   * [issue 47] a move made on the map: its commands played all or none (`play`), as one step for everyone.
   * Each is checked for its shape and its place in the move, and the first against the decision as it
   * stands, before the game is copied to play the rest on [issue 55].
   */
  private async onMove(client: Client, seat: Seated, message: unknown): Promise<void> {
    const commands = (message as { commands?: unknown } | null)?.commands;
    if (!Array.isArray(commands) || commands.length < 1 || commands.length > MAX_MOVE_COMMANDS) {
      return client.send('refused', { reason: `a move is { commands: [...] } with 1 to ${MAX_MOVE_COMMANDS} commands; nothing changed` });
    }
    const leading = this.online.leadingCommands ?? [];
    for (const [i, command] of commands.entries()) {
      const problem = this.commandProblem(command, seat);
      if (problem) return client.send('refused', { reason: `that move was not made, nothing changed: its command ${i + 1} of ${commands.length}: ${problem}` });
      // only what gathers a choice may come before a move's last command (nothing else is tried and undone)
      if (i < commands.length - 1 && !leading.includes((command as Command<string>).type)) {
        const may = leading.length ? `only ${leading.join(', ')} may come before its last command` : 'it may hold one command only';
        return client.send('refused', { reason: `that move was not made, nothing changed: ${may}, and its command ${i + 1} is ${(command as Command<string>).type}` });
      }
    }
    await this.play(commands as Command<string>[], (reason) => client.send('refused', { reason }));
  }

  /**
   * [issue 47, 53] a pick of the counters of one of the seat's own stacks: where it may go together, and
   * what each other counter would do to it, the ruleset's answer for the seat's own pending decision, sent
   * to that client alone. It changes nothing.
   */
  private onDests(client: Client, seat: Seated, message: unknown): void {
    const { place, pieces } = (message ?? {}) as { place?: unknown; pieces?: unknown };
    const answer = (refused: string | null, facts?: Json) => {
      const m = { step: this.game.log.length, place: typeof place === 'string' ? place : '', pieces: Array.isArray(pieces) ? pieces : [], ...(facts ? { facts } : {}), ...(refused ? { refused } : {}) };
      client.send('dests', m as unknown as DestsMessage);
    };
    if (typeof place !== 'string' || place.length > 100 || !Array.isArray(pieces) || pieces.length > MAX_MOVE_COMMANDS || !pieces.every((p) => Number.isSafeInteger(p) && p > 0)) {
      return answer(`a dests request is { place: "<environ>", pieces: [...] }, up to ${MAX_MOVE_COMMANDS} piece ids`);
    }
    const found = this.online.dests?.(this.game, seat.side, place, pieces as number[]) ?? { refused: `a ${this.stored.ruleset} game has no board to ask` };
    if ('refused' in found) return answer(found.refused);
    answer(null, found.facts);
  }

  /**
   * Apply commands (one, or a move of several) all or none; keep them; tell everyone once. Each is checked
   * by the engine against the decision pending when its turn comes; the first before anything is copied.
   * One the engine refuses changes nothing; a move of several is played on a copy of the game, taken whole
   * only when every command of it was played and kept, so a refusal or a failed save midway leaves the
   * game as it was before the first [issue 47]. A command the database cannot keep never happened.
   */
  private async play(commands: Command<string>[], refuse: (reason: string) => void): Promise<boolean> {
    if (this.hold || this.ctx.store.failing) {
      this.putOnHold(this.hold ?? (this.ctx.store.failing as string));
      refuse(holdWords(this.hold as string));
      return false;
    }
    // [issue 55] a move of several, before any copy: the seat must hold the decision, and its first command
    // must be one of the options
    const pending = this.game.winner ? null : this.game.pending;
    const first = commands[0] as Command<string>;
    if (commands.length > 1) {
      const problem = !pending
        ? 'the game is not waiting for a decision'
        : first.side !== pending.side
          ? `it is the ${pending.side} player's decision, not the ${first.side}'s`
          : !pending.options.some((o) => o.type === first.type && canonical(o as unknown as Json) === canonical(first as unknown as Json))
            ? `its command 1 (${first.type}) is not among the options of "${pending.prompt}"`
            : null;
      if (problem) {
        refuse(`that move was not made, the game is as it was: ${problem}`);
        return false;
      }
    }
    const n = this.game.log.length;
    const before = { pace: this.stored.pace, clocks: this.stored.clocks, clockSince: this.stored.clockSince, waitingFor: this.game.pending?.side ?? null, turn: this.game.turn };
    const game = commands.length === 1 ? this.game : cloneGame(this.game);
    for (const [i, command] of commands.entries()) {
      const dice = JSON.stringify(game.rng.state());
      const told = game.events.length;
      const result = apply(game, command);
      if (!result.ok) {
        refuse(commands.length === 1 ? result.reason : `that move was not made, the game is as it was: its command ${i + 1} of ${commands.length} (${command.type}) was refused: ${result.reason}`);
        return false;
      }
      // a command before a move's last gathers the seat's choice and nothing more (the ruleset's
      // `leadingCommands`); one that rolled, told or passed the decision would be undone here, its outcome
      // known: refused in words that say nothing of it, and logged as the ruleset's mistake
      if (i < commands.length - 1 && (game.pending?.side !== command.side || game.events.length !== told || JSON.stringify(game.rng.state()) !== dice)) {
        console.error(`game ${this.stored.id}: a move's command ${command.type} rolled, told something or passed the decision: it is no leading command`);
        refuse(`that move was not made, the game is as it was: its command ${i + 1} (${command.type}) must be sent on its own`);
        return false;
      }
    }
    const progress = progressAfter(before, { waitingFor: game.winner ? null : (game.pending?.side ?? null), turn: game.turn });
    // one command is played on the game itself: until it is kept, nobody hears of it (`afterKept`)
    this.unkept = game === this.game;
    try {
      await this.fromStore(this.ctx.store.addCommands(this.stored.id, n, commands, progress));
    } catch (e) {
      const problem = problemOf(e);
      console.error(`game ${this.stored.id}: command${commands.length > 1 ? `s ${n + 1}-${n + commands.length}` : ` ${n + 1}`} could not be kept: ${problem}`);
      // a move played on a copy left the game untouched; one command played on the game itself is undone,
      // from the commands kept before it (in memory: a database that does not answer cannot be asked)
      if (game === this.game) await this.backToSaved(this.game.log.slice(0, n) as Command<string>[]);
      this.unkept = false;
      if (e instanceof StoreError && this.ctx.store.failing) {
        this.putOnHold(problem);
        refuse(holdWords(problem));
      } else refuse(`the server could not keep this move (${problem}); the game is as it was last saved`);
      return false;
    }
    this.unkept = false;
    this.game = game;
    Object.assign(this.stored, progress);
    if (this.game.winner) await this.finish();
    this.sendStates();
    if (this.game.winner) this.broadcast('over', this.overMessage());
    this.playAi();
    return true;
  }

  /** The game is over: it is kept so (again on resume if the database could not write it now). */
  private async finish(): Promise<void> {
    try {
      await this.fromStore(this.ctx.store.finish(this.stored.id, String(this.game.winner)));
      this.stored.status = 'over';
    } catch (e) {
      console.error(`game ${this.stored.id}: its end could not be kept: ${problemOf(e)}`);
      this.ctx.store.whenWritable(() => !this.disposed && void this.serially(() => this.finish()));
    }
  }

  /** The game as the store has it, or as `kept` (the commands it has) makes it: a command applied and not
   * kept is undone; an engine that failed is made again. The clients were sent nothing of what is undone,
   * so what they have still holds. */
  private async backToSaved(kept?: readonly Command<string>[]): Promise<void> {
    try {
      this.game = replay(this.ctx.content, this.stored, kept ?? (await this.fromStore(this.ctx.store.commands(this.stored.id))));
    } catch (e) {
      console.error(`game ${this.stored.id}: cannot be made again from the store, its room closes: ${problemOf(e)}`);
      void this.disconnect();
    }
  }

  /** The database cannot write: nothing moves until it can, and everyone at the table is told why. */
  private putOnHold(problem: string): void {
    if (this.hold) return;
    this.hold = problem;
    console.error(`game ${this.stored.id}: on hold: ${problem}`);
    this.sendStates();
    this.ctx.store.whenWritable(() => this.resume());
  }

  private resume(): void {
    if (this.disposed || !this.hold) return;
    console.log(`game ${this.stored.id}: resumed (the database writes again)`);
    this.hold = null;
    this.sendStates();
    this.playAi();
  }

  // ------------------------------------------------------------------ AI seats and hand-overs

  /** When the pending decision is an AI seat's, ask the AI workers for its answer (one at a time). */
  private playAi(): void {
    if (this.aiBusy || this.hold || this.disposed || this.game.winner || !this.game.pending) return this.disposeWhenIdle();
    const decision = this.game.pending;
    const seat = this.stored.seats.find((s) => s.side === decision.side);
    if (seat?.kind !== 'ai') return this.disposeWhenIdle();
    this.aiBusy = true;
    const step = this.game.log.length;
    this.ctx.ai
      .decide(this.stored, this.game.log as Command<string>[], decision.side, seat.agent ?? 'normal')
      .then((command) =>
        this.serially(async () => {
          this.aiBusy = false;
          if (this.disposed) return;
          if (this.game.log.length !== step) return this.playAi(); // the game moved on meanwhile
          const ok = await this.play([command], (reason) => console.error(`game ${this.stored.id}: the ${seat.agent} AI's move was not played: ${reason}`));
          if (!ok && !this.hold) await this.handToRandomAi(decision.side);
        }),
      )
      .catch((e: unknown) => {
        this.aiBusy = false;
        console.error(`game ${this.stored.id}: the AI failed: ${(e as Error).message}`);
      });
  }

  /** The seat of `side` goes to an AI at `at` (ms since 1970), unless its person comes back first. */
  private handOverAt(side: string, at: number): void {
    this.seatTimers.get(side)?.clear();
    this.seatTimers.set(
      side,
      // the room's clock counts its own ticks and can fire a few ms before the wall clock's deadline
      // (a test saw 2,986 ms of a 3 s wait): never before its time, so a timer early is set again
      this.clock.setTimeout(() => (Date.now() < at ? this.handOverAt(side, at) : void this.serially(() => this.handToAi(side))), Math.max(0, at - Date.now())),
    );
  }

  /** A seat whose person did not come back in time (or whose clock ran out) is played by an AI (normal)
   * from now on. */
  private async handToAi(side: string): Promise<boolean> {
    this.seatTimers.delete(side);
    if (this.disposed || this.game.winner || this.audience.present(side)) return false;
    const seat = this.stored.seats.find((s) => s.side === side);
    if (!seat || seat.kind === 'ai') return false;
    const before = { ...seat };
    seat.kind = 'ai';
    seat.agent = 'normal';
    delete seat.handOverAt;
    if (!(await this.keepSeats())) {
      // not kept: the seat stays its person's until the database can say otherwise
      Object.assign(seat, before);
      delete seat.agent;
      if (before.agent) seat.agent = before.agent;
      this.ctx.store.whenWritable(() => !this.disposed && void this.serially(() => this.handToAi(side)));
      return false;
    }
    this.sendStates();
    this.playAi();
    return true;
  }

  /**
   * [issue 55] a turn-based game: another seat's player hands the seat of `side`, whose clock has run out,
   * to the AI. Never one's own seat, never a seat with time left, never one whose person is at the table.
   */
  private async onHandOver(client: Client, seat: Seated, message: unknown): Promise<void> {
    const side = (message as { side?: unknown } | null)?.side;
    const target = typeof side === 'string' ? this.stored.seats.find((s) => s.side === side) : undefined;
    const refuse = (reason: string) => client.send('refused', { reason: `the seat was not handed over: ${reason}` });
    if (!target) return refuse(`this game has no seat "${String(side).slice(0, 40)}"`);
    if (!isTurnBased(paceOf(this.stored.pace))) return refuse('a live game hands a seat over by itself when its person has been away too long');
    if (target.side === seat.side) return refuse('it is your own seat');
    if (target.kind === 'ai') return refuse(`an AI plays the ${target.side} seat already`);
    const left = timeLeft(this.stored, target.side);
    if (left > 0) return refuse(`the ${target.side} seat's clock has ${Math.ceil(left / 60_000)} minutes left`);
    if (this.audience.present(target.side)) return refuse(`the ${target.side} player is at the table`);
    if (!(await this.handToAi(target.side))) refuse(this.ctx.store.failing ? `the server cannot save it now (${this.ctx.store.failing})` : 'the game is over');
    else console.log(`game ${this.stored.id}: the ${target.side} seat, out of time, handed to the AI by ${seat.side}`);
  }

  private async handToRandomAi(side: string): Promise<void> {
    const seat = this.stored.seats.find((s) => s.side === side);
    if (!seat || seat.agent === 'random') return;
    seat.agent = 'random';
    await this.keepSeats();
    this.playAi();
  }

  /** With nobody connected and nothing for the AI to do, the room goes (the game stays in the store). */
  private disposeWhenIdle(): void {
    if (!this.hadClients || this.clients.length > 0 || this.aiBusy || this.disposed) return;
    const aiToPlay = !this.hold && !this.game.winner && this.game.pending && this.stored.seats.find((s) => s.side === this.game.pending!.side)?.kind === 'ai';
    if (!aiToPlay && this.seatTimers.size === 0) void this.disconnect();
  }

  // ------------------------------------------------------------------ what each client is sent

  private sendStates(): void {
    if (this.unkept) return this.afterKept(() => this.sendStates());
    if (this.disposed) return;
    const clocks = clocksToSend(this.stored);
    this.audience.sendStates(this.clients, this.game, this.online, this.stored.seats, {
      ...(this.hold ? { hold: holdWords(this.hold) } : {}),
      ...(clocks ? { pace: this.stored.pace, clocks } : {}),
    });
  }

  private overMessage(): OverMessage {
    // the game is over: its seed is no secret any more, and with it anyone can replay the game
    return { winner: String(this.game.winner), hash: stateHash(this.game), commands: this.game.log.length, seed: this.stored.seed, seedHash: this.stored.seedHash };
  }
}

/** What the players are told while their game is on hold. */
function holdWords(problem: string): string {
  return `the game is on hold: the server cannot save moves (${problem}); it goes on by itself when it can`;
}

/** A store's failure in words. */
function problemOf(e: unknown): string {
  return e instanceof StoreError ? e.problem : (e as Error).message;
}
