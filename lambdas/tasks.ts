import { fileURLToPath } from 'node:url';
import type { RoutePermissions } from './routes';

/**
 * THE tasks table: the Task states of the escrow state machine (statemachines/escrow.asl.json)
 * and the handler each one invokes. CDK creates one Lambda per entry and substitutes its ARN for
 * `${<State>FunctionArn}` in the ASL; the local Step Functions runs the same handler for the same
 * state. Nothing else lists the tasks.
 *
 * The handler of an entry is `lambdas/tasks/<file>.ts`, exporting `handler`.
 */
export interface TaskDefinition {
  /** The Task state's name in the ASL. */
  state: string;
  /** Handler file name under lambdas/tasks. */
  file: string;
  /** A callback task (`.waitForTaskToken`): its handler stores the token and the state waits for the answer. */
  callback: boolean;
  /**
   * The function's construct id (`<functionId>Task`) when it is not the state's name: a renamed
   * state keeps its old function, so the versions old executions' definitions still call (and the
   * function itself, which deleting would take them with it) stay (docs/deploy.md: deploys and
   * running executions). Absent: the state's name.
   */
  functionId?: string;
  permissions: RoutePermissions;
}

export const tasks: readonly TaskDefinition[] = [
  {
    state: 'AwaitFunding',
    file: 'await-funding',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  {
    state: 'CancelUnfunded',
    file: 'cancel-unfunded',
    callback: false,
    // It verifies the contract's payments with the provider first, and a credit answers (or starts) the execution;
    // a cancellation tells both parties.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], workflow: ['start', 'answer'], sendEmail: true },
  },
  {
    state: 'AwaitDelivery',
    file: 'await-delivery',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  {
    state: 'DeliveryDue',
    file: 'delivery-due',
    callback: false,
    // Past the deadline it refunds everything held: asks the provider, tells both, answers the delivery step.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], sendEmail: true, workflow: ['answer'] },
  },
  {
    state: 'AwaitInspection',
    file: 'await-inspection',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  {
    state: 'AwaitMilestones',
    file: 'await-milestones',
    callback: true,
    // It starts each milestone's contract and its execution in turn; the last one ending completes the contract.
    permissions: { table: 'readWrite', sendEmail: true, workflow: ['start', 'answer'] },
  },
  {
    state: 'MilestonesDue',
    file: 'milestones-due',
    callback: false,
    // Partly funded past the delivery deadline it refunds everything held, as DeliveryDue does; else as AwaitMilestones.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], sendEmail: true, workflow: ['start', 'answer'] },
  },
  {
    state: 'EndPaid',
    file: 'contract-ended',
    callback: false,
    // A contract's end: its files start their year of retention (rewritten in place and tagged); a milestone
    // contract's moves its whole contract on: the next milestone's contract and execution, or its completion.
    permissions: { table: 'readWrite', sendEmail: true, workflow: ['start', 'answer'], evidence: 'retention' },
  },
  {
    state: 'EndSettled',
    file: 'contract-ended',
    callback: false,
    permissions: { table: 'readWrite', sendEmail: true, workflow: ['start', 'answer'], evidence: 'retention' },
  },
  { state: 'InspectionDue', file: 'inspection-due', callback: false, permissions: { table: 'readWrite', sendEmail: true } },
  {
    state: 'AwaitReleaseRequest',
    file: 'await-release-request',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  {
    state: 'SettlementDue',
    file: 'settlement-due',
    callback: false,
    // Once settled it asks the provider for the refund legs; handing a dispute to ops tells both parties.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], sendEmail: true, workflow: ['answer'] },
  },
  {
    state: 'AwaitSettlement',
    file: 'await-settlement',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  {
    state: 'AwaitOpsDecision',
    file: 'await-ops-decision',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  {
    state: 'AwaitRefunds',
    file: 'await-refunds',
    callback: true,
    // It asks the provider for the settlement's refunds (and reconciles them) on every run; a refund done tells the payer.
    permissions: { table: 'readWrite', workflow: ['answer'], secrets: ['flutterwaveSecretKey'], sendEmail: true },
  },
  { state: 'PreparePayout', file: 'prepare-payout', callback: false, permissions: { table: 'readWrite' } },
  {
    state: 'Transfer',
    file: 'transfer',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'], secrets: ['flutterwaveSecretKey'] },
  },
  // The payout done tells both parties (by email too); a settlement's payout answers its contract's waiting step.
  {
    state: 'PayoutPaid',
    file: 'payout-paid',
    // Named CompletePayout until its state was renamed: executions started before call this function's old versions.
    functionId: 'CompletePayout',
    callback: false,
    permissions: { table: 'readWrite', sendEmail: true, workflow: ['answer'] },
  },
  // The creator is told their payout waits.
  { state: 'PayoutFailed', file: 'payout-failed', callback: false, permissions: { table: 'readWrite', sendEmail: true } },
  {
    state: 'AwaitPayoutResume',
    file: 'await-payout-resume',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  { state: 'Rearm', file: 'rearm', callback: false, permissions: {} },
  {
    state: 'ContinueAsNew',
    file: 'continue-as-new',
    callback: false,
    // It reads the contract: a successor already taken by an ended execution is started only for a contract not final.
    permissions: { table: 'read', workflow: ['start'] },
  },
  // A state that could not go on (its Catch): the execution waits for ops, listed and alarmed, and retries it by itself.
  { state: 'HoldForOps', file: 'hold-for-ops', callback: false, permissions: { table: 'readWrite' } },
  {
    state: 'AwaitOps',
    file: 'await-ops',
    callback: true,
    permissions: { table: 'readWrite', workflow: ['answer'] },
  },
  { state: 'ReleaseHold', file: 'release-hold', callback: false, permissions: { table: 'readWrite' } },
];

/** The ASL placeholder CDK fills with a task's function ARN. */
export function taskSubstitution(task: Pick<TaskDefinition, 'state'>): string {
  return `${task.state}FunctionArn`;
}

/** Absolute path of a task's handler source. */
export function taskEntry(task: Pick<TaskDefinition, 'file'>): string {
  return fileURLToPath(new URL(`./tasks/${task.file}.ts`, import.meta.url));
}

/** The escrow state machine's definition file, deployed by CDK and run by the local Step Functions. */
export const escrowDefinitionPath = fileURLToPath(new URL('../statemachines/escrow.asl.json', import.meta.url));
