/**
 * The server's per-address rate [issue 46]: at most `max` requests from an address in a window, each
 * address counted apart, a new window starting clean.
 */
import { describe, expect, it } from 'vitest';
import { RateLimit, TimeBudget } from '../../src/server/rate-limit';
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
