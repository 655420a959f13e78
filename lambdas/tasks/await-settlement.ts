import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime, waitForStep } from '../core/services/escrow-workflow';

/** AwaitSettlement: keeps the task token for the parties' settlement (an accepted proposal or the creator's full refund), or answers at once. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await waitForStep(contractId, 'settlement', taskToken);
});
