import { isAttemptOf, type ProviderTransfer } from '../../adapters/flutterwave/transfers';
import { describeConversion } from '../../domain/conversion';
import { formatAmount } from '../../domain/money';
import { payoutContractId } from '../../domain/payout';
import { getPayout, type Payout, type TransferStatus, updatePayout } from '../../entities/payout';
import { refundTransferAsDebited } from '../refunds/bank-transfer';

/** A contract's payout item as the payout's steps read and record it. */

export async function loadPayout(contractId: string): Promise<Payout> {
  const payout = await getPayout(contractId);
  if (!payout) throw new Error(`No payout for contract ${contractId}: the release was not requested`);
  return payout;
}

/** What the state machine carries about a payout (finance reads it in the execution history). */
export function payoutSummary(payout: Payout) {
  return {
    reference: payout.reference,
    currency: payout.currency,
    releasedMinor: payout.released_minor,
    feeMinor: payout.fee_minor,
    payoutMinor: payout.payout_minor,
    released: formatAmount(payout.released_minor, payout.currency),
    fee: formatAmount(payout.fee_minor, payout.currency),
    payout: formatAmount(payout.payout_minor, payout.currency),
    ...(payout.conversion
      ? {
          convertedMinor: payout.conversion.amount_minor,
          converted: describeConversion(payout.conversion, payout.currency),
        }
      : {}),
  };
}

/** A transfer of ours: the payout's reference (a retry's carries a suffix) and its amount (the naira of a converted one). */
export function isOurs(payout: Payout, transfer: ProviderTransfer): boolean {
  const sent = payout.conversion ?? { amount_minor: payout.payout_minor, currency: payout.currency };
  return (
    isAttemptOf(transfer.reference, payout.reference) &&
    transfer.amountMinor === sent.amount_minor &&
    transfer.currency === sent.currency
  );
}

/**
 * A transfer as the wallet it was paid from saw it. A converted payout's (or refund's) transfer names the naira it
 * sent, not the dollars it debited (v3 does not list the debit): when it is the payout's own, as
 * recorded, that debit is the payout in the contract's currency. Any other is answered as the
 * provider lists it, so a reconciliation names it as the difference it is.
 */
export async function asDebited(transfer: ProviderTransfer): Promise<ProviderTransfer> {
  if (transfer.debitCurrency === transfer.currency) return transfer;
  // A refund sent to a naira account converted counts the same way, by its leg (refunds/bank-transfer.ts).
  const refund = await refundTransferAsDebited(transfer);
  if (refund) return refund;
  const contractId = payoutContractId(transfer.reference);
  const payout = contractId === null ? undefined : await getPayout(contractId);
  if (!payout?.conversion || !isOurs(payout, transfer) || payout.currency !== transfer.debitCurrency) return transfer;
  return { ...transfer, amountMinor: payout.payout_minor, currency: payout.currency };
}

/** Records what the provider says of the payout's current transfer; returns the payout as it now is. */
export async function recordTransfer(payout: Payout, transfer: ProviderTransfer, attempts = payout.attempts): Promise<Payout> {
  const changes = {
    transfer_id: transfer.id,
    transfer_status: transfer.status as TransferStatus,
    transfer_fee_minor: transfer.feeMinor,
    attempts,
    provider_message: transfer.completeMessage || null,
  };
  if (await updatePayout(payout.contract_id, payout, changes)) return { ...payout, ...changes };
  return loadPayout(payout.contract_id);
}

/** The Transfer task's answer, once the provider says the transfer went through. */
export function transferOutput(payout: Payout) {
  return {
    transferId: payout.transfer_id,
    status: payout.transfer_status,
    reference: payout.reference,
    attempts: payout.attempts,
  };
}
