import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime, waitForStep } from '../core/services/escrow-workflow';

/** AwaitFunding: keeps the task token for the first credited payment, or answers at once if it came first. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await waitForStep(contractId, 'funding', taskToken);
});
