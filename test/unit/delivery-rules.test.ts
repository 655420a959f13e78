import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContractRequestSchema, markDeliveredRequestSchema } from '../../lambdas/core/api/contracts';
import {
  inspectionDays,
  inspectionEndsAt,
  inspectionReminderAt,
  inspectionTimer,
  secondsUntil,
} from '../../lambdas/core/domain/delivery';

const day = 24 * 3600 * 1000;
const deliveredAt = '2026-03-02T10:00:00.000Z';

describe('the inspection window', () => {
  it('ends inspection_days after the delivery, times the time scale', () => {
    expect(inspectionEndsAt(deliveredAt, 3, 1)).toBe('2026-03-05T10:00:00.000Z');
    expect(Date.parse(inspectionEndsAt(deliveredAt, 3, 0.0001)) - Date.parse(deliveredAt)).toBe(Math.round(3 * day * 0.0001));
  });

  it('reminds 24 h before the end, never before the delivery', () => {
    expect(inspectionReminderAt(deliveredAt, inspectionEndsAt(deliveredAt, 3, 1), 1)).toBe('2026-03-04T10:00:00.000Z');
    expect(inspectionReminderAt(deliveredAt, inspectionEndsAt(deliveredAt, 1, 1), 1)).toBe(deliveredAt);
  });

  it('takes 1-14 whole days at creation, 3 when left out, and refuses anything else (400 text)', () => {
    const base = { acceptorId: 'buyer', title: 't', description: 'd', value: '100' };
    expect(createContractRequestSchema.parse(base).inspectionDays).toBe(inspectionDays.default);
    for (const days of [1, 7, 14])
      expect(createContractRequestSchema.parse({ ...base, inspectionDays: days }).inspectionDays).toBe(days);
    for (const days of [0, 15, 2.5, -1, '3', null]) {
      const parsed = createContractRequestSchema.safeParse({ ...base, inspectionDays: days });
      expect(parsed.success, String(days)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('The inspection window must be a whole number of days from 1 to 14.');
    }
  });

  it('takes a delivery note of 1-1,000 characters, trimmed', () => {
    expect(markDeliveredRequestSchema.parse({ contractId: 'C1', note: '  waybill 12  ' }).note).toBe('waybill 12');
    expect(markDeliveredRequestSchema.safeParse({ contractId: 'C1', note: 'x'.repeat(1000) }).success).toBe(true);
    for (const note of ['', '  ', 'x'.repeat(1001)])
      expect(markDeliveredRequestSchema.safeParse({ contractId: 'C1', note }).success).toBe(false);
  });
});

describe('the inspection timer the state machine waits on', () => {
  const delivered = (days: number) => ({
    status: 'delivered' as const,
    delivered_at: deliveredAt,
    inspection_ends_at: inspectionEndsAt(deliveredAt, days, 1),
  });

  it('waits for the reminder first, then for the end', () => {
    const start = Date.parse(deliveredAt);
    expect(inspectionTimer(delivered(3), false, start, 1)).toEqual({ status: 'delivered', seconds: 2 * 24 * 3600 });
    expect(inspectionTimer(delivered(3), true, start + 2 * day, 1)).toEqual({ status: 'delivered', seconds: 24 * 3600 });
  });

  it('goes straight to the end when the window is no longer than the reminder’s 24 h', () => {
    expect(inspectionTimer(delivered(1), false, Date.parse(deliveredAt), 1).seconds).toBe(24 * 3600);
  });

  it('asks for at least one whole second, so a moment already past is acted on at once', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * day, max: 30 * day }), (offset) => {
        const seconds = secondsUntil(new Date(Date.parse(deliveredAt) + offset).toISOString(), Date.parse(deliveredAt));
        expect(Number.isInteger(seconds)).toBe(true);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds * 1000).toBeGreaterThanOrEqual(offset);
      }),
    );
  });

  it('hands on the status alone once the contract is no longer delivered', () => {
    expect(inspectionTimer({ ...delivered(3), status: 'payer_marked_satisfied' }, false, Date.now(), 1)).toEqual({
      status: 'payer_marked_satisfied',
      seconds: 1,
    });
  });
});
