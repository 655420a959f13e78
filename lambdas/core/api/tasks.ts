import * as z from '../domain/zod';

/**
 * What the escrow state machine hands its task handlers (the `Payload` of each Task state in
 * statemachines/escrow.asl.json), validated at the edge like every other input.
 */
export const taskInputSchema = z.object({ contractId: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * How long a callback task's wait may last (domain/execution-lifetime.ts `WaitLifetime`): the
 * execution's start (`$$.Execution.StartTime`) and the state's TimeoutSeconds as written
 * (`waitSeconds`) or the value of its TimeoutSecondsPath (`timerSeconds`).
 */
const startedAtSchema = z.string().check(z.minLength(1), z.maxLength(64));
const secondsSchema = z.number().check(z.positive(), z.lte(366 * 24 * 60 * 60));
export const waitLifetimeSchema = z.union([
  z.object({ startedAt: startedAtSchema, waitSeconds: secondsSchema }),
  z.object({ startedAt: startedAtSchema, timerSeconds: secondsSchema }),
]);

export const callbackTaskInputSchema = z.extend(taskInputSchema, {
  taskToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  lifetime: waitLifetimeSchema,
});

/** The ASL state names a step that waits for ops names (`$.failure.state`). */
const stateNameSchema = z.string().check(z.minLength(1), z.maxLength(80));

/** HoldForOps gets what the Catch of the state that could not go on caught (`$.failure`: its Error and Cause, and the state). */
export const holdForOpsInputSchema = z.extend(taskInputSchema, {
  executionName: z.string().check(z.minLength(1), z.maxLength(80)),
  failure: z.object({
    state: stateNameSchema,
    Error: z.optional(z.string().check(z.maxLength(256))),
    Cause: z.optional(z.string().check(z.maxLength(32_768))),
  }),
});

/** AwaitOps waits for ops (or its own timer) to retry the state that could not go on. */
export const awaitOpsInputSchema = z.extend(callbackTaskInputSchema, { state: stateNameSchema });

/** ReleaseHold, before the state is tried again: which execution's hold it releases. */
export const releaseHoldInputSchema = z.extend(taskInputSchema, {
  executionName: z.string().check(z.minLength(1), z.maxLength(80)),
});

/** PayoutFailed gets the error the Transfer state caught (`$.payoutError`). */
export const payoutFailedInputSchema = z.extend(taskInputSchema, {
  error: z.object({ Error: z.string().check(z.maxLength(256)), Cause: z.optional(z.string().check(z.maxLength(32_768))) }),
});

/** Rearm gets which wait timed out and when the execution started (`$$.Execution.StartTime`). */
export const rearmInputSchema = z.extend(taskInputSchema, {
  wait: z.string().check(z.minLength(1), z.maxLength(80)),
  startedAt: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** ContinueAsNew gets the name of the execution it continues (`$$.Execution.Name`). */
export const continueAsNewInputSchema = z.extend(taskInputSchema, {
  executionName: z.string().check(z.minLength(1), z.maxLength(80)),
});
