/**
 * `npm run resume-execution -- <contractId> [--stage <name>] [--port <app port>]`: for ops, once the
 * cause is fixed of a step that could not go on (the ExecutionsWaitingForOps alarm; the sweep's
 * log and `npm run executions -- <contractId>` name the execution, the step and its error). The
 * contract's execution waits at AwaitOps and tries the step again by itself (5 minutes, then up to
 * daily); this tries it now. Steps are idempotent: nothing is paid or refunded twice. A contract
 * whose execution ended (failed, timed out, stopped) has its next one started instead
 * (`npm run redrive` continues the same one, within 14 days).
 *
 * Locally it works on the local cloud `npm start` runs (PORT, default 3000), recorded as resumed by
 * `local:<your OS user>`; with `--stage` on a deployed stage with the caller's AWS credentials,
 * recorded as resumed by the caller's IAM ARN.
 */
import { userInfo } from 'node:os';
import { callerArn } from './caller-identity';
import { opsCommand } from './point-at-stage';

async function main() {
  const {
    args: [contractId = ''],
    stage,
    region,
  } = await opsCommand('resume-execution', ['contractId']);
  const by = stage ? await callerArn(region) : `local:${userInfo().username}`;
  const { resumeHeldExecution } = await import('../lambdas/core/services/execution-holds');
  const { resumed, hold } = await resumeHeldExecution(contractId, by);
  console.log(
    resumed && hold
      ? `Execution ${hold.execution_name} resumed by ${by}: ${hold.state} is tried again now (it waited since ${hold.since}: ${hold.error}).`
      : hold?.status === 'waiting'
        ? `Execution ${hold.execution_name} is being resumed already: ${hold.state} is tried again.`
        : `Contract ${contractId} has no execution waiting for ops${hold ? ` (its last hold, at ${hold.state}, is ${hold.status})` : ''}; its execution runs (npm run executions -- ${contractId}).`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
