import { releaseHoldInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { releaseHold } from '../core/services/execution-holds';

/** ReleaseHold: the state that could not go on is tried again now; the execution is off the waiting list until it fails again. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, executionName } = parseTaskInput(releaseHoldInputSchema, event);
  await releaseHold(contractId, executionName);
});
