import { createServer, type Server } from 'node:http';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getItem, putItem, transactWriteItems } from '../../lambdas/core/adapters/dynamodb';
import { failedConditions, onConditionFailed, type TransactItem, transactWrite } from '../../lambdas/core/entities/table';
import { close, listen, readBody } from '../../lib/local/http-util';

/**
 * The functions' DynamoDB adapter (lambdas/core/adapters/dynamodb.ts): what the SDK's document client
 * it is made of sends and how it takes DynamoDB's answers, against a stand-in endpoint that answers
 * what each test sets (the integration suite does the same against DynamoDB Local); and how the
 * entities read the SDK's errors, with the client mocked (aws-sdk-client-mock).
 */

let server: Server;
const seen: { operation: string; authorization: string; body: Record<string, unknown> }[] = [];
/** The answers to the next requests, in order; then `{}` with 200. */
const answers: { status: number; body: Record<string, unknown> }[] = [];

const dynamoError = (type: string, fields: Record<string, unknown> = {}) => ({
  status: 400,
  body: { __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: type, ...fields },
});

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      seen.push({
        operation: String(request.headers['x-amz-target']).split('.').pop() ?? '',
        authorization: String(request.headers.authorization),
        body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
      });
      const answer = answers.shift() ?? { status: 200, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(answer.body));
    });
  });
  vi.stubEnv('DYNAMODB_ENDPOINT', `http://127.0.0.1:${await listen(server, 0)}`);
  vi.stubEnv('TABLE_NAME', 'escrow-test');
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDROUTEONE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-one');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await close(server);
});

afterEach(() => {
  seen.length = 0;
  answers.length = 0;
});

const posting: TransactItem[] = [
  { Put: { TableName: 'escrow-test', Item: { PK: 'LEDGER#1', SK: 'POSTING#1', amount_minor: 245_000 } } },
  {
    Update: {
      TableName: 'escrow-test',
      Key: { PK: 'LEDGER#1', SK: 'TOTAL' },
      UpdateExpression: 'ADD held_minor :amount',
      ExpressionAttributeValues: { ':amount': 245_000 },
    },
  },
];

describe('the DynamoDB adapter on the wire', () => {
  it('writes no attribute left undefined, at the top or nested, and reads the answer back as plain values', async () => {
    await putItem({
      TableName: 'escrow-test',
      Item: { PK: 'CONTRACT#1', SK: 'META', amount_minor: 245_000, note: undefined, legs: [{ id: 'r1', reason: undefined }] },
    });
    expect(seen[0]?.body.Item).toEqual({
      PK: { S: 'CONTRACT#1' },
      SK: { S: 'META' },
      amount_minor: { N: '245000' },
      legs: { L: [{ M: { id: { S: 'r1' } } }] },
    });

    answers.push({ status: 200, body: { Item: { PK: { S: 'CONTRACT#1' }, held: { BOOL: true }, n: { N: '7' } } } });
    expect(await getItem({ TableName: 'escrow-test', Key: { PK: 'CONTRACT#1', SK: 'META' } })).toEqual({
      Item: { PK: 'CONTRACT#1', held: true, n: 7 },
    });
  });

  it("signs each call with the keys its function's environment has then (the local cloud runs every function in one process)", async () => {
    await getItem({ TableName: 'escrow-test', Key: { PK: 'A', SK: 'B' } });
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDROUTETWO');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-two');
    try {
      await getItem({ TableName: 'escrow-test', Key: { PK: 'A', SK: 'B' } });
    } finally {
      vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDROUTEONE');
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-one');
    }
    expect(seen.map((s) => s.authorization.match(/Credential=(\w+)\//)?.[1])).toEqual(['AKIDROUTEONE', 'AKIDROUTETWO']);
  });

  it('tries a throttled call again (the SDK standard strategy) and answers what the next attempt got', async () => {
    answers.push(dynamoError('ProvisionedThroughputExceededException'), { status: 200, body: { Item: { n: { N: '1' } } } });
    expect(await getItem({ TableName: 'escrow-test', Key: { PK: 'A', SK: 'B' } })).toEqual({ Item: { n: 1 } });
    expect(seen.map((s) => s.operation)).toEqual(['GetItem', 'GetItem']);
  });

  it('sends a retried transaction as the same one (its request token), and a new call as a new one', async () => {
    answers.push({ status: 500, body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'x' } });
    await transactWriteItems(posting);
    await transactWriteItems(posting);
    const tokens = seen.map((s) => s.body.ClientRequestToken);
    expect(seen.map((s) => s.operation)).toEqual(['TransactWriteItems', 'TransactWriteItems', 'TransactWriteItems']);
    expect(tokens[0]).toEqual(expect.any(String));
    expect(tokens[1]).toBe(tokens[0]);
    expect(tokens[2]).not.toBe(tokens[0]);
  });

  it("names the items whose condition cancelled a transaction, from DynamoDB's cancellation reasons, without trying again", async () => {
    answers.push(
      dynamoError('TransactionCanceledException', {
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }],
      }),
    );
    const error = await transactWriteItems(posting).catch((e: unknown) => e);
    expect(failedConditions(error)).toEqual([1]);
    expect(seen).toHaveLength(1);
  });
});

describe("the entities' reading of the SDK's errors (the client mocked)", () => {
  // Mocked from here only: the tests above run the client itself.
  let table: AwsClientStub<DynamoDBDocumentClient>;
  beforeAll(() => {
    table = mockClient(DynamoDBDocumentClient);
  });
  afterEach(() => table.reset());
  afterAll(() => table.restore());

  const cancelled = (codes: string[]) =>
    new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: codes.map((Code) => ({ Code })),
    });
  const refusal = (error: Error) => {
    table.on(TransactWriteCommand).rejects(error);
    return onConditionFailed(transactWrite(posting), (failed) => failed);
  };

  it('gives the indexes of the refused conditions of a cancelled transaction', async () => {
    expect(await refusal(cancelled(['ConditionalCheckFailed', 'None']))).toEqual([0]);
    expect(await refusal(cancelled(['None', 'ConditionalCheckFailed']))).toEqual([1]);
  });

  it('takes a single refused write as its item [0], and a transaction another one got in the way of as nothing failed', async () => {
    expect(await refusal(new ConditionalCheckFailedException({ message: 'refused', $metadata: {} }))).toEqual([0]);
    expect(await refusal(new TransactionConflictException({ message: 'busy', $metadata: {} }))).toEqual([]);
    expect(await refusal(cancelled(['None', 'TransactionConflict']))).toEqual([]);
  });

  it('throws every other error as it came: a transaction still cancelled for throttling once its tries run out, a validation error', async () => {
    const throttled = cancelled(['ThrottlingError', 'None']);
    await expect(refusal(throttled)).rejects.toBe(throttled);
    const invalid = new Error('One or more parameter values were invalid');
    await expect(refusal(invalid)).rejects.toBe(invalid);
  });

  it('tries a transaction cancelled only by a conflict or throttling again, and answers as the next try did', async () => {
    // What DynamoDB answers a spike of writes to one item (50 release requests for one contract):
    // the cancelled try wrote nothing, and the same write passes a moment later.
    for (const codes of [
      ['ThrottlingError', 'None'],
      ['None', 'TransactionConflict'],
      ['TransactionConflict', 'ThrottlingError'],
    ]) {
      table.reset();
      table.on(TransactWriteCommand).rejectsOnce(cancelled(codes)).resolves({});
      await expect(transactWrite(posting)).resolves.toBeUndefined();
      expect(table.commandCalls(TransactWriteCommand)).toHaveLength(2);
    }
  });

  it('takes a refused condition met after a conflict as refused (the other transaction won), trying no further', async () => {
    table
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['TransactionConflict', 'None']))
      .rejects(cancelled(['ConditionalCheckFailed', 'None']));
    expect(await onConditionFailed(transactWrite(posting), (failed) => failed)).toEqual([0]);
    expect(table.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('never tries again a transaction a condition refused, even beside a conflict', async () => {
    table.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'TransactionConflict']));
    expect(await onConditionFailed(transactWrite(posting), (failed) => failed)).toEqual([0]);
    expect(table.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('sends the transaction to the document client with its items as given', async () => {
    table.on(TransactWriteCommand).resolves({});
    await transactWrite(posting);
    expect(table.commandCalls(TransactWriteCommand)[0]?.args[0].input).toEqual({ TransactItems: posting });
  });
});
