/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waiting for something another request is doing (a check holding a throttle slot, a transfer
 * account being made) until one deadline: each pause is jittered (half to one and a half times the
 * step, so waiters spread out) and the step doubles up to `maxMs`; no pause runs past the deadline.
 * One Backoff shared by several waits gives them a single deadline between them.
 */
export class Backoff {
  private stepMs: number;

  constructor(
    readonly deadline: number,
    firstMs: number,
    private readonly maxMs: number,
  ) {
    this.stepMs = firstMs;
  }

  /** Whether the deadline has passed: nothing is left to wait for. */
  get expired(): boolean {
    return Date.now() >= this.deadline;
  }

  /** Waits one step (never past the deadline), then lengthens the next. */
  async pause(): Promise<void> {
    const ms = Math.min(this.stepMs * (0.5 + Math.random()), Math.max(0, this.deadline - Date.now()));
    this.stepMs = Math.min(this.stepMs * 2, this.maxMs);
    await sleep(ms);
  }
}
