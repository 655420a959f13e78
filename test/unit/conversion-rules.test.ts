import { describe, expect, it } from 'vitest';
import { convertedMinor, describeRate, nairaPerUnit, rateMovedBeyondTolerance } from '../../lambdas/core/domain/conversion';
import { payoutContractId, payoutReference } from '../../lambdas/core/domain/payout';

describe('a payout converted to naira', () => {
  it('reads the naira per unit from what the provider says a naira amount costs, to the kobo, whichever way its rate field points', () => {
    expect(nairaPerUnit({ sourceMinor: 666_667, destinationMinor: 1_000_000_000 })).toBe(1500);
    expect(nairaPerUnit({ sourceMinor: 617_284, destinationMinor: 1_000_000_000 })).toBe(1620);
    expect(nairaPerUnit({ sourceMinor: 670_352, destinationMinor: 1_000_000_000 })).toBe(1491.75);
    expect(() => nairaPerUnit({ sourceMinor: 0, destinationMinor: 1_000_000_000 })).toThrow(RangeError);
  });

  it('is the payout in cents times the rate, in kobo, rounded down so its debit is never more than the payout', () => {
    expect(convertedMinor(980_00, 1500)).toBe(1_470_000_00);
    expect(convertedMinor(1, 1500)).toBe(1500);
    // 12.34 dollars at 1499.123456: 1849.918... naira, down to the kobo.
    expect(convertedMinor(12_34, 1499.123456)).toBe(1_849_918);
    // The contract cap in cents at a rate with 6 decimals stays exact (BigInt, not a float product).
    expect(convertedMinor(100_000_000_000, 1999.999999)).toBe(199_999_999_900_000);
    expect(() => convertedMinor(0, 1500)).toThrow(RangeError);
  });

  it('honours a rate that fell by at most 1% below the one shown, and not by more', () => {
    expect(rateMovedBeyondTolerance(1500, 1500)).toBe(false);
    expect(rateMovedBeyondTolerance(1500, 1485)).toBe(false);
    expect(rateMovedBeyondTolerance(1500, 1484.99)).toBe(true);
    expect(rateMovedBeyondTolerance(1500, 1600)).toBe(false);
  });

  it('says a rate as a person reads it', () => {
    expect(describeRate(1500, 'USD')).toBe('₦1,500.00 per $1');
    expect(describeRate(1899.5, 'GBP')).toBe('₦1,899.50 per £1');
  });

  it("finds the contract of a payout's transfer from its reference, a redirect's and a retry's", () => {
    const id = '01JB8X-abc-def';
    expect(payoutContractId(payoutReference(id))).toBe(id);
    expect(payoutContractId(payoutReference(id, 2))).toBe(id);
    expect(payoutContractId(`${payoutReference(id)}_PMCK_ST_FDU_1_RETRY_1`)).toBe(id);
    expect(payoutContractId('refund-leg-1')).toBeNull();
  });
});
