import { fileURLToPath } from 'node:url';
import type { RoutePermissions } from './routes';

/**
 * THE schedules table: functions that run on a timer, not on a request, a trigger or a workflow
 * task. CDK creates one Lambda and one EventBridge rule (`rate(<rateMinutes> minutes)`) per entry;
 * the local cloud runs the same handler on an interval (`rateMinutes` times ESCROW_TIME_SCALE, at
 * least a second), never two runs of one schedule at once. Nothing else lists the schedules.
 *
 * The handler of an entry is `lambdas/schedules/<file>.ts`, exporting `handler` (a scheduled event
 * in, a summary of what it did out).
 */
export interface ScheduleDefinition {
  /** The schedule's name: the function's purpose tag (`schedule:<name>`) and `LocalCloud.runSchedule`'s argument. */
  name: string;
  /** Handler file name under lambdas/schedules. */
  file: string;
  /** How often it runs in AWS, in minutes (locally: scaled by ESCROW_TIME_SCALE). */
  rateMinutes: number;
  permissions: RoutePermissions;
}

export const schedules: readonly ScheduleDefinition[] = [
  {
    // Moves on every refund leg still owed to a payer, whatever was lost on the way. A payment it
    // finds after a lost webhook is credited (both told) and starts the contract's execution if that
    // ended; it reads the executions waiting for ops. Named reconcile-money before: the rename
    // makes a new function and rule and deletes the old ones, which nothing else calls (no
    // execution or route invokes a schedule), so no old version needs to stay.
    name: 'money-sweep',
    file: 'money-sweep',
    rateMinutes: 5,
    // sendEmail: the buyers of refunds waiting for their bank account are reminded, and a refund it confirms or
    // sends by bank transfer is told by email like any other.
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], workflow: ['start', 'answer'], sendEmail: true },
  },
  {
    // Reconciles each finished day with the provider and writes its closing balances.
    name: 'close-ledger',
    file: 'close-ledger',
    rateMinutes: 30,
    permissions: { table: 'readWrite', secrets: ['flutterwaveSecretKey'], workflow: [], sendEmail: false },
  },
];

/** Absolute path of a schedule's handler source. */
export function scheduleEntry(schedule: Pick<ScheduleDefinition, 'file'>): string {
  return fileURLToPath(new URL(`./schedules/${schedule.file}.ts`, import.meta.url));
}
