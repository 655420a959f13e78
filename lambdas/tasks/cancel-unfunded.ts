import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endFundingWindow } from '../core/services/payments/funding-end';

/** CancelUnfunded: the funding window ended; credits what the provider holds, then cancels the contract only if nothing was paid. */
export const handler = taskFunction<unknown, { cancelled: boolean }>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return { cancelled: await endFundingWindow(contractId) };
});
