import type { StepEmailName } from '../../domain/email-templates';
import { type Contract, nextStatus, payersOf, type RefundEverythingEvent, settledEvent } from '../../domain/escrow-contract';
import { hasMilestones } from '../../domain/milestones';
import { contractUpdate, loadContract } from '../../entities/contract';
import { getDispute } from '../../entities/dispute';
import { notificationItems } from '../../entities/notification';
import { getPayout } from '../../entities/payout';
import { listRefundLegs, type RefundReason } from '../../entities/refund';
import { onConditionFailed, transactWrite } from '../../entities/table';
import { answerStepLater } from '../escrow-workflow';

/**
 * The end of a contract whose money goes back out of escrow (ARCHITECTURE §5b), each way it can
 * end with its own closing and its own email: a settlement once its refund legs are confirmed and
 * its payout (if any) is paid; a cancellation, or a refund for a missed delivery deadline, once
 * every refund leg is confirmed. Both sides are told, and the workflow's last step (AwaitRefunds)
 * answered. Each does nothing before that, or after; each is safe to run from anywhere, at once.
 */

/** The closing emails: one per way a contract's money went back. */
type ClosingEmail = Extract<StepEmailName, 'settlement-complete' | 'cancellation-refunded' | 'delivery-refunded'>;

/** The closing of whichever of these the contract is in: what AwaitRefunds and a confirmed leg call. */
export async function closeWhenRefunded(contractId: string): Promise<Contract> {
  const contract = await loadContract(contractId);
  if (contract.status === 'settling') return closeSettlement(contract);
  if (contract.status === 'refunding') return closeCancellation(contract);
  return contract;
}

/** A settlement: the contract's final status by how the held money was split (refunded, partially refunded, completed). */
async function closeSettlement(contract: Contract): Promise<Contract> {
  const settlement = (await getDispute(contract.id))?.settlement;
  if (!settlement) throw new Error(`Contract ${contract.id} is settling without a settlement`);
  if ((await refundedFor(contract.id, 'settlement')) < settlement.refund_minor) return contract;
  if (settlement.released_minor > 0 && (await getPayout(contract.id))?.status !== 'paid') return contract;
  const status = nextStatus(contract.status, settledEvent(settlement.refund_minor, settlement.held_minor));
  const body = `The settlement of "${contract.title}" is complete: every refund and payout of it has gone through.`;
  return close(contract, status, { title: 'Settlement complete', body, email: 'settlement-complete' });
}

/** Why everything paid went back, as each closing says it: never as a dispute nobody opened. */
const refundedBecause: Record<RefundEverythingEvent, { email: ClosingEmail; body: (title: string) => string }> = {
  cancel: {
    email: 'cancellation-refunded',
    body: (title) => `"${title}" is cancelled: everything paid into escrow was refunded to the buyer.`,
  },
  delivery_expired: {
    email: 'delivery-refunded',
    body: (title) => `"${title}" was not delivered in time: everything paid into escrow was refunded to the buyer.`,
  },
};

/** A cancellation (by the parties, or at the delivery deadline): `cancelled` once everything paid is back with the buyer. */
async function closeCancellation(contract: Contract): Promise<Contract> {
  // A contract in milestones (issue 38) sends back only what no milestone took (the milestone under
  // way sends its own), which may be nothing: it is done once each of its own cancellation legs is.
  const split = hasMilestones(contract);
  const refunded = split
    ? (await listRefundLegs(contract.id)).every((leg) => leg.reason !== 'cancellation' || leg.status === 'completed')
    : (await refundedFor(contract.id, 'cancellation')) >= contract.amount_paid_minor;
  if (!refunded) return contract;
  // A contract that went to refunding before the reason was kept was cancelled (the only way then).
  const because = refundedBecause[contract.refunded_because ?? 'cancel'];
  return close(contract, nextStatus(contract.status, 'refunds_confirmed'), {
    title: 'Refund complete',
    body: split
      ? `"${contract.title}" is cancelled: what no milestone released was refunded to the buyer.`
      : because.body(contract.title),
    email: because.email,
  });
}

/** What a contract's legs of one reason have given back, as the provider confirmed. */
async function refundedFor(contractId: string, reason: RefundReason): Promise<number> {
  const legs = (await listRefundLegs(contractId)).filter((leg) => leg.reason === reason);
  return legs.filter((leg) => leg.status === 'completed').reduce((sum, leg) => sum + leg.amount_minor, 0);
}

async function close(
  contract: Contract,
  status: Contract['status'],
  told: { title: string; body: string; email: ClosingEmail },
): Promise<Contract> {
  const now = new Date().toISOString();
  await onConditionFailed(
    transactWrite([
      contractUpdate(contract, { status }),
      ...[contract.creator_id, ...payersOf(contract)].flatMap((who) =>
        notificationItems(who, told.title, told.body, now, { contract, email: told.email }),
      ),
    ]),
    () => undefined, // closed by another worker first
  );
  await answerStepLater(contract.id, 'refunds');
  return loadContract(contract.id);
}
