/**
 * The local stand-in for EventBridge's schedule rules: runs each schedule's handler on an interval,
 * never two runs of one schedule at once (a tick that finds a run still going is skipped, as a
 * second Lambda would not help), a failing run logged and the next tick running as usual.
 * Knows nothing of handlers or Lambda: the local cloud passes each schedule as a function.
 */
export interface LocalSchedule {
  name: string;
  /** The interval between ticks, in ms. */
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface ScheduleRunnerOptions {
  /** Where a failed run of a tick is reported. @default console.warn */
  log?: (line: string) => void;
}

export interface ScheduleRunner {
  /**
   * Runs one schedule now and resolves with what it returned (rejects with its error): waits for
   * a run in flight first, then runs once more, so runs still never overlap.
   */
  runNow(name: string): Promise<unknown>;
  /** Clears the intervals, then waits for the runs in flight; no run starts after it. */
  stop(): Promise<void>;
}

export function startScheduleRunner(schedules: readonly LocalSchedule[], options: ScheduleRunnerOptions = {}): ScheduleRunner {
  const log = options.log ?? ((line: string) => console.warn(`[schedules] ${line}`));
  const inFlight = new Map<string, Promise<unknown>>();
  let stopped = false;

  const byName = new Map(schedules.map((s) => [s.name, s]));
  const start = (schedule: LocalSchedule): Promise<unknown> => {
    const run = (async () => schedule.run())().finally(() => {
      if (inFlight.get(schedule.name) === run) inFlight.delete(schedule.name);
    });
    inFlight.set(schedule.name, run);
    return run;
  };
  /** Resolves once no run of `name` is in flight (one started meanwhile by a waiting runNow included). */
  const idle = async (name: string) => {
    for (let running = inFlight.get(name); running; running = inFlight.get(name)) await running.catch(() => undefined);
  };

  const timers = schedules.map((schedule) => {
    const timer = setInterval(() => {
      if (stopped || inFlight.has(schedule.name)) return;
      start(schedule).catch((error: unknown) => log(`${schedule.name} failed: ${describe(error)}`));
    }, schedule.everyMs);
    // The cloud's servers keep the process alive; a forgotten runner must not.
    timer.unref();
    return timer;
  });

  return {
    async runNow(name) {
      const schedule = byName.get(name);
      if (!schedule) throw new Error(`No schedule named ${name} (lambdas/schedules.ts has ${[...byName.keys()].join(', ')})`);
      // The check and the start in one synchronous step: two waiters never both see it idle.
      for (let running = inFlight.get(name); running; running = inFlight.get(name)) await running.catch(() => undefined);
      if (stopped) throw new Error(`The schedules are stopped: ${name} did not run`);
      return start(schedule);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(schedules.map((s) => idle(s.name)));
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
