import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';

/** A body over the limit: the stand-ins answer 413, as API Gateway does past its 10 MB payload cap. */
export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';
}

/** Reads a request body, refusing bodies over the limit (API Gateway's payload cap is 10 MB). */
export async function readBody(req: IncomingMessage, limitBytes = 10 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new PayloadTooLargeError('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A server listening before its handler exists, and what attaches the handler (`createStartingServer`). */
export interface StartingServer {
  server: Server;
  /** Attaches the real handler: every request from now on goes to it. */
  ready(listener: RequestListener): void;
}

/**
 * A server for a stand-in that must listen before its handler can be built (its own URL goes into
 * what the handler is made from: Cognito's issuer, the app's URL in emails). Until `ready`, every
 * request is answered 503 with Retry-After, as a load balancer answers for a target still starting:
 * with no request listener Node accepts a request and never answers it, and the caller hangs.
 */
export function createStartingServer(): StartingServer {
  let handler: RequestListener = (_req, res) => {
    sendJson(res, 503, { error: 'Still starting: try again in a moment' }, { 'retry-after': '1' });
  };
  const server = createServer((req, res) => handler(req, res));
  return {
    server,
    ready: (listener) => {
      handler = listener;
    },
  };
}

/** Listens on loopback only; port 0 picks a free one. Resolves with the bound port. */
export function listen(server: NetServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
