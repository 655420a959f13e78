import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  endedBadly,
  executionLifetimeDays,
  executionMaxDays,
  lifetimeEndsAt,
  needsSuccessor,
  opsRetrySeconds,
  rearmDecision,
  waitEndsPastLifetime,
} from '../../lambdas/core/domain/execution-lifetime';
import { escrowDefinitionPath, tasks } from '../../lambdas/tasks';

const day = 24 * 60 * 60;
const dayMs = day * 1000;
const startedAt = '2026-01-01T00:00:00.000Z';
const start = Date.parse(startedAt);

describe('the lifetime cap of a wait', () => {
  it('lets a wait that ends by the 300-day mark start, and refuses one that would end after it', () => {
    expect(waitEndsPastLifetime({ startedAt, waitSeconds: 20 * day }, 1, start + 280 * dayMs)).toBe(false);
    expect(waitEndsPastLifetime({ startedAt, waitSeconds: 20 * day }, 1, start + 280 * dayMs + 1)).toBe(true);
    // A payout resumed on day 346: its 20-day wait would end on day 366, past AWS's year.
    expect(waitEndsPastLifetime({ startedAt, waitSeconds: 20 * day }, 1, start + 346 * dayMs)).toBe(true);
    // Even the shortest wait reached after the mark is refused: nothing waits past it.
    expect(waitEndsPastLifetime({ startedAt, timerSeconds: 1 }, 1, start + 300 * dayMs)).toBe(true);
  });

  it('reads a TimeoutSecondsPath timer as seconds already scaled, and a TimeoutSeconds as business time', () => {
    const factor = 0.001;
    const mark = lifetimeEndsAt(startedAt, factor);
    expect(mark - start).toBe(executionLifetimeDays * dayMs * factor);
    // 20 business days at 0.001 last 1,728 s.
    expect(waitEndsPastLifetime({ startedAt, waitSeconds: 20 * day }, factor, mark - 1_728_000)).toBe(false);
    expect(waitEndsPastLifetime({ startedAt, waitSeconds: 20 * day }, factor, mark - 1_727_999)).toBe(true);
    // A timer of 1,728 seconds (computed from a stored deadline) is not scaled again.
    expect(waitEndsPastLifetime({ startedAt, timerSeconds: 1_728 }, factor, mark - 1_728_000)).toBe(false);
    expect(waitEndsPastLifetime({ startedAt, timerSeconds: 1_728 }, factor, mark - 1_727_999)).toBe(true);
  });

  it('keeps the lifetime far enough from AWS’s year for the longest wait (30 days) and a day of retries', () => {
    expect(executionLifetimeDays + 30 + 1).toBeLessThan(executionMaxDays);
    expect(rearmDecision('AwaitReleaseRequest', startedAt, 1, start + 299 * dayMs).continueAsNew).toBe(false);
    expect(rearmDecision('AwaitReleaseRequest', startedAt, 1, start + 300 * dayMs).continueAsNew).toBe(true);
  });
});

describe('the automatic retries of a step that waits for ops', () => {
  it('waits 5 minutes, then twice as long each time, up to a day', () => {
    expect([0, 1, 2, 3, 8, 9, 50].map((n) => opsRetrySeconds(n, 1))).toEqual([300, 600, 1200, 2400, 76_800, day, day]);
  });

  it('scales with business time in whole seconds, at least 1 (TimeoutSecondsPath takes a positive integer)', () => {
    expect(opsRetrySeconds(0, 0.01)).toBe(3);
    expect(opsRetrySeconds(0, 0.000001)).toBe(1);
    expect(Number.isInteger(opsRetrySeconds(3, 0.0137))).toBe(true);
  });

  it('stays under 25,000 history events a year even if the step never succeeds (about 30 events a retry)', () => {
    let seconds = 0;
    let retries = 0;
    while (seconds < executionLifetimeDays * day) seconds += opsRetrySeconds(retries++, 1);
    expect(retries * 30).toBeLessThan(25_000);
  });
});

describe('the successor of an execution', () => {
  it('is started for an execution that failed, timed out or was stopped, whatever the contract', () => {
    for (const status of endedBadly) {
      expect(needsSuccessor(status, false)).toBe(true);
      expect(needsSuccessor(status, true)).toBe(true);
    }
  });

  it('is started for one that ended with the contract still open (continued as new, or money inside), never for a running one', () => {
    expect(needsSuccessor('SUCCEEDED', false)).toBe(true);
    expect(needsSuccessor('SUCCEEDED', true)).toBe(false);
    expect(needsSuccessor('RUNNING', false)).toBe(false);
    expect(needsSuccessor('PENDING_REDRIVE', false)).toBe(false);
  });
});

type Retrier = { ErrorEquals: string[]; MaxAttempts?: number };
type Catcher = { ErrorEquals: string[]; Next: string; ResultPath?: string | null };
interface State {
  Type: string;
  Resource?: string;
  Parameters?: { Payload?: Record<string, unknown> };
  TimeoutSeconds?: number;
  TimeoutSecondsPath?: string;
  Retry?: Retrier[];
  Catch?: Catcher[];
  Next?: string;
  Result?: unknown;
  ResultPath?: string;
  Choices?: Array<{ Variable: string; StringEquals: string; Next: string }>;
  Default?: string;
}
const states = (JSON.parse(readFileSync(escrowDefinitionPath, 'utf8')) as { States: Record<string, State> }).States;
const taskStates = Object.entries(states).filter(([, s]) => s.Type === 'Task');
const lambdaErrors = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];
/** The states that keep an execution from failing when a state cannot go on. */
const holdMachinery = ['HoldForOps', 'AwaitOps', 'ReleaseHold'];

describe('the escrow state machine, so that no execution ends FAILED with money inside', () => {
  it('retries Lambda’s transient invoke errors in every Task, before any catch-all retrier', () => {
    expect(taskStates.length).toBe(tasks.length);
    for (const [name, state] of taskStates) {
      const retry = state.Retry ?? [];
      const lambda = retry.findIndex((r) => lambdaErrors.every((e) => r.ErrorEquals.includes(e)));
      expect(lambda, name).toBeGreaterThanOrEqual(0);
      expect(retry[lambda]?.MaxAttempts, name).toBeGreaterThanOrEqual(3);
      const catchAll = retry.findIndex((r) => r.ErrorEquals.some((e) => e === 'States.TaskFailed' || e === 'States.ALL'));
      if (catchAll >= 0) expect(lambda, name).toBeLessThan(catchAll);
    }
  });

  it('catches everything in every Task: into a wait for ops that retries the state, or (the payout’s refusals) PayoutFailed', () => {
    for (const [name, state] of taskStates) {
      const all = state.Catch?.find((c) => c.ErrorEquals.includes('States.ALL'));
      expect(all, name).toBeDefined();
      if (holdMachinery.includes(name)) continue;
      expect(all?.Next, name).toBe(`${name}Caught`);
      expect(states[`${name}Caught`], name).toMatchObject({
        Type: 'Pass',
        Result: name,
        ResultPath: '$.failure.state',
        Next: 'HoldForOps',
      });
      expect(all?.ResultPath, name).toBe('$.failure');
      // Tried again: the state itself, or the task that computes a timer's wait again from its stored deadline.
      const back = states.RetryCaughtState?.Choices?.find((c) => c.StringEquals === name)?.Next;
      const viaDue = {
        AwaitDelivery: 'DeliveryDue',
        AwaitInspection: 'InspectionDue',
        AwaitSettlement: 'SettlementDue',
        AwaitMilestones: 'MilestonesDue',
      };
      expect(back, name).toBe(viaDue[name as keyof typeof viaDue] ?? name);
    }
    expect(states.HoldForOps?.Next).toBe('AwaitOps');
    expect(states.AwaitOps?.Next).toBe('ReleaseHold');
    expect(states.AwaitOps?.Catch?.find((c) => c.ErrorEquals.includes('States.Timeout'))?.Next).toBe('ReleaseHold');
    expect(states.ReleaseHold?.Next).toBe('RetryCaughtState');
    // Not even the hold can fail the execution: it waits an hour and holds again.
    for (const name of ['HoldForOps', 'AwaitOps'])
      expect(states[name]?.Catch?.find((c) => c.ErrorEquals.includes('States.ALL'))?.Next, name).toBe('HoldUnrecorded');
    expect(states.HoldUnrecorded).toMatchObject({ Type: 'Wait', Next: 'HoldForOps' });
  });

  it('caps every wait by the lifetime: each callback task gives its handler its timer and the execution’s start, and continues as new on ExecutionLifetimeEnded', () => {
    const callbacks = taskStates.filter(([, s]) => s.Resource?.endsWith('.waitForTaskToken'));
    expect(callbacks.map(([name]) => name).sort()).toEqual(
      tasks
        .filter((t) => t.callback)
        .map((t) => t.state)
        .sort(),
    );
    for (const [name, state] of callbacks) {
      const lifetime = state.Parameters?.Payload?.lifetime as Record<string, unknown> | undefined;
      expect(lifetime?.['startedAt.$'], name).toBe('$$.Execution.StartTime');
      if (state.TimeoutSecondsPath) expect(lifetime?.['timerSeconds.$'], name).toBe(state.TimeoutSecondsPath);
      else expect(lifetime?.waitSeconds, name).toBe(state.TimeoutSeconds);
      expect(state.Retry?.[0], name).toEqual({ ErrorEquals: ['ExecutionLifetimeEnded'], MaxAttempts: 0 });
      expect(state.Catch?.find((c) => c.ErrorEquals.includes('ExecutionLifetimeEnded'))?.Next, name).toBe('ContinueAsNew');
    }
    // The other Tasks wait for nothing but a function, for at most a minute.
    for (const [name, state] of taskStates.filter(([, s]) => s.Resource === 'arn:aws:states:::lambda:invoke'))
      expect(state.TimeoutSeconds, name).toBeLessThanOrEqual(60);
  });
});
