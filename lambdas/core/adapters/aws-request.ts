import type { IncomingHttpHeaders } from 'node:http';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { sleep } from '../domain/backoff';
import { type EnvName, optionalEnv } from './env';
import { type HttpAnswer, httpSend } from './http-client';
import { Sha256 } from './sha256';

/**
 * One SigV4-signed JSON request to an AWS service, over node:http(s) with kept-alive connections
 * (http-client.ts). Hand-written because every schema-based SDK client carries its service's whole
 * model and the SDK's protocol, serde, endpoint and retry machinery (`@smithy/core`): the DynamoDB
 * client about 160 KiB of every function's bundle, Cognito's about 35 more, SES v2 about 60, Step
 * Functions 22, Secrets Manager 13, against a few hundred bytes per service here (issue 24's
 * bundle budget). The signer is the SDK's own (@smithy/signature-v4), so the request is signed
 * exactly as the SDK signs it, and failed attempts are retried as the SDK's standard strategy
 * does (see `send`). Two shapes: REST JSON (SES v2: a path) and the JSON protocol (DynamoDB, Cognito,
 * Step Functions, Secrets Manager: `POST /` with `x-amz-target: <prefix>.<Operation>`).
 *
 * Credentials: the SDK's default chain when run unbundled (ops' scripts with their profiles, the
 * local cloud); a function's bundle takes adapters/credentials.ts for that package (lib/bundling.ts):
 * the environment Lambda sets for the function's role, and nothing else.
 */

/**
 * An error answered by the service: its name is the service's error type (ConditionalCheckFailedException,
 * MessageRejected, ...), `details` the rest of its answer (DynamoDB's CancellationReasons, ...).
 */
export class AwsServiceError extends Error {
  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * The SDK's standard retry strategy (@smithy/util-retry), which the clients we replaced applied to
 * every call: 3 attempts; a throttled answer, a 5xx or a connection that failed is tried again
 * after a random wait of up to base × 2^attempt ms (100 ms base, 500 for throttling, 20 s at most).
 * Anything else (a refused condition, a validation error) is answered at once. Mutable only for
 * tests, which set `baseMs` to 0 so no test sleeps.
 */
export const awsRetry = { maxAttempts: 3, baseMs: 100, throttledBaseMs: 500, maxDelayMs: 20_000 };

/** The error types the SDK retries as throttling (@smithy/service-error-classification). */
const throttlingErrors = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);

/** The error types the SDK retries as transient, whatever their status. */
const transientErrors = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

/**
 * Told of every request made here once answered, with what was asked and answered: the cost and
 * load benches count the functions' AWS calls this way (scripts/aws-calls.ts), tests what a
 * handler read. Never told of a failed call.
 */
export const awsRequestObservers = new Set<
  (call: { service: string; operation: string; ms: number; request: unknown; answer: Record<string, unknown> }) => void
>();

const signers = new Map<string, SignatureV4>();

/**
 * The environment's keys when it has them, read at each signing (a test's local cloud sets them);
 * otherwise the default chain, which keeps what it found until it expires.
 */
function credentialsProvider() {
  const environment = fromEnv();
  const chain = defaultProvider();
  return () => (process.env.AWS_ACCESS_KEY_ID ? environment() : chain());
}

function signerFor(service: string, region: string): SignatureV4 {
  const key = `${service}:${region}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = new SignatureV4({ credentials: credentialsProvider(), region, service, sha256: Sha256, uriEscapePath: true });
    signers.set(key, signer);
  }
  return signer;
}

const withoutHost = ({ host: _host, ...rest }: Record<string, string>) => rest;

/**
 * The headers of a request to `url` signed for `service` (its signing name) in `region` with the
 * function's credentials (SigV4), to send as they are: the host header is left to the connection.
 */
export async function signedHeaders(
  service: string,
  region: string,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Record<string, string>> {
  const signed = await signerFor(service, region).sign({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: { ...headers, host: url.host },
    body,
  });
  return withoutHost(signed.headers as Record<string, string>);
}

/** The service's error type from its answer (REST JSON: the x-amzn-errortype header, or `__type`/`code` in the body). */
function errorName(headers: IncomingHttpHeaders, body: Record<string, unknown>): string {
  const header = headers['x-amzn-errortype'];
  const raw =
    (typeof header === 'string' ? header : undefined) ?? String(body.__type ?? body.code ?? body.Code ?? 'AwsServiceError');
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
  /** An operation AWS answers without a signature (Cognito's SignUp), sent unsigned as the SDK sends it. */
  unsigned?: boolean;
}): Promise<Record<string, unknown>> {
  const region = String(process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1');
  const local = call.endpointEnv ? optionalEnv(call.endpointEnv) : undefined;
  const url = new URL(call.path, local ?? `https://${call.host.replace('{region}', region)}`);
  const contentType = call.target ? `application/x-amz-json-${call.target.version}` : 'application/json';
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const operation = call.target?.name.split('.').pop() ?? url.pathname;
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    const headers: Record<string, string> = {
      host: url.host,
      ...(body === undefined ? {} : { 'content-type': contentType }),
      ...(call.target ? { 'x-amz-target': call.target.name } : {}),
    };
    // Signed again for each attempt: a signature carries its time.
    const sent = call.unsigned
      ? withoutHost(headers)
      : await signedHeaders(call.service, region, url, call.method, headers, body);
    let outcome: { answer: Record<string, unknown> } | { error: Error; retry: 'transient' | 'throttled' | false };
    try {
      outcome = answerOf(await httpSend(url, { method: call.method, headers: sent, body }));
    } catch (error) {
      // No answer: no connection, or it broke before the answer came.
      outcome = { error: error as Error, retry: 'transient' };
    }
    if ('answer' in outcome) {
      for (const observe of awsRequestObservers)
        observe({
          service: call.service,
          operation,
          ms: performance.now() - started,
          request: call.body,
          answer: outcome.answer,
        });
      return outcome.answer;
    }
    if (!outcome.retry || attempt >= awsRetry.maxAttempts) throw outcome.error;
    const base = outcome.retry === 'throttled' ? awsRetry.throttledBaseMs : awsRetry.baseMs;
    await sleep(Math.min(awsRetry.maxDelayMs, Math.random() * 2 ** attempt * base));
  }
}

/** The parsed answer, or the service's error and whether the SDK would try again. */
function answerOf({
  status,
  headers,
  text,
}: HttpAnswer): { answer: Record<string, unknown> } | { error: AwsServiceError; retry: 'transient' | 'throttled' | false } {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { message: text.slice(0, 500) };
  }
  if (status >= 200 && status < 300) return { answer: parsed };
  const name = errorName(headers, parsed);
  const error = new AwsServiceError(name, String(parsed.message ?? parsed.Message ?? `HTTP ${status}`), status, parsed);
  const throttled = status === 429 || throttlingErrors.has(name);
  const transient = status >= 500 || transientErrors.has(name);
  return { error, retry: throttled ? 'throttled' : transient ? 'transient' : false };
}
