import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { completePayout } from '../core/services/payouts/completion';

/** CompletePayout: the contract completed, the ledger posting, both parties told. */
export const handler = taskFunction<unknown, Awaited<ReturnType<typeof completePayout>>>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return completePayout(contractId);
});
