import { createServer, type IncomingMessage, type Server } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, getItem, putItem, transactWriteItems, updateItem } from '../../lambdas/core/adapters/dynamodb';
import { envNames } from '../../lambdas/core/adapters/env';
import { batchGetAll, failedConditions, queryAll, tableName } from '../../lambdas/core/entities/table';
import { type LocalDynamo, localCredentials, startDynamo } from '../../lib/local/dynamodb';
import { listen } from '../../lib/local/http-util';

/**
 * The functions' DynamoDB adapter (lambdas/core/adapters/dynamodb.ts) against DynamoDB Local, through
 * a proxy that can throttle, fail or lose an answer: items are stored exactly as the SDK's document
 * client stores and reads them, refused conditions are named, and failed attempts are retried by the
 * SDK's standard strategy (with its own waits), a transaction applied once only.
 */

let dynamo: LocalDynamo;
let proxy: Server;
let sdk: DynamoDBDocumentClient;

/** What the proxy does with each next request, in order; then it forwards as it is. */
type Fault = 'throttle' | 'server-error' | 'lose-answer' | 'transaction-conflict';
const faults: Fault[] = [];
/** Every request the proxy saw: its operation and body. */
const seen: { operation: string; body: Record<string, unknown> }[] = [];

const dynamoError = (type: string, message: string) =>
  JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  const table = 'adapter-test';
  dynamo = await startDynamo({ tableName: table });
  proxy = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const operation = String(request.headers['x-amz-target']).split('.').pop() ?? '';
    seen.push({ operation, body: JSON.parse(body) as Record<string, unknown> });
    const fault = faults.shift();
    const json = { 'content-type': 'application/x-amz-json-1.0' };
    if (fault === 'throttle') {
      response.writeHead(400, json).end(dynamoError('ProvisionedThroughputExceededException', 'Rate exceeded'));
      return;
    }
    if (fault === 'transaction-conflict') {
      response.writeHead(400, json).end(dynamoError('TransactionConflictException', 'Transaction is ongoing for the item'));
      return;
    }
    if (fault === 'server-error') {
      response.writeHead(500, json).end(dynamoError('InternalServerError', 'Internal server error'));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const forwarded = await fetch(dynamo.endpoint, { method: 'POST', headers, body });
    const answer = await forwarded.text();
    // The write is done; its answer never reaches the caller.
    if (fault === 'lose-answer') {
      request.socket.destroy();
      return;
    }
    response.writeHead(forwarded.status, json).end(answer);
  });
  const port = await listen(proxy, 0);
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    [envNames.tableName]: table,
    [envNames.dynamodbEndpoint]: `http://127.0.0.1:${port}`,
  });
  sdk = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'eu-west-1', credentials: localCredentials }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}, 120_000);

afterAll(async () => {
  proxy?.close();
  await dynamo?.stop();
});

afterEach(() => {
  faults.length = 0;
  seen.length = 0;
});

const key = (pk: string, sk = 'ITEM') => ({ PK: pk, SK: sk });

/** Values of every kind the entities store. */
const sample = {
  amount_minor: 245_000,
  fee_ratio: 0.02,
  negative: -1,
  name: 'Ọlá Adébáyọ̀ — ₦2,450.00',
  empty: '',
  on: true,
  off: false,
  nothing: null,
  tags: ['card', 'bank_transfer'],
  nested: { legs: [{ id: 'r1', amount_minor: 50_000 }], note: null },
  empty_list: [],
  empty_map: {},
};

describe('the DynamoDB adapter', () => {
  it('stores an item as the SDK document client reads it, and reads what that client stored, value for value', async () => {
    await putItem({ TableName: tableName(), Item: { ...key('ROUND#1'), ...sample, dropped: undefined } });
    const { Item: readBySdk } = await sdk.send(new GetCommand({ TableName: tableName(), Key: key('ROUND#1') }));
    expect(readBySdk).toEqual({ ...key('ROUND#1'), ...sample });

    await sdk.send(new PutCommand({ TableName: tableName(), Item: { ...key('ROUND#2'), ...sample } }));
    const { Item } = await getItem({ TableName: tableName(), Key: key('ROUND#2'), ConsistentRead: true });
    expect(Item).toEqual({ ...key('ROUND#2'), ...sample });
    expect((await getItem({ TableName: tableName(), Key: key('ROUND#none') })).Item).toBeUndefined();
  });

  it('answers an update with the attributes asked for', async () => {
    const { Attributes } = await updateItem({
      TableName: tableName(),
      Key: key('COUNTER#1'),
      UpdateExpression: 'ADD attempts :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    });
    expect(Attributes).toEqual({ ...key('COUNTER#1'), attempts: 1 });
  });

  it('follows a query page by page to the last item, in key order', async () => {
    const sks = Array.from({ length: 25 }, (_, i) => `ITEM#${String(i).padStart(2, '0')}`);
    await Promise.all(sks.map((sk) => putItem({ TableName: tableName(), Item: { ...key('PAGED#1', sk), n: 1 } })));
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'PAGED#1' },
      Limit: 10,
    });
    expect(items.map((item) => item.SK)).toEqual(sks);
    expect(seen.filter((s) => s.operation === 'Query')).toHaveLength(3);
  });

  it('reads many keys in requests of 100, with only the attributes named', async () => {
    const keys = Array.from({ length: 130 }, (_, i) => key(`MANY#${i}`));
    await Promise.all(keys.map((k, i) => putItem({ TableName: tableName(), Item: { ...k, n: i, secret: 'x' } })));
    const found = await batchGetAll([...keys, key('MANY#absent')], ['PK', 'n']);
    expect(found).toHaveLength(130);
    expect(found.find((item) => item.PK === 'MANY#129')).toEqual({ PK: 'MANY#129', n: 129 });
    expect(seen.filter((s) => s.operation === 'BatchGetItem')).toHaveLength(2);
  });

  it("names a single write's refused condition, and which items of a transaction were refused, writing none of them", async () => {
    await putItem({ TableName: tableName(), Item: { ...key('TAKEN#1'), v: 1 } });
    const refused = await putItem({
      TableName: tableName(),
      Item: { ...key('TAKEN#1'), v: 2 },
      ConditionExpression: 'attribute_not_exists(PK)',
    }).catch((error: unknown) => error);
    expect(failedConditions(refused)).toEqual([0]);

    const cancelled = await transactWriteItems([
      { Put: { TableName: tableName(), Item: { ...key('TX#1'), v: 1 } } },
      { Put: { TableName: tableName(), Item: { ...key('TAKEN#1'), v: 3 }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: tableName(), Item: { ...key('TX#2'), v: 1 } } },
    ]).catch((error: unknown) => error);
    expect(failedConditions(cancelled)).toEqual([1]);
    expect((await getItem({ TableName: tableName(), Key: key('TX#1'), ConsistentRead: true })).Item).toBeUndefined();
    expect((await getItem({ TableName: tableName(), Key: key('TAKEN#1'), ConsistentRead: true })).Item?.v).toBe(1);
    // A refused condition is an answer, not a failure: it is not tried again.
    expect(seen.filter((s) => s.operation === 'TransactWriteItems')).toHaveLength(1);
  });

  it('names a single write that met a transaction on its item as got in the way of (nothing failed), not tried again', async () => {
    faults.push('transaction-conflict');
    const error = await updateItem({
      TableName: tableName(),
      Key: key('BUSY#1'),
      UpdateExpression: 'SET checked = :yes',
      ExpressionAttributeValues: { ':yes': true },
    }).catch((e: unknown) => e);
    expect(failedConditions(error)).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("tries a throttled call and a server error again, and gives up after the SDK's attempts", async () => {
    faults.push('throttle', 'server-error');
    await putItem({ TableName: tableName(), Item: { ...key('RETRIED#1'), v: 1 } });
    expect(seen.map((s) => s.operation)).toEqual(['PutItem', 'PutItem', 'PutItem']);
    expect((await getItem({ TableName: tableName(), Key: key('RETRIED#1'), ConsistentRead: true })).Item?.v).toBe(1);

    seen.length = 0;
    const attempts = await documentClient().config.maxAttempts();
    expect(attempts).toBeGreaterThan(1);
    faults.push(...Array.from({ length: attempts }, () => 'server-error' as const));
    const error = await getItem({ TableName: tableName(), Key: key('RETRIED#1') }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InternalServerError', $metadata: { httpStatusCode: 500 } });
    expect(seen).toHaveLength(attempts);
  });

  it('applies a transaction once when the answer to its first attempt was lost: the retry carries the same request token', async () => {
    const posting = () =>
      transactWriteItems([
        { Put: { TableName: tableName(), Item: { ...key('LEDGER#1', 'POSTING#1'), amount_minor: 245_000 } } },
        {
          Update: {
            TableName: tableName(),
            Key: key('LEDGER#1', 'TOTAL'),
            UpdateExpression: 'ADD held_minor :amount',
            ExpressionAttributeValues: { ':amount': 245_000 },
          },
        },
      ]);
    faults.push('lose-answer');
    await posting();
    const attempts = seen.filter((s) => s.operation === 'TransactWriteItems');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.body.ClientRequestToken).toEqual(attempts[0]?.body.ClientRequestToken);
    const { Item: total } = await getItem({ TableName: tableName(), Key: key('LEDGER#1', 'TOTAL'), ConsistentRead: true });
    expect(total?.held_minor).toBe(245_000);

    // A new call is a new transaction (its own token): applied again.
    await posting();
    const { Item: after } = await getItem({ TableName: tableName(), Key: key('LEDGER#1', 'TOTAL'), ConsistentRead: true });
    expect(after?.held_minor).toBe(490_000);
  });
});

describe('a transfer account claim whose answer was lost', () => {
  it('is still its maker’s: the retry, refused by the claim it made, reads the claim and knows it by its id, and so for the account it puts', async () => {
    const { claimTransferAccount, getTransferAccount, openTransferAccount } = await import(
      '../../lambdas/core/entities/transfer-account'
    );
    const claim = {
      contract_id: 'LOST-CLAIM',
      claim_id: 'claim-1',
      tx_ref: 'escrow-bt-LOST-CLAIM-1',
      payer_id: 'payer',
      claimed_at: new Date().toISOString(),
      claimed_until: new Date(Date.now() + 30_000).toISOString(),
    };
    faults.push('lose-answer');
    expect(await claimTransferAccount(claim, undefined)).toBe(true);
    expect(seen.filter((s) => s.operation === 'PutItem')).toHaveLength(2);
    // Another request's claim, even one with the same payment reference, is not taken for its own.
    expect(await claimTransferAccount({ ...claim, claim_id: 'claim-2' }, undefined)).toBe(false);
    const account = {
      contract_id: claim.contract_id,
      tx_ref: claim.tx_ref,
      account_number: '0123456789',
      bank_name: 'Sandbox Bank',
      amount_minor: 100_000,
      amount_due_minor: 100_000,
      currency: 'NGN' as const,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      created_at: claim.claimed_at,
    };
    expect(await openTransferAccount(account, 'claim-2')).toBe(false);
    // Its account kept, the answer lost again: the retry, refused by the account, reads it as kept.
    faults.push('lose-answer');
    expect(await openTransferAccount(account, 'claim-1')).toBe(true);
    expect(await getTransferAccount(claim.contract_id)).toMatchObject({ account_number: '0123456789' });
  });
});
