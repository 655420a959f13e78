import { z } from 'zod';

/**
 * What the escrow state machine hands its task handlers (the `Payload` of each Task state in
 * statemachines/escrow.asl.json), validated at the edge like every other input.
 */
export const taskInputSchema = z.object({ contractId: z.string().min(1).max(64) });
export const callbackTaskInputSchema = taskInputSchema.extend({ taskToken: z.string().min(1).max(4096) });
