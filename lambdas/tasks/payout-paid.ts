import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { recordPayoutPaid } from '../core/services/payouts/completion';

/** PayoutPaid: the contract completed, the ledger posting, both parties told. */
export const handler = taskFunction<unknown, Awaited<ReturnType<typeof recordPayoutPaid>>>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return recordPayoutPaid(contractId);
});
