import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { waitForStep } from '../core/services/escrow-workflow';

/** AwaitOpsDecision: keeps the task token for ops' decision (npm run decide-dispute) or a late agreement, or answers at once. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken } = parseTaskInput(callbackTaskInputSchema, event);
  await waitForStep(contractId, 'settlement', taskToken);
});
