/**
 * Who is at a game's table and what each has been told [issue 27]: each client's seat and message
 * allowance, and the states it is sent, its own side's view, events and decision only. A view after the
 * first goes as the fields that changed; the events as those not sent yet.
 *
 * What a state costs is made once for each side at the table [issue 55]: its view and its screen's facts
 * are the same for every client of that side, so a side's second tab costs only its sending, and a side
 * nobody sits at costs nothing. A state goes as JSON text (`STATE_MESSAGE`): V8 writes JSON about twice as
 * fast as Colyseus' msgpack encoder writes these messages, and the page reads it as fast.
 */
import { getMessageBytes, Protocol, type Client } from '@colyseus/core';
import type { AnyGame, Json } from '../core/engine/types';
import { RATE_BURST, RATE_PER_SECOND, type SeatClock, type SeatInfo, type StateMessage } from '../online/protocol';
import type { OnlineRuleset } from './online-rulesets';
import type { StoredSeat } from './store';

export interface Seated {
  side: string;
  /** Message allowance (a token bucket), and when it was last filled. */
  allowance: number;
  filled: number;
  /** Messages refused for flooding since the client last calmed down; too many and it is sent away. */
  floods: number;
  /** A screen that shows the game: it is sent the ruleset's presentation facts (`StateMessage.extra`). */
  screen: boolean;
}

/** What every state of the moment carries besides the game: why it is on hold, its pace and clocks. */
export interface TableNotes {
  hold?: string;
  pace?: string;
  clocks?: SeatClock[];
}

/** Whom a state is sent to: a room's client (or the warm-up's nowhere, warm-up.ts). */
export type Recipient = Pick<Client, 'sessionId' | 'enqueueRaw'>;

export class Audience {
  /** Each client's seat and message allowance, by session id. */
  readonly seated = new Map<string, Seated>();
  /** How many of the game's events each client has been sent. */
  private readonly eventsSent = new Map<string, number>();
  /** The last view each client was sent (the next sends only the fields that changed). A view is fresh
   * data, never the game's own objects (the rulesets' views copy them), so it stands as it was sent. */
  private readonly viewsSent = new Map<string, { [key: string]: Json }>();
  /** Clients sent their first state already (a ruleset's static facts come with the first). */
  private readonly introduced = new Set<string>();
  /** Sides whose person has left while the seat's hand-over time is being kept, with how many such keeps
   * are under way: still shown connected until it is kept (`leaving`). */
  private readonly leavingSides = new Map<string, number>();

  seat(sessionId: string, side: string, screen: boolean): void {
    this.seated.set(sessionId, { side, allowance: RATE_BURST, filled: Date.now(), floods: 0, screen });
    this.eventsSent.set(sessionId, 0);
  }

  /** A client gone (or replaced): it is sent nothing more. */
  forget(sessionId: string): void {
    this.seated.delete(sessionId);
    this.eventsSent.delete(sessionId);
    this.introduced.delete(sessionId);
    this.viewsSent.delete(sessionId);
  }

  /** Someone sits at `side` now. */
  present(side: string): boolean {
    for (const s of this.seated.values()) if (s.side === side) return true;
    return false;
  }

  /** A token bucket per client: a burst, then so many a second; a flood is refused, a long one sent away. */
  allow(client: Client, seat: Seated): boolean {
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

  /**
   * The person at `side` has left, and what the others are told of it waits for `kept` (the seat's hand-over
   * time in the store): a seat shown left promises its hand-over to an AI, so until the promise is kept
   * every state, whatever sends it (another seat's move, a tab opened), still shows the seat connected.
   */
  leaving(side: string, kept: Promise<unknown>): void {
    this.leavingSides.set(side, (this.leavingSides.get(side) ?? 0) + 1);
    const done = () => {
      const n = (this.leavingSides.get(side) ?? 1) - 1;
      if (n > 0) this.leavingSides.set(side, n);
      else this.leavingSides.delete(side);
    };
    void kept.then(done, done);
  }

  seatInfo(seats: readonly StoredSeat[]): SeatInfo[] {
    const connected = new Set([...this.seated.values()].map((s) => s.side));
    for (const side of this.leavingSides.keys()) connected.add(side);
    return seats.map((s) => ({ side: s.side, kind: s.kind, ...(s.agent ? { agent: s.agent } : {}), connected: connected.has(s.side) }));
  }

  /** Each client its own side's view, the events it has not had yet, and its decision when it is its own. */
  sendStates(clients: Iterable<Recipient>, game: AnyGame, online: OnlineRuleset, seats: readonly StoredSeat[], notes: TableNotes): void {
    const seatInfo = this.seatInfo(seats);
    const pending = game.winner ? null : game.pending;
    // each side's view and screen facts, made once for all its clients (the facts for a first state apart)
    const views = new Map<string, Json>();
    const facts = new Map<string, Json | undefined>();
    const viewOf = (side: string) => views.get(side) ?? views.set(side, online.view(game, side)).get(side)!;
    const factsOf = (side: string, first: boolean) => {
      const key = `${first}:${side}`;
      if (!facts.has(key)) facts.set(key, online.present?.(game, side, first));
      return facts.get(key);
    };
    for (const client of clients) {
      const seat = this.seated.get(client.sessionId);
      if (!seat) continue;
      const from = this.eventsSent.get(client.sessionId) ?? 0;
      const extra = seat.screen ? factsOf(seat.side, !this.introduced.has(client.sessionId)) : undefined;
      this.introduced.add(client.sessionId);
      this.eventsSent.set(client.sessionId, game.events.length);
      const state: StateMessage = {
        step: game.log.length,
        turn: game.turn,
        ...this.viewChanges(client.sessionId, viewOf(seat.side)),
        events: online.events(game, seat.side, from, seat.screen),
        decision: pending && pending.side === seat.side ? (pending as StateMessage['decision']) : null,
        waitingFor: pending ? pending.side : null,
        waitingKind: pending ? pending.kind : null,
        seats: seatInfo,
        winner: game.winner,
        ...(notes.hold ? { hold: notes.hold } : {}),
        ...(notes.pace && notes.clocks ? { pace: notes.pace, clocks: notes.clocks } : {}),
        ...(extra !== undefined ? { extra } : {}),
      };
      client.enqueueRaw(stateFrame(JSON.stringify(state)));
    }
  }

  /**
   * A view as it goes to one client: whole the first time, then only its top-level fields that changed
   * since the last one it was sent. Most of a view (the planets, the environs) changes seldom, and the
   * messages' size is most of what a state costs to send and to read. A field is compared with the one
   * sent as JSON would write them (`sameJson`), without writing either out.
   */
  private viewChanges(sessionId: string, view: Json): { view: Json; partial?: true } {
    const before = this.viewsSent.get(sessionId);
    const fields = view as { [key: string]: Json };
    this.viewsSent.set(sessionId, fields);
    if (!before) return { view };
    const changed: { [key: string]: Json } = {};
    for (const key of Object.keys(fields)) if (!(key in before) || !sameJson(before[key] as Json, fields[key] as Json)) changed[key] = fields[key] as Json;
    return { view: changed, partial: true };
  }
}

/** What opens a state on the wire: Colyseus' code for a message of bytes and its type, `state`. */
const STATE_HEAD = getMessageBytes.raw(Protocol.ROOM_DATA_BYTES, 'state', undefined, new Uint8Array(0));

/**
 * A state on the wire, the same bytes as `client.sendBytes('state', Buffer.from(json))` sends, written once
 * [issue 55]: `sendBytes` copies the bytes twice more (into Colyseus' buffer, then out of it), and with
 * `Buffer.from` that was about as long as writing the JSON text itself (a state of about 3 KB: 50 µs a
 * state, against 30 µs so; JSON.stringify alone 26 µs).
 */
export function stateFrame(json: string): Buffer {
  const frame = Buffer.allocUnsafe(STATE_HEAD.length + Buffer.byteLength(json));
  frame.set(STATE_HEAD, 0);
  frame.write(json, STATE_HEAD.length);
  return frame;
}

/**
 * Whether two values of plain data would be written the same by JSON.stringify: the same numbers,
 * strings, booleans and nulls, in lists of the same length and objects with the same keys in the same
 * order (a key whose value JSON leaves out, undefined or a function, counts as absent; a number JSON
 * cannot write, as null). The same object is the same (views are fresh data; see `viewsSent`).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (typeof a === 'number' && typeof b === 'number') return !Number.isFinite(a) && !Number.isFinite(b);
    return writtenAsNull(a) && writtenAsNull(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    // the same value is the same without a call (most of a view that has not changed)
    for (let i = 0; i < a.length; i++) if (a[i] !== other[i] && !sameJson(a[i], other[i])) return false;
    return true;
  }
  const one = a as { [key: string]: unknown };
  const two = b as { [key: string]: unknown };
  // the keys JSON writes, in order, side by side: a's walked (for-in makes no list of them), b's from its list
  const keysB = Object.keys(two);
  let j = 0;
  for (const key in one) {
    if (!Object.hasOwn(one, key)) continue;
    const value = one[key];
    if (omitted(value)) continue;
    while (j < keysB.length && omitted(two[keysB[j]!])) j++;
    if (j === keysB.length || keysB[j] !== key) return false;
    const other = two[key];
    if (value !== other && !sameJson(value, other)) return false;
    j++;
  }
  while (j < keysB.length && omitted(two[keysB[j]!])) j++;
  return j === keysB.length;
}

/** A value JSON leaves out of an object (and writes as null in a list). */
const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
/** A value JSON writes as null: null itself, a number it cannot write, and (in a list) one it leaves out. */
const writtenAsNull = (v: unknown) => v === null || omitted(v) || (typeof v === 'number' && !Number.isFinite(v));
