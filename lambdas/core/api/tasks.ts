import * as z from '../domain/zod';

/**
 * What the escrow state machine hands its task handlers (the `Payload` of each Task state in
 * statemachines/escrow.asl.json), validated at the edge like every other input.
 */
export const taskInputSchema = z.object({ contractId: z.string().check(z.minLength(1), z.maxLength(64)) });
export const callbackTaskInputSchema = z.extend(taskInputSchema, {
  taskToken: z.string().check(z.minLength(1), z.maxLength(4096)),
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
