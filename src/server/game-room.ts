/**
 * One online game [issue 27]: a Colyseus room that holds the engine, the command log and the seed, and
 * is the only place the game changes. A client sits at a seat (by its token, or at an open seat, when it
 * joins); it sends its seat's commands, which the engine checks against the pending decision; the room
 * keeps each applied command in the store before anyone hears of it, then sends each client its own
 * side's view, events and decision. AI seats are answered by the AI worker, off this thread. A room is
 * made from the store, so after a restart the first client to come back brings its game back as it was.
 *
 * What nobody can break [issue 46]:
 * - one live room per game: the room claims its game through the matchmaker's presence (the store every
 *   server process shares, Redis when there are several), so a second `create`, or a join that races
 *   another, is refused instead of making a second copy of the game; the room never fills up and locks
 *   (which would make the matchmaker create another), its clients are bounded by the seats and a spare;
 * - a seat opened again (a second tab, a rejoin while the old connection hangs) takes the seat at once,
 *   and the old connection is told why and closed;
 * - no error in a handler ends the process (`onUncaughtException`); a command the database cannot keep
 *   is refused, the room goes back to the game as last saved, and while the database cannot write the
 *   game is on hold (said in every state), resuming by itself when the store can write again;
 * - a move made on the map (its picks, then where to) is one message played whole or not at all, kept in
 *   one write and sent once; only its last command may roll or reveal, so one refused and undone has
 *   taught its seat nothing [issue 47];
 * - the seed never leaves the server before the game is over (the `over` message then carries it);
 * - a room nobody joins goes soon; a seat's hand-over deadline is kept with the game and resumed.
 */
import { matchMaker, Room, ServerError, type Client } from '@colyseus/core';
import { apply, cloneGame, stateHash } from '../core/engine/game';
import type { AnyGame, Command, Json } from '../core/engine/types';
import type { Content } from '../core/content/validate';
import { commandShapeProblem } from '../core/engine/commands';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_MOVE_COMMANDS,
  RATE_BURST,
  RATE_PER_SECOND,
  type DestsMessage,
  type JoinRequest,
  type JoinedMessage,
  type OverMessage,
  type SeatInfo,
  type StateMessage,
} from '../online/protocol';
import { newToken, StoreError, tokenHash, type GameStore, type StoredGame, type StoredSeat } from './game-store';
import { ONLINE_RULESETS, startStoredGame, type OnlineRuleset } from './online-rulesets';
import type { AiPool } from './ai-pool';

/** What every room of a server shares: the content, the store, the AI workers and the limits. */
export interface RoomContext {
  content: Content;
  store: GameStore;
  ai: AiPool;
  /** A room nobody has joined after this many seconds is disposed (a reservation never used, a flood). */
  emptyRoomSeconds: number;
}

/** Set by the server before any room is made. */
let context: RoomContext | null = null;
export function setRoomContext(c: RoomContext): void {
  context = c;
}

/** The presence key a game's room holds while it lives, and for how long a claim lasts unrenewed (a
 * process that died without letting go frees its games after this). */
const claimKey = (gameId: string) => `gu:game-room:${gameId}`;
const CLAIM_SECONDS = 60;

/** Connections a room takes beyond its seats (a tab replacing another while the old one closes). */
const SPARE_CONNECTIONS = 16;

/** The close code and words for a connection whose seat was opened elsewhere. */
export const REPLACED_CODE = 4000;
export const REPLACED_REASON = 'this seat was opened elsewhere (another tab or device); this connection is closed';

interface Seated {
  side: string;
  /** Message allowance (a token bucket), and when it was last filled. */
  allowance: number;
  filled: number;
  /** Messages refused for flooding since the client last calmed down; too many and it is sent away. */
  floods: number;
  /** A screen that shows the game: it is sent the ruleset's presentation facts (`StateMessage.extra`). */
  screen: boolean;
}

export class GameRoom extends Room {
  private ctx!: RoomContext;
  private stored!: StoredGame;
  private online!: OnlineRuleset;
  private game!: AnyGame;
  /** Each client's seat and message allowance, by session id. */
  private readonly seated = new Map<string, Seated>();
  /** How many of the game's events each client has been sent. */
  private readonly eventsSent = new Map<string, number>();
  /** The last view each client was sent, field by field as JSON (the next sends only what changed). */
  private readonly viewsSent = new Map<string, Map<string, string>>();
  /** Clients sent their first state already (a ruleset's static facts come with the first). */
  private readonly introduced = new Set<string>();
  /** Timers that hand a left seat to an AI. */
  private readonly seatTimers = new Map<string, { clear(): void }>();
  private aiBusy = false;
  /** Someone has joined since the room was made (until then an empty room is one about to be joined). */
  private hadClients = false;
  /** This room holds its game's claim (and lets it go when it goes). */
  private claimed = false;
  private disposed = false;
  /** Why the game is on hold (the database cannot write), or null. */
  private hold: string | null = null;

  /** A room is always made for a stored game, named by its id, and only one at a time. */
  override async onCreate(options: JoinRequest): Promise<void> {
    if (!context) throw new Error('the game server is not set up');
    this.ctx = context;
    const id = typeof options?.gameId === 'string' ? options.gameId.slice(0, 80) : '';
    let stored: StoredGame | null;
    try {
      stored = this.ctx.store.game(id);
    } catch (e) {
      console.error(`game ${id}: its stored row does not read: ${(e as Error).message}`);
      throw new ServerError(500, `game "${id.slice(0, 40)}" cannot be read on this server`);
    }
    if (!stored) throw new ServerError(404, `there is no game "${id.slice(0, 40)}" on this server`);
    const online = ONLINE_RULESETS[stored.ruleset];
    if (!online) throw new ServerError(500, `this server does not play ${stored.ruleset} games`);
    // the game's one room: the first to claim it through the presence makes it; any other is refused
    // (its client's join finds the first room when it tries again)
    if ((await matchMaker.presence.incr(claimKey(id))) !== 1) throw new ServerError(409, `game ${id} is open in another room already: join it again`);
    this.claimed = true;
    this.stored = stored;
    await matchMaker.presence.expire(claimKey(id), CLAIM_SECONDS);
    this.clock.setInterval(() => void matchMaker.presence.expire(claimKey(id), CLAIM_SECONDS), (CLAIM_SECONDS * 1000) / 3);
    this.online = online;
    try {
      this.game = fromSnapshot(this.ctx.content, stored, online, this.ctx.store.commands(id));
    } catch (e) {
      console.error(`game ${id}: cannot be made again from the store: ${(e as Error).message}`);
      throw new ServerError(500, `game ${id} cannot be brought back on this server`);
    }
    this.setMetadata({ gameId: id, ruleset: stored.ruleset, scenario: stored.scenario });
    this.maxClients = online.seatsOf(this.game).length + SPARE_CONNECTIONS;
    this.onMessage('command', (client, message) => this.onCommand(client, message));
    this.onMessage('move', (client, message) => this.onMove(client, message));
    this.onMessage('dests', (client, message) => this.onDests(client, message));
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
    if (this.game && (method === 'onMessage' || method === 'setTimeout')) this.backToSaved();
  }

  /** Who may join, and at which seat: the seat their token opens, or an open seat; nobody takes another's seat. */
  override onAuth(client: Client, options: JoinRequest): { side: string; token: string | null } {
    const token = typeof options?.token === 'string' ? options.token : undefined;
    const wanted = typeof options?.side === 'string' ? options.side : undefined;
    const seats = this.stored.seats;
    if (token) {
      const hash = tokenHash(token);
      const seat = seats.find((s) => s.tokenHash === hash);
      if (!seat) throw new ServerError(403, 'this link does not open a seat of this game');
      if (wanted && wanted !== seat.side) throw new ServerError(403, `this link opens the ${seat.side} seat, not the ${wanted}`);
      if (seat.kind === 'ai') throw new ServerError(403, `an AI has taken over the ${seat.side} seat: it waited for you too long`);
      if (seat.kind === 'reserved') this.changeSeat(seat, { kind: 'human' });
      return { side: seat.side, token: null };
    }
    const seat = wanted ? seats.find((s) => s.side === wanted) : seats.find((s) => s.kind === 'open');
    if (!seat) throw new ServerError(403, wanted ? `this game has no ${wanted.slice(0, 40)} seat` : 'every seat of this game is taken');
    if (seat.kind !== 'open') throw new ServerError(403, `the ${seat.side} seat is taken${seat.kind === 'ai' ? ' by an AI' : ''}`);
    const fresh = newToken();
    this.changeSeat(seat, { kind: 'human', tokenHash: tokenHash(fresh), agent: undefined });
    return { side: seat.side, token: fresh };
  }

  /** Change a seat and keep it; a database that cannot write refuses the join and the seat stays as it was. */
  private changeSeat(seat: StoredSeat, change: Partial<StoredSeat>): void {
    const before = { ...seat };
    Object.assign(seat, change);
    for (const key of Object.keys(change) as (keyof StoredSeat)[]) if (change[key] === undefined) delete seat[key];
    try {
      this.ctx.store.setSeats(this.stored.id, this.stored.seats);
    } catch (e) {
      for (const key of Object.keys(seat) as (keyof StoredSeat)[]) delete seat[key];
      Object.assign(seat, before);
      const problem = e instanceof StoreError ? e.problem : (e as Error).message;
      console.error(`game ${this.stored.id}: the ${seat.side} seat could not be kept: ${problem}`);
      throw new ServerError(503, `the server cannot take you in now: ${problem}; try again in a moment`);
    }
  }

  override onJoin(client: Client, options: JoinRequest, auth: { side: string; token: string | null }): void {
    // the same seat opened again (a new tab, a rejoin while the old connection hangs): the old one gives
    // way at once, told why, and hears nothing more of the game
    for (const other of this.clients) {
      if (other === client || this.seated.get(other.sessionId)?.side !== auth.side) continue;
      this.forget(other.sessionId);
      other.send('refused', { reason: REPLACED_REASON });
      other.leave(REPLACED_CODE, REPLACED_REASON);
    }
    this.seatTimers.get(auth.side)?.clear();
    this.seatTimers.delete(auth.side);
    const seat = this.stored.seats.find((s) => s.side === auth.side);
    if (seat?.handOverAt !== undefined) {
      delete seat.handOverAt;
      this.keepSeats();
    }
    this.hadClients = true;
    this.seated.set(client.sessionId, { side: auth.side, allowance: RATE_BURST, filled: Date.now(), floods: 0, screen: options?.screen === true });
    this.eventsSent.set(client.sessionId, 0);
    const joined: JoinedMessage = { gameId: this.stored.id, side: auth.side, token: auth.token, ruleset: this.stored.ruleset, scenario: this.stored.scenario };
    client.send('joined', joined);
    this.sendStates();
    if (this.game.winner) client.send('over', this.overMessage());
  }

  override onLeave(client: Client): void {
    const seat = this.seated.get(client.sessionId);
    this.forget(client.sessionId);
    if (!seat || this.game.winner) return this.disposeWhenIdle();
    if ([...this.seated.values()].some((s) => s.side === seat.side)) return;
    // the seat waits for its person, then an AI takes it over; the deadline is kept with the game, so a
    // server started again after a stop still keeps it
    const stored = this.stored.seats.find((s) => s.side === seat.side);
    const at = Date.now() + Math.max(1, this.stored.seatTimeoutSeconds) * 1000;
    if (stored?.kind === 'human') {
      stored.handOverAt = at;
      this.keepSeats();
    }
    this.handOverAt(seat.side, at);
    this.sendStates();
    this.disposeWhenIdle();
  }

  override onDispose(): void {
    this.disposed = true;
    if (this.game && this.stored) keepSnapshot(this.stored.id, this.game);
    for (const t of this.seatTimers.values()) t.clear();
    if (this.claimed) matchMaker.presence.del(claimKey(this.stored.id));
    if (this.stored) this.ctx?.ai.forget(this.stored.id);
  }

  /** A client gone (or replaced): it is sent nothing more. */
  private forget(sessionId: string): void {
    this.seated.delete(sessionId);
    this.eventsSent.delete(sessionId);
    this.introduced.delete(sessionId);
    this.viewsSent.delete(sessionId);
  }

  /** Keep the seats (a hand-over's deadline): one that cannot be written now is kept in memory and logged. */
  private keepSeats(): boolean {
    try {
      this.ctx.store.setSeats(this.stored.id, this.stored.seats);
      return true;
    } catch (e) {
      console.error(`game ${this.stored.id}: its seats could not be kept: ${(e as Error).message}`);
      return false;
    }
  }

  // ------------------------------------------------------------------ commands

  /** A client's message let in: from a seat, within its allowance and size; else refused (null). */
  private admit(client: Client, message: unknown): Seated | null {
    const seat = this.seated.get(client.sessionId);
    if (!seat) {
      client.send('refused', { reason: 'you have no seat in this game' });
      return null;
    }
    if (!this.allow(client, seat)) return null;
    let size = Infinity;
    try {
      size = JSON.stringify(message ?? null).length;
    } catch {
      // not JSON (a cycle, a big integer): refused below
    }
    if (size > MAX_CLIENT_MESSAGE_BYTES) {
      client.send('refused', { reason: `a message may be at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` });
      return null;
    }
    return seat;
  }

  /** Why a command cannot be the seat's (its shape, another seat's), or null. */
  private commandProblem(message: unknown, seat: Seated): string | null {
    const shape = commandShapeProblem(message, this.online.seatsOf(this.game));
    if (shape) return shape;
    const side = (message as Command<string>).side;
    return side !== seat.side ? `you play the ${seat.side} seat, not the ${side}` : null;
  }

  private onCommand(client: Client, message: unknown): void {
    const seat = this.admit(client, message);
    if (!seat) return;
    const problem = this.commandProblem(message, seat);
    if (problem) return client.send('refused', { reason: problem });
    this.play([message as Command<string>], (reason) => client.send('refused', { reason }));
  }

  /** [issue 47] a move made on the map: its commands played all or none (`play`), as one step for everyone. */
  private onMove(client: Client, message: unknown): void {
    const seat = this.admit(client, message);
    if (!seat) return;
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
    this.play(commands as Command<string>[], (reason) => client.send('refused', { reason }));
  }

  /**
   * [issue 47, 53] a pick of the counters of one of the seat's own stacks: where it may go together, and
   * what each other counter would do to it, the ruleset's answer for the seat's own pending decision, sent
   * to that client alone. It changes nothing.
   */
  private onDests(client: Client, message: unknown): void {
    const seat = this.admit(client, message);
    if (!seat) return;
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
   * by the engine against the decision pending when its turn comes. One the engine refuses changes nothing;
   * a move of several is played on a copy of the game, taken whole only when every command of it was
   * played and kept, so a refusal or a failed save midway leaves the game as it was before the first
   * [issue 47]. A command the database cannot keep never happened.
   */
  private play(commands: Command<string>[], refuse: (reason: string) => void): boolean {
    if (this.hold || this.ctx.store.failing) {
      this.putOnHold(this.hold ?? (this.ctx.store.failing as string));
      refuse(holdWords(this.hold as string));
      return false;
    }
    const n = this.game.log.length;
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
    try {
      this.ctx.store.addCommands(this.stored.id, n, commands);
    } catch (e) {
      const problem = e instanceof StoreError ? e.problem : (e as Error).message;
      console.error(`game ${this.stored.id}: command${commands.length > 1 ? `s ${n + 1}-${n + commands.length}` : ` ${n + 1}`} could not be kept: ${problem}`);
      // a move played on a copy left the game untouched; one command played on the game itself is undone
      if (game === this.game) this.backToSaved();
      if (e instanceof StoreError && this.ctx.store.failing) {
        this.putOnHold(problem);
        refuse(holdWords(problem));
      } else refuse(`the server could not keep this move (${problem}); the game is as it was last saved`);
      return false;
    }
    this.game = game;
    if (this.game.winner) this.finish();
    this.sendStates();
    if (this.game.winner) this.broadcast('over', this.overMessage());
    this.playAi();
    return true;
  }

  /** The game is over: it is kept so (again on resume if the database could not write it now). */
  private finish(): void {
    try {
      this.ctx.store.finish(this.stored.id, String(this.game.winner));
      this.stored.status = 'over';
    } catch (e) {
      console.error(`game ${this.stored.id}: its end could not be kept: ${(e as Error).message}`);
      this.ctx.store.whenWritable(() => !this.disposed && this.finish());
    }
  }

  /** The game as the store has it (a command applied and not kept is undone; an engine that failed is
   * made again). The clients were sent nothing of what is undone, so what they have still holds. */
  private backToSaved(): void {
    try {
      this.game = replay(this.ctx.content, this.stored, this.online, this.ctx.store.commands(this.stored.id));
    } catch (e) {
      console.error(`game ${this.stored.id}: cannot be made again from the store, its room closes: ${(e as Error).message}`);
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

  /** A token bucket per client: a burst, then so many a second; a flood is refused, a long one sent away. */
  private allow(client: Client, seat: Seated): boolean {
    const now = Date.now();
    seat.allowance = Math.min(RATE_BURST, seat.allowance + ((now - seat.filled) / 1000) * RATE_PER_SECOND);
    seat.filled = now;
    // a client that has let its allowance fill up again has calmed down: its past flood is forgotten
    if (seat.allowance >= RATE_BURST - 1) seat.floods = 0;
    if (seat.allowance >= 1) {
      seat.allowance -= 1;
      return true;
    }
    seat.floods++;
    if (seat.floods === 1) client.send('refused', { reason: 'too many messages: slow down' });
    if (seat.floods === RATE_BURST) client.leave(4029, 'too many messages');
    return false;
  }

  // ------------------------------------------------------------------ AI seats

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
      .then((command) => {
        this.aiBusy = false;
        if (this.disposed) return;
        if (this.game.log.length !== step) return this.playAi(); // the game moved on meanwhile
        const ok = this.play([command], (reason) => console.error(`game ${this.stored.id}: the ${seat.agent} AI's move was not played: ${reason}`));
        if (!ok && !this.hold) this.handToRandomAi(decision.side);
      })
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
      this.clock.setTimeout(() => (Date.now() < at ? this.handOverAt(side, at) : this.handToAi(side)), Math.max(0, at - Date.now())),
    );
  }

  /** A seat whose person did not come back in time is played by an AI (normal) from now on. */
  private handToAi(side: string): void {
    this.seatTimers.delete(side);
    if (this.game.winner || [...this.seated.values()].some((s) => s.side === side)) return;
    const seat = this.stored.seats.find((s) => s.side === side);
    if (!seat || seat.kind !== 'human') return;
    seat.kind = 'ai';
    seat.agent = 'normal';
    delete seat.handOverAt;
    if (!this.keepSeats()) {
      // not kept: the seat stays its person's until the database can say otherwise
      seat.kind = 'human';
      delete seat.agent;
      seat.handOverAt = Date.now();
      this.ctx.store.whenWritable(() => !this.disposed && this.handToAi(side));
      return;
    }
    this.sendStates();
    this.playAi();
  }

  private handToRandomAi(side: string): void {
    const seat = this.stored.seats.find((s) => s.side === side);
    if (!seat || seat.agent === 'random') return;
    seat.agent = 'random';
    this.keepSeats();
    this.playAi();
  }

  /** With nobody connected and nothing for the AI to do, the room goes (the game stays in the store). */
  private disposeWhenIdle(): void {
    if (!this.hadClients || this.clients.length > 0 || this.aiBusy || this.disposed) return;
    const aiToPlay = !this.hold && !this.game.winner && this.game.pending && this.stored.seats.find((s) => s.side === this.game.pending!.side)?.kind === 'ai';
    if (!aiToPlay && this.seatTimers.size === 0) void this.disconnect();
  }

  // ------------------------------------------------------------------ what each client is sent

  private seatInfo(): SeatInfo[] {
    const connected = new Set([...this.seated.values()].map((s) => s.side));
    return this.stored.seats.map((s) => ({ side: s.side, kind: s.kind, ...(s.agent ? { agent: s.agent } : {}), connected: connected.has(s.side) }));
  }

  /** Each client its own side's view, the events it has not had yet, and its decision when it is its own. */
  private sendStates(): void {
    const seats = this.seatInfo();
    const pending = this.game.winner ? null : this.game.pending;
    for (const client of this.clients) {
      const seat = this.seated.get(client.sessionId);
      if (!seat) continue;
      const from = this.eventsSent.get(client.sessionId) ?? 0;
      const extra = seat.screen ? this.online.present?.(this.game, seat.side, !this.introduced.has(client.sessionId)) : undefined;
      this.introduced.add(client.sessionId);
      this.eventsSent.set(client.sessionId, this.game.events.length);
      const state: StateMessage = {
        step: this.game.log.length,
        turn: this.game.turn,
        ...this.viewChanges(client.sessionId, this.online.view(this.game, seat.side)),
        events: this.online.events(this.game, seat.side, from, seat.screen),
        decision: pending && pending.side === seat.side ? (pending as StateMessage['decision']) : null,
        waitingFor: pending ? pending.side : null,
        waitingKind: pending ? pending.kind : null,
        seats,
        winner: this.game.winner,
        ...(this.hold ? { hold: holdWords(this.hold) } : {}),
        ...(extra !== undefined ? { extra } : {}),
      };
      client.send('state', state);
    }
  }

  /**
   * A view as it goes to one client: whole the first time, then only its top-level fields that changed
   * since the last one it was sent. Most of a view (the planets, the environs) changes seldom, and the
   * messages' size is most of what a state costs to send and to read.
   */
  private viewChanges(sessionId: string, view: Json): { view: Json; partial?: true } {
    const before = this.viewsSent.get(sessionId);
    const now = new Map(Object.entries(view as { [key: string]: Json }).map(([key, value]) => [key, JSON.stringify(value)]));
    this.viewsSent.set(sessionId, now);
    if (!before) return { view };
    const changed: { [key: string]: Json } = {};
    for (const [key, text] of now) if (before.get(key) !== text) changed[key] = (view as { [key: string]: Json })[key] as Json;
    return { view: changed, partial: true };
  }

  private overMessage(): OverMessage {
    // the game is over: its seed is no secret any more, and with it anyone can replay the game
    return { winner: String(this.game.winner), hash: stateHash(this.game), commands: this.game.log.length, seed: this.stored.seed };
  }
}

/** What the players are told while their game is on hold. */
function holdWords(problem: string): string {
  return `the game is on hold: the server cannot save moves (${problem}); it goes on by itself when it can`;
}

/**
 * Games as their last room left them (or as the server made them), kept in memory a while: the next room
 * of such a game starts from it and applies only the commands stored since, rather than making the game
 * again from its start (a game's whole replay blocks the server's one thread for tens of ms) [issue 46].
 * A room takes its game's snapshot out (one owner at a time); the least recently kept go first.
 */
const snapshots = new Map<string, AnyGame>();
const SNAPSHOTS = 32;

export function keepSnapshot(gameId: string, game: AnyGame): void {
  snapshots.delete(gameId);
  snapshots.set(gameId, game);
  if (snapshots.size > SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
}

/** The game the store's start and log make: from its snapshot when that is a beginning of the log, else replayed. */
function fromSnapshot(content: Content, stored: StoredGame, online: OnlineRuleset, commands: readonly Command<string>[]): AnyGame {
  const game = snapshots.get(stored.id);
  snapshots.delete(stored.id);
  const n = game?.log.length ?? -1;
  // the snapshot must be where the log was then (another server process may have played on since)
  if (game && n <= commands.length && (n === 0 || JSON.stringify(game.log[n - 1]) === JSON.stringify(commands[n - 1]))) {
    if (commands.slice(n).every((command) => apply(game, command).ok)) return game;
  }
  return replay(content, stored, online, commands);
}

/** The game a stored start and log make: a new game, every command applied again. */
export function replay(content: Content, stored: StoredGame, online: OnlineRuleset, commands: readonly Command<string>[]): AnyGame {
  const game = startStoredGame(content, stored);
  commands.forEach((command, i) => {
    const result = apply(game, command);
    if (!result.ok) throw new Error(`game ${stored.id}: stored command ${i + 1} no longer applies: ${result.reason}`);
  });
  return game;
}

/** The seats of a new game as stored (an AI keeps its level; open and reserved seats wait for people). */
export function seatsToStore(requests: readonly { side: string; kind: 'open' | 'ai' | 'reserved'; agent?: string }[]): StoredSeat[] {
  return requests.map((r) => (r.kind === 'ai' ? { side: r.side, kind: 'ai', agent: r.agent ?? 'normal' } : { side: r.side, kind: r.kind }));
}
