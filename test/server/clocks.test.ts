/**
 * A turn-based game's clocks [issue 55] (src/server/clocks.ts): the seat waited for spends its time; a new
 * game-turn gives every seat the pace's time a turn, up to its most; a live game has none.
 */
import { describe, expect, it } from 'vitest';
import { clocksToSend, progressAfter, startingClocks, timeLeft } from '../../src/server/clocks';
import { paceOf } from '../../src/online/protocol';

const HOUR = 3_600_000;
const { turnMs, maxMs } = paceOf('hours') as { turnMs: number; maxMs: number };

describe('turn-based clocks [issue 55]', () => {
  it('start with a turn each; only the seat to move spends; a new turn adds a turn to all, up to the most', () => {
    const t = 1_000_000_000;
    const start = { pace: 'hours', clocks: startingClocks('hours', ['a', 'b']), clockSince: t, waitingFor: 'a', turn: 1 };
    expect(start.clocks).toEqual({ a: turnMs, b: turnMs });
    expect(timeLeft(start, 'a', t + HOUR)).toBe(turnMs - HOUR);
    expect(timeLeft(start, 'b', t + HOUR)).toBe(turnMs);
    // a's move after an hour: a has spent it, b runs now
    const next = progressAfter(start, { waitingFor: 'b', turn: 1 }, t + HOUR);
    expect(next).toEqual({ waitingFor: 'b', turn: 1, clocks: { a: turnMs - HOUR, b: turnMs }, clockSince: t + HOUR });
    // b moves two hours later into turn 2: b spent two, then each gains a turn's time, capped
    const turn2 = progressAfter({ ...next, pace: 'hours' }, { waitingFor: 'a', turn: 2 }, t + 3 * HOUR);
    expect(turn2.clocks).toEqual({ a: Math.min(maxMs, 2 * turnMs - HOUR), b: Math.min(maxMs, 2 * turnMs - 2 * HOUR) });
    const many = progressAfter({ ...turn2, pace: 'hours' }, { waitingFor: 'a', turn: 9 }, t + 3 * HOUR);
    expect(many.clocks).toEqual({ a: maxMs, b: maxMs });
    // a clock never shows less than nothing
    expect(timeLeft({ ...many, pace: 'hours' }, 'a', t + 3 * HOUR + maxMs + HOUR)).toBe(0);
    expect(clocksToSend({ ...many, pace: 'hours' }, t + 3 * HOUR)).toEqual([
      { side: 'a', leftMs: maxMs, running: true },
      { side: 'b', leftMs: maxMs, running: false },
    ]);
  });

  it('a live game has no clocks', () => {
    const live = { pace: 'live', clocks: startingClocks('live', ['a', 'b']), clockSince: 0, waitingFor: 'a', turn: 1 };
    expect(live.clocks).toEqual({});
    expect(timeLeft(live, 'a')).toBe(Infinity);
    expect(clocksToSend(live)).toBeUndefined();
    expect(progressAfter(live, { waitingFor: 'b', turn: 2 }, 5).clocks).toEqual({});
  });
});
