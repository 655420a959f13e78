import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { deliveryDue } from '../core/services/delivery';
import { type MilestonesTimer, milestonesDue } from '../core/services/milestones';

/**
 * MilestonesDue: AwaitMilestones' timer fired: a contract still partly funded past its delivery
 * deadline is refunded in full (as an undelivered contract is); otherwise its milestones are moved
 * on and the timer handed back.
 */
export const handler = taskFunction<unknown, MilestonesTimer>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return milestonesDue(contractId, deliveryDue);
});
