import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountSchema, amountTooLarge } from '../../lambdas/core/api/common';
import {
  exceedsMaxAmount,
  formatAmount,
  maxAmountMinor,
  parseAmount,
  payoutAfterFee,
  platformFee,
  toDecimalString,
} from '../../lambdas/core/domain/money';

describe('parseAmount', () => {
  it.each([
    ['1234.5', 123450],
    ['1234.50', 123450],
    ['0.01', 1],
    ['15500', 1550000],
    [' 7.3 ', 730],
    [0.1, 10],
    [19.99, 1999],
  ])('reads %j as %i minor units', (input, minor) => {
    expect(parseAmount(input)).toBe(minor);
  });

  it.each(['', '-1', '1.234', '1e3', 'abc', '1,000', '.5', '12.'])('refuses %j', (input) => {
    expect(parseAmount(input)).toBeNull();
  });

  it('refuses negative, non-finite and three-decimal numbers', () => {
    expect(parseAmount(-5)).toBeNull();
    expect(parseAmount(Number.NaN)).toBeNull();
    expect(parseAmount(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseAmount(1.005)).toBeNull();
  });

  it('round-trips every two-decimal string exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (minor) => {
        expect(parseAmount(toDecimalString(minor))).toBe(minor);
      }),
    );
  });
});

describe('formatAmount', () => {
  it('shows naira with the symbol, thousands separators and two decimals', () => {
    expect(formatAmount(123450, 'NGN')).toBe('₦1,234.50');
    expect(formatAmount(1550000, 'NGN')).toBe('₦15,500.00');
    expect(formatAmount(5, 'USD')).toBe('$0.05');
    expect(formatAmount(100000000, 'CAD')).toBe('C$1,000,000.00');
  });
});

describe('platformFee', () => {
  it('is 2% of the amount', () => {
    expect(platformFee(1550000)).toBe(31000);
    expect(platformFee(100)).toBe(2);
  });

  it('rounds half up to the kobo', () => {
    expect(platformFee(25)).toBe(1); // 0.5 -> 1
    expect(platformFee(24)).toBe(0); // 0.48 -> 0
    expect(platformFee(75)).toBe(2); // 1.5 -> 2
  });

  it('never creates or loses a kobo: fee + payout = amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        expect(platformFee(amount) + payoutAfterFee(amount)).toBe(amount);
      }),
    );
  });

  it('stays within half a kobo of the exact 2%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 }), (amount) => {
        const exactTimes100 = BigInt(amount) * 2n; // 2% of amount, in hundredths of a kobo
        const diff = BigInt(platformFee(amount)) * 100n - exactTimes100;
        expect(diff >= -50n && diff <= 50n).toBe(true);
      }),
    );
  });

  it('refuses fractional and negative amounts', () => {
    expect(() => platformFee(10.5)).toThrow(RangeError);
    expect(() => platformFee(-1)).toThrow(RangeError);
  });
});

describe('the cap of one contract', () => {
  const schema = amountSchema('Amount must be greater than zero.');
  const messageOf = (value: string | number) => schema.safeParse(value).error?.issues[0]?.message;

  it('accepts up to 1,000,000,000.00 and refuses above it with its own message, not "greater than zero"', () => {
    expect(maxAmountMinor).toBe(100_000_000_000);
    expect(schema.parse('1000000000')).toBe(maxAmountMinor);
    expect(schema.parse(1_000_000_000)).toBe(maxAmountMinor);
    for (const value of ['1000000000.01', '99999999999999', '123456789012345678901234567890', 1e12, 1e300]) {
      expect(messageOf(value)).toBe(amountTooLarge);
    }
    expect(amountTooLarge).toBe('Amount must not be more than 1,000,000,000.00.');
  });

  it('still refuses zero, negatives and junk as not above zero', () => {
    for (const value of ['0', '-5', 'abc', '', -1, 0]) expect(messageOf(value)).toBe('Amount must be greater than zero.');
    expect(exceedsMaxAmount('abc')).toBe(false);
  });
});
