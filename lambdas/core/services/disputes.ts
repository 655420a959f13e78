import { ulid } from 'ulid';
import { timeScale } from '../adapters/env';
import { logger } from '../adapters/logger';
import type { DisputeActionResponse, DisputeView } from '../api/disputes';
import { Backoff } from '../domain/backoff';
import { nairaCurrency } from '../domain/conversion';
import {
  acceptableProposal,
  checkProposedRefund,
  type DisputeReason,
  type DisputeSide,
  detailsSentence,
  disputeAgreeBy,
  disputeMessages,
  disputeReasons,
  disputeSide,
  maxProposals,
  minutesUntil,
  type ProposalNotice,
  proposalHour,
  proposalNoticeKind,
  proposalsPerSidePerHour,
  type Settlement,
  type SettlementFigures,
  settlementFigures,
} from '../domain/dispute';
import { ConflictError, ForbiddenError, ThrottledError, ValidationError } from '../domain/errors';
import { type Contract, contractMessages, isInvitation, nextStatus, payersOf } from '../domain/escrow-contract';
import { refundRequestedPosting } from '../domain/ledger';
import { assertNotSplit } from '../domain/milestones';
import { formatAmount } from '../domain/money';
import { payoutReference } from '../domain/payout';
import { commitContractChange, contractUnchanged, contractUpdate, loadContract, updated } from '../entities/contract';
import { type Dispute, disputePut, disputeUpdate, disputeUpdated, getDispute } from '../entities/dispute';
import { type EvidenceFile, evidenceAttachUpdate } from '../entities/evidence';
import { ledgerEntryPut } from '../entities/ledger';
import { getNotification, notificationItems, notificationReplacementItems } from '../entities/notification';
import { getPayout, type Payout, payoutPut } from '../entities/payout';
import { foreignAccountOf, getProfile, payoutAccountIn } from '../entities/profile';
import { getProposalSlots, giveBackProposalSlot, proposalSlotUsed, takeProposalSlot } from '../entities/proposal-slots';
import { refundLegPut } from '../entities/refund';
import { onConditionFailed, type TransactItem, transactWrite } from '../entities/table';
import { toContractView } from './contract-view';
import { answerStepLater } from './escrow-workflow';
import { attachableEvidence, evidenceAttachItems } from './evidence-attach';
import { escrowRefundLegs } from './refunds/legs';
import { sendRefundNow } from './refunds/send';

/**
 * Disputes and their settlement (ARCHITECTURE §5b). Opening one moves the contract to `disputed`,
 * which freezes the release; the parties propose splits until one accepts the other's latest, or
 * the creator refunds in full; after 7 days without agreement the workflow hands it to ops
 * (`npm run decide-dispute`). Settling it is one transaction: the contract `settling`, the
 * settlement recorded with who decided and why, the refund legs against the payer's own payments
 * (escrow -> refund_pending), and the payout of the rest less the fee. The workflow then pays out,
 * waits for the refunds, and services/refunds/closing.ts gives the contract its final status.
 */

/** Whether a settlement's payout waits for the seller's bank details (written `failed` without any, settlementPayout). */
const waitsForBankDetails = (payout: Payout | undefined) => payout?.status === 'failed' && !payout.account_number;

function viewOf(dispute: Dispute, side: DisputeSide, payout?: Payout): DisputeView {
  const figures = (refund: number) => {
    const { refund_minor, released_minor, fee_minor, payout_minor } = settlementFigures(dispute.held_minor, refund);
    return { refund_minor, released_minor, fee_minor, payout_minor };
  };
  const settlement = dispute.settlement;
  return {
    contract_id: dispute.contract_id,
    status: dispute.status,
    opened_side: dispute.opened_side,
    reason: dispute.reason,
    reason_text: disputeReasons[dispute.reason],
    details: dispute.details,
    opened_at: dispute.opened_at,
    agree_by: dispute.agree_by,
    held_minor: dispute.held_minor,
    currency: dispute.currency,
    proposals: dispute.proposals.map((p) => ({ id: p.id, by: p.by, created_at: p.created_at, ...figures(p.refund_minor) })),
    settlement: settlement && {
      source: settlement.source,
      proposal_id: settlement.proposal_id,
      reason: settlement.reason,
      settled_at: settlement.settled_at,
      ...figures(settlement.refund_minor),
      ...(side === 'creator' && waitsForBankDetails(payout) ? { payout_waits_for_bank_details: true } : {}),
    },
    your_side: side,
  };
}

/** The people of the other side of `side`. */
function otherSide(contract: Contract, side: DisputeSide): string[] {
  return side === 'creator' ? payersOf(contract) : [contract.creator_id];
}

const sideName = (side: DisputeSide) => (side === 'creator' ? 'The seller' : 'The buyer');

async function openDisputeOf(contract: Contract): Promise<Dispute> {
  const dispute = await getDispute(contract.id);
  if (!dispute || contract.status !== 'disputed' || dispute.status === 'settled')
    throw new ConflictError(disputeMessages.notDisputed(contract.status));
  return dispute;
}

/** The dispute of a contract for one of its parties: null while there is none; 403 for anyone else. */
export async function disputeFor(contractId: string, sub: string): Promise<DisputeView | null> {
  const contract = await loadContract(contractId);
  const side = disputeSide(contract, sub);
  const dispute = await getDispute(contractId);
  if (!dispute) return null;
  // The seller's page says whether their share is on its way or waits for their bank details.
  const payout = side === 'creator' && dispute.settlement && dispute.settlement.released_minor > 0;
  return viewOf(dispute, side, payout ? await getPayout(contractId) : undefined);
}

/**
 * A party opens a dispute on a funded contract before the release is requested: `disputed` (the
 * release frozen), both sides told, the workflow's waiting step answered so it follows the dispute.
 */
export async function openDispute(
  contractId: string,
  sub: string,
  reason: DisputeReason,
  details: string,
  evidence: readonly string[] = [],
): Promise<DisputeActionResponse> {
  const contract = await loadContract(contractId);
  const side = disputeSide(contract, sub);
  assertNotSplit(contract);
  if (await getDispute(contractId)) throw new ConflictError(disputeMessages.alreadyDisputed);
  const status = nextStatus(contract.status, 'open_dispute', disputeMessages.notDisputable(contract.status));
  // The files go with the opening statement in its transaction: attached once, or not at all.
  const attached = await evidenceAttachItems(contractId, sub, 'dispute', 'dispute', evidence);
  const now = new Date().toISOString();
  const dispute: Dispute = {
    contract_id: contract.id,
    status: 'open',
    opened_by: sub,
    opened_side: side,
    reason,
    details,
    opened_at: now,
    agree_by: disputeAgreeBy(now, timeScale()),
    held_minor: contract.amount_paid_minor,
    currency: contract.currency,
    proposals: [],
    settlement: null,
    version: 1,
  };
  const body = `${sideName(side)} opened a dispute on "${contract.title}" (${disputeReasons[reason]}): ${detailsSentence(details)} The ${formatAmount(dispute.held_minor, dispute.currency)} in escrow stays there until it is settled. Propose how to split it by ${dispute.agree_by}; after that our team decides.`;
  const told = otherSide(contract, side);
  try {
    await commitContractChange([
      // A dispute replaces any cancellation the buyer asked for.
      contractUpdate(contract, { status, cancellation_requested_by: null }),
      disputePut(dispute),
      ...attached,
      ...told.flatMap((who) => notificationItems(who, 'Dispute opened', body, now, { contract, email: 'contract-disputed' })),
    ]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Changed meanwhile: the release was requested first, or the other side opened the dispute.
    const current = await loadContract(contractId);
    if (current.status === 'disputed') throw new ConflictError(disputeMessages.alreadyDisputed);
    throw new ConflictError(disputeMessages.notDisputable(current.status));
  }
  for (const step of ['delivery', 'inspection', 'release'] as const) await answerStepLater(contractId, step);
  return {
    dispute: viewOf(dispute, side),
    contract: toContractView(updated(contract, { status, cancellation_requested_by: null })),
  };
}

/**
 * How long a proposal keeps trying when other changes of the dispute (the other admitted proposals
 * of the moment) get in first: each try reads the dispute again, so every proposal is checked on
 * the dispute as it then is, and is refused for what it holds, not for having been concurrent.
 * One deadline for the whole proposal (waiting for a slot, then writing), inside the function's
 * 10 s timeout so that the last try still has time to answer.
 */
const proposalRetryMs = 8_000;

/**
 * A party proposes how the held money is split: it replaces any earlier proposal; the other side
 * is told, at most once per person per `proposalNoticeMinutes` (with an email), later proposals
 * inside that window replacing the notification. Refused past the dispute's {@link maxProposals}
 * (409, on the dispute the write is conditional on) and past `proposalsPerSidePerHour` for the
 * side in this hour of the dispute (429, saying when to try again: one conditional slot each, see
 * entities/proposal-slots.ts), so neither count can be passed by proposals sent at once.
 */
export async function proposeSettlement(
  contractId: string,
  sub: string,
  refundMinor: number,
  evidence: readonly string[] = [],
): Promise<DisputeActionResponse> {
  const contract = await loadContract(contractId);
  const side = disputeSide(contract, sub);
  const dispute = await openDisputeOf(contract);
  checkProposedRefund(refundMinor, dispute.held_minor, formatAmount(dispute.held_minor, dispute.currency));
  if (dispute.proposals.length >= maxProposals) throw new ConflictError(disputeMessages.tooManyProposals);
  const files = await attachableEvidence(contractId, sub, 'dispute', evidence);
  const deadline = Date.now() + proposalRetryMs;
  const hour = await proposalSlot(contractId, side, dispute.opened_at, deadline);
  let made: DisputeActionResponse;
  try {
    made = await writeProposal(contractId, sub, refundMinor, files, { contract, dispute }, deadline);
  } catch (error) {
    await giveBackProposalSlot(contractId, side, hour);
    throw error;
  }
  try {
    await proposalSlotUsed(contractId, side, hour);
  } catch (error) {
    // The proposal is made: the side's proposals still waiting for this slot wait out their time and are told to retry.
    logger.warn('Proposal made but its slot not counted', { contractId, side, hour, error: error as Error });
  }
  return made;
}

/**
 * A slot of this hour of the dispute for `side`'s proposal; answers the hour. 429, saying when the
 * hour ends, once the side's proposals made this hour fill it. While the slots are held by
 * proposals still being written (which give theirs back if they are not made) it waits for them,
 * reading only the slots' item, rather than refuse a proposal the limit does not refuse.
 */
async function proposalSlot(contractId: string, side: DisputeSide, openedAt: string, deadline: number): Promise<number> {
  const wait = new Backoff(deadline, 50, 800);
  for (;;) {
    const now = Date.now();
    const hour = proposalHour(openedAt, now);
    const slots = await getProposalSlots(contractId, side, hour.index);
    if (slots.made >= proposalsPerSidePerHour)
      throw new ThrottledError(disputeMessages.proposalsThisHour(minutesUntil(hour.endsAt, now)));
    if (slots.taken < proposalsPerSidePerHour && (await takeProposalSlot(contractId, side, hour, proposalsPerSidePerHour)))
      return hour.index;
    if (wait.expired) throw new ConflictError(contractMessages.changedMeanwhile);
    await wait.pause();
  }
}

/**
 * The proposal's write, first on what was `read`, then again on the dispute as it now is while
 * others' changes get in first.
 */
async function writeProposal(
  contractId: string,
  sub: string,
  refundMinor: number,
  files: readonly EvidenceFile[],
  read: { contract: Contract; dispute: Dispute },
  deadline: number,
): Promise<DisputeActionResponse> {
  const wait = new Backoff(deadline, 20, 250);
  for (let first = true; ; first = false) {
    const contract = first ? read.contract : await loadContract(contractId);
    const side = disputeSide(contract, sub);
    const dispute = first ? read.dispute : await openDisputeOf(contract);
    if (dispute.proposals.length >= maxProposals) throw new ConflictError(disputeMessages.tooManyProposals);
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const proposal = { id: ulid(), by: side, refund_minor: refundMinor, created_at: now };
    const figures = settlementFigures(dispute.held_minor, refundMinor);
    const amount = (minor: number) => formatAmount(minor, dispute.currency);
    const body = `${sideName(side)} proposes to settle "${contract.title}": ${amount(figures.refund_minor)} back to the buyer, ${amount(figures.released_minor)} to the seller (${amount(figures.payout_minor)} after the 2% fee). Accept it, or propose another split.`;
    const told = await proposalNotices(contract, dispute, otherSide(contract, side), body, nowMs);
    const changes = { proposals: [...dispute.proposals, proposal], proposal_notices: told.notices };
    const written = await onConditionFailed(
      transactWrite([
        disputeUpdate(dispute, changes),
        contractUnchanged(contract),
        // The proposal's files, attached with it (a file attached meanwhile refuses it, tried again to the deadline).
        ...files.map((file) => evidenceAttachUpdate(file, sub, 'dispute', `proposal#${proposal.id}`)),
        ...told.items,
      ]).then(() => true),
      () => false,
    );
    if (written) return { dispute: viewOf(disputeUpdated(dispute, changes), side), contract: toContractView(contract) };
    if (wait.expired) throw new ConflictError(contractMessages.changedMeanwhile);
    await wait.pause();
  }
}

/**
 * How each of `people` is told of a new proposal (domain proposalNoticeKind): a new notification
 * and email, or the window's notification replaced by this one. Answers the items and the
 * dispute's notices after them.
 */
async function proposalNotices(
  contract: Contract,
  dispute: Dispute,
  people: string[],
  body: string,
  now: number,
): Promise<{ items: TransactItem[]; notices: Record<string, ProposalNotice> }> {
  const notices = { ...dispute.proposal_notices };
  const items: TransactItem[] = [];
  const title = 'New settlement proposal';
  const at = new Date(now).toISOString();
  for (const who of people) {
    if (isInvitation(who)) continue;
    const notice = notices[who];
    const id = ulid();
    if (!notice || proposalNoticeKind(notice, now) === 'new') {
      items.push(...notificationItems(who, title, body, at, { contract, email: 'contract-disputed' }, id));
      notices[who] = { notification_id: id, first_at: at };
    } else {
      const replaced = await getNotification(who, notice.notification_id);
      items.push(...notificationReplacementItems(who, replaced, title, body, at, { contract }, id));
      notices[who] = { ...notice, notification_id: id };
    }
  }
  return { items, notices };
}

/** A party accepts the other side's latest proposal: the dispute is settled on it. */
export async function acceptSettlement(contractId: string, sub: string, proposalId: string): Promise<DisputeActionResponse> {
  const contract = await loadContract(contractId);
  const side = disputeSide(contract, sub);
  const dispute = await openDisputeOf(contract);
  const proposal = acceptableProposal(dispute.proposals, side, proposalId);
  return settle(contract, dispute, side, proposal.refund_minor, {
    source: 'agreement',
    proposal_id: proposal.id,
    decided_by: sub,
    reason: null,
  });
}

/** The creator gives everything held back to the buyer: the dispute is settled with a full refund and no fee. */
export async function refundInFull(contractId: string, sub: string): Promise<DisputeActionResponse> {
  const contract = await loadContract(contractId);
  const side = disputeSide(contract, sub);
  if (side !== 'creator') throw new ForbiddenError(disputeMessages.fullRefundCreatorOnly);
  const dispute = await openDisputeOf(contract);
  return settle(contract, dispute, side, dispute.held_minor, {
    source: 'full_refund',
    proposal_id: null,
    decided_by: sub,
    reason: null,
  });
}

/**
 * Ops decide a dispute the parties did not settle within the agreement window: `refundMinor` back
 * to the buyer, the rest to the seller, recorded with who decided (`decidedBy`) and why.
 */
export async function decideDispute(
  contractId: string,
  refundMinor: number,
  reason: string,
  decidedBy: string,
): Promise<DisputeActionResponse> {
  if (!reason.trim()) throw new ValidationError(disputeMessages.decisionReasonRequired);
  const contract = await loadContract(contractId);
  const dispute = await openDisputeOf(contract);
  if (dispute.status !== 'awaiting_ops') throw new ConflictError(disputeMessages.notAwaitingOps(dispute.agree_by));
  checkProposedRefund(refundMinor, dispute.held_minor, formatAmount(dispute.held_minor, dispute.currency));
  // Ops' scripts hold neither the provider's key nor SES: the workflow's next step asks for the refunds.
  return settle(
    contract,
    dispute,
    'creator',
    refundMinor,
    { source: 'ops', proposal_id: null, decided_by: decidedBy, reason: reason.trim() },
    false,
  );
}

/**
 * The settlement's payout of what is released, less the fee, to the bank account the creator has
 * on file; without one it waits `failed` for the creator's details and ops' resume. Nobody chooses
 * at a release here: a dollar contract goes to the dollar account when the seller saved it as where
 * dollar contracts are paid (`preferred`), else to the naira account, converted.
 */
async function settlementPayout(contract: Contract, figures: SettlementFigures, now: string): Promise<Payout | undefined> {
  if (figures.released_minor === 0) return undefined;
  const profile = await getProfile(contract.creator_id);
  const destination = foreignAccountOf(profile, contract.currency)?.preferred ? contract.currency : nairaCurrency;
  const account = payoutAccountIn(profile, destination);
  const hasBank = account !== undefined;
  return {
    contract_id: contract.id,
    creator_id: contract.creator_id,
    status: hasBank ? 'preparing' : 'failed',
    currency: contract.currency,
    released_minor: figures.released_minor,
    fee_minor: figures.fee_minor,
    payout_minor: figures.payout_minor,
    reference: payoutReference(contract.id),
    bank_code: account?.bank_code ?? '',
    account_number: account?.account_number ?? '',
    account_name: account?.account_name ?? '',
    destination_currency: destination,
    transfer_id: null,
    transfer_status: null,
    attempts: 0,
    retry_of: null,
    resumes: 0,
    provider_message: hasBank ? null : 'No bank account on file yet',
    requested_at: now,
    updated_at: now,
    paid_at: null,
  };
}

/**
 * Settles the dispute with `refundMinor` back to the payer, in one transaction: the contract
 * `settling`, the settlement recorded, the refund legs (escrow -> refund_pending) and the payout
 * written, both sides told. Of two settlements at once (an acceptance and an ops decision), one wins.
 */
async function settle(
  contract: Contract,
  dispute: Dispute,
  side: DisputeSide,
  refundMinor: number,
  how: Pick<Settlement, 'source' | 'proposal_id' | 'decided_by' | 'reason'>,
  /** Email the parties and ask the provider for the refunds now (a person's request); else the workflow does. */
  direct = true,
): Promise<DisputeActionResponse> {
  const status = nextStatus(contract.status, 'settle', disputeMessages.notDisputed(contract.status));
  const figures = settlementFigures(dispute.held_minor, refundMinor);
  const now = new Date().toISOString();
  const settlement: Settlement = { ...figures, ...how, settled_at: now };
  const [legs, payout] = await Promise.all([
    escrowRefundLegs(contract, refundMinor, 'settlement', now),
    settlementPayout(contract, figures, now),
  ]);
  const amount = (minor: number) => formatAmount(minor, dispute.currency);
  const how_ = { agreement: 'by agreement', full_refund: 'with a full refund by the seller', ops: 'by our team' }[how.source];
  const payerBody = `The dispute on "${contract.title}" was settled ${how_}: ${amount(figures.refund_minor)} is being refunded to you${figures.released_minor > 0 ? ` and ${amount(figures.released_minor)} is released to the seller` : ''}.`;
  const creatorBody = `The dispute on "${contract.title}" was settled ${how_}: ${amount(figures.refund_minor)} goes back to the buyer${figures.released_minor > 0 ? `, and ${amount(figures.payout_minor)} (${amount(figures.released_minor)} less the ${amount(figures.fee_minor)} fee) is paid to your ${payout && payout.destination_currency !== nairaCurrency ? 'dollar account' : 'bank account'}${payout?.status === 'failed' ? ' once you add your bank details in My Account' : ''}` : ''}.`;
  const items: TransactItem[] = [
    contractUpdate(contract, { status }),
    disputeUpdate(dispute, { status: 'settled', settlement }),
    ...legs.flatMap((leg) => [
      refundLegPut(leg),
      ledgerEntryPut(contract, refundRequestedPosting(leg.reference, leg.amount_minor, 'escrow'), now),
    ]),
    ...(payout ? [payoutPut(payout)] : []),
    ...payersOf(contract).flatMap((who) =>
      notificationItems(who, 'Dispute settled', payerBody, now, { contract, email: 'dispute-settled' }),
    ),
    ...notificationItems(contract.creator_id, 'Dispute settled', creatorBody, now, { contract, email: 'dispute-settled' }),
  ];
  try {
    await commitContractChange(items);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const current = await loadContract(contract.id);
    throw new ConflictError(
      current.status === 'disputed' ? contractMessages.changedMeanwhile : disputeMessages.notDisputed(current.status),
    );
  }
  if (direct) {
    for (const leg of legs) await sendRefundNow(contract.id, leg.leg);
  }
  await answerStepLater(contract.id, 'settlement');
  return {
    dispute: viewOf(disputeUpdated(dispute, { status: 'settled', settlement }), side, payout),
    contract: toContractView(updated(contract, { status })),
  };
}
