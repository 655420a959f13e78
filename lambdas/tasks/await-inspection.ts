import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime, waitForStep } from '../core/services/escrow-workflow';

/** AwaitInspection: keeps the task token for the payer accepting the delivery within the window, or answers at once. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await waitForStep(contractId, 'inspection', taskToken);
});
