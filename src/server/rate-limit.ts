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
