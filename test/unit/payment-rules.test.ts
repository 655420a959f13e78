import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balances, isBalanced, paymentCreditPosting } from '../../lambdas/core/domain/ledger';
import { amountDue, decideCredit, paymentReference } from '../../lambdas/core/domain/payment';

const intent = { tx_ref: 'MMBT-01ABC-12345678-1', currency: 'NGN' as const };
const confirmed = { txRef: intent.tx_ref, status: 'successful', amountMinor: 150_050, currency: 'NGN' };

describe('what a confirmed transaction may credit', () => {
  it('credits exactly the amount the provider confirms, part payments included', () => {
    expect(decideCredit(intent, confirmed)).toEqual({ credit: true, amountMinor: 150_050 });
    expect(decideCredit(intent, { ...confirmed, amountMinor: 1 })).toEqual({ credit: true, amountMinor: 1 });
  });

  it('credits nothing for another reference, another currency, a failed or an unfinished transaction', () => {
    expect(decideCredit(intent, { ...confirmed, txRef: 'MMBT-other' })).toMatchObject({ credit: false, outcome: 'refused' });
    // Money that did arrive in another currency goes back in full; in one the product does not know, ops look at it.
    expect(decideCredit(intent, { ...confirmed, currency: 'USD' })).toEqual({
      credit: false,
      outcome: 'refund',
      amountMinor: 150_050,
      currency: 'USD',
      reason: 'paid in USD, due in NGN',
    });
    expect(decideCredit(intent, { ...confirmed, currency: 'GHS' })).toEqual({
      credit: false,
      outcome: 'refused',
      reason: 'paid in GHS, due in NGN',
    });
    expect(decideCredit(intent, { ...confirmed, status: 'failed' })).toMatchObject({ credit: false, outcome: 'failed' });
    expect(decideCredit(intent, { ...confirmed, status: 'pending' })).toMatchObject({ credit: false, outcome: 'pending' });
    expect(decideCredit(intent, { ...confirmed, amountMinor: 0 })).toMatchObject({ credit: false, outcome: 'refused' });
  });

  it('owes what is left of the total, never less than nothing', () => {
    expect(amountDue({ total_amount_minor: 100_000, amount_paid_minor: 40_000 })).toBe(60_000);
    expect(amountDue({ total_amount_minor: 100_000, amount_paid_minor: 120_000 })).toBe(0);
  });

  it('makes references of a prefix, the contract id, 8 characters of the payer and a timestamp', () => {
    expect(paymentReference('card', '01JCONTRACT', 'a1b2c3d4-e5f6-7890', 1_763_800_000_000)).toBe(
      'MMCARD-01JCONTRACT-a1b2c3d4-1763800000000',
    );
    expect(paymentReference('bank_transfer', 'C', 'u', 1)).not.toBe(paymentReference('opay', 'C', 'u', 1));
  });
});

describe('the ledger', () => {
  it('balances every credit posting, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        const posting = paymentCreditPosting('ref', amount);
        expect(isBalanced(posting.lines)).toBe(true);
        expect(balances([posting])).toEqual({
          provider_holding: amount,
          escrow: -amount,
          suspense: 0,
          refund_pending: 0,
          refunds: 0,
          fees: 0,
          paid_out: 0,
        });
      }),
    );
  });

  it('refuses an unbalanced, fractional or one-sided posting', () => {
    expect(isBalanced([{ account: 'escrow', amount_minor: -1 }])).toBe(false);
    expect(
      isBalanced([
        { account: 'provider_holding', amount_minor: 2 },
        { account: 'escrow', amount_minor: -1 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { account: 'provider_holding', amount_minor: 0.5 },
        { account: 'escrow', amount_minor: -0.5 },
      ]),
    ).toBe(false);
    expect(() => paymentCreditPosting('ref', 0)).toThrow(RangeError);
  });
});
