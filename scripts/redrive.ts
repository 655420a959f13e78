/**
 * `npm run redrive -- <contractId> [--stage <name>] [--port <app port>]`: for ops, once the cause is
 * fixed of an escrow execution that FAILED, TIMED_OUT or was ABORTED (the FailedExecutions alarm;
 * `npm run executions -- --since <day>` lists them). Redrives the contract's latest execution
 * (`<id>`, or `<id>--2`, ... after it) as AWS allows: within 14 days of its end, fewer than 1,000
 * times, never past AWS's year; it goes on from the state that failed, with the same input and
 * history. When AWS refuses (too late, or whatever ExecutionNotRedrivable says), the contract's
 * next execution is started instead, which fast-forwards through what already happened. An
 * execution still running is left alone (one waiting for ops: `npm run resume-execution`).
 *
 * Locally it works on the local cloud `npm start` runs (PORT, default 3000); with `--stage` on a
 * deployed stage with the caller's AWS credentials (the ops group's policy allows
 * states:RedriveExecution on the stage's executions).
 */
import { DescribeExecutionCommand, type DescribeExecutionCommandOutput, RedriveExecutionCommand } from '@aws-sdk/client-sfn';
import { envNames } from '../lambdas/core/adapters/env';
import { executionNames } from '../lambdas/core/adapters/workflow';
import { type ExecutionStatus, endedBadly } from '../lambdas/core/domain/execution-lifetime';
import { stepFunctions } from './aws-clients';
import { opsCommand } from './point-at-stage';

/** The contract's latest execution (following `<id>--2`, `--3`, ... while they exist), or undefined when it has none. */
async function latestExecution(contractId: string, stateMachineArn: string) {
  let latest: (DescribeExecutionCommandOutput & { executionArn: string }) | undefined;
  for (let generation = 1; ; generation++) {
    const name = executionNames(contractId, generation).at(-1) as string;
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    const found = await stepFunctions()
      .send(new DescribeExecutionCommand({ executionArn }))
      .catch((error: Error) => {
        if (error.name === 'ExecutionDoesNotExist') return undefined;
        throw error;
      });
    if (!found) return latest;
    latest = { ...found, executionArn };
  }
}

async function main() {
  const {
    args: [contractId = ''],
  } = await opsCommand('redrive', ['contractId']);
  const stateMachineArn = process.env[envNames.stateMachineArn] as string;
  const latest = await latestExecution(contractId, stateMachineArn);
  if (!latest) {
    console.error(`Contract ${contractId} has no execution.`);
    process.exit(1);
  }
  const status = latest.status as ExecutionStatus;
  if (!endedBadly.includes(status)) {
    console.log(
      `Execution ${latest.name} is ${status}: nothing to redrive${status === 'RUNNING' ? ' (if it waits for ops: npm run resume-execution)' : ''}.`,
    );
    return;
  }
  try {
    const { redriveDate } = await stepFunctions().send(new RedriveExecutionCommand({ executionArn: latest.executionArn }));
    console.log(
      `Execution ${latest.name} (${status}: ${latest.error ?? ''}) redriven at ${redriveDate?.toISOString()}: it goes on from where it stopped (npm run executions -- ${contractId}).`,
    );
  } catch (error) {
    if ((error as Error).name !== 'ExecutionNotRedrivable') throw error;
    // Past AWS's 14 days, or its year: the next execution carries the contract on, fast-forwarding.
    console.log(`Execution ${latest.name} cannot be redriven: ${(error as Error).message}`);
    const { openEscrow } = await import('../lambdas/core/services/escrow-workflow');
    await openEscrow(contractId);
    const next = await latestExecution(contractId, stateMachineArn);
    console.log(`Started ${next?.name} instead: it fast-forwards to where ${latest.name} stopped.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
