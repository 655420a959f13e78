import { ProviderUnavailableError } from '../../adapters/flutterwave/client';
import { getRefund, refundWebhookSchema } from '../../adapters/flutterwave/refunds';
import type { ProviderTransfer } from '../../adapters/flutterwave/transfers';
import { isAuthenticWebhook } from '../../adapters/flutterwave/webhooks';
import { logger } from '../../adapters/logger';
import { UnauthorizedError, UnavailableError, ValidationError } from '../../domain/errors';
import { getRefundLeg, getRefundLegByProviderId } from '../../entities/refund';
import { legOfTransferReference } from './bank-transfer';
import { applyProviderRefund, fits } from './provider-refund';
import { sendRefund } from './send';

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
  // A refund whose id is not recorded yet (its answer was lost) is found by the sweep through our reference.
  const leg = refund ? await getRefundLegByProviderId(String(refund.id)) : undefined;
  if (!refund || !leg || !fits(leg, refund)) {
    logger.warn('Refund webhook for no recorded leg of ours', { refundId: parsed.data.data.id });
    return;
  }
  // Done already, or an earlier attempt's refund: nothing to answer.
  if (leg.status !== 'requested' || leg.provider_refund_id !== String(refund.id)) return;
  await applyProviderRefund(leg, refund);
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
