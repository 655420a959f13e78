import { logger } from '../../adapters/logger';
import { bankName, maskAccountNumber } from '../../domain/banks';
import { describeConversion } from '../../domain/conversion';
import { inCurrency, providerId, refundCompletedPosting } from '../../domain/ledger';
import { formatAmount } from '../../domain/money';
import { getContract } from '../../entities/contract';
import { ledgerEntryPut } from '../../entities/ledger';
import { notificationItems } from '../../entities/notification';
import { getRefundLeg, type RefundLeg, refundLegUpdate } from '../../entities/refund';
import { failedConditions, transactWrite } from '../../entities/table';
import { closeWhenRefunded } from './closing';

/** A leg as it is stored now (after a conditional write lost to another worker). */
export async function reloadRefundLeg(leg: RefundLeg): Promise<RefundLeg> {
  const now = await getRefundLeg(leg.contract_id, leg.leg);
  if (!now) throw new Error(`Refund leg ${leg.reference} disappeared`);
  return now;
}

/** What the payer is told once their money is back, by the way it went. */
function refundedText(leg: RefundLeg, title: string): string {
  const amount = formatAmount(leg.amount_minor, leg.currency);
  const to = leg.destination;
  // A leg in another currency reached the naira account converted: what it came to, and at which rate.
  const converted = to?.conversion ? ` as ${describeConversion(to.conversion, leg.currency)}` : '';
  if (leg.method === 'bank_transfer' && to)
    return `${amount} for ${title} was sent to your bank account, ${to.account_name} at ${bankName(to.bank_code)} ${maskAccountNumber(to.account_number)}${converted}.`;
  return `${amount} for ${title} was refunded to you.`;
}

/** The provider's id of what carried a leg's money back, and the provider's fee on it (a transfer's). */
function providerMovement(leg: RefundLeg): { id?: string; feeMinor: number } {
  if (leg.method === 'bank_transfer' && leg.transfer_id)
    return { id: providerId('transfer', leg.transfer_id), feeMinor: leg.transfer_fee_minor ?? 0 };
  return { ...(leg.provider_refund_id ? { id: providerId('refund', leg.provider_refund_id) } : {}), feeMinor: 0 };
}

/**
 * The provider confirmed a leg's money is back with the payer (its refund completed, or its bank
 * transfer SUCCESSFUL): one transaction, once: the leg `completed`, the posting refund_pending ->
 * out of the provider's holding (with a transfer's fee), the payer told. A contract settling or
 * refunding may then reach its final status (./closing.ts).
 */
export async function confirmRefundLeg(leg: RefundLeg): Promise<RefundLeg> {
  const contract = await getContract(leg.contract_id);
  const now = new Date().toISOString();
  // The email's subject quotes the contract's title itself (email-templates.ts): it gets it bare.
  const title = contract?.title ?? 'your contract';
  const named = contract ? `"${contract.title}"` : 'your contract';
  try {
    await transactWrite([
      refundLegUpdate(leg, { status: 'completed', completed_at: now }, now),
      // Money in another currency than the contract's (paid in the wrong one) is posted apart, in its own.
      ledgerEntryPut(
        { id: leg.contract_id, currency: contract?.currency ?? leg.currency, milestone_of: contract?.milestone_of },
        inCurrency(
          refundCompletedPosting(leg.reference, leg.amount_minor, providerMovement(leg)),
          leg.currency,
          contract?.currency ?? leg.currency,
        ),
        now,
      ),
      ...notificationItems(leg.payer_id, 'Refund sent', refundedText(leg, named), now, {
        contract: { id: leg.contract_id, title },
        email: 'refund-sent',
      }),
    ]);
  } catch (error) {
    if (!failedConditions(error)) throw error;
    return reloadRefundLeg(leg); // completed (or changed) by another worker first
  }
  // Money back out of escrow (a settlement, a cancellation): the contract may now reach its final status.
  if (leg.from === 'escrow')
    await closeWhenRefunded(leg.contract_id).catch((error: unknown) =>
      logger.warn('Contract not closed yet', { contractId: leg.contract_id, error: error as Error }),
    );
  return { ...leg, status: 'completed', completed_at: now, updated_at: now };
}
