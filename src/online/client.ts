/**
 * A seat at an online game, as a client holds it [issue 27]: join a game's room by its id (at an open
 * seat, or the seat a token opens), hear the game as one's own side may know it, send one's commands.
 * The same code runs in the page and in Node (tests, the load check).
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Command } from '../core/engine/types';
import { GAME_ROOM, type DestsMessage, type JoinRequest, type JoinedMessage, type NewOnlineGame, type OverMessage, type RefusedMessage, type StateMessage, readState } from './protocol';

/** A game's link on its server: the invitation, or with `token` the link that opens that seat. */
export function onlineLink(serverUrl: string, gameId: string, token?: string | null): string {
  return `${serverUrl}/?online=${encodeURIComponent(gameId)}${token ? `#seat=${encodeURIComponent(token)}` : ''}`;
}

/** What creating a game gives back: its id, the host's seat and token, and the reserved seats' tokens. */
export interface CreatedGame {
  gameId: string;
  side: string | null;
  token: string | null;
  reserved: { side: string; token: string }[];
}

/** Ask the server for a new game; the host sits at `side` when given. Throws with the server's reason. */
export async function createOnlineGame(serverUrl: string, game: NewOnlineGame, side?: string): Promise<CreatedGame> {
  const response = await fetch(`${serverUrl}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game, side }) });
  const body = (await response.json()) as CreatedGame | { error: string };
  if ('error' in body) throw new Error(body.error);
  return body;
}

export class OnlineSeat {
  /** The latest state the server sent, and every message as received (tests read them all). */
  latest: StateMessage | null = null;
  over: OverMessage | null = null;
  readonly refusals: string[] = [];
  /** The code the connection closed with, once it has (the server sends a flooding client away with 4029). */
  closedWith: number | null = null;
  /** Why, when the server said (a seat opened elsewhere closes this connection with its reason). */
  closedBecause: string | null = null;
  private listeners: ((state: StateMessage) => void)[] = [];
  private refusedListeners: ((reason: string) => void)[] = [];
  private overListeners: ((over: OverMessage) => void)[] = [];
  private destsListeners: ((answer: DestsMessage) => void)[] = [];

  /** Set once the server has seated us (before any state comes). */
  joined!: JoinedMessage;
  private readonly seated: Promise<JoinedMessage>;

  /** Every handler is set at once, before the first message can come: none is missed. */
  private constructor(readonly room: Room) {
    this.seated = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not seat us')), 10_000);
      room.onMessage('joined', (m: JoinedMessage) => {
        clearTimeout(timer);
        this.joined = m;
        resolve(m);
      });
    });
    room.onLeave((code: number, reason?: string) => {
      this.closedWith = code;
      this.closedBecause = reason ?? null;
    });
    room.onMessage('state', (bytes: Uint8Array) => {
      const m = readState(bytes);
      // the view comes whole once, then as its changed fields: put it back together
      const view = m.partial ? { ...(this.latest?.view as object), ...(m.view as object) } : m.view;
      const { partial: _partial, ...state } = { ...m, view } as StateMessage;
      this.latest = state;
      for (const l of this.listeners) l(state);
    });
    room.onMessage('refused', (m: RefusedMessage) => {
      this.refusals.push(m.reason);
      for (const l of this.refusedListeners) l(m.reason);
    });
    room.onMessage('dests', (m: DestsMessage) => {
      for (const l of this.destsListeners) l(m);
    });
    room.onMessage('over', (m: OverMessage) => {
      this.over = m;
      for (const l of this.overListeners) l(m);
    });
  }

  /**
   * Join a game: resolves once the server has seated us; rejects with the server's reason. The game's one
   * room may be in the making by another join, or going as this one comes: then a moment later it is
   * there (or gone), and the join is tried again, a few times.
   */
  static async join(serverUrl: string, request: JoinRequest): Promise<OnlineSeat> {
    const client = new Client(serverUrl);
    let room: Room;
    for (let attempt = 1; ; attempt++) {
      try {
        room = await client.joinOrCreate(GAME_ROOM, request);
        break;
      } catch (e) {
        if (attempt >= 5 || !/open in another room already|already full|is locked/.test((e as Error).message)) throw e;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    const seat = new OnlineSeat(room);
    await seat.seated;
    seat.token = seat.joined.token ?? request.token ?? null;
    return seat;
  }

  /** The seat's key (a new one from the server, or the one we came with): the seat's link carries it. */
  token: string | null = null;

  get side(): string | null {
    return this.joined.side;
  }

  onState(listener: (state: StateMessage) => void): void {
    this.listeners.push(listener);
    if (this.latest) listener(this.latest);
  }

  onRefused(listener: (reason: string) => void): void {
    this.refusedListeners.push(listener);
  }

  onOver(listener: (over: OverMessage) => void): void {
    this.overListeners.push(listener);
    if (this.over) listener(this.over);
  }

  send(command: Command<string>): void {
    this.room.send('command', command);
  }

  /** [issue 47] a move of several commands (a stack's picks and where it goes): the server plays all of them or none. */
  sendMove(commands: Command<string>[]): void {
    this.room.send('move', { commands });
  }

  /** [issue 47, 53] ask what a pick of our own stack's counters may do now (answered through `onDests`). */
  askDests(place: string, pieces: number[]): void {
    this.room.send('dests', { place, pieces });
  }

  onDests(listener: (answer: DestsMessage) => void): void {
    this.destsListeners.push(listener);
  }

  /** Leave the table (a connection already closed is left at once; a server gone quiet is not waited for). */
  async leave(): Promise<void> {
    if (this.closedWith !== null) return;
    await Promise.race([this.room.leave(true).catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3000))]);
  }
}
