import { randomUUID } from 'node:crypto';
import { fetchAuthSession } from 'aws-amplify/auth';
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { userPoolSettings } from '../../lib/user-pool-settings';
import { configureAmplify } from '../support/amplify';
import { eventually } from '../support/eventually';
import { apiRequest } from '../support/http';
import { linkIn, mailCount, postJson, type SignedInPerson, signedIn, signedInPerson, waitForEmail } from '../support/identity';
import { allProbes, type Caller, type Probe, probeFor, type Targets } from './route-probes';

/**
 * Tokens the API must refuse with 401 before any handler acts: forged ones (unsigned, HMAC keyed
 * with the pool's public key, another key, another app client, expired), and genuine ones whose
 * session is over (a password reset signed the user out everywhere; the user was deleted or
 * disabled). The session checks run in the shared API wrapper, so those cases cover every
 * protected route of the table.
 */

type Person = SignedInPerson;

let cloud: LocalCloud;
let seller: Person;
let targets: Targets;

const person = (name: string): Promise<Person> => signedInPerson(cloud, name);

const callerOf = (who: Person): Caller => ({ sub: who.sub, deviceId: who.user.deviceId });

function send(probe: Probe, token: string, caller: Caller) {
  const request = probe.request(targets, caller);
  return apiRequest(cloud.apiUrl, {
    method: probe.route.method,
    path: request.path,
    token,
    body: request.body,
    headers: request.headers,
  });
}

/** A read, a money move and an account change: the routes the forged tokens are tried on. */
const sampleRoutes = ['get-profile', 'release-funds', 'save-bank-info'];
const protectedProbes = allProbes().filter((p) => p.route.auth === 'protected');
const describeRoute = (probe: Probe) => `${probe.route.name} (${probe.route.method} ${probe.route.path})`;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config);
  seller = await person('seller');
  const buyer = await person('buyer');
  const { status, json } = await apiRequest(cloud.apiUrl, {
    method: 'POST',
    path: '/create-contract',
    token: seller.token,
    body: { acceptorId: buyer.sub, title: 'Cake', description: 'Three tiers', value: '2500', currency: 'NGN' },
  });
  expect(status).toBe(201);
  targets = {
    seller: { sub: seller.sub, email: seller.user.email, deviceId: seller.user.deviceId, answer: seller.user.answer },
    buyer: { sub: buyer.sub },
    contractId: (json as { id: string }).id,
    // Nothing below is reached: every token here is refused before its handler runs.
    templateId: '01TEMPLATE0000000000000000',
    spareTemplateId: '01TEMPLATE0000000000000001',
    notificationId: '01NOTIFICATION000000000000',
    txRef: 'escrow-no-such-payment',
  };
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

// ---------------------------------------------------------------------------------------------

describe('forged and foreign tokens', () => {
  /** Each forgery, made from the seller's genuine ID token and the pool's published keys. */
  const forgeries: Record<string, () => Promise<string>> = {};
  let genuineNow: () => Promise<string>;

  beforeAll(async () => {
    const claims = decodeJwt(seller.token);
    const { kid } = decodeProtectedHeader(seller.token);
    const { cognito } = cloud.config;
    const jwksText = await (await fetch(`${cognito.endpoint}/${cognito.userPoolId}/.well-known/jwks.json`)).text();
    const poolKey = (JSON.parse(jwksText) as { keys: JWK[] }).keys.find((k) => k.kid === kid);
    if (!poolKey) throw new Error(`the pool publishes no key ${kid}`);
    const poolPem = await exportSPKI((await importJWK(poolKey, 'RS256')) as CryptoKey);
    const fresh = (): JWTPayload => ({ ...claims, iat: now(), exp: now() + 600, jti: randomUUID() });
    const localUser = () => {
      const user = cloud.cognito.users.find(seller.user.email);
      if (!user) throw new Error('the seller is not in the pool');
      return user;
    };
    const issued = (clientId: string, iat = now()) =>
      cloud.tokens.issue(localUser(), clientId, { originJti: randomUUID(), iat, authTime: claims.auth_time as number });

    genuineNow = async () => (await issued(localStage.userPoolClientId)).IdToken;
    forgeries['unsigned (alg none)'] = async () =>
      `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid }))}.${base64url.encode(JSON.stringify(fresh()))}.`;
    forgeries["HS256 keyed with the pool's public key (PEM)"] = () =>
      new SignJWT(fresh()).setProtectedHeader({ alg: 'HS256', kid }).sign(new TextEncoder().encode(poolPem));
    forgeries["HS256 keyed with the pool's JWKS as served"] = () =>
      new SignJWT(fresh()).setProtectedHeader({ alg: 'HS256', kid }).sign(new TextEncoder().encode(jwksText));
    forgeries["RS256 with a foreign key under the pool's kid"] = async () => {
      const { privateKey } = await generateKeyPair('RS256');
      return new SignJWT(fresh()).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    };
    forgeries['expired, signed by the pool'] = async () =>
      (await issued(localStage.userPoolClientId, now() - userPoolSettings.idTokenValidityMinutes * 60 - 60)).IdToken;
    forgeries['an ID token of another app client, signed by the pool'] = async () =>
      (await issued('otherclient000000000000000')).IdToken;
    forgeries['an access token of another app client, signed by the pool'] = async () =>
      (await issued('otherclient000000000000000')).AccessToken;
  });

  // The control: what the pool signs now for this client passes, so a 401 below is the forgery's.
  for (const name of sampleRoutes)
    it(`accepts a token the pool signs now for this client on ${name}`, async () => {
      const answer = await send(probeFor(name), await genuineNow(), callerOf(seller));
      expect(answer.status, answer.text).not.toBe(401);
      expect(answer.status, answer.text).toBeLessThan(500);
    });

  const kinds = [
    'unsigned (alg none)',
    "HS256 keyed with the pool's public key (PEM)",
    "HS256 keyed with the pool's JWKS as served",
    "RS256 with a foreign key under the pool's kid",
    'expired, signed by the pool',
    'an ID token of another app client, signed by the pool',
    'an access token of another app client, signed by the pool',
  ];
  for (const kind of kinds)
    for (const name of sampleRoutes)
      it(`refuses ${kind} on ${describeRoute(probeFor(name))} with 401`, async () => {
        const forge = forgeries[kind];
        if (!forge) throw new Error(`no forgery "${kind}"`);
        const answer = await send(probeFor(name), await forge(), callerOf(seller));
        expect({ status: answer.status, body: answer.json }).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      });
});

// ---------------------------------------------------------------------------------------------

describe('a token whose sign-in a password reset revoked', () => {
  let victim: Person;
  let accessToken: string;
  const newPassword = 'after-the-reset-4';

  beforeAll(async () => {
    victim = await person('revoked');
    accessToken = (await fetchAuthSession()).tokens?.accessToken?.toString() ?? '';
    expect((await send(probeFor('get-profile'), victim.token, callerOf(victim))).status).toBe(200);
    expect((await send(probeFor('get-profile'), accessToken, callerOf(victim))).status).toBe(200);
    // Sessions are revoked to the second: the reset must come after the second the token was signed in.
    const authTime = decodeJwt(victim.token).auth_time as number;
    await eventually(
      async () => now(),
      (second) => second > authTime,
      3_000,
    );
    const { email, answer } = victim.user;
    expect((await postJson(`${cloud.apiUrl}/get-security-question`, { email, fingerprint: 'f' })).status).toBe(200);
    const before = await mailCount(cloud, email);
    const reset = await postJson(`${cloud.apiUrl}/verify-answer-and-reset`, {
      email,
      securityAnswer: answer,
      deviceFingerprint: 'f',
    });
    expect(reset.status).toBe(200);
    const link = linkIn(await waitForEmail(cloud, email, /Reset your/, before));
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
    expect((await postJson(`${cloud.apiUrl}/confirm-password-reset`, { token, newPassword })).status).toBe(200);
  }, 60_000);

  for (const probe of protectedProbes)
    it(`refuses it on ${describeRoute(probe)} with 401`, async () => {
      const answer = await send(probe, victim.token, callerOf(victim));
      expect(answer.status, answer.text).toBe(401);
    });

  it('refuses the access token of that sign-in too (the HTTP API takes both kinds)', async () => {
    const answer = await send(probeFor('get-profile'), accessToken, callerOf(victim));
    expect(answer.status, answer.text).toBe(401);
  });

  it('lets the user sign in again with the new password and use the API', async () => {
    const again = await signedIn({ ...victim.user, password: newPassword });
    const answer = await send(probeFor('get-profile'), again.token, callerOf(victim));
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('a token of an account ops closed and removed from the pool (npm run close-account -- --delete)', () => {
  let victim: Person;

  beforeAll(async () => {
    victim = await person('deleted');
    expect((await send(probeFor('get-profile'), victim.token, callerOf(victim))).status).toBe(200);
    const { closeAccount } = await import('../../lambdas/core/services/account-closing');
    expect(await closeAccount(victim.user.email, { remove: true })).toBe(victim.sub);
    expect(cloud.cognito.users.find(victim.user.email)).toBeUndefined();
  }, 60_000);

  for (const probe of protectedProbes)
    it(`refuses it on ${describeRoute(probe)} with 401`, async () => {
      const answer = await send(probe, victim.token, callerOf(victim));
      expect(answer.status, answer.text).toBe(401);
    });
});

describe('a token of an account ops closed (npm run close-account), even after a new sign-in', () => {
  let victim: Person;
  let fresh: string;

  beforeAll(async () => {
    victim = await person('closed');
    expect((await send(probeFor('get-profile'), victim.token, callerOf(victim))).status).toBe(200);
    const { closeAccount } = await import('../../lambdas/core/services/account-closing');
    expect(await closeAccount(victim.sub, { remove: false })).toBe(victim.sub);
    // Still in the pool, so Cognito gives a new token on a new sign-in: the account stays closed to it.
    fresh = (await signedIn(victim.user)).token;
  }, 60_000);

  for (const name of sampleRoutes) {
    it(`refuses the old token on ${describeRoute(probeFor(name))} with 401`, async () => {
      const answer = await send(probeFor(name), victim.token, callerOf(victim));
      expect(answer.status, answer.text).toBe(401);
    });
    it(`refuses a token of a new sign-in on ${describeRoute(probeFor(name))} with 401`, async () => {
      const answer = await send(probeFor(name), fresh, callerOf(victim));
      expect(answer.status, answer.text).toBe(401);
    });
  }
});

function now(): number {
  return Math.floor(Date.now() / 1000);
}
