import { ConflictError, ForbiddenError, ValidationError } from './errors';
import { platformFee } from './money';
import { scaledMs } from './time-scale';

/**
 * Disputes and how they settle (ARCHITECTURE §5b): either party opens one on a funded contract
 * before the release is requested, which freezes the release; inside it either party proposes how
 * the held money is split (an amount back to the payer, the rest to the creator) and the other
 * accepts or counter-proposes; the creator may refund in full at any time. Without agreement
 * within {@link disputeAgreementDays} days it waits for ops. Plain functions, no AWS.
 */

/** The fixed list a party chooses the dispute's reason from, with the words a person reads. */
export const disputeReasons = {
  not_delivered: 'Nothing was delivered',
  not_as_described: 'Not as described',
  damaged_or_defective: 'Damaged or defective',
  incomplete: 'Only part was delivered',
  payment_problem: 'Payment problem',
  other: 'Other',
} as const;
export type DisputeReason = keyof typeof disputeReasons;
export const disputeReasonCodes = Object.keys(disputeReasons) as [DisputeReason, ...DisputeReason[]];

/** Days the parties have to agree before the dispute waits for an ops decision. */
export const disputeAgreementDays = 7;

/** The most a dispute's details may say. */
export const disputeDetailsMaxLength = 1_000;

/**
 * A dispute's details as a sentence of the notice that tells the other side: its own closing
 * punctuation kept, a period added only when it has none (never "only 120 photos..").
 */
export function detailsSentence(details: string): string {
  const trimmed = details.trim();
  return /[.!?…]["'”’)\]]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Proposals one dispute keeps at most (the item stays small; after that, ops decide). */
export const maxProposals = 30;

/**
 * Proposals one side of a dispute may make in each hour of it (hours counted from when it was
 * opened). A negotiation needs a few counter-offers an hour; past that a side is flooding the other
 * and using up {@link maxProposals}. The payer side is one side however many payers it has: they
 * propose for the same money.
 */
export const proposalsPerSidePerHour = 5;
const proposalHourMs = 60 * 60 * 1000;

/** The hour of a dispute opened at `openedAt` that `now` (ms) falls in: its number from 0, and when it ends (ms). */
export function proposalHour(openedAt: string, now: number): { index: number; endsAt: number } {
  const opened = Date.parse(openedAt);
  const index = Math.max(0, Math.floor((now - opened) / proposalHourMs));
  return { index, endsAt: opened + (index + 1) * proposalHourMs };
}

/** Whole minutes from `now` until `at` (both ms), at least 1: what a person is told to wait. */
export function minutesUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 60_000));
}

/**
 * How often a person is told of the other side's proposals on one contract: at most one
 * notification and one email per person per this many minutes. A proposal inside that window
 * replaces the window's notification with its own words (the newest, unread again) and sends no
 * email, so what the person reads is always the latest proposal, and the email links to it.
 */
export const proposalNoticeMinutes = 15;

const dayMs = 24 * 60 * 60 * 1000;

/** When the parties of a dispute opened at `openedAt` must have agreed by, under the time scale `factor`. */
export function disputeAgreeBy(openedAt: string, factor: number): string {
  return new Date(Date.parse(openedAt) + scaledMs(disputeAgreementDays * dayMs, factor)).toISOString();
}

/** Where a dispute stands: the parties may agree (`open`), then ops decide (`awaiting_ops`), then it is `settled`. */
export type DisputeStatus = 'open' | 'awaiting_ops' | 'settled';

/** The side of the contract a person speaks for in a dispute. */
export type DisputeSide = 'creator' | 'payer';

/** A split one side proposed: how much of what is held goes back to the payer. */
export interface SplitProposal {
  id: string;
  by: DisputeSide;
  refund_minor: number;
  created_at: string;
}

/** How a dispute ended, and who decided. */
export type SettlementSource = 'agreement' | 'full_refund' | 'ops';

/** The settlement of a dispute as it is recorded: the split, how it was reached, who decided and why. */
export interface Settlement extends SettlementFigures {
  source: SettlementSource;
  /** The accepted proposal, for an agreement. */
  proposal_id: string | null;
  /** The person (their id) who accepted or refunded, or the ops identity that decided. */
  decided_by: string;
  /** Why, for an ops decision. */
  reason: string | null;
  settled_at: string;
}

/**
 * The two legs of a settlement of `heldMinor`: the refund to the payer and the release to the
 * creator. The platform's fee is 2% of what the creator receives only: nothing on a full refund.
 * refund + fee + payout always equals what was held.
 */
export interface SettlementFigures {
  held_minor: number;
  refund_minor: number;
  /** What is released to the creator: held - refund. */
  released_minor: number;
  /** The one platformFee on the released part. */
  fee_minor: number;
  /** What the creator's bank receives: released - fee. */
  payout_minor: number;
}

export const disputeMessages = {
  notParty: 'Only the creator or the payer of this contract can take part in its dispute.',
  notDisputable: (status: string) =>
    `This contract is currently "${status}": a dispute can only be opened on a funded contract before its release is requested.`,
  notDisputed: (status: string) => `This contract is currently "${status}" and has no open dispute.`,
  refundTooLarge: (held: string) => `The amount back to the buyer cannot be more than what is held in escrow (${held}).`,
  refundNotWhole: 'The amount back to the buyer must be a whole amount of at least 0.00.',
  noProposal: 'There is no proposal to accept yet.',
  ownProposal: 'You cannot accept your own proposal. Wait for the other party, or make a new one.',
  staleProposal: 'That proposal was replaced by a newer one. Please reload the dispute.',
  fullRefundCreatorOnly: 'Only the creator can refund the buyer in full.',
  releaseFrozen: 'Funds cannot be released while the contract is disputed. Settle the dispute first.',
  alreadyDisputed: 'This contract already has a dispute.',
  reasonRequired: 'Please choose the reason for the dispute.',
  detailsRequired: 'Please describe what went wrong.',
  detailsTooLong: `The details can be at most ${disputeDetailsMaxLength} characters.`,
  tooManyProposals: `This dispute has ${maxProposals} proposals already: accept one, or wait for our team to decide.`,
  proposalsThisHour: (minutes: number) =>
    `Your side has already made ${proposalsPerSidePerHour} proposals this hour, the most allowed. You can propose again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  notAwaitingOps: (agreeBy: string) => `The parties have until ${agreeBy} to agree; ops decide only after that.`,
  decisionReasonRequired: 'An ops decision needs its reason (--reason "...").',
} as const;

/** One of a settlement's refund legs: how much goes back against which of the payer's transactions. */
export interface RefundAllocation {
  source: string;
  amount_minor: number;
}

/**
 * Spreads a refund over the payments it can go back through (`sources`, each with what of it sits
 * in escrow), in the order given, each taking as much as it can. The legs sum to the refund
 * exactly; a refund larger than the sources is a bug in the caller (it is bounded by what is held).
 */
export function allocateRefund(
  refundMinor: number,
  sources: readonly { source: string; available_minor: number }[],
): RefundAllocation[] {
  if (!Number.isSafeInteger(refundMinor) || refundMinor < 0) throw new RangeError('a refund is a whole amount of minor units');
  const legs: RefundAllocation[] = [];
  let left = refundMinor;
  for (const { source, available_minor } of sources) {
    if (left === 0) break;
    const amount = Math.min(left, Math.max(0, available_minor));
    if (amount > 0) legs.push({ source, amount_minor: amount });
    left -= amount;
  }
  if (left > 0) throw new RangeError(`the payments hold ${refundMinor - left} of a refund of ${refundMinor}`);
  return legs;
}

/** The figures of settling `heldMinor` with `refundMinor` back to the payer; refuses a refund outside 0..held. */
export function settlementFigures(heldMinor: number, refundMinor: number): SettlementFigures {
  if (!Number.isSafeInteger(heldMinor) || heldMinor < 0) throw new RangeError('what is held is a whole amount of minor units');
  if (!Number.isSafeInteger(refundMinor) || refundMinor < 0 || refundMinor > heldMinor)
    throw new RangeError('a refund is a whole amount between 0 and what is held');
  const released = heldMinor - refundMinor;
  const fee = platformFee(released);
  return {
    held_minor: heldMinor,
    refund_minor: refundMinor,
    released_minor: released,
    fee_minor: fee,
    payout_minor: released - fee,
  };
}

/** A proposed refund checked against what is held: a 400 with a text a person understands otherwise. */
export function checkProposedRefund(refundMinor: number, heldMinor: number, heldText: string): void {
  if (!Number.isSafeInteger(refundMinor) || refundMinor < 0) throw new ValidationError(disputeMessages.refundNotWhole);
  if (refundMinor > heldMinor) throw new ValidationError(disputeMessages.refundTooLarge(heldText));
}

/** The side `sub` takes in the contract's dispute; a 403 for anyone else. */
export function disputeSide(
  contract: { creator_id: string; payer_user_ids: readonly string[]; acceptor_id: string },
  sub: string,
): DisputeSide {
  if (contract.creator_id === sub) return 'creator';
  if (contract.acceptor_id === sub || contract.payer_user_ids.includes(sub)) return 'payer';
  throw new ForbiddenError(disputeMessages.notParty);
}

/**
 * Whether `side` may accept proposal `proposalId`: it must be the latest one (a counter-proposal
 * replaces it) and made by the other side. Returns the proposal, or throws the 409 that says why not.
 */
export function acceptableProposal(proposals: readonly SplitProposal[], side: DisputeSide, proposalId: string): SplitProposal {
  const latest = proposals.at(-1);
  if (!latest) throw new ConflictError(disputeMessages.noProposal);
  if (latest.id !== proposalId) throw new ConflictError(disputeMessages.staleProposal);
  if (latest.by === side) throw new ConflictError(disputeMessages.ownProposal);
  return latest;
}

/** The notification a person was last told of proposals with, and when its window began. */
export interface ProposalNotice {
  notification_id: string;
  /** When that window's notification (and its email) first went out. */
  first_at: string;
}

/**
 * How a person last told of proposals with `notice` is told of one made at `now` (ms): a new
 * notification with an email once {@link proposalNoticeMinutes} have passed since the window began
 * (or they were never told), else by replacing the window's notification, without an email.
 */
export function proposalNoticeKind(notice: ProposalNotice | undefined, now: number): 'new' | 'replace' {
  if (!notice) return 'new';
  return now - Date.parse(notice.first_at) >= proposalNoticeMinutes * 60_000 ? 'new' : 'replace';
}
