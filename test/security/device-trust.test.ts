import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { confirmSignIn, fetchAuthSession, type SignInOutput, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSecretHash, newDeviceSecret } from '../../lambdas/core/domain/hashing';
import { identityLimits } from '../../lambdas/core/domain/identity';
import { deviceKey } from '../../lambdas/core/entities/device';
import { signInCodeKey } from '../../lambdas/core/entities/sign-in-code';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import {
  confirmByEmailedLink,
  confirmedUser,
  linkIn,
  mailCount,
  newTestUser,
  signUp,
  type TestUser,
  trustedDeviceMetadata,
  waitForEmail,
} from '../support/identity';
import { emailsTo, sixDigitCode } from '../support/mailbox';

/**
 * Finding 8: a trusted device is the device id AND the secret the server gave that browser (at
 * sign-up, or with the right emailed code), never a fingerprint the client sends. Finding 4: wrong
 * security answers and wrong codes add up across the sign-ins of an account; at the limit its
 * challenges fail, even answered right, and the owner is emailed once. Real Amplify, local cloud.
 */

let cloud: LocalCloud;
const realFetch = globalThis.fetch;
/** The Cognito session of every step Amplify went through, newest last (for a second sign-in at once). */
const cognitoSessions: string[] = [];

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    if (String(input).startsWith(cloud.cognitoEndpoint)) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { Session?: string };
      if (body.Session) cognitoSessions.push(body.Session);
    }
    return response;
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await cloud?.stop();
});

async function startSignIn(user: TestUser, metadata: Record<string, string>) {
  await signOut();
  return signIn({
    username: user.email,
    password: user.password,
    options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: { deviceName: 'Linux PC', ...metadata } },
  });
}

function answer(response: string, deviceId: string) {
  return confirmSignIn({ challengeResponse: response, options: { clientMetadata: { deviceId, deviceName: 'Linux PC' } } });
}

const challengeOf = (output: SignInOutput) =>
  (output.nextStep as { additionalInfo?: Record<string, string> }).additionalInfo ?? {};

async function codeEmailed(user: TestUser, after: number): Promise<string> {
  return sixDigitCode(await waitForEmail(cloud, user.email, /verification code/, after));
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

const subOf = (user: TestUser) => cloud.cognito.users.find(user.email)?.username ?? '';

async function deviceItem(user: TestUser, deviceId: string) {
  const { Item } = await documents().send(
    new GetCommand({ TableName: localStage.tableName, Key: deviceKey(subOf(user), deviceId) }),
  );
  return Item;
}

/** Question, then the emailed code, on `deviceId`; returns the secret the code challenge brought. */
async function registerDevice(user: TestUser, deviceId: string): Promise<string> {
  const before = await mailCount(cloud, user.email);
  expect(challengeOf(await startSignIn(user, { deviceId }))).toMatchObject({ challenge: 'SECURITY_QUESTION' });
  const codeStep = challengeOf(await answer(user.answer, deviceId));
  expect(codeStep).toMatchObject({ challenge: 'EMAIL_OTP', deviceSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  expect((await answer(await codeEmailed(user, before), deviceId)).isSignedIn).toBe(true);
  return codeStep.deviceSecret ?? '';
}

const lockoutEmails = async (user: TestUser) =>
  (await emailsTo(cloud.mailboxUrl, user.email)).filter((e) => /failed repeatedly to sign in/.test(e.subject));

describe('a trusted device proves itself with the secret the server gave it', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await confirmedUser(cloud, 'trusty');
  });

  it('gives the sign-up device a 256-bit secret and keeps only its hash', async () => {
    expect(user.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const item = await deviceItem(user, user.deviceId);
    expect(item?.secret_hash).toBe(deviceSecretHash(user.deviceSecret ?? ''));
    expect(JSON.stringify(item)).not.toContain(user.deviceSecret);
  });

  it('asks the security question, not tokens, for the password and a registered device id without its secret', async () => {
    const result = await startSignIn(user, { deviceId: user.deviceId });
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { challenge: 'SECURITY_QUESTION', question: user.question },
    });
  });

  it('asks the security question for a registered device id with a wrong secret', async () => {
    const result = await startSignIn(user, { deviceId: user.deviceId, deviceSecret: newDeviceSecret() });
    expect(result.isSignedIn).toBe(false);
    expect(challengeOf(result)).toMatchObject({ challenge: 'SECURITY_QUESTION' });
  });

  it("asks the security question for another account's secret of the same device id (secrets are per account)", async () => {
    const other = newTestUser('sharer');
    expect((await signUp(cloud, other, { deviceInfo: { device_id: user.deviceId, device_name: 'Linux PC' } })).status).toBe(201);
    await confirmByEmailedLink(cloud, other);
    expect(other.deviceSecret).not.toBe(user.deviceSecret);
    const result = await startSignIn(user, { deviceId: user.deviceId, deviceSecret: other.deviceSecret ?? '' });
    expect(challengeOf(result)).toMatchObject({ challenge: 'SECURITY_QUESTION' });
    expect((await startSignIn(other, trustedDeviceMetadata({ ...other, deviceId: user.deviceId }))).isSignedIn).toBe(true);
  });

  it('signs in with tokens on the registered device id with the secret sign-up returned', async () => {
    const result = await startSignIn(user, trustedDeviceMetadata(user));
    expect(result.isSignedIn).toBe(true);
    expect((await fetchAuthSession()).tokens?.idToken).toBeDefined();
  });

  it('gives a device registered with the question and the emailed code a secret that signs it in next time', async () => {
    const secret = await registerDevice(user, 'tablet-1');
    expect((await deviceItem(user, 'tablet-1'))?.secret_hash).toBe(deviceSecretHash(secret));
    expect((await startSignIn(user, { deviceId: 'tablet-1', deviceSecret: secret })).isSignedIn).toBe(true);
    expect((await startSignIn(user, { deviceId: 'tablet-1' })).isSignedIn).toBe(false);
  });

  it('makes nothing of a secret seen before the right code: the device is not registered without it', async () => {
    await startSignIn(user, { deviceId: 'tablet-2' });
    const secret = challengeOf(await answer(user.answer, 'tablet-2')).deviceSecret ?? '';
    expect(secret).not.toBe('');
    expect(await deviceItem(user, 'tablet-2')).toBeUndefined();
    expect(challengeOf(await startSignIn(user, { deviceId: 'tablet-2', deviceSecret: secret }))).toMatchObject({
      challenge: 'SECURITY_QUESTION',
    });
  });

  it('stops trusting a removed device, secret or not', async () => {
    const secret = await registerDevice(user, 'tablet-3');
    await startSignIn(user, trustedDeviceMetadata(user));
    const token = (await fetchAuthSession()).tokens?.idToken?.toString() ?? '';
    const removed = await realFetch(`${cloud.apiUrl}/devices/tablet-3`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'x-device-id': user.deviceId },
    });
    expect(removed.status).toBe(200);
    expect((await startSignIn(user, { deviceId: 'tablet-3', deviceSecret: secret })).isSignedIn).toBe(false);
  });

  it('asks a device trusted before devices had secrets the challenges once, then trusts it with its new secret', async () => {
    const legacy = await confirmedUser(cloud, 'legacy');
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: deviceKey(subOf(legacy), legacy.deviceId),
        UpdateExpression: 'REMOVE secret_hash',
      }),
    );
    expect((await startSignIn(legacy, trustedDeviceMetadata(legacy))).isSignedIn).toBe(false);
    const secret = await registerDevice(legacy, legacy.deviceId);
    expect((await startSignIn(legacy, { deviceId: legacy.deviceId, deviceSecret: secret })).isSignedIn).toBe(true);
    // Still one device: the old one got a secret, it was not added again.
    expect(
      (
        await documents().send(
          new GetCommand({ TableName: localStage.tableName, Key: { PK: `USER#${subOf(legacy)}`, SK: 'PROFILE' } }),
        )
      ).Item?.device_count,
    ).toBe(1);
  });
});

describe('wrong answers and codes add up across the sign-ins of an account', () => {
  it(`refuses the right answer after ${identityLimits.accountAnswerFailures} wrong ones spread over sign-ins, and emails the owner once`, async () => {
    const user = await confirmedUser(cloud, 'guessed');
    const device = 'attacker-laptop';
    // Nine wrong answers in three sign-ins, three each (the per-sign-in limit).
    for (let signInIndex = 0; signInIndex < 3; signInIndex++) {
      await startSignIn(user, { deviceId: device });
      for (let i = 0; i < 2; i++) expect(challengeOf(await answer('rover', device))).toMatchObject({ retry: 'true' });
      await expect(answer('rover', device)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
    // Only failures count: below the limit the right answer still leads to the code.
    await startSignIn(user, { deviceId: device });
    expect(challengeOf(await answer(user.answer, device))).toMatchObject({ challenge: 'EMAIL_OTP' });
    expect(await lockoutEmails(user)).toHaveLength(0);

    // The tenth wrong answer ends its sign-in at once and locks the account...
    await startSignIn(user, { deviceId: device });
    await expect(answer('rover', device)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // ...so the right answer fails from now on, in every new sign-in.
    for (let i = 0; i < 2; i++) {
      await startSignIn(user, { deviceId: device });
      await expect(answer(user.answer, device)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }

    const notice = await waitForEmail(cloud, user.email, /failed repeatedly to sign in/);
    expect(notice.body.text).toMatch(/reset your password/i);
    expect(linkIn(notice).pathname).toBe('/forgot-password');
    expect(await lockoutEmails(user)).toHaveLength(1);
    // The owner's own trusted device is not locked out.
    expect((await startSignIn(user, trustedDeviceMetadata(user))).isSignedIn).toBe(true);
  });

  it(`refuses the right code after ${identityLimits.accountCodeFailures} wrong ones spread over sign-ins, and emails the owner once`, async () => {
    const user = await confirmedUser(cloud, 'coded');
    const device = 'attacker-phone';
    // Nine wrong codes in three sign-ins, three for each emailed code (the per-sign-in limit).
    for (let signInIndex = 0; signInIndex < 3; signInIndex++) {
      const before = await mailCount(cloud, user.email);
      await startSignIn(user, { deviceId: device });
      await answer(user.answer, device);
      const wrong = wrongCodeFor(await codeEmailed(user, before));
      for (let i = 0; i < 2; i++) expect(challengeOf(await answer(wrong, device))).toMatchObject({ retry: 'true' });
      await expect(answer(wrong, device)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }

    // Two sign-ins reach the code at the same time; the later one's code is the right one.
    let before = await mailCount(cloud, user.email);
    await startSignIn(user, { deviceId: device });
    await answer(user.answer, device);
    await codeEmailed(user, before);
    const earlierSession = cognitoSessions.at(-1) ?? '';
    before = await mailCount(cloud, user.email);
    await startSignIn(user, { deviceId: 'owner-new-phone' });
    await answer(user.answer, 'owner-new-phone');
    const rightCode = await codeEmailed(user, before);

    // The earlier sign-in's tenth wrong code (its own code was replaced) locks the account.
    const tenth = await realFetch(cloud.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
      },
      body: JSON.stringify({
        ClientId: localStage.userPoolClientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: earlierSession,
        ChallengeResponses: { USERNAME: subOf(user), ANSWER: wrongCodeFor(rightCode) },
        ClientMetadata: { deviceId: device },
      }),
    });
    expect(tenth.status).toBe(400);
    expect(((await tenth.json()) as { __type?: string }).__type).toContain('NotAuthorizedException');

    // The right code of the other sign-in is refused, and not used up: it was never even checked.
    await expect(answer(rightCode, 'owner-new-phone')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const { Item: pendingCode } = await documents().send(
      new GetCommand({ TableName: localStage.tableName, Key: signInCodeKey(subOf(user)) }),
    );
    expect(pendingCode).toBeDefined();
    expect(await deviceItem(user, 'owner-new-phone')).toBeUndefined();
    // A new sign-in fails even with the right answer.
    await startSignIn(user, { deviceId: 'owner-new-phone' });
    await expect(answer(user.answer, 'owner-new-phone')).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    await waitForEmail(cloud, user.email, /failed repeatedly to sign in/);
    expect(await lockoutEmails(user)).toHaveLength(1);
    expect((await startSignIn(user, trustedDeviceMetadata(user))).isSignedIn).toBe(true);
  });
});
