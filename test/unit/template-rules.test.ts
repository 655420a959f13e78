import { describe, expect, it } from 'vitest';
import { createTemplateRequestSchema, editTemplateRequestSchema } from '../../lambdas/core/api/templates';
import { deliveryMessages, inspectionDays } from '../../lambdas/core/domain/delivery';
import { fromItem, toItem } from '../../lambdas/core/entities/template';

const base = { title: 'T-shirt', description: 'Printed, per item', base_price: '1500', currency: 'NGN' };

describe('the inspection window a template carries', () => {
  it('is 3 days when the create request leaves it out, and any whole number of days from 1 to 14 when given', () => {
    expect(createTemplateRequestSchema.parse(base).inspectionDays).toBe(inspectionDays.default);
    for (const days of [1, 5, 14])
      expect(createTemplateRequestSchema.parse({ ...base, inspectionDays: days }).inspectionDays).toBe(days);
  });

  it.each([0, 15, 2.5, '5', null])('refuses %j on create and on edit with the range text', (days) => {
    for (const schema of [createTemplateRequestSchema, editTemplateRequestSchema]) {
      const parsed = schema.safeParse({ ...base, inspectionDays: days });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([deliveryMessages.inspectionDaysRange]);
    }
  });

  it('is left unset by an edit that leaves it out, so the template keeps the window it has', () => {
    expect(editTemplateRequestSchema.parse(base).inspectionDays).toBeUndefined();
    expect(editTemplateRequestSchema.parse({ ...base, inspectionDays: 9 }).inspectionDays).toBe(9);
  });

  it('reads as 3 days on a template stored before templates carried one, and as stored otherwise', () => {
    const template = {
      id: '01JTEMPLATE000000000000000',
      creator_id: 'seller',
      title: 'T-shirt',
      description: 'Printed',
      base_price_minor: 150_000,
      currency: 'NGN' as const,
      inspection_days: 7,
      created_at: '2025-10-01T10:00:00.000Z',
    };
    expect(fromItem(toItem(template))).toEqual(template);
    const { inspection_days, ...before } = toItem(template);
    expect(fromItem(before).inspection_days).toBe(inspectionDays.default);
  });
});
