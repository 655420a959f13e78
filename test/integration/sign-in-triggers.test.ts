import type { DefineAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentClient, getItem, putItem } from '../../lambdas/core/adapters/dynamodb';
import { envNames } from '../../lambdas/core/adapters/env';
import { deviceSecretHash, newDeviceSecret } from '../../lambdas/core/domain/hashing';
import type { ChallengeStep } from '../../lambdas/core/domain/sign-in';
import { type ThrottleRule, throttles } from '../../lambdas/core/domain/throttle-rules';
import { deviceKey } from '../../lambdas/core/entities/device';
import { tableName } from '../../lambdas/core/entities/table';
import { throttleWindowKey } from '../../lambdas/core/entities/throttle';
import { handler as defineAuthChallenge } from '../../lambdas/triggers/define-auth-challenge';
import { handler as verifyAuthChallengeResponse } from '../../lambdas/triggers/verify-auth-challenge-response';
import { type LocalDynamo, localCredentials, startDynamo } from '../../lib/local/dynamodb';
import { lambdaContext } from '../../lib/local/lambda-context';
import { password, question, srpA } from '../support/challenge-steps';

/** The triggers themselves, against DynamoDB Local: what a client can send and what it gets. */
describe('the sign-in triggers', () => {
  const sub = 'user-1';
  const secret = newDeviceSecret();
  const device = {
    ...deviceKey(sub, 'laptop'),
    device_id: 'laptop',
    device_name: 'Linux PC',
    secret_hash: deviceSecretHash(secret),
  };
  const legacyDevice = { ...deviceKey(sub, 'old-laptop'), device_id: 'old-laptop', device_name: 'Linux PC' };
  let dynamo: LocalDynamo;
  /** What the functions asked of the table since the test began and had answered (operation and request). */
  const calls: { operation: string; request: { Key?: { PK: string } } }[] = [];
  const watching = 'testWatchesCalls';

  beforeAll(async () => {
    const table = 'triggers-test';
    dynamo = await startDynamo({ tableName: table });
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      [envNames.tableName]: table,
      [envNames.dynamodbEndpoint]: dynamo.endpoint,
    });
    await Promise.all([device, legacyDevice].map((item) => putItem({ TableName: table, Item: item })));
    // SDK middleware on the functions' table client, told of each call once answered.
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        calls.push({
          operation: String(context.commandName).replace(/Command$/, ''),
          request: args.input as { Key?: { PK: string } },
        });
        return result;
      },
      { step: 'initialize', name: watching },
    );
  }, 120_000);
  afterAll(async () => {
    documentClient().middlewareStack.remove(watching);
    await dynamo?.stop();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  /** Fills the current window of `rule` for the user: the account is locked for that step. */
  async function lock(rule: ThrottleRule) {
    const windowIndex = Math.floor(Date.now() / (rule.windowSeconds * 1000));
    await putItem({ TableName: tableName(), Item: { ...throttleWindowKey(rule, sub, windowIndex), attempts: rule.limit } });
    calls.length = 0;
  }

  function define(session: ChallengeStep[], clientMetadata: Record<string, string>) {
    const event = {
      version: '1',
      region: 'eu-west-1',
      userPoolId: 'pool',
      userName: sub,
      callerContext: { awsSdkVersion: 'unit', clientId: 'client' },
      triggerSource: 'DefineAuthChallenge_Authentication',
      request: { userAttributes: { sub, email: 'ada@example.com' }, session, clientMetadata, userNotFound: false },
      response: { challengeName: '', issueTokens: false, failAuthentication: false },
    } as DefineAuthChallengeTriggerEvent;
    return defineAuthChallenge(event, lambdaContext('unit'));
  }

  const afterPassword = [srpA, password(true)];

  it('challenges a registered device id sent without its secret (the fingerprint proves nothing)', async () => {
    const result = await define(afterPassword, { deviceId: 'laptop' });
    expect(result.response).toMatchObject({ issueTokens: false, failAuthentication: false, challengeName: 'CUSTOM_CHALLENGE' });
  });

  it('challenges a registered device id sent with a wrong secret', async () => {
    const result = await define(afterPassword, { deviceId: 'laptop', deviceSecret: newDeviceSecret() });
    expect(result.response).toMatchObject({ issueTokens: false, challengeName: 'CUSTOM_CHALLENGE' });
  });

  it('challenges a device trusted before devices had secrets (no hash), whatever secret is sent', async () => {
    const result = await define(afterPassword, { deviceId: 'old-laptop', deviceSecret: secret });
    expect(result.response).toMatchObject({ issueTokens: false, challengeName: 'CUSTOM_CHALLENGE' });
  });

  it('issues tokens for the registered device id with its secret', async () => {
    const result = await define(afterPassword, { deviceId: 'laptop', deviceSecret: secret });
    expect(result.response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails a locked account after a right answer, in the trigger too', async () => {
    await lock(throttles.signInAnswerFailures);
    const result = await define([...afterPassword, question(true)], { deviceId: 'phone' });
    expect(result.response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('refuses every answer of a locked account, checked like any wrong answer, and counts nothing more', async () => {
    await lock(throttles.signInCodeFailures);
    const windows = () =>
      Promise.all(
        [throttles.signInAnswerFailures, throttles.signInCodeFailures].map(async (rule) => {
          const windowIndex = Math.floor(Date.now() / (rule.windowSeconds * 1000));
          const { Item } = await getItem({ TableName: tableName(), Key: throttleWindowKey(rule, sub, windowIndex) });
          return Item?.attempts;
        }),
      );
    const before = await windows();
    calls.length = 0;
    const event = {
      version: '1',
      region: 'eu-west-1',
      userPoolId: 'pool',
      userName: sub,
      callerContext: { awsSdkVersion: 'unit', clientId: 'client' },
      triggerSource: 'VerifyAuthChallengeResponse_Authentication',
      request: {
        userAttributes: { sub, email: 'ada@example.com' },
        privateChallengeParameters: { kind: 'SECURITY_QUESTION' },
        challengeAnswer: 'Biscuit the Dog',
        clientMetadata: { deviceId: 'phone' },
        userNotFound: false,
      },
      response: { answerCorrect: true },
    } as VerifyAuthChallengeResponseTriggerEvent;
    const result = await verifyAuthChallengeResponse(event, lambdaContext('unit'));
    expect(result.response.answerCorrect).toBe(false);
    // The reads of a wrong answer (the two lock reads, the profile), so its time does not tell the
    // lock. Its count goes to a full window, which refuses it: a failed call, not recorded here
    // (test/security/lockout-oracle.test.ts sees it on the wire).
    expect(calls.map((call) => call.operation)).toEqual(['GetItem', 'GetItem', 'GetItem']);
    const keys = calls.map((call) => call.request.Key?.PK);
    expect(keys).toContain(throttleWindowKey(throttles.signInCodeFailures, sub, 0).PK);
    expect(keys).toContain(`USER#${sub}`);
    expect(await windows()).toEqual(before);
  });
});
