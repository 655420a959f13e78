import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { startEvidenceRetention } from '../core/services/evidence-retention';
import { milestoneEnded } from '../core/services/milestones';

/**
 * EndPaid, EndSettled: the contract reached its end (paid out; or final through its refunds). Its
 * files start their year of retention; a milestone contract moves its whole contract on (the next
 * milestone starts, or the contract completes).
 */
export const handler = taskFunction<unknown, { ended: true }>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  await startEvidenceRetention(contractId);
  await milestoneEnded(contractId);
  return { ended: true };
});
