import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fallbackDeviceId, maxDevicesMessage } from '../../lambdas/core/domain/identity';
import { signInCodeKey } from '../../lambdas/core/entities/sign-in-code';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';
import {
  confirmByEmailedLink,
  linkIn,
  mailCount,
  newTestUser,
  postJson,
  signUp,
  type TestUser,
  waitForEmail,
} from '../support/identity';
import { emailsTo, sixDigitCode } from '../support/mailbox';

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
});

afterAll(async () => {
  await cloud?.stop();
});

/** A confirmed account, made as a person makes it: sign-up page, then the emailed link. */
async function confirmedUser(name: string): Promise<TestUser> {
  const user = newTestUser(name);
  expect((await signUp(cloud, user)).status).toBe(201);
  await confirmByEmailedLink(cloud, user);
  return user;
}

/** The secrets devices were given when registered (email and device id -> secret), as each browser keeps its own. */
const registeredSecrets = new Map<string, string>();
const secretOf = (user: TestUser, deviceId: string) =>
  deviceId === user.deviceId ? user.deviceSecret : registeredSecrets.get(`${user.email} ${deviceId}`);

/** Password first, with the device id and the secret that browser holds for the account (if any). */
async function startSignIn(user: TestUser, deviceId: string, password = user.password) {
  await signOut();
  const deviceSecret = secretOf(user, deviceId);
  return signIn({
    username: user.email,
    password,
    options: {
      authFlowType: 'CUSTOM_WITH_SRP',
      clientMetadata: { deviceId, deviceName: 'Linux PC', ...(deviceSecret ? { deviceSecret } : {}) },
    },
  });
}

function answer(response: string, deviceId: string) {
  return confirmSignIn({ challengeResponse: response, options: { clientMetadata: { deviceId, deviceName: 'Linux PC' } } });
}

async function codeEmailed(user: TestUser, after: number): Promise<string> {
  return sixDigitCode(await waitForEmail(cloud, user.email, /verification code/, after));
}

/**
 * Question, then the emailed code: the new-device registration a person goes through. The browser
 * keeps the device secret the code challenge brought once the code is accepted.
 */
async function registerDevice(user: TestUser, deviceId: string) {
  const before = await mailCount(cloud, user.email);
  const start = await startSignIn(user, deviceId);
  expect(start.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
  const afterAnswer = await answer(user.answer, deviceId);
  expect(afterAnswer.nextStep).toMatchObject({ additionalInfo: { challenge: 'EMAIL_OTP', retry: 'false' } });
  const secret = (afterAnswer.nextStep as { additionalInfo?: Record<string, string> }).additionalInfo?.deviceSecret;
  const done = await answer(await codeEmailed(user, before), deviceId);
  if (done.isSignedIn && secret) registeredSecrets.set(`${user.email} ${deviceId}`, secret);
  return done;
}

async function api(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const token = (await fetchAuthSession()).tokens?.idToken?.toString();
  const response = await fetch(`${cloud.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('sign-up', () => {
  it('signs up, confirms by the emailed link and signs in on the sign-up device with no challenge', async () => {
    const user = await confirmedUser('ngozi');
    const result = await startSignIn(user, user.deviceId);
    expect(result.isSignedIn).toBe(true);
    const profile = await api('/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      email: user.email,
      profile: {
        full_name: user.fullName,
        security_ques: user.question,
        has_security_answer: true,
        has_payment_pin: false,
        phone_number: '+2348012345678',
      },
    });
    expect(JSON.stringify(profile.body)).not.toContain(user.answer);
  });

  it('links the confirmation email to /confirm-email with the email and the code', async () => {
    const user = newTestUser('link');
    await signUp(cloud, user);
    const link = linkIn(await waitForEmail(cloud, user.email, /Confirm your email/));
    expect(`${link.origin}${link.pathname}`).toBe(`${cloud.appUrl}/confirm-email`);
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(link.searchParams.get('code')).toMatch(/^\d{6}$/);
  });

  it('refuses an existing email with 409 and a message containing "already exists"', async () => {
    const user = await confirmedUser('twice');
    const again = await signUp(cloud, { ...user, email: user.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(String(again.body.error)).toContain('already exists');
  });

  it('refuses a failed captcha with the spec’s message and creates nothing', async () => {
    const user = newTestUser('bot');
    const response = await signUp(cloud, user, { captchaToken: 'forged-token' });
    expect(response).toEqual({ status: 400, body: { error: 'Security verification failed. Please try again.' } });
    expect(cloud.cognito.users.find(user.email)).toBeUndefined();
  });

  it('refuses a reused captcha token', async () => {
    const first = newTestUser('reuse');
    const token = cloud.captcha.issue('signup');
    expect((await signUp(cloud, first, { captchaToken: token })).status).toBe(201);
    const second = await signUp(cloud, newTestUser('reuse2'), { captchaToken: token });
    expect(second.status).toBe(400);
  });

  it('refuses bad input with 400 naming the problem, and creates nothing', async () => {
    const user = newTestUser('short');
    const response = await signUp(cloud, { ...user, password: '12345' });
    expect(response).toEqual({ status: 400, body: { error: 'Password must be at least 6 characters long.' } });
    expect(cloud.cognito.users.find(user.email)).toBeUndefined();
  });

  it('throttles repeated sign-ups for one email once they pass the captcha (429 "Too many ..."); each replaced the unconfirmed one before', async () => {
    const user = newTestUser('spam');
    const statuses: number[] = [];
    const subs = new Set<string>();
    for (let i = 0; i < 5; i++) {
      statuses.push((await signUp(cloud, user)).status);
      subs.add(cloud.cognito.users.find(user.email)?.username ?? '');
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect(subs.size).toBe(5);
    const last = await signUp(cloud, user);
    expect(last.status).toBe(429);
    expect(String(last.body.error)).toMatch(/^Too many/);
  });

  it('counts bogus captchas where they fail: they never use up the sign-ups of an email', async () => {
    const user = newTestUser('victim');
    for (let i = 0; i < 6; i++) expect((await signUp(cloud, user, { captchaToken: 'invalid' })).status).toBe(400);
    expect((await signUp(cloud, user)).status).toBe(201);
  });

  it('sends the welcome email once per new account', async () => {
    const user = await confirmedUser('welcome');
    await postJson(`${cloud.apiUrl}/send-signup-confirmation`, { email: user.email });
    await postJson(`${cloud.apiUrl}/send-signup-confirmation`, { email: user.email });
    await waitForEmail(cloud, user.email, /Welcome/);
    expect((await emailsTo(cloud.mailboxUrl, user.email)).filter((e) => /Welcome/.test(e.subject))).toHaveLength(1);
  });
});

describe('a new device', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await confirmedUser('kemi');
  });

  it('asks the security question after the password', async () => {
    const result = await startSignIn(user, 'laptop-2');
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { challenge: 'SECURITY_QUESTION', question: user.question, retry: 'false' },
    });
  });

  it('registers the device after the answer and the emailed code; the next sign-in has no challenge', async () => {
    const done = await registerDevice(user, 'laptop-2');
    expect(done.isSignedIn).toBe(true);
    const devices = await api('/devices');
    expect((devices.body.devices as Array<{ device_id: string }>).map((d) => d.device_id).sort()).toEqual(
      ['laptop-2', user.deviceId].sort(),
    );
    expect((await startSignIn(user, 'laptop-2')).isSignedIn).toBe(true);
  });

  it('asks the question again after a wrong answer, and fails the sign-in after three', async () => {
    await startSignIn(user, 'tablet-3');
    for (let i = 0; i < 2; i++) {
      const retry = await answer('wrong answer', 'tablet-3');
      expect(retry.nextStep).toMatchObject({ additionalInfo: { challenge: 'SECURITY_QUESTION', retry: 'true' } });
    }
    await expect(answer('wrong answer', 'tablet-3')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('accepts the answer whatever its case and spacing', async () => {
    await startSignIn(user, 'phone-4');
    const next = await answer(`  ${user.answer.toUpperCase().replace(' ', '   ')} `, 'phone-4');
    expect(next.nextStep).toMatchObject({ additionalInfo: { challenge: 'EMAIL_OTP' } });
  });

  it('fails the sign-in after three wrong codes, keeping one code for the three tries', async () => {
    await startSignIn(user, 'phone-5');
    const before = await mailCount(cloud, user.email);
    await answer(user.answer, 'phone-5');
    const code = await codeEmailed(user, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const retry = await answer(wrong, 'phone-5');
      expect(retry.nextStep).toMatchObject({ additionalInfo: { challenge: 'EMAIL_OTP', retry: 'true' } });
    }
    await expect(answer(wrong, 'phone-5')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await mailCount(cloud, user.email)).toBe(before + 1);
    // The right code of a failed sign-in registered nothing.
    expect((await startSignIn(user, 'phone-5')).isSignedIn).toBe(false);
  });

  it('refuses an expired code', async () => {
    await startSignIn(user, 'phone-6');
    const before = await mailCount(cloud, user.email);
    await answer(user.answer, 'phone-6');
    const code = await codeEmailed(user, before);
    const sub = cloud.cognito.users.find(user.email)?.username ?? '';
    await documents().send(
      new UpdateCommand({
        TableName: localStage.tableName,
        Key: signInCodeKey(sub),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const retry = await answer(code, 'phone-6');
    expect(retry.isSignedIn).toBe(false);
    expect(retry.nextStep).toMatchObject({ additionalInfo: { challenge: 'EMAIL_OTP', retry: 'true' } });
  });

  it('refuses a code once used: a second new device needs a new code', async () => {
    const before = await mailCount(cloud, user.email);
    expect((await registerDevice(user, 'phone-7')).isSignedIn).toBe(true);
    const used = await codeEmailed(user, before);
    await startSignIn(user, 'phone-8');
    const beforeSecond = await mailCount(cloud, user.email);
    await answer(user.answer, 'phone-8');
    await codeEmailed(user, beforeSecond);
    const reuse = await answer(used, 'phone-8');
    // The new code replaced the used one; an old code can only match by chance (1 in a million).
    expect(reuse.isSignedIn).toBe(used === (await codeEmailed(user, beforeSecond)));
  });

  it(`refuses a sixth device with '${maxDevicesMessage}'`, async () => {
    const full = await confirmedUser('full');
    for (const id of ['d2', 'd3', 'd4', 'd5']) expect((await registerDevice(full, id)).isSignedIn).toBe(true);
    const devices = await api('/devices');
    expect(devices.body.devices).toHaveLength(5);
    await expect(registerDevice(full, 'd6')).rejects.toMatchObject({ message: expect.stringContaining(maxDevicesMessage) });
  });
});

describe("a browser without a fingerprint (the fallback id 'unknown')", () => {
  it('signs in as a new device every time, question and code each time, and is never listed as trusted', async () => {
    const user = await confirmedUser('nofingerprint');
    const first = await registerDevice(user, fallbackDeviceId);
    expect(first.isSignedIn).toBe(true);
    // The code challenge handed the browser a secret, as to any new device; startSignIn sends it.
    expect(secretOf(user, fallbackDeviceId)).toBeTruthy();
    const second = await registerDevice(user, fallbackDeviceId);
    expect(second.isSignedIn).toBe(true);
    const devices = await api('/devices');
    expect((devices.body.devices as Array<{ device_id: string }>).map((d) => d.device_id)).toEqual([user.deviceId]);
  });

  it('signs up without trusting it: no device secret, no device, and its first sign-in asks the question', async () => {
    const user = { ...newTestUser('nofingerprint'), deviceId: fallbackDeviceId };
    const reply = await signUp(cloud, user);
    expect(reply.status).toBe(201);
    expect(reply.body.deviceSecret ?? null).toBeNull();
    await confirmByEmailedLink(cloud, user);
    const start = await startSignIn(user, fallbackDeviceId);
    expect(start.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { challenge: 'SECURITY_QUESTION' },
    });
  });
});

describe('devices and profile belong to their owner', () => {
  let ada: TestUser;
  let bayo: TestUser;
  beforeAll(async () => {
    ada = await confirmedUser('ada');
    bayo = await confirmedUser('bayo');
  });

  it('lists only the caller’s devices, most recently used first', async () => {
    await registerDevice(ada, 'ada-second');
    await startSignIn(ada, ada.deviceId);
    const { body } = await api('/devices');
    const devices = body.devices as Array<{ device_id: string; last_used_at: string }>;
    expect(devices.map((d) => d.device_id)).toEqual([ada.deviceId, 'ada-second']);
    expect(devices.map((d) => d.device_id)).not.toContain(bayo.deviceId);
  });

  it('cannot remove another user’s device (404), which stays trusted', async () => {
    await startSignIn(ada, ada.deviceId);
    const response = await api(`/devices/${encodeURIComponent(bayo.deviceId)}`, {
      method: 'DELETE',
      headers: { 'x-device-id': ada.deviceId },
    });
    expect(response.status).toBe(404);
    expect((await startSignIn(bayo, bayo.deviceId)).isSignedIn).toBe(true);
  });

  it('answers 404, not "current device", for another user’s device named as the one the request comes from', async () => {
    await startSignIn(ada, ada.deviceId);
    const response = await api(`/devices/${encodeURIComponent(bayo.deviceId)}`, {
      method: 'DELETE',
      headers: { 'x-device-id': bayo.deviceId },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Device not found.' });
  });

  it('cannot remove the device the request comes from (409)', async () => {
    await startSignIn(ada, ada.deviceId);
    const response = await api(`/devices/${encodeURIComponent(ada.deviceId)}`, {
      method: 'DELETE',
      headers: { 'x-device-id': ada.deviceId },
    });
    expect(response.status).toBe(409);
  });

  it('refuses a removal that does not say which device it comes from (400), so the current device cannot be removed by leaving the header out', async () => {
    await startSignIn(ada, ada.deviceId);
    const response = await api(`/devices/${encodeURIComponent(ada.deviceId)}`, { method: 'DELETE' });
    expect(response.status).toBe(400);
    expect((await api('/devices')).body.devices).toEqual(
      expect.arrayContaining([expect.objectContaining({ device_id: ada.deviceId })]),
    );
  });

  it('removes another of the caller’s devices, which then needs the new-device check again', async () => {
    await startSignIn(ada, ada.deviceId);
    const response = await api('/devices/ada-second', { method: 'DELETE', headers: { 'x-device-id': ada.deviceId } });
    expect(response.status).toBe(200);
    expect((await api('/devices')).body.devices).toHaveLength(1);
    expect((await startSignIn(ada, 'ada-second')).isSignedIn).toBe(false);
  });

  it('returns the caller’s own profile only, whoever is asked about', async () => {
    await startSignIn(bayo, bayo.deviceId);
    const { body } = await api('/profile');
    expect(body.email).toBe(bayo.email);
    expect(body.id).toBe(cloud.cognito.users.find(bayo.email)?.username);
  });
});

describe('password reset', () => {
  const question = (email: string) => postJson(`${cloud.apiUrl}/get-security-question`, { email, fingerprint: 'f' });
  const reset = (email: string, securityAnswer: string) =>
    postJson(`${cloud.apiUrl}/verify-answer-and-reset`, { email, securityAnswer, deviceFingerprint: 'f' });
  const confirm = (token: string, newPassword: string) =>
    postJson(`${cloud.apiUrl}/confirm-password-reset`, { token, newPassword });

  it('resets with the answer and the emailed link: the new password works, the old fails, the link works once', async () => {
    const user = await confirmedUser('reset');
    expect(await question(user.email)).toEqual({ status: 200, body: { securityQuestion: user.question } });
    expect(await reset(user.email, 'wrong')).toEqual({ status: 401, body: { error: 'Incorrect security answer.' } });
    const before = await mailCount(cloud, user.email);
    expect((await reset(user.email, user.answer)).status).toBe(200);
    const link = linkIn(await waitForEmail(cloud, user.email, /Reset your/, before));
    expect(`${link.origin}${link.pathname}`).toBe(`${cloud.appUrl}/reset-password-confirm`);
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';

    expect((await confirm(token, 'brand-new-9')).status).toBe(200);
    expect((await startSignIn(user, user.deviceId, 'brand-new-9')).isSignedIn).toBe(true);
    await expect(startSignIn(user, user.deviceId)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await confirm(token, 'another-one-1')).toEqual({
      status: 400,
      body: { error: 'This password reset link is invalid or has expired.' },
    });
  });

  it('signs the user out everywhere when the password is reset', async () => {
    const user = await confirmedUser('everywhere');
    await startSignIn(user, user.deviceId);
    const refreshBefore = await fetchAuthSession();
    expect(refreshBefore.tokens).toBeDefined();
    const before = await mailCount(cloud, user.email);
    await reset(user.email, user.answer);
    const token =
      new URLSearchParams(linkIn(await waitForEmail(cloud, user.email, /Reset your/, before)).hash.slice(1)).get('token') ?? '';
    await confirm(token, 'after-reset-2');
    await expect(fetchAuthSession({ forceRefresh: true }).then((s) => s.tokens)).resolves.toBeUndefined();
  });

  it('does not reset without the mailbox: a right answer only sends the link', async () => {
    const user = await confirmedUser('nomailbox');
    expect(await reset(user.email, user.answer)).toEqual({
      status: 200,
      body: { message: 'A password reset link has been sent to your email.' },
    });
    expect((await startSignIn(user, user.deviceId)).isSignedIn).toBe(true);
  });

  it('refuses a short new password and keeps the link usable', async () => {
    const user = await confirmedUser('short');
    const before = await mailCount(cloud, user.email);
    await reset(user.email, user.answer);
    const token =
      new URLSearchParams(linkIn(await waitForEmail(cloud, user.email, /Reset your/, before)).hash.slice(1)).get('token') ?? '';
    expect((await confirm(token, '123')).status).toBe(400);
    expect((await confirm(token, 'long-enough-3')).status).toBe(200);
  });

  it('throttles per email after 5 tries with the spec’s 429 text', async () => {
    const user = await confirmedUser('throttle');
    for (let i = 0; i < 5; i++) expect((await reset(user.email, `guess ${i}`)).status).toBe(401);
    expect(await reset(user.email, user.answer)).toEqual({
      status: 429,
      body: { error: 'Too Many Attempts. Please try again in 30 minutes.' },
    });
  });

  it('does not count a right answer against the email: only wrong ones use up its tries', async () => {
    const user = await confirmedUser('counted');
    for (let i = 0; i < 4; i++) expect((await reset(user.email, `guess ${i}`)).status).toBe(401);
    expect((await reset(user.email, user.answer)).status).toBe(200);
    expect((await reset(user.email, 'guess 4')).status).toBe(401);
    expect((await reset(user.email, 'guess 5')).status).toBe(429);
  });

  it('lets anyone read a question more often than the email has tries: reading is limited per address, so nobody can lock an owner out of their reset', async () => {
    const user = await confirmedUser('reader');
    for (let i = 0; i < 7; i++) expect((await question(user.email)).status).toBe(200);
    expect((await reset(user.email, user.answer)).status).toBe(200);
  });

  it('answers an unknown email like a known one: a stable plausible question, then "Incorrect security answer."', async () => {
    const first = await question('nobody.here@example.com');
    const second = await question('nobody.here@example.com');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['securityQuestion']);
    expect(first.body.securityQuestion).toMatch(/\?$/);
    expect(second).toEqual(first);
    expect(await reset('nobody.here@example.com', 'anything')).toEqual({
      status: 401,
      body: { error: 'Incorrect security answer.' },
    });
  });
});
