import { randomUUID } from 'node:crypto';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
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
import { handlerEntry } from '../../lambdas/routes';
import { type LocalCloud, localStage, startLocalCloud } from '../../lib/local/index';
import { lambdaContext } from '../../lib/local/lambda-context';
import { userPoolSettings } from '../../lib/user-pool-settings';
import { configureAmplify } from '../support/amplify';
import { openEvents } from '../support/events';
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
    evidenceFileId: '01EVIDENCE0000000000000000',
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

describe("tokens signed with the pool's own key that break the pool's rules (issue 25)", () => {
  /**
   * What someone holding the pool's signing key could mint: the signature, issuer and audience are
   * right, and only the claims a signature check leaves open are wrong. Each is refused by the API's
   * authorizer, by the functions themselves (defence in depth behind it, as they run in AWS), and by
   * the realtime channels.
   */
  const shapes: Record<string, (claims: JWTPayload) => JWTPayload> = {
    'without exp': ({ exp: _exp, ...claims }) => claims,
    'without iat': ({ iat: _iat, ...claims }) => ({ ...claims, exp: now() + 600 }),
    'with iat in the future': (claims) => ({ ...claims, iat: now() + 3_600, exp: now() + 3_600 + 600 }),
    'with a ten-year exp': (claims) => ({ ...claims, iat: now(), exp: now() + 10 * 365 * 86_400 }),
    'with token_use=foo': (claims) => ({ ...claims, token_use: 'foo' }),
  };
  /** token_use=foo is already refused there (it takes access tokens alone): the other shapes are the new ones. */
  const realtimeShapes = Object.keys(shapes).filter((shape) => shape !== 'with token_use=foo');
  /** Mints `base`'s claims afresh with the pool's key, broken as `shape` says (none: keeping every rule). */
  let forge: (base: string, shape?: string) => Promise<string>;

  beforeAll(async () => {
    // The pool's private key, which the local pool keeps to itself: read here to mint what a thief of
    // that key could, since no API of the pool signs arbitrary claims (and must not).
    const poolKey: unknown = Reflect.get(cloud.tokens, 'privateKey');
    if (!(poolKey instanceof CryptoKey)) throw new Error('the local pool no longer keeps its signing key as privateKey');
    forge = async (base, shape) => {
      const make = shape === undefined ? (claims: JWTPayload) => claims : shapes[shape];
      if (!make) throw new Error(`no shape "${shape}"`);
      const { kid } = decodeProtectedHeader(base);
      const claims = make({ ...decodeJwt(base), iat: now(), exp: now() + 600, jti: randomUUID() });
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(poolKey);
    };
  });

  // The controls: what is minted the same way but keeps the rules passes, so a 401 below is the shape's.
  it("accepts a token minted with the pool's key that keeps the pool's rules (the control)", async () => {
    const answer = await send(probeFor('get-profile'), await forge(seller.token), callerOf(seller));
    expect(answer.status, answer.text).toBe(200);
  });

  for (const shape of Object.keys(shapes))
    for (const name of sampleRoutes)
      it(`refuses a token signed with the pool's key but ${shape} on ${describeRoute(probeFor(name))} (401)`, async () => {
        const answer = await send(probeFor(name), await forge(seller.token, shape), callerOf(seller));
        expect({ status: answer.status, body: answer.json }).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      });

  // Behind API Gateway's authorizer in AWS: the function refuses the claims it was handed all the same.
  it("lets the function itself take the claims of a token that keeps the pool's rules (the control)", async () => {
    expect((await invokeGetProfile(await forge(seller.token))).status).toBe(200);
  });

  for (const shape of Object.keys(shapes))
    it(`refuses a token signed with the pool's key but ${shape} in the function itself, had the authorizer let it through (401)`, async () => {
      expect(await invokeGetProfile(await forge(seller.token, shape))).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    });

  it("lets a realtime connection in with an access token that keeps the pool's rules (the control)", async () => {
    const socket = await openEvents(cloud, await forge(seller.accessToken));
    expect(await socket.init()).toMatchObject({ type: 'connection_ack' });
    socket.close();
  });

  for (const shape of realtimeShapes)
    it(`refuses an access token signed with the pool's key but ${shape} on a realtime connection (connection_error)`, async () => {
      const socket = await openEvents(cloud, await forge(seller.accessToken, shape));
      expect(await socket.init()).toMatchObject({ type: 'connection_error', errors: [{ errorType: 'UnauthorizedException' }] });
      await socket.closed;
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

/**
 * Calls get-profile's function as API Gateway does once its JWT authorizer let a token through:
 * a payload-2.0 event whose claims are the token's, as strings ("[a b]" for a list).
 */
async function invokeGetProfile(token: string): Promise<{ status: number | undefined; body: unknown }> {
  const { handler } = (await import(handlerEntry({ name: 'get-profile' }))) as {
    handler: (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  };
  const claims = Object.fromEntries(
    Object.entries(decodeJwt(token)).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]),
  );
  const at = new Date();
  const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
    version: '2.0',
    routeKey: 'GET /profile',
    rawPath: '/profile',
    rawQueryString: '',
    headers: { host: 'api.local' },
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'api.local',
      domainPrefix: 'api',
      http: { method: 'GET', path: '/profile', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: randomUUID(),
      routeKey: 'GET /profile',
      stage: '$default',
      time: at.toUTCString(),
      timeEpoch: at.getTime(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
    },
  };
  const result = await handler(event, lambdaContext('get-profile'));
  return { status: result.statusCode, body: result.body === undefined ? undefined : JSON.parse(result.body) };
}
