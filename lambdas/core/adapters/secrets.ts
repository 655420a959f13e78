import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManager } from './aws';
import { type EnvName, optionalEnv, requireEnv } from './env';

/**
 * The product's secrets. In AWS each is a Secrets Manager secret whose ARN CDK passes in; locally
 * the local cloud passes the value itself. Read once per container, never logged.
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

const cache = new Map<SecretName, Promise<string>>();

export function getSecret(name: SecretName): Promise<string> {
  let value = cache.get(name);
  if (!value) {
    value = load(name);
    cache.set(name, value);
    value.catch(() => cache.delete(name));
  }
  return value;
}

async function load(name: SecretName): Promise<string> {
  const local = optionalEnv(secretSources[name].value);
  if (local) return local;
  const { SecretString } = await secretsManager().send(
    new GetSecretValueCommand({ SecretId: requireEnv(secretSources[name].arn) }),
  );
  if (!SecretString) throw new Error(`Secret ${name} is empty`);
  return SecretString;
}
