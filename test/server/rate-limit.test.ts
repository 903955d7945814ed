/**
 * The server's per-address rate [issue 46]: at most `max` requests from an address in a window, each
 * address counted apart, a new window starting clean.
 */
import { describe, expect, it } from 'vitest';
import { RateLimit, TimeBudget } from '../../src/server/rate-limit';

describe('per-address rate [issue 46]', () => {
  it('lets `max` through in a window, refuses the rest, counts each address apart, and starts again in the next window', () => {
    const limit = new RateLimit(3, 60_000);
    const t = 1_000_000;
    expect([1, 2, 3, 4, 5].map((i) => limit.take('a', t + i))).toEqual([true, true, true, false, false]);
    expect(limit.take('b', t + 10)).toBe(true);
    expect(limit.take('a', t + 60_002)).toBe(true);
  });
});


describe("a seat's budget of server time [issue 55]", () => {
  it('lets a burst through, then slows the seat by what it overspent, then refuses it; it fills again with time', () => {
    const t = 1_000_000;
    const budget = new TimeBudget(100, 500, 1000, t);
    expect(budget.ask(t)).toEqual({ go: true });
    budget.spend(600, t);
    // 100 ms in the red at 100 ms a second: a second's wait
    expect(budget.ask(t)).toEqual({ waitMs: 1000 });
    budget.spend(1000, t);
    expect(budget.ask(t)).toEqual({ refuseMs: 11_000 });
    expect(budget.ask(t + 11_000)).toEqual({ go: true });
    // never more than the burst, however long it rests
    budget.spend(0, t + 1_000_000);
    budget.spend(501, t + 1_000_000);
    expect(budget.ask(t + 1_000_000)).toEqual({ waitMs: 10 });
  });
});
