import { timeScale } from '../adapters/env';
import type { ContractView } from '../api/contracts';
import {
  type DeliveryTimer,
  deliveryMessages,
  deliveryTimer,
  type InspectionTimer,
  inspectionEndsAt,
  inspectionReminderAt,
  inspectionTimer,
} from '../domain/delivery';
import { ConflictError, ForbiddenError } from '../domain/errors';
import { nextStatus, payersOf, transitionTarget } from '../domain/escrow-contract';
import { assertNotSplit } from '../domain/milestones';
import { formatAmount } from '../domain/money';
import { commitContractChange, contractUpdate, loadContract, updated } from '../entities/contract';
import { notificationItems } from '../entities/notification';
import { claimReminder } from '../entities/reminder';
import { transactWrite } from '../entities/table';
import { refundEverything } from './cancellation';
import { toContractView } from './contract-view';
import { answerStepLater } from './escrow-workflow';
import { evidenceAttachItems } from './evidence-attach';
import { displayName } from './people';

/**
 * Delivery and inspection (ARCHITECTURE §5b): the creator marks a fully funded contract delivered
 * with a note, which starts the payer's inspection window; the workflow reminds the payer 24 h
 * before it ends and, if they neither accepted nor disputed by then, counts the silence as
 * satisfaction.
 */

/**
 * The creator marks a fully funded contract delivered: `delivered`, the note and the end of the
 * inspection window stored, the payer told by notification and email, the workflow's delivery step answered.
 */
export async function markDelivered(
  contractId: string,
  sub: string,
  note: string,
  evidence: readonly string[] = [],
): Promise<ContractView> {
  const contract = await loadContract(contractId);
  if (contract.creator_id !== sub) throw new ForbiddenError(deliveryMessages.onlyCreatorDelivers);
  assertNotSplit(contract);
  const status = nextStatus(contract.status, 'mark_delivered', deliveryMessages.notDeliverable(contract.status));
  const now = new Date().toISOString();
  const endsAt = inspectionEndsAt(now, contract.inspection_days, timeScale());
  // Delivered: a cancellation the buyer asked for before it no longer stands.
  const changes = { status, delivered_at: now, delivery_note: note, inspection_ends_at: endsAt, cancellation_requested_by: null };
  // The files go with the delivery in its transaction: attached once, or not at all.
  const attached = await evidenceAttachItems(contractId, sub, 'delivery', 'delivery', evidence);
  const seller = await displayName(sub);
  const body = `${seller} marked "${contract.title}" delivered: ${note}. Inspect it and mark it completed, or open a dispute, by ${endsAt}; after that it counts as accepted.`;
  await commitContractChange([
    contractUpdate(contract, changes),
    ...attached,
    ...payersOf(contract).flatMap((payer) =>
      notificationItems(payer, 'Contract delivered', body, now, { contract, email: 'contract-delivered' }),
    ),
  ]);
  await answerStepLater(contractId, 'delivery');
  return toContractView(updated(contract, changes));
}

/**
 * InspectionDue, when the inspection timer fires: at the window's end a contract still `delivered`
 * becomes `payer_marked_satisfied` (both told); before it, the payer is reminded once. Answers the
 * next timer. Safe to repeat.
 */
export async function inspectionDue(contractId: string, now = Date.now()): Promise<InspectionTimer> {
  const contract = await loadContract(contractId);
  if (contract.status !== 'delivered' || !contract.inspection_ends_at) return inspectionTimer(contract, true, now, timeScale());
  const at = new Date(now).toISOString();
  if (now >= Date.parse(contract.inspection_ends_at)) {
    const changes = { status: nextStatus(contract.status, 'inspection_ended') };
    const amount = formatAmount(contract.amount_paid_minor, contract.currency);
    const payerBody = `The inspection window of "${contract.title}" ended without a dispute, so it counts as accepted: the seller can now release ${amount}.`;
    const creatorBody = `The inspection window of "${contract.title}" ended without a dispute: it counts as accepted and you can now release the funds.`;
    await commitContractChange([
      contractUpdate(contract, changes),
      ...notificationItems(contract.creator_id, 'Contract accepted', creatorBody, at, { contract, email: 'inspection-ended' }),
      ...payersOf(contract).flatMap((payer) =>
        notificationItems(payer, 'Inspection ended', payerBody, at, { contract, email: 'inspection-ended' }),
      ),
    ]);
    return inspectionTimer(updated(contract, changes), true, now, timeScale());
  }
  const reminderAt = inspectionReminderAt(contract.delivered_at ?? at, contract.inspection_ends_at, timeScale());
  if (now >= Date.parse(reminderAt) && (await claimReminder(contractId, 'inspection', at))) {
    const body = `The inspection window of "${contract.title}" ends at ${contract.inspection_ends_at}. Mark it completed, or open a dispute, before then; after that it counts as accepted.`;
    await transactWrite(
      payersOf(contract).flatMap((payer) =>
        notificationItems(payer, 'Inspection ends soon', body, at, { contract, email: 'inspection-ending' }),
      ),
    );
  }
  return inspectionTimer(contract, now >= Date.parse(reminderAt), now, timeScale());
}

/**
 * DeliveryDue, when the delivery deadline's timer fires: a contract still undelivered (fully or
 * partly funded) past its deadline is refunded in full to the payer, both told; before it, the
 * timer is handed back. Safe to repeat (the refund is one conditional change of the contract).
 */
export async function deliveryDue(contractId: string, now = Date.now()): Promise<DeliveryTimer> {
  const contract = await loadContract(contractId);
  const due = contract.delivery_due_at;
  if (!due || now < Date.parse(due) || !transitionTarget(contract.status, 'delivery_expired'))
    return deliveryTimer(contract, now);
  const body = (amount: string) =>
    `"${contract.title}" was not delivered by its deadline (${due}): the ${amount} paid into escrow is being refunded to the buyer, with no fee.`;
  try {
    const refunded = await refundEverything(contract, 'delivery_expired', 'Not delivered in time', body, [
      contract.creator_id,
      ...payersOf(contract),
    ]);
    return deliveryTimer(refunded, now);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return deliveryTimer(await loadContract(contractId), now); // delivered, cancelled or disputed meanwhile
  }
}
