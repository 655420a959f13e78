// A request that arrives while the local cloud is starting (`npm start`). The app's and Cognito's
// servers listen before their handlers exist, because those handlers are built from their URLs; a
// request in that window was accepted and never answered (a curl of /config.json hung 8 minutes).
// It must be told to come back (503 with Retry-After) instead.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { envNames } from '../../lambdas/core/adapters/env';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';

/** What a caller got: the status, Retry-After and body, or nothing at all. */
type Answer = { status: number; retryAfter: string | null; body: unknown } | 'no answer within 2 s';

const duringStart = vi.hoisted(() => ({ app: [] as Answer[], cognito: [] as Answer[] }));

// The cloud imports the user pool's triggers after both servers listen and before either has its
// handler: holding one trigger's import while asking puts the requests in that window, every run.
vi.mock(import('../../lambdas/triggers/pre-sign-up'), async (importOriginal) => {
  duringStart.app.push(await ask(`${process.env[envNames.appUrl]}/config.json`));
  duringStart.cognito.push(await ask(String(process.env[envNames.cognitoEndpoint]), cognitoCall));
  return importOriginal();
});

const cognitoCall: RequestInit = {
  method: 'POST',
  headers: {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
  },
  body: JSON.stringify({ AuthFlow: 'USER_SRP_AUTH', ClientId: 'any', AuthParameters: { USERNAME: 'a@example.com' } }),
};

async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text && JSON.parse(text) };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'no answer within 2 s';
    throw error;
  }
}

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud();
});

afterAll(async () => {
  await cloud?.stop();
});

const comeBackLater = { status: 503, retryAfter: expect.stringMatching(/^\d+$/), body: { error: expect.any(String) } };

it('answers a request for /config.json made while the cloud starts with 503 and Retry-After, instead of holding it for ever', async () => {
  expect(duringStart.app).toEqual([comeBackLater]);
  expect((await fetch(`${cloud.appUrl}/config.json`)).status).toBe(200);
});

it('answers a Cognito call made while the cloud starts with 503 and Retry-After, instead of holding it for ever', async () => {
  expect(duringStart.cognito).toEqual([comeBackLater]);
  const afterStart = await fetch(cloud.cognitoEndpoint, cognitoCall);
  expect(afterStart.status).toBe(400);
  expect(await afterStart.json()).toMatchObject({ __type: 'ResourceNotFoundException' });
});
