import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime, waitForStep } from '../core/services/escrow-workflow';
import { closeWhenRefunded } from '../core/services/refunds/closing';
import { sendContractRefunds } from '../core/services/refunds/send';

/**
 * AwaitRefunds: keeps the task token for the settlement's end, moves its refund legs on with the
 * provider (every run of it, so each timeout retries them), and answers once the contract is final.
 */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await sendContractRefunds(contractId);
  await closeWhenRefunded(contractId);
  await waitForStep(contractId, 'refunds', taskToken);
});
