/**
 * The bench's count of what the functions ask of AWS: every call the local cloud's functions make
 * through the clients of lambdas/core/adapters/aws.ts (the same module instances, since the local
 * cloud runs the handlers in this process), by service and operation, with the read and write
 * units DynamoDB reports for each (ReturnConsumedCapacity is asked of every DynamoDB call).
 */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { cognito, dynamodb } from '../lambdas/core/adapters/aws';
import { awsRequestObservers } from '../lambdas/core/adapters/aws-request';

export interface AwsCall {
  service: 'dynamodb' | 'cognito' | 'ses' | 'sfn';
  operation: string;
  ms: number;
  readUnits: number;
  writeUnits: number;
}

type Counted = { middlewareStack: { add: (...args: never[]) => void } };

let installed = false;
const listeners = new Set<(call: AwsCall) => void>();

/**
 * Calls `listener` with every AWS call the functions make until the returned function is called.
 * Only once the local cloud has started: the clients take their endpoints from the environment it sets.
 */
export function watchAwsCalls(listener: (call: AwsCall) => void): () => void {
  if (!installed) {
    install('dynamodb', dynamodb());
    install('cognito', cognito());
    // SES and Step Functions are called without a client (adapters/aws-request.ts): counted as answered.
    awsRequestObservers.add(({ service, operation, ms }) => {
      const counted =
        service === 'ses'
          ? { service: 'ses' as const, operation: 'SendEmail' }
          : service === 'states'
            ? { service: 'sfn' as const, operation }
            : undefined;
      if (!counted) return;
      for (const listener of listeners) listener({ ...counted, ms, readUnits: 0, writeUnits: 0 });
    });
    installed = true;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function install(service: AwsCall['service'], client: Counted) {
  const middleware =
    (
      next: (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>,
      context: { commandName?: string },
    ) =>
    async (args: { input: Record<string, unknown> }) => {
      if (service === 'dynamodb') args.input.ReturnConsumedCapacity ??= 'TOTAL';
      const started = performance.now();
      const result = await next(args);
      const operation = (context.commandName ?? '?').replace(/Command$/, '');
      const call = {
        service,
        operation,
        ms: performance.now() - started,
        ...capacityOf(operation, result.output.ConsumedCapacity),
      };
      for (const listener of listeners) listener(call);
      return result;
    };
  (client.middlewareStack.add as (m: unknown, o: unknown) => void)(middleware, { step: 'initialize', name: 'benchAwsCalls' });
}

const writes = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/** The units of one call: a write operation's are write units, any other's read units (a TOTAL answer does not split them). */
function capacityOf(operation: string, consumed: unknown): { readUnits: number; writeUnits: number } {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as ConsumedCapacity[];
  const units = list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
  return writes.has(operation) ? { readUnits: 0, writeUnits: units } : { readUnits: units, writeUnits: 0 };
}
