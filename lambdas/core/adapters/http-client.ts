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

// Made once per container: its connections are kept for the next invocation, and dropped after
// 4 s idle (as fetch drops them), before most servers close them on their side.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: 4_000 }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: 4_000 }),
};

// A local stand-in's self-signed certificate (the AppSync Events stand-in's): its own pool, made
// again when the stand-in restarts with a new certificate.
let trusting: { ca: string; agent: HttpsAgent } | undefined;

function httpsAgentTrusting(ca: string): HttpsAgent {
  if (trusting?.ca === ca) return trusting.agent;
  trusting?.agent.destroy();
  trusting = { ca, agent: new HttpsAgent({ keepAlive: true, timeout: 4_000, ca }) };
  return trusting.agent;
}

/** What a request is: its method, headers and body, how long its answer may take, and a certificate to trust instead of the system's. */
export interface HttpRequestInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** The one PEM certificate to trust, in place of the system's (a local stand-in's self-signed one; never set in AWS). */
  ca?: string;
}

/**
 * Sends the request and reads the whole answer; rejects when there is no answer (or none within
 * `timeoutMs`, the body included). A kept connection the server had closed meanwhile (a function
 * frozen between invocations) fails before the request reached it: a GET is then sent again, once,
 * on a new connection, as Node's documentation advises. Other methods are not: the same error could
 * also mean the server took the request and failed after; their callers decide (the AWS requests
 * retry as the SDK does, a provider call is "unavailable" and asked again later under its reference).
 */
export async function httpSend(url: URL, init: HttpRequestInit): Promise<HttpAnswer> {
  try {
    return await sendOnce(url, init);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    // Not sent again: thrown as Node reported it.
    if (init.method !== 'GET') throw error.cause;
    return sendOnce(url, init);
  }
}

/** The kept connection a request was sent on was closed by the server before it answered anything. */
class StaleConnectionError extends Error {}

function sendOnce(url: URL, init: HttpRequestInit): Promise<HttpAnswer> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = {
      ...init.headers,
      ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
    };
    const agent = protocol === 'https:' && init.ca ? httpsAgentTrusting(init.ca) : agents[protocol];
    const request = send(url, { method: init.method, headers, agent }, (response) => {
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
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const stale = request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new StaleConnectionError(error.message, { cause: error }) : error);
    });
    request.end(init.body);
  });
}
