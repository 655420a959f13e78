import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * One HTTP request over Node's own http/https, with kept-alive connections (one pool per protocol
 * and container). Not fetch: Node's fetch is undici, which Node loads and compiles at its first
 * call, about 100 ms of a function's cold start on this machine (`npm run bench -- functions`)
 * against about 10 for node:http, which the runtime has loaded already. The functions' calls are
 * simple (a JSON body, a text answer), so these few lines do them.
 */

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A request that ran past its time: named as fetch names it, so callers tell it apart. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

// Made once per container: its connections are kept for the next invocation.
const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
};

/** Sends the request and reads the whole answer; rejects when there is no answer (or none within `timeoutMs`, the body included). */
export function httpSend(
  url: URL,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<HttpAnswer> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = {
      ...init.headers,
      ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
    };
    const request = send(url, { method: init.method, headers, agent: agents[protocol] }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const timer =
      init.timeoutMs === undefined
        ? undefined
        : setTimeout(() => request.destroy(new TimeoutError(`no answer within ${init.timeoutMs} ms`)), init.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(init.body);
  });
}
