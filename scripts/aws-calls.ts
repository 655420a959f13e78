/**
 * The bench's count of what the functions ask of AWS (the local cloud runs the handlers in this
 * process): every call answered, by service and operation, with the read and write units DynamoDB
 * reports for each. The table's calls are counted by SDK middleware added here to the functions'
 * document client (lambdas/core/adapters/dynamodb.ts), which asks DynamoDB for the units while
 * someone counts; the other services' by the signed-request observers (adapters/aws-request.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsRequestObservers } from '../lambdas/core/adapters/aws-request';
import { documentClient } from '../lambdas/core/adapters/dynamodb';

export interface AwsCall {
  service: 'dynamodb' | 'cognito' | 'ses' | 'sfn' | 'secretsmanager';
  operation: string;
  ms: number;
  readUnits: number;
  writeUnits: number;
}

/** The signing names of the services, as the bench names them. */
const services: Record<string, AwsCall['service']> = {
  'cognito-idp': 'cognito',
  ses: 'ses',
  states: 'sfn',
  secretsmanager: 'secretsmanager',
};

const listeners = new Set<(call: AwsCall) => void>();
const tell = (call: AwsCall) => {
  for (const listener of listeners) listener(call);
};

let observing = false;
/** The table clients counted (the adapter makes a new one when a test's cloud moves the endpoint). */
const counted = new WeakSet<DynamoDBDocumentClient>();

/** Counts the calls of the table client answered, asking DynamoDB for the units each used while someone listens. */
function countTableCalls(client: DynamoDBDocumentClient): void {
  if (counted.has(client)) return;
  counted.add(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (listeners.size === 0) return next(args);
      const started = performance.now();
      const input = { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' };
      const result = await next({ ...args, input });
      const operation = context.commandName?.replace(/Command$/, '') ?? 'unknown';
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      tell({ service: 'dynamodb', operation, ms: performance.now() - started, ...capacityOf(operation, consumed) });
      return result;
    },
    { step: 'initialize', name: 'benchCountsCalls' },
  );
}

/**
 * Calls `listener` with every AWS call the functions make until the returned function is called.
 * Call it once the local cloud runs: the table client counted is the one at its endpoint.
 */
export function watchAwsCalls(listener: (call: AwsCall) => void): () => void {
  countTableCalls(documentClient());
  if (!observing) {
    awsRequestObservers.add(({ service, operation, ms }) => {
      const name = services[service];
      if (!name) return;
      // SES v2 is REST: its operation is the path; the functions send email and nothing else.
      tell({ service: name, operation: name === 'ses' ? 'SendEmail' : operation, ms, readUnits: 0, writeUnits: 0 });
    });
    observing = true;
  }
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
