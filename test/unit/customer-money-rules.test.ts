import { describe, expect, it } from 'vitest';
import { isOverdue, raisedAt, remindersDue } from '../../lambdas/core/domain/bank-details-wait';
import {
  balances,
  customerMoney,
  customerMoneyByContract,
  floatFundedPosting,
  isBalanced,
  owedMinor,
  paymentCreditPosting,
  payoutPosting,
  refundCompletedPosting,
  refundRequestedPosting,
} from '../../lambdas/core/domain/ledger';
import { coverCheck, describeCover } from '../../lambdas/core/domain/provider-cover';
import { dayBounds, type ReconciledPosting, reconcileDay } from '../../lambdas/core/domain/reconciliation';
import { type HeldContract, heldReport, heldTotals, isShort } from '../../scripts/held';

/** The money customers are owed, and whether the provider holds it (issue: money someone watches). */

const on = (contract_id: string, posting: ReturnType<typeof paymentCreditPosting>) => ({ ...posting, contract_id });

describe('customers’ money by contract', () => {
  it('follows each contract’s escrow, suspense and refunds on their way, and leaves out a contract holding nothing', () => {
    const postings = [
      on('A', paymentCreditPosting('tA', 250_000, 0, { feeMinor: 3_500 })),
      on('B', paymentCreditPosting('tB', 300_000, 50_000, { feeMinor: 4_200 })),
      on('B', refundRequestedPosting('rB', 50_000, 'suspense')),
      on('C', paymentCreditPosting('tC', 100_000)),
      on('C', payoutPosting('pC', { released_minor: 100_000, fee_minor: 2_000, payout_minor: 98_000 }, { feeMinor: 1_075 })),
      on('FLOAT', floatFundedPosting('top-up', 1_000_000)),
    ];
    const held = customerMoneyByContract(postings);
    expect(held).toEqual({
      A: { escrow_minor: 250_000, suspense_minor: 0, refund_pending_minor: 0 },
      B: { escrow_minor: 250_000, suspense_minor: 0, refund_pending_minor: 50_000 },
    });
    // From a closing's figures on, the same as from the beginning.
    const later = [on('B', refundCompletedPosting('rB', 50_000)), on('A', paymentCreditPosting('tA2', 1_000))];
    expect(customerMoneyByContract(later, held)).toEqual(customerMoneyByContract([...postings, ...later]));
    expect(customerMoneyByContract(later, held).B).toEqual({ escrow_minor: 250_000, suspense_minor: 0, refund_pending_minor: 0 });
    // The totals say the same: what customers are owed is the sum of the contracts' money.
    const total = owedMinor(customerMoney(balances([...postings, ...later])));
    expect(total).toBe(Object.values(customerMoneyByContract([...postings, ...later])).reduce((t, m) => t + owedMinor(m), 0));
  });

  it('records a top-up of the float as the platform’s own money: the provider holds it, no customer is owed it', () => {
    const topUp = floatFundedPosting('top-up-FT123', 59_000);
    expect(isBalanced(topUp.lines)).toBe(true);
    expect(balances([topUp])).toMatchObject({ provider_holding: 59_000, float: -59_000, escrow: 0 });
    expect(owedMinor(customerMoney(balances([topUp])))).toBe(0);
    expect(() => floatFundedPosting('x', 0)).toThrow(RangeError);
  });

  it('is no difference in a day’s reconciliation: v3 lists no top-up, the balance answers for it', () => {
    const day = dayBounds('2026-11-24');
    const posting: ReconciledPosting = {
      ...floatFundedPosting('top-up-FT123', 59_000),
      contract_id: 'FLOAT',
      currency: 'NGN',
      created_at: '2026-11-24T10:00:00.000Z',
    };
    expect(reconcileDay(day, { payments: [], transfers: [], refunds: [] }, [posting]).differences).toEqual([]);
  });
});

describe('the provider against what customers are owed', () => {
  const owed = { escrow_minor: 500_000, suspense_minor: 10_000, refund_pending_minor: 40_000 };
  const at = '2026-11-24T10:00:00.000Z';

  it('covers what is owed with its balance and what it has on its way to customers', () => {
    const check = coverCheck(
      { currency: 'NGN', owed, providerMinor: 520_000, availableMinor: 520_000, inFlightMinor: 40_000 },
      at,
    );
    expect(check).toMatchObject({ owedMinor: 550_000, coverMinor: 560_000, shortfallMinor: 0, checkedAt: at });
    expect(describeCover(check)).toBe(
      'NGN: the provider holds ₦5,200.00 and ₦400.00 on its way to customers; customers are owed ₦5,500.00: covered, ₦100.00 to spare',
    );
  });

  it('falls short when the provider’s fees came out of customers’ money, and says by how much', () => {
    const check = coverCheck({ currency: 'NGN', owed, providerMinor: 491_000, availableMinor: 491_000, inFlightMinor: 0 }, at);
    expect(check.shortfallMinor).toBe(59_000);
    expect(describeCover(check)).toMatch(/customers are owed ₦5,500\.00: SHORT by ₦590\.00$/);
  });
});

describe('reminding a buyer whose refund waits for their bank account', () => {
  const day = 86_400_000;
  it('reminds after 1, 3 and 6 days, then weekly; raises ops after 7 days', () => {
    const due = (days: number) => remindersDue(days * day, day);
    expect([0.5, 1, 2.9, 3, 5.9, 6, 12.9, 13, 20, 27].map(due)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 5, 6]);
    expect(isOverdue(6.99 * day, day)).toBe(false);
    expect(isOverdue(7 * day, day)).toBe(true);
    expect(raisedAt('2026-11-01T10:00:00.000Z', day).toISOString()).toBe('2026-11-08T10:00:00.000Z');
  });

  it('counts in the business days the time scale shortens', () => {
    const scaledDay = 864; // a time scale of 0.00001
    expect(remindersDue(3 * scaledDay, scaledDay)).toBe(2);
    expect(isOverdue(7 * scaledDay, scaledDay)).toBe(true);
  });
});

describe('npm run held', () => {
  const contract = (contractId: string, money: Partial<HeldContract['money']>, payoutStatus?: HeldContract['payoutStatus']) => ({
    contractId,
    title: `Cake ${contractId}`,
    status: payoutStatus ? 'releasing' : 'fully_funded',
    money: { escrow_minor: 0, suspense_minor: 0, refund_pending_minor: 0, ...money },
    ...(payoutStatus ? { payoutStatus } : {}),
  });
  const contracts = [
    contract('A', { escrow_minor: 250_000 }),
    contract('B', { escrow_minor: 245_000 }, 'transferring'),
    contract('C', { refund_pending_minor: 50_000, suspense_minor: 5_000 }),
  ];

  it('splits what customers are owed by what it waits for, adding up to the whole', () => {
    expect(heldTotals(contracts)).toEqual({
      heldInEscrow: 250_000,
      payoutsInFlight: 245_000,
      refundsPending: 50_000,
      suspense: 5_000,
      owed: 550_000,
    });
  });

  it('prints every contract and the provider’s check, and is short when the check is, or when there is none', () => {
    const at = '2026-11-24T10:00:00.000Z';
    const cover = coverCheck(
      {
        currency: 'NGN',
        owed: { escrow_minor: 495_000, suspense_minor: 5_000, refund_pending_minor: 50_000 },
        providerMinor: 491_000,
        availableMinor: 491_000,
        inFlightMinor: 0,
      },
      at,
    );
    const figures = { currency: 'NGN' as const, at, contracts, totalOwedMinor: 550_000, postingsRead: 4, cover };
    const report = heldReport(figures, new Date(at)).join('\n');
    expect(report).toContain('payout in flight ₦2,450.00');
    expect(report).toMatch(/customers are owed\s+₦5,500\.00 \(3 contracts\)/);
    expect(report).toContain('SHORT by ₦590.00');
    expect(report).not.toContain('TOTALS SAY');
    expect(isShort(figures)).toBe(true);
    expect(isShort({ cover: { ...cover, providerMinor: 600_000, coverMinor: 600_000, shortfallMinor: 0 } })).toBe(false);
    expect(isShort({})).toBe(true);
    // Contracts that do not add up to the ledger's totals are named as such.
    expect(heldReport({ ...figures, totalOwedMinor: 560_000 }, new Date(at)).join('\n')).toContain(
      'the contracts and the totals differ by -₦100.00',
    );
    // A check older than three of the sweep's runs says so.
    expect(heldReport(figures, new Date(Date.parse(at) + 20 * 60_000)).join('\n')).toContain('OVER 20 MINUTES AGO');
  });
});
