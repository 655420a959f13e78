import { rearmInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { rearm } from '../core/services/escrow-workflow';

/** Rearm: a long wait's timer fired; waits again, or continues as a new execution before AWS's one-year limit. */
export const handler = taskFunction<unknown, ReturnType<typeof rearm>>().handler(async (event) => {
  const { wait, startedAt } = parseTaskInput(rearmInputSchema, event);
  return rearm(wait, startedAt);
});
