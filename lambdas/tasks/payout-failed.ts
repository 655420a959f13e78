import { payoutFailedInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { payoutFailed } from '../core/services/payouts/failure';

/** PayoutFailed: the transfer kept failing; the payout waits for ops, the creator and finance are told. */
export const handler = taskFunction<unknown, Awaited<ReturnType<typeof payoutFailed>>>().handler(async (event) => {
  const { contractId, error } = parseTaskInput(payoutFailedInputSchema, event);
  return payoutFailed(contractId, `${error.Error}: ${error.Cause ?? ''}`);
});
