import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientAt } from './aws-client';
import { type EnvName, optionalEnv, requireEnv } from './env';

/**
 * The product's secrets: each a Secrets Manager secret whose ARN CDK passes to the functions it
 * grants it to (the local cloud's Secrets Manager serves the same ARNs). Never logged; kept for
 * {@link secretTtlMs} so a value put by ops (`aws secretsmanager put-secret-value`) is seen within
 * minutes, not at the next cold start. A unit test may set a value itself (`value`).
 */
export const secretSources = {
  /** HMAC key: sign-up tickets, one-time-code hashes, decoy questions. */
  app: { value: 'appSecret', arn: 'appSecretArn' },
  /** reCAPTCHA v3 secret key. */
  captcha: { value: 'captchaSecret', arn: 'captchaSecretArn' },
  /** Flutterwave v3 secret key (Authorization: Bearer). */
  flutterwaveSecretKey: { value: 'flutterwaveSecretKey', arn: 'flutterwaveSecretKeyArn' },
  /** Flutterwave webhook secret hash, compared with each webhook's `verif-hash`. */
  flutterwaveWebhookHash: { value: 'flutterwaveWebhookHash', arn: 'flutterwaveWebhookHashArn' },
} as const satisfies Record<string, { value: EnvName; arn: EnvName }>;

export type SecretName = keyof typeof secretSources;

/** How long a secret read from Secrets Manager is used before it is read again. */
export const secretTtlMs = 5 * 60_000;

export const secretsManager = /* @__PURE__ */ clientAt('secretsManagerEndpoint', (config) => new SecretsManagerClient(config));

const cache = new Map<string, { value: Promise<string>; readAt: number }>();

export function getSecret(name: SecretName, now = Date.now()): Promise<string> {
  // Kept per function: in Lambda a process runs one function; the local cloud runs them all in one
  // process, where a value read by one function must not reach another that may not read it.
  const key = `${process.env.AWS_LAMBDA_FUNCTION_NAME ?? ''}:${name}`;
  const cached = cache.get(key);
  if (cached && now - cached.readAt < secretTtlMs) return cached.value;
  const value = load(name);
  cache.set(key, { value, readAt: now });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

async function load(name: SecretName): Promise<string> {
  const local = optionalEnv(secretSources[name].value);
  if (local) return local;
  const { SecretString } = await secretsManager()
    .send(new GetSecretValueCommand({ SecretId: requireEnv(secretSources[name].arn) }))
    .catch((error: unknown) => {
      // A provider's key is created empty: until ops put it there is no AWSCURRENT version.
      if ((error as Error).name === 'ResourceNotFoundException')
        throw new Error(
          `Secret ${name} has no value yet: put it with aws secretsmanager put-secret-value (README, Deploying a stage)`,
        );
      throw error;
    });
  if (typeof SecretString !== 'string' || !SecretString) throw new Error(`Secret ${name} is empty`);
  return SecretString;
}
