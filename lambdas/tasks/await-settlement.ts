import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { waitForStep } from '../core/services/escrow-workflow';

/** AwaitSettlement: keeps the task token for the parties' settlement (an accepted proposal or the creator's full refund), or answers at once. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken } = parseTaskInput(callbackTaskInputSchema, event);
  await waitForStep(contractId, 'settlement', taskToken);
});
