import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { clientAt } from './aws-client';

/**
 * The table as the functions reach it: the SDK's document client (plain JS values in and out,
 * `removeUndefinedValues` so an attribute left undefined is not written), with the SDK's own
 * standard retries. Only the operations the functions use are here; ops' scripts reach the table
 * through the entities' verbs, which call these.
 */

/** The service's errors, as the entities tell a refused condition or a cancelled transaction (entities/table.ts). */
export { DynamoDBServiceException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

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

/**
 * The document client of this container (adapters/aws-client.ts: made at the first call, kept, the
 * credentials of each call read when it is signed). The cost bench and tests add their SDK
 * middleware to it from outside (scripts/aws-calls.ts).
 */
export const documentClient = /* @__PURE__ */ clientAt('dynamodbEndpoint', (config) =>
  DynamoDBDocumentClient.from(new DynamoDBClient(config), { marshallOptions: { removeUndefinedValues: true } }),
);

export async function getItem(input: GetInput): Promise<{ Item?: Item }> {
  const { Item } = await documentClient().send(new GetCommand(input));
  return { Item };
}

export async function putItem(input: PutInput): Promise<{ Attributes?: Item }> {
  const { Attributes } = await documentClient().send(new PutCommand(input));
  return { Attributes };
}

export async function updateItem(input: UpdateInput): Promise<{ Attributes?: Item }> {
  const { Attributes } = await documentClient().send(new UpdateCommand(input));
  return { Attributes };
}

export async function deleteItem(input: DeleteInput): Promise<{ Attributes?: Item }> {
  const { Attributes } = await documentClient().send(new DeleteCommand(input));
  return { Attributes };
}

/** One page of a query (queryAll in entities/table.ts follows the pages). */
export async function queryItems(input: QueryInput): Promise<{ Items: Item[]; LastEvaluatedKey?: Item }> {
  const { Items = [], LastEvaluatedKey } = await documentClient().send(new QueryCommand(input));
  return { Items, LastEvaluatedKey };
}

/** One BatchGetItem of one table: the items found and the keys it left unprocessed. */
export async function batchGetItems(input: {
  TableName: string;
  Keys: Item[];
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
}): Promise<{ Items: Item[]; UnprocessedKeys: Item[] }> {
  const { TableName, ...request } = input;
  const answer = await documentClient().send(new BatchGetCommand({ RequestItems: { [TableName]: request } }));
  return {
    Items: answer.Responses?.[TableName] ?? [],
    UnprocessedKeys: answer.UnprocessedKeys?.[TableName]?.Keys ?? [],
  };
}

/**
 * All the writes or none. The SDK gives the request a ClientRequestToken (an idempotency token of
 * TransactWriteItems) once, before its attempts: an attempt retried after its answer was lost is
 * then the same transaction to DynamoDB, applied once, not a second write refused by its own first.
 */
export async function transactWriteItems(items: TransactItem[]): Promise<void> {
  await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
}
