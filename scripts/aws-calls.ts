/**
 * The bench's count of what the functions ask of AWS (the local cloud runs the handlers in this
 * process): every call answered, by service and operation, with the read and write units DynamoDB
 * reports for each. The table's calls are counted by SDK middleware added here to the functions'
 * document client (lambdas/core/adapters/dynamodb.ts), which asks DynamoDB for the units while
 * someone counts; the other services' clients (adapters/email.ts, workflow.ts, cognito.ts, secrets.ts)
 * by the same middleware, without units.
 */
import { cognito } from '../lambdas/core/adapters/cognito';
import { documentClient } from '../lambdas/core/adapters/dynamodb';
import { ses } from '../lambdas/core/adapters/email';
import { secretsManager } from '../lambdas/core/adapters/secrets';
import { stepFunctions } from '../lambdas/core/adapters/workflow';

export interface AwsCall {
  service: 'dynamodb' | 'cognito' | 'ses' | 'sfn' | 'secretsmanager';
  operation: string;
  ms: number;
  readUnits: number;
  writeUnits: number;
}

const listeners = new Set<(call: AwsCall) => void>();
const tell = (call: AwsCall) => {
  for (const listener of listeners) listener(call);
};

/** The clients counted (an adapter makes a new one when a test's cloud moves the endpoint). */
const counted = new WeakSet<object>();

/** An SDK client's middleware stack, as every client of the SDK has one. */
interface SdkClient {
  middlewareStack: { add(middleware: unknown, options: { step: 'initialize'; name: string }): void };
}

/**
 * Counts the calls `client` answers; a table call asks DynamoDB for the units it used, only while
 * someone listens (otherwise the call goes as the function sent it).
 */
function countCalls(client: SdkClient, service: AwsCall['service']): void {
  if (counted.has(client)) return;
  counted.add(client);
  type Next = (args: { input: object }) => Promise<{ output: object }>;
  client.middlewareStack.add(
    (next: Next, context: { commandName?: string }) => async (args: { input: object }) => {
      if (listeners.size === 0) return next(args);
      const started = performance.now();
      const table = service === 'dynamodb';
      const result = await next(table ? { ...args, input: { ...args.input, ReturnConsumedCapacity: 'TOTAL' } } : args);
      const operation = context.commandName?.replace(/Command$/, '') ?? 'unknown';
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const units = table ? capacityOf(operation, consumed) : { readUnits: 0, writeUnits: 0 };
      tell({ service, operation, ms: performance.now() - started, ...units });
      return result;
    },
    { step: 'initialize', name: 'benchCountsCalls' },
  );
}

/**
 * Calls `listener` with every AWS call the functions make until the returned function is called.
 * Call it once the local cloud runs: the clients counted are the ones at its endpoints.
 */
export function watchAwsCalls(listener: (call: AwsCall) => void): () => void {
  countCalls(documentClient(), 'dynamodb');
  countCalls(ses(), 'ses');
  countCalls(stepFunctions(), 'sfn');
  countCalls(cognito(), 'cognito');
  countCalls(secretsManager(), 'secretsmanager');
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const writes = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/** The units of one call: a write operation's are write units, any other's read units (a TOTAL answer does not split them). */
function capacityOf(operation: string, consumed: unknown): { readUnits: number; writeUnits: number } {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as { CapacityUnits?: number }[];
  const units = list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
  return writes.has(operation) ? { readUnits: 0, writeUnits: units } : { readUnits: units, writeUnits: 0 };
}
