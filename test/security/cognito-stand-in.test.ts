// The local Cognito stand-in probed as an attacker would: from a web page the developer happens
// to visit (foreign Origin), with no or forged AWS credentials, by comparing the answers and the
// timings for an existing and an unknown email, and with malformed bodies.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AdminGetUserCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iamOperations, type OperationName } from '../../lib/local/cognito/service';
import { createPasswordVerifier } from '../../lib/local/cognito/srp';
import { nowSeconds } from '../../lib/local/cognito/user-store';
import { type AwsCredentials, Sha256 } from '../../lib/local/iam/sigv4';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { linkIn, mailCount, newTestUser, signUp, type TestUser, waitForEmail } from '../support/identity';

const dataDir = mkdtempSync(join(tmpdir(), 'escrow-cognito-security-'));
let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud({ dataDir });
});

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const clientId = localStage.userPoolClientId;
const userPoolId = localStage.userPoolId;

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A Cognito call as raw HTTP, the way Amplify and the SDK make it; `body` is sent as given. */
async function send(operation: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(cloud.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

const call = (operation: OperationName, input: object) => send(operation, JSON.stringify(input));

/** The same call signed with SigV4, as the SDK signs it: by default with the cloud's credentials, now. */
async function signedSend(
  operation: string,
  body: string,
  options: { credentials?: AwsCredentials; signingDate?: Date; sentBody?: string } = {},
): Promise<Answer> {
  const url = new URL(cloud.cognitoEndpoint);
  const signer = new SignatureV4({
    credentials: options.credentials ?? cloud.credentials,
    region: localStage.region,
    service: 'cognito-idp',
    sha256: Sha256,
  });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: '/',
      query: {},
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body,
    },
    { signingDate: options.signingDate ?? new Date() },
  );
  const { host: _host, ...headers } = signed.headers;
  return send(operation, options.sentBody ?? body, headers);
}

const signedCall = (operation: OperationName, input: object, options?: Parameters<typeof signedSend>[2]) =>
  signedSend(operation, JSON.stringify(input), options);

/** An account made as a person makes it (the sign-up page), left unconfirmed; with its emailed code. */
async function unconfirmedUser(name: string): Promise<TestUser & { code: string }> {
  const user = newTestUser(name);
  const response = await signUp(cloud, user);
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  return { ...user, code: await emailedCode(user.email) };
}

async function emailedCode(email: string, after = 0): Promise<string> {
  return linkIn(await waitForEmail(cloud, email, /Confirm your email/, after)).searchParams.get('code') ?? '';
}

const unknownEmail = () => `nobody.${randomUUID().slice(0, 8)}@example.com`;

/**
 * What an observer can compare between two answers without knowing the data: the keys, and each
 * string's kind (a UUID, a long hex or opaque token, or its pattern of letters and digits).
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  if (typeof value !== 'string') return typeof value;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(value)) return 'uuid';
  if (/^[0-9a-f]{16,}$/.test(value)) return `hex`;
  if (/^[A-Za-z0-9+/_=-]{40,}$/.test(value)) return 'opaque';
  return value.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A').replace(/\d/g, '9');
}

/** A client's SRP_A: a 3072-bit value below N, as large as a real client's. */
function srpA(): string {
  const a = randomBytes(384);
  a[0] = (a[0] ?? 0) & 0x7f;
  return a.toString('hex');
}

/** A CUSTOM_WITH_SRP sign-in with a wrong password, as Amplify makes it; each step timed. */
async function wrongPasswordSignIn(email: string) {
  const startedAt = performance.now();
  const initiate = await call('InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'CUSTOM_AUTH',
    AuthParameters: { USERNAME: email, SRP_A: srpA(), CHALLENGE_NAME: 'SRP_A' },
  });
  const initiatedAt = performance.now();
  const parameters = (initiate.body.ChallengeParameters ?? {}) as Record<string, string>;
  const respond = await call('RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: initiate.body.Session,
    ChallengeResponses: {
      USERNAME: parameters.USERNAME,
      PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
      TIMESTAMP: 'Sun Nov 22 01:30:44 UTC 2026',
      PASSWORD_CLAIM_SIGNATURE: randomBytes(32).toString('base64'),
    },
  });
  const respondedAt = performance.now();
  return {
    initiate,
    respond,
    initiateMs: initiatedAt - startedAt,
    respondMs: respondedAt - initiatedAt,
    totalMs: respondedAt - startedAt,
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const ratio = (a: number, b: number) => Math.max(a, b) / Math.min(a, b);

const adminInputs: Array<[OperationName, (email: string) => object]> = [
  ['AdminGetUser', (email) => ({ UserPoolId: userPoolId, Username: email })],
  ['AdminSetUserPassword', (email) => ({ UserPoolId: userPoolId, Username: email, Password: 'taken-over-1', Permanent: true })],
  [
    'AdminUpdateUserAttributes',
    (email) => ({ UserPoolId: userPoolId, Username: email, UserAttributes: [{ Name: 'email', Value: 'attacker@example.com' }] }),
  ],
  ['AdminConfirmSignUp', (email) => ({ UserPoolId: userPoolId, Username: email })],
  ['AdminUserGlobalSignOut', (email) => ({ UserPoolId: userPoolId, Username: email })],
  ['AdminDeleteUser', (email) => ({ UserPoolId: userPoolId, Username: email })],
  ['ListUsers', () => ({ UserPoolId: userPoolId })],
];

describe('the admin operations, IAM-authorised as in AWS', () => {
  let victim: TestUser;
  beforeAll(async () => {
    victim = await unconfirmedUser('victim');
  });

  it('lists every IAM-authorised operation the pool implements', () => {
    expect(new Set(adminInputs.map(([name]) => name))).toEqual(iamOperations);
  });

  it('refuses each admin operation and ListUsers without a signature (400 MissingAuthenticationTokenException), changing nothing', async () => {
    const before = JSON.stringify(cloud.cognito.users.find(victim.email));
    for (const [operation, input] of adminInputs) {
      const answer = await call(operation, input(victim.email));
      expect({ operation, status: answer.status, body: answer.body }).toEqual({
        operation,
        status: 400,
        body: { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' },
      });
    }
    expect(JSON.stringify(cloud.cognito.users.find(victim.email))).toBe(before);
  });

  it('refuses a signature made with a wrong secret (InvalidSignatureException) or an unknown key id (UnrecognizedClientException)', async () => {
    const wrongSecret = { ...cloud.credentials, secretAccessKey: randomBytes(30).toString('base64') };
    const wrongKey = { ...cloud.credentials, accessKeyId: 'AKIAEXAMPLEATTACKER' };
    for (const [operation, input] of adminInputs) {
      const forged = await signedCall(operation, input(victim.email), { credentials: wrongSecret });
      expect([operation, forged.status, forged.body.__type]).toEqual([operation, 400, 'InvalidSignatureException']);
      const unknown = await signedCall(operation, input(victim.email), { credentials: wrongKey });
      expect([operation, unknown.status, unknown.body]).toEqual([
        operation,
        400,
        { __type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' },
      ]);
    }
    expect(cloud.cognito.users.find(victim.email)?.status).toBe('UNCONFIRMED');
  });

  it('refuses a signature dated more than five minutes from now, either way (InvalidSignatureException)', async () => {
    for (const offsetMs of [-6 * 60_000, 6 * 60_000]) {
      const answer = await signedCall(
        'AdminGetUser',
        { UserPoolId: userPoolId, Username: victim.email },
        { signingDate: new Date(Date.now() + offsetMs) },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe('InvalidSignatureException');
      expect(String(answer.body.message)).toMatch(offsetMs < 0 ? /^Signature expired: / : /^Signature not yet current: /);
    }
  });

  it('refuses a signed request whose body was changed after signing (InvalidSignatureException)', async () => {
    const answer = await signedSend('AdminGetUser', JSON.stringify({ UserPoolId: userPoolId, Username: 'someone@example.com' }), {
      sentBody: JSON.stringify({ UserPoolId: userPoolId, Username: victim.email }),
    });
    expect([answer.status, answer.body.__type]).toEqual([400, 'InvalidSignatureException']);
  });

  it('serves the SDK signed with the cloud’s own credentials', async () => {
    const client = new CognitoIdentityProviderClient({
      endpoint: cloud.cognitoEndpoint,
      region: localStage.region,
      credentials: cloud.credentials,
    });
    try {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: victim.email }));
      expect(user.UserStatus).toBe('UNCONFIRMED');
      const listed = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${victim.email}"` }));
      expect(listed.Users?.map((u) => u.Username)).toEqual([user.Username]);
    } finally {
      client.destroy();
    }
  });

  it('keeps the public operations unsigned, as in AWS', async () => {
    const answer = await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: victim.email, SRP_A: srpA(), CHALLENGE_NAME: 'SRP_A' },
    });
    expect([answer.status, answer.body.ChallengeName]).toEqual([200, 'PASSWORD_VERIFIER']);
  });
});

describe('CORS: only the local app’s origin', () => {
  const preflight = (origin: string) =>
    fetch(cloud.cognitoEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
  const initiate = (headers: Record<string, string>) =>
    send(
      'InitiateAuth',
      JSON.stringify({
        ClientId: clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: unknownEmail(), SRP_A: srpA() },
      }),
      headers,
    );

  it('refuses a preflight from a foreign origin (403) without CORS headers', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:1', `${cloud.appUrl}.evil.example`]) {
      const response = await preflight(origin);
      expect([origin, response.status]).toEqual([origin, 403]);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-headers')).toBeNull();
    }
  });

  it('answers a foreign origin’s request with 403 and no CORS allow header, before running it', async () => {
    const answer = await initiate({ origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.body.__type).toBe('AccessDeniedException');
  });

  it('allows the app’s origin, preflight and request', async () => {
    const response = await preflight(cloud.appUrl);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(cloud.appUrl);
    const answer = await initiate({ origin: cloud.appUrl });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(cloud.appUrl);
  });

  it('serves requests without an Origin (the SDK, server side) as before', async () => {
    const answer = await initiate({});
    expect(answer.status).toBe(200);
  });
});

describe('no answer tells whether an email has an account', () => {
  let existing: TestUser & { code: string };
  beforeAll(async () => {
    existing = await unconfirmedUser('existing');
  });

  it('answers ResendConfirmationCode alike for an existing and an unknown email', async () => {
    const real = await call('ResendConfirmationCode', { ClientId: clientId, Username: existing.email });
    const unknown = await call('ResendConfirmationCode', { ClientId: clientId, Username: unknownEmail() });
    expect(real.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(shape(unknown.body)).toEqual(shape(real.body));
    expect(real.body).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
  });

  it('answers a wrong ConfirmSignUp code alike for an existing and an unknown email (CodeMismatchException)', async () => {
    const wrong = existing.code === '000000' ? '111111' : '000000';
    const real = await call('ConfirmSignUp', { ClientId: clientId, Username: existing.email, ConfirmationCode: wrong });
    const unknown = await call('ConfirmSignUp', { ClientId: clientId, Username: unknownEmail(), ConfirmationCode: wrong });
    expect(real).toMatchObject({ status: 400, body: { __type: 'CodeMismatchException' } });
    expect([unknown.status, unknown.body]).toEqual([real.status, real.body]);
  });

  it('refuses an unticketed SignUp alike whether or not the email has an account (PreSignUp first)', async () => {
    const attempt = (email: string) =>
      call('SignUp', {
        ClientId: clientId,
        Username: email,
        Password: 'correct-horse-7',
        UserAttributes: [{ Name: 'email', Value: email }],
      });
    const real = await attempt(existing.email);
    const unknown = await attempt(unknownEmail());
    expect(real).toMatchObject({ status: 400, body: { __type: 'UserLambdaValidationException' } });
    expect([unknown.status, unknown.body]).toEqual([real.status, real.body]);
  });

  it('answers InitiateAuth and a wrong password alike, with a stable UUID and salt for an unknown email', async () => {
    const email = unknownEmail();
    const real = await wrongPasswordSignIn(existing.email);
    const unknown = await wrongPasswordSignIn(email);
    expect(real.initiate.status).toBe(200);
    expect(unknown.initiate.status).toBe(200);
    expect(shape(unknown.initiate.body)).toEqual(shape(real.initiate.body));
    const parameters = (answer: Answer) => answer.body.ChallengeParameters as Record<string, string>;
    expect(parameters(unknown.initiate).USER_ID_FOR_SRP).toMatch(/^[0-9a-f-]{36}$/);
    expect(parameters(unknown.initiate).SALT).toHaveLength(parameters(real.initiate).SALT?.length ?? 0);
    const again = await wrongPasswordSignIn(email.toUpperCase());
    expect(parameters(again.initiate).USER_ID_FOR_SRP).toBe(parameters(unknown.initiate).USER_ID_FOR_SRP);
    expect(parameters(again.initiate).SALT).toBe(parameters(unknown.initiate).SALT);

    expect(real.respond).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
    expect([unknown.respond.status, unknown.respond.body]).toEqual([real.respond.status, real.respond.body]);
  });

  it('takes as long to refuse an unknown email as a wrong password (median ratio under 1.5)', async () => {
    // Distinct accounts and names, so no measurement runs into the lockout after five wrong
    // passwords; the accounts are put in the pool directly, as sign-up would leave them.
    const rounds = 15;
    const password = 'correct-horse-7';
    const realEmails = Array.from({ length: rounds + 2 }, (_, i) => `timing.${i}.${randomUUID().slice(0, 8)}@example.com`);
    for (const email of realEmails) {
      const username = randomUUID();
      cloud.cognito.users.put({
        username,
        attributes: { email, email_verified: 'true' },
        status: 'CONFIRMED',
        enabled: true,
        ...createPasswordVerifier('LocalPool', username, password),
        createdAt: nowSeconds(),
        updatedAt: nowSeconds(),
      });
    }
    const real: Array<Awaited<ReturnType<typeof wrongPasswordSignIn>>> = [];
    const unknown: typeof real = [];
    for (const [i, email] of realEmails.entries()) {
      // Interleaved, so load from elsewhere on the machine falls on both alike; two warm-up rounds.
      const r = await wrongPasswordSignIn(email);
      const u = await wrongPasswordSignIn(unknownEmail());
      expect([r.respond.body.__type, u.respond.body.__type]).toEqual(['NotAuthorizedException', 'NotAuthorizedException']);
      if (i >= 2) {
        real.push(r);
        unknown.push(u);
      }
    }
    for (const step of ['initiateMs', 'respondMs', 'totalMs'] as const) {
      const [r, u] = [median(real.map((m) => m[step])), median(unknown.map((m) => m[step]))];
      expect(ratio(r, u), `${step}: median ${r.toFixed(1)} ms for an account, ${u.toFixed(1)} ms for no account`).toBeLessThan(
        1.5,
      );
    }
  });
});

describe('malformed input', () => {
  const notObjects = ['null', '[]', '1', '"x"', 'true', '{'];
  const wrongTypes = [
    { ClientId: 1 },
    { Username: {} },
    { Password: ['x'] },
    { AuthFlow: null, AuthParameters: 'x' },
    { AuthParameters: { USERNAME: 1 } },
    { ChallengeResponses: [] },
    { ClientMetadata: 5 },
    { UserAttributes: [null] },
    { UserAttributes: 'email' },
    { ValidationData: [{ Name: 1 }] },
    { Session: 7 },
    { AccessToken: [] },
    { UserPoolId: true },
    { Limit: 'all' },
    { Permanent: 'yes' },
    { Filter: {} },
  ].map((input) => JSON.stringify(input));

  it('answers a non-object JSON body to every operation with 400 SerializationException, never a 5xx', async () => {
    for (const operation of Object.keys(cloud.cognito.operations) as OperationName[]) {
      for (const body of notObjects) {
        const answer = iamOperations.has(operation) ? await signedSend(operation, body) : await send(operation, body);
        expect([operation, body, answer.status, answer.body.__type]).toEqual([operation, body, 400, 'SerializationException']);
      }
    }
  });

  it('answers a member of the wrong type to every operation with a 4xx, never a 5xx', async () => {
    for (const operation of Object.keys(cloud.cognito.operations) as OperationName[]) {
      for (const body of wrongTypes) {
        const answer = iamOperations.has(operation) ? await signedSend(operation, body) : await send(operation, body);
        expect([operation, body, answer.status >= 400 && answer.status < 500]).toEqual([operation, body, true]);
      }
    }
  });
});

describe('confirmation codes', () => {
  it('keeps the confirmation lockout through a resend: the fifth wrong code locks even the new right one', async () => {
    const user = await unconfirmedUser('lockout');
    const confirm = (ConfirmationCode: string) =>
      call('ConfirmSignUp', { ClientId: clientId, Username: user.email, ConfirmationCode });
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 4; i++) expect((await confirm(wrong(user.code))).body.__type).toBe('CodeMismatchException');

    const sent = await mailCount(cloud, user.email);
    expect((await call('ResendConfirmationCode', { ClientId: clientId, Username: user.email })).status).toBe(200);
    const newCode = await emailedCode(user.email, sent);
    expect((await confirm(wrong(newCode))).body.__type).toBe('CodeMismatchException');
    expect((await confirm(newCode)).body).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect(cloud.cognito.users.find(user.email)?.status).toBe('UNCONFIRMED');

    // The first lock lasts a second; then the right code confirms.
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await confirm(newCode)).toMatchObject({ status: 200, body: {} });
  });

  it('throttles ResendConfirmationCode per user, an unknown email alike (LimitExceededException)', async () => {
    const user = await unconfirmedUser('resend');
    for (const email of [user.email, unknownEmail()]) {
      const answers: number[] = [];
      for (let i = 0; i < 6; i++)
        answers.push((await call('ResendConfirmationCode', { ClientId: clientId, Username: email })).status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 400]);
      expect((await call('ResendConfirmationCode', { ClientId: clientId, Username: email })).body).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
    }
  });
});

describe('the pool’s files', () => {
  it('keeps the users, the signing key and the secrets owner-only (files 0600, folders 0700)', async () => {
    await unconfirmedUser('files');
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(join(dataDir, 'cognito'))).toBe(0o700);
    expect(mode(join(dataDir, 'cognito', 'users.json'))).toBe(0o600);
    expect(mode(join(dataDir, 'cognito', 'signing-key.json'))).toBe(0o600);
    expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600);
    expect(mode(join(dataDir, 'dynamodb'))).toBe(0o700);
    expect(readdirSync(join(dataDir, 'cognito')).sort()).toEqual(['signing-key.json', 'users.json']);
  });
});
