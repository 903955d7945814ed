/**
 * The server's per-address rate [issue 46]: at most `max` requests from an address in a window, each
 * address counted apart, a new window starting clean.
 */
import { describe, expect, it } from 'vitest';
import { RateLimit, SeatLine, TimeBudget } from '../../src/server/rate-limit';
import { startGameServer } from '../../src/server/game-server';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { freePort, mover, nextMove, waitFor } from './helpers';

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

describe("a seat over its budget of server time, on a real room [issue 55]", () => {
  it('is slowed, then refused with the reason; what it sent meanwhile changes nothing; another seat is not charged for it', async () => {
    // a budget nobody meets: a microsecond of the server's time a second, as its burst too
    const server = await startGameServer({ port: await freePort(), database: ':memory:', aiWorkers: 1, seatMsPerSecond: 0.001, seatBurstMs: 0.001 });
    try {
      const made = await createOnlineGame(server.url, { ruleset: 'star-system', scenario: 'start-of-rebellion', seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
      const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
      const imperial = await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' });
      const seat = await mover([rebel, imperial]);
      const other = seat === rebel ? imperial : rebel;
      const { step } = await nextMove(seat);
      // questions cost the server time too: the first, answered, has run the seat into the red; the next
      // waits for the budget to fill again, and the one after is refused
      const answers: unknown[] = [];
      seat.onDests((m) => answers.push(m));
      seat.askDests('', [1, 2, 3]);
      await waitFor(() => answers.length === 1, 'the first answer');
      seat.askDests('', [1, 2, 3]);
      seat.askDests('', [1, 2, 3]);
      await waitFor(() => seat.refusals.find((r) => /used more of the server's time than a seat may: try again in \d+ s; nothing changed/.test(r)), 'the refusal', 20_000);
      expect(answers).toHaveLength(1);
      expect((await server.store.commands(made.gameId)).length).toBe(step);
      // the other seat's budget is its own
      other.askDests('', [1]);
      await waitFor(() => other.latest && (other.refusals.length === 0 ? true : null), 'the other seat answered');
      expect(other.refusals.filter((r) => /server's time/.test(r))).toEqual([]);
      await Promise.all([rebel.leave(), imperial.leave()]);
    } finally {
      await server.close();
    }
  });
});

describe("a seat's messages in line, each checked once those before it are charged [issue 55]", () => {
  /** A line on a budget of 100 ms a second (a burst of 100), its clock and timers in the test's hands. */
  function line() {
    let now = 1_000_000;
    const timers: { at: number; then: () => void }[] = [];
    const seatLine = new SeatLine(new TimeBudget(100, 100, 1000, now), (then, ms) => timers.push({ at: now + ms, then }), () => now);
    const log: string[] = [];
    /** A message that costs `ms` of the server's time, handled when its turn comes. */
    const message = (name: string, ms: number) =>
      seatLine.push({
        run: async () => {
          log.push(`ran ${name}`);
          return ms;
        },
        refuse: (retryMs) => log.push(`refused ${name} (${retryMs} ms)`),
      });
    /** A message whose handling fails. */
    const fail = (name: string) =>
      seatLine.push({
        run: async () => {
          log.push(`failed ${name}`);
          throw new Error(name);
        },
        refuse: (retryMs) => log.push(`refused ${name} (${retryMs} ms)`),
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const pass = async (ms: number) => {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers.splice(0, timers.length, ...timers.filter((t) => t.at > now));
      for (const t of due) t.then();
      await settle();
    };
    return { message, fail, log, settle, pass };
  }

  it('messages read together are not all let in before the first is charged: the second waits for the budget, the third is refused', async () => {
    const { message, log, settle, pass } = line();
    // one network read: three messages at once, the first overspending the whole burst by 50 ms
    message('a', 150);
    message('b', 10);
    message('c', 10);
    await settle();
    expect(log).toEqual(['ran a', 'refused c (500 ms)']);
    // slowed: b waits until the budget is back to zero (50 ms at 100 ms a second), and anything sent meanwhile is refused
    message('d', 10);
    expect(log.at(-1)).toBe('refused d (500 ms)');
    await pass(499);
    expect(log).not.toContain('ran b');
    await pass(1);
    expect(log).toContain('ran b');
    // in the green again, after the rest: a message runs at once
    await pass(10_000);
    message('e', 1);
    await settle();
    expect(log.at(-1)).toBe('ran e');
  });

  it('far in the red, a message is refused outright, and a failing one is charged nothing and lets the line go on', async () => {
    const { message, fail, log, settle, pass } = line();
    message('big', 1200);
    message('next', 1);
    await settle();
    expect(log).toEqual(['ran big', 'refused next (11000 ms)']);
    await pass(20_000);
    fail('broken');
    message('after', 1);
    await settle();
    expect(log.slice(-2)).toEqual(['failed broken', 'ran after']);
  });
});
