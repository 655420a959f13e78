import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduleRunner } from '../../lib/local/schedules';

/** The local stand-in for EventBridge schedule rules (lib/local/schedules.ts), on fake timers: nothing really sleeps. */

/** A fake handler whose runs the test finishes (or fails) one by one. */
function controlledRun() {
  const runs: Array<{ resolve: (value: unknown) => void; reject: (error: Error) => void }> = [];
  let running = 0;
  let maxRunning = 0;
  const run = vi.fn(
    () =>
      new Promise<unknown>((resolve, reject) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        const settle =
          <T>(f: (v: T) => void) =>
          (v: T) => {
            running--;
            f(v);
          };
        runs.push({ resolve: settle(resolve), reject: settle(reject) });
      }),
  );
  return { run, runs, running: () => running, maxRunning: () => maxRunning };
}

/** Lets settled promises' continuations run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('local schedule runner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each schedule every interval', async () => {
    const run = vi.fn(async () => ({ open: 0 }));
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 1000, run }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await runner.stop();
  });

  it('never overlaps two runs of one schedule: a tick during a run is skipped', async () => {
    const fake = controlledRun();
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 1000, run: fake.run }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.run).toHaveBeenCalledTimes(1);
    fake.runs[0]?.resolve('done');
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.run).toHaveBeenCalledTimes(2);
    expect(fake.maxRunning()).toBe(1);
    fake.runs[1]?.resolve('done');
    await runner.stop();
  });

  it('runs other schedules independently', async () => {
    const slow = controlledRun();
    const quick = vi.fn(async () => 'ok');
    const runner = startScheduleRunner([
      { name: 'slow', everyMs: 1000, run: slow.run },
      { name: 'quick', everyMs: 1000, run: quick },
    ]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(slow.run).toHaveBeenCalledTimes(1);
    expect(quick).toHaveBeenCalledTimes(3);
    slow.runs[0]?.resolve('done');
    await runner.stop();
  });

  it('logs a failing run and still runs the next tick', async () => {
    const log = vi.fn();
    const run = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('provider down'))
      .mockImplementationOnce(() => {
        throw new Error('thrown, not rejected');
      })
      .mockResolvedValue('ok');
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 1000, run }], { log });
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).toMatch(/^sweep failed: Error: provider down/);
    expect(log.mock.calls[1]?.[0]).toMatch(/^sweep failed: Error: thrown, not rejected/);
    await runner.stop();
  });

  it('stop clears the interval and waits for the run in flight', async () => {
    const fake = controlledRun();
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 1000, run: fake.run }]);
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await flush();
    expect(stopped).toBe(false);
    fake.runs[0]?.resolve('done');
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.run).toHaveBeenCalledTimes(1);
    await expect(runner.runNow('sweep')).rejects.toThrow(/stopped/);
  });

  it('stop also waits for a run in flight that failed, without throwing', async () => {
    const fake = controlledRun();
    const log = vi.fn();
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 1000, run: fake.run }], { log });
    await vi.advanceTimersByTimeAsync(1000);
    const stopping = runner.stop();
    fake.runs[0]?.reject(new Error('late failure'));
    await expect(stopping).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
  });

  it('runNow runs at once and resolves with what the handler returned, or rejects with its error', async () => {
    const run = vi.fn<() => Promise<unknown>>().mockResolvedValueOnce({ open: 2 }).mockRejectedValueOnce(new Error('boom'));
    const log = vi.fn();
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 60_000, run }], { log });
    await expect(runner.runNow('sweep')).resolves.toEqual({ open: 2 });
    await expect(runner.runNow('sweep')).rejects.toThrow('boom');
    // Its caller has the error: the runner does not log it too.
    expect(log).not.toHaveBeenCalled();
    await expect(runner.runNow('nope')).rejects.toThrow(/No schedule named nope/);
    await runner.stop();
  });

  it('runNow shares the guard: it waits for the run in flight, then runs once more, never alongside', async () => {
    const fake = controlledRun();
    const runner = startScheduleRunner([{ name: 'sweep', everyMs: 1000, run: fake.run }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.run).toHaveBeenCalledTimes(1);

    // Two callers at once while the tick's run is going: each gets a run of its own, one after the other.
    const first = runner.runNow('sweep');
    const second = runner.runNow('sweep');
    await flush();
    expect(fake.run).toHaveBeenCalledTimes(1);
    fake.runs[0]?.resolve('tick');
    await flush();
    expect(fake.run).toHaveBeenCalledTimes(2);
    expect(fake.running()).toBe(1);
    // A tick while runNow's run is going is skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.run).toHaveBeenCalledTimes(2);
    fake.runs[1]?.resolve('first');
    await expect(first).resolves.toBe('first');
    await flush();
    expect(fake.run).toHaveBeenCalledTimes(3);
    fake.runs[2]?.resolve('second');
    await expect(second).resolves.toBe('second');
    expect(fake.maxRunning()).toBe(1);
    await runner.stop();
  });
});
