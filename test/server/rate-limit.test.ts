/**
 * The server's per-address rate [issue 46] and its view comparison: at most `max` requests from an address
 * in a window, each address counted apart, a new window starting clean; two fresh views' fields are the
 * same data when they hold the same values, and an object found in both (a part of the game handed out as
 * it is) never counts as unchanged.
 */
import { describe, expect, it } from 'vitest';
import { RateLimit } from '../../src/server/rate-limit';
import { sameData } from '../../src/server/game-room';

describe('per-address rate [issue 46]', () => {
  it('lets `max` through in a window, refuses the rest, counts each address apart, and starts again in the next window', () => {
    const limit = new RateLimit(3, 60_000);
    const t = 1_000_000;
    expect([1, 2, 3, 4, 5].map((i) => limit.take('a', t + i))).toEqual([true, true, true, false, false]);
    expect(limit.take('b', t + 10)).toBe(true);
    expect(limit.take('a', t + 60_002)).toBe(true);
  });
});

describe('a view\'s fields compared as data [issue 46]', () => {
  it('equal values are the same; a changed number, a missing key or a longer list is not', () => {
    expect(sameData({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameData({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
  });

  it('an object found in both views is not vouched for (the game may have changed it since it was sent)', () => {
    const shared = { armies: 3 };
    expect(sameData({ t: shared }, { t: shared })).toBe(false);
  });
});
