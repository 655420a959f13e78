import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { SignupRequest } from '../../lambdas/core/api/identity';
import { userKey } from '../../lambdas/core/entities/profile';
import type { LocalCloud } from '../../lib/local/index';
import { localStage } from '../../lib/local/stage';
import { documents } from '../../scripts/aws-clients';
import { emailsTo, type MailboxEmail } from './mailbox';

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  question: string;
  answer: string;
  deviceId: string;
  /** The secret sign-up gave `deviceId`, kept as the sign-up page keeps it in the browser. */
  deviceSecret?: string;
}

let counter = 0;
export function newTestUser(name = 'user'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `${name}.${id}@example.com`,
    password: 'correct-horse-7',
    fullName: `Test ${name}`,
    question: 'What was the name of your first pet?',
    answer: 'Biscuit the Dog',
    deviceId: `device-${id}`,
  };
}

export function signupBody(cloud: LocalCloud, user: TestUser, overrides: Partial<SignupRequest> = {}): SignupRequest {
  return {
    email: user.email,
    password: user.password,
    captchaToken: cloud.captcha.issue('signup'),
    userData: {
      full_name: user.fullName,
      phone_number: '+2348012345678',
      security_question: user.question,
      security_answer: user.answer,
    },
    deviceInfo: {
      device_id: user.deviceId,
      device_name: 'Linux PC',
      user_agent: 'test',
      platform: 'Linux',
      screen_resolution: '1280x800',
      timezone: 'Africa/Lagos',
      language: 'en-NG',
    },
    ...overrides,
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Signs up through the product's own sign-up function, as the sign-up page does, and like it
 * keeps the device secret of the reply (on `user`, the stand-in for the browser's storage).
 */
export async function signUp(cloud: LocalCloud, user: TestUser, overrides: Partial<SignupRequest> = {}) {
  const response = await postJson(`${cloud.apiUrl}/secure-signup`, signupBody(cloud, user, overrides));
  keepDeviceSecret(user, response.body);
  return response;
}

/** Keeps the device secret of a sign-up reply on the user, as the browser keeps it. */
export function keepDeviceSecret(user: Pick<TestUser, 'deviceSecret'>, reply: Record<string, unknown>): void {
  if (typeof reply.deviceSecret === 'string') user.deviceSecret = reply.deviceSecret;
}

/** The client metadata of a sign-in on the user's trusted device: its id and the secret that proves it. */
export function trustedDeviceMetadata(user: { deviceId: string; deviceSecret?: string }): Record<string, string> {
  return { deviceId: user.deviceId, ...(user.deviceSecret ? { deviceSecret: user.deviceSecret } : {}) };
}

/** The newest email to an address whose subject matches, waiting briefly. */
export async function waitForEmail(cloud: LocalCloud, to: string, subject: RegExp, after = 0): Promise<MailboxEmail> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const match = (await emailsTo(cloud.mailboxUrl, to)).filter((e, i) => i >= after && subject.test(e.subject)).at(-1);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`No email "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function mailCount(cloud: LocalCloud, to: string): Promise<number> {
  return (await emailsTo(cloud.mailboxUrl, to)).length;
}

/** The link in an email (first http URL). */
export function linkIn(email: MailboxEmail): URL {
  const url = /https?:\/\/[^\s"<]+/.exec(email.body.text ?? email.body.html ?? '')?.[0];
  if (!url) throw new Error(`No link in "${email.subject}"`);
  return new URL(url.replace(/&amp;/g, '&'));
}

/** The emailed confirmation link (the first link of the newest confirmation email). */
export async function confirmationLink(cloud: LocalCloud, to: string): Promise<URL> {
  return linkIn(await waitForEmail(cloud, to, /Confirm your email/));
}

/** The "This was not me" link of the newest confirmation email. */
export async function removalLink(cloud: LocalCloud, to: string): Promise<URL> {
  const email = await waitForEmail(cloud, to, /Confirm your email/);
  const href = /href="([^"]*not_me=[^"]*)"/.exec(email.body.html ?? email.body.text ?? '')?.[1];
  if (!href) throw new Error('No "This was not me" link');
  return new URL(href.replace(/&amp;/g, '&'));
}

/**
 * Opens the emailed confirmation link the way /confirm-email does: its email and code, with the
 * password typed (the user's own unless `password` is given). Throws unless it is confirmed.
 */
export async function confirmByEmailedLink(cloud: LocalCloud, user: TestUser, password = user.password) {
  const link = await confirmationLink(cloud, user.email);
  const reply = await postJson(`${cloud.apiUrl}/confirm-email`, {
    email: link.searchParams.get('email') ?? '',
    code: link.searchParams.get('code') ?? '',
    password,
  });
  if (reply.status !== 200) throw Object.assign(new Error(`confirmation refused: ${JSON.stringify(reply.body)}`), reply);
  return reply;
}

/**
 * The whole password reset a person makes, over HTTP: their security answer, the emailed link,
 * the new password. Throws at the step that did not answer as it should.
 */
export async function resetPassword(cloud: LocalCloud, user: Pick<TestUser, 'email' | 'answer'>, newPassword: string) {
  const { email, answer } = user;
  const asked = await postJson(`${cloud.apiUrl}/get-security-question`, { email, fingerprint: 'f' });
  if (asked.status !== 200) throw new Error(`get-security-question: ${asked.status}`);
  const before = await mailCount(cloud, email);
  const verified = await postJson(`${cloud.apiUrl}/verify-answer-and-reset`, {
    email,
    securityAnswer: answer,
    deviceFingerprint: 'f',
  });
  if (verified.status !== 200) throw new Error(`verify-answer-and-reset: ${verified.status}`);
  const link = linkIn(await waitForEmail(cloud, email, /Reset your/, before));
  const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
  const confirmed = await postJson(`${cloud.apiUrl}/confirm-password-reset`, { token, newPassword });
  if (confirmed.status !== 200) throw new Error(`confirm-password-reset: ${confirmed.status}`);
}

/** A confirmed account, made through the product's sign-up and the emailed link. */
export async function confirmedUser(cloud: LocalCloud, name: string): Promise<TestUser> {
  const user = newTestUser(name);
  const response = await signUp(cloud, user);
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  await confirmByEmailedLink(cloud, user);
  return user;
}

/** Signs in with the real Amplify client on the user's trusted device and returns their ID and access tokens and sub. */
export async function signedIn(user: TestUser): Promise<{ token: string; accessToken: string; sub: string }> {
  await signOut();
  const result = await signIn({
    username: user.email,
    password: user.password,
    options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: trustedDeviceMetadata(user) },
  });
  if (!result.isSignedIn) throw new Error(`sign-in stopped at ${result.nextStep.signInStep}`);
  const session = await fetchAuthSession();
  const token = session.tokens?.idToken?.toString() ?? '';
  const accessToken = session.tokens?.accessToken?.toString() ?? '';
  return { token, accessToken, sub: String(session.tokens?.idToken?.payload.sub ?? '') };
}

/** A confirmed user signed in on their trusted device: the ID token, the access token (realtime channels), the sub and the user. */
export interface SignedInPerson {
  token: string;
  accessToken: string;
  sub: string;
  user: TestUser;
}

export async function signedInPerson(cloud: LocalCloud, name: string): Promise<SignedInPerson> {
  const user = await confirmedUser(cloud, name);
  return { ...(await signedIn(user)), user };
}

/**
 * Makes an account `hours` old: its profile's creation date, which is what makes an account new
 * (a new account may have fewer invitations emailed: domain/throttle-rules.ts `invitationLimits`).
 */
export async function ageAccount(sub: string, hours: number): Promise<void> {
  await documents().send(
    new UpdateCommand({
      TableName: localStage.tableName,
      Key: userKey(sub),
      UpdateExpression: 'SET created_at = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': new Date(Date.now() - hours * 3600_000).toISOString() },
    }),
  );
}
