import { randomUUID } from 'node:crypto';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { realtimeAuthorizer } from '../../lambdas/realtime';
import { type ScheduleDefinition, scheduleEntry, schedules } from '../../lambdas/schedules';
import { taskEntry, tasks } from '../../lambdas/tasks';
import { triggerEntries, triggerEntry, type UserPoolTriggerName } from '../../lambdas/triggers';
import type { AuthorizerRequest } from './appsync-events';
import type { TriggerHandlers } from './cognito/triggers';
import type { LocalFunctions } from './iam/functions';
import { lambdaContext } from './lambda-context';
import type { LocalSchedule } from './schedules';
import { localStage } from './stage';
import type { LocalTaskHandler } from './stepfunctions/index';

// The handlers of the stage's tables other than routes (lib/local/api.ts loads those), each
// invoked as Lambda invokes it: with the function's role and environment (LocalFunctions) and a
// context carrying its timeout.

/** One run of a function other than a route (routes: `observeApi`), as Lambda would bill it. */
export interface FunctionInvocation {
  kind: 'task' | 'trigger' | 'schedule' | 'authorizer';
  /** The task's ASL state, the trigger's name, the schedule's name, or the authorizer's purpose. */
  name: string;
  /** The event as the function was given it (a trigger fills in its `response`, so this is a copy). */
  event: unknown;
  durationMs: number;
}

/** Told of every invocation, with how long it ran (`npm run bench`). */
export type ObserveInvocation = (invocation: FunctionInvocation) => void;

/** The task handlers of lambdas/tasks.ts by ASL state name, each invoked as Lambda would (with a context). */
export async function loadTasks(
  functions: LocalFunctions,
  observe?: ObserveInvocation,
): Promise<Record<string, LocalTaskHandler>> {
  const entries = await Promise.all(
    tasks.map(async (task) => {
      const module = (await import(taskEntry(task))) as { handler: (event: unknown, context: Context) => Promise<unknown> };
      const purpose = `task:${task.state}`;
      const { functionName, timeoutSeconds } = functions.function(purpose);
      const invoke: LocalTaskHandler = (payload) =>
        timed(observe, 'task', task.state, payload, () =>
          functions.run(purpose, () => module.handler(payload, lambdaContext(functionName, timeoutSeconds * 1000))),
        );
      return [task.state, invoke] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function loadTriggers(functions: LocalFunctions, observe?: ObserveInvocation): Promise<TriggerHandlers> {
  const entries = await Promise.all(
    triggerEntries().map(async ([name, trigger]) => {
      const module = (await import(triggerEntry(trigger))) as { handler: NonNullable<TriggerHandlers[UserPoolTriggerName]> };
      const purpose = `trigger:${name}`;
      const { functionName, timeoutSeconds } = functions.function(purpose);
      const handler: typeof module.handler = (event) =>
        timed(observe, 'trigger', name, event, () =>
          functions.run(purpose, () => module.handler(event, lambdaContext(functionName, timeoutSeconds * 1000))),
        );
      return [name, handler] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The Event API's Lambda authorizer (lambdas/realtime.ts), invoked as AppSync invokes it: its event, a context with its timeout. */
export async function loadRealtimeAuthorizer(
  functions: LocalFunctions,
  observe?: ObserveInvocation,
): Promise<(request: AuthorizerRequest) => Promise<unknown>> {
  const module = (await import(realtimeAuthorizer.entry)) as {
    handler: (event: AuthorizerRequest, context: Context) => Promise<unknown>;
  };
  const { purpose } = realtimeAuthorizer;
  const { functionName, timeoutSeconds } = functions.function(purpose);
  return (request) =>
    timed(observe, 'authorizer', purpose, request, () =>
      functions.run(purpose, () => module.handler(request, lambdaContext(functionName, timeoutSeconds * 1000))),
    );
}

/**
 * The schedules of lambdas/schedules.ts, each invoked as EventBridge invokes its Lambda (a scheduled
 * event, a context with the function's 60 s), every `rateMinutes` scaled by the time scale, or
 * every `everyMs` when given (tests).
 */
export async function loadSchedules(
  functions: LocalFunctions,
  options: { observe?: ObserveInvocation; timeScale?: number; everyMs?: number },
): Promise<LocalSchedule[]> {
  return Promise.all(
    schedules.map(async (schedule) => {
      const module = (await import(scheduleEntry(schedule))) as {
        handler: (event: ScheduledEvent, context: Context) => Promise<unknown>;
      };
      const purpose = `schedule:${schedule.name}`;
      const { functionName, timeoutSeconds } = functions.function(purpose);
      const run = () => {
        const event = scheduledEvent(schedule);
        return timed(options.observe, 'schedule', schedule.name, event, () =>
          functions.run(purpose, () => module.handler(event, lambdaContext(functionName, timeoutSeconds * 1000))),
        );
      };
      const everyMs = options.everyMs ?? Math.max(1000, schedule.rateMinutes * 60_000 * (options.timeScale ?? 1));
      return { name: schedule.name, everyMs, run };
    }),
  );
}

/** The event an EventBridge schedule rule gives its target. */
function scheduledEvent(schedule: ScheduleDefinition): ScheduledEvent {
  const { region, accountId } = localStage;
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: accountId,
    time: new Date().toISOString(),
    region,
    resources: [`arn:aws:events:${region}:${accountId}:rule/escrow-${localStage.stage}-${schedule.name}`],
    detail: {},
  };
}

/** Runs one invocation and tells `observe` how long it ran, whether it answered or threw. */
async function timed<T>(
  observe: ObserveInvocation | undefined,
  kind: FunctionInvocation['kind'],
  name: string,
  event: unknown,
  run: () => Promise<T>,
): Promise<T> {
  if (!observe) return run();
  const given = structuredClone(event);
  const started = performance.now();
  try {
    return await run();
  } finally {
    observe({ kind, name, event: given, durationMs: performance.now() - started });
  }
}
