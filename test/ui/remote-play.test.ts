/**
 * [issue 44] an online star-system seat shows an AI seat's moves at the player's pace, as the play worker
 * does at home: each state that tells the seat something is held, the states after it wait their turn,
 * a skip shows what waits at once (all its events), and a move made on the map goes to the server one
 * command at a time, each when the state shows the decision it answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemotePlay } from '../../src/ui/play/remote-play';
import type { OnlineSeat } from '../../src/online/client';
import type { StateMessage } from '../../src/online/protocol';
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
  const sent: Command[] = [];
  const seat = {
    side: 'rebel',
    token: 't',
    joined: { gameId: 'g', scenario: 'start-of-rebellion', side: 'rebel', token: 't', ruleset: 'star-system' },
    latest: null as StateMessage | null,
    onState: (l: (s: StateMessage) => void) => (listener = l),
    onRefused: () => {},
    send: (c: Command) => sent.push(c),
  };
  return {
    seat: seat as unknown as OnlineSeat,
    sent,
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

  it('a move on the map goes to the server one command at a time, each when its decision is on show', () => {
    const f = fakeSeat();
    const r = new RemotePlay(f.seat, 'link', 'seat', (m) => posts.push(m));
    r.begin();
    const pick = { type: 'pick', side: 'rebel', piece: 7 } as Command;
    const move = { type: 'move', side: 'rebel', to: 3 } as Command;
    f.serve(state(1, 'rebel', [], [pick]));
    r.handle({ type: 'answer-many', side: 'rebel', commands: [pick, move] });
    expect(f.sent).toEqual([pick]);
    // the state after the pick is held back (its event kept); the move goes
    f.serve(state(2, 'rebel', [event('picked')], [move]));
    expect(f.sent).toEqual([pick, move]);
    f.serve(state(3, 'rebel', [event('moved')], []));
    expect(shown().slice(-1)).toEqual([['picked', 'moved']]);
    // a command no longer among the choices is not sent, and said
    r.handle({ type: 'answer-many', side: 'rebel', commands: [pick] });
    expect(f.sent.length).toBe(2);
    expect(posts.some((m) => m.type === 'error' && /no longer one of the choices/.test(m.message))).toBe(true);
  });
});
