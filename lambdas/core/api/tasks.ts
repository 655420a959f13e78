import * as z from 'zod';

/**
 * What the escrow state machine hands its task handlers (the `Payload` of each Task state in
 * statemachines/escrow.asl.json), validated at the edge like every other input.
 */
export const taskInputSchema = z.object({ contractId: z.string().min(1).max(64) });
export const callbackTaskInputSchema = taskInputSchema.extend({ taskToken: z.string().min(1).max(4096) });

/** PayoutFailed gets the error the Transfer state caught (`$.payoutError`). */
export const payoutFailedInputSchema = taskInputSchema.extend({
  error: z.object({ Error: z.string().max(256), Cause: z.string().max(32_768).optional() }),
});

/** Rearm gets which wait timed out and when the execution started (`$$.Execution.StartTime`). */
export const rearmInputSchema = taskInputSchema.extend({
  wait: z.string().min(1).max(80),
  startedAt: z.string().min(1).max(64),
});

/** ContinueAsNew gets the name of the execution it continues (`$$.Execution.Name`). */
export const continueAsNewInputSchema = taskInputSchema.extend({ executionName: z.string().min(1).max(80) });
