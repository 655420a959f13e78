import { describe, expect, it } from 'vitest';
import { paymentCreditPosting } from '../../lambdas/core/domain/ledger';
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
        { timestamp: at('10'), type: 'TaskStateEntered', id: 7, stateEnteredEventDetails: { name: 'AwaitSatisfaction' } },
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
    expect(lines).toContain('  2026-11-22T10:00:10.000Z  AwaitSatisfaction');
    expect(lines).toContain('      escrow           -₦85,000.00');
    expect(lines.at(-1)).toBe('  the ledger sums to zero');
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
});
