import { callbackTaskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime, waitForStep } from '../core/services/escrow-workflow';
import { advanceMilestones } from '../core/services/milestones';

/**
 * AwaitMilestones: a contract with milestones, funded: keeps the task token, moves the milestones on
 * (starts the next one, or ends the contract when all ended), and answers at once when the contract
 * is already completed or cancelled.
 */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime } = parseTaskInput(callbackTaskInputSchema, event);
  if (await endWaitPastLifetime(taskToken, lifetime)) return;
  await advanceMilestones(contractId);
  await waitForStep(contractId, 'milestones', taskToken);
});
