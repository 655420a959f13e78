import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import type { DisputeSide } from '@escrow/domain/dispute';
import { isInDispute, isSatisfied } from '@escrow/domain/escrow-contract';
import { formatAmount } from '@escrow/domain/money';
import { formatDateTime } from '../../lib/format';
import { otherSide, settledHow, sideName } from './dispute-text';
import { contractTotalMinor } from './progress';

/**
 * Where a contract stands, for either party: the steps that happened with their dates, then the
 * one that comes next, and who must act now. Derived from the contract's status and dates and, in
 * a dispute, from the dispute. Pure: the pages render it.
 */

export interface TimelineStep {
  label: string;
  /** When it happened, or the deadline of a step still to come; null when the view does not say. */
  at: string | null;
  state: 'done' | 'next';
}

type Contract = Pick<
  ContractView,
  | 'status'
  | 'currency'
  | 'created_at'
  | 'accepted_at'
  | 'accepted_by'
  | 'amount_paid_minor'
  | 'total_amount_minor'
  | 'value_minor'
  | 'delivered_at'
  | 'delivery_due_at'
  | 'inspection_ends_at'
  | 'marked_as_cc'
  | 'cancellation_requested_by'
> &
  Partial<Pick<ContractView, 'refunded_because'>>;

/** Whether the contract was accepted: any status after pending, or a cancelled one someone accepted or paid. */
function wasAccepted(contract: Contract): boolean {
  if (contract.status === 'pending') return false;
  if (contract.status !== 'cancelled') return true;
  return contract.accepted_by.length > 0 || contract.amount_paid_minor > 0;
}

/** The steps of `contract` that happened, oldest first, then the next one (if any). */
export function timelineSteps(contract: Contract, dispute: DisputeView | null): TimelineStep[] {
  const steps: TimelineStep[] = [];
  const done = (label: string, at: string | null = null) => steps.push({ label, at, state: 'done' });
  const next = (label: string, at: string | null = null) => steps.push({ label, at, state: 'next' });
  const amount = (minor: number) => formatAmount(minor, contract.currency);
  const { status } = contract;
  const total = contractTotalMinor(contract);
  const paid = contract.amount_paid_minor;

  done('Created', contract.created_at);
  if (!wasAccepted(contract)) {
    if (status === 'pending') next('Accepted by the buyer');
    else done('Cancelled');
    return steps;
  }
  done('Accepted', contract.accepted_at);

  if (paid > 0) done(paid >= total ? `Paid ${amount(paid)}` : `Paid ${amount(paid)} of ${amount(total)}`);
  if (status === 'active' || status === 'in_escrow') next(`Paid in full (${amount(total)})`);

  if (contract.cancellation_requested_by) done('The buyer asked to cancel');
  if (contract.delivered_at) done('Delivered', contract.delivered_at);
  else if (status === 'fully_funded') next('Delivered by the seller', contract.delivery_due_at);
  if (status === 'delivered') next('Inspection ends', contract.inspection_ends_at);

  if (dispute || isInDispute(status)) {
    disputeSteps(contract, dispute, done, next);
    return steps;
  }

  if (isSatisfied(status)) {
    if (contract.marked_as_cc) done('Marked as completed by the buyer');
    else done('Inspection ended without objection', contract.inspection_ends_at);
  }
  if (status === 'payer_marked_satisfied') next('Funds released to the seller');
  if (status === 'releasing') next('Paid out to the seller');
  if (status === 'completed') done('Funds released to the seller');
  // Cancelled after money came in (by a party, or at the delivery deadline): all of it goes back to the buyer.
  const ended = contract.refunded_because === 'delivery_expired' ? 'Not delivered in time' : 'Cancelled';
  if (status === 'refunding') done(`${ended}: ${amount(paid)} is being refunded to the buyer`);
  if (status === 'cancelled') done(paid > 0 ? `${ended}: ${amount(paid)} was refunded to the buyer` : 'Cancelled');
  return steps;
}

function disputeSteps(
  contract: Contract,
  dispute: DisputeView | null,
  done: (label: string, at?: string | null) => void,
  next: (label: string, at?: string | null) => void,
): void {
  const amount = (minor: number) => formatAmount(minor, contract.currency);
  done('Disputed', dispute?.opened_at ?? null);
  const settlement = dispute?.settlement;
  if (!dispute || !settlement) {
    if (dispute?.status === 'awaiting_ops') next('Decision by our team');
    else if (dispute) next(`Agree on a split by ${formatDateTime(dispute.agree_by)}`);
    return;
  }
  done(settledHow(settlement.source), settlement.settled_at);
  const { refund_minor: refund, payout_minor: payout } = settlement;
  if (contract.status === 'settling') {
    if (refund > 0) next(`${amount(refund)} refunded to the buyer`);
    if (payout > 0) next(`${amount(payout)} paid to the seller`);
    return;
  }
  if (refund > 0) done(`${amount(refund)} refunded to the buyer`);
  if (payout > 0) done(`${amount(payout)} paid to the seller`);
}

/**
 * Who must act now, told to `side`: "Your turn: ..." when it is them, "Waiting for ..." when it is
 * the other side, or where the money is when nobody needs to act.
 */
export function nextAction(contract: Contract, side: DisputeSide, dispute: DisputeView | null): string {
  const amount = (minor: number) => formatAmount(minor, contract.currency);
  const buyer = side === 'payer';
  const owed = Math.max(0, contractTotalMinor(contract) - contract.amount_paid_minor);
  const by = (deadline: string | null) => (deadline ? ` by ${formatDateTime(deadline)}` : '');
  if (contract.cancellation_requested_by && (contract.status === 'in_escrow' || contract.status === 'fully_funded')) {
    return cancellationAction(contract, side);
  }
  switch (contract.status) {
    case 'pending':
      return buyer ? 'Your turn: accept or reject this contract.' : 'Waiting for the buyer to accept the contract.';
    case 'active':
      return buyer ? `Your turn: pay ${amount(owed)} into escrow.` : 'Waiting for the buyer to pay into escrow.';
    case 'in_escrow':
      return buyer
        ? `Your turn: pay the remaining ${amount(owed)} into escrow.`
        : `Waiting for the buyer to pay the remaining ${amount(owed)}.`;
    case 'fully_funded':
      return buyer
        ? `Waiting for the seller to deliver${by(contract.delivery_due_at)}.`
        : `Your turn: deliver${by(contract.delivery_due_at)}, then mark the contract as delivered.`;
    case 'delivered':
      return buyer
        ? `Your turn: inspect the delivery and mark it completed or open a dispute${by(contract.inspection_ends_at)}.`
        : `Waiting for the buyer to inspect the delivery${by(contract.inspection_ends_at)}; if they say nothing by then, it counts as accepted.`;
    case 'payer_marked_satisfied':
      return buyer ? 'Waiting for the seller to release the funds.' : 'Your turn: release the funds to your bank account.';
    case 'releasing':
      return buyer ? 'The funds are on their way to the seller.' : 'Your payout is on its way to your bank account.';
    case 'completed':
      return 'Nothing left to do: the contract is completed.';
    case 'disputed':
      return disputeAction(side, dispute);
    case 'settling':
      if (!buyer && dispute?.settlement?.payout_waits_for_bank_details)
        return 'Your turn: add your bank details in My Account, so your payout can be sent.';
      return 'The dispute is settled: the refund and the payout are on their way.';
    case 'refunding': {
      const why = contract.refunded_because === 'delivery_expired' ? 'It was not delivered in time' : 'The contract is cancelled';
      return buyer
        ? `${why}: your refund of ${amount(contract.amount_paid_minor)} is on its way.`
        : `${why}: the refund of ${amount(contract.amount_paid_minor)} is on its way to the buyer.`;
    }
    case 'refunded':
    case 'partially_refunded':
      return 'Nothing left to do: the dispute is settled and the money has been paid.';
    case 'cancelled':
      if (contract.amount_paid_minor === 0) return 'Nothing left to do: the contract is cancelled.';
      if (contract.refunded_because === 'delivery_expired')
        return `Nothing left to do: it was not delivered in time and ${amount(contract.amount_paid_minor)} was refunded to ${buyer ? 'you' : 'the buyer'}.`;
      return `Nothing left to do: the contract is cancelled and ${amount(contract.amount_paid_minor)} was refunded to ${buyer ? 'you' : 'the buyer'}.`;
  }
}

/**
 * What a "Your turn" line of {@link nextAction} asks of `side`, or null when it is not their turn:
 * each page puts that action beside the line (ContractTimeline's `actions`).
 */
export type Turn =
  | 'accept'
  | 'pay'
  | 'deliver'
  | 'inspect'
  | 'release'
  | 'answer_cancellation'
  | 'answer_proposal'
  | 'add_bank_details';

/** Whose turn it is, as {@link nextAction} words it: the action asked of `side` now, or null. */
export function yourTurn(contract: Contract, side: DisputeSide, dispute: DisputeView | null): Turn | null {
  const buyer = side === 'payer';
  if (contract.cancellation_requested_by && (contract.status === 'in_escrow' || contract.status === 'fully_funded')) {
    return buyer ? null : 'answer_cancellation';
  }
  switch (contract.status) {
    case 'pending':
      return buyer ? 'accept' : null;
    case 'active':
    case 'in_escrow':
      return buyer ? 'pay' : null;
    case 'fully_funded':
      return buyer ? null : 'deliver';
    case 'delivered':
      return buyer ? 'inspect' : null;
    case 'payer_marked_satisfied':
      return buyer ? null : 'release';
    case 'disputed': {
      const latest = dispute?.status === 'awaiting_ops' ? undefined : dispute?.proposals.at(-1);
      return latest && latest.by !== side ? 'answer_proposal' : null;
    }
    case 'settling':
      return !buyer && dispute?.settlement?.payout_waits_for_bank_details ? 'add_bank_details' : null;
    default:
      return null;
  }
}

/** While the buyer's request to cancel stands: the seller decides; the buyer waits (or pays, or the seller delivers). */
function cancellationAction(contract: Contract, side: DisputeSide): string {
  const paid = formatAmount(contract.amount_paid_minor, contract.currency);
  if (side === 'payer') return `Waiting for the seller to agree to cancel; if they do, your ${paid} is refunded in full.`;
  const otherwise =
    contract.status === 'fully_funded'
      ? `or deliver${contract.delivery_due_at ? ` by ${formatDateTime(contract.delivery_due_at)}` : ''} and mark the contract as delivered`
      : 'or keep it and wait for the rest of the payment';
  return `Your turn: the buyer asked to cancel. Agree to refund everything paid (${paid}), ${otherwise}.`;
}

/**
 * The delivery deadline of a funded contract not yet delivered, told to `side`: undelivered by
 * then, everything paid goes back to the buyer (the workflow refunds it). Null when it has none.
 */
export function deliveryDeadline(contract: Pick<Contract, 'status' | 'delivery_due_at'>, side: DisputeSide): string | null {
  if (!contract.delivery_due_at) return null;
  if (contract.status !== 'in_escrow' && contract.status !== 'fully_funded') return null;
  const date = formatDateTime(contract.delivery_due_at);
  return side === 'payer'
    ? `If it is not delivered by ${date}, you are refunded in full.`
    : `Deliver by ${date}: if it is not delivered by then, everything paid goes back to the buyer.`;
}

function disputeAction(side: DisputeSide, dispute: DisputeView | null): string {
  if (!dispute) return 'The contract is disputed.';
  if (dispute.status === 'awaiting_ops')
    return 'Our team will decide how the money is split; you may still agree with each other.';
  const other = sideName(otherSide(side));
  const agreeBy = formatDateTime(dispute.agree_by);
  const latest = dispute.proposals.at(-1);
  if (!latest) return `Either side may propose how to split the money, by ${agreeBy}.`;
  if (latest.by === side) return `Waiting for ${other} to respond to your proposal.`;
  return `Your turn: accept ${other}'s proposal or propose another split by ${agreeBy}.`;
}
