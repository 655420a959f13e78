import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balances,
  isBalanced,
  ledgerSummary,
  paymentCreditPosting,
  payoutPosting,
  refundCompletedPosting,
  refundRequestedPosting,
} from '../../lambdas/core/domain/ledger';
import { amountDue, decideCredit, paymentReference, takesCurrency } from '../../lambdas/core/domain/payment';

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

  it('credits a dollar contract only with dollars: naira of the same number go back in full, in naira', () => {
    const dollars = { ...intent, currency: 'USD' as const };
    expect(decideCredit(dollars, { ...confirmed, currency: 'USD' })).toEqual({ credit: true, amountMinor: 150_050 });
    expect(decideCredit(dollars, confirmed)).toEqual({
      credit: false,
      outcome: 'refund',
      amountMinor: 150_050,
      currency: 'NGN',
      reason: 'paid in NGN, due in USD',
    });
  });

  it('charges a card in any escrow currency, and a bank transfer or OPay in naira only', () => {
    for (const currency of ['NGN', 'USD', 'EUR', 'GBP'] as const) expect(takesCurrency('card', currency), currency).toBe(true);
    for (const method of ['bank_transfer', 'opay'] as const) {
      expect(takesCurrency(method, 'NGN'), method).toBe(true);
      for (const currency of ['USD', 'EUR', 'GBP'] as const)
        expect(takesCurrency(method, currency), `${method} ${currency}`).toBe(false);
    }
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
          provider_fees: 0,
          escrow: -amount,
          suspense: 0,
          refund_pending: 0,
          fees: 0,
          float: 0,
        });
      }),
    );
  });

  it('posts the provider’s fee on a payment as the platform’s cost: the payer’s escrow is the whole amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 13 }), fc.double({ min: 0, max: 1, noNaN: true }), (amount, share) => {
        const fee = Math.floor(amount * share);
        const posting = paymentCreditPosting('ref', amount, 0, { id: 'transaction:1', feeMinor: fee });
        expect(isBalanced(posting.lines)).toBe(true);
        expect(balances([posting])).toMatchObject({ provider_holding: amount - fee, provider_fees: fee, escrow: -amount });
        expect(posting.provider_id).toBe('transaction:1');
      }),
    );
    expect(() => paymentCreditPosting('ref', 100, 0, { feeMinor: 101 })).toThrow(RangeError);
    expect(() => paymentCreditPosting('ref', 100, 0, { feeMinor: 1.5 })).toThrow(RangeError);
  });

  it('reads any run of postings as paid in = held + suspense + refund pending + refunded + paid out + fees, and the provider holding as what came in less what left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (amount, excess, appFee, transferFee) => {
          const refund = Math.floor(amount / 2);
          const released = amount - refund;
          const fee = Math.floor(released / 50);
          const postings = [
            paymentCreditPosting('tx', amount + excess, excess, { feeMinor: Math.min(appFee, amount) }),
            refundRequestedPosting('refund-1', excess || 1, excess ? 'suspense' : 'escrow'),
            refundCompletedPosting('refund-1', excess || 1, { feeMinor: transferFee }),
            ...(refund > 1 ? [refundRequestedPosting('refund-2', refund - (excess ? 0 : 1), 'escrow')] : []),
            payoutPosting('payout', { released_minor: released, fee_minor: fee, payout_minor: released - fee }),
          ];
          const s = ledgerSummary(postings);
          expect(s.paid_in_minor).toBe(amount + excess);
          expect(s.paid_in_minor).toBe(
            s.held_minor + s.suspense_minor + s.refund_pending_minor + s.refunded_minor + s.paid_out_minor + s.fees_minor,
          );
          expect(s.at_provider_minor).toBe(s.paid_in_minor - s.paid_out_minor - s.refunded_minor - s.provider_fees_minor);
          expect(s.provider_fees_minor).toBe(Math.min(appFee, amount) + transferFee);
        },
      ),
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
