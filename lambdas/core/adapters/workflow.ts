import {
  DescribeExecutionCommand,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import type { ExecutionStatus } from '../domain/execution-lifetime';
import { clientAt } from './aws-client';
import { requireEnv } from './env';

export const stepFunctions = /* @__PURE__ */ clientAt('sfnEndpoint', (config) => new SFNClient(config));

/** The service's name for an error (the SDK names its exceptions so: ExecutionAlreadyExists, TaskTimedOut, ...). */
const named = (error: unknown, ...names: string[]) => names.includes((error as Error)?.name);

/**
 * The escrow state machine as the services see it (statemachines/escrow.asl.json): one Standard
 * execution per contract, named after the contract's id, and the answers to the callback tasks it
 * waits on. Every call is safe to repeat.
 */

/** The input every escrow execution starts with; the same for a contract every time (StartExecution is idempotent on it). */
export interface EscrowExecutionInput {
  contractId: string;
}

/**
 * Starts the execution `name` of the contract (its first is named after the contract's id; the
 * ones that follow it {@link nextExecutionName}). True when it runs now: started, or started
 * before and still running (StartExecution is idempotent on the same name and input while it
 * runs); false when an execution of that name already ended (AWS keeps the name for 90 days), so
 * the caller decides whether the contract needs the next one (services/escrow-workflow.ts).
 */
export async function startEscrowExecution(contractId: string, name = contractId): Promise<boolean> {
  const input: EscrowExecutionInput = { contractId };
  try {
    await stepFunctions().send(
      new StartExecutionCommand({ stateMachineArn: requireEnv('stateMachineArn'), name, input: JSON.stringify(input) }),
    );
    return true;
  } catch (error) {
    if (!named(error, 'ExecutionAlreadyExists')) throw error;
    return false;
  }
}

/** An execution as DescribeExecution tells it, or undefined when none has that name. */
export interface EscrowExecution {
  name: string;
  status: ExecutionStatus;
  /** Epoch milliseconds. */
  startDate?: number;
  stopDate?: number;
}

/** The contract's execution `name` (the state machine's ARN names its executions), or undefined when there is none. */
export async function describeEscrowExecution(name: string): Promise<EscrowExecution | undefined> {
  const executionArn = `${requireEnv('stateMachineArn').replace(':stateMachine:', ':execution:')}:${name}`;
  try {
    const described = await stepFunctions().send(new DescribeExecutionCommand({ executionArn }));
    return {
      name,
      status: described.status as ExecutionStatus,
      startDate: described.startDate?.getTime(),
      stopDate: described.stopDate?.getTime(),
    };
  } catch (error) {
    if (named(error, 'ExecutionDoesNotExist')) return undefined;
    throw error;
  }
}

/** A token already answered, timed out or from a run that was replaced: its step was handled. */
function alreadyHandled(error: unknown): boolean {
  return named(error, 'TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken');
}

/** Answers a waiting callback task; false when its token was already handled (nothing to do). */
export async function answerTask(taskToken: string, output: object): Promise<boolean> {
  try {
    await stepFunctions().send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    return true;
  } catch (error) {
    if (alreadyHandled(error)) return false;
    throw error;
  }
}

/** Fails a waiting callback task with an error name the state machine can Catch; false when already handled. */
export async function failTask(taskToken: string, error: string, cause: string): Promise<boolean> {
  try {
    await stepFunctions().send(new SendTaskFailureCommand({ taskToken, error, cause }));
    return true;
  } catch (failure) {
    if (alreadyHandled(failure)) return false;
    throw failure;
  }
}

/**
 * The name of the execution that continues `current` (an execution of the contract nearing AWS's
 * one-year limit starts its successor and ends): `<contractId>--2`, then `--3`, ...
 */
export function nextExecutionName(contractId: string, current: string): string {
  const generation = current === contractId ? 1 : Number(/--(\d+)$/.exec(current)?.[1] ?? Number.NaN);
  if (!Number.isSafeInteger(generation) || !current.startsWith(contractId))
    throw new Error(`${current} is not an execution of contract ${contractId}`);
  return `${contractId}--${generation + 1}`;
}

/** The names of a contract's executions, oldest first, as far as `generations` (finance's report follows them). */
export function executionNames(contractId: string, generations: number): string[] {
  return Array.from({ length: generations }, (_, i) => (i === 0 ? contractId : `${contractId}--${i + 1}`));
}
