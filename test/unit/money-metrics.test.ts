import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  paymentCreditPosting,
  payoutPosting,
  refundCompletedPosting,
  refundRequestedPosting,
} from '../../lambdas/core/domain/ledger';
import { flowsOf } from '../../lambdas/core/domain/money-metrics';
import { captureEmf } from '../support/emf';

/** The EMF line a money event writes is what the stage's alarms read: namespace, dimensions, name and count. */
describe('money metrics', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('writes one EMF line per event with the stage, in the namespace and dimensions the alarms watch', async () => {
    vi.stubEnv('STAGE', 'prod');
    const records = captureEmf();
    const { countMoneyEvent } = await import('../../lambdas/core/adapters/metrics');
    countMoneyEvent('PayoutsFailed');
    countMoneyEvent('RefundsFailed', 2);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ service: 'escrow', stage: 'prod', PayoutsFailed: 1 });
    expect(records[1]).toMatchObject({ RefundsFailed: 2 });
    const emf = records[0]?._aws as { CloudWatchMetrics: unknown[] } | undefined;
    expect(emf?.CloudWatchMetrics).toEqual([
      { Namespace: 'Escrow', Dimensions: [['service', 'stage']], Metrics: [{ Name: 'PayoutsFailed', Unit: 'Count' }] },
    ]);
  });
});

describe('money waiting for ops', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('writes the payouts, refunds and executions waiting now as one EMF line, zero included so their alarms clear', async () => {
    vi.stubEnv('STAGE', 'prod');
    const records = captureEmf();
    const { countMoneyWaiting } = await import('../../lambdas/core/adapters/metrics');
    countMoneyWaiting({
      PayoutsWaitingForOps: 2,
      RefundsWaitingForOps: 0,
      ExecutionsWaitingForOps: 1,
      RefundsAwaitingBankDetails: 3,
      RefundsAwaitingBankDetailsOver7Days: 1,
    });
    expect(records).toEqual([
      expect.objectContaining({
        service: 'escrow',
        stage: 'prod',
        PayoutsWaitingForOps: 2,
        RefundsWaitingForOps: 0,
        ExecutionsWaitingForOps: 1,
        RefundsAwaitingBankDetails: 3,
        RefundsAwaitingBankDetailsOver7Days: 1,
      }),
    ]);
  });

  it('writes how far the provider falls short of what customers are owed with its currency, 0 included so its alarm clears', async () => {
    vi.stubEnv('STAGE', 'prod');
    const records = captureEmf();
    const { countProviderShortfall } = await import('../../lambdas/core/adapters/metrics');
    countProviderShortfall(59_000, 'NGN');
    countProviderShortfall(0, 'NGN');
    expect(records.map((r) => [r.currency, r.ProviderShortfall])).toEqual([
      ['NGN', 59_000],
      ['NGN', 0],
    ]);
    expect(records[0]).toMatchObject({ service: 'escrow', stage: 'prod' });
  });
});

describe('the money that moves, per posting', () => {
  it('reads paid in, paid out, refunded and fees from a posting’s lines, and nothing from an internal move', () => {
    // The provider's own fees change none of them: the payer paid 11,500, the seller got 9,800.
    expect(flowsOf(paymentCreditPosting('tx', 11_500, 1_500, { feeMinor: 161 }))).toEqual({ MoneyIn: 11_500 });
    expect(
      flowsOf(payoutPosting('p', { released_minor: 10_000, fee_minor: 200, payout_minor: 9_800 }, { feeMinor: 1_075 })),
    ).toEqual({ MoneyPaidOut: 9_800, Fees: 200 });
    expect(flowsOf(refundCompletedPosting('r', 1_500, { feeMinor: 1_075 }))).toEqual({ MoneyRefunded: 1_500 });
    expect(flowsOf(refundRequestedPosting('r', 1_500, 'suspense'))).toEqual({});
  });

  it('writes a posting’s flows as one EMF line with the currency', async () => {
    vi.stubEnv('STAGE', 'prod');
    const records = captureEmf();
    const { countMoneyFlows } = await import('../../lambdas/core/adapters/metrics');
    countMoneyFlows({ MoneyPaidOut: 9_800, Fees: 200 }, 'NGN');
    countMoneyFlows({}, 'NGN');
    expect(records).toEqual([
      expect.objectContaining({ service: 'escrow', stage: 'prod', currency: 'NGN', MoneyPaidOut: 9_800, Fees: 200 }),
    ]);
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
});
