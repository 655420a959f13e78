import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { waitForStep } from '../core/services/escrow-workflow';

/** AwaitFunding: keeps the task token for the first credited payment, or answers at once if it came first. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken } = parseTaskInput(callbackTaskInputSchema, event);
  await waitForStep(contractId, 'funding', taskToken);
});
