import { getItem, putItem } from '../adapters/dynamodb';
import { tableName } from './table';

/**
 * The task token a contract's execution waits on at one step: `CONTRACT#<id>` / `TASK#<step>`.
 * The task stores it before looking at the contract, and whoever changes the contract reads it
 * after writing, so one of the two always answers the task.
 */
export const workflowTokenKey = (contractId: string, step: WorkflowStep) => ({
  PK: `CONTRACT#${contractId}`,
  SK: `TASK#${step}`,
});

/**
 * The callback steps of the escrow state machine: money in, the creator's delivery (or the payer's
 * early acceptance), the payer's inspection, the creator's release request, a dispute's settlement
 * (by the parties or ops), its refunds, the payout transfer, ops resuming a payout that kept failing,
 * and ops resuming a step that could not go on (the execution's hold: entities/execution-hold.ts).
 */
export type WorkflowStep =
  | 'funding'
  | 'delivery'
  | 'inspection'
  | 'release'
  | 'settlement'
  | 'refunds'
  | 'milestones'
  | 'transfer'
  | 'resume'
  | 'ops';

export interface WorkflowToken {
  contract_id: string;
  step: WorkflowStep;
  task_token: string;
  stored_at: string;
}

export async function storeWorkflowToken(token: WorkflowToken): Promise<void> {
  await putItem({ TableName: tableName(), Item: { ...workflowTokenKey(token.contract_id, token.step), ...token } });
}

export async function getWorkflowToken(contractId: string, step: WorkflowStep): Promise<WorkflowToken | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: workflowTokenKey(contractId, step), ConsistentRead: true });
  return Item as WorkflowToken | undefined;
}
