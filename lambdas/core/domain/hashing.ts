import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt cost: N=2^14, r=8, p=1 (OWASP's minimum for scrypt), 32-byte keys. */
const params = { N: 16_384, r: 8, p: 1 } as const;
const keyLength = 32;

/** Security answers compare trimmed, with inner spaces folded and case ignored. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A salted scrypt hash of a secret a person knows (security answer, payment PIN). */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a secret against a stored hash; a malformed hash never matches. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltB64, keyB64] = stored.split('$');
  if (kind !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when there is nothing to compare (unknown email): same cost, never matches. */
export const decoyHash = `scrypt$${params.N}$${params.r}$${params.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(keyLength).toString('base64')}`;

/** Keyed hash of a short-lived code or token: the table never holds a usable code. */
export function keyedHash(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A random token for a link (256 bits, URL-safe). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A trusted device's secret: 256 random bits, URL-safe, issued by the server to one browser. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the device item keeps of its secret. Plain SHA-256, not scrypt: the secret is 256 random
 * bits, so there is nothing to guess that a slow hash would slow down (that is for what people
 * choose, like answers and PINs), and every sign-in checks it. A leaked table then holds no
 * working secret.
 */
export function deviceSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/**
 * Whether a browser's secret is the one its device was given, in constant time. No secret, or a
 * device with no hash (trusted before devices had secrets), never matches.
 */
export function matchesDeviceSecret(secret: string | undefined, storedHash: string | undefined): boolean {
  if (!secret || !storedHash) return false;
  return safeEqual(deviceSecretHash(secret), storedHash);
}
