import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSend, TimeoutError } from '../../lambdas/core/adapters/http-transport';
import { close, listen, readBody } from '../../lib/local/http-util';

/**
 * The transport of the functions' calls that have no SDK client (the payment provider, siteverify,
 * the realtime publish), against a real local server: kept connections, the deadline, and which
 * failed calls are sent again.
 */
let server: Server;
let base: string;
let connections = 0;
let requests: Array<{ method?: string; url?: string; body: string }> = [];
/** How the server answers the next requests (the default answers JSON at once). */
let behave: Array<(response: ServerResponse) => void> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      requests.push({ method: request.method, url: request.url, body: body.toString('utf8') });
      const next = behave.shift();
      if (next) next(response);
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.on('connection', () => {
    connections++;
  });
  base = `http://127.0.0.1:${await listen(server, 0)}`;
});

afterAll(async () => {
  await close(server);
});

function reset() {
  requests = [];
  behave = [];
}

describe('httpSend', () => {
  it('sends the method, headers, body and query as given, answers status and text, and keeps one connection for a run of calls', async () => {
    reset();
    const before = connections;
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        await httpSend(new URL(`${base}/v3/transactions/verify_by_reference?tx_ref=ESC-1%2B2&page=${i}`), {
          method: i % 2 ? 'POST' : 'GET',
          headers: { 'content-type': 'application/json' },
          body: i % 2 ? '{"a":"é"}' : undefined,
        }),
      );
    expect(answers.map((a) => [a.status, a.text, a.headers['content-type']])).toEqual(
      Array(4).fill([200, '{"ok":true}', 'application/json']),
    );
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/v3/transactions/verify_by_reference?tx_ref=ESC-1%2B2&page=0', ''],
      ['POST', '/v3/transactions/verify_by_reference?tx_ref=ESC-1%2B2&page=1', '{"a":"é"}'],
      ['GET', '/v3/transactions/verify_by_reference?tx_ref=ESC-1%2B2&page=2', ''],
      ['POST', '/v3/transactions/verify_by_reference?tx_ref=ESC-1%2B2&page=3', '{"a":"é"}'],
    ]);
    expect(connections - before).toBe(1);
  });

  it('gives up with a TimeoutError when the answer, its body included, takes longer than allowed', async () => {
    reset();
    // Headers at once, then the body stalls.
    behave = [(response) => response.writeHead(200, { 'content-type': 'application/json' }).write('{"ok":')];
    const started = Date.now();
    const slow = httpSend(new URL(`${base}/slow`), { method: 'GET', timeoutMs: 200 });
    await expect(slow).rejects.toBeInstanceOf(TimeoutError);
    await expect(slow).rejects.toThrow('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Nothing waits on the stalled request: the next call is answered.
    expect((await httpSend(new URL(`${base}/next`), { method: 'GET', timeoutMs: 1_000 })).status).toBe(200);
  });

  it('sends a GET once more after its connection was reset before any answer, never a POST', async () => {
    reset();
    behave = [(response) => response.socket?.destroy()];
    expect((await httpSend(new URL(`${base}/read`), { method: 'GET' })).text).toBe('{"ok":true}');
    expect(requests.map((r) => r.url)).toEqual(['/read', '/read']);

    reset();
    behave = [(response) => response.socket?.destroy()];
    await expect(httpSend(new URL(`${base}/write`), { method: 'POST', body: '{}' })).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(requests.map((r) => r.url)).toEqual(['/write']);
  });
});
