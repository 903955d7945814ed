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
