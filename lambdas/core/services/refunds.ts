import { InsufficientBalanceError, ProviderUnavailableError } from '../adapters/flutterwave/client';
import {
  createRefund,
  findRefundsForTransaction,
  getRefund,
  type ProviderRefund,
  RefundExceedsRemainingError,
  RefundNotSupportedError,
  refundWebhookSchema,
} from '../adapters/flutterwave/refunds';
import type { ProviderTransfer } from '../adapters/flutterwave/transfers';
import { isAuthenticWebhook } from '../adapters/flutterwave/webhooks';
import { logger } from '../adapters/logger';
import { countMoneyEvent } from '../adapters/metrics';
import { NotFoundError, UnauthorizedError, UnavailableError, ValidationError } from '../domain/errors';
import { bankDetailsOf } from '../entities/profile';
import {
  getRefundLeg,
  getRefundLegByProviderId,
  isOpenRefund,
  listOpenRefundLegs,
  listRefundLegs,
  listRefundsAwaitingBankDetails,
  type RefundLeg,
  recordProviderRefund,
  updateRefundLeg,
} from '../entities/refund';
import { completeRefundLeg, reloadRefundLeg } from './refund-completion';
import { directToBank, legOfTransferReference, moveRefundTransfer, refundByBankTransfer } from './refund-transfers';

/**
 * Refund legs on their way back to the payer (ARCHITECTURE §5b): each leg is asked of the
 * provider once per attempt, through the refund of the payer's own transaction, and completed
 * once, when the provider confirms it (its webhook, or a look by the reconciler).
 *
 * Never refunded twice: the provider takes no reference of ours, so a worker first claims the
 * attempt on the leg (a conditional write of status and attempts), then asks with the leg's
 * reference as the refund's comments. A worker that finds a claim without the provider's refund
 * id (its answer was lost, or its process died) looks for that reference in the provider's
 * refunds of the transaction before anything else, and asks again only when the provider has
 * none and the claim is older than any request could still be in flight. A refund the provider
 * reports failed is asked again up to {@link refundAttemptLimit} times, then waits `failed` for
 * ops. One it will not take at all (the payment method takes no refunds) goes to the payer's bank
 * account by transfer instead (./refund-transfers.ts).
 */

/** How many times one leg is asked of the provider before it waits for ops. */
export const refundAttemptLimit = 3;

/** A claim without the provider's answer, older than this, had its request lost (the provider call times out after 10 s). */
const lostRequestAfterMs = 60_000;

/** What a worker may move a leg through in one go: claim, ask, record, complete. */
const stepsPerRun = 6;

/** A provider refund that can be this leg's: the leg's transaction and amount. */
function fits(leg: RefundLeg, refund: ProviderRefund): boolean {
  return String(refund.transactionId) === leg.provider_transaction_id && refund.amountMinor === leg.amount_minor;
}

/**
 * Moves one leg as far as it can go now: asks the provider when it is pending, reconciles it when
 * it was asked, completes it when the provider says it is done. Safe to run any number of times,
 * from anywhere, at once: each step is conditional on the leg as read.
 */
export async function sendRefund(contractId: string, legName: string): Promise<RefundLeg> {
  let leg = await getRefundLeg(contractId, legName);
  if (!leg) throw new Error(`No refund leg ${legName} on contract ${contractId}`);
  for (let step = 0; step < stepsPerRun; step++) {
    const before = leg;
    if (leg.status === 'pending') leg = await ask(leg);
    else if (leg.status === 'requested') leg = await reconcile(leg);
    else if (leg.status === 'transferring') leg = await moveRefundTransfer(leg);
    const moved =
      leg.status !== before.status ||
      leg.attempts !== before.attempts ||
      leg.provider_refund_id !== before.provider_refund_id ||
      leg.transfer_status !== before.transfer_status;
    if (!moved) break;
  }
  return leg;
}

/**
 * Asks the provider for a refund leg just written. The leg stands: a failure here is logged, not
 * thrown, and the reconciler (lambdas/schedules/reconcile-money.ts) moves it on.
 */
export async function sendRefundNow(contractId: string, leg: string): Promise<void> {
  await sendRefund(contractId, leg).catch((error: unknown) =>
    logger.warn('Refund not sent yet', { contractId, leg, error: error as Error }),
  );
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
    // Lost or refused for now: the claim stays, and the next run reconciles it.
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
async function reconcile(leg: RefundLeg): Promise<RefundLeg> {
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
  return settleWith(leg, refund);
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
  return settleWith(now, refund);
}

async function settleWith(leg: RefundLeg, refund: ProviderRefund): Promise<RefundLeg> {
  if (refund.status === 'completed') return completeRefundLeg(leg);
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

/**
 * AwaitRefunds: moves every open refund leg of one contract as far as it goes now (its webhook or
 * the reconciler may be quicker). A leg's failure is logged and left for the next run.
 */
export async function sendContractRefunds(contractId: string): Promise<void> {
  const legs = await listRefundLegs(contractId);
  for (const leg of legs.filter((l) => isOpenRefund(l.status))) {
    await sendRefundNow(contractId, leg.leg);
  }
}

/**
 * Ops resume a leg waiting `failed`, once its cause is fixed with the provider (a balance too low,
 * refunds the provider kept failing): a refund through the provider is asked again, up to
 * {@link refundAttemptLimit} more times; a bank transfer the provider refused is made again to the
 * same account, under the same reference (none was made with it). The resume counts in `attempts`,
 * which every change of the leg is conditional on, so a worker holding a read from before it
 * cannot write over it. The reconciler (every 5 minutes) moves the leg from there; it needs no
 * provider key here. A leg not waiting is left as it is.
 */
export async function resumeRefundLeg(contractId: string, legName: string): Promise<{ resumed: boolean; leg: RefundLeg }> {
  const leg = await getRefundLeg(contractId, legName);
  if (!leg) throw new NotFoundError(`No refund leg ${legName} on contract ${contractId}.`);
  if (leg.status !== 'failed') return { resumed: false, leg };
  const attempts = leg.attempts + 1;
  const resumed = await updateRefundLeg(
    leg,
    leg.method === 'bank_transfer' && leg.destination
      ? { status: 'transferring', attempts }
      : { status: 'pending', attempts, attempt_limit: attempts + refundAttemptLimit },
  );
  return resumed ? { resumed: true, leg: resumed } : { resumed: false, leg: await reloadRefundLeg(leg) };
}

/** The reconciler's pass: every leg still owed, moved as far as it goes. One leg's failure does not stop the others. */
export async function sendOpenRefunds(): Promise<{ open: number; completed: number; failed: number; waiting: number }> {
  const legs = await listOpenRefundLegs();
  const tally = { open: legs.length, completed: 0, failed: 0, waiting: 0 };
  for (const leg of legs) {
    try {
      const now = await sendRefund(leg.contract_id, leg.leg);
      if (now.status === 'completed') tally.completed++;
      else if (now.status === 'failed') tally.failed++;
      else tally.waiting++;
    } catch (error) {
      tally.waiting++;
      logger.error('Refund leg not moved', { reference: leg.reference, error: error as Error });
    }
  }
  return tally;
}

/**
 * The provider's refund webhook: `verif-hash` checked, the refund read back from the provider (the
 * body only names it), and the leg it was recorded on moved on. A refund that is not ours, or not
 * its leg's current one, changes nothing.
 */
export async function handleRefundWebhook(headers: Record<string, string | undefined>, body: unknown): Promise<void> {
  if (!(await isAuthenticWebhook(headers))) throw new UnauthorizedError('Invalid webhook signature.');
  const parsed = refundWebhookSchema.safeParse(body);
  if (!parsed.success) throw new ValidationError('Not a refund webhook.');
  const refund = await getRefund(parsed.data.data.id).catch((error: unknown) => {
    if (error instanceof ProviderUnavailableError) throw new UnavailableError('Refund could not be read back; send it again.');
    throw error;
  });
  // A refund whose id is not recorded yet (its answer was lost) is found by the reconciler through our reference.
  const leg = refund ? await getRefundLegByProviderId(String(refund.id)) : undefined;
  if (!refund || !leg || !fits(leg, refund)) {
    logger.warn('Refund webhook for no recorded leg of ours', { refundId: parsed.data.data.id });
    return;
  }
  // Done already, or an earlier attempt's refund: nothing to answer.
  if (leg.status !== 'requested' || leg.provider_refund_id !== String(refund.id)) return;
  await settleWith(leg, refund);
}

/**
 * After a payer saves their bank account: every refund of theirs waiting for one goes there now
 * (a new transfer reference per account). Answers how many were sent on. One leg's failure is
 * logged and left to the reconciler.
 */
export async function sendRefundsToBankOf(payerId: string): Promise<number> {
  const waiting = await listRefundsAwaitingBankDetails(payerId);
  if (waiting.length === 0) return 0;
  const onFile = await bankDetailsOf(payerId);
  if (!onFile) return 0;
  // Every leg is pointed at the account before any is sent: a request cut short half-way leaves
  // them transferring, which the reconciler moves on, never waiting for a save already made.
  const directed: RefundLeg[] = [];
  for (const leg of waiting) {
    const now = await directToBank(leg, onFile);
    if (now) directed.push(now);
  }
  for (const leg of directed) await sendRefundNow(leg.contract_id, leg.leg);
  return directed.length;
}

/**
 * A `transfer.completed` webhook for a refund transfer (read back from the provider by the
 * caller): the leg it names moves on, when it is that leg's current transfer.
 */
export async function handleRefundTransfer(transfer: ProviderTransfer): Promise<void> {
  const named = legOfTransferReference(transfer.reference);
  const leg = named ? await getRefundLeg(named.contractId, named.leg) : undefined;
  if (leg?.status !== 'transferring' || leg.destination?.transfer_reference !== transfer.reference) {
    logger.warn('Transfer webhook for no refund transfer of ours in flight', { transferId: transfer.id });
    return;
  }
  await sendRefund(leg.contract_id, leg.leg);
}
