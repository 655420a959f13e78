import { holdForOpsInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { holdForOps } from '../core/services/execution-holds';

/** HoldForOps: a state could not go on; the execution waits for ops (alarmed) and says when it tries the state again by itself. */
export const handler = taskFunction<unknown, { seconds: number; retries: number }>().handler(async (event) => {
  const { contractId, executionName, failure } = parseTaskInput(holdForOpsInputSchema, event);
  return holdForOps(contractId, executionName, failure);
});
