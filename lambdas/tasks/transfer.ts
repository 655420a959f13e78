import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { runTransfer } from '../core/services/payouts/transfer';

/** Transfer: the payout's transfer at the provider, made once, reconciled on every run; the webhook answers it. */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken } = parseTaskInput(callbackTaskInputSchema, event);
  await runTransfer(contractId, taskToken);
});
