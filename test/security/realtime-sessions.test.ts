import { execFile } from 'node:child_process';
import { request } from 'node:https';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationItems } from '../../lambdas/core/entities/notification';
import { transactWrite } from '../../lambdas/core/entities/table';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { channelOf, type EventsSocket, type Frame, openEvents } from '../support/events';
import { eventually } from '../support/eventually';
import { apiRequest } from '../support/http';
import { resetPassword, type SignedInPerson, signedIn, signedInPerson } from '../support/identity';

/**
 * Revocation holds on the realtime channels as on the API (issue 34): after a password reset, or
 * after ops close the account (`npm run close-account`), the old access token opens no connection
 * and no subscription, and a subscription opened before it is told its session ended and receives
 * nothing of the person's afterwards. AppSync cannot close it from the server (neither can the
 * stand-in); its channel is simply published to no more (lambdas/core/adapters/events.ts).
 */
let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config, cloud.events.httpEndpoint);
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

/** A notification written for `sub` as the product writes one (its announcement follows the commit). */
async function notify(sub: string, title: string): Promise<void> {
  await transactWrite(notificationItems(sub, title, 'something happened', new Date().toISOString()));
}

const dataFrames = (socket: EventsSocket, id: string) => socket.frames.filter((f) => f.type === 'data' && f.id === id);
const eventOf = (frame: Frame) => JSON.parse(String(frame.event)) as { type: string; notification?: { title: string } };

/** Long enough for an event published now to have reached an open socket on loopback (they take milliseconds). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/** A person whose page is open: a connection with their access token, subscribed to their channel. */
async function openPage(who: SignedInPerson): Promise<{ socket: EventsSocket; id: string; channel: string }> {
  const channel = await channelOf(cloud, who);
  const socket = await openEvents(cloud, who.accessToken);
  expect(await socket.init()).toMatchObject({ type: 'connection_ack' });
  const subscribed = await socket.subscribe(channel);
  expect(subscribed.type).toBe('subscribe_success');
  return { socket, id: subscribed.id, channel };
}

/** Sessions are revoked to the second: waits until the clock is past the second `token` was signed in. */
async function afterSignInSecond(token: string): Promise<void> {
  const authTime = decodeJwt(token).auth_time as number;
  await eventually(
    async () => Math.floor(Date.now() / 1000),
    (second) => second > authTime,
    3_000,
  );
}

/** `npm run close-account -- <email>` as ops run it, against this test's cloud. */
async function closeAccountAsOps(email: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/close-account.ts', email], { env: process.env });
  return stdout;
}

/** What a new connection with `token` is answered: connection_ack or connection_error. */
async function connectWith(token: string): Promise<Frame> {
  const socket = await openEvents(cloud, token);
  const answer = await socket.init();
  socket.close();
  return answer;
}

describe('a realtime session a password reset revoked', () => {
  let victim: SignedInPerson;
  let page: Awaited<ReturnType<typeof openPage>>;
  let again: { token: string; accessToken: string };
  let newChannel: string;

  beforeAll(async () => {
    victim = await signedInPerson(cloud, 'reset');
    page = await openPage(victim);
    // The control: before the reset, what is written for the person reaches the open page.
    await notify(victim.sub, 'Before the reset');
    await page.socket.next((f) => f.type === 'data' && f.id === page.id && String(f.event).includes('Before the reset'));
    await afterSignInSecond(victim.token);
    await resetPassword(cloud, victim.user, 'after-the-reset-7');
    again = await signedIn({ ...victim.user, password: 'after-the-reset-7' });
    newChannel = await channelOf(cloud, again);
  }, 90_000);

  afterAll(() => page?.socket.close());

  it('tells the subscription opened before that its session ended, as the last event it gets', async () => {
    const ended = await page.socket.next((f) => f.type === 'data' && f.id === page.id && eventOf(f).type === 'session-ended');
    expect(eventOf(ended)).toEqual({ type: 'session-ended' });
  });

  it('delivers nothing of the person’s to that subscription afterwards, while their new session’s page gets it', async () => {
    const fresh = await openEvents(cloud, again.accessToken);
    expect(await fresh.init()).toMatchObject({ type: 'connection_ack' });
    const { id } = await fresh.subscribe(newChannel);
    const before = dataFrames(page.socket, page.id).length;
    await notify(victim.sub, 'After the reset');
    // The new session's page receives it: it was published, only not where the old page listens.
    await fresh.next((f) => f.type === 'data' && f.id === id && String(f.event).includes('After the reset'));
    await settle();
    const after = dataFrames(page.socket, page.id);
    expect(after).toHaveLength(before);
    expect(after.map(eventOf).at(-1)).toEqual({ type: 'session-ended' });
    fresh.close();
  });

  it('moves the person’s channel to the epoch of the reset', async () => {
    expect(page.channel).toBe(`/notifications/${victim.sub}/0`);
    expect(newChannel).toMatch(new RegExp(`^/notifications/${victim.sub}/[1-9][0-9]+$`));
  });

  it('refuses a new connection with the old access token (connection_error), and takes the new sign-in’s', async () => {
    expect(await connectWith(victim.accessToken)).toMatchObject({
      type: 'connection_error',
      errors: [{ errorType: 'UnauthorizedException' }],
    });
    expect(await connectWith(again.accessToken)).toMatchObject({ type: 'connection_ack' });
  });

  it('refuses a new subscription with the old access token, to the old channel or the new one, even on a connection still open', async () => {
    for (const channel of [page.channel, newChannel]) {
      const refused = await page.socket.subscribe(channel, victim.accessToken);
      expect(refused, channel).toMatchObject({ type: 'subscribe_error', errors: [{ errorType: 'UnauthorizedException' }] });
    }
  });

  it('refuses the old channel to the new sign-in too: a revoked epoch is nobody’s', async () => {
    const socket = await openEvents(cloud, again.accessToken);
    await socket.init();
    expect(await socket.subscribe(page.channel)).toMatchObject({
      type: 'subscribe_error',
      errors: [{ errorType: 'UnauthorizedException' }],
    });
    socket.close();
  });
});

describe('a realtime session of an account ops closed (npm run close-account)', () => {
  let victim: SignedInPerson;
  let page: Awaited<ReturnType<typeof openPage>>;
  let fresh: { token: string; accessToken: string };

  beforeAll(async () => {
    victim = await signedInPerson(cloud, 'closed');
    page = await openPage(victim);
    await notify(victim.sub, 'Before the closing');
    await page.socket.next((f) => f.type === 'data' && f.id === page.id && String(f.event).includes('Before the closing'));
    expect(await closeAccountAsOps(victim.user.email)).toContain(`Closed ${victim.sub}`);
    // Still in the pool (no --delete), so Cognito signs them in again: the account stays closed to that token.
    fresh = await signedIn(victim.user);
  }, 90_000);

  afterAll(() => page?.socket.close());

  it('tells the subscription opened before that its session ended', async () => {
    const ended = await page.socket.next((f) => f.type === 'data' && f.id === page.id && eventOf(f).type === 'session-ended');
    expect(eventOf(ended)).toEqual({ type: 'session-ended' });
  });

  it('delivers nothing of the person’s to that subscription afterwards', async () => {
    const before = dataFrames(page.socket, page.id).length;
    await notify(victim.sub, 'After the closing');
    await settle();
    expect(dataFrames(page.socket, page.id)).toHaveLength(before);
  });

  it('refuses a new connection with the old access token and with a new sign-in’s (connection_error)', async () => {
    for (const token of [victim.accessToken, fresh.accessToken])
      expect(await connectWith(token)).toMatchObject({
        type: 'connection_error',
        errors: [{ errorType: 'UnauthorizedException' }],
      });
  });

  it('refuses a new subscription with either token on the connection still open, and names no channel to the API (401)', async () => {
    for (const token of [victim.accessToken, fresh.accessToken]) {
      const refused = await page.socket.subscribe(page.channel, token);
      expect(refused).toMatchObject({ type: 'subscribe_error', errors: [{ errorType: 'UnauthorizedException' }] });
    }
    const asked = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/realtime-channel', token: fresh.token });
    expect(asked.status).toBe(401);
  });
});

describe('the realtime publish endpoint (POST /event) and CORS', () => {
  /** The headers the stand-in answers a request from a page of `origin` with. */
  function headersFor(method: 'POST' | 'OPTIONS', origin: string): Promise<{ status: number; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = request(
        cloud.events.httpEndpoint,
        {
          method,
          ca: cloud.events.certificate,
          headers: {
            origin,
            'content-type': 'application/json',
            ...(method === 'OPTIONS'
              ? { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' }
              : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(method === 'POST' ? JSON.stringify({ channel: '/notifications/x/0', events: ['{}'] }) : undefined);
    });
  }

  it('echoes no Origin, a stranger’s or the app’s, on a publish or its preflight: browsers never publish', async () => {
    for (const origin of ['https://evil.example', cloud.appUrl])
      for (const method of ['POST', 'OPTIONS'] as const) {
        const { status, headers } = await headersFor(method, origin);
        expect(status, `${method} from ${origin}`).toBeGreaterThanOrEqual(400);
        expect(headers['access-control-allow-origin'], `${method} from ${origin}`).toBeUndefined();
        expect(headers['access-control-allow-credentials'], `${method} from ${origin}`).toBeUndefined();
      }
  });
});
