import { timeScale } from '../adapters/env';
import type { ContractView } from '../api/contracts';
import { ConflictError, ForbiddenError } from '../domain/errors';
import {
  type Contract,
  cancellationBy,
  cancellationMessages,
  isFinal,
  isParty,
  nextStatus,
  payersOf,
  type RefundEverythingEvent,
} from '../domain/escrow-contract';
import { refundRequestedPosting } from '../domain/ledger';
import { hasMilestones, heldOutsideMilestones, milestoneMessages } from '../domain/milestones';
import { formatAmount } from '../domain/money';
import { commitContractChange, contractUpdate, loadContract, updated } from '../entities/contract';
import { ledgerEntryPut } from '../entities/ledger';
import { notificationItems } from '../entities/notification';
import { type RefundLeg, refundLegPut } from '../entities/refund';
import { toContractView } from './contract-view';
import { answerStepLater } from './escrow-workflow';
import { milestoneContracts, milestoneStates } from './milestones';
import { displayName } from './people';
import { escrowRefundLegs } from './refunds/legs';
import { sendRefundNow } from './refunds/send';

/**
 * Mutual cancellation of a funded contract before delivery (ARCHITECTURE §5b): the creator cancels
 * (or agrees to the payer's request); the payer alone may cancel a contract only partly paid once
 * its funding window ended. Everything held goes back to the payer, no fee: the contract is
 * `refunding` until the provider confirmed every refund leg, then `cancelled` (services/refunds/closing.ts).
 */

/** What a cancellation answers: what happened, and the contract as it now is. */
export interface CancellationResult {
  message: string;
  contract: ContractView;
}

/** A party cancels the contract, or (the payer of a fully funded one) asks the creator to. */
export async function cancelContract(contractId: string, sub: string): Promise<CancellationResult> {
  const contract = await loadContract(contractId);
  if (!isParty(contract, sub)) throw new ForbiddenError(cancellationMessages.notParty);
  if (contract.milestone_of) throw new ConflictError(milestoneMessages.cancelTheContract);
  const side = contract.creator_id === sub ? 'creator' : 'payer';
  if (cancellationBy(contract, side, Date.now(), timeScale()) === 'request') return requestCancellation(contract, sub);
  return refundAndCancel(contract, sub, side);
}

async function requestCancellation(contract: Contract, sub: string): Promise<CancellationResult> {
  const now = new Date().toISOString();
  const changes = { cancellation_requested_by: sub };
  const body = `${await displayName(sub)} asked to cancel "${contract.title}" before delivery. If you agree, cancel it from the contract's page: everything paid (${formatAmount(contract.amount_paid_minor, contract.currency)}) goes back to the buyer.`;
  await commitContractChange([
    contractUpdate(contract, changes),
    ...notificationItems(contract.creator_id, 'Cancellation requested', body, now, { contract, email: 'cancellation-requested' }),
  ]);
  return { message: cancellationMessages.requested, contract: toContractView(updated(contract, changes)) };
}

/** The creator cancels (or agrees to the payer's request), or the payer of a partly paid contract after its funding window. */
async function refundAndCancel(contract: Contract, sub: string, side: 'creator' | 'payer'): Promise<CancellationResult> {
  const who = side === 'creator' ? 'The seller' : 'The buyer';
  const body = (amount: string) =>
    `${who} cancelled "${contract.title}" before delivery: the ${amount} paid into escrow is being refunded to the buyer, with no fee.`;
  const told = [contract.creator_id, ...payersOf(contract)].filter((person) => person !== sub);
  const now = await refundEverything(contract, 'cancel', 'Contract cancelled', body, told);
  return { message: cancellationMessages.cancelled, contract: toContractView(now) };
}

/**
 * Everything held goes back to the payer, in one transaction: the contract `refunding`, a refund leg
 * per payment it goes back through (escrow -> refund_pending), `told` notified (`title`, and `body` given the amount
 * going back, decided once here) and emailed; then the refunds are
 * asked for and the workflow's delivery step answered (it waits for the refunds, then ends
 * cancelled). Answers the contract as it now is; a 409 when it moved meanwhile.
 */
export async function refundEverything(
  contract: Contract,
  event: RefundEverythingEvent,
  title: string,
  body: (amount: string) => string,
  told: string[],
): Promise<Contract> {
  const status = nextStatus(contract.status, event, cancellationMessages.notCancellable(contract.status));
  const at = new Date().toISOString();
  const plan = await refundPlan(contract);
  const text = body(formatAmount(plan.refundMinor, contract.currency));
  const changes = { status, cancellation_requested_by: null, refunded_because: event };
  // The milestone under way (not delivered yet) is cancelled with its contract and sends its own amount back.
  const running = plan.running;
  const runningLegs = running ? await escrowRefundLegs(running, running.amount_paid_minor, 'cancellation', at) : [];
  const legs = await escrowRefundLegs(
    contract,
    plan.refundMinor - (running?.amount_paid_minor ?? 0),
    'cancellation',
    at,
    runningLegs,
  );
  const email = event === 'cancel' ? 'contract-cancelled' : 'delivery-expired';
  const legItems = (of: Contract, ofLegs: RefundLeg[]) =>
    ofLegs.flatMap((leg) => [
      refundLegPut(leg),
      ledgerEntryPut(of, refundRequestedPosting(leg.reference, leg.amount_minor, 'escrow'), at),
    ]);
  try {
    await commitContractChange([
      contractUpdate(contract, changes),
      ...legItems(contract, legs),
      ...(running ? [contractUpdate(running, changes), ...legItems(running, runningLegs)] : []),
      ...told.flatMap((person) => notificationItems(person, title, text, at, { contract, email })),
    ]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const current = await loadContract(contract.id);
    throw new ConflictError(
      current.status === contract.status ? error.message : cancellationMessages.notCancellable(current.status),
    );
  }
  for (const leg of legs) await sendRefundNow(contract.id, leg.leg);
  for (const leg of runningLegs) await sendRefundNow(leg.contract_id, leg.leg);
  await answerStepLater(contract.id, hasMilestones(contract) ? 'milestones' : 'delivery');
  if (running) await answerStepLater(running.id, 'delivery');
  return updated(contract, changes);
}

/**
 * What a cancellation sends back: everything paid; for a contract with milestones (issue 38), what
 * no milestone took, and the milestone under way with it (its own contract sends its amount back),
 * which must not be delivered or disputed yet: a 409 otherwise.
 */
async function refundPlan(contract: Contract): Promise<{ refundMinor: number; running?: Contract }> {
  if (!hasMilestones(contract)) return { refundMinor: contract.amount_paid_minor };
  const children = await milestoneContracts(contract);
  const held = heldOutsideMilestones(contract.amount_paid_minor, contract.milestones, milestoneStates(children));
  const running = [...children.values()].find((child) => !isFinal(child.status));
  if (!running) return { refundMinor: held };
  if (running.status !== 'fully_funded') throw new ConflictError(milestoneMessages.notCancellable);
  return { refundMinor: held + running.amount_paid_minor, running };
}
