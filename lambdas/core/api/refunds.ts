import * as z from '../domain/zod';
import { contractViewSchema } from './contracts';

/**
 * A buyer's refunds on one contract (ARCHITECTURE §5b): each leg of their money going back, how
 * it goes (the provider's refund of their payment, or a bank transfer when the payment cannot be
 * refunded) and where it stands. Account numbers are shown masked.
 */

/** Where a refund stands, as its payer reads it. */
export const refundViewStatuses = ['on_its_way', 'awaiting_bank_details', 'refunded', 'with_support'] as const;
export type RefundViewStatus = (typeof refundViewStatuses)[number];

export const refundViewSchema = z.object({
  leg: z.string(),
  reason: z.enum(['excess', 'not_payable', 'wrong_currency', 'cancellation', 'settlement']),
  amount_minor: z.int(),
  currency: contractViewSchema.shape.currency,
  status: z.enum(refundViewStatuses),
  method: z.enum(['provider_refund', 'bank_transfer']),
  /** The bank account a transfer goes to (null for a refund to the payment itself, or while none is given). */
  to: z.nullable(z.object({ account_name: z.string(), bank_name: z.string(), account_number: z.string() })),
  /**
   * A refund in dollars, euros or pounds sent to a naira account: the naira it is sent as and the
   * provider's rate (naira per unit), once fixed with its transfer; null otherwise.
   */
  conversion: z.nullable(z.object({ currency: z.literal('NGN'), rate: z.number(), amount_minor: z.int() })),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** `GET /contracts/{id}/refunds`: the caller's refunds on the contract, oldest first (empty when none). */
export const refundsResponseSchema = z.object({ refunds: z.array(refundViewSchema) });
export type RefundsResponse = z.infer<typeof refundsResponseSchema>;
