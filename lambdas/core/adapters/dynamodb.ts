import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { awsJsonRequest, awsRequestObservers } from './aws-request';

/**
 * The table as the functions reach it: DynamoDB's JSON protocol, one signed request per call
 * (aws-request.ts, which says why the SDK client is not used and retries as it would), with plain
 * JS values in and out as the SDK's document client gives them. The values are converted by the
 * SDK's own @aws-sdk/util-dynamodb with the document client's options as we used them
 * (`removeUndefinedValues`), so an item is written and read exactly as before. Only the operations
 * the functions use are here; ops' scripts and the tests use the SDK's clients (scripts/aws-clients.ts).
 */

/** An item, a key or an attribute map, as plain JS values. */
export type Item = Record<string, unknown>;

type Names = Record<string, string>;

interface Conditional {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Item;
}

export interface GetInput {
  TableName: string;
  Key: Item;
  ConsistentRead?: boolean;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
}

export interface PutInput extends Conditional {
  TableName: string;
  Item: Item;
  ReturnValues?: 'NONE' | 'ALL_OLD';
}

export interface UpdateInput extends Conditional {
  TableName: string;
  Key: Item;
  UpdateExpression: string;
  ReturnValues?: 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';
}

export interface DeleteInput extends Conditional {
  TableName: string;
  Key: Item;
  ReturnValues?: 'NONE' | 'ALL_OLD';
}

export interface QueryInput {
  TableName: string;
  IndexName?: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Item;
  ScanIndexForward?: boolean;
  Limit?: number;
  ConsistentRead?: boolean;
  ExclusiveStartKey?: Item;
}

/** One write of a transaction (TransactWriteItems' element, with plain values). */
export interface TransactItem {
  Put?: Omit<PutInput, 'ReturnValues'>;
  Update?: Omit<UpdateInput, 'ReturnValues'>;
  Delete?: Omit<DeleteInput, 'ReturnValues'>;
  ConditionCheck?: Conditional & { TableName: string; Key: Item; ConditionExpression: string };
}

const toAttributes = (values: Item) => marshall(values, { removeUndefinedValues: true });

/** The request's shape with its plain values as attribute maps (the members the operations above take). */
function marshalled<T extends object>(input: T): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const member of ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const) {
    const value = out[member];
    if (value !== undefined) out[member] = toAttributes(value as Item);
  }
  return out;
}

const fromAttributes = (attributes: unknown): Item | undefined =>
  attributes === undefined ? undefined : unmarshall(attributes as Parameters<typeof unmarshall>[0]);

async function call(operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return awsJsonRequest({
    service: 'dynamodb',
    host: 'dynamodb.{region}.amazonaws.com',
    endpointEnv: 'dynamodbEndpoint',
    method: 'POST',
    path: '/',
    // The units each call used, only while someone counts them (the cost bench, scripts/aws-calls.ts).
    body: awsRequestObservers.size > 0 ? { ...body, ReturnConsumedCapacity: 'TOTAL' } : body,
    target: { name: `DynamoDB_20120810.${operation}`, version: '1.0' },
  });
}

export async function getItem(input: GetInput): Promise<{ Item?: Item }> {
  const answer = await call('GetItem', marshalled(input));
  return { Item: fromAttributes(answer.Item) };
}

export async function putItem(input: PutInput): Promise<{ Attributes?: Item }> {
  const answer = await call('PutItem', marshalled(input));
  return { Attributes: fromAttributes(answer.Attributes) };
}

export async function updateItem(input: UpdateInput): Promise<{ Attributes?: Item }> {
  const answer = await call('UpdateItem', marshalled(input));
  return { Attributes: fromAttributes(answer.Attributes) };
}

export async function deleteItem(input: DeleteInput): Promise<{ Attributes?: Item }> {
  const answer = await call('DeleteItem', marshalled(input));
  return { Attributes: fromAttributes(answer.Attributes) };
}

/** One page of a query (queryAll in entities/table.ts follows the pages). */
export async function queryItems(input: QueryInput): Promise<{ Items: Item[]; LastEvaluatedKey?: Item }> {
  const answer = await call('Query', marshalled(input));
  return {
    Items: ((answer.Items ?? []) as unknown[]).map((item) => fromAttributes(item) as Item),
    LastEvaluatedKey: fromAttributes(answer.LastEvaluatedKey),
  };
}

/** One BatchGetItem of one table: the items found and the keys it left unprocessed. */
export async function batchGetItems(input: {
  TableName: string;
  Keys: Item[];
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
}): Promise<{ Items: Item[]; UnprocessedKeys: Item[] }> {
  const { TableName, Keys, ...rest } = input;
  const answer = await call('BatchGetItem', { RequestItems: { [TableName]: { ...rest, Keys: Keys.map(toAttributes) } } });
  const found = ((answer.Responses as Record<string, unknown[]> | undefined)?.[TableName] ?? []) as unknown[];
  const unprocessed = (answer.UnprocessedKeys as Record<string, { Keys?: unknown[] }> | undefined)?.[TableName]?.Keys ?? [];
  return {
    Items: found.map((item) => fromAttributes(item) as Item),
    UnprocessedKeys: unprocessed.map((key) => fromAttributes(key) as Item),
  };
}

/**
 * All the writes or none. The request carries a ClientRequestToken, as the SDK adds one to every
 * TransactWriteItems: an attempt retried after its answer was lost (aws-request.ts) is then the
 * same transaction to DynamoDB, applied once, not a second write refused by its own first.
 */
export async function transactWriteItems(items: TransactItem[]): Promise<void> {
  const TransactItems = items.map((item) =>
    Object.fromEntries(Object.entries(item).map(([kind, write]) => [kind, marshalled(write as object)])),
  );
  await call('TransactWriteItems', { TransactItems, ClientRequestToken: crypto.randomUUID() });
}
