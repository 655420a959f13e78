import { SignatureV4 } from '@smithy/signature-v4';
import { defaultProvider } from './credentials';
import { type EnvName, optionalEnv } from './env';
import { Sha256 } from './sha256';

/**
 * One SigV4-signed JSON request to an AWS service, over fetch (kept-alive connections, one pool
 * per container). Hand-written for the calls a function makes one of, where the SDK client costs
 * far more than the call: each schema-based client carries every operation's schema and its
 * protocol (SES v2 about 60 KiB of each emailing function's bundle, Step Functions about 22,
 * Secrets Manager about 13, against a few hundred bytes here). The signer is the SDK's own
 * (@smithy/signature-v4), so the request is signed exactly as the SDK signs it. Two shapes: REST
 * JSON (SES v2: a path) and the JSON protocol (Step Functions, Secrets Manager: `POST /` with
 * `x-amz-target: <prefix>.<Operation>`).
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
export const awsRequestObservers = new Set<(call: { service: string; operation: string; ms: number }) => void>();

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
  /** Where a local stand-in is (unset in AWS); none for a service only AWS has. */
  endpointEnv?: EnvName;
  method: 'POST' | 'GET';
  path: string;
  body?: unknown;
  /** The JSON protocol: `x-amz-target` and its content type (`application/x-amz-json-1.0` or `-1.1`). */
  target?: { name: string; version: '1.0' | '1.1' };
}): Promise<Record<string, unknown>> {
  const region = String(process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1');
  const local = call.endpointEnv ? optionalEnv(call.endpointEnv) : undefined;
  const url = new URL(call.path, local ?? `https://${call.host.replace('{region}', region)}`);
  const contentType = call.target ? `application/x-amz-json-${call.target.version}` : 'application/json';
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const signed = await signerFor(call.service, region).sign({
    method: call.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {
      host: url.host,
      ...(body === undefined ? {} : { 'content-type': contentType }),
      ...(call.target ? { 'x-amz-target': call.target.name } : {}),
    },
    body,
  });
  const { host: _host, ...headers } = signed.headers as Record<string, string>;
  const started = performance.now();
  const response = await fetch(url, { method: call.method, headers, body });
  const text = await response.text();
  const operation = call.target?.name.split('.').pop() ?? url.pathname;
  for (const observe of awsRequestObservers) observe({ service: call.service, operation, ms: performance.now() - started });
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
