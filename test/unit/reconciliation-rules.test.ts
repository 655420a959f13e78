import { describe, expect, it } from 'vitest';
import { paymentCreditPosting, payoutPosting, refundCompletedPosting } from '../../lambdas/core/domain/ledger';
import {
  arrivingPayments,
  balanceDifference,
  dayBounds,
  lagosDay,
  type ProviderSide,
  type ReconciledPosting,
  reconcileDay,
} from '../../lambdas/core/domain/reconciliation';

const tuesday = dayBounds('2026-11-24');
const at = (iso: string) => new Date(iso).toISOString();
const posted = (posting: ReturnType<typeof paymentCreditPosting>, createdAt: string, contract = 'C1'): ReconciledPosting => ({
  ...posting,
  contract_id: contract,
  currency: 'NGN',
  created_at: at(createdAt),
});
const none: ProviderSide = { payments: [], transfers: [], refunds: [] };

describe('Lagos days', () => {
  it('cut at midnight in Lagos (23:00 UTC the day before)', () => {
    expect(tuesday).toEqual({ from: '2026-11-23T23:00:00.000Z', until: '2026-11-24T23:00:00.000Z' });
    expect(lagosDay('2026-11-24T22:59:59.999Z')).toBe('2026-11-24');
    expect(lagosDay('2026-11-24T23:00:00.000Z')).toBe('2026-11-25');
  });
});

describe('reconciling a day', () => {
  it('agrees when each payment, payout and refund is posted for what the provider moved, fees included', () => {
    const provider: ProviderSide = {
      payments: [
        {
          id: 1,
          txRef: 'T1',
          status: 'successful',
          amountMinor: 250_000,
          feeMinor: 3_500,
          currency: 'NGN',
          createdAt: at('2026-11-24T09:00Z'),
        },
        // A failed attempt moved nothing and needs no posting.
        {
          id: 2,
          txRef: 'T2',
          status: 'failed',
          amountMinor: 9_000,
          feeMinor: 0,
          currency: 'NGN',
          createdAt: at('2026-11-24T09:01Z'),
        },
      ],
      transfers: [
        {
          id: 7,
          reference: 'payout-C1',
          status: 'SUCCESSFUL',
          amountMinor: 245_000,
          feeMinor: 1_075,
          currency: 'NGN',
          createdAt: at('2026-11-24T10:00Z'),
        },
      ],
      refunds: [],
    };
    const postings = [
      posted(paymentCreditPosting('T1', 250_000, 0, { id: 'transaction:1', feeMinor: 3_500 }), '2026-11-24T09:00:05Z'),
      posted(
        payoutPosting(
          'payout-C1',
          { released_minor: 250_000, fee_minor: 5_000, payout_minor: 245_000 },
          { id: 'transfer:7', feeMinor: 1_075 },
        ),
        '2026-11-24T10:00:02Z',
      ),
    ];
    expect(reconcileDay(tuesday, provider, postings)).toEqual({ differences: [], inFlight: [] });
  });

  it('names a payment the provider holds that was never posted, and a posting the provider has no movement for', () => {
    const provider: ProviderSide = {
      ...none,
      payments: [
        {
          id: 3,
          txRef: 'STRAY',
          status: 'successful',
          amountMinor: 100_000,
          feeMinor: 1_400,
          currency: 'NGN',
          createdAt: at('2026-11-24T12:00Z'),
        },
      ],
    };
    const ghost = posted(refundCompletedPosting('refund-C2-1', 5_000, { id: 'refund:99' }), '2026-11-24T13:00Z', 'C2');
    const { differences } = reconcileDay(tuesday, provider, [ghost]);
    expect(differences).toEqual([
      {
        reference: 'transaction 3 (STRAY)',
        currency: 'NGN',
        providerMinor: 98_600,
        ledgerMinor: 0,
        what: 'payment received by the provider',
      },
      {
        reference: 'refund_completed refund-C2-1 (contract C2)',
        currency: 'NGN',
        providerMinor: 0,
        ledgerMinor: -5_000,
        what: 'posted, but the provider lists no such movement',
      },
    ]);
  });

  it('compares a transfer made the day before with its posting of this day: a fee missing from the posting is a difference', () => {
    const provider: ProviderSide = {
      ...none,
      transfers: [
        {
          id: 9,
          reference: 'payout-C3',
          status: 'SUCCESSFUL',
          amountMinor: 2_450_000,
          feeMinor: 2_688,
          currency: 'NGN',
          createdAt: at('2026-11-23T22:50Z'),
        },
      ],
    };
    const withoutFee = posted(
      payoutPosting('payout-C3', { released_minor: 2_500_000, fee_minor: 50_000, payout_minor: 2_450_000 }, { id: 'transfer:9' }),
      '2026-11-24T01:00Z',
      'C3',
    );
    expect(reconcileDay(tuesday, provider, [withoutFee]).differences).toEqual([
      {
        reference: 'transfer 9 (payout-C3)',
        currency: 'NGN',
        providerMinor: -2_452_688,
        ledgerMinor: -2_450_000,
        what: 'provider movement of an earlier day, posted this day',
      },
    ]);
    const withFee = posted(
      payoutPosting(
        'payout-C3',
        { released_minor: 2_500_000, fee_minor: 50_000, payout_minor: 2_450_000 },
        { id: 'transfer:9', feeMinor: 2_688 },
      ),
      '2026-11-24T01:00Z',
      'C3',
    );
    expect(reconcileDay(tuesday, provider, [withFee]).differences).toEqual([]);
  });

  it('names a transfer or refund of the day before that completed after its day closed and was never posted', () => {
    // In flight when Monday closed, complete by Tuesday's closing, with no posting anywhere.
    const provider: ProviderSide = {
      ...none,
      transfers: [
        {
          id: 21,
          reference: 'payout-C7',
          status: 'SUCCESSFUL',
          amountMinor: 245_000,
          feeMinor: 1_075,
          currency: 'NGN',
          createdAt: at('2026-11-23T20:00Z'),
        },
      ],
      refunds: [
        {
          id: 22,
          transactionId: 3,
          status: 'completed',
          amountMinor: 5_000,
          currency: 'NGN',
          createdAt: at('2026-11-23T21:00Z'),
        },
      ],
    };
    expect(reconcileDay(tuesday, provider, []).differences).toEqual([
      {
        reference: 'transfer 21 (payout-C7)',
        currency: 'NGN',
        providerMinor: -246_075,
        ledgerMinor: 0,
        what: 'provider movement of an earlier day that the ledger never posted',
      },
      {
        reference: 'refund 22 (transaction 3)',
        currency: 'NGN',
        providerMinor: -5_000,
        ledgerMinor: 0,
        what: 'provider movement of an earlier day that the ledger never posted',
      },
    ]);
    // Posted on Monday (outside Tuesday itself but in the postings read): nothing to say on Tuesday.
    const mondayPayout = posted(
      payoutPosting(
        'payout-C7',
        { released_minor: 250_000, fee_minor: 5_000, payout_minor: 245_000 },
        { id: 'transfer:21', feeMinor: 1_075 },
      ),
      '2026-11-23T20:30Z',
      'C7',
    );
    const mondayRefund = posted(refundCompletedPosting('refund-C8-1', 5_000, { id: 'refund:22' }), '2026-11-23T21:30Z', 'C8');
    expect(reconcileDay(tuesday, provider, [mondayPayout, mondayRefund]).differences).toEqual([]);
    // One made on Wednesday is Wednesday's to name.
    const wednesday = { ...provider, transfers: [{ ...provider.transfers[0], createdAt: at('2026-11-25T08:00Z') }] };
    expect(reconcileDay(tuesday, { ...wednesday, refunds: [] } as ProviderSide, []).differences).toEqual([]);
  });

  it('lists a transfer or refund still under way as in flight, not as a difference, and the balance adds it back', () => {
    const provider: ProviderSide = {
      ...none,
      transfers: [
        {
          id: 11,
          reference: 'payout-C4',
          status: 'PENDING',
          amountMinor: 245_000,
          feeMinor: 1_075,
          currency: 'NGN',
          createdAt: at('2026-11-24T15:00Z'),
        },
      ],
      refunds: [
        { id: 12, transactionId: 1, status: 'pending', amountMinor: 5_000, currency: 'NGN', createdAt: at('2026-11-24T15:01Z') },
      ],
    };
    const { differences, inFlight } = reconcileDay(tuesday, provider, []);
    expect(differences).toEqual([]);
    expect(inFlight.map((f) => [f.reference, f.amountMinor])).toEqual([
      ['transfer 11 (payout-C4)', 246_075],
      ['refund 12 (transaction 1)', 5_000],
    ]);
    // The provider took 251,075 out already; the ledger still holds it until each completes.
    expect(balanceDifference({ ledgerMinor: 1_000_000, providerMinor: 748_925, inFlightMinor: 251_075 })).toBe(0);
  });

  it('takes a payment confirmed in the last minutes and not posted yet as arriving, not as a difference of the balance', () => {
    const payment = (id: number, createdAt: string, status = 'successful') => ({
      id,
      txRef: `T${id}`,
      status,
      amountMinor: 250_000,
      feeMinor: 3_500,
      currency: 'NGN',
      createdAt: at(createdAt),
    });
    const since = at('2026-11-24T11:45Z');
    const payments = [
      payment(1, '2026-11-24T11:50Z'),
      // Posted already: in the ledger's holding.
      payment(2, '2026-11-24T11:55Z'),
      // Older than the window: the ledger should have it by now; the balance shows it missing.
      payment(3, '2026-11-24T11:00Z'),
      payment(4, '2026-11-24T11:58Z', 'failed'),
    ];
    const arriving = arrivingPayments(payments, [{ provider_id: 'transaction:2' }], since);
    expect([...arriving]).toEqual([['NGN', 246_500]]);
    expect(balanceDifference({ ledgerMinor: 500_000, providerMinor: 746_500, inFlightMinor: 0, arrivingMinor: 246_500 })).toBe(0);
  });
});
