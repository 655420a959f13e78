import { describe, expect, it } from 'vitest';
import { bankMessages, saveBankInfoRequestSchema } from '../../lambdas/core/api/account';
import { profileSchema } from '../../lambdas/core/api/identity';
import { payoutViewSchema, releaseFundsRequestSchema } from '../../lambdas/core/api/payouts';
import {
  destinationCurrencyOf,
  isConvertedPayout,
  ownCurrencyMessages,
  paysToOwnCurrency,
} from '../../lambdas/core/domain/conversion';
import * as z from '../../lambdas/core/domain/zod';
import { foreignAccountOf } from '../../lambdas/core/entities/profile';

const dollarAccount = { bank_code: '058', account_number: '0123451234', account_name: 'Ade Obi', preferred: true };

describe("a payout to the seller's account in the contract's own currency", () => {
  it('is offered for dollars only: euros and pounds reach a Nigerian seller only in naira', () => {
    expect(paysToOwnCurrency('USD')).toBe(true);
    for (const currency of ['NGN', 'EUR', 'GBP', 'JPY', 'CAD'] as const) expect(paysToOwnCurrency(currency)).toBe(false);
  });

  it('goes where it recorded, and an old payout that recorded nothing went to the naira account', () => {
    expect(destinationCurrencyOf({ destination_currency: 'USD' })).toBe('USD');
    expect(destinationCurrencyOf({})).toBe('NGN');
    expect(destinationCurrencyOf({ destination_currency: null })).toBe('NGN');
  });

  it('is converted only on its way from a contract not in naira to the naira account', () => {
    expect(isConvertedPayout({ currency: 'USD', destination_currency: 'USD' })).toBe(false);
    expect(isConvertedPayout({ currency: 'USD', destination_currency: 'NGN' })).toBe(true);
    expect(isConvertedPayout({ currency: 'USD' })).toBe(true);
    expect(isConvertedPayout({ currency: 'EUR' })).toBe(true);
    expect(isConvertedPayout({ currency: 'NGN' })).toBe(false);
    expect(isConvertedPayout({ currency: 'NGN', destination_currency: 'NGN' })).toBe(false);
  });

  it('reads the dollar account from the profile by currency, none for another', () => {
    const profile = { foreign_accounts: { USD: dollarAccount } };
    expect(foreignAccountOf(profile, 'USD')).toEqual(dollarAccount);
    expect(foreignAccountOf(profile, 'EUR')).toBeUndefined();
    expect(foreignAccountOf({}, 'USD')).toBeUndefined();
    expect(foreignAccountOf(undefined, 'USD')).toBeUndefined();
  });

  it('says plainly why a release there is refused, and where the dollars go', () => {
    expect(ownCurrencyMessages.onlyDollars('EUR')).toBe(
      'Only a dollar contract can be paid to your dollar account. This one is in EUR: it is paid to your naira account.',
    );
    expect(ownCurrencyMessages.toAccount('$980.00', 'Ade Obi at Guaranty Trust Bank ******1234')).toBe(
      '$980.00 to your dollar account Ade Obi at Guaranty Trust Bank ******1234.',
    );
  });
});

describe('the release request', () => {
  const base = { contractId: '01JCONTRACT000000000000000', pin: '1234' };

  it('takes where the payout goes, naira by default (the choice left out)', () => {
    expect(z.safeParse(releaseFundsRequestSchema, base).data?.payTo).toBeUndefined();
    expect(z.safeParse(releaseFundsRequestSchema, { ...base, payTo: 'naira' }).data?.payTo).toBe('naira');
    expect(z.safeParse(releaseFundsRequestSchema, { ...base, payTo: 'own_currency' }).data?.payTo).toBe('own_currency');
  });

  it('refuses any other destination with a clear message', () => {
    const parsed = z.safeParse(releaseFundsRequestSchema, { ...base, payTo: 'dollars' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Choose where the payout goes: naira or own_currency.');
    expect(z.safeParse(releaseFundsRequestSchema, { ...base, payTo: 1 }).success).toBe(false);
  });
});

describe('saving a bank account', () => {
  const base = { bank_code: '058', account_number: '0123451234', pin: '1234' };

  it('saves the naira account without a currency, and the dollar one with USD and where dollar settlements go', () => {
    expect(z.safeParse(saveBankInfoRequestSchema, base).success).toBe(true);
    expect(z.safeParse(saveBankInfoRequestSchema, { ...base, currency: 'USD', preferred: true }).data).toEqual({
      ...base,
      currency: 'USD',
      preferred: true,
    });
  });

  it('refuses euro and pound accounts (the provider pays them only abroad) and a preference that is not yes or no', () => {
    for (const currency of ['EUR', 'GBP', 'usd']) {
      const parsed = z.safeParse(saveBankInfoRequestSchema, { ...base, currency });
      expect(parsed.error?.issues[0]?.message).toBe('Bank accounts are saved in NGN or USD.');
    }
    expect(z.safeParse(saveBankInfoRequestSchema, { ...base, currency: 'USD', preferred: 'yes' }).success).toBe(false);
  });

  it('checks the dollar account number like the naira one', () => {
    const parsed = z.safeParse(saveBankInfoRequestSchema, { ...base, account_number: '12345', currency: 'USD' });
    expect(parsed.error?.issues[0]?.message).toBe(bankMessages.selectBankAndAccount);
  });
});

describe('what the seller is shown', () => {
  it('lists the dollar account in the profile, and both places before a release', () => {
    const profile = {
      full_name: 'Ade Obi',
      username: null,
      phone_number: null,
      security_ques: null,
      has_security_answer: true,
      has_payment_pin: true,
      account_number: '0690000032',
      bank_code: '044',
      account_name: 'Ade Obi',
      foreign_accounts: { USD: dollarAccount },
    };
    expect(z.safeParse(profileSchema, profile).data?.foreign_accounts?.USD).toEqual(dollarAccount);
    const planned = {
      status: 'not_requested',
      released_minor: 100_000,
      fee_minor: 2_000,
      payout_minor: 98_000,
      reference: null,
      provider_message: null,
      bank_code: '044',
      account_number: '0690000032',
      account_name: 'Ade Obi',
      paid_at: null,
      own_currency_account: { bank_code: '058', account_number: '0123451234', account_name: 'Ade Obi' },
    };
    expect(z.safeParse(payoutViewSchema, planned).success).toBe(true);
    expect(z.safeParse(payoutViewSchema, { ...planned, destination_currency: 'USD' }).success).toBe(true);
  });
});
