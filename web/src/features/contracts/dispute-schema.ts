import { type DisputeView, proposeSettlementRequestSchema } from '@escrow/api/disputes';
import { checkProposedRefund } from '@escrow/domain/dispute';
import { formatAmount } from '@escrow/domain/money';
import * as z from 'zod';

type Held = Pick<DisputeView, 'held_minor' | 'currency'>;

/** Why `refundMinor` cannot be proposed in `dispute` (the server's own check: more than is held), or null. */
function refundRefusal(refundMinor: number, dispute: Held): string | null {
  try {
    checkProposedRefund(refundMinor, dispute.held_minor, formatAmount(dispute.held_minor, dispute.currency));
    return null;
  } catch (refusal) {
    return (refusal as Error).message;
  }
}

/** The refund as the server reads it, then checked against what `dispute` holds. */
const refundSchema = (dispute: Held) =>
  proposeSettlementRequestSchema.shape.refund.check(
    z.superRefine((refundMinor: number, ctx) => {
      const refusal = refundRefusal(refundMinor, dispute);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
  );

/** "Propose a split": the server's request, refusing before it is sent a refund above what is held. */
export const proposeSplitSchema = (dispute: Held) =>
  z.object({ ...proposeSettlementRequestSchema.shape, refund: refundSchema(dispute) });

/**
 * The refund typed so far, for the preview and the refusal shown while typing: its minor units when
 * it can be proposed, or the refusal of a whole amount beyond what is held; null otherwise (nothing
 * typed yet, or "12." on its way to "12.50", which only a submit refuses).
 */
export function typedRefund(typed: string, dispute: Held): { minor: number } | { tooLarge: string } | null {
  const read = proposeSettlementRequestSchema.shape.refund.safeParse(typed.trim());
  if (typed.trim() === '' || !read.success) return null;
  const refusal = refundRefusal(read.data, dispute);
  return refusal ? { tooLarge: refusal } : { minor: read.data };
}
