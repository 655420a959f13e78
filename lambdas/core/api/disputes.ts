import { disputeDetailsMaxLength, disputeMessages, disputeReasonCodes } from '../domain/dispute';
import * as z from '../domain/zod';
import { amountSchema, attachedEvidenceSchema, idSchema } from './common';
import { contractViewSchema, enterContractId } from './contracts';

/**
 * Disputes (ARCHITECTURE §5b): either party opens one on a funded contract before the release is
 * requested; inside it they propose how the held money is split until one accepts the other's
 * latest proposal, or the creator refunds in full; after 7 days without agreement ops decide.
 * Amounts travel like every other request amount: decimals in, integer minor units out.
 */

const contractId = idSchema(enterContractId);

export const openDisputeRequestSchema = z.object({
  contractId,
  reason: z.enum(disputeReasonCodes, { message: disputeMessages.reasonRequired }),
  details: z
    .string({ message: disputeMessages.detailsRequired })
    .check(
      z.trim(),
      z.minLength(1, disputeMessages.detailsRequired),
      z.maxLength(disputeDetailsMaxLength, disputeMessages.detailsTooLong),
    ),
  /** Files the opener uploaded and confirmed for the dispute (issue 38). */
  evidence: attachedEvidenceSchema(),
});
export type OpenDisputeRequest = z.input<typeof openDisputeRequestSchema>;

/** A split proposal: how much of what is held goes back to the buyer (the rest, less the fee, to the seller). */
export const proposeSettlementRequestSchema = z.object({
  contractId,
  // An amount back to the buyer: 0 or more, at most two decimals.
  refund: amountSchema(disputeMessages.refundNotWhole, { allowZero: true }),
  /** Files the proposer uploaded and confirmed for the dispute, backing this proposal (issue 38). */
  evidence: attachedEvidenceSchema(),
});
export type ProposeSettlementRequest = z.input<typeof proposeSettlementRequestSchema>;

/** Accepting the other side's latest proposal, named so a proposal replaced meanwhile is never accepted by mistake. */
export const acceptSettlementRequestSchema = z.object({
  contractId,
  proposalId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});
export type AcceptSettlementRequest = z.input<typeof acceptSettlementRequestSchema>;

/** The creator gives everything held back to the buyer. */
export const refundInFullRequestSchema = z.object({ contractId });

const figuresSchema = z.object({
  refund_minor: z.int(),
  released_minor: z.int(),
  fee_minor: z.int(),
  payout_minor: z.int(),
});

const sideSchema = z.enum(['creator', 'payer']);

/** A dispute as its parties see it: every proposal with what each side would get, and how it ended. */
export const disputeViewSchema = z.object({
  contract_id: z.string(),
  status: z.enum(['open', 'awaiting_ops', 'settled']),
  opened_side: sideSchema,
  reason: z.enum(disputeReasonCodes),
  reason_text: z.string(),
  details: z.string(),
  opened_at: z.string(),
  agree_by: z.string(),
  held_minor: z.int(),
  currency: contractViewSchema.shape.currency,
  proposals: z.array(z.extend(figuresSchema, { id: z.string(), by: sideSchema, created_at: z.string() })),
  settlement: z.nullable(
    z.extend(figuresSchema, {
      source: z.enum(['agreement', 'full_refund', 'ops']),
      proposal_id: z.nullable(z.string()),
      reason: z.nullable(z.string()),
      settled_at: z.string(),
      /**
       * Told to the seller only: their payout waits for bank details they have not given yet (it
       * goes as soon as they save them in My Account), so it is not "being paid" yet.
       */
      payout_waits_for_bank_details: z.optional(z.boolean()),
    }),
  ),
  /** The caller's side. */
  your_side: sideSchema,
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

/** `GET /contracts/{id}/dispute`: null while the contract has none. */
export const disputeResponseSchema = z.object({ dispute: z.nullable(disputeViewSchema) });

/** Every dispute action answers with the dispute and the contract as they now are. */
export const disputeActionResponseSchema = z.object({ dispute: disputeViewSchema, contract: contractViewSchema });
export type DisputeActionResponse = z.infer<typeof disputeActionResponseSchema>;
