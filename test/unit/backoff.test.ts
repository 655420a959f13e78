import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backoff } from '../../lambdas/core/domain/backoff';

describe('waiting until one deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** The pauses `wait` makes until it expires, in ms of the fake clock. */
  async function pausesOf(wait: Backoff): Promise<number[]> {
    const pauses: number[] = [];
    while (!wait.expired) {
      const before = Date.now();
      const paused = wait.pause();
      await vi.runAllTimersAsync();
      await paused;
      pauses.push(Date.now() - before);
    }
    return pauses;
  }

  it('doubles its pause up to the longest, and cuts the last one at the deadline', async () => {
    expect(await pausesOf(new Backoff(1_000, 20, 200))).toEqual([20, 40, 80, 160, 200, 200, 200, 100]);
  });

  it('gives several waits one deadline between them: the second starts where the first stopped', async () => {
    const wait = new Backoff(300, 20, 200);
    const first = await pausesOf(wait);
    expect(first.reduce((a, b) => a + b, 0)).toBe(300);
    expect(wait.expired).toBe(true);
    expect(await pausesOf(wait)).toEqual([]);
  });

  it('spreads waiters: each pause is half to one and a half times its step', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect((await pausesOf(new Backoff(1_000, 20, 200))).slice(0, 3)).toEqual([10, 20, 40]);
  });
});
