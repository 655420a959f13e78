// The server-side SRP in lib/local/cognito/srp.ts is checked against the REAL client code of
// aws-amplify v6 (@aws-amplify/auth providers/cognito/utils/srp), which is what the web app runs.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createPasswordVerifier,
  createServerEphemeral,
  isValidSrpA,
  passwordMatchesVerifier,
  verifyPasswordClaim,
} from '../../lib/local/cognito/srp';

// @aws-amplify/auth does not export its srp helpers as a package subpath, so locate the package
// through aws-amplify (wherever npm placed it) and import its dist/esm modules by file URL.
const require = createRequire(import.meta.url);
const authCjsMain = createRequire(require.resolve('aws-amplify')).resolve('@aws-amplify/auth');
const srpDir = join(dirname(authCjsMain), '..', 'esm', 'providers', 'cognito', 'utils', 'srp');
const load = (file: string) => import(pathToFileURL(join(srpDir, file)).href);

interface AmplifyBigInteger {
  toString(radix: number): string;
}
interface AmplifyAuthenticationHelper {
  A: AmplifyBigInteger;
  getPasswordAuthenticationKey(p: {
    username: string;
    password: string;
    serverBValue: AmplifyBigInteger;
    salt: AmplifyBigInteger;
  }): Promise<Uint8Array>;
}
const srp = (await load('index.mjs')) as {
  getAuthenticationHelper(userPoolName: string): Promise<AmplifyAuthenticationHelper>;
  getNowString(): string;
  getSignatureString(p: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
};
const { BigInteger } = (await load('BigInteger/index.mjs')) as {
  BigInteger: new (hex: string, radix: number) => AmplifyBigInteger;
};
const { INIT_N } = (await load('constants.mjs')) as { INIT_N: string };
const { calculateU } = (await load('calculate/index.mjs')) as {
  calculateU(p: { A: AmplifyBigInteger; B: AmplifyBigInteger }): AmplifyBigInteger;
};
const { getPaddedHex } = (await load('getPaddedHex.mjs')) as { getPaddedHex(n: AmplifyBigInteger): string };
const { getBytesFromHex } = (await load('getBytesFromHex.mjs')) as { getBytesFromHex(hex: string): Uint8Array };
const { getHkdfKey } = (await load('getHkdfKey.mjs')) as {
  getHkdfKey(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array): Uint8Array;
};

const poolName = 'AbCdEf123'; // user pool id "eu-west-1_AbCdEf123"
const username = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'; // USER_ID_FOR_SRP

/** One full exchange: server registers the password, Amplify's client answers the challenge. */
async function exchange(opts: { registered: string; typed: string }) {
  const { salt, verifier } = createPasswordVerifier(poolName, username, opts.registered);
  const helper = await srp.getAuthenticationHelper(poolName);
  const A = helper.A.toString(16); // what Amplify sends as SRP_A
  expect(isValidSrpA(A)).toBe(true);
  const { b, B } = createServerEphemeral(verifier);
  const secretBlock = randomBytes(96).toString('base64'); // SECRET_BLOCK, opaque to the client
  // Mirrors handlePasswordVerifierChallenge: SRP_B and SALT parsed as hex BigIntegers.
  const hkdf = await helper.getPasswordAuthenticationKey({
    username,
    password: opts.typed,
    serverBValue: new BigInteger(B, 16),
    salt: new BigInteger(salt, 16),
  });
  const timestamp = srp.getNowString();
  const signature = srp.getSignatureString({
    userPoolName: poolName,
    username,
    challengeParameters: { SECRET_BLOCK: secretBlock },
    dateNow: timestamp,
    hkdf,
  });
  const claim = { poolName, username, salt, verifier, b, B, A, secretBlock, timestamp, signature };
  return { claim, accepted: verifyPasswordClaim(claim) };
}

describe('Cognito SRP password verification against the Amplify v6 client', () => {
  it('accepts the claim Amplify computes from the correct password', async () => {
    const { accepted } = await exchange({ registered: 'Correct horse 1!', typed: 'Correct horse 1!' });
    expect(accepted).toBe(true);
  });

  it('refuses the claim Amplify computes from a wrong password', async () => {
    const { accepted } = await exchange({ registered: 'Correct horse 1!', typed: 'Correct horse 2!' });
    expect(accepted).toBe(false);
  });

  it('refuses a claim whose secret block, timestamp, username or signature was altered', async () => {
    const { claim, accepted } = await exchange({ registered: 'pässwörd ✓', typed: 'pässwörd ✓' });
    expect(accepted).toBe(true);
    const block = Buffer.from(claim.secretBlock, 'base64');
    block[0] = (block[0] ?? 0) ^ 1;
    expect(verifyPasswordClaim({ ...claim, secretBlock: block.toString('base64') })).toBe(false);
    const otherTime = claim.timestamp.replace(/\d\d UTC/, (m) => `${m[0] === '5' ? '4' : '5'}${m.slice(1)}`);
    expect(otherTime).not.toBe(claim.timestamp);
    expect(verifyPasswordClaim({ ...claim, timestamp: otherTime })).toBe(false);
    expect(verifyPasswordClaim({ ...claim, username: `${username}x` })).toBe(false);
    const sig = Buffer.from(claim.signature, 'base64');
    sig[31] = (sig[31] ?? 0) ^ 0x80;
    expect(verifyPasswordClaim({ ...claim, signature: sig.toString('base64') })).toBe(false);
    expect(verifyPasswordClaim({ ...claim, signature: '' })).toBe(false);
  });

  it('refuses A = 0, A = N and A = 2N (A mod N == 0), even with the password-free forged signature', async () => {
    const { claim } = await exchange({ registered: 'pw', typed: 'pw' });
    const N = BigInt(`0x${INIT_N}`);
    for (const A of ['0', '00', INIT_N.toLowerCase(), (2n * N).toString(16)]) {
      expect(isValidSrpA(A)).toBe(false);
      expect(verifyPasswordClaim({ ...claim, A })).toBe(false);
      // With A mod N == 0 the server's S is 0, so an attacker signs without knowing the password.
      const U = calculateU({ A: new BigInteger(A, 16), B: new BigInteger(claim.B, 16) });
      const info = new Uint8Array([...Buffer.from('Caldera Derived Key'), 1]);
      const hkdf = getHkdfKey(getBytesFromHex('00'), getBytesFromHex(getPaddedHex(U)), info);
      const forged = srp.getSignatureString({
        userPoolName: poolName,
        username,
        challengeParameters: { SECRET_BLOCK: claim.secretBlock },
        dateNow: claim.timestamp,
        hkdf,
      });
      expect(verifyPasswordClaim({ ...claim, A, signature: forged })).toBe(false);
    }
    expect(isValidSrpA('1')).toBe(true);
  });

  it('checks a plain password directly against the stored verifier', () => {
    const { salt, verifier } = createPasswordVerifier(poolName, username, 'Direct 1!');
    expect(passwordMatchesVerifier(poolName, username, 'Direct 1!', salt, verifier)).toBe(true);
    expect(passwordMatchesVerifier(poolName, username, 'Direct 2!', salt, verifier)).toBe(false);
    expect(passwordMatchesVerifier(poolName, 'someone-else', 'Direct 1!', salt, verifier)).toBe(false);
    expect(passwordMatchesVerifier(poolName, username, 'Direct 1!', salt, 'not hex')).toBe(false);
  });

  it('returns false instead of throwing on malformed input', async () => {
    const { claim } = await exchange({ registered: 'pw', typed: 'pw' });
    expect(isValidSrpA('')).toBe(false);
    expect(isValidSrpA('0xabc')).toBe(false);
    expect(isValidSrpA('zz')).toBe(false);
    expect(isValidSrpA('f'.repeat(5000))).toBe(false);
    for (const bad of [{ A: 'not-hex' }, { B: '' }, { b: 'xyz' }, { verifier: '-1' }, { salt: 'g0' }, { secretBlock: '%%%' }]) {
      expect(verifyPasswordClaim({ ...claim, ...bad })).toBe(false);
    }
    expect(verifyPasswordClaim({ ...claim, signature: undefined as unknown as string })).toBe(false);
  });

  it('accepts the correct password for salts with the top bit set or a leading zero byte', async () => {
    for (const wanted of [/^[89a-f]/, /^00/]) {
      // Amplify parses SALT as an integer and pads it itself; find a salt of each awkward shape.
      let found = false;
      for (let i = 0; i < 4000 && !found; i++) {
        const { salt, verifier } = createPasswordVerifier(poolName, username, 'shape test');
        if (!wanted.test(salt)) continue;
        found = true;
        const helper = await srp.getAuthenticationHelper(poolName);
        const A = helper.A.toString(16);
        const { b, B } = createServerEphemeral(verifier);
        const hkdf = await helper.getPasswordAuthenticationKey({
          username,
          password: 'shape test',
          serverBValue: new BigInteger(B, 16),
          salt: new BigInteger(salt, 16),
        });
        const timestamp = srp.getNowString();
        const secretBlock = randomBytes(32).toString('base64');
        const signature = srp.getSignatureString({
          userPoolName: poolName,
          username,
          challengeParameters: { SECRET_BLOCK: secretBlock },
          dateNow: timestamp,
          hkdf,
        });
        expect(verifyPasswordClaim({ poolName, username, salt, verifier, b, B, A, secretBlock, timestamp, signature })).toBe(
          true,
        );
      }
      expect(found).toBe(true);
    }
  }, 60_000);

  it('accepts the correct password across 20 random salts and ephemerals (top-bit values included)', async () => {
    const seen = { saltHigh: false, bHigh: false, aHigh: false };
    for (let i = 0; i < 20; i++) {
      const { claim, accepted } = await exchange({ registered: `run ${i}`, typed: `run ${i}` });
      expect(accepted).toBe(true);
      seen.saltHigh ||= /^[89a-f]/.test(claim.salt);
      seen.bHigh ||= /^[89a-f]/.test(claim.B.padStart(768, '0'));
      seen.aHigh ||= /^[89a-f]/.test(claim.A.padStart(768, '0'));
    }
    // Each is ~50% per run; missing all three in 20 runs is ~1e-6.
    expect(seen).toEqual({ saltHigh: true, bHigh: true, aHigh: true });
  }, 60_000);
});
