import { fromEnv } from '@aws-sdk/credential-provider-env';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { type EndpointName, optionalEnv } from './env';
import { tracer } from './tracer';

/**
 * What every AWS SDK client of the functions is made with, one module per service using it
 * (email.ts, workflow.ts, cognito.ts, secrets.ts, dynamodb.ts). Each client is made once per
 * container, at its first use ({@link clientAt}): nothing is built when a handler is imported.
 * Each is traced with Powertools' `captureAWSv3Client` (tracer.ts).
 */

/** A value made at its first use, then the same one for the life of the container. */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

// The SDK's default chain (in a function's bundle only the environment: adapters/credentials.ts),
// made once: it keeps what it found until it expires.
const chain = lazily(() => defaultProvider());

/**
 * The credentials of a call, read when it is signed: the environment's keys when it has them,
 * otherwise the default chain (ops' scripts with their profiles). Read at each call because the
 * local cloud runs every function in one process, each invocation with its own role's keys in its
 * own view of the environment (lib/local/iam/function-context.ts): a client that kept the first
 * keys it saw would call as another function. `memoized` tells the SDK not to keep them itself
 * (@aws-sdk/core's AwsSdkSigV4Memoized); the chain keeps its own, and the environment costs nothing to read.
 */
export const credentials = Object.assign(() => (process.env.AWS_ACCESS_KEY_ID ? fromEnv()() : chain()()), { memoized: true });

/**
 * The configuration of a client of the service whose local stand-in `endpoint` names: the
 * stand-in's address when the local cloud set it, AWS's own otherwise (unset in AWS).
 */
export function awsClientConfig(endpoint: EndpointName) {
  const local = optionalEnv(endpoint);
  return {
    credentials,
    ...(local ? { endpoint: local } : {}),
    // Where the clients go is the environment names' business alone (env.ts), not AWS_ENDPOINT_URL_*
    // or a profile's `endpoint_url`, which the SDK would otherwise look up (a file read) at the first call.
    ignoreConfiguredEndpointUrls: true,
  };
}

/**
 * The client of one service for this container: made at its first use with {@link awsClientConfig}
 * and kept, so its connections serve the next invocations. Made again only when the stand-in's
 * address or the region changes, which happens only in a test process that starts a second local
 * cloud (in AWS neither changes for the life of a container).
 *
 * Each adapter calls it at its top level marked as pure (`@__PURE__`): the call has no effect until the
 * getter is used, and the mark lets the bundler drop a client a function never uses (without it,
 * every function importing an adapter module carried that service's whole client: about 100 KiB,
 * and the infra test's grants-against-code check read an SES client as sending email).
 */
export function clientAt<Client extends { destroy(): void }>(
  endpoint: EndpointName,
  make: (config: ReturnType<typeof awsClientConfig>) => Client,
): () => Client {
  let made: { at: string; client: Client } | undefined;
  return () => {
    const at = `${optionalEnv(endpoint) ?? ''} ${process.env.AWS_REGION ?? ''}`;
    if (made?.at !== at) {
      made?.client.destroy();
      made = { at, client: tracer().captureAWSv3Client(make(awsClientConfig(endpoint))) };
    }
    return made.client;
  };
}
