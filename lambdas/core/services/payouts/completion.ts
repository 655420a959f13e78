import { bankName, maskAccountNumber } from '../../domain/banks';
import { describeConversion, destinationCurrencyOf, nairaCurrency } from '../../domain/conversion';
import { isInDispute, nextStatus, payersOf } from '../../domain/escrow-contract';
import { payoutPosting, providerId } from '../../domain/ledger';
import { formatAmount } from '../../domain/money';
import { contractUnchanged, contractUpdate, loadContract } from '../../entities/contract';
import { ledgerEntryPut } from '../../entities/ledger';
import { notificationItems } from '../../entities/notification';
import { payoutUpdate } from '../../entities/payout';
import { failedConditions, transactWrite } from '../../entities/table';
import { closeWhenRefunded } from '../refunds/closing';
import { loadPayout, payoutSummary } from './record';

/**
 * PayoutPaid: the transfer went through. One transaction: the contract `completed`, the payout
 * `paid`, the posting (escrow -> fees + what left the provider for the seller, with its transfer fee), both parties told. A settlement's payout leaves
 * the contract `settling` (`settling: true`): its final status waits for its refunds too
 * (services/refunds/closing.ts). Safe to repeat.
 */
export async function recordPayoutPaid(
  contractId: string,
  tries = 2,
): Promise<{ completed: true; settling: boolean } & ReturnType<typeof payoutSummary>> {
  const [contract, payout] = await Promise.all([loadContract(contractId), loadPayout(contractId)]);
  const settling = isInDispute(contract.status);
  if (payout.status === 'paid' && (contract.status === 'completed' || settling)) {
    if (settling) await closeWhenRefunded(contractId);
    return { completed: true as const, settling, ...payoutSummary(payout) };
  }
  if (payout.transfer_status !== 'SUCCESSFUL') throw new Error(`Payout of ${contractId} has not succeeded`);
  const now = new Date().toISOString();
  const converted = payout.conversion ? ` as ${describeConversion(payout.conversion, payout.currency)}` : '';
  // Where it went, when that was not the naira account: the seller chose (or preferred) their dollar account.
  const account =
    destinationCurrencyOf(payout) === nairaCurrency
      ? 'your bank account'
      : `your dollar account ${payout.account_name} at ${bankName(payout.bank_code)} ${maskAccountNumber(payout.account_number)}`;
  const creatorBody = `${formatAmount(payout.payout_minor, payout.currency)} for "${contract.title}" was paid to ${account}${converted} (${formatAmount(payout.released_minor, payout.currency)} released, ${formatAmount(payout.fee_minor, payout.currency)} platform fee).`;
  const payerBody = settling
    ? `The seller's part of "${contract.title}" was paid out, as the dispute was settled.`
    : `"${contract.title}" is completed: the funds were released to the seller.`;
  try {
    await transactWrite([
      settling
        ? contractUnchanged(contract)
        : contractUpdate(contract, { status: nextStatus(contract.status, 'payout_succeeded') }),
      payoutUpdate(contractId, payout, { status: 'paid', paid_at: now }, now),
      ledgerEntryPut(
        { id: contractId, currency: payout.currency, milestone_of: contract.milestone_of },
        payoutPosting(payout.reference, payout, {
          id: providerId('transfer', payout.transfer_id ?? ''),
          feeMinor: payout.transfer_fee_minor ?? 0,
        }),
        now,
      ),
      ...notificationItems(contract.creator_id, 'Funds released', creatorBody, now, { contract, email: 'funds-released' }),
      ...payersOf(contract).flatMap((payer) =>
        notificationItems(payer, 'Contract completed', payerBody, now, { contract, email: 'contract-completed' }),
      ),
    ]);
  } catch (error) {
    if (!failedConditions(error) || tries <= 1) throw error;
    return recordPayoutPaid(contractId, tries - 1); // changed meanwhile: read again (done, or try once more)
  }
  if (settling) await closeWhenRefunded(contractId);
  return { completed: true as const, settling, ...payoutSummary(payout) };
}
