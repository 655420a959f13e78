import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime } from '../core/services/escrow-workflow';
import { runTransfer } from '../core/services/payouts/transfer';

/** Transfer: the payout's transfer at the provider, made once, followed up on every run; the webhook answers it. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await runTransfer(contractId, taskToken);
});
