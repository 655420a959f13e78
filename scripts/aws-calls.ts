/**
 * The bench's count of what the functions ask of AWS: every request they make (all through
 * lambdas/core/adapters/aws-request.ts; the local cloud runs the handlers in this process), by
 * service and operation, with the read and write units DynamoDB reports for each (the DynamoDB
 * adapter asks for them while someone is counting).
 */
import { awsRequestObservers } from '../lambdas/core/adapters/aws-request';

export interface AwsCall {
  service: 'dynamodb' | 'cognito' | 'ses' | 'sfn' | 'secretsmanager';
  operation: string;
  ms: number;
  readUnits: number;
  writeUnits: number;
}

/** The signing names of the services, as the bench names them. */
const services: Record<string, AwsCall['service']> = {
  dynamodb: 'dynamodb',
  'cognito-idp': 'cognito',
  ses: 'ses',
  states: 'sfn',
  secretsmanager: 'secretsmanager',
};

let installed = false;
const listeners = new Set<(call: AwsCall) => void>();

/** Calls `listener` with every AWS call the functions make until the returned function is called. */
export function watchAwsCalls(listener: (call: AwsCall) => void): () => void {
  if (!installed) {
    awsRequestObservers.add(({ service, operation, ms, answer }) => {
      const counted = services[service];
      if (!counted) return;
      // SES v2 is REST: its operation is the path; the functions send email and nothing else.
      const call = {
        service: counted,
        operation: counted === 'ses' ? 'SendEmail' : operation,
        ms,
        ...capacityOf(operation, answer.ConsumedCapacity),
      };
      for (const listener of listeners) listener(call);
    });
    installed = true;
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
