/**
 * The server's per-address rate [issue 46]: at most `max` requests from an address in a window, each
 * address counted apart, a new window starting clean.
 */
import { describe, expect, it } from 'vitest';
import { RateLimit } from '../../src/server/rate-limit';

describe('per-address rate [issue 46]', () => {
  it('lets `max` through in a window, refuses the rest, counts each address apart, and starts again in the next window', () => {
    const limit = new RateLimit(3, 60_000);
    const t = 1_000_000;
    expect([1, 2, 3, 4, 5].map((i) => limit.take('a', t + i))).toEqual([true, true, true, false, false]);
    expect(limit.take('b', t + 10)).toBe(true);
    expect(limit.take('a', t + 60_002)).toBe(true);
  });
});

