import { describe, expect, it } from 'vitest';
import {
  paymentCreditPosting,
  payoutPosting,
  refundCompletedPosting,
  refundRequestedPosting,
} from '../../lambdas/core/domain/ledger';
import { payoutFigures } from '../../lambdas/core/domain/payout';
import { badEndsFromLogEvents, historyFromLogEvents } from '../../scripts/execution-logs';
import { executionReport } from '../../scripts/executions';

const at = (s: string) => new Date(`2026-11-22T10:00:${s}Z`);

describe('npm run executions', () => {
  it('prints each state with its time, what the tasks answered, and a ledger that sums to zero', () => {
    const credit = paymentCreditPosting('MMBT-C1-buyer123-1', 8_500_000);
    const lines = executionReport({
      contractId: 'C1',
      execution: { status: 'RUNNING', startDate: at('00') },
      events: [
        { timestamp: at('01'), type: 'TaskStateEntered', id: 2, stateEnteredEventDetails: { name: 'AwaitFunding' } },
        {
          timestamp: at('09'),
          type: 'TaskSucceeded',
          id: 5,
          taskSucceededEventDetails: {
            resourceType: 'lambda',
            resource: 'invoke',
            output: '{"amountPaidMinor":8500000,"status":"fully_funded"}',
          },
        },
        { timestamp: at('10'), type: 'TaskStateEntered', id: 7, stateEnteredEventDetails: { name: 'AwaitDelivery' } },
      ],
      contract: {
        status: 'fully_funded',
        currency: 'NGN',
        total_amount_minor: 8_500_000,
        amount_paid_minor: 8_500_000,
        title: 'Cake',
      },
      ledger: [{ ...credit, created_at: '2026-11-22T10:00:08Z' }],
    });
    expect(lines).toContain('  status fully_funded, paid ₦85,000.00 of ₦85,000.00');
    expect(lines).toContain('  2026-11-22T10:00:01.000Z  AwaitFunding');
    expect(lines).toContain('  2026-11-22T10:00:09.000Z    answered amountPaid ₦85,000.00, status fully_funded');
    expect(lines).toContain('  2026-11-22T10:00:10.000Z  AwaitDelivery');
    expect(lines).toContain('      escrow           -₦85,000.00');
    expect(lines.at(-1)).toBe('  the ledger sums to zero');
  });

  it("prints a dollar contract's payout in dollars, and the naira it reached the bank as, at the rate confirmed and the rate paid", () => {
    const figures = payoutFigures(100_000);
    const lines = executionReport({
      contractId: 'C9',
      execution: { status: 'SUCCEEDED', startDate: at('00') },
      events: [],
      contract: { status: 'completed', currency: 'USD', total_amount_minor: 100_000, amount_paid_minor: 100_000, title: 'Logo' },
      ledger: [
        { ...paymentCreditPosting('MMCARD-C9-buyer123-1', 100_000), created_at: '2026-11-22T10:00:08Z' },
        { ...payoutPosting('payout-C9', figures, { id: 'transfer:7', feeMinor: 0 }), created_at: '2026-11-22T10:00:20Z' },
      ],
      payout: {
        status: 'paid',
        reference: 'payout-C9',
        ...figures,
        bank_code: '044',
        account_number: '0690000032',
        account_name: 'ADA OBI',
        transfer_id: 7,
        transfer_status: 'SUCCESSFUL',
        attempts: 1,
        provider_message: null,
        paid_at: '2026-11-22T10:00:20Z',
        confirmed_rate: 1500,
        conversion: { currency: 'NGN', rate: 1490, amount_minor: 146_020_000 },
      },
    });
    expect(lines).toContain('  released $1,000.00 = fee $20.00 + payout $980.00');
    expect(lines).toContain('  converted: ₦1,460,200.00 at ₦1,490.00 per $1 (the seller confirmed ₦1,500.00 per $1)');
  });

  it("says a dollar payout goes to the seller's dollar account unconverted, and a payout that waits for the seller's rate", () => {
    const figures = payoutFigures(100_000);
    const payout = {
      status: 'failed',
      reference: 'payout-C10',
      ...figures,
      bank_code: '044',
      account_number: '0690000039',
      account_name: 'ADA OBI',
      transfer_id: null,
      transfer_status: null,
      attempts: 0,
      provider_message: null,
      paid_at: null,
    };
    const contract = {
      status: 'releasing',
      currency: 'USD',
      total_amount_minor: 100_000,
      amount_paid_minor: 100_000,
      title: 'Logo',
    } as const;
    const toDollars = executionReport({
      contractId: 'C10',
      events: [],
      contract,
      ledger: [],
      payout: { ...payout, destination_currency: 'USD' },
    });
    expect(toDollars).toContain("  to ADA OBI, bank 044 account 0690000039 (the seller's USD account, not converted)");
    const waiting = executionReport({
      contractId: 'C10',
      events: [],
      contract,
      ledger: [],
      payout: { ...payout, destination_currency: 'NGN', confirmed_rate: 1500, waiting_for: 'rate', moved_rate: 1400 },
    });
    expect(waiting).toContain('  to ADA OBI, bank 044 account 0690000039');
    expect(waiting).toContain(
      '  waits for the seller to confirm the rate: it fell from ₦1,500.00 per $1 to ₦1,400.00 per $1 before the transfer',
    );
  });

  it("prints a dollar refund sent to the buyer's naira account with the naira and the rate", () => {
    const lines = executionReport({
      contractId: 'C11',
      events: [],
      contract: { status: 'cancelled', currency: 'USD', total_amount_minor: 10_000, amount_paid_minor: 10_000, title: 'Logo' },
      ledger: [],
      refunds: [
        {
          leg: 'MMCARD-C11-buyer123-1',
          reason: 'cancellation',
          amount_minor: 10_000,
          currency: 'USD',
          status: 'completed',
          provider_refund_id: null,
          attempts: 1,
          method: 'bank_transfer',
          destination: {
            bank_code: '044',
            account_number: '0690000032',
            account_name: 'BAYO ADE',
            transfer_reference: 'refund-C11-bank-1',
            conversion: { currency: 'NGN', rate: 1500, amount_minor: 15_000_000 },
          },
          transfer_id: 9,
          transfer_status: 'SUCCESSFUL',
        },
      ],
    });
    expect(lines).toContain(
      '    by bank transfer refund-C11-bank-1 to BAYO ADE, bank 044 account 0690000032: transfer 9 SUCCESSFUL, converted: ₦150,000.00 at ₦1,500.00 per $1',
    );
  });

  it('prints the delivery, the end of the inspection window and each refund leg with the provider’s reference', () => {
    const lines = executionReport({
      contractId: 'C4',
      events: [],
      contract: {
        status: 'delivered',
        currency: 'NGN',
        total_amount_minor: 1_000_000,
        amount_paid_minor: 1_000_000,
        title: 'Chair',
        delivered_at: '2026-11-22T10:00:00.000Z',
        delivery_note: 'Sent by GIG, waybill 7781',
        inspection_ends_at: '2026-11-25T10:00:00.000Z',
      },
      refunds: [
        { leg: 'tx-41', reason: 'excess', amount_minor: 150_000, status: 'completed', provider_refund_id: '7301', attempts: 1 },
        {
          leg: 'tx-42',
          reason: 'not_payable',
          amount_minor: 20_000,
          status: 'failed',
          provider_refund_id: null,
          attempts: 3,
          failure_reason: 'asked 3 times without a refund',
        },
      ],
      ledger: [],
    });
    expect(lines).toContain('  delivered 2026-11-22T10:00:00.000Z: Sent by GIG, waybill 7781');
    expect(lines).toContain('  inspection ends 2026-11-25T10:00:00.000Z');
    expect(lines).toContain('Refunds: 2 legs');
    expect(lines).toContain('  tx-41 (excess) ₦1,500.00: completed after 1 attempt, provider refund 7301');
    expect(lines).toContain(
      '  tx-42 (not_payable) ₦200.00: failed after 3 attempts, provider refund - (asked 3 times without a refund)',
    );
  });

  it('prints a refund sent by bank transfer with every account tried, and money paid in another currency apart from the contract’s', () => {
    const usd = { currency: 'USD' as const };
    const lines = executionReport({
      contractId: 'C5',
      events: [],
      contract: { status: 'active', currency: 'NGN', total_amount_minor: 70_000, amount_paid_minor: 0, title: 'Lamp' },
      refunds: [
        {
          leg: 'tx-51',
          reason: 'excess',
          amount_minor: 150_000,
          status: 'completed',
          provider_refund_id: null,
          attempts: 3,
          failure_reason: 'Refunds are not supported for bank_transfer transactions',
          method: 'bank_transfer',
          destination: {
            bank_code: '044',
            account_number: '0690000033',
            account_name: 'Ada Obi',
            transfer_reference: 'refund-C5-tx-51-bank-2',
          },
          transfer_id: 512,
          transfer_status: 'SUCCESSFUL',
          previous_destinations: [
            {
              bank_code: '044',
              account_number: '0690000041',
              account_name: 'Ada Obi',
              transfer_reference: 'refund-C5-tx-51-bank-1',
              transfer_id: 511,
              provider_message: 'DISBURSE FAILED',
              failed_at: '2026-11-22T10:05:00.000Z',
            },
          ],
        },
        {
          leg: 'tx-52',
          reason: 'wrong_currency',
          amount_minor: 70_000,
          status: 'completed',
          provider_refund_id: '7302',
          attempts: 1,
          ...usd,
        },
      ],
      ledger: [
        { ...paymentCreditPosting('MMCARD-C5-x-1', 70_000, 70_000), ...usd, created_at: '2026-11-22T10:00:00Z' },
        { ...refundRequestedPosting('refund-C5-tx-52', 70_000, 'suspense'), ...usd, created_at: '2026-11-22T10:00:01Z' },
        { ...refundCompletedPosting('refund-C5-tx-52', 70_000), ...usd, created_at: '2026-11-22T10:00:02Z' },
      ],
    });
    expect(lines).toContain(
      '    by bank transfer refund-C5-tx-51-bank-1 to bank 044 account 0690000041: transfer 511 FAILED 2026-11-22T10:05:00.000Z (DISBURSE FAILED)',
    );
    expect(lines).toContain(
      '    by bank transfer refund-C5-tx-51-bank-2 to Ada Obi, bank 044 account 0690000033: transfer 512 SUCCESSFUL',
    );
    expect(lines).toContain('  tx-52 (wrong_currency) $700.00: completed after 1 attempt, provider refund 7302');
    expect(lines).toContain('  2026-11-22T10:00:00Z  payment_credited  MMCARD-C5-x-1  (in USD)');
    expect(lines).toContain('  in USD, paid in by mistake:');
    expect(lines).toContain(
      '  paid in $700.00 = held $0.00 + suspense $0.00 + refund pending $0.00 + refunded $700.00 + paid out $0.00 + fees $0.00',
    );
    // The naira ledger holds nothing, and each currency sums to zero on its own.
    expect(lines).toContain(
      '  paid in ₦0.00 = held ₦0.00 + suspense ₦0.00 + refund pending ₦0.00 + refunded ₦0.00 + paid out ₦0.00 + fees ₦0.00',
    );
    expect(lines.filter((l) => l === '  the ledger sums to zero')).toHaveLength(2);
  });

  it('prints a dispute’s proposals and the decision with who decided and why', () => {
    const lines = executionReport({
      contractId: 'C5',
      events: [],
      dispute: {
        status: 'settled',
        opened_side: 'payer',
        reason: 'not_as_described',
        details: '40 photos, not 300',
        opened_at: '2026-11-20T10:00:00.000Z',
        agree_by: '2026-11-27T10:00:00.000Z',
        held_minor: 4_000_000,
        proposals: [{ id: 'P1', by: 'payer', refund_minor: 3_000_000, created_at: '2026-11-21T10:00:00.000Z' }],
        settlement: {
          source: 'ops',
          proposal_id: null,
          decided_by: 'arn:aws:iam::123456789012:user/ada',
          reason: 'Photos partly delivered',
          settled_at: '2026-11-28T09:00:00.000Z',
          held_minor: 4_000_000,
          refund_minor: 1_000_000,
          released_minor: 3_000_000,
          fee_minor: 60_000,
          payout_minor: 2_940_000,
        },
      },
      ledger: [],
    });
    expect(lines).toContain(
      'Dispute: settled, opened 2026-11-20T10:00:00.000Z by the payer (not_as_described): 40 photos, not 300',
    );
    expect(lines).toContain('  2026-11-21T10:00:00.000Z  proposal P1 by the payer: ₦30,000.00 back to the buyer');
    expect(lines).toContain(
      '  settled 2026-11-28T09:00:00.000Z (ops) by arn:aws:iam::123456789012:user/ada: Photos partly delivered',
    );
    expect(lines).toContain('  refund ₦10,000.00 + fee ₦600.00 + payout ₦29,400.00 = held ₦40,000.00');
  });

  it('follows a contract into the executions that continued it', () => {
    const lines = executionReport({
      contractId: 'C6',
      execution: {
        status: 'SUCCEEDED',
        startDate: new Date('2026-01-01T00:00:00.000Z'),
        stopDate: new Date('2026-10-28T00:00:00.000Z'),
      },
      events: [],
      continuations: [
        { name: 'C6--2', execution: { status: 'RUNNING', startDate: new Date('2026-10-28T00:00:01.000Z') }, events: [] },
      ],
      ledger: [],
    });
    expect(lines).toContain('Execution: SUCCEEDED since 2026-01-01T00:00:00.000Z, ended 2026-10-28T00:00:00.000Z');
    expect(lines).toContain('Execution C6--2: RUNNING since 2026-10-28T00:00:01.000Z');
  });

  it('says an execution it could not read could not be read, never "none"', () => {
    const lines = executionReport({
      contractId: 'C9',
      executionError: 'AccessDeniedException: not authorized to perform states:DescribeExecution',
      events: [],
      ledger: [],
    });
    expect(lines).toContain(
      'Execution: could not be read (AccessDeniedException: not authorized to perform states:DescribeExecution)',
    );
    expect(lines).not.toContain('Execution: none');
  });

  it('says loudly when a ledger does not sum to zero', () => {
    const lines = executionReport({
      contractId: 'C2',
      events: [],
      ledger: [{ kind: 'payment_credited', reference: 'r', created_at: 't', lines: [{ account: 'escrow', amount_minor: -5 }] }],
    });
    expect(lines).toContain('Execution: none');
    expect(lines.at(-1)).toBe('  THE LEDGER DOES NOT SUM TO ZERO: -₦0.05');
  });

  it('prints a completed contract’s payout: the fee, the reference, a failed attempt, the transfer that paid, and the balanced ledger', () => {
    const figures = payoutFigures(5_000_000);
    const lines = executionReport({
      contractId: 'C3',
      execution: { status: 'SUCCEEDED', startDate: at('00'), stopDate: at('30') },
      events: [
        { timestamp: at('20'), type: 'TaskStateEntered', id: 20, stateEnteredEventDetails: { name: 'PreparePayout' } },
        {
          timestamp: at('21'),
          type: 'TaskSucceeded',
          id: 22,
          taskSucceededEventDetails: {
            resourceType: 'lambda',
            resource: 'invoke',
            output: JSON.stringify({
              Payload: {
                reference: 'payout-C3',
                releasedMinor: 5_000_000,
                released: '₦50,000.00',
                feeMinor: 100_000,
                fee: '₦1,000.00',
                payoutMinor: 4_900_000,
              },
            }),
          },
        },
        {
          timestamp: at('25'),
          type: 'TaskFailed',
          id: 25,
          taskFailedEventDetails: {
            resourceType: 'lambda',
            resource: 'invoke.waitForTaskToken',
            error: 'TransferFailed',
            cause: 'DISBURSE FAILED: declined',
          },
        },
        { timestamp: at('30'), type: 'TaskStateEntered', id: 30, stateEnteredEventDetails: { name: 'PayoutPaid' } },
      ],
      contract: {
        status: 'completed',
        currency: 'NGN',
        total_amount_minor: 5_000_000,
        amount_paid_minor: 5_000_000,
        title: 'Logo',
      },
      payout: {
        status: 'paid',
        reference: 'payout-C3',
        ...figures,
        bank_code: '044',
        account_number: '0690000031',
        account_name: 'Adaeze Okafor',
        transfer_id: 7,
        transfer_status: 'SUCCESSFUL',
        attempts: 2,
        provider_message: 'Transaction was successful',
        paid_at: '2026-11-22T10:00:29Z',
      },
      ledger: [
        { ...paymentCreditPosting('MMCD-C3', 5_000_000, 0, { id: 'transaction:41', feeMinor: 70_000 }), created_at: 't1' },
        { ...payoutPosting('payout-C3', figures, { id: 'transfer:7', feeMinor: 2_688 }), created_at: 't2' },
      ],
    });
    expect(lines).toContain(
      '  2026-11-22T10:00:21.000Z    answered reference payout-C3, released ₦50,000.00, fee ₦1,000.00, payout ₦49,000.00',
    );
    expect(lines).toContain('  2026-11-22T10:00:25.000Z    failed TransferFailed: DISBURSE FAILED: declined');
    expect(lines).toContain('Payout: paid, reference payout-C3');
    expect(lines).toContain('  released ₦50,000.00 = fee ₦1,000.00 + payout ₦49,000.00');
    expect(lines).toContain('  transfer 7 SUCCESSFUL after 2 attempts (Transaction was successful), paid 2026-11-22T10:00:29Z');
    expect(lines).toContain('  t2  payout_completed  payout-C3  provider transfer:7');
    expect(lines).toContain('      provider_holding -₦49,000.00');
    expect(lines).toContain('      provider_fees    ₦26.88');
    expect(lines).toContain('  the provider kept ₦726.88 in fees and holds ₦273.12 of it');
    expect(lines.at(-1)).toBe('  the ledger sums to zero');
  });

  it('prints an execution older than 90 days from its logged events, as it prints a live history', () => {
    const arn = 'arn:aws:states:eu-west-1:123456789012:execution:escrow-prod-contracts:C9';
    const logged = (id: number, seconds: string, type: string, details: object, executionArn = arn) =>
      JSON.stringify({
        id: String(id),
        type,
        details,
        previous_event_id: String(id - 1),
        event_timestamp: String(Date.parse(`2026-05-01T10:00:${seconds}Z`)),
        execution_arn: executionArn,
      });
    const events = historyFromLogEvents(
      [
        logged(3, '09', 'TaskSucceeded', {
          output: '{"amountPaidMinor":250000,"status":"fully_funded"}',
          resourceType: 'lambda',
        }),
        logged(2, '01', 'TaskStateEntered', { name: 'AwaitFunding', input: '{}' }),
        logged(4, '20', 'TaskFailed', { error: 'TransferFailed', cause: 'DISBURSE FAILED' }),
        logged(2, '02', 'TaskStateEntered', { name: 'SomeoneElses' }, `${arn}0`),
        'START RequestId: not an event',
      ],
      arn,
    );
    expect(events.map((e) => e.type)).toEqual(['TaskStateEntered', 'TaskSucceeded', 'TaskFailed']);
    const lines = executionReport({ contractId: 'C9', events, ledger: [] });
    expect(lines).toContain('  2026-05-01T10:00:01.000Z  AwaitFunding');
    expect(lines).toContain('  2026-05-01T10:00:09.000Z    answered amountPaid ₦2,500.00, status fully_funded');
    expect(lines).toContain('  2026-05-01T10:00:20.000Z    failed TransferFailed: DISBURSE FAILED');
  });

  it('finds the executions that failed, timed out or were aborted from their logged end events, once each', () => {
    const base = 'arn:aws:states:eu-west-1:123456789012:execution:escrow-prod-contracts';
    const logged = (type: string, name: string, seconds: string) =>
      JSON.stringify({
        id: '9',
        type,
        details: {},
        event_timestamp: String(Date.parse(`2026-05-01T10:00:${seconds}Z`)),
        execution_arn: `${base}:${name}`,
      });
    expect(
      badEndsFromLogEvents([
        logged('ExecutionFailed', 'C1', '01'),
        logged('ExecutionTimedOut', 'C2--2', '02'),
        logged('ExecutionAborted', 'C3', '03'),
        logged('ExecutionSucceeded', 'C4', '04'),
        logged('ExecutionFailed', 'C1', '01'),
        'not an event',
        'null',
        '42',
      ]),
    ).toEqual([
      { name: 'C1', status: 'FAILED', stopDate: new Date('2026-05-01T10:00:01Z') },
      { name: 'C2--2', status: 'TIMED_OUT', stopDate: new Date('2026-05-01T10:00:02Z') },
      { name: 'C3', status: 'ABORTED', stopDate: new Date('2026-05-01T10:00:03Z') },
    ]);
  });
});
