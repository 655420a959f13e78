import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import WebSocket from 'ws';
import { realtimeChannelResponseSchema } from '../../lambdas/core/api/notifications';
import type { LocalCloud } from '../../lib/local/index';
import { apiRequest } from './http';

/**
 * A raw AppSync Events WebSocket client for the tests (what Amplify's `events` sends, message by
 * message), so a test can be two people at once and see every frame, refusals included. It
 * trusts the local stand-in's self-signed certificate.
 */

export type Frame = {
  type: string;
  id?: string;
  event?: string;
  errors?: Array<{ errorType: string; message?: string }>;
} & Record<string, unknown>;

export interface EventsSocket {
  /** Every frame received so far, in order. */
  frames: Frame[];
  /** Resolves with the first frame (from now or already received) that `match` accepts. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** `connection_init`, then the server's answer: `connection_ack` or `connection_error`. */
  init(): Promise<Frame>;
  /** Subscribes to `channel` with `accessToken` (the connection's own unless given); answers its success or error frame. */
  subscribe(channel: string, accessToken?: string): Promise<Frame & { id: string }>;
  send(message: Record<string, unknown>): void;
  /** Resolves when the server has closed the socket. */
  closed: Promise<number>;
  close(): void;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Opens a socket as Amplify does: the protocol's subprotocol and the auth header as a second one (none without a token). */
export async function openEvents(cloud: LocalCloud, accessToken?: string): Promise<EventsSocket> {
  const host = new URL(cloud.events.httpEndpoint).host;
  const protocols = [
    'aws-appsync-event-ws',
    ...(accessToken ? [`header-${base64url({ Authorization: accessToken, host })}`] : []),
  ];
  const socket = new WebSocket(cloud.events.realtimeEndpoint, protocols, { ca: cloud.events.certificate });
  const frames: Frame[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const wake of waiting) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const next = (match: (frame: Frame) => boolean, timeoutMs = 5_000) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (!found) return false;
        waiting.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`));
      }, timeoutMs);
      if (!check()) waiting.add(check);
    });
  const send = (message: Record<string, unknown>) => socket.send(JSON.stringify(message));

  return {
    frames,
    next,
    send,
    closed,
    close: () => socket.close(),
    init: () => {
      send({ type: 'connection_init' });
      return next((f) => f.type === 'connection_ack' || f.type === 'connection_error');
    },
    subscribe: async (channel, token = accessToken) => {
      const id = randomUUID();
      send({ type: 'subscribe', id, channel, authorization: token ? { Authorization: token, host } : { host } });
      return (await next((f) => f.id === id && (f.type === 'subscribe_success' || f.type === 'subscribe_error'))) as Frame & {
        id: string;
      };
    },
  };
}

/** A `POST /event` as a browser would send it, with a person's token instead of a SigV4 signature. */
export function postAsBrowser(cloud: LocalCloud, accessToken: string, body: unknown): Promise<{ status: number; body: Frame }> {
  return new Promise((resolve, reject) => {
    const req = request(
      cloud.events.httpEndpoint,
      {
        method: 'POST',
        ca: cloud.events.certificate,
        headers: { authorization: accessToken, 'content-type': 'application/json', origin: cloud.appUrl },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Frame }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * The person's realtime channel as the web app learns it (`GET /realtime-channel`): their channel of
 * the account's current session epoch. Throws unless the API answers it.
 */
export async function channelOf(cloud: LocalCloud, who: { token: string }): Promise<string> {
  const answer = await apiRequest(cloud.apiUrl, { method: 'GET', path: '/realtime-channel', token: who.token });
  if (answer.status !== 200) throw new Error(`GET /realtime-channel: ${answer.status} ${answer.text}`);
  return realtimeChannelResponseSchema.parse(answer.json).channel;
}
