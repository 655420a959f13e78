import { HttpRequest } from '@smithy/core/protocols';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { tracer } from './tracer';

/**
 * The functions' HTTP calls that are not an AWS SDK client's: the payment provider
 * (flutterwave/client.ts), reCAPTCHA's siteverify (captcha.ts) and the AppSync Events publish
 * (events.ts). Sent by the SDK's own transport, @smithy/node-http-handler's NodeHttpHandler over
 * node:http(s), which the SDK clients already put in every function's bundle (about 7 KiB alone).
 * Not Node's fetch, measured on this machine with the bundling settings (lib/bundling.ts): both
 * keep one connection alive for a run of calls, but fetch is undici, which Node loads and compiles
 * at the first call (about 100 ms more of a cold start's first call than this handler), and it takes
 * no certificate of its own to trust without undici's own Agent (the events stand-in's, below).
 */

/** What came back: the status, the headers (lower-case names) and the whole body as text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A request that ran past its time: named as fetch names it, so callers tell it apart. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** What a request is: its method, headers and body, how long its answer may take, and a certificate to trust instead of the system's. */
export interface HttpRequestInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** For the whole answer, its body included. */
  timeoutMs?: number;
  /** The one PEM certificate to trust, in place of the system's (a local stand-in's self-signed one; never set in AWS). */
  ca?: string;
}

// Kept connections are dropped after 4 s idle (as fetch drops them), before most servers close
// them on their side; the handler keeps them alive (its agents' keepAlive) across invocations.
const idleAgent = { keepAlive: true, timeout: 4_000 };

/** Made at the first request, then kept for the container: its connections serve the next invocation. */
let shared: NodeHttpHandler | undefined;
// A local stand-in's self-signed certificate (the AppSync Events stand-in's): its own handler and
// connections, made again when the stand-in restarts with a new certificate.
let trusting: { ca: string; handler: NodeHttpHandler } | undefined;

function handlerFor(ca: string | undefined): NodeHttpHandler {
  // Made before the first request, so that in Lambda it traces this handler's node:http(s) calls.
  tracer();
  if (!ca) {
    shared ??= new NodeHttpHandler({ httpAgent: idleAgent, httpsAgent: idleAgent });
    return shared;
  }
  if (trusting?.ca !== ca) {
    trusting?.handler.destroy();
    trusting = { ca, handler: new NodeHttpHandler({ httpsAgent: { ...idleAgent, ca } }) };
  }
  return trusting.handler;
}

/**
 * Sends the request and reads the whole answer; rejects when there is no answer (or none within
 * `timeoutMs`, the body included: a TimeoutError). A kept connection the server had closed
 * meanwhile (a function frozen between invocations) fails with a reset before any answer: a GET is
 * then sent once more, on a new connection, as Node's documentation advises. Other methods are not:
 * the same error could also mean the server took the request and failed after; their callers
 * decide (a provider call is "unavailable" and asked again later under its reference).
 */
export async function httpSend(url: URL, init: HttpRequestInit): Promise<HttpAnswer> {
  try {
    return await sendOnce(url, init);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (init.method !== 'GET' || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
    return sendOnce(url, init);
  }
}

async function sendOnce(url: URL, init: HttpRequestInit): Promise<HttpAnswer> {
  const abort = new AbortController();
  const timer =
    init.timeoutMs === undefined
      ? undefined
      : setTimeout(() => abort.abort(new TimeoutError(`no answer within ${init.timeoutMs} ms`)), init.timeoutMs);
  try {
    const { response } = await handlerFor(init.ca).handle(
      new HttpRequest({
        method: init.method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        // The query as the URL writes it (no query object: the handler would encode it again).
        path: `${url.pathname}${url.search}`,
        headers: {
          ...init.headers,
          ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
        },
        body: init.body,
      }),
      { abortSignal: abort.signal },
    );
    // The body arrives after the headers: the same deadline covers it (the abort destroys the request).
    const chunks: Buffer[] = [];
    for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return { status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    throw abort.signal.aborted ? abort.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}
