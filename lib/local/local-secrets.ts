import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LocalSecrets {
  appSecret: string;
  captchaSecret: string;
  flutterwaveSecretKey: string;
  flutterwavePublicKey: string;
  flutterwaveWebhookHash: string;
  /** The secret half of the cloud's AWS credentials (LocalCloud.credentials). */
  awsSecretAccessKey: string;
  /** The user pool's key for its answers about names without an account (CognitoServiceOptions.decoyKey). */
  cognitoDecoyKey: string;
}

/**
 * The local stage's secrets: made up on the first start and kept with the local data (in AWS
 * they live in Secrets Manager; the public key is not secret, it goes to the browser). In memory
 * only when there is no data directory (tests). A secret added later is made up on the next start.
 */
export function localSecrets(file?: string): LocalSecrets {
  // Also a file written before the mode was set, or by hand: private before anything is added.
  if (file && existsSync(file)) chmodSync(file, 0o600);
  const kept: Partial<LocalSecrets> = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: LocalSecrets = {
    appSecret: kept.appSecret ?? randomBytes(32).toString('base64url'),
    captchaSecret: kept.captchaSecret ?? randomBytes(24).toString('base64url'),
    // The provider's key formats, so a key pasted into the wrong place is recognisable.
    flutterwaveSecretKey: kept.flutterwaveSecretKey ?? `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`,
    flutterwavePublicKey: kept.flutterwavePublicKey ?? `FLWPUBK_TEST-${randomBytes(16).toString('hex')}-X`,
    flutterwaveWebhookHash: kept.flutterwaveWebhookHash ?? randomBytes(24).toString('base64url'),
    // Shaped like an AWS secret access key (40 characters), so the SDK and its signer take it as one.
    awsSecretAccessKey: kept.awsSecretAccessKey ?? randomBytes(30).toString('base64'),
    cognitoDecoyKey: kept.cognitoDecoyKey ?? randomBytes(32).toString('base64url'),
  };
  if (file && Object.keys(kept).length !== Object.keys(secrets).length) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}
