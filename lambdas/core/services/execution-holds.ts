import { timeScale } from '../adapters/env';
import { logger } from '../adapters/logger';
import { answerTask, describeEscrowExecution } from '../adapters/workflow';
import { opsRetrySeconds } from '../domain/execution-lifetime';
import {
  type ExecutionHold,
  getExecutionHold,
  listExecutionHolds,
  putExecutionHold,
  updateExecutionHold,
} from '../entities/execution-hold';
import { getWorkflowToken, storeWorkflowToken } from '../entities/workflow-token';
import { openEscrow } from './escrow-workflow';

/**
 * A step of a contract's escrow execution that could not go on (its Retry ran out: the provider
 * down for longer than it, the table unreachable, a defect) does not fail the execution with money
 * inside: every Task's Catch leads here (statemachines/escrow.asl.json: `<State>Caught` ->
 * HoldForOps -> AwaitOps -> ReleaseHold -> RetryCaughtState). The execution waits, alarmed
 * (ExecutionsWaitingForOps), and tries the step again by itself after 5 minutes, then after twice
 * as long each time up to a day, or at once when ops resume it (`npm run resume-execution`). Tasks
 * are idempotent and callback tasks fast-forward, so the step tried again ends where it should.
 */

/** What a Catch caught, with the state it was caught in. */
export interface CaughtFailure {
  state: string;
  Error?: string;
  Cause?: string;
}

/** Causes can be 32 KB; the hold keeps what ops need to read. */
const causeKept = 2_000;

/**
 * HoldForOps: records that the execution waits for ops at `failure.state` (listed, so the alarm
 * rises), and answers how long it waits before trying the state again by itself. The same state of
 * the same execution failing again after its retry counts one more retry (the wait doubles).
 */
export async function holdForOps(
  contractId: string,
  executionName: string,
  failure: CaughtFailure,
  now = Date.now(),
): Promise<{ seconds: number; retries: number }> {
  const previous = await getExecutionHold(contractId);
  const again = previous?.execution_name === executionName && previous.state === failure.state && previous.status !== 'ended';
  const retries = again && previous ? previous.retries + (previous.status === 'retrying' ? 1 : 0) : 0;
  const seconds = opsRetrySeconds(retries, timeScale());
  const at = new Date(now).toISOString();
  const hold: ExecutionHold = {
    contract_id: contractId,
    execution_name: executionName,
    state: failure.state,
    error: failure.Error ?? 'unknown',
    cause: (failure.Cause ?? '').slice(0, causeKept),
    status: 'waiting',
    since: again && previous ? previous.since : at,
    held_at: at,
    retries,
    retry_at: new Date(now + seconds * 1000).toISOString(),
    resumed_at: null,
    resumed_by: null,
    updated_at: at,
  };
  await putExecutionHold(hold);
  logger.error('Execution waits for ops: a step could not go on', {
    contractId,
    execution: executionName,
    state: hold.state,
    error: hold.error,
    cause: hold.cause,
    since: hold.since,
    retries,
    retryAt: hold.retry_at,
  });
  return { seconds, retries };
}

/** Whether ops resumed the hold since its execution last started waiting. */
const resumed = (hold: ExecutionHold | undefined) =>
  hold?.status === 'waiting' && hold.resumed_at !== null && hold.resumed_at >= hold.held_at;

/** AwaitOps (a callback task): keeps the token for ops; answers at once if ops already resumed the hold. */
export async function awaitOps(contractId: string, taskToken: string): Promise<void> {
  await storeWorkflowToken({ contract_id: contractId, step: 'ops', task_token: taskToken, stored_at: new Date().toISOString() });
  const hold = await getExecutionHold(contractId);
  if (resumed(hold)) await answerTask(taskToken, { resumedBy: hold?.resumed_by });
}

/** ReleaseHold: the state is tried again now (by itself or because ops resumed it): off the list until it fails again. */
export async function releaseHold(contractId: string, executionName: string): Promise<void> {
  const hold = await getExecutionHold(contractId);
  if (hold?.execution_name !== executionName || hold.status !== 'waiting') return;
  await updateExecutionHold(hold, { status: 'retrying' });
}

/**
 * Ops resume the contract's execution that waits for ops, once the cause is fixed: the step is
 * tried again now rather than at its next automatic retry. An execution that is not waiting is
 * left as it is; one that ended (stopped, failed) has its successor started (services/escrow-workflow.ts).
 */
export async function resumeHeldExecution(contractId: string, by: string): Promise<{ resumed: boolean; hold?: ExecutionHold }> {
  const hold = await getExecutionHold(contractId);
  let done = false;
  if (hold?.status === 'waiting') {
    const at = new Date().toISOString();
    done = await updateExecutionHold(hold, { resumed_at: at, resumed_by: by }, at);
    const token = await getWorkflowToken(contractId, 'ops');
    if (done && token) await answerTask(token.task_token, { resumedBy: by });
  }
  await openEscrow(contractId);
  return { resumed: done, hold: (await getExecutionHold(contractId)) ?? hold };
}

/**
 * The executions waiting for ops now, for the sweep's gauge: a hold whose execution no longer
 * runs (stopped, failed: the failed-executions alarm tells of those; or continued as a new one,
 * which holds again if the step still cannot go on) is taken off the list, not counted.
 */
export async function executionsWaitingForOps(): Promise<ExecutionHold[]> {
  const waiting: ExecutionHold[] = [];
  for (const hold of await listExecutionHolds()) {
    const execution = await describeEscrowExecution(hold.execution_name);
    if (execution?.status === 'RUNNING') waiting.push(hold);
    else await updateExecutionHold(hold, { status: 'ended' });
  }
  return waiting;
}
