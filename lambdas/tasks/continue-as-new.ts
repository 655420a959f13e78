import { continueAsNewInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { continueAsNew } from '../core/services/escrow-workflow';

/** ContinueAsNew: starts the contract's next execution, which fast-forwards to where this one waited. */
export const handler = taskFunction<unknown, { next: string }>().handler(async (event) => {
  const { contractId, executionName } = parseTaskInput(continueAsNewInputSchema, event);
  return continueAsNew(contractId, executionName);
});
