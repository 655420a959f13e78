// Server side of Amazon Cognito's SRP-6a password verification (USER_SRP_AUTH / CUSTOM_WITH_SRP)
// for the local Cognito stand-in. Hand-written because no maintained npm package implements
// Cognito's server-side variant (its k, x, u derivation, "Caldera Derived Key" HKDF and the
// PASSWORD_CLAIM_SIGNATURE layout). The client in aws-amplify v6
// (@aws-amplify/auth providers/cognito/utils/srp) is the authority; every step mirrors it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// 3072-bit MODP group prime from RFC 3526 (Amplify's INIT_N), generator 2.
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;
const MAX_HEX = 1024; // generous bound (N is 768 hex digits); refuses absurdly large inputs

const parseHex = (hex: string): bigint => {
  if (typeof hex !== 'string' || hex.length === 0 || hex.length > MAX_HEX || !/^[0-9a-f]+$/i.test(hex)) {
    throw new Error('invalid hex');
  }
  return BigInt(`0x${hex}`);
};

// Amplify's getPaddedHex for non-negative values: even length, "00" prefix when the top bit is set.
const pad = (n: bigint): string => {
  const h = n.toString(16);
  const even = h.length % 2 === 1 ? `0${h}` : h;
  return /^[89a-f]/.test(even) ? `00${even}` : even;
};

const hashHex = (hex: string): string => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const hmac = (key: Buffer, data: Buffer): Buffer => createHmac('sha256', key).update(data).digest();

const modPow = (base: bigint, exp: bigint, mod: bigint): bigint => {
  let result = 1n;
  let b = ((base % mod) + mod) % mod;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
  }
  return result;
};

const k = BigInt(`0x${hashHex(pad(N) + pad(g))}`);

// x = H(pad(salt) | hex(SHA256(utf8(poolName + username + ":" + password)))). The client parses
// SALT as an integer before padding, so the server does the same (leading zeros vanish, top bit pads).
const computeX = (poolName: string, username: string, password: string, salt: string): bigint => {
  const inner = createHash('sha256').update(`${poolName}${username}:${password}`, 'utf8').digest('hex');
  return BigInt(`0x${hashHex(pad(parseHex(salt)) + inner)}`);
};

/** poolName is the user pool id after '_'; username is USER_ID_FOR_SRP. */
export function createPasswordVerifier(poolName: string, username: string, password: string): { salt: string; verifier: string } {
  const salt = randomBytes(16).toString('hex');
  const verifier = modPow(g, computeX(poolName, username, password, salt), N).toString(16);
  return { salt, verifier };
}

/**
 * A verifier for a name without an account, from random-looking seed bytes (at least 400, so the
 * reduction mod N is unbiased in practice): r^2 mod N. N is a safe prime with N = 7 mod 8, so
 * g = 2 generates exactly the quadratic residues, and a square is distributed like g^x for a
 * random x, which is what a real verifier is. One multiplication instead of a modPow, so the
 * decoy costs the server no more than reading a stored verifier.
 */
export function decoyVerifier(seed: Buffer): string {
  const r = BigInt(`0x${seed.toString('hex')}`) % N;
  return ((r === 0n ? 1n : r * r) % N).toString(16);
}

/** Direct password check (ADMIN_USER_PASSWORD_AUTH, ChangePassword): g^x mod N == verifier. */
export function passwordMatchesVerifier(
  poolName: string,
  username: string,
  password: string,
  salt: string,
  verifier: string,
): boolean {
  const fixed = (n: bigint) => Buffer.from(n.toString(16).padStart(768, '0')); // N is 768 hex digits
  try {
    const x = computeX(poolName, username, password, salt);
    return timingSafeEqual(fixed(modPow(g, x, N)), fixed(parseHex(verifier))); // throws (-> false) if lengths differ
  } catch {
    return false;
  }
}

/** B = (k*v + g^b) mod N, with b random (128 bytes, like the client's a) and B mod N != 0. */
export function createServerEphemeral(verifier: string): { b: string; B: string } {
  const v = parseHex(verifier);
  for (;;) {
    const b = BigInt(`0x${randomBytes(128).toString('hex')}`);
    if (b === 0n) continue;
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b: b.toString(16), B: B.toString(16) };
  }
}

/** SRP_A as sent by the client: hex, and A mod N != 0. */
export function isValidSrpA(A: string): boolean {
  try {
    return parseHex(A) % N !== 0n;
  } catch {
    return false;
  }
}

export function verifyPasswordClaim(p: {
  poolName: string;
  username: string;
  salt: string;
  verifier: string;
  b: string;
  B: string;
  A: string;
  secretBlock: string /* base64 */;
  timestamp: string;
  signature: string /* base64 */;
}): boolean {
  try {
    const A = parseHex(p.A);
    if (A % N === 0n) return false;
    const B = parseHex(p.B);
    const u = BigInt(`0x${hashHex(pad(A) + pad(B))}`);
    if (u === 0n) return false;
    const v = parseHex(p.verifier);
    parseHex(p.salt); // not needed here (v already encodes x); only validated
    const S = modPow((A * modPow(v, u, N)) % N, parseHex(p.b), N);
    // getHkdfKey(ikm = pad(S), salt = pad(u), info = "Caldera Derived Key" | 0x01), first 16 bytes.
    const prk = hmac(Buffer.from(pad(u), 'hex'), Buffer.from(pad(S), 'hex'));
    const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
    const hkdf = hmac(prk, info).subarray(0, 16);
    // Amplify decodes SECRET_BLOCK as URL-safe or standard base64, padding optional.
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(p.secretBlock)) return false;
    const message = Buffer.concat([
      Buffer.from(p.poolName, 'utf8'),
      Buffer.from(p.username, 'utf8'),
      Buffer.from(p.secretBlock, 'base64'),
      Buffer.from(p.timestamp, 'utf8'),
    ]);
    const expected = Buffer.from(hmac(hkdf, message).toString('base64'), 'utf8');
    const given = Buffer.from(String(p.signature), 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  } catch {
    return false;
  }
}
