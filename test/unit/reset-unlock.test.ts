import { describe, expect, it } from 'vitest';
import { keyedHash } from '../../lambdas/core/domain/hashing';
import { checkedUnlockProof, unlockProof } from '../../lambdas/core/services/reset-unlock';

const key = 'app-secret';
const now = 1_800_000_000;

describe('the password reset unlock proof', () => {
  it('holds for its own email until it expires, 30 minutes after it was made', () => {
    const proof = unlockProof(key, 'ada@example.com', now);
    expect(checkedUnlockProof(key, 'ada@example.com', proof, now)).toBe(proof.split('.')[1]);
    expect(checkedUnlockProof(key, 'ada@example.com', proof, now + 30 * 60 - 1)).toBeDefined();
    expect(checkedUnlockProof(key, 'ada@example.com', proof, now + 30 * 60)).toBeUndefined();
  });

  it('holds for no other email, under no other key, and with no expiry but its own', () => {
    const proof = unlockProof(key, 'ada@example.com', now);
    const [expiry, hash] = proof.split('.');
    expect(checkedUnlockProof(key, 'bola@example.com', proof, now)).toBeUndefined();
    expect(checkedUnlockProof('another-secret', 'ada@example.com', proof, now)).toBeUndefined();
    expect(checkedUnlockProof(key, 'ada@example.com', `${Number(expiry) + 1}.${hash}`, now)).toBeUndefined();
    expect(checkedUnlockProof(key, 'ada@example.com', `0x${Number(expiry).toString(16)}.${hash}`, now)).toBeUndefined();
    expect(checkedUnlockProof(key, 'ada@example.com', 'not-a-proof', now)).toBeUndefined();
  });

  it('refuses a proof made to live longer than a link does, even one signed with the key', () => {
    const farAway = now + 365 * 24 * 3600;
    const forged = `${farAway}.${keyedHash(key, `reset-unlock:ada@example.com:${farAway}`)}`;
    expect(checkedUnlockProof(key, 'ada@example.com', forged, now)).toBeUndefined();
  });
});
