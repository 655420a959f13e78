import { taskInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import type { SettlementTimer } from '../core/services/escrow-workflow';
import { settlementDue } from '../core/services/settlement';

/** SettlementDue: where the dispute stands; past its agreement window without a settlement, it goes to ops. */
export const handler = taskFunction<unknown, SettlementTimer>().handler(async (event) => {
  const { contractId } = parseTaskInput(taskInputSchema, event);
  return settlementDue(contractId);
});
