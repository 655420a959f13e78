import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountNotANumber, amountSchema, amountTooLarge } from '../../lambdas/core/api/common';
import { createContractRequestSchema, editContractRequestSchema } from '../../lambdas/core/api/contracts';
import { createTemplateRequestSchema, editTemplateRequestSchema } from '../../lambdas/core/api/templates';
import {
  assertEscrowMinorDigits,
  currencyCodes,
  describeAmount,
  escrowCurrencies,
  escrowMinorDigits,
  exceedsMaxAmount,
  feePreview,
  formatAmount,
  maxAmountMinor,
  minorPerMajorOf,
  parseAmount,
  payoutAfterFee,
  platformFee,
  readAmount,
  toDecimalString,
  toTwoDecimalString,
  usableAmount,
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
        expect(parseAmount(toTwoDecimalString(minor))).toBe(minor);
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

  it('shows yen without decimals, as the yen has no minor unit', () => {
    expect(formatAmount(1500, 'JPY')).toBe('¥1,500');
    expect(formatAmount(5, 'JPY')).toBe('¥5');
    expect(formatAmount(-1234567, 'JPY')).toBe('-¥1,234,567');
  });

  it('shows every two-digit currency with its symbol and two decimals', () => {
    expect(formatAmount(150000, 'USD')).toBe('$1,500.00');
    expect(formatAmount(150050, 'EUR')).toBe('€1,500.50');
    expect(formatAmount(1, 'GBP')).toBe('£0.01');
    expect(formatAmount(-150000, 'NGN')).toBe('-₦1,500.00');
  });
});

describe('minor units per currency (ISO 4217)', () => {
  it('counts 1 yen per yen and 100 minor units per major unit of the others', () => {
    expect(minorPerMajorOf('JPY')).toBe(1);
    for (const currency of currencyCodes.filter((code) => code !== 'JPY')) expect(minorPerMajorOf(currency), currency).toBe(100);
  });

  it("writes an amount as a plain string in its currency's own decimals", () => {
    expect(toDecimalString(1500, 'JPY')).toBe('1500');
    expect(toDecimalString(0, 'JPY')).toBe('0');
    expect(toDecimalString(-1500, 'JPY')).toBe('-1500');
    expect(toDecimalString(150050, 'USD')).toBe('1500.50');
    expect(toDecimalString(5, 'NGN')).toBe('0.05');
    expect(toDecimalString(150000, 'CAD')).toBe('1500.00');
    expect(toDecimalString(-7, 'EUR')).toBe('-0.07');
  });

  it("reads back every escrow currency's amount written in its own decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.constantFrom(...escrowCurrencies), (minor, currency) => {
        expect(parseAmount(toDecimalString(minor, currency))).toBe(minor);
      }),
    );
  });

  it('refuses a fraction of a minor unit', () => {
    expect(() => toDecimalString(1.5, 'JPY')).toThrow(RangeError);
    expect(() => formatAmount(0.5, 'USD')).toThrow(RangeError);
  });
});

describe('escrow currencies are parsed with two decimals', () => {
  it('all have two minor digits, so typed amounts are read right', () => {
    expect(escrowMinorDigits).toBe(2);
    for (const currency of escrowCurrencies) expect(minorPerMajorOf(currency), currency).toBe(100);
    expect(() => assertEscrowMinorDigits(escrowCurrencies)).not.toThrow();
  });

  it('fails loudly if a currency without two minor digits (the yen) is made an escrow currency', () => {
    expect(() => assertEscrowMinorDigits([...escrowCurrencies, 'JPY'])).toThrow(/JPY has 0/);
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

  it('still refuses blank, zero and negatives as not above zero', () => {
    for (const value of ['0', '-5', '-₦5,000', '', ' ', -1, 0])
      expect(messageOf(value)).toBe('Amount must be greater than zero.');
    expect(exceedsMaxAmount('abc')).toBe(false);
  });

  it('refuses text that is no number by saying it must be a number, never "greater than zero"', () => {
    for (const value of ['abc', '1e5', '85 000', 'N500']) expect(messageOf(value)).toBe(amountNotANumber);
    expect(amountNotANumber).toBe('Amount must be a number, such as 85000 or 85,000.50.');
    // A form whose spec text covers both problems keeps it for both.
    const basePrice = amountSchema('Please enter a valid, positive number for the base price.', {
      notANumber: 'Please enter a valid, positive number for the base price.',
    });
    expect(basePrice.safeParse('abc').error?.issues[0]?.message).toBe(
      'Please enter a valid, positive number for the base price.',
    );
  });
});

describe('reading an amount as a person types it', () => {
  const minorOf = (text: string | number) => {
    const reading = readAmount(text);
    return reading.ok ? reading.minor : reading.reason;
  };

  it('reads plain amounts, commas between thousands and a leading naira sign', () => {
    expect(minorOf('85000')).toBe(8_500_000);
    expect(minorOf('85000.5')).toBe(8_500_050);
    expect(minorOf('85,000.50')).toBe(8_500_050);
    expect(minorOf(' ₦1,234,567.89 ')).toBe(123_456_789);
    expect(minorOf(85000.5)).toBe(8_500_050);
  });

  it('refuses "85.000,50" naming the 85,000.50 it seems to mean, never reading 85.00050', () => {
    expect(minorOf('85.000,50')).toBe(
      '"85.000,50" looks like 85,000.50 written with dots between thousands. Type it as 85,000.50.',
    );
    expect(minorOf('1.234.567')).toBe(
      '"1.234.567" looks like 1,234,567 written with dots between thousands. Type it as 1,234,567.',
    );
  });

  it('refuses "85k" naming 85,000, never reading 85', () => {
    expect(minorOf('85k')).toBe('"85k" is short for 85,000: type the amount in full, 85,000.');
    expect(minorOf('1.5K')).toBe('"1.5K" is short for 1,500: type the amount in full, 1,500.');
    expect(minorOf('2m')).toBe('"2m" is short for 2,000,000: type the amount in full, 2,000,000.');
  });

  it('refuses three decimals naming both readings, and a comma before the kobo naming the one it means', () => {
    const minorOf = (text: string | number) => {
      const reading = readAmount(text, 'NGN');
      return reading.ok ? reading.minor : reading.reason;
    };
    expect(minorOf('85.000')).toBe(
      '"85.000" has 3 decimals: did you mean 85,000 or 85.00? An amount has at most two decimals (kobo).',
    );
    expect(minorOf('123.456')).toBe(
      '"123.456" has 3 decimals: did you mean 123,456 or 123.45? An amount has at most two decimals (kobo).',
    );
    expect(minorOf(123.456)).toBe(
      '"123.456" has 3 decimals: did you mean 123,456 or 123.45? An amount has at most two decimals (kobo).',
    );
    expect(minorOf('85,50')).toBe('"85,50" uses a comma before the kobo: did you mean 85.50? Type a dot before the kobo.');
  });

  it.each([
    ['NGN', 'kobo'],
    ['USD', 'cents'],
    ['EUR', 'euro cents'],
    ['GBP', 'pence'],
  ] as const)('names the minor unit of %s (%s) in refusing three decimals or a comma before it', (currency, unit) => {
    const reason = (text: string) => {
      const reading = readAmount(text, currency);
      return reading.ok ? reading.minor : reading.reason;
    };
    expect(reason('10.555')).toBe(
      `"10.555" has 3 decimals: did you mean 10,555 or 10.55? An amount has at most two decimals (${unit}).`,
    );
    expect(reason('85,50')).toBe(`"85,50" uses a comma before the ${unit}: did you mean 85.50? Type a dot before the ${unit}.`);
    expect(describeAmount('85,50', currency).text).toBe(reason('85,50'));
  });

  it('says "decimals" when the currency is not known, never another currency\'s unit', () => {
    expect(minorOf('10.555')).toBe('"10.555" has 3 decimals: did you mean 10,555 or 10.55? An amount has at most two decimals.');
    expect(minorOf('85,50')).toBe(
      '"85,50" uses a comma before the decimals: did you mean 85.50? Type a dot before the decimals.',
    );
  });

  it.each([
    ['a new contract', createContractRequestSchema, 'value', { acceptorId: 'buyer', title: 't', description: 'd' }],
    ['an edited contract', editContractRequestSchema, 'value', { title: 't', description: 'd' }],
    ['a new template', createTemplateRequestSchema, 'base_price', { title: 't', description: 'd' }],
    ['an edited template', editTemplateRequestSchema, 'base_price', { title: 't', description: 'd' }],
  ] as const)('the server refuses the amount of %s in the minor unit of its currency', (_, schema, field, rest) => {
    const refusal = (amount: string, currency?: string) =>
      schema.safeParse({ ...rest, [field]: amount, ...(currency ? { currency } : {}) }).error?.issues[0]?.message;
    expect(refusal('85,50', 'USD')).toBe(
      '"85,50" uses a comma before the cents: did you mean 85.50? Type a dot before the cents.',
    );
    expect(refusal('10.555', 'GBP')).toMatch(/at most two decimals \(pence\)\.$/);
    expect(refusal('10.555', 'EUR')).toMatch(/at most two decimals \(euro cents\)\.$/);
    expect(refusal('85,50', 'NGN')).toMatch(/comma before the kobo/);
    // The refusals that name no unit keep their own words.
    expect(refusal('85k', 'USD')).toBe('"85k" is short for 85,000: type the amount in full, 85,000.');
    // A currency that is no currency keeps the neutral words (and its own refusal comes next).
    expect(refusal('85,50', 'XYZ')).toMatch(/comma before the decimals/);
  });

  it('a new contract or template left without a currency is naira, so its amount is refused in kobo', () => {
    const base = { acceptorId: 'buyer', title: 't', description: 'd', value: '85,50' };
    expect(createContractRequestSchema.safeParse(base).error?.issues[0]?.message).toMatch(/comma before the kobo/);
  });

  it('refuses commas that are not between thousands', () => {
    for (const text of ['1,2345', '12,34,567']) expect(minorOf(text)).toMatch(/has commas in the wrong places/);
  });

  it('gives no reason for text that is no amount, so the form says its own message', () => {
    for (const text of ['abc', '', '-5', '1e5', '85 000']) expect(minorOf(text)).toBeNull();
  });

  it('the server refuses what the reader refuses, with the same words, and stores nothing reread', () => {
    const schema = amountSchema('Amount must be greater than zero.');
    expect(schema.parse('85,000.50')).toBe(8_500_050);
    expect(schema.safeParse('85.000,50').error?.issues[0]?.message).toMatch(/^"85.000,50" looks like 85,000.50/);
    expect(schema.safeParse('10.555').error?.issues[0]?.message).toMatch(/has 3 decimals/);
    expect(schema.safeParse('85,000,000,000,000').error?.issues[0]?.message).toBe(amountTooLarge);
  });

  it('reads back under the box what it understood', () => {
    expect(describeAmount('85,000.5', 'NGN')).toEqual({ ok: true, text: '₦85,000.50' });
    expect(describeAmount('85k', 'NGN').ok).toBe(false);
    expect(describeAmount('abc', 'NGN')).toEqual({ ok: false, text: amountNotANumber });
  });

  it('reads back an amount above the cap of one contract as refused, in the words of the refusal', () => {
    expect(describeAmount('1000000000000', 'NGN')).toEqual({ ok: false, text: amountTooLarge });
    expect(describeAmount('₦1,000,000,000,000', 'NGN')).toEqual({ ok: false, text: amountTooLarge });
    expect(describeAmount('1,000,000,000', 'NGN')).toEqual({ ok: true, text: '₦1,000,000,000.00' });
  });

  it('takes an amount for derived figures (the fee) only above zero and up to the cap', () => {
    expect(usableAmount('85,000.50')).toBe(8_500_050);
    for (const text of ['0', '', 'abc', '85k', '1000000000.01', '1000000000000']) expect(usableAmount(text)).toBeNull();
  });
});

describe('the fee preview a seller sees before making a contract', () => {
  it('says what the seller receives after the 2% fee, the same figure the payout uses', () => {
    expect(feePreview(8_500_000, 'NGN')).toBe('You will receive ₦83,300.00 after the 2% fee');
    expect(payoutAfterFee(8_500_000)).toBe(8_330_000);
  });

  it('rounds the fee half up to the kobo, so preview plus fee is the amount', () => {
    // 2% of ₦0.25 is 0.5 kobo: the fee rounds up to 1 kobo, the seller receives 24.
    expect(feePreview(25, 'NGN')).toBe('You will receive ₦0.24 after the 2% fee');
    expect(feePreview(8_500_050, 'NGN')).toBe('You will receive ₦83,300.49 after the 2% fee');
    expect(platformFee(8_500_050) + payoutAfterFee(8_500_050)).toBe(8_500_050);
  });
});
