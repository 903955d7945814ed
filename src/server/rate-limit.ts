/**
 * A rate per address [issue 46]: at most `max` requests in any `windowMs`, counted in a fixed window per
 * address (cheap, and a flood is cut at twice the rate at worst). Addresses not seen in a window are
 * forgotten, so the table stays as small as the traffic.
 */
export class RateLimit {
  private readonly seen = new Map<string, { count: number; since: number }>();
  private swept = Date.now();

  constructor(
    readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Count one request from `address`; false when it is over the limit (the request is then refused). */
  take(address: string, now = Date.now()): boolean {
    if (now - this.swept > this.windowMs) {
      for (const [key, entry] of this.seen) if (now - entry.since > this.windowMs) this.seen.delete(key);
      this.swept = now;
    }
    const entry = this.seen.get(address);
    if (!entry || now - entry.since > this.windowMs) {
      this.seen.set(address, { count: 1, since: now });
      return true;
    }
    entry.count++;
    return entry.count <= this.max;
  }
}

/**
 * A seat's budget of the server's time [issue 55]: what its messages cost (measured, in ms of the server's
 * one thread) is taken from a bucket that fills again at `perSecond` ms a second, up to `burst`. A seat
 * whose bucket is empty is slowed: its next message waits until the bucket has filled back to zero; one
 * that runs it `refuseBelow` ms into the red (sending faster than it can be slowed) is refused until it
 * fills again. A person's moves cost a few ms each and never come near it.
 */
export class TimeBudget {
  private left: number;
  private filled: number;

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    readonly refuseBelow: number,
    now = Date.now(),
  ) {
    this.left = burst;
    this.filled = now;
  }

  private fill(now: number): void {
    this.left = Math.min(this.burst, this.left + ((now - this.filled) / 1000) * this.perSecond);
    this.filled = now;
  }

  /** Before a message: 'go', a wait in ms ('slowed'), or 'refuse' (and in how many ms it may try again). */
  ask(now = Date.now()): { go: true } | { waitMs: number } | { refuseMs: number } {
    this.fill(now);
    if (this.left >= 0) return { go: true };
    const waitMs = Math.ceil((-this.left / this.perSecond) * 1000);
    return this.left < -this.refuseBelow ? { refuseMs: waitMs } : { waitMs };
  }

  /** After a message: what it cost. */
  spend(ms: number, now = Date.now()): void {
    this.fill(now);
    this.left -= ms;
  }
}

/** A message in a seat's line: its handling (resolving to the server's time it took, in ms), and its refusal. */
export interface LineJob {
  run(): Promise<number>;
  /** Refused: over the budget (`retryMs`: when the seat may try again). */
  refuse(retryMs: number): void;
}

/**
 * A seat's messages in line [issue 55]: each is checked against the seat's budget (`TimeBudget`) when its
 * turn comes, once every message before it has been handled and charged, so messages that arrive together
 * (one network read holds many) cannot all pass the check before any of them is charged. In the green, a
 * message is handled; in the red, the seat is slowed: that one message waits until the budget has filled
 * back, and any other, waiting behind it or sent meanwhile, is refused (a seat over its budget has one
 * message waiting at most, never a queue); past `refuseBelow`, it is refused.
 */
export class SeatLine {
  private readonly waiting: LineJob[] = [];
  /** A message of this seat is being handled, or waits for the budget to fill. */
  private busy = false;
  private slowed = false;

  constructor(
    private readonly budget: TimeBudget,
    /** Run `then` in `ms` (the room's clock). */
    private readonly later: (then: () => void, ms: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  push(job: LineJob): void {
    if (this.slowed) return job.refuse(this.retryMs());
    this.waiting.push(job);
    if (!this.busy) this.next();
  }

  /** When a slowed seat may send again: once its budget is back in the green. */
  private retryMs(): number {
    const asked = this.budget.ask(this.now());
    return 'go' in asked ? 0 : 'waitMs' in asked ? asked.waitMs : asked.refuseMs;
  }

  private next(): void {
    const job = this.waiting.shift();
    this.busy = job !== undefined;
    if (!job) return;
    const asked = this.budget.ask(this.now());
    if ('refuseMs' in asked) {
      job.refuse(asked.refuseMs);
      return this.next();
    }
    if ('waitMs' in asked) {
      this.slowed = true;
      for (const behind of this.waiting.splice(0)) behind.refuse(asked.waitMs);
      this.later(() => {
        this.slowed = false;
        this.run(job);
      }, asked.waitMs);
      return;
    }
    this.run(job);
  }

  private run(job: LineJob): void {
    // a job tells its own failures; the line goes on whatever happens
    void job
      .run()
      .catch(() => 0)
      .then((ms) => {
        this.budget.spend(ms, this.now());
        this.next();
      });
  }
}
