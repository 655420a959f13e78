import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { preparePayout } from '../core/services/payouts/prepare';

/** PreparePayout: the released amount, the 2% fee, the payout and its one transfer reference. */
export const handler = taskFunction<unknown, Awaited<ReturnType<typeof preparePayout>>>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return preparePayout(contractId);
});
