import { awaitOpsInputSchema } from '../core/api/tasks';
import { parseTaskInput, taskFunction } from '../core/runtime/task-function';
import { endWaitPastLifetime } from '../core/services/escrow-workflow';
import { awaitOps } from '../core/services/execution-holds';

/**
 * AwaitOps: keeps the token for ops (npm run resume-execution); its timer tries the state again by
 * itself. A ContinueAsNew that could not go on keeps waiting past the lifetime mark: continuing as
 * new is what it could not do.
 */
export const handler = taskFunction<unknown, void>().handler(async (event) => {
  const { contractId, taskToken, lifetime, state } = parseTaskInput(awaitOpsInputSchema, event);
  if (state !== 'ContinueAsNew' && (await endWaitPastLifetime(taskToken, lifetime))) return;
  await awaitOps(contractId, taskToken);
});
