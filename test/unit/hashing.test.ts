import { describe, expect, it } from 'vitest';
import { decoyHash, hashSecret, normaliseAnswer, verifySecret } from '../../lambdas/core/domain/hashing';

describe('security answers', () => {
  it('folds case and spaces before hashing', () => {
    expect(normaliseAnswer('  Biscuit   the DOG ')).toBe('biscuit the dog');
  });

  it('stores a salted hash that verifies the answer and nothing else', async () => {
    const stored = await hashSecret('biscuit the dog');
    expect(stored).not.toContain('biscuit');
    expect(await verifySecret('biscuit the dog', stored)).toBe(true);
    expect(await verifySecret('biscuit the cat', stored)).toBe(false);
  });

  it('salts: the same answer hashes differently twice', async () => {
    expect(await hashSecret('same')).not.toBe(await hashSecret('same'));
  });

  it('never matches the decoy hash or a malformed one', async () => {
    expect(await verifySecret('', decoyHash)).toBe(false);
    expect(await verifySecret('anything', 'plain-text')).toBe(false);
  });
});
