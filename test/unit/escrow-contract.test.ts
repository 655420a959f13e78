import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMayChange, assertMayRespond, instanceValue, isParty } from '../../lambdas/core/contract-rules';
import type { ContractStatus } from '../../lambdas/core/contracts/escrow';

const contract = (over: Partial<{ status: ContractStatus; payer_user_ids: string[]; accepted_by: string[] }> = {}) => ({
  creator_id: 'seller',
  acceptor_id: 'buyer',
  payer_user_ids: [],
  accepted_by: [],
  status: 'pending' as ContractStatus,
  ...over,
});

describe('accepting and rejecting', () => {
  it('allows the named acceptor on a pending contract', () => {
    expect(() => assertMayRespond(contract(), 'buyer')).not.toThrow();
  });

  it('refuses the creator with the spec’s text (403)', () => {
    expect(() => assertMayRespond(contract(), 'seller')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'You are not allowed to accept your own contract.' }),
    );
  });

  it('refuses anyone but the named acceptor (403)', () => {
    expect(() => assertMayRespond(contract(), 'stranger')).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it('refuses a contract that is not pending, naming its status (409)', () => {
    expect(() => assertMayRespond(contract({ status: 'in_escrow' }), 'buyer')).toThrow(
      expect.objectContaining({ statusCode: 409, message: 'This contract is currently "in_escrow" and cannot be accepted.' }),
    );
  });

  it('refuses a payer who already paid before looking at the status (409)', () => {
    expect(() => assertMayRespond(contract({ status: 'in_escrow', payer_user_ids: ['buyer'] }), 'buyer')).toThrow(
      expect.objectContaining({ statusCode: 409, message: 'You have already paid for this contract.' }),
    );
  });
});

describe('changing a contract', () => {
  it('allows the creator while pending, and refuses everyone else or any later status', () => {
    expect(() => assertMayChange(contract(), 'seller')).not.toThrow();
    expect(() => assertMayChange(contract(), 'buyer')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Access Denied: You are not the creator of this contract.' }),
    );
    for (const status of [
      'in_escrow',
      'fully_funded',
      'payer_marked_satisfied',
      'releasing',
      'completed',
      'cancelled',
    ] as const) {
      expect(() => assertMayChange(contract({ status }), 'seller')).toThrow(expect.objectContaining({ statusCode: 409 }));
    }
  });

  it('counts the creator, the named acceptor and payers as parties, and nobody else', () => {
    expect(isParty(contract(), 'seller')).toBe(true);
    expect(isParty(contract(), 'buyer')).toBe(true);
    expect(isParty(contract({ payer_user_ids: ['payer'] }), 'payer')).toBe(true);
    expect(isParty(contract(), 'stranger')).toBe(false);
  });
});

describe('template instance value', () => {
  it('is base price x quantity, exactly, in minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 1000 }), (price, quantity) => {
        expect(instanceValue(price, quantity)).toBe(price * quantity);
      }),
    );
  });

  it('refuses a total too large to be exact', () => {
    expect(() => instanceValue(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});
