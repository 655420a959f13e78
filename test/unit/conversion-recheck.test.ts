import { describe, expect, it } from 'vitest';
import { awaitsSellerRate } from '../../lambdas/core/domain/conversion';

describe('a conversion fixed after the release (awaitsSellerRate)', () => {
  it('waits for the seller only when the rate fell more than 1% below the one they confirmed', () => {
    expect(awaitsSellerRate(1500, 1400)).toBe(true);
    expect(awaitsSellerRate(1500, 1484.99)).toBe(true);
    // Exactly 1% below, within it, or risen: it goes.
    expect(awaitsSellerRate(1500, 1485)).toBe(false);
    expect(awaitsSellerRate(1500, 1499)).toBe(false);
    expect(awaitsSellerRate(1500, 1600)).toBe(false);
  });

  it('never waits for a payout no seller confirmed a rate for (a settlement)', () => {
    expect(awaitsSellerRate(null, 1)).toBe(false);
    expect(awaitsSellerRate(undefined, 1)).toBe(false);
  });
});
