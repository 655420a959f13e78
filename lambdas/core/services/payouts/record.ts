import { isAttemptOf, type ProviderTransfer } from '../../adapters/flutterwave/transfers';
import { formatAmount } from '../../domain/money';
import { getPayout, type Payout, type TransferStatus, updatePayout } from '../../entities/payout';

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
  };
}

/** A transfer of ours: the payout's reference (a retry's carries a suffix) and its amount. */
export function isOurs(payout: Payout, transfer: ProviderTransfer): boolean {
  return isAttemptOf(transfer.reference, payout.reference) && transfer.amountMinor === payout.payout_minor;
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
