import { events } from 'aws-amplify/data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { publishEvents } from '../../lambdas/core/adapters/events';
import type { DisputeActionResponse } from '../../lambdas/core/api/disputes';
import { getContract } from '../../lambdas/core/entities/contract';
import { notificationItems } from '../../lambdas/core/entities/notification';
import { transactWrite } from '../../lambdas/core/entities/table';
import { settlementDue } from '../../lambdas/core/services/settlement';
import { type LocalCloud, startLocalCloud } from '../../lib/local/index';
import { configureAmplify } from '../support/amplify';
import { channelOf, type EventsSocket, openEvents, postAsBrowser } from '../support/events';
import { eventually } from '../support/eventually';
import { fundedContract } from '../support/funded-contract';
import { apiCaller } from '../support/http';
import { type SignedInPerson, signedInPerson } from '../support/identity';

/**
 * The realtime channels against the local AppSync Events stand-in, over its wire protocol: a
 * person subscribes to their own channel only (of their account's current session epoch, which the
 * API names), with a valid access token only; only the product's functions publish (SigV4), never a
 * browser; what the product writes arrives, in order. Revoked sessions: test/security/realtime-sessions.test.ts.
 */
let cloud: LocalCloud;
let seller: SignedInPerson;
let buyer: SignedInPerson;
/** Their channels, as the API names them to their pages. */
let sellerChannel: string;
let buyerChannel: string;

beforeAll(async () => {
  cloud = await startLocalCloud();
  configureAmplify(cloud.config, cloud.events.httpEndpoint);
  seller = await signedInPerson(cloud, 'seller');
  buyer = await signedInPerson(cloud, 'buyer');
  [sellerChannel, buyerChannel] = await Promise.all([channelOf(cloud, seller), channelOf(cloud, buyer)]);
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(cloud)(...args);

describe('a person’s realtime channel', () => {
  it('names each person their own channel of their session epoch (0 before any revocation)', () => {
    expect(buyerChannel).toBe(`/notifications/${buyer.sub}/0`);
    expect(sellerChannel).toBe(`/notifications/${seller.sub}/0`);
  });

  it('takes its owner’s subscription, and refuses another person’s channel, another epoch and every wildcard (UnauthorizedException)', async () => {
    const socket = await openEvents(cloud, buyer.accessToken);
    expect(await socket.init()).toMatchObject({ type: 'connection_ack', connectionTimeoutMs: 300_000 });
    expect((await socket.subscribe(buyerChannel)).type).toBe('subscribe_success');
    const refusedChannels = [
      sellerChannel,
      '/notifications/*',
      `/notifications/${buyer.sub}`,
      `/notifications/${buyer.sub}/*`,
      `/notifications/${buyer.sub}/1`,
      `${buyerChannel}/more`,
    ];
    for (const channel of refusedChannels) {
      const refused = await socket.subscribe(channel);
      expect(refused, channel).toMatchObject({ type: 'subscribe_error', errors: [{ errorType: 'UnauthorizedException' }] });
    }
    // Nothing written for the seller reaches the buyer.
    const [put, count] = notificationItems(seller.sub, 'Private', 'for the seller only', new Date().toISOString());
    await transactWrite([put as never, count as never]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.filter((f) => f.type === 'data')).toEqual([]);
    socket.close();
  });

  it('judges a subscription by its own token: the owner’s channel with another person’s token is refused, on the owner’s connection', async () => {
    const socket = await openEvents(cloud, buyer.accessToken);
    await socket.init();
    const refused = await socket.subscribe(buyerChannel, seller.accessToken);
    expect(refused).toMatchObject({ type: 'subscribe_error', errors: [{ errorType: 'UnauthorizedException' }] });
    expect((await socket.subscribe(buyerChannel, buyer.accessToken)).type).toBe('subscribe_success');
    socket.close();
  });

  it('refuses a connection without a token, with an ID token or a forged one: connection_error, then closed', async () => {
    const forged = `${buyer.accessToken.slice(0, -4)}AAAA`;
    for (const token of [undefined, buyer.token, forged, 'not-a-token']) {
      const socket = await openEvents(cloud, token);
      expect(await socket.init()).toMatchObject({ type: 'connection_error', errors: [{ errorType: 'UnauthorizedException' }] });
      await socket.closed;
      // And a subscription on such a socket is never taken.
      expect(socket.frames.some((f) => f.type === 'subscribe_success')).toBe(false);
    }
  });

  it('refuses a publish from a browser, over HTTP with a person’s token (401) and over the socket', async () => {
    const listener = await openEvents(cloud, seller.accessToken);
    await listener.init();
    await listener.subscribe(sellerChannel);
    const posted = await postAsBrowser(cloud, buyer.accessToken, {
      channel: sellerChannel,
      events: [JSON.stringify({ type: 'notification', notification: { title: 'Fake payment received' } })],
    });
    expect(posted).toMatchObject({ status: 401, body: { errors: [{ errorType: 'UnauthorizedException' }] } });
    const socket = await openEvents(cloud, buyer.accessToken);
    await socket.init();
    const id = 'publish-1';
    socket.send({ type: 'publish', id, channel: sellerChannel, events: ['{"forged":true}'] });
    expect(await socket.next((f) => f.id === id)).toMatchObject({
      type: 'publish_error',
      errors: [{ errorType: 'UnauthorizedException' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener.frames.filter((f) => f.type === 'data')).toEqual([]);
    listener.close();
    socket.close();
  });

  it('delivers 100 notifications written for a person as 100 events, in order', async () => {
    const socket = await openEvents(cloud, buyer.accessToken);
    await socket.init();
    const { id } = await socket.subscribe(buyerChannel);
    for (let n = 1; n <= 100; n++)
      await transactWrite(notificationItems(buyer.sub, `Update ${n}`, `number ${n}`, new Date().toISOString()));
    await socket.next((f) => f.type === 'data' && f.event?.includes('Update 100') === true, 10_000);
    const events = socket.frames.filter((f) => f.type === 'data' && f.id === id).map((f) => JSON.parse(String(f.event)));
    expect(events.map((e) => e.notification.title)).toEqual(Array.from({ length: 100 }, (_, i) => `Update ${i + 1}`));
    expect(events[0]).toMatchObject({ type: 'notification', notification: { user_id: buyer.sub, read: false } });
    // What arrived is what is stored: the list shows the same notifications.
    const listed = (await call<{ notifications: Array<{ id: string }> }>(buyer, '/notifications')).body.notifications;
    expect(listed.map((n) => n.id)).toEqual(
      events
        .slice(-listed.length)
        .map((e) => e.notification.id)
        .reverse(),
    );
    socket.close();
  });

  it('carries a notification the product writes through its API: the seller’s new contract reaches the buyer’s open page', async () => {
    const socket = await openEvents(cloud, buyer.accessToken);
    await socket.init();
    await socket.subscribe(buyerChannel);
    const made = await call(seller, '/create-contract', {
      acceptorId: buyer.sub,
      title: 'Logo design',
      description: 'Three concepts',
      value: '25000',
      currency: 'NGN',
    });
    expect(made.status).toBe(201);
    const frame = await socket.next((f) => f.type === 'data');
    expect(JSON.parse(String(frame.event))).toMatchObject({ type: 'notification', notification: { user_id: buyer.sub } });
    socket.close();
  });

  it('announces every change of a dispute to both parties’ channels, those that leave the contract as it is too: the buyer’s proposal reaches the seller, and so does the hand-over to our team', async () => {
    // A ₦30,000 contract, accepted and paid in full from the sandbox's bank, disputed by the buyer.
    const terms = { title: 'Sofa reupholstery', description: 'Two seats, green velvet', value: '30000' };
    const { id } = await fundedContract(cloud, seller, buyer, terms);

    const sockets: EventsSocket[] = [];
    for (const [person, channel] of [
      [seller, sellerChannel],
      [buyer, buyerChannel],
    ] as const) {
      const socket = await openEvents(cloud, person.accessToken);
      await socket.init();
      await socket.subscribe(channel);
      sockets.push(socket);
    }
    /** The announcements of this contract's changes each socket received so far. */
    const changes = () =>
      sockets.map((socket) =>
        socket.frames
          .filter((f) => f.type === 'data')
          .map((f) => JSON.parse(String(f.event)))
          .filter((e) => e.type === 'contract' && e.contract_id === id),
      );
    /** Resolves once each socket received `count` announcements of this contract. */
    const announcedToBoth = (count: number) =>
      eventually(
        async () => changes(),
        (each) => each.every((received) => received.length >= count),
        5_000,
      );

    const opened = await call<DisputeActionResponse>(buyer, '/open-dispute', {
      contractId: id,
      reason: 'not_as_described',
      details: 'The velvet is blue, not green.',
    });
    expect(opened.status).toBe(200);
    await announcedToBoth(1);
    const storedVersion = async () => (await getContract(id))?.version;
    const version = await storedVersion();

    // The proposal changes the dispute only: the contract keeps its status and version, and both pages still hear of it.
    const proposed = await call<DisputeActionResponse>(buyer, '/propose-settlement', { contractId: id, refund: '10000' });
    expect(proposed.status).toBe(200);
    const [toSeller, toBuyer] = await announcedToBoth(2);
    for (const received of [toSeller, toBuyer])
      expect(received?.at(-1)).toEqual({ type: 'contract', contract_id: id, status: 'disputed', version });
    expect(await storedVersion()).toBe(version);

    // The agreement window ends without agreement: the dispute goes to our team, the contract still as it was.
    const agreeBy = Date.parse(opened.body.dispute.agree_by);
    expect((await settlementDue(id, agreeBy + 1)).awaitingOps).toBe(true);
    await announcedToBoth(3);
    for (const socket of sockets) socket.close();
  });

  it('publishes only with the functions’ SigV4 signature, which a wrong secret does not make', async () => {
    expect(await publishEvents(buyerChannel, [{ type: 'ping' }])).toBe(true);
    const secret = process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = 'not-the-local-secret';
    try {
      expect(await publishEvents(buyerChannel, [{ type: 'ping' }])).toBe(false);
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = secret;
    }
  });

  it('speaks to the unchanged Amplify events client: its own channel delivers, another person’s reaches its error callback', async () => {
    // Amplify uses the global WebSocket; this one (ws) trusts the stand-in's certificate, which Node's own cannot be told to.
    const certificate = cloud.events.certificate;
    const global = globalThis as { WebSocket?: unknown };
    const before = global.WebSocket;
    global.WebSocket = class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { ca: certificate });
      }
    };
    // Amplify's session is the last person signed in: the buyer.
    const received: unknown[] = [];
    const own = await events.connect(buyerChannel);
    const subscription = own.subscribe({ next: (data) => received.push(data.event), error: () => undefined });
    const errors: string[] = [];
    const other = await events.connect(sellerChannel);
    other.subscribe({ next: () => undefined, error: (error) => errors.push(JSON.stringify(error)) });
    try {
      await eventually(
        async () => errors,
        (e) => e.length > 0,
      );
      expect(errors[0]).toContain('UnauthorizedException');
      await transactWrite(notificationItems(buyer.sub, 'Through Amplify', 'hello', new Date().toISOString()));
      const [event] = await eventually(
        async () => received,
        (r) => r.length > 0,
      );
      expect(event).toMatchObject({ type: 'notification', notification: { title: 'Through Amplify', user_id: buyer.sub } });
    } finally {
      subscription.unsubscribe();
      own.close();
      other.close();
      global.WebSocket = before;
    }
  });
});
