/**
 * Failed attempts per key. From the fifth failure on, the key is locked for 1 s, then 2 s, 4 s...
 * up to 15 minutes (Cognito's lockout curve for passwords and codes).
 */
export class AttemptLimiter {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();
  static readonly freeFailures = 5;

  isLocked(key: string): boolean {
    return (this.entries.get(key)?.lockedUntil ?? 0) > Date.now();
  }

  fail(key: string): void {
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0 };
    entry.failures += 1;
    const over = entry.failures - AttemptLimiter.freeFailures;
    if (over >= 0) entry.lockedUntil = Date.now() + Math.min(1000 * 2 ** over, 15 * 60_000);
    this.entries.set(key, entry);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}

/** At most `limit` events per key within a sliding window. */
export class RateLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for the key; false when the key is over its limit (nothing counted then). */
  take(key: string): boolean {
    const now = Date.now();
    if (this.events.size > 10_000) {
      for (const [k, times] of this.events) if (times.every((t) => t <= now - this.windowMs)) this.events.delete(k);
    }
    const recent = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(now);
    this.events.set(key, recent);
    return allowed;
  }
}
