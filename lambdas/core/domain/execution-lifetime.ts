import { scaledMs } from './time-scale';

/**
 * How long one escrow execution runs, and what happens when it cannot go on (ARCHITECTURE §5b).
 * AWS ends a Standard execution after a year; a contract may wait longer (a release never asked
 * for, a payout or a dispute waiting for ops), so its execution continues as a new one well before.
 * Plain functions, no AWS: the task handlers and the tests read the same rules.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** The execution's lifetime in days: no wait of it may end after this mark (AWS's limit is 365). */
export const executionLifetimeDays = 300;

/** AWS's limit on a Standard execution, in days. */
export const executionMaxDays = 365;

/**
 * How a callback task's wait tells its handler how long it may last, so the handler can refuse a
 * wait that would end past the lifetime: the execution's start, and either the state's
 * `TimeoutSeconds` as written (business time: locally the time scale multiplies it, as it does the
 * state's timeout) or the value its `TimeoutSecondsPath` reads (seconds the product already
 * computed from a stored deadline, under the time scale).
 */
export interface WaitLifetime {
  startedAt: string;
  waitSeconds?: number;
  timerSeconds?: number;
}

/** When an execution that started at `startedAt` reaches its lifetime mark, in epoch ms, under the time scale `factor`. */
export function lifetimeEndsAt(startedAt: string, factor: number): number {
  return Date.parse(startedAt) + scaledMs(executionLifetimeDays * dayMs, factor);
}

/** How long the wait lasts at most, in ms, under the time scale `factor`. */
function waitMs(wait: WaitLifetime, factor: number): number {
  if (wait.timerSeconds !== undefined) return wait.timerSeconds * 1000;
  return scaledMs((wait.waitSeconds ?? 0) * 1000, factor);
}

/**
 * Whether a wait entered at `now` could end after the execution's lifetime mark: the execution
 * then continues as a new one at once instead (its successor fast-forwards to the same wait, with
 * a whole lifetime ahead), so no wait ever ends after the mark, and one reached after it (a payout
 * resumed on day 346) never runs into AWS's year.
 */
export function waitEndsPastLifetime(wait: WaitLifetime, factor: number, now: number): boolean {
  return now + waitMs(wait, factor) > lifetimeEndsAt(wait.startedAt, factor);
}

/** Rearm, when a long wait's timer fired: whether the execution should continue as a new one now, or wait again. */
export function rearmDecision(
  wait: string,
  startedAt: string,
  factor: number,
  now: number,
): { wait: string; continueAsNew: boolean } {
  return { wait, continueAsNew: now >= lifetimeEndsAt(startedAt, factor) };
}

/** The first automatic retry of a step that waits for ops, in business seconds: a provider's outage of a few minutes heals by itself. */
export const opsRetryFirstSeconds = 5 * 60;

/** The longest time between automatic retries, in business seconds: a day, so a year of waiting stays far below AWS's 25,000 history events. */
export const opsRetryMaxSeconds = 24 * 60 * 60;

/**
 * How long a step that could not go on waits for ops before it is retried by itself, after
 * `retries` automatic retries already failed: 5 minutes, doubling to a day, under the time scale
 * `factor`. Whole seconds, at least 1 (the state machine's TimeoutSecondsPath takes a positive
 * integer).
 */
export function opsRetrySeconds(retries: number, factor: number): number {
  const business = Math.min(opsRetryMaxSeconds, opsRetryFirstSeconds * 2 ** Math.min(Math.max(retries, 0), 20));
  return Math.max(1, Math.ceil(scaledMs(business * 1000, factor) / 1000));
}

/** An execution's status as Step Functions reports it. */
export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE';

/** The statuses of an execution that ended without finishing its escrow: failed, timed out or stopped. */
export const endedBadly: readonly ExecutionStatus[] = ['FAILED', 'TIMED_OUT', 'ABORTED'];

/**
 * Whether a contract whose execution of that name already exists needs the next one: the execution
 * ended badly (failed, timed out, aborted: whatever it was waiting for would never be answered), or
 * it ended while the contract was not final (it continued as new, or it ended with money inside).
 * A running execution (or one being redriven) is the contract's; one that ended with the contract
 * final (completed, cancelled, refunded) has nothing left to do.
 */
export function needsSuccessor(execution: ExecutionStatus, contractFinal: boolean): boolean {
  if (execution === 'RUNNING' || execution === 'PENDING_REDRIVE') return false;
  if (endedBadly.includes(execution)) return true;
  return !contractFinal;
}
