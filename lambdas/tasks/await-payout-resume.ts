import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime } from '../core/services/escrow-workflow';
import { awaitPayoutResume } from '../core/services/payouts/failure';

/** AwaitPayoutResume: keeps the task token for ops to resume the payout (`npm run resume-payout`). */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await awaitPayoutResume(contractId, taskToken);
});
