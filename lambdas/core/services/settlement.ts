import { payersOf } from '../domain/escrow-contract';
import { formatAmount } from '../domain/money';
import { contractUnchanged, loadContract } from '../entities/contract';
import { disputeUpdate, getDispute } from '../entities/dispute';
import { notificationItems } from '../entities/notification';
import { onConditionFailed, transactWrite } from '../entities/table';
import { type SettlementTimer, settlementTimer } from './escrow-workflow';
import { sendContractRefunds } from './refunds/send';

/**
 * The workflow's side of a dispute (ARCHITECTURE §5b; the parties' side is services/disputes.ts):
 * the agreement window's end, after which ops decide. The end of a settlement, once its refunds
 * and payout have gone through, is services/refunds/closing.ts.
 */

/**
 * SettlementDue, when the dispute branch starts, whenever its agreement timer fires and once it is
 * settled: a dispute still open past its agreement window waits for ops from now on (both sides
 * told, once); a settled one has its refund legs asked of the provider. Answers where the dispute
 * stands. Safe to repeat.
 */
export async function settlementDue(contractId: string, now = Date.now()): Promise<SettlementTimer> {
  const contract = await loadContract(contractId);
  // Settled: its refunds are asked for at once (the payout goes first in the workflow; AwaitRefunds retries them).
  if (contract.status === 'settling') await sendContractRefunds(contractId);
  const dispute = await getDispute(contractId);
  if (contract.status === 'disputed' && dispute?.status === 'open' && now >= Date.parse(dispute.agree_by)) {
    const at = new Date(now).toISOString();
    const body = `The parties to "${contract.title}" did not agree on a settlement by ${dispute.agree_by}. Our team will review the dispute and decide how the ${formatAmount(dispute.held_minor, dispute.currency)} in escrow is split; you can still agree on a proposal until then.`;
    await onConditionFailed(
      transactWrite([
        disputeUpdate(dispute, { status: 'awaiting_ops' }),
        contractUnchanged(contract),
        ...[contract.creator_id, ...payersOf(contract)].flatMap((who) =>
          notificationItems(who, 'Dispute goes to our team', body, at, { contract, email: 'contract-disputed' }),
        ),
      ]),
      () => undefined, // settled or changed meanwhile: the answer below reads it as it now is
    );
    return settlementTimer(await loadContract(contractId), now);
  }
  return settlementTimer(contract, now);
}
