import type { IncomingMessage } from 'node:http';
import { tableDefinition } from '../../../lambdas/core/entities/table-definition';
import { AccessDeniedError, type IamRequest, type LocalIam, SignatureError } from './authority';
import { type GuardDecision, startGuardProxy } from './proxy';

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
// biome-ignore lint/suspicious/noExplicitAny: a DynamoDB JSON request, read by shape per operation
type Input = Record<string, any>;

const targetPrefix = 'DynamoDB_20120810.';

/** The partition key attribute of the table or of one of its indexes. */
function partitionKeyOf(indexName?: string): string {
  if (!indexName) return tableDefinition.partitionKey;
  return (
    tableDefinition.globalSecondaryIndexes.find((i) => i.indexName === indexName)?.partitionKey ?? tableDefinition.partitionKey
  );
}

/** An attribute value as IAM compares it: a string (S, N or B as sent). */
function scalar(value: AttributeValue | undefined): string | undefined {
  if (!value) return undefined;
  for (const type of ['S', 'N', 'B'] as const) if (typeof value[type] === 'string') return value[type] as string;
  return undefined;
}

const leadingKeys = (keys: Array<string | undefined>) => {
  const values = [...new Set(keys.filter((k): k is string => k !== undefined))];
  return values.length > 0 ? { 'dynamodb:LeadingKeys': values } : undefined;
};

/**
 * The partition key value a Query's KeyConditionExpression fixes (`#pk = :pk`, `PK = :v`), read
 * with its attribute names and values: what IAM sees as dynamodb:LeadingKeys. On an index it is
 * the index's partition key (the finance policy's LEDGER#<currency> reads of GSI1 rely on it).
 */
function queriedPartition(input: Input): string | undefined {
  const key = partitionKeyOf(input.IndexName);
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, AttributeValue>;
  for (const match of String(input.KeyConditionExpression ?? '').matchAll(/(#?[\w.]+)\s*=\s*(:[\w]+)/g)) {
    const [, name = '', value = ''] = match;
    if ((names[name] ?? name) === key) return scalar(values[value]);
  }
  return undefined;
}

/**
 * What one DynamoDB API request asks IAM, as DynamoDB authorizes it: the action of its operation
 * on the table (or the index a Query or Scan names), with the partition keys it touches as
 * dynamodb:LeadingKeys; BatchGetItem and BatchWriteItem per table; TransactWriteItems as the
 * PutItem, UpdateItem, DeleteItem or ConditionCheckItem of each of its items, TransactGetItems as a
 * GetItem of each (there is no IAM action of their own).
 */
export function dynamodbRequests(operation: string, input: Input, tableArn: (name: string) => string): IamRequest[] {
  const table = (name: unknown) => tableArn(String(name));
  const pk = tableDefinition.partitionKey;
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [
        { action: `dynamodb:${operation}`, resource: table(input.TableName), context: leadingKeys([scalar(input.Key?.[pk])]) },
      ];
    case 'PutItem':
      return [{ action: 'dynamodb:PutItem', resource: table(input.TableName), context: leadingKeys([scalar(input.Item?.[pk])]) }];
    case 'Query':
    case 'Scan': {
      const resource = input.IndexName ? `${table(input.TableName)}/index/${input.IndexName}` : table(input.TableName);
      const context = operation === 'Query' ? leadingKeys([queriedPartition(input)]) : undefined;
      return [{ action: `dynamodb:${operation}`, resource, context }];
    }
    case 'BatchGetItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, { Keys?: Item[] }>).map(([name, request]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: table(name),
        context: leadingKeys((request.Keys ?? []).map((k) => scalar(k[pk]))),
      }));
    case 'BatchWriteItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, Input[]>).map(([name, writes]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: table(name),
        context: leadingKeys(writes.map((w) => scalar(w.PutRequest?.Item?.[pk] ?? w.DeleteRequest?.Key?.[pk]))),
      }));
    case 'TransactWriteItems':
      return ((input.TransactItems ?? []) as Input[]).map((item) => {
        const [kind, request] = Object.entries(item)[0] ?? ['', {}];
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind];
        const key = kind === 'Put' ? request.Item?.[pk] : request.Key?.[pk];
        return { action: `dynamodb:${action ?? kind}`, resource: table(request.TableName), context: leadingKeys([scalar(key)]) };
      });
    case 'TransactGetItems':
      return ((input.TransactItems ?? []) as Input[]).map(({ Get }) => ({
        action: 'dynamodb:GetItem',
        resource: table(Get?.TableName),
        context: leadingKeys([scalar(Get?.Key?.[pk])]),
      }));
    case 'ListTables':
      return [{ action: 'dynamodb:ListTables', resource: '*' }];
    default:
      return [{ action: `dynamodb:${operation}`, resource: input.TableName ? table(input.TableName) : '*' }];
  }
}

/** DynamoDB's own error answer (awsJson1_0): a 400 with the coral type, as the SDK parses it. */
function refusal(type: string, message: string): GuardDecision {
  return {
    pass: false,
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: `com.amazon.coral.service#${type}`, Message: message }),
  };
}

/**
 * DynamoDB Local behind IAM: it takes any credentials, so every request reaches it through this
 * proxy, which checks the signature and asks the request's principal's policies (authority.ts)
 * about what the request does, answering as DynamoDB does when they do not allow it.
 */
export function startDynamoGuard(options: { port: number; target: string; iam: LocalIam }) {
  const { region, accountId } = options.iam.names;
  const tableArn = (name: string) => `arn:aws:dynamodb:${region}:${accountId}:table/${name}`;
  return startGuardProxy({
    port: options.port,
    target: options.target,
    decide: async (req: IncomingMessage, body: Buffer): Promise<GuardDecision> => {
      try {
        const principal = await options.iam.authenticate(
          { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body },
          'dynamodb',
        );
        const target = String(req.headers['x-amz-target'] ?? '');
        if (!target.startsWith(targetPrefix)) return { pass: true }; // DynamoDB Local answers an unknown operation itself
        let input: Input;
        try {
          input = JSON.parse(body.toString('utf8') || '{}') as Input;
        } catch {
          return { pass: true }; // and a malformed body
        }
        await options.iam.authorize(principal, dynamodbRequests(target.slice(targetPrefix.length), input, tableArn));
        return { pass: true };
      } catch (error) {
        if (error instanceof SignatureError || error instanceof AccessDeniedError)
          return refusal(error instanceof SignatureError ? error.type : 'AccessDeniedException', error.message);
        throw error;
      }
    },
  });
}
