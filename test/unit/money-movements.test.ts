import { describe, expect, it } from 'vitest';
import type { RefundLeg } from '../../lambdas/core/entities/refund';
import { dateRange } from '../../scripts/executions';
import { movementCsv, movementRows, movementTable } from '../../scripts/money-movements';

const since = new Date('2026-11-25T00:00:00.000Z');
const until = new Date('2026-11-26T00:00:00.000Z');

const leg = (overrides: Partial<RefundLeg>): RefundLeg =>
  ({
    contract_id: 'C1',
    leg: 'tx-1',
    reference: 'refund-C1-tx-1',
    reason: 'excess',
    amount_minor: 150_000,
    currency: 'NGN',
    status: 'completed',
    created_at: '2026-11-25T09:00:00.000Z',
    updated_at: '2026-11-25T09:01:00.000Z',
    completed_at: '2026-11-25T09:01:00.000Z',
    ...overrides,
  }) as RefundLeg;

describe('the money movements of a date range', () => {
  it('lists refunds and a refund that failed for ops, and leaves out what happened on another day', () => {
    const rows = movementRows(
      {
        contractId: 'C1',
        title: 'Cake',
        refunds: [
          leg({}),
          leg({
            leg: 'tx-2',
            reference: 'refund-C1-tx-2',
            status: 'failed',
            completed_at: null,
            failure_reason: 'not supported',
          }),
          leg({ leg: 'tx-3', completed_at: '2026-11-24T23:59:59.000Z' }),
        ],
      },
      since,
      until,
    );
    expect(rows.map((r) => [r.kind, r.reference, r.detail])).toEqual([
      ['refund', 'refund-C1-tx-1', 'excess'],
      ['refund failed', 'refund-C1-tx-2', 'excess: not supported'],
    ]);
  });

  it('lists an execution that failed or timed out on the day it stopped', () => {
    const rows = movementRows(
      {
        contractId: 'C2',
        title: 'Suit',
        refunds: [],
        execution: { status: 'TIMED_OUT', stopDate: new Date('2026-11-25T12:00:00Z') },
      },
      since,
      until,
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['execution failed', 'TIMED_OUT']]);
  });

  it('quotes CSV fields with commas, quotes or new lines, and says when a range has nothing', () => {
    const [row] = movementRows({ contractId: 'C3', title: 'Logo, "final"', refunds: [leg({ contract_id: 'C3' })] }, since, until);
    expect(movementCsv(row ? [row] : []).split('\n')[1]).toBe(
      '2026-11-25T09:01:00.000Z,C3,"Logo, ""final""",refund,NGN,150000,0,completed,refund-C1-tx-1,excess',
    );
    expect(movementTable([])).toEqual(['No releases, refunds or failures in this range.']);
  });

  it('reads --since and --until as whole Lagos days, --until to the end of its day, and an ISO time as itself', () => {
    expect(dateRange('2026-11-25', '2026-11-25')).toEqual({
      since: new Date('2026-11-24T23:00:00.000Z'),
      until: new Date('2026-11-25T23:00:00.000Z'),
    });
    expect(dateRange('2026-11-25T09:30:00Z', '2026-11-26T10:00:00+01:00')).toEqual({
      since: new Date('2026-11-25T09:30:00.000Z'),
      until: new Date('2026-11-26T09:00:00.000Z'),
    });
    expect(dateRange(undefined)).toBeUndefined();
  });
});
