import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { waitForStep } from '../core/services/escrow-workflow';

/** AwaitSatisfaction: keeps the task token for the payer marking the contract completed, or answers at once. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken } = parseTaskInput(callbackTaskInputSchema, event);
  await waitForStep(contractId, 'satisfaction', taskToken);
});
