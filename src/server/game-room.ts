/**
 * One online game [issue 27]: a Colyseus room that holds the engine, the command log and the seed, and
 * is the only place the game changes. A client sits at a seat (by its token, or at an open seat, when it
 * joins); it sends its seat's commands, which the engine checks against the pending decision; the room
 * keeps each applied command in the store before anyone hears of it, then sends each client its own
 * side's view, events and decision. AI seats are answered by the AI worker, off this thread. A room is
 * made from the store, so after a restart the first client to come back brings its game back as it was.
 */
import { Room, ServerError, type Client } from '@colyseus/core';
import { apply, stateHash } from '../core/engine/game';
import type { AnyGame, Command, Json } from '../core/engine/types';
import type { Content } from '../core/content/validate';
import { commandShapeProblem } from '../core/engine/commands';
import { MAX_CLIENT_MESSAGE_BYTES, RATE_BURST, RATE_PER_SECOND, type JoinRequest, type JoinedMessage, type OverMessage, type SeatInfo, type StateMessage } from '../online/protocol';
import { newToken, tokenHash, type GameStore, type StoredGame, type StoredSeat } from './game-store';
import { ONLINE_RULESETS, startStoredGame, type OnlineRuleset } from './online-rulesets';
import type { AiPool } from './ai-pool';

/** What every room of a server shares: the content, the store and the AI workers. */
export interface RoomContext {
  content: Content;
  store: GameStore;
  ai: AiPool;
}

/** Set by the server before any room is made. */
let context: RoomContext | null = null;
export function setRoomContext(c: RoomContext): void {
  context = c;
}

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
  private readonly seatTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private aiBusy = false;
  /** Someone has joined since the room was made (until then an empty room is one about to be joined). */
  private hadClients = false;

  /** A room is always made for a stored game, named by its id. */
  override onCreate(options: JoinRequest): void {
    if (!context) throw new Error('the game server is not set up');
    this.ctx = context;
    const id = typeof options?.gameId === 'string' ? options.gameId : '';
    const stored = this.ctx.store.game(id);
    if (!stored) throw new ServerError(404, `there is no game "${id.slice(0, 40)}" on this server`);
    const online = ONLINE_RULESETS[stored.ruleset];
    if (!online) throw new ServerError(500, `this server does not play ${stored.ruleset} games`);
    this.stored = stored;
    this.online = online;
    this.game = replay(this.ctx.content, stored, online, this.ctx.store.commands(id));
    this.setMetadata({ gameId: id, ruleset: stored.ruleset, scenario: stored.scenario });
    this.maxClients = online.seatsOf(this.game).length;
    this.onMessage('command', (client, message) => this.onCommand(client, message));
    // anything else a client sends is answered, never acted on
    this.onMessage('*', (client, type) => client.send('refused', { reason: `"${String(type).slice(0, 40)}" is not a message this server takes` }));
    this.autoDispose = false;
    // after the room is made (the client that made it is joining): an AI to move moves then
    this.clock.setTimeout(() => this.playAi(), 0);
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
      if (seat.kind === 'reserved') {
        seat.kind = 'human';
        this.ctx.store.setSeats(this.stored.id, seats);
      }
      return { side: seat.side, token: null };
    }
    const seat = wanted ? seats.find((s) => s.side === wanted) : seats.find((s) => s.kind === 'open');
    if (!seat) throw new ServerError(403, wanted ? `this game has no ${wanted.slice(0, 40)} seat` : 'every seat of this game is taken');
    if (seat.kind !== 'open') throw new ServerError(403, `the ${seat.side} seat is taken${seat.kind === 'ai' ? ' by an AI' : ''}`);
    const fresh = newToken();
    seat.kind = 'human';
    seat.tokenHash = tokenHash(fresh);
    delete seat.agent;
    this.ctx.store.setSeats(this.stored.id, seats);
    return { side: seat.side, token: fresh };
  }

  override onJoin(client: Client, options: JoinRequest, auth: { side: string; token: string | null }): void {
    // the same seat opened again (a new tab): the old connection gives way
    for (const other of this.clients) if (other !== client && this.seated.get(other.sessionId)?.side === auth.side) other.leave(4000, 'this seat was opened elsewhere');
    const timer = this.seatTimers.get(auth.side);
    if (timer) clearTimeout(timer);
    this.seatTimers.delete(auth.side);
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
    this.seated.delete(client.sessionId);
    this.eventsSent.delete(client.sessionId);
    this.introduced.delete(client.sessionId);
    this.viewsSent.delete(client.sessionId);
    if (!seat || this.game.winner) return this.disposeWhenIdle();
    if ([...this.seated.values()].some((s) => s.side === seat.side)) return;
    // the seat waits for its person, then an AI takes it over
    const wait = Math.max(1, this.stored.seatTimeoutSeconds) * 1000;
    this.seatTimers.set(
      seat.side,
      setTimeout(() => this.handToAi(seat.side), wait),
    );
    this.sendStates();
    this.disposeWhenIdle();
  }

  override onDispose(): void {
    for (const t of this.seatTimers.values()) clearTimeout(t);
    this.ctx?.ai.forget(this.stored?.id ?? '');
  }

  // ------------------------------------------------------------------ commands

  private onCommand(client: Client, message: unknown): void {
    const seat = this.seated.get(client.sessionId);
    if (!seat) return client.send('refused', { reason: 'you have no seat in this game' });
    if (!this.allow(client, seat)) return;
    let size = Infinity;
    try {
      size = JSON.stringify(message ?? null).length;
    } catch {
      // not JSON (a cycle, a big integer): refused below
    }
    if (size > MAX_CLIENT_MESSAGE_BYTES) return client.send('refused', { reason: `a command may be at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` });
    const shape = commandShapeProblem(message, this.online.seatsOf(this.game));
    if (shape) return client.send('refused', { reason: shape });
    const command = message as Command<string>;
    if (command.side !== seat.side) return client.send('refused', { reason: `you play the ${seat.side} seat, not the ${command.side}` });
    this.play(command, (reason) => client.send('refused', { reason }));
  }

  /** Apply a command; keep it; tell everyone. */
  private play(command: Command<string>, refuse: (reason: string) => void): boolean {
    const n = this.game.log.length;
    const result = apply(this.game, command);
    if (!result.ok) {
      refuse(result.reason);
      return false;
    }
    this.ctx.store.addCommand(this.stored.id, n, command);
    if (this.game.winner) {
      this.stored.status = 'over';
      this.ctx.store.finish(this.stored.id, this.game.winner);
    }
    this.sendStates();
    if (this.game.winner) this.broadcast('over', this.overMessage());
    this.playAi();
    return true;
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
    if (this.aiBusy || this.game.winner || !this.game.pending) return this.disposeWhenIdle();
    const decision = this.game.pending;
    const seat = this.stored.seats.find((s) => s.side === decision.side);
    if (seat?.kind !== 'ai') return this.disposeWhenIdle();
    this.aiBusy = true;
    const step = this.game.log.length;
    this.ctx.ai
      .decide(this.stored, this.game.log as Command<string>[], decision.side, seat.agent ?? 'normal')
      .then((command) => {
        this.aiBusy = false;
        if (this.game.log.length !== step) return this.playAi(); // the game moved on meanwhile
        const ok = this.play(command, (reason) => console.error(`game ${this.stored.id}: the ${seat.agent} AI answered illegally: ${reason}`));
        if (!ok) this.handToRandomAi(decision.side);
      })
      .catch((e: unknown) => {
        this.aiBusy = false;
        console.error(`game ${this.stored.id}: the AI failed: ${(e as Error).message}`);
      });
  }

  /** A seat whose person did not come back in time is played by an AI (normal) from now on. */
  private handToAi(side: string): void {
    this.seatTimers.delete(side);
    if (this.game.winner || [...this.seated.values()].some((s) => s.side === side)) return;
    const seat = this.stored.seats.find((s) => s.side === side);
    if (!seat || seat.kind !== 'human') return;
    seat.kind = 'ai';
    seat.agent = 'normal';
    this.ctx.store.setSeats(this.stored.id, this.stored.seats);
    this.sendStates();
    this.playAi();
  }

  private handToRandomAi(side: string): void {
    const seat = this.stored.seats.find((s) => s.side === side);
    if (!seat || seat.agent === 'random') return;
    seat.agent = 'random';
    this.ctx.store.setSeats(this.stored.id, this.stored.seats);
    this.playAi();
  }

  /** With nobody connected and nothing for the AI to do, the room goes (the game stays in the store). */
  private disposeWhenIdle(): void {
    if (!this.hadClients || this.clients.length > 0 || this.aiBusy) return;
    const aiToPlay = !this.game.winner && this.game.pending && this.stored.seats.find((s) => s.side === this.game.pending!.side)?.kind === 'ai';
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
    return { winner: String(this.game.winner), hash: stateHash(this.game), commands: this.game.log.length };
  }
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
