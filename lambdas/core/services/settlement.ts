import { type Contract, nextStatus, payersOf, settledEvent } from '../domain/escrow-contract';
import { formatAmount } from '../domain/money';
import { contractUnchanged, contractUpdate, loadContract } from '../entities/contract';
import { disputeUpdate, getDispute } from '../entities/dispute';
import { notificationItems } from '../entities/notification';
import { getPayout } from '../entities/payout';
import { listRefundLegs, type RefundReason } from '../entities/refund';
import { onConditionFailed, transactWrite } from '../entities/table';
import { answerStepLater, type SettlementTimer, settlementTimer } from './escrow-workflow';
import { sendContractRefunds } from './refunds';

/**
 * The workflow's side of a dispute (ARCHITECTURE §5b; the parties' side is services/disputes.ts):
 * the agreement window's end, after which ops decide, and the end of a settlement, once its refunds
 * and payout have gone through.
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

/**
 * Once every refund leg of the settlement is confirmed and its payout (if any) is paid: the
 * contract's final status (refunded, partially refunded or completed); once every refund leg of a
 * cancellation is confirmed: `cancelled`. Both sides told, the workflow's last step answered. Does
 * nothing before that, or after. Safe to run from anywhere, at once.
 */
export async function finishSettlement(contractId: string): Promise<Contract> {
  const contract = await loadContract(contractId);
  if (contract.status === 'refunding') return finishCancellation(contract);
  if (contract.status !== 'settling') return contract;
  const dispute = await getDispute(contractId);
  const settlement = dispute?.settlement;
  if (!dispute || !settlement) throw new Error(`Contract ${contractId} is settling without a settlement`);
  if ((await refundedFor(contractId, 'settlement')) < settlement.refund_minor) return contract;
  if (settlement.released_minor > 0 && (await getPayout(contractId))?.status !== 'paid') return contract;
  const event = settledEvent(settlement.refund_minor, settlement.held_minor);
  const body = `The settlement of "${contract.title}" is complete: every refund and payout of it has gone through.`;
  return finish(contract, nextStatus(contract.status, event), 'Settlement complete', body, 'settlement-complete');
}

/** What a contract's legs of one reason have given back, as the provider confirmed. */
async function refundedFor(contractId: string, reason: RefundReason): Promise<number> {
  const legs = (await listRefundLegs(contractId)).filter((leg) => leg.reason === reason);
  return legs.filter((leg) => leg.status === 'completed').reduce((sum, leg) => sum + leg.amount_minor, 0);
}

async function finishCancellation(contract: Contract): Promise<Contract> {
  if ((await refundedFor(contract.id, 'cancellation')) < contract.amount_paid_minor) return contract;
  const status = nextStatus(contract.status, 'refund_completed');
  if (contract.refunded_because === 'delivery_expired') {
    const body = `"${contract.title}" was not delivered in time: everything paid into escrow was refunded to the buyer.`;
    return finish(contract, status, 'Refund complete', body, 'delivery-refunded');
  }
  // A contract that went to refunding before the reason was kept was cancelled (the only way then).
  const body = `"${contract.title}" is cancelled: everything paid into escrow was refunded to the buyer.`;
  return finish(contract, status, 'Refund complete', body, 'cancellation-refunded');
}

async function finish(
  contract: Contract,
  status: Contract['status'],
  title: string,
  body: string,
  email: 'settlement-complete' | 'cancellation-refunded' | 'delivery-refunded',
): Promise<Contract> {
  const now = new Date().toISOString();
  await onConditionFailed(
    transactWrite([
      contractUpdate(contract, { status }),
      ...[contract.creator_id, ...payersOf(contract)].flatMap((who) =>
        notificationItems(who, title, body, now, { contract, email }),
      ),
    ]),
    () => undefined, // finished by another worker first
  );
  await answerStepLater(contract.id, 'refunds');
  return loadContract(contract.id);
}
