/**
 * The bench's count of what the functions ask of AWS (the local cloud runs the handlers in this
 * process): every call answered, by service and operation, with the read and write units DynamoDB
 * reports for each. The table's calls are counted by SDK middleware added here to the functions'
 * document client (lambdas/core/adapters/dynamodb.ts), which asks DynamoDB for the units while
 * someone counts; the other services' clients (adapters/email.ts, workflow.ts, cognito.ts, secrets.ts)
 * by the same middleware, without units.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { cognito } from '../lambdas/core/adapters/cognito';
import { documentClient } from '../lambdas/core/adapters/dynamodb';
import { ses } from '../lambdas/core/adapters/email';
import { secretsManager } from '../lambdas/core/adapters/secrets';
import { stepFunctions } from '../lambdas/core/adapters/workflow';
import { tableDefinition } from '../lambdas/core/entities/table-definition';
import { documents } from './aws-clients';

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

/** One write to one partition: of the table itself, or of an index the item is (or was) in. */
export interface PartitionWrite {
  /** `table`, or the index's name (GSI1, GSI2). */
  index: string;
  /** The partition key's value written to. */
  key: string;
}

const partitionListeners = new Set<(writes: PartitionWrite[]) => void>();
const partitionCounted = new WeakSet<object>();

/** A key attribute's string, whether the middleware sees the document client's plain values or marshalled ones. */
function plain(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'S' in value) return String((value as { S: unknown }).S);
  return undefined;
}

/** The table keys a write request names (a transaction's condition checks write nothing). */
function keysWritten(operation: string, input: Record<string, unknown>): Array<{ table: string; key: Record<string, unknown> }> {
  type Item = Record<string, unknown>;
  const one = (table: unknown, key: unknown) => (key ? [{ table: String(table), key: key as Item }] : []);
  switch (operation) {
    case 'PutItem':
      return one(input.TableName, input.Item);
    case 'UpdateItem':
    case 'DeleteItem':
      return one(input.TableName, input.Key);
    case 'TransactWriteItems':
      return ((input.TransactItems ?? []) as Array<Record<string, { TableName?: string; Item?: Item; Key?: Item }>>).flatMap(
        (entry) => {
          const write = entry.Put ?? entry.Update ?? entry.Delete;
          return write ? one(write.TableName, write.Item ?? write.Key) : [];
        },
      );
    case 'BatchWriteItem':
      return Object.entries(
        (input.RequestItems ?? {}) as Record<string, Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>>,
      ).flatMap(([table, requests]) => requests.flatMap((r) => one(table, r.PutRequest?.Item ?? r.DeleteRequest?.Key)));
    default:
      return [];
  }
}

/**
 * What a write did to each partition, from the item before and after it: one write to the table's
 * partition; for each index, one to the partition the item is in after it (ALL projection: any
 * change is rewritten there) and, when the item left a partition of that index, one to that one too.
 */
function partitionsOf(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, pk: string) {
  const writes: PartitionWrite[] = [{ index: 'table', key: pk }];
  for (const index of tableDefinition.globalSecondaryIndexes) {
    const was = plain(before?.[index.partitionKey]);
    const is = plain(after?.[index.partitionKey]);
    if (is) writes.push({ index: index.indexName, key: is });
    if (was && was !== is) writes.push({ index: index.indexName, key: was });
  }
  return writes;
}

/**
 * Calls `listener` with the partitions every table write of the functions wrote to, until the
 * returned function is called: the scale bench's count of writes per partition key. To know which
 * index partitions a write touched it reads each item it names before and after (consistently,
 * with the bench's own client, so those reads are not counted); a write another one changes in
 * between is counted by what the reads saw.
 */
export function watchPartitionWrites(listener: (writes: PartitionWrite[]) => void): () => void {
  const client = documentClient() as unknown as SdkClient;
  if (!partitionCounted.has(client)) {
    partitionCounted.add(client);
    type Next = (args: { input: Record<string, unknown> }) => Promise<{ output: object }>;
    client.middlewareStack.add(
      (next: Next, context: { commandName?: string }) => async (args: { input: Record<string, unknown> }) => {
        const operation = context.commandName?.replace(/Command$/, '') ?? '';
        const named = partitionListeners.size > 0 && writes.has(operation) ? keysWritten(operation, args.input) : [];
        if (named.length === 0) return next(args);
        const read = (table: string, key: Record<string, unknown>) =>
          documents()
            .send(
              new GetCommand({
                TableName: table,
                Key: { PK: plain(key.PK), SK: plain(key.SK) },
                ConsistentRead: true,
              }),
            )
            .then(({ Item }) => Item);
        const before = await Promise.all(named.map(({ table, key }) => read(table, key)));
        const result = await next(args);
        const after = await Promise.all(named.map(({ table, key }) => read(table, key)));
        const written = named.flatMap(({ key }, i) => partitionsOf(before[i], after[i], plain(key.PK) ?? '?'));
        for (const tell of partitionListeners) tell(written);
        return result;
      },
      { step: 'initialize', name: 'benchCountsPartitionWrites' },
    );
  }
  partitionListeners.add(listener);
  return () => partitionListeners.delete(listener);
}
