import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { milestoneEnded } from '../core/services/milestones';

/**
 * EndPaidMilestone, EndSettledMilestone: the contract reached its end. A milestone contract moves its
 * whole contract on (the next milestone starts, or the contract completes); any other contract: nothing.
 */
export const handler = taskFunction<unknown, { ended: true }>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  await milestoneEnded(contractId);
  return { ended: true };
});
