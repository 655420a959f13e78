import { awsJsonRequest } from './aws-request';
import { requireEnv } from './env';

/**
 * One Step Functions API call (the JSON protocol), signed as the SDK signs it: the SFN client would
 * add about 22 KiB to every function that answers the workflow, for three operations (aws-request.ts).
 */
function stepFunctionsCall(operation: string, body: object) {
  return awsJsonRequest({
    service: 'states',
    host: 'states.{region}.amazonaws.com',
    endpointEnv: 'sfnEndpoint',
    method: 'POST',
    path: '/',
    body,
    target: { name: `AWSStepFunctions.${operation}`, version: '1.0' },
  });
}

/** The service's name for an error, as the SDK's exception classes are named. */
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
 * Starts the contract's execution (`name`: the contract's id; a continuation's is
 * {@link nextExecutionName}). Starting it again while it runs answers the same execution, and an
 * execution of that name that already ended is left as it is: either way the contract has its one
 * execution running.
 */
export async function startEscrowExecution(contractId: string, name = contractId): Promise<void> {
  const input: EscrowExecutionInput = { contractId };
  try {
    await stepFunctionsCall('StartExecution', {
      stateMachineArn: requireEnv('stateMachineArn'),
      name,
      input: JSON.stringify(input),
    });
  } catch (error) {
    if (!named(error, 'ExecutionAlreadyExists')) throw error;
  }
}

/** A token already answered, timed out or from a run that was replaced: its step was handled. */
function alreadyHandled(error: unknown): boolean {
  return named(error, 'TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken');
}

/** Answers a waiting callback task; false when its token was already handled (nothing to do). */
export async function completeTask(taskToken: string, output: object): Promise<boolean> {
  try {
    await stepFunctionsCall('SendTaskSuccess', { taskToken, output: JSON.stringify(output) });
    return true;
  } catch (error) {
    if (alreadyHandled(error)) return false;
    throw error;
  }
}

/** Fails a waiting callback task with an error name the state machine can Catch; false when already handled. */
export async function failTask(taskToken: string, error: string, cause: string): Promise<boolean> {
  try {
    await stepFunctionsCall('SendTaskFailure', { taskToken, error, cause });
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
