import { taskInputSchema } from '../core/api/tasks';
import type { InspectionTimer } from '../core/domain/delivery';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { inspectionDue } from '../core/services/delivery';

/** InspectionDue: the inspection timer fired: the reminder 24 h before the end, or silence at the end counted as satisfaction. */
export const handler = taskFunction<unknown, InspectionTimer>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return inspectionDue(contractId);
});
