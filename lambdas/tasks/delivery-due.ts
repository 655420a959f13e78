import { taskInputSchema } from '../core/api/tasks';
import type { DeliveryTimer } from '../core/domain/delivery';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { deliveryDue } from '../core/services/delivery';

/** DeliveryDue: past the delivery deadline, an undelivered contract is refunded in full; before it, the timer again. */
export const handler = taskFunction<unknown, DeliveryTimer>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return deliveryDue(contractId);
});
