import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import * as z from 'zod';
import { close, listen, readBody } from './http-util';
import { AccessDeniedError, type LocalIam, SignatureError } from './iam/authority';

/**
 * AWS AppSync Events on the laptop: no emulator exists, so this speaks its wire protocol to the
 * unchanged Amplify client (aws-amplify/data `events`), as read in its source and AWS's docs.
 *
 * - WebSocket `wss://127.0.0.1:<port>/event/realtime`, subprotocols `aws-appsync-event-ws` and
 *   `header-<base64url JSON>` carrying the caller's token as `Authorization`: `connection_init` ->
 *   `connection_ack` (+ `ka` at once and every `keepAliveMs`), `subscribe` -> `subscribe_success` |
 *   `subscribe_error`, `data`, `unsubscribe` -> `unsubscribe_success`. A connection the authorizer
 *   refuses gets `connection_error` (UnauthorizedException) and is closed.
 * - Connect and subscribe are authorized as the API's AWS_LAMBDA mode does: the stage's Lambda
 *   authorizer (lambdas/events/authorizer.ts) is invoked, through the local cloud's function runner
 *   with its own role (`authorize`), with AppSync's request (the token, `EVENT_CONNECT` or
 *   `EVENT_SUBSCRIBE` with the channel), and only `isAuthorized: true` lets the caller in. Answers
 *   are never cached: the stage's authorizer asks for no cache (ttlOverride 0, and a cache TTL of 0
 *   in CDK: test/infra holds it), so AWS asks it every time too.
 * - A subscription stays open until its client ends it: AppSync has no way to close one from the
 *   server, and neither has this.
 * - HTTP `POST /event` `{ channel, events: [<JSON string>, ...] }` (1-5 events), IAM-only: signed
 *   with SigV4 (service `appsync`) by a principal allowed `appsync:EventPublish` on the channel's
 *   namespace, as the functions sign it in AWS. A browser's token, no signature, or a principal
 *   without the grant is refused (401 UnauthorizedException). No CORS headers: AppSync has no CORS
 *   setting, and the product's browsers never publish (functions do, server-side), so no page needs
 *   to read this endpoint's answers; echoing the caller's Origin, as this did, offered every site more.
 *
 * Amplify forces `wss://` for an endpoint that is not AWS's, so this serves TLS with a certificate
 * for 127.0.0.1 made on first start and kept in the data folder (a browser accepts it once).
 */
export interface LocalEventsOptions {
  port: number;
  region: string;
  /** The local cloud's IAM: who may publish (appsync:EventPublish on a namespace of api `apiId`). */
  iam: LocalIam;
  /** The API's id, which its namespaces' ARNs carry. */
  apiId: string;
  /**
   * Invokes the API's Lambda authorizer with AppSync's request and answers what it returned (as
   * Lambda hands it back: anything), or rejects when the invocation failed.
   */
  authorize: (request: AuthorizerRequest) => Promise<unknown>;
  /** The API's channel namespaces (a channel's first segment). */
  namespaces: readonly string[];
  /** The TLS certificate to present (lib/local/tls.ts). */
  tls: { key: string; cert: string };
  /** How often a connection is sent `ka`. @default 60_000 (Amplify counts a connection stale after 65 s without one) */
  keepAliveMs?: number;
}

/** What AppSync Events sends its Lambda authorizer (AWS_LAMBDA mode) for a connect or a subscribe. */
export interface AuthorizerRequest {
  authorizationToken: string;
  requestContext: {
    apiId: string;
    accountId: string;
    requestId: string;
    operation: 'EVENT_CONNECT' | 'EVENT_SUBSCRIBE';
    /** A subscribe's channel and its namespace; a connect names none (AppSync leaves them out). */
    channelNamespaceName?: string;
    channel?: string;
  };
  requestHeaders: Record<string, string>;
}

export interface LocalEvents {
  /** The HTTP endpoint, as the web app's config and the functions are given it (`https://127.0.0.1:<port>/event`). */
  httpEndpoint: string;
  /** The realtime endpoint Amplify derives from it (`wss://127.0.0.1:<port>/event/realtime`). */
  realtimeEndpoint: string;
  /** The PEM certificate the server presents (self-signed), for clients that must trust it. */
  certificate: string;
  stop(): Promise<void>;
}

// AppSync Events' channel rules: a leading slash, 1-5 segments of up to 50 letters, digits and
// dashes; a subscription may end in the wildcard `*`.
const segmentPattern = /^[A-Za-z0-9-]{1,50}$/;

function channelSegments(path: string, allowWildcard: boolean): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  const segments = path.slice(1).split('/');
  if (segments.length < 1 || segments.length > 5) return undefined;
  const ok = segments.every((s, i) => segmentPattern.test(s) || (allowWildcard && s === '*' && i === segments.length - 1));
  return ok ? segments : undefined;
}

/** Whether an event published to `path` reaches a subscription to `pattern` (exact, or a trailing `*`). */
function matches(pattern: string[], path: string[]): boolean {
  if (pattern.at(-1) === '*') return pattern.slice(0, -1).every((s, i) => s === path[i]) && path.length >= pattern.length;
  return pattern.length === path.length && pattern.every((s, i) => s === path[i]);
}

const publishSchema = z.object({
  channel: z.string().min(2).max(1_000),
  events: z
    .array(z.string().max(240 * 1024))
    .min(1)
    .max(5),
});

const clientMessageSchema = z.looseObject({
  type: z.string(),
  id: z.string().max(128).optional(),
  channel: z.string().max(1_000).optional(),
  authorization: z.looseObject({ Authorization: z.string().optional() }).optional(),
});

interface Connection {
  socket: WebSocket;
  /** Whether the authorizer let the connection in (asked once, while the first messages may already arrive). */
  admitted: Promise<boolean>;
  subscriptions: Map<string, string[]>;
}

/** Only exactly `isAuthorized: true` allows; anything else the authorizer answers refuses. */
const authorizerAnswer = z.looseObject({ isAuthorized: z.literal(true) });

export async function startLocalEvents(options: LocalEventsOptions): Promise<LocalEvents> {
  const namespaces = new Set(options.namespaces);
  const { key, cert } = options.tls;
  const connections = new Set<Connection>();
  const keepAliveMs = options.keepAliveMs ?? 60_000;

  const server: Server = createServer({ key, cert }, (req, res) => {
    publish(req, res).catch(() => reply(res, 500, { errors: [{ errorType: 'InternalFailureException' }] }));
  });
  const sockets = new WebSocketServer({
    noServer: true,
    // The client offers its auth header as a second subprotocol; only the protocol's name is chosen.
    handleProtocols: (protocols) => (protocols.has('aws-appsync-event-ws') ? 'aws-appsync-event-ws' : false),
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'https://local').pathname !== '/event/realtime') {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => accept(ws, req));
  });
  const keepAlive = setInterval(() => {
    for (const c of connections) send(c.socket, { type: 'ka' });
  }, keepAliveMs);
  keepAlive.unref();

  const port = await listen(server, options.port);
  const httpEndpoint = `https://127.0.0.1:${port}/event`;

  /** The auth header in the `header-<base64url JSON>` subprotocol (its `Authorization` is the token), if any. */
  function authHeaderOf(req: IncomingMessage): Record<string, string> | undefined {
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    const header = offered.find((p) => p.startsWith('header-'));
    if (!header) return undefined;
    try {
      const auth = JSON.parse(Buffer.from(header.slice('header-'.length), 'base64url').toString('utf8')) as unknown;
      if (typeof auth !== 'object' || auth === null) return undefined;
      return Object.fromEntries(Object.entries(auth).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return undefined;
    }
  }

  /**
   * Asks the authorizer, as AppSync does for a request carrying `headers` (the `Authorization` one
   * is the token; without it AppSync has nothing to hand the authorizer and refuses). A failed
   * invocation refuses too.
   */
  async function authorized(
    headers: Record<string, string> | undefined,
    operation: AuthorizerRequest['requestContext']['operation'],
    channel?: { path: string; namespace: string },
  ): Promise<boolean> {
    const token = headers?.Authorization;
    if (!token) return false;
    const { Authorization: _token, ...requestHeaders } = headers;
    const request: AuthorizerRequest = {
      authorizationToken: token,
      requestContext: {
        apiId: options.apiId,
        accountId: options.iam.names.accountId,
        requestId: randomUUID(),
        operation,
        ...(channel ? { channelNamespaceName: channel.namespace, channel: channel.path } : {}),
      },
      requestHeaders,
    };
    try {
      return authorizerAnswer.safeParse(await options.authorize(request)).success;
    } catch {
      return false;
    }
  }

  function accept(socket: WebSocket, req: IncomingMessage) {
    const connection: Connection = {
      socket,
      admitted: authorized(authHeaderOf(req), 'EVENT_CONNECT'),
      subscriptions: new Map(),
    };
    // Listening at once (the client sends connection_init as soon as it is open); messages are
    // handled in their order, each after the one before.
    let queue = Promise.resolve();
    socket.on('message', (raw) => {
      // A message that failed unexpectedly is answered as an error; the ones after it are still handled.
      queue = queue
        .then(() => onMessage(connection, raw.toString()))
        .catch(() =>
          send(socket, { type: 'error', errors: [{ errorType: 'InternalFailureException', message: 'Not handled.' }] }),
        );
    });
    socket.on('close', () => connections.delete(connection));
    socket.on('error', () => connections.delete(connection));
  }

  async function onMessage(connection: Connection, raw: string) {
    let message: z.infer<typeof clientMessageSchema>;
    try {
      message = clientMessageSchema.parse(JSON.parse(raw));
    } catch {
      send(connection.socket, { type: 'error', errors: [{ errorType: 'BadRequestException', message: 'Not a message.' }] });
      return;
    }
    const { socket } = connection;
    switch (message.type) {
      case 'connection_init':
        if (!(await connection.admitted)) {
          send(socket, {
            type: 'connection_error',
            errors: [
              { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', errorCode: 401 },
            ],
          });
          socket.close(1000);
          return;
        }
        connections.add(connection);
        send(socket, { type: 'connection_ack', connectionTimeoutMs: 300_000 });
        send(socket, { type: 'ka' });
        return;
      case 'subscribe':
        return subscribe(connection, message);
      case 'unsubscribe':
        if (message.id) connection.subscriptions.delete(message.id);
        send(socket, { type: 'unsubscribe_success', id: message.id });
        return;
      case 'publish':
        // Publishing is IAM-only: never from a person's connection.
        send(socket, {
          type: 'publish_error',
          id: message.id,
          errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }],
        });
        return;
      default:
        send(socket, { type: 'error', id: message.id, errors: [{ errorType: 'UnsupportedOperation', message: message.type }] });
    }
  }

  async function subscribe(connection: Connection, message: z.infer<typeof clientMessageSchema>) {
    const refuse = (errorType: string, text: string) =>
      send(connection.socket, { type: 'subscribe_error', id: message.id, errors: [{ errorType, message: text }] });
    if (!connections.has(connection) || !message.id || !message.channel)
      return refuse('BadRequestException', 'A subscription needs an id and a channel, after connection_init.');
    const segments = channelSegments(message.channel, true);
    const namespace = segments?.[0] ?? '';
    if (!segments || !namespaces.has(namespace)) return refuse('BadRequestException', `Invalid channel ${message.channel}.`);
    // Each subscription carries its own authorization, which the authorizer is asked about with its channel.
    const headers = message.authorization
      ? Object.fromEntries(Object.entries(message.authorization).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
    if (!(await authorized(headers, 'EVENT_SUBSCRIBE', { path: message.channel, namespace })))
      return refuse('UnauthorizedException', 'You are not authorized to make this call.');
    connection.subscriptions.set(message.id, segments);
    send(connection.socket, { type: 'subscribe_success', id: message.id });
  }

  async function publish(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'https://local').pathname;
    if (req.method === 'GET' && path === '/') {
      // Where a person accepts the certificate (docs/local-cloud.md, "Realtime updates locally").
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Realtime updates: certificate accepted. Go back to the app and reload it.\n');
      return;
    }
    if (req.method !== 'POST' || path !== '/event') return reply(res, 404, { errors: [{ errorType: 'NotFoundException' }] });
    const body = await readBody(req, 2 * 1024 * 1024);
    let principal: Awaited<ReturnType<LocalIam['authenticate']>>;
    try {
      principal = await options.iam.authenticate(
        { method: 'POST', url: req.url ?? '/event', headers: req.headers, body },
        'appsync',
      );
    } catch (error) {
      const message = error instanceof SignatureError ? error.message : 'You are not authorized to make this call.';
      return reply(res, 401, { errors: [{ errorType: 'UnauthorizedException', message }] });
    }
    let input: z.infer<typeof publishSchema>;
    try {
      input = publishSchema.parse(JSON.parse(body.toString('utf8')));
    } catch {
      return reply(res, 400, {
        errors: [{ errorType: 'BadRequestException', message: 'Expected { channel, events: [1-5 strings] }.' }],
      });
    }
    const segments = channelSegments(input.channel, false);
    if (!segments || !namespaces.has(segments[0] ?? ''))
      return reply(res, 400, { errors: [{ errorType: 'BadRequestException', message: `Invalid channel ${input.channel}.` }] });
    const { region, accountId } = options.iam.names;
    const namespaceArn = `arn:aws:appsync:${region}:${accountId}:apis/${options.apiId}/channelNamespace/${segments[0]}`;
    try {
      await options.iam.authorize(principal, [{ action: 'appsync:EventPublish', resource: namespaceArn }]);
    } catch (error) {
      if (!(error instanceof AccessDeniedError)) throw error;
      return reply(res, 401, { errors: [{ errorType: 'UnauthorizedException', message: error.message }] });
    }
    const successful = input.events.map((event, index) => {
      for (const c of connections)
        for (const [id, pattern] of c.subscriptions) if (matches(pattern, segments)) send(c.socket, { type: 'data', id, event });
      return { identifier: randomUUID(), index };
    });
    reply(res, 200, { successful, failed: [] });
  }

  return {
    httpEndpoint,
    realtimeEndpoint: `wss://127.0.0.1:${port}/event/realtime`,
    certificate: cert,
    stop: async () => {
      clearInterval(keepAlive);
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      await close(server);
    },
  };
}

function send(socket: WebSocket, message: Record<string, unknown>): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
