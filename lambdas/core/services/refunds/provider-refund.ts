import { InsufficientBalanceError } from '../../adapters/flutterwave/client';
import {
  createRefund,
  findRefundsForTransaction,
  getRefund,
  type ProviderRefund,
  RefundExceedsRemainingError,
  RefundNotSupportedError,
} from '../../adapters/flutterwave/refunds';
import { logger } from '../../adapters/logger';
import { countMoneyEvent } from '../../adapters/metrics';
import { type RefundLeg, recordProviderRefund, updateRefundLeg } from '../../entities/refund';
import { refundByBankTransfer } from './bank-transfer';
import { confirmRefundLeg, reloadRefundLeg } from './confirmation';

/**
 * Refunds through the provider (ARCHITECTURE §5b): each leg is asked of the
 * provider once per attempt, through the refund of the payer's own transaction, and completed
 * once, when the provider confirms it (its webhook, or a look by the sweep).
 *
 * Never refunded twice: the provider takes no reference of ours, so a worker first claims the
 * attempt on the leg (a conditional write of status and attempts), then asks with the leg's
 * reference as the refund's comments. A worker that finds a claim without the provider's refund
 * id (its answer was lost, or its process died) looks for that reference in the provider's
 * refunds of the transaction before anything else, and asks again only when the provider has
 * none and the claim is older than any request could still be in flight. A refund the provider
 * reports failed is asked again up to {@link refundAttemptLimit} times, then waits `failed` for
 * ops. One it will not take at all (the payment method takes no refunds) goes to the payer's bank
 * account by transfer instead (./bank-transfer.ts).
 */

/** How many times one leg is asked of the provider before it waits for ops. */
export const refundAttemptLimit = 3;

/** A claim without the provider's answer, older than this, had its request lost (the provider call times out after 10 s). */
const lostRequestAfterMs = 60_000;

/** A provider refund that can be this leg's: the leg's transaction and amount. */
export function fits(leg: RefundLeg, refund: ProviderRefund): boolean {
  return String(refund.transactionId) === leg.provider_transaction_id && refund.amountMinor === leg.amount_minor;
}

/**
 * Moves a leg going back through the provider one step: asks the provider when it is pending,
 * follows it up when it was asked (and confirms it when the provider says it is done). Any
 * other leg is answered as it is.
 */
export async function moveProviderRefund(leg: RefundLeg): Promise<RefundLeg> {
  if (leg.status === 'pending') return ask(leg);
  if (leg.status === 'requested') return followUpLeg(leg);
  return leg;
}

/** Claims the next attempt, then asks the provider for the refund. */
async function ask(leg: RefundLeg): Promise<RefundLeg> {
  if (leg.attempts >= (leg.attempt_limit ?? refundAttemptLimit))
    return giveUp(leg, `asked ${leg.attempts} times without a refund`);
  const claimed = await updateRefundLeg(leg, { status: 'requested', attempts: leg.attempts + 1, provider_refund_id: null });
  if (!claimed) return reloadRefundLeg(leg);
  let refund: ProviderRefund;
  try {
    refund = await createRefund({
      transactionId: claimed.provider_transaction_id,
      amountMinor: claimed.amount_minor,
      comments: claimed.reference,
    });
  } catch (error) {
    if (error instanceof RefundNotSupportedError) {
      // An earlier attempt's refund (its answer lost) would make a transfer a second refund: look first.
      const earlier = claimed.attempts > 1 ? await findOurs(claimed) : undefined;
      if (earlier) return record(claimed, earlier);
      // No refund was made, and none can be: the money goes back by bank transfer instead.
      return refundByBankTransfer(claimed, error.message);
    }
    if (error instanceof InsufficientBalanceError) {
      // Nothing was made, and nothing will be until the wallet is topped up: ops now, not three tries on.
      return giveUp(
        claimed,
        `the provider's balance cannot cover it (${error.message}): top up the float, then npm run resume-refund`,
      );
    }
    if (error instanceof RefundExceedsRemainingError) {
      // Usually our own earlier request took it: find it; otherwise it is for people to look at.
      const found = await findOurs(claimed);
      if (found) return record(claimed, found);
      return giveUp(claimed, error.message);
    }
    // Lost or refused for now: the claim stays, and the next run follows it up.
    logger.warn('Refund not asked of the provider yet', { reference: claimed.reference, error: error as Error });
    return claimed;
  }
  return record(claimed, refund);
}

async function findOurs(leg: RefundLeg): Promise<ProviderRefund | undefined> {
  // Only the provider's list carries the comments we sent: our reference says which refund is this leg's.
  const refunds = await findRefundsForTransaction(leg.provider_transaction_id);
  return refunds.filter((r) => fits(leg, r) && r.comments === leg.reference && r.status !== 'failed').at(-1);
}

/** A requested leg: what the provider says of it now. */
async function followUpLeg(leg: RefundLeg): Promise<RefundLeg> {
  if (leg.provider_refund_id === null) {
    const found = await findOurs(leg);
    if (found) return record(leg, found);
    if (Date.now() - Date.parse(leg.updated_at) < lostRequestAfterMs) return leg; // may still be in flight
    // The provider never got it: it may be asked again (a new claim, a new attempt).
    return (await updateRefundLeg(leg, { status: 'pending' })) ?? reloadRefundLeg(leg);
  }
  const refund = await getRefund(leg.provider_refund_id);
  if (!refund) {
    logger.error('The provider does not know a refund it gave us', { reference: leg.reference, id: leg.provider_refund_id });
    return leg;
  }
  return applyProviderRefund(leg, refund);
}

/** Keeps the provider's refund id on the claimed leg, then acts on its status. */
async function record(leg: RefundLeg, refund: ProviderRefund): Promise<RefundLeg> {
  const id = String(refund.id);
  let now = leg;
  if (leg.provider_refund_id !== id) {
    const recorded = await recordProviderRefund(leg, id);
    if (!recorded) return reloadRefundLeg(leg);
    now = recorded;
  }
  return applyProviderRefund(now, refund);
}

/** What the provider says of the leg's recorded refund: completed confirms it, failed makes it pending (asked again). */
export async function applyProviderRefund(leg: RefundLeg, refund: ProviderRefund): Promise<RefundLeg> {
  if (refund.status === 'completed') return confirmRefundLeg(leg);
  if (refund.status === 'failed') {
    logger.warn('The provider failed a refund', { reference: leg.reference, id: refund.id, status: refund.providerStatus });
    return (await updateRefundLeg(leg, { status: 'pending', provider_refund_id: null })) ?? reloadRefundLeg(leg);
  }
  return leg;
}

/** The provider kept failing it (or answers what we cannot read): the leg waits for ops. */
async function giveUp(leg: RefundLeg, reason: string): Promise<RefundLeg> {
  logger.error('Refund failed: waiting for ops', { reference: leg.reference, reason });
  countMoneyEvent('RefundsFailed');
  return (await updateRefundLeg(leg, { status: 'failed', failure_reason: reason })) ?? reloadRefundLeg(leg);
}
