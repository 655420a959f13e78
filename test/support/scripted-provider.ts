import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { envNames } from '../../lambdas/core/adapters/env';
import { listen } from '../../lib/local/http-util';

/** A request the provider adapter made: its full URL (the base included), method and JSON body. */
export interface ScriptedRequest {
  url: string;
  method: string;
  body: unknown;
}

/**
 * A real HTTP server standing for the payment provider in the adapter's unit tests: each request
 * gets the next scripted reply (JSON, with its status) and is recorded; a request with no reply
 * left is answered 599 and recorded, so the test sees it. Registers its own start and stop, and
 * points the adapter at itself (`FLUTTERWAVE_BASE_URL`, a test key).
 */
export function scriptedProvider() {
  let server: Server | undefined;
  let replies: Array<{ status: number; body: unknown }> = [];
  let requests: ScriptedRequest[] = [];
  const provider = {
    /** `<server>/v3`, set once the server listens. */
    baseUrl: '',
    /** Scripts the next replies, in order; answers the requests as they are made. */
    reply(...next: Array<{ status: number; body: unknown }>): ScriptedRequest[] {
      replies = next;
      requests = [];
      return requests;
    },
  };
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        requests.push({
          url: `${provider.baseUrl}${request.url?.replace(/^\/v3/, '')}`,
          method: request.method ?? '',
          body: text ? JSON.parse(text) : undefined,
        });
        const reply = replies.shift() ?? { status: 599, body: { status: 'error', message: `unexpected request ${request.url}` } };
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
    const port = await listen(server, 0);
    provider.baseUrl = `http://127.0.0.1:${port}/v3`;
    process.env[envNames.flutterwaveBaseUrl] = provider.baseUrl;
    process.env[envNames.flutterwaveSecretKey] = 'FLWSECK_TEST-unit';
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return provider;
}
