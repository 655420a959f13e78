import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAttemptOf, transferRetrySuffix } from '../../lambdas/core/adapters/flutterwave/transfers';
import { accountNumberInput, bankName, maskAccountNumber } from '../../lambdas/core/domain/banks';
import {
  deliveryDeadlineDays,
  deliveryDueAt,
  deliveryTimer,
  inspectionDays,
  inspectionEndsAt,
  inspectionTimer,
  longestTimerSeconds,
  secondsUntil,
} from '../../lambdas/core/domain/delivery';
import { disputeAgreeBy, disputeAgreementDays } from '../../lambdas/core/domain/dispute';
import { opsRetryMaxSeconds, opsRetrySeconds } from '../../lambdas/core/domain/execution-lifetime';
import { balances, isBalanced, paymentCreditPosting, payoutPosting } from '../../lambdas/core/domain/ledger';
import { platformFee } from '../../lambdas/core/domain/money';
import { payoutFigures, payoutReference } from '../../lambdas/core/domain/payout';
import { escrowDefinitionPath } from '../../lambdas/tasks';
import { maxTimerSeconds } from '../../lib/local/stepfunctions/definition';

describe('payout figures', () => {
  it('pays out exactly what is released minus the one platformFee, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (released) => {
        const figures = payoutFigures(released);
        expect(figures.fee_minor).toBe(platformFee(released));
        expect(figures.fee_minor + figures.payout_minor).toBe(released);
        expect(figures.payout_minor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('takes 2% of ₦85,000.00: ₦1,700.00 fee, ₦83,300.00 to the seller', () => {
    expect(payoutFigures(8_500_000)).toEqual({ released_minor: 8_500_000, fee_minor: 170_000, payout_minor: 8_330_000 });
  });

  it('gives each contract one transfer reference, the same every time', () => {
    expect(payoutReference('01ABC')).toBe('payout-01ABC');
    expect(payoutReference('01ABC')).toBe(payoutReference('01ABC'));
    // A redirect to corrected bank details: a reference of its own, never taken for an attempt at the old account.
    expect(payoutReference('01ABC', 2)).toBe('payout-01ABC-to-2');
    expect(isAttemptOf(payoutReference('01ABC', 2), payoutReference('01ABC'))).toBe(false);
    expect(isAttemptOf(`${payoutReference('01ABC', 2)}${transferRetrySuffix}1`, payoutReference('01ABC', 2))).toBe(true);
  });
});

describe('the payout posting', () => {
  it('sums to zero and empties the escrow a credit filled, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 13 }), (paid) => {
        const payout = payoutPosting('payout-C', payoutFigures(paid), { feeMinor: 1_075 });
        expect(isBalanced(payout.lines)).toBe(true);
        const totals = balances([paymentCreditPosting('ref', paid), payout]);
        expect(totals.escrow).toBe(0);
        // What the provider still holds of it: the platform's fee, less the transfer's fee.
        expect(totals.provider_holding).toBe(payoutFigures(paid).fee_minor - 1_075);
        expect(totals.provider_fees).toBe(1_075);
      }),
    );
  });

  it('refuses figures that do not add up, or nothing released', () => {
    expect(() => payoutPosting('p', { released_minor: 100, fee_minor: 2, payout_minor: 99 })).toThrow(RangeError);
    expect(() => payoutPosting('p', { released_minor: 0, fee_minor: 0, payout_minor: 0 })).toThrow(RangeError);
  });
});

describe('bank details', () => {
  it('names a bank by its code from the spec’s table, and shows an unknown code as it is', () => {
    expect(bankName('058')).toBe('Guaranty Trust Bank');
    expect(bankName('011')).toBe('First Bank');
    expect(bankName('033')).toBe('United Bank for Africa');
    expect(bankName('057')).toBe('Zenith Bank');
    expect(bankName('035')).toBe('Wema Bank');
    expect(bankName('99999')).toBe('99999');
  });

  it('keeps digits only, at most 10, and masks all but the last four', () => {
    expect(accountNumberInput('0690-000 031x99')).toBe('0690000031');
    expect(accountNumberInput('abc')).toBe('');
    expect(maskAccountNumber('0690000031')).toBe('******0031');
  });
});

describe('the escrow state machine’s payout', () => {
  const definition = JSON.parse(readFileSync(escrowDefinitionPath, 'utf8')) as {
    States: Record<
      string,
      {
        Type: string;
        Next?: string;
        Retry?: Array<{ ErrorEquals: string[]; MaxAttempts?: number }>;
        Catch?: Array<{ ErrorEquals: string[]; Next: string }>;
        TimeoutSeconds?: number;
        TimeoutSecondsPath?: string;
        Default?: string;
      }
    >;
  };
  const states = definition.States;

  it('goes AwaitDelivery -> (inspection) -> AwaitReleaseRequest -> PreparePayout -> Transfer -> PayoutPaid -> Completed', () => {
    expect(states.AwaitFunding?.Next).toBe('Funded');
    expect(states.Funded?.Default).toBe('AwaitDelivery');
    expect(states.AwaitDelivery?.Next).toBe('Delivered');
    expect(states.Inspected?.Default).toBe('AwaitReleaseRequest');
    expect(states.AwaitReleaseRequest?.Next).toBe('ReleaseRequested');
    expect(states.ReleaseRequested?.Default).toBe('PreparePayout');
    expect(states.PreparePayout?.Next).toBe('Transfer');
    expect(states.Transfer?.Next).toBe('PayoutPaid');
    expect(states.PayoutPaid?.Next).toBe('PaidOut');
    expect(states.PaidOut?.Default).toBe('EndPaid');
    expect(states.EndPaid?.Next).toBe('Completed');
    expect(states.Completed?.Type).toBe('Succeed');
  });

  it('retries a failed transfer, reconciles on timeout, never retries PayoutFailed, and then waits for ops', () => {
    const retry = states.Transfer?.Retry ?? [];
    expect(retry.find((r) => r.ErrorEquals.includes('PayoutFailed'))).toMatchObject({ MaxAttempts: 0 });
    expect(retry.map((r) => r.ErrorEquals[0])).toEqual([
      'ExecutionLifetimeEnded',
      'Lambda.ServiceException',
      'PayoutFailed',
      'TransferFailed',
      'States.Timeout',
      'States.TaskFailed',
    ]);
    // The provider refusing or failing the transfer waits for ops as a failed payout; anything else
    // (the provider unreachable past the retries) waits for ops as the execution and retries by itself.
    expect(states.Transfer?.Catch).toEqual([
      expect.objectContaining({ ErrorEquals: ['ExecutionLifetimeEnded'], Next: 'ContinueAsNew' }),
      expect.objectContaining({ ErrorEquals: ['PayoutFailed', 'TransferFailed', 'States.Timeout'], Next: 'PayoutFailed' }),
      expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'TransferCaught' }),
    ]);
    expect(states.PayoutFailed?.Next).toBe('AwaitPayoutResume');
    expect(states.AwaitPayoutResume?.Next).toBe('Transfer');
  });

  it('gives every Task an explicit timeout under 24 days; the delivery’s, the inspection’s and the dispute’s come from their timers: at most the 30-day deadline, the 14-day window and the 7-day agreement', () => {
    const timed = [];
    for (const [name, state] of Object.entries(states))
      if (state.Type === 'Task') {
        if (state.TimeoutSecondsPath !== undefined) {
          timed.push([name, state.TimeoutSecondsPath]);
          continue;
        }
        expect(state.TimeoutSeconds, name).toBeGreaterThan(0);
        expect(state.TimeoutSeconds, name).toBeLessThan(24 * 24 * 3600);
      }
    expect(timed).toEqual([
      // A contract in milestones: the delivery deadline while partly funded, then 20-day turns (services/milestones.ts).
      ['AwaitMilestones', '$.funding.deliverySeconds'],
      ['AwaitDelivery', '$.funding.deliverySeconds'],
      ['AwaitInspection', '$.inspectionTimer.seconds'],
      ['AwaitSettlement', '$.settlement.seconds'],
      ['AwaitOps', '$.hold.seconds'],
    ]);
    expect(opsRetrySeconds(100, 1)).toBe(opsRetryMaxSeconds);
    expect(opsRetryMaxSeconds).toBeLessThan(maxTimerSeconds);
    const openedAt = '2026-01-01T00:00:00.000Z';
    expect(secondsUntil(disputeAgreeBy(openedAt, 1), Date.parse(openedAt))).toBe(disputeAgreementDays * 24 * 3600);
    expect(secondsUntil(deliveryDueAt(openedAt, 1), Date.parse(openedAt))).toBe(deliveryDeadlineDays * 24 * 3600);
    // The 30-day deadline is waited for in turns of at most 20 days (under Node's 24.8-day timer limit locally).
    const funded = { status: 'fully_funded' as const, amount_paid_minor: 1, delivery_due_at: deliveryDueAt(openedAt, 1) };
    expect(deliveryTimer(funded, Date.parse(openedAt)).deliverySeconds).toBe(longestTimerSeconds);
    expect(deliveryTimer(funded, Date.parse(openedAt) + 15 * 24 * 3600 * 1000).deliverySeconds).toBe(15 * 24 * 3600);
    expect(longestTimerSeconds).toBeLessThan(maxTimerSeconds);
    const deliveredAt = '2026-01-01T00:00:00.000Z';
    const longest = {
      status: 'delivered' as const,
      delivered_at: deliveredAt,
      inspection_ends_at: inspectionEndsAt(deliveredAt, inspectionDays.max, 1),
    };
    for (const reminded of [false, true]) {
      const { seconds } = inspectionTimer(longest, reminded, Date.parse(deliveredAt), 1);
      expect(seconds).toBeLessThanOrEqual(inspectionDays.max * 24 * 3600);
    }
  });
});
