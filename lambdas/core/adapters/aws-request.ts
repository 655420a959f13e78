import { SignatureV4 } from '@smithy/signature-v4';
import { defaultProvider } from './credentials';
import { type EnvName, optionalEnv } from './env';
import { Sha256 } from './sha256';

/**
 * One SigV4-signed JSON request to an AWS service, over fetch (kept-alive connections, one pool
 * per container). Hand-written for the calls a function makes one of, where the SDK client costs
 * far more than the call: SES v2's client carries every operation's schema (about 60 KiB of each
 * emailing function's bundle, against a few hundred bytes here). The signer is the SDK's own
 * (@smithy/signature-v4), so the request is signed exactly as the SDK signs it.
 */

/** An error answered by the service: its name is the service's error type (MessageRejected, ...). */
export class AwsServiceError extends Error {
  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * Told of every request made here once answered (the cost bench counts AWS calls made without an
 * SDK client this way, as it counts the clients' calls with a middleware; scripts/aws-calls.ts).
 */
export const awsRequestObservers = new Set<(call: { service: string; path: string; ms: number }) => void>();

const signers = new Map<string, SignatureV4>();

function signerFor(service: string, region: string): SignatureV4 {
  const key = `${service}:${region}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = new SignatureV4({ credentials: defaultProvider(), region, service, sha256: Sha256, uriEscapePath: true });
    signers.set(key, signer);
  }
  return signer;
}

/** The service's error type from its answer (REST JSON: the x-amzn-errortype header, or `__type`/`code` in the body). */
function errorName(headers: Headers, body: Record<string, unknown>): string {
  const raw = headers.get('x-amzn-errortype') ?? String(body.__type ?? body.code ?? body.Code ?? 'AwsServiceError');
  // "MessageRejected:http://internal.amazon.com/..." or "com.amazon...#MessageRejected": the bare name.
  return raw.split(':')[0]?.split('#').pop() || 'AwsServiceError';
}

/**
 * Sends `body` as JSON to `path` of `service` (its signing name) in the function's region, at the
 * endpoint the environment names (`endpointEnv`: a local stand-in) or AWS's own `https://<host>`.
 * Answers the parsed JSON body; throws AwsServiceError for an error answer.
 */
export async function awsJsonRequest(call: {
  service: string;
  host: string;
  endpointEnv: EnvName;
  method: 'POST' | 'GET';
  path: string;
  body?: unknown;
}): Promise<Record<string, unknown>> {
  const region = String(process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1');
  const url = new URL(call.path, optionalEnv(call.endpointEnv) ?? `https://${call.host.replace('{region}', region)}`);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const signed = await signerFor(call.service, region).sign({
    method: call.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: { host: url.host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body,
  });
  const { host: _host, ...headers } = signed.headers as Record<string, string>;
  const started = performance.now();
  const response = await fetch(url, { method: call.method, headers, body });
  const text = await response.text();
  for (const observe of awsRequestObservers)
    observe({ service: call.service, path: url.pathname, ms: performance.now() - started });
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { message: text.slice(0, 500) };
  }
  if (!response.ok)
    throw new AwsServiceError(
      errorName(response.headers, parsed),
      String(parsed.message ?? parsed.Message ?? `HTTP ${response.status}`),
      response.status,
    );
  return parsed;
}
