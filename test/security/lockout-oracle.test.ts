import { confirmSignIn, type SignInOutput, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { envNames } from '../../lambdas/core/adapters/env';
import { identityLimits } from '../../lambdas/core/domain/identity';
import type { LocalCloud } from '../../lib/local/index';
import { confirmedUser, postJson, type TestUser } from '../support/identity';
import { startQuietCloud } from '../support/quiet-cloud';

/**
 * Issue 25, item 6: a locked account answered at once (two lock reads, no hash) where any other
 * refusal with the same text took a hash, so its timing told that it was locked; an unknown email
 * read one item fewer than an account. Timings are benchmarks, not assertions: these count the
 * work each answer does instead, every DynamoDB request (by operation and the kind of item it
 * names) and every scrypt verification, in the local cloud's own functions.
 */

const scrypt = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('../../lambdas/core/domain/hashing', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lambdas/core/domain/hashing')>();
  return {
    ...real,
    verifySecret: (secret: string, stored: string) => {
      scrypt.verifications += 1;
      return real.verifySecret(secret, stored);
    },
  };
});

let cloud: LocalCloud;

beforeAll(async () => {
  // No schedule runs meanwhile: every request counted is the answer's own.
  cloud = await startQuietCloud();
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

/**
 * What `act` made the functions do: their DynamoDB requests as `<operation> <key>`, each name in
 * `names` written as `<id>`; and their scrypt verifications. Read on the wire, not from
 * the SDK's answers, where a refused request (a count a full window refuses) is an error.
 */
async function workOf(names: string[], act: () => Promise<unknown>): Promise<{ requests: string[]; scrypt: number }> {
  const requests: string[] = [];
  const anonymise = (text: string) => names.reduce((t, name) => t.replaceAll(name, '<id>'), text);
  const dynamodb = process.env[envNames.dynamodbEndpoint] ?? '';
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const target = new Headers(init?.headers).get('x-amz-target');
    if (String(input).startsWith(dynamodb) && target) {
      const key = (JSON.parse(String(init?.body ?? '{}')) as { Key?: Record<string, { S?: string }> }).Key;
      // A window's number is left out: two answers either side of a window's end do the same work.
      const named = anonymise(`${target.split('.').pop()} ${key?.PK?.S ?? ''}|${key?.SK?.S ?? ''}`);
      requests.push(named.replace(/^(.*\|WINDOW#)\d+$/, '$1<n>'));
    }
    return realFetch(input, init);
  };
  const before = scrypt.verifications;
  try {
    await act();
  } finally {
    globalThis.fetch = realFetch;
  }
  // Requests made side by side (the two lock reads) may go in either order.
  return { requests: requests.sort(), scrypt: scrypt.verifications - before };
}

const subOf = (user: TestUser) => cloud.cognito.users.find(user.email)?.username ?? '';

/** A sign-in with the right password on a device the account has never trusted: it is asked its security question. */
async function newDeviceSignIn(user: TestUser, deviceId: string): Promise<SignInOutput> {
  await signOut();
  return signIn({
    username: user.email,
    password: user.password,
    options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: { deviceId, deviceName: 'Linux PC' } },
  });
}

/** The answer's outcome: the next step, or the refusal's text. */
const answer = (response: string, deviceId: string) =>
  confirmSignIn({ challengeResponse: response, options: { clientMetadata: { deviceId, deviceName: 'Linux PC' } } }).then(
    (output) => output.nextStep.signInStep as string,
    (error: Error) => `${error.name}: ${error.message}`,
  );

const refused = 'NotAuthorizedException: Incorrect username or password.';

describe('telling a locked account from any other by the work its answers take', () => {
  it("answers a locked account's security answer, wrong or right, with the reads, scrypt and write of a wrong one, so its timing cannot tell it is locked", async () => {
    const device = 'attacker-laptop';
    // Locked the way an attacker who has the password locks it: wrong answers over sign-ins, three a sign-in.
    const locked = await confirmedUser(cloud, 'locked');
    for (let failures = 0; failures < identityLimits.accountAnswerFailures; ) {
      await newDeviceSignIn(locked, device);
      for (let i = 0; i < identityLimits.answerTries && failures < identityLimits.accountAnswerFailures; i++, failures++) {
        await answer('rover', device);
      }
    }

    // An account that is not locked, at its sign-in's last wrong answer: refused with the same text.
    const open = await confirmedUser(cloud, 'open');
    await newDeviceSignIn(open, device);
    for (let i = 1; i < identityLimits.answerTries; i++)
      expect(await answer('rover', device)).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    let outcome = '';
    const wrong = await workOf([subOf(open)], async () => {
      outcome = await answer('rover', device);
    });
    expect(outcome).toBe(refused);

    await newDeviceSignIn(locked, device);
    const lockedWrong = await workOf([subOf(locked)], async () => {
      outcome = await answer('rover', device);
    });
    expect(outcome).toBe(refused);

    await newDeviceSignIn(locked, device);
    const lockedRight = await workOf([subOf(locked)], async () => {
      outcome = await answer(locked.answer, device);
    });
    expect(outcome).toBe(refused);

    expect(wrong.scrypt).toBe(1);
    expect(lockedWrong).toEqual(wrong);
    expect(lockedRight).toEqual(wrong);
  });

  it("answers an unknown email's password-reset answer with the reads and scrypt of an account's wrong answer, so neither tells who has an account", async () => {
    const account = await confirmedUser(cloud, 'resetting');
    const unknownEmail = `nobody.${Date.now().toString(36)}@example.com`;
    const reset = (email: string) =>
      postJson(`${cloud.apiUrl}/verify-answer-and-reset`, { email, securityAnswer: 'rover', deviceFingerprint: 'fp' });

    let known: Awaited<ReturnType<typeof reset>> | undefined;
    const knownWork = await workOf([account.email, subOf(account)], async () => {
      known = await reset(account.email);
    });
    let unknown: Awaited<ReturnType<typeof reset>> | undefined;
    // An unknown email reads a decoy in the place of the account.
    const unknownWork = await workOf([unknownEmail, 'decoy'], async () => {
      unknown = await reset(unknownEmail);
    });

    expect(known).toEqual({ status: 401, body: { error: 'Incorrect security answer.' } });
    expect(unknown).toEqual(known);
    expect(knownWork.scrypt).toBe(1);
    expect(unknownWork).toEqual(knownWork);
  });
});
