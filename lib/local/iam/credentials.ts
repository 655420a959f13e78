import { createHmac } from 'node:crypto';

/** AWS credentials as the SDK takes them. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The access key id of the account's root in every local cloud (LocalCloud.credentials). */
export const adminAccessKeyId = 'local';

/** The people ops' and finance's scripts run as locally: members of the stage's groups of these names. */
export const people = ['finance', 'ops'] as const;
export type Person = (typeof people)[number];

/**
 * The credentials of `name` in a local cloud whose root secret is `rootSecret`: the root's own for
 * `admin`, otherwise derived from it (an HMAC), so every process that knows the root secret (the
 * cloud, ops' scripts reading the data directory, a test) computes the same keys without a table
 * of them. Shaped like IAM's (AKIA + 16, 40 characters) so the SDK and its signer take them.
 */
export function principalCredentials(rootSecret: string, name: string): Credentials {
  if (name === 'admin') return { accessKeyId: adminAccessKeyId, secretAccessKey: rootSecret };
  const mac = (label: string) => createHmac('sha256', rootSecret).update(`${label}:${name}`).digest();
  const base32 = (bytes: Buffer) => [...bytes].map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[b % 32]).join('');
  return {
    accessKeyId: `AKIA${base32(mac('key')).slice(0, 16)}`,
    secretAccessKey: mac('secret').toString('base64').slice(0, 40),
  };
}
