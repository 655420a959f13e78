import { getItem, putItem, updateItem } from '../adapters/dynamodb';
import { onConditionFailed, queryGsi1Partition, tableName, withoutKeys } from './table';

/**
 * A contract's execution waiting for ops, `CONTRACT#<id>` / `EXECUTION_HOLD`: a state of its escrow
 * execution could not go on (its Retry ran out) and the execution waits (AwaitOps in
 * statemachines/escrow.asl.json) instead of failing with money inside. The state is tried again by
 * itself (5 minutes, then doubling to a day) or at once when ops resume it
 * (`npm run resume-execution`). While it waits it is listed in GSI1 under `EXECUTION#WAITING`, the
 * longest waiting first, which the sweep counts every few minutes as ExecutionsWaitingForOps
 * (alarmed for as long as any waits). One per contract: the last state that could not go on.
 */
export const executionHoldKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'EXECUTION_HOLD' });

const waitingHoldsPartition = 'EXECUTION#WAITING';

/**
 * `waiting` while the execution waits in AwaitOps; `retrying` once the state is being tried again
 * (it may fail again: the hold waits anew); `ended` when the sweep found its execution no
 * longer running (stopped, failed, or continued as a new one), so nothing is left to resume.
 */
export type ExecutionHoldStatus = 'waiting' | 'retrying' | 'ended';

export interface ExecutionHold {
  contract_id: string;
  /** The execution that waits (`<contractId>`, or `<contractId>--2`, ...). */
  execution_name: string;
  /** The ASL state that could not go on, tried again when the hold ends. */
  state: string;
  /** What its Catch caught: the error's name and cause (shortened). */
  error: string;
  cause: string;
  status: ExecutionHoldStatus;
  /** When this state first could not go on (kept through its automatic retries). */
  since: string;
  /** When the execution last started waiting (after the last failed try). */
  held_at: string;
  /** Automatic retries of the state so far that failed again. */
  retries: number;
  /** When it is tried again by itself, unless ops resume it first. */
  retry_at: string;
  /** When ops resumed it (after `held_at`: the wait ends at once), and who. */
  resumed_at: string | null;
  resumed_by: string | null;
  updated_at: string;
}

function toItem(hold: ExecutionHold): Record<string, unknown> {
  const listed = hold.status === 'waiting' ? { GSI1PK: waitingHoldsPartition, GSI1SK: `${hold.since}#${hold.contract_id}` } : {};
  return { ...executionHoldKey(hold.contract_id), ...listed, ...hold };
}

function fromItem(item: Record<string, unknown>): ExecutionHold {
  return withoutKeys(item) as unknown as ExecutionHold;
}

/** Writes the contract's hold as it now is (the execution that waits is the only writer of a new one). */
export async function putExecutionHold(hold: ExecutionHold): Promise<void> {
  await putItem({ TableName: tableName(), Item: toItem(hold) });
}

export async function getExecutionHold(contractId: string): Promise<ExecutionHold | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: executionHoldKey(contractId), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/**
 * Changes the hold only if it is still the one read (the same execution, waiting since the same
 * moment, in the same status); leaving `waiting` takes it off the list. False when it changed first.
 */
export async function updateExecutionHold(
  hold: Pick<ExecutionHold, 'contract_id' | 'execution_name' | 'held_at' | 'status'>,
  changes: Partial<Pick<ExecutionHold, 'status' | 'resumed_at' | 'resumed_by'>>,
  now = new Date().toISOString(),
): Promise<boolean> {
  const set = { ...changes, updated_at: now };
  const names: Record<string, string> = { '#e_execution': 'execution_name', '#e_held': 'held_at', '#e_status': 'status' };
  const values: Record<string, unknown> = {
    ':e_execution': hold.execution_name,
    ':e_held': hold.held_at,
    ':e_status': hold.status,
  };
  const assignments: string[] = [];
  for (const [key, value] of Object.entries(set)) {
    names[`#${key}`] = key;
    values[`:${key}`] = value;
    assignments.push(`#${key} = :${key}`);
  }
  const unlisted = changes.status !== undefined && changes.status !== 'waiting';
  const sent = updateItem({
    TableName: tableName(),
    Key: executionHoldKey(hold.contract_id),
    UpdateExpression: `SET ${assignments.join(', ')}${unlisted ? ' REMOVE GSI1PK, GSI1SK' : ''}`,
    ConditionExpression: '#e_execution = :e_execution AND #e_held = :e_held AND #e_status = :e_status',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
  return onConditionFailed(
    sent.then(() => true),
    () => false,
  );
}

/** The executions waiting for ops now, the longest waiting first. */
export async function listExecutionHolds(): Promise<ExecutionHold[]> {
  return (await queryGsi1Partition(waitingHoldsPartition)).map(fromItem);
}
