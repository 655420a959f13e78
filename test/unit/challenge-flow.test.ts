import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DefineAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceSecretHash, matchesDeviceSecret, newDeviceSecret } from '../../lambdas/core/domain/hashing';
import { type ChallengeStep, decide, pendingChallenge, type SignInContext } from '../../lambdas/core/domain/sign-in';
import { throttles } from '../../lambdas/core/domain/throttle-rules';
import { deviceKey } from '../../lambdas/core/entities/device';
import { throttleWindowKey } from '../../lambdas/core/entities/throttle';
import { handler as defineAuthChallenge } from '../../lambdas/triggers/define-auth-challenge';
import { handler as verifyAuthChallengeResponse } from '../../lambdas/triggers/verify-auth-challenge-response';
import { lambdaContext } from '../../lib/local/lambda-context';

const srpA: ChallengeStep = { challengeName: 'SRP_A', challengeResult: true };
const password = (ok: boolean): ChallengeStep => ({ challengeName: 'PASSWORD_VERIFIER', challengeResult: ok });
const question = (ok: boolean): ChallengeStep => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: ok,
  challengeMetadata: 'SECURITY_QUESTION',
});
const otp = (ok: boolean): ChallengeStep => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: ok,
  challengeMetadata: 'EMAIL_OTP',
});

const open = async () => false;
const trusted: SignInContext = { userNotFound: false, deviceTrusted: async () => true, accountLocked: open };
const untrusted: SignInContext = { userNotFound: false, deviceTrusted: async () => false, accountLocked: open };
const unknownUser: SignInContext = { userNotFound: true, deviceTrusted: async () => true, accountLocked: open };
const locked: SignInContext = { ...untrusted, accountLocked: async () => true };

describe('the sign-in rules', () => {
  it('asks for the password after the SRP start, for known and unknown users alike', async () => {
    expect(await decide([srpA], untrusted)).toEqual({ next: 'password' });
    expect(await decide([srpA], unknownUser)).toEqual({ next: 'password' });
  });

  it('issues tokens after a correct password on a trusted device', async () => {
    expect(await decide([srpA, password(true)], trusted)).toEqual({ next: 'tokens' });
  });

  it('asks the security question after a correct password on a new device', async () => {
    expect(await decide([srpA, password(true)], untrusted)).toEqual({ next: 'challenge', kind: 'SECURITY_QUESTION' });
  });

  it('does not even look at the device before the password is right', async () => {
    let asked = false;
    await decide([srpA, password(false)], { ...untrusted, deviceTrusted: async () => (asked = true) });
    expect(asked).toBe(false);
  });

  it('asks for the email code after a right answer, and issues tokens after a right code', async () => {
    expect(await decide([srpA, password(true), question(true)], untrusted)).toEqual({ next: 'challenge', kind: 'EMAIL_OTP' });
    expect(await decide([srpA, password(true), question(true), otp(true)], untrusted)).toEqual({ next: 'tokens' });
  });

  it('allows three answers and three codes, then fails', async () => {
    const base = [srpA, password(true)];
    expect(await decide([...base, question(false), question(false)], untrusted)).toEqual({
      next: 'challenge',
      kind: 'SECURITY_QUESTION',
    });
    expect(await decide([...base, question(false), question(false), question(false)], untrusted)).toEqual({ next: 'fail' });
    const answered = [...base, question(true)];
    expect(await decide([...answered, otp(false), otp(false)], untrusted)).toEqual({ next: 'challenge', kind: 'EMAIL_OTP' });
    expect(await decide([...answered, otp(false), otp(false), otp(false)], untrusted)).toEqual({ next: 'fail' });
  });

  it('never issues tokens without the password, or for an unknown user', async () => {
    expect(await decide([], trusted)).toEqual({ next: 'fail' });
    expect(await decide([question(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, otp(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true), otp(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(false), question(true), otp(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true)], unknownUser)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true), question(true), otp(true)], unknownUser)).toEqual({ next: 'fail' });
  });

  it('poses the question first, again after a wrong answer, then the code, again after a wrong code', () => {
    expect(pendingChallenge([srpA, password(true)])).toEqual({ kind: 'SECURITY_QUESTION', retry: false });
    expect(pendingChallenge([srpA, password(true), question(false)])).toEqual({ kind: 'SECURITY_QUESTION', retry: true });
    expect(pendingChallenge([srpA, password(true), question(true)])).toEqual({ kind: 'EMAIL_OTP', retry: false });
    expect(pendingChallenge([srpA, password(true), question(true), otp(false)])).toEqual({ kind: 'EMAIL_OTP', retry: true });
  });
});

describe('the account lockout in the sign-in rules', () => {
  it('fails a locked account after a right answer, and after a right code', async () => {
    expect(await decide([srpA, password(true), question(true)], locked)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true), question(true), otp(true)], locked)).toEqual({ next: 'fail' });
  });

  it('fails a locked account after a wrong answer instead of asking again', async () => {
    expect(await decide([srpA, password(true), question(false)], locked)).toEqual({ next: 'fail' });
  });

  it('still signs in a trusted device of a locked account: guessing elsewhere never locks the owner out', async () => {
    expect(await decide([srpA, password(true)], { ...locked, deviceTrusted: async () => true })).toEqual({ next: 'tokens' });
  });

  it('does not look at the lock before the password is right', async () => {
    let asked = false;
    await decide([srpA, password(false)], { ...untrusted, accountLocked: async () => (asked = true) });
    await decide([srpA, password(true)], { ...untrusted, accountLocked: async () => (asked = true) });
    expect(asked).toBe(false);
  });
});

describe('the device secret', () => {
  const secret = newDeviceSecret();

  it('is 256 random bits, URL-safe, and stored only as its hash', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newDeviceSecret()).not.toBe(secret);
    expect(deviceSecretHash(secret)).not.toContain(secret);
  });

  it('matches only the secret whose hash the device holds', () => {
    expect(matchesDeviceSecret(secret, deviceSecretHash(secret))).toBe(true);
    expect(matchesDeviceSecret(newDeviceSecret(), deviceSecretHash(secret))).toBe(false);
    expect(matchesDeviceSecret(undefined, deviceSecretHash(secret))).toBe(false);
    expect(matchesDeviceSecret('', deviceSecretHash(secret))).toBe(false);
    // A device trusted before devices had secrets holds no hash: nothing proves it.
    expect(matchesDeviceSecret(secret, undefined)).toBe(false);
  });
});

/** The triggers themselves, against a mocked table: what a client can send and what it gets. */
describe('the sign-in triggers', () => {
  const table = mockClient(DynamoDBDocumentClient);
  const sub = 'user-1';
  const secret = newDeviceSecret();
  const device = {
    ...deviceKey(sub, 'laptop'),
    device_id: 'laptop',
    device_name: 'Linux PC',
    secret_hash: deviceSecretHash(secret),
  };
  const legacyDevice = { ...deviceKey(sub, 'old-laptop'), device_id: 'old-laptop', device_name: 'Linux PC' };
  let lockedScopes: string[] = [];

  beforeAll(() => {
    process.env.TABLE_NAME = 'unit-table';
    process.env.AWS_REGION = 'eu-west-1';
  });
  afterAll(() => table.restore());
  beforeEach(() => {
    table.reset();
    lockedScopes = [];
    table.on(GetCommand).callsFake(({ Key }: { Key: { PK: string; SK: string } }) => {
      const item = [device, legacyDevice].find((d) => d.PK === Key.PK && d.SK === Key.SK);
      if (item) return { Item: item };
      const scope = lockedScopes.find((s) => Key.PK.startsWith(`THROTTLE#${s}#`));
      return scope ? { Item: { ...Key, attempts: 10 } } : {};
    });
  });

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
    lockedScopes = [throttles.signInAnswerFailures.scope];
    const result = await define([...afterPassword, question(true)], { deviceId: 'phone' });
    expect(result.response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('refuses every answer of a locked account without checking it, and counts nothing more', async () => {
    lockedScopes = [throttles.signInCodeFailures.scope];
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
    // Only the two lock reads: no profile read (the answer is not checked), no count.
    const keys = table.commandCalls(GetCommand).map((call) => call.args[0].input.Key?.PK);
    expect(keys.every((pk) => String(pk).startsWith('THROTTLE#'))).toBe(true);
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(keys).toContain(throttleWindowKey(throttles.signInCodeFailures, sub, 0).PK);
  });
});
