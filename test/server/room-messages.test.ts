/**
 * What a room's clients are sent does not depend on how cheaply it is made [issue 55]: a fixed game played
 * through the room's audience (room-audience.ts: a side's view and facts made once for all its clients,
 * the world's part of a view kept while the world stands, fields compared without writing them out) sends
 * every client exactly the messages the plain rule gives: for each client and each state, its side's view
 * made afresh, only the fields whose JSON differs from the last it was sent, its events, its decision and
 * its screen's facts made for it alone. A star-system game (screens at both seats, a second tab, a seat
 * joining late, the game copied midway as a move of several commands copies it) and a conquest game.
 */
import { describe, expect, it } from 'vitest';
import { getMessageBytes, Protocol, type Client } from '@colyseus/core';
import { bundledContent } from '../../src/core/content/bundled';
import { apply, cloneGame } from '../../src/core/engine/game';
import type { AnyGame, Game, Json } from '../../src/core/engine/types';
import { Rng } from '../../src/core/rng';
import { viewFor } from '../../src/core/view';
import { Audience, sameJson, stateFrame } from '../../src/server/room-audience';
import { ONLINE_RULESETS, startStoredGame, type OnlineRuleset } from '../../src/server/online-rulesets';
import type { StoredSeat } from '../../src/server/store';
import type { StateMessage } from '../../src/online/protocol';

const content = bundledContent();
/** What Colyseus' `sendBytes('state', ...)` writes before the bytes. */
const STATE_HEAD = getMessageBytes.raw(Protocol.ROOM_DATA_BYTES, 'state', undefined, new Uint8Array(0));

interface Listener {
  sessionId: string;
  side: string;
  screen: boolean;
  /** The state messages it was sent, as JSON text. */
  heard: string[];
}

/** The plain rule, made afresh for each client: what every client must be sent. */
class PlainRule {
  private readonly sent = new Map<string, { events: number; view: Map<string, string> | null; introduced: boolean }>();

  messages(listeners: Listener[], game: AnyGame, online: OnlineRuleset, seats: StoredSeat[], audience: Audience): Map<string, string> {
    const out = new Map<string, string>();
    const pending = game.winner ? null : game.pending;
    for (const l of listeners) {
      const was = this.sent.get(l.sessionId) ?? { events: 0, view: null, introduced: false };
      // the view made afresh, never the kept world part the room's own view takes
      const view = (game.ruleset.id === 'star-system' ? viewFor(game as Game, l.side as never, { events: false, decision: false }) : online.view(game, l.side)) as unknown as { [key: string]: Json };
      const texts = new Map(Object.entries(view).map(([k, v]) => [k, JSON.stringify(v)]));
      const changed = was.view ? Object.fromEntries([...texts].filter(([k, t]) => was.view!.get(k) !== t).map(([k]) => [k, view[k]])) : view;
      const extra = l.screen ? online.present?.(game, l.side, !was.introduced) : undefined;
      const state: StateMessage = {
        step: game.log.length,
        turn: game.turn,
        view: changed as Json,
        ...(was.view ? { partial: true as const } : {}),
        events: online.events(game, l.side, was.events, l.screen),
        decision: pending && pending.side === l.side ? (pending as StateMessage['decision']) : null,
        waitingFor: pending ? pending.side : null,
        waitingKind: pending ? pending.kind : null,
        seats: audience.seatInfo(seats),
        winner: game.winner,
        ...(extra !== undefined ? { extra } : {}),
      };
      out.set(l.sessionId, JSON.stringify(state));
      this.sent.set(l.sessionId, { events: game.events.length, view: texts, introduced: true });
    }
    return out;
  }
}

/** Play `commands` answers of a seeded generator, every state sent to the table through the audience and
 * by the plain rule; each client's messages must be the plain rule's, one for one. */
function playAndCompare(ruleset: string, scenario: string, options: { [key: string]: Json }, sides: string[], commands: number): Listener[] {
  const online = ONLINE_RULESETS[ruleset]!;
  let game = startStoredGame(content, { ruleset, scenario, seed: 'room-messages', seedHash: 'sha256', options });
  const seats: StoredSeat[] = sides.map((side) => ({ side, kind: 'human' }));
  const audience = new Audience();
  const rule = new PlainRule();
  const listeners: Listener[] = [];
  const clients: Client[] = [];
  const join = (side: string, screen: boolean) => {
    const l: Listener = { sessionId: `c${listeners.length}`, side, screen, heard: [] };
    listeners.push(l);
    // a state goes as the bytes of its JSON text, framed as Colyseus frames a message of bytes named 'state'
    clients.push({ sessionId: l.sessionId, enqueueRaw: (frame: Uint8Array) => l.heard.push(new TextDecoder().decode(frame.subarray(STATE_HEAD.length))) } as unknown as Client);
    audience.seat(l.sessionId, side, screen);
  };
  // every seat a screen, the first side in a second tab too (a program that only plays)
  for (const side of sides) join(side, true);
  join(sides[0]!, false);
  const expected = new Map<string, string[]>(listeners.map((l) => [l.sessionId, []]));
  const send = () => {
    audience.sendStates(clients, game, online, seats, {});
    for (const [id, text] of rule.messages(listeners, game, online, seats, audience)) (expected.get(id) ?? expected.set(id, []).get(id)!).push(text);
  };
  send();
  const rng = Rng.fromSeed(`${ruleset}-answers`);
  for (let n = 0; n < commands && game.pending && !game.winner; n++) {
    // a seat that joins late gets its first state's facts
    if (n === Math.floor(commands / 3)) join(sides[1]!, true);
    // as a move of several commands is played: on a copy, which the room then takes
    if (n % 40 === 39) game = cloneGame(game);
    expect(apply(game, rng.pick(game.pending!.options)).ok).toBe(true);
    send();
  }
  for (const l of listeners) expect(l.heard, `the messages of ${l.sessionId} (${l.side}${l.screen ? ', a screen' : ''})`).toEqual(expected.get(l.sessionId));
  return listeners;
}

describe("a room's messages are the plain rule's, however cheaply made [issue 55]", () => {
  it('a star-system game: views, events, decisions and screen facts, one for one', () => {
    const listeners = playAndCompare('star-system', [...content.scenarios.keys()][0]!, {}, ['rebel', 'imperial'], 120);
    const states = listeners[0]!.heard.map((h) => JSON.parse(h) as StateMessage);
    // not an empty comparison: partial views, facts with the board's movers, events, decisions
    expect(states.length).toBeGreaterThan(100);
    expect(states.filter((s) => s.partial && Object.keys(s.view as object).length === 0).length).toBeGreaterThan(10);
    expect(states.some((s) => s.partial && 'units' in (s.view as object))).toBe(true);
    expect(states.some((s) => ((s.extra as { decision?: { board?: { movers?: unknown[] } } })?.decision?.board?.movers?.length ?? 0) > 0)).toBe(true);
    expect(states.some((s) => s.events.length > 0)).toBe(true);
    // the seat's decision goes once, beside the view, never inside it too
    expect(states.some((s) => s.decision !== null)).toBe(true);
    expect(states.every((s) => ((s.view as { decision?: unknown }).decision ?? null) === null)).toBe(true);
  });

  it('a conquest game: views, events and decisions, one for one', () => {
    playAndCompare('conquest', 'conquest-mission', { players: ['crimson', 'azure', 'emerald'], autoPlace: true }, ['crimson', 'azure', 'emerald'], 80);
  });
});

describe('fields compared as JSON writes them [issue 55]', () => {
  it('equal data is the same; a changed number, a key more or in another order, a longer list is not; what JSON leaves out (an inherited key among it) or writes as null counts so', () => {
    expect(sameJson({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameJson({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 0 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([null, NaN], [undefined, null])).toBe(true);
    expect(sameJson(0, false)).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
    // a key of b's missing from a, before or after the keys they share; one only inherited, which JSON does not write
    expect(sameJson({ b: 2 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: { c: 1 } })).toBe(false);
    expect(sameJson(Object.assign(Object.create({ inherited: 1 }), { a: 1 }), { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, Object.assign(Object.create({ a: 1 }), {}))).toBe(false);
  });
});

describe('a state on the wire [issue 55]', () => {
  it("is framed as Colyseus' sendBytes frames it: short, beyond one byte a character, longer than Colyseus' own buffer", () => {
    for (const json of ['{}', JSON.stringify({ text: 'Wendhaven’s PDB · ✦ 1 up' }), JSON.stringify({ long: 'é'.repeat(20_000) })]) {
      expect(stateFrame(json).equals(getMessageBytes.raw(Protocol.ROOM_DATA_BYTES, 'state', undefined, Buffer.from(json))), json.slice(0, 40)).toBe(true);
    }
  });
});
