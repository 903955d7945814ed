/**
 * [issue 44] an online star-system seat shows an AI seat's moves at the player's pace, as the play worker
 * does at home: each state that tells the seat something is held, the states after it wait their turn,
 * a skip shows what waits at once (all its events). [issue 47] A move made on the map goes to the server
 * as one message, and shift-click's question (where some pieces may go together) is the server's to answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemotePlay } from '../../src/ui/play/remote-play';
import type { OnlineSeat } from '../../src/online/client';
import type { DestsMessage, StateMessage } from '../../src/online/protocol';
import type { FromPlayWorker } from '../../src/ui/play/play-protocol';
import type { Command, GameEvent } from '../../src/core/engine/types';

const SEATS = [
  { side: 'rebel', kind: 'human', connected: true },
  { side: 'imperial', kind: 'ai', agent: 'normal', connected: true },
] as StateMessage['seats'];

function event(text: string): GameEvent {
  return { turn: 1, kind: 'move', text, rule: '[9.0]', visibleTo: 'all' } as GameEvent;
}

function state(step: number, waitingFor: string, events: GameEvent[], options: Command[] = []): StateMessage {
  const decision = waitingFor === 'rebel' ? { side: 'rebel', kind: 'movement', prompt: 'Move', rule: '[9.0]', options } : null;
  return { step, turn: 1, view: {}, events, decision, waitingFor, waitingKind: 'movement', seats: SEATS, winner: null, extra: { segment: 0 } } as unknown as StateMessage;
}

/** A seat on no server: the test hands it the server's states and reads what the page is posted. */
function fakeSeat() {
  let listener: (s: StateMessage) => void = () => {};
  let destsListener: (m: DestsMessage) => void = () => {};
  const sent: Command[] = [];
  const moves: Command[][] = [];
  const asked: [string, number[]][] = [];
  const seat = {
    side: 'rebel',
    token: 't',
    joined: { gameId: 'g', scenario: 'start-of-rebellion', side: 'rebel', token: 't', ruleset: 'star-system' },
    latest: null as StateMessage | null,
    onState: (l: (s: StateMessage) => void) => (listener = l),
    onRefused: () => {},
    send: (c: Command) => sent.push(c),
    sendMove: (commands: Command[]) => moves.push(commands),
    askDests: (place: string, pieces: number[]) => asked.push([place, pieces]),
    onDests: (l: (m: DestsMessage) => void) => (destsListener = l),
  };
  return {
    seat: seat as unknown as OnlineSeat,
    sent,
    moves,
    asked,
    answer: (m: DestsMessage) => destsListener(m),
    serve(s: StateMessage) {
      seat.latest = s;
      listener(s);
    },
  };
}

let posts: FromPlayWorker[];
const shown = () => posts.filter((m): m is Extract<FromPlayWorker, { type: 'state' }> => m.type === 'state').map((m) => m.events.map((e) => e.text));

beforeEach(() => {
  vi.useFakeTimers();
  posts = [];
});
afterEach(() => vi.useRealTimers());

describe("an online seat shows the AI's turn at the player's pace [issue 44]", () => {
  it('holds each state that tells something for the pace; those after it wait their turn', () => {
    const f = fakeSeat();
    const r = new RemotePlay(f.seat, 'link', 'seat', (m) => posts.push(m));
    r.begin();
    r.handle({ type: 'pace', ms: 1000 });
    f.serve(state(1, 'imperial', []));
    f.serve(state(2, 'imperial', [event('a unit moves')]));
    f.serve(state(3, 'imperial', [event('another moves')]));
    f.serve(state(4, 'rebel', []));
    expect(shown()).toEqual([[], ['a unit moves']]);
    vi.advanceTimersByTime(999);
    expect(shown().length).toBe(2);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([[], ['a unit moves'], ['another moves']]);
    vi.advanceTimersByTime(1000);
    // the player's decision comes last, after the AI's moves
    expect(shown()).toEqual([[], ['a unit moves'], ['another moves'], []]);
  });

  it('a skip shows what waits at once, every event of it; at pace 0 nothing is held', () => {
    const f = fakeSeat();
    const r = new RemotePlay(f.seat, 'link', 'seat', (m) => posts.push(m));
    r.begin();
    r.handle({ type: 'pace', ms: 1000 });
    f.serve(state(1, 'imperial', []));
    f.serve(state(2, 'imperial', [event('one')]));
    f.serve(state(3, 'imperial', [event('two')]));
    f.serve(state(4, 'rebel', [event('three')]));
    r.handle({ type: 'skip' });
    expect(shown()).toEqual([[], ['one'], ['two', 'three']]);
    r.handle({ type: 'pace', ms: 0 });
    f.serve(state(5, 'imperial', [event('four')]));
    f.serve(state(6, 'rebel', [event('five')]));
    expect(shown().slice(-2)).toEqual([['four'], ['five']]);
  });

  it('[issue 47] a move on the map goes to the server as one message; one not among the choices, or a second on its way, is not sent', () => {
    const f = fakeSeat();
    const r = new RemotePlay(f.seat, 'link', 'seat', (m) => posts.push(m));
    r.begin();
    const pick = { type: 'pick', side: 'rebel', piece: 7 } as Command;
    const move = { type: 'move-to', side: 'rebel', to: 3 } as Command;
    f.serve(state(1, 'rebel', [], [pick]));
    r.handle({ type: 'answer-many', side: 'rebel', commands: [pick, move] });
    expect(f.moves).toEqual([[pick, move]]);
    expect(f.sent).toEqual([]);
    // until the server's next state, nothing more goes
    r.handle({ type: 'answer-many', side: 'rebel', commands: [pick, move] });
    expect(f.moves.length).toBe(1);
    // the state after the move shows it as one step, its events at once
    f.serve(state(3, 'rebel', [event('picked'), event('moved')], [move]));
    expect(shown().slice(-1)).toEqual([['picked', 'moved']]);
    // a move whose first command is not among the choices now is not sent, and said
    r.handle({ type: 'answer-many', side: 'rebel', commands: [pick, move] });
    expect(f.moves.length).toBe(1);
    expect(posts.some((m) => m.type === 'error' && /not one of the choices now/.test(m.message))).toBe(true);
  });

  it("[issue 47, 53] a counter's question goes to the server; its answer for the state on show lights the map, an answer to a state gone is dropped", () => {
    const f = fakeSeat();
    const r = new RemotePlay(f.seat, 'link', 'seat', (m) => posts.push(m));
    r.begin();
    f.serve(state(1, 'rebel', [], [{ type: 'pick', side: 'rebel', piece: 7 } as Command]));
    r.handle({ type: 'pick', place: 'tollis.1', pieces: [7] });
    expect(f.asked).toEqual([['tollis.1', [7]]]);
    const facts = { place: 'tollis.1', pieces: [7], dests: [{ place: 'tollis.2', label: 'Tollis 2', commands: [] }], others: [{ piece: 8, joins: false, why: 'Militia never leave their planet [7.21]' }] };
    f.answer({ step: 1, place: 'tollis.1', pieces: [7], facts });
    expect(posts.filter((m) => m.type === 'pick')).toEqual([{ type: 'pick', facts }]);
    f.answer({ step: 0, place: 'tollis.1', pieces: [7], facts });
    expect(posts.filter((m) => m.type === 'pick').length).toBe(1);
    // a question refused: said, and nothing lit
    f.answer({ step: 1, place: 'tollis.1', pieces: [9], refused: 'you may ask only about a stack of yours you may move now, and its own pieces' });
    expect(posts.at(-2)).toEqual({ type: 'error', message: 'The server refused that: you may ask only about a stack of yours you may move now, and its own pieces' });
    expect(posts.at(-1)).toEqual({ type: 'pick', facts: { place: 'tollis.1', pieces: [9], dests: [], others: [] } });
  });
});
