import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { cancelUnfunded } from '../core/services/escrow-workflow';

/** CancelUnfunded: the funding window ended; cancels the contract unless a payment got in first. */
export const handler = taskFunction<unknown, { cancelled: boolean }>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return { cancelled: await cancelUnfunded(contractId) };
});
