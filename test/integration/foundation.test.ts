import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confirmSignUp, fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, listen } from '../../lib/local/http-util';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { webRequestListener } from '../../lib/local/web';
import { userPoolSettings } from '../../lib/user-pool-settings';
import { staticPages } from '../../web/src/config/paths';
import { configureAmplify } from '../support/amplify';
import {
  confirmByEmailedLink,
  keepDeviceSecret,
  linkIn,
  newTestUser,
  postJson,
  signupBody,
  trustedDeviceMetadata,
} from '../support/identity';
import { latestEmailTo } from '../support/mailbox';

let cloud: LocalCloud;
let amplifyStorage: Map<string, string>;
const user = newTestUser('amara');
const { email, password } = user;

beforeAll(async () => {
  cloud = await startLocalCloud();
  amplifyStorage = configureAmplify(cloud.config);
});

afterAll(async () => {
  await cloud?.stop();
});

async function callMe(authorization?: string) {
  const response = await fetch(`${cloud.apiUrl}/me`, { headers: authorization ? { authorization } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A raw Cognito API call, as the AWS SDK and Amplify make it. */
async function cognitoCall(operation: string, input: object) {
  const response = await fetch(cloud.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
}

async function idToken(): Promise<string> {
  const session = await fetchAuthSession();
  const token = session.tokens?.idToken?.toString();
  if (!token) throw new Error('no id token');
  return token;
}

describe('the local cloud', () => {
  it('serves the health route without a token', async () => {
    const response = await fetch(`${cloud.apiUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves /config.json with the pool, the API and the mailbox', async () => {
    const response = await fetch(`${cloud.appUrl}/config.json`);
    const config = await response.json();
    expect(config).toMatchObject({
      stage: 'local',
      apiUrl: cloud.apiUrl,
      cognito: {
        userPoolId: localStage.userPoolId,
        userPoolClientId: localStage.userPoolClientId,
        endpoint: cloud.cognitoEndpoint,
      },
      mailboxUrl: cloud.mailboxUrl,
    });
  });

  it('publishes the pool signing keys at the JWKS address', async () => {
    const response = await fetch(`${cloud.cognitoEndpoint}/${localStage.userPoolId}/.well-known/jwks.json`);
    const { keys } = (await response.json()) as { keys: Array<{ kty: string; alg: string; kid: string }> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  });
});

describe('the local web server, as CloudFront serves the app', () => {
  /** Each directive of a Content-Security-Policy header and its sources. */
  function directives(header: string | null): Record<string, string[]> {
    expect(header, 'a Content-Security-Policy header').toBeTruthy();
    return Object.fromEntries(
      (header ?? '').split(';').map((d) => {
        const [name = '', ...sources] = d.trim().split(/\s+/);
        return [name, sources];
      }),
    );
  }

  it('serves the app shell with a Content-Security-Policy naming the local cloud’s API, pool and checkout, with no eval and no inline script', async () => {
    // The cloud's own listener over a built app (this file's cloud serves web/dist, which may not be built).
    const dist = mkdtempSync(join(tmpdir(), 'escrow-csp-'));
    writeFileSync(join(dist, 'app.html'), '<!doctype html><div id="root"></div>');
    const server = createServer(webRequestListener(dist, () => cloud.config));
    try {
      const response = await fetch(`http://127.0.0.1:${await listen(server, 0)}/contracts/01HZX3V8Q2`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = response.headers.get('content-security-policy');
      const policy = directives(csp);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toContain(cloud.config.payments.checkoutScriptUrl);
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(csp).not.toContain("'unsafe-eval'");
      // The local stand-ins set no style attributes: the browser tests hold the app to a strict style-src.
      expect(policy['style-src']).toEqual(["'self'"]);
      // ...the realtime channels: the stand-in's https origin (publish) and its wss origin (the socket);
      // and the local S3, where evidence files are posted to and their images shown from.
      const events = new URL(cloud.events.httpEndpoint);
      const files = new URL(cloud.s3.endpoint).origin;
      expect(policy['connect-src']).toEqual([
        "'self'",
        new URL(cloud.apiUrl).origin,
        new URL(cloud.cognitoEndpoint).origin,
        events.origin,
        `wss://${events.host}`,
        files,
      ]);
      expect(policy['img-src']).toEqual(["'self'", 'data:', files]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      // The cloud's own server answers with the same policy.
      expect((await fetch(`${cloud.appUrl}/config.json`)).headers.get('content-security-policy')).toBe(csp);
    } finally {
      await close(server);
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers a pre-rendered path with its own page, any other path with the app shell, and a missing file with 404, as CloudFront does', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'escrow-pages-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'app.html'), 'shell');
    writeFileSync(join(dist, 'index.html'), 'landing');
    writeFileSync(join(dist, 'pricing.html'), 'pricing');
    writeFileSync(join(dist, 'assets', 'index-1a2b.js'), 'console.log("app")'.repeat(100));
    const server = createServer(webRequestListener(dist, () => cloud.config));
    try {
      const base = `http://127.0.0.1:${await listen(server, 0)}`;
      const text = async (path: string) => {
        const response = await fetch(`${base}${path}`);
        return `${response.status} ${await response.text()}`;
      };
      expect(await text('/')).toBe('200 landing');
      expect(await text('/pricing')).toBe('200 pricing');
      expect(await text('/pricing/')).toBe('200 pricing');
      expect(await text('/dashboard')).toBe('200 shell');
      expect(await text('/contracts/01HZX3V8Q2')).toBe('200 shell');
      expect(await text('/assets/missing-9z.js')).toBe('404 Not found');
      expect(await text('/favicon.ico')).toBe('404 Not found');
      // Compressed for a browser that takes gzip (fetch undoes it), plain for one that does not.
      const gzipped = await fetch(`${base}/assets/index-1a2b.js`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(await gzipped.text()).toBe('console.log("app")'.repeat(100));
      const plain = await fetch(`${base}/assets/index-1a2b.js`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      // robots.txt names the sitemap, which lists the pre-rendered pages at this server's address.
      expect(await text('/robots.txt')).toBe(`200 User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`);
      const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
      expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(staticPages.map((path) => `${base}${path}`));
    } finally {
      await close(server);
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves /config.json as JSON the browser may not sniff as anything else (nosniff), never cached', async () => {
    const response = await fetch(`${cloud.appUrl}/config.json`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a malformed %-escape in the path with 400 in plain text, never a 5xx', async () => {
    for (const path of ['/contracts/%E0%A4%A', '/%', '/abc%zz']) {
      const response = await fetch(`${cloud.appUrl}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('sign-up, confirmation and sign-in with the real Amplify client', () => {
  let sub: string;

  it('refuses a sign-up made directly against Cognito, skipping the captcha (PreSignUp)', async () => {
    await expect(
      signUp({ username: `direct.${email}`, password, options: { userAttributes: { email: `direct.${email}` } } }),
    ).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
  });

  it('signs up through the service and waits for confirmation', async () => {
    const response = await postJson(`${cloud.apiUrl}/secure-signup`, signupBody(cloud, user));
    expect(response.status).toBe(201);
    keepDeviceSecret(user, response.body);
    sub = cloud.cognito.users.find(email)?.username ?? '';
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(cloud.cognito.users.find(email)?.status).toBe('UNCONFIRMED');
  });

  it('refuses to sign in before the email is confirmed (Amplify turns UserNotConfirmedException into CONFIRM_SIGN_UP)', async () => {
    const result = await signIn({ username: email, password, options: { authFlowType: 'CUSTOM_WITH_SRP' } });
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
  });

  it('refuses a wrong confirmation code (CodeMismatchException)', async () => {
    const code = linkIn(await latestEmailTo(cloud.mailboxUrl, email)).searchParams.get('code');
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(confirmSignUp({ username: email, confirmationCode: wrong })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  });

  it('confirms with the code from the link in the local mailbox and the password chosen at sign-up', async () => {
    const result = await confirmByEmailedLink(cloud, user);
    expect(result.body).toEqual({ message: 'Your email has been confirmed.' });
    expect(cloud.cognito.users.find(email)?.status).toBe('CONFIRMED');
  });

  it('refuses a wrong password (NotAuthorizedException)', async () => {
    await expect(
      signIn({ username: email, password: 'not-the-password', options: { authFlowType: 'CUSTOM_WITH_SRP' } }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refuses an unknown account with the same answer as a wrong password', async () => {
    await expect(
      signIn({ username: 'nobody@example.com', password, options: { authFlowType: 'CUSTOM_WITH_SRP' } }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refuses USER_PASSWORD_AUTH, which the app client does not allow', async () => {
    await expect(signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('refuses USER_SRP_AUTH, which would skip the custom flow', async () => {
    await expect(signIn({ username: email, password, options: { authFlowType: 'USER_SRP_AUTH' } })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('signs in with CUSTOM_WITH_SRP and gets Cognito-shaped tokens', async () => {
    const result = await signIn({
      username: email,
      password,
      options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: trustedDeviceMetadata(user) },
    });
    expect(result.isSignedIn).toBe(true);
    const claims = decodeJwt(await idToken());
    expect(claims).toMatchObject({
      sub,
      email,
      email_verified: true,
      token_use: 'id',
      'cognito:username': sub,
      aud: localStage.userPoolClientId,
      iss: `${cloud.cognitoEndpoint}/${localStage.userPoolId}`,
    });
    // The deployed pool's 15 minutes (lib/user-pool-settings.ts), so the laptop behaves like AWS.
    expect(Number(claims.exp) - Number(claims.iat)).toBe(userPoolSettings.idTokenValidityMinutes * 60);
    expect(userPoolSettings.idTokenValidityMinutes).toBe(15);
  });

  it('answers GET /me with the caller’s own sub and email (200)', async () => {
    const { status, body } = await callMe(`Bearer ${await idToken()}`);
    expect(status).toBe(200);
    expect(body).toEqual({ sub, email });
  });

  it('accepts the access token too, as the HTTP API authorizer does', async () => {
    const access = (await fetchAuthSession()).tokens?.accessToken?.toString();
    const { status, body } = await callMe(`Bearer ${access}`);
    expect(status).toBe(200);
    expect(body.sub).toBe(sub);
  });

  it('refreshes the tokens with the refresh token', async () => {
    const before = await idToken();
    const session = await fetchAuthSession({ forceRefresh: true });
    const after = session.tokens?.idToken?.toString();
    expect(after).toBeTruthy();
    expect(decodeJwt(after ?? '').sub).toBe(sub);
    expect(after).not.toBe(before);
  });

  it('signs out globally, after which the refresh and access tokens are refused', async () => {
    const stored = (suffix: string) => [...amplifyStorage].find(([k]) => k.endsWith(suffix))?.[1] ?? '';
    const refreshToken = stored('.refreshToken');
    const accessToken = stored('.accessToken');
    expect(await cognitoCall('GetUser', { AccessToken: accessToken })).toMatchObject({ status: 200 });

    await signOut({ global: true });

    expect((await fetchAuthSession()).tokens).toBeUndefined();
    expect(
      await cognitoCall('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: localStage.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    ).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' } });
    expect(await cognitoCall('GetUser', { AccessToken: accessToken })).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' },
    });
  });
});

describe('the API authorizer', () => {
  /** A token signed by the pool itself, for the signed-up user, with chosen client and times. */
  async function poolToken(clientId: string = localStage.userPoolClientId, issuedAt = Math.floor(Date.now() / 1000)) {
    const user = cloud.cognito.users.find(email);
    if (!user) throw new Error('the signed-up user is missing');
    return (await cloud.tokens.issue(user, clientId, { originJti: randomUUID(), iat: issuedAt })).IdToken;
  }

  async function jwksKid(): Promise<string> {
    const response = await fetch(`${cloud.cognitoEndpoint}/${localStage.userPoolId}/.well-known/jwks.json`);
    const { keys } = (await response.json()) as { keys: Array<{ kid: string }> };
    return keys[0]?.kid ?? '';
  }

  it('accepts a token the pool signed (200), the baseline for the refusals below', async () => {
    expect((await callMe(`Bearer ${await poolToken()}`)).status).toBe(200);
  });

  it('refuses a request without a token (401) and does not call the handler', async () => {
    expect(await callMe()).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('refuses an expired token (401)', async () => {
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
    expect((await callMe(`Bearer ${await poolToken(localStage.userPoolClientId, twoHoursAgo)}`)).status).toBe(401);
  });

  it('refuses a tampered token (401)', async () => {
    const [header, payload, signature] = (await poolToken()).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url');
    expect((await callMe(`Bearer ${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it('refuses a token signed by another key, even with the pool’s key id (401)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: randomUUID(), email, token_use: 'id', aud: localStage.userPoolClientId })
      .setProtectedHeader({ alg: 'RS256', kid: await jwksKid() })
      .setIssuer(`${cloud.cognitoEndpoint}/${localStage.userPoolId}`)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    expect((await callMe(`Bearer ${token}`)).status).toBe(401);
  });

  it('refuses a token issued to another app client (401)', async () => {
    expect((await callMe(`Bearer ${await poolToken('some-other-client')}`)).status).toBe(401);
  });

  it('answers a malformed %-escape in a path parameter with 400, never a 5xx', async () => {
    const authorization = `Bearer ${await poolToken()}`;
    for (const id of ['%E0%A4%A', '%', 'abc%zz']) {
      const response = await fetch(`${cloud.apiUrl}/contracts/${id}`, { headers: { authorization } });
      expect(response.status, id).toBe(400);
    }
  });

  it('answers a body over API Gateway’s 10 MB with 413, never a 5xx', async () => {
    const response = await fetch(`${cloud.apiUrl}/create-contract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await poolToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});
