import { ConflictError, ForbiddenError } from './errors';
import type { ContractMilestone, MilestoneOf } from './milestones';
import type { Currency } from './money';
import { scaledMs } from './time-scale';

/**
 * The escrow contract between a creator (seller) and a payer (buyer): every status it can be in,
 * the one table of the moves between them, who may do what, and the spec's refusals. Services,
 * task handlers and the state machine all go through this module; nothing else decides a status.
 * Plain functions, no AWS.
 */

export const contractStatuses = [
  'pending',
  'active',
  'in_escrow',
  'fully_funded',
  'delivered',
  'payer_marked_satisfied',
  'releasing',
  'completed',
  'disputed',
  'settling',
  'refunding',
  'refunded',
  'partially_refunded',
  'cancelled',
] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** Who causes a move: a person in one of the contract's roles (`party`: creator or payer), ops, or the system. */
export type ContractActor = 'creator' | 'acceptor' | 'payer' | 'party' | 'ops' | 'payment' | 'workflow';

export interface ContractTransition {
  /** What happened. */
  readonly event: string;
  /** The statuses it may happen in; empty for the events that create a contract. */
  readonly from: readonly ContractStatus[];
  readonly to: ContractStatus;
  readonly by: ContractActor;
}

/**
 * THE transition table (ARCHITECTURE §5 and §5b). A move not listed here is refused. A payment
 * credit is two rows because its target depends on the running total ({@link creditEvent}), and
 * a settlement three, by how the held money is split ({@link settledEvent}).
 *
 * Money only leaves through `releasing` (all of it to the creator) or `settling` / `refunding`
 * (some or all of it back to the payer); a dispute can be opened on any funded contract until
 * the release is requested, and freezes the release until it is settled.
 */
export const contractTransitions = [
  { event: 'create', from: [], to: 'pending', by: 'creator' },
  { event: 'accept', from: ['pending'], to: 'active', by: 'acceptor' },
  { event: 'instantiate', from: [], to: 'active', by: 'payer' },
  { event: 'reject', from: ['pending'], to: 'cancelled', by: 'acceptor' },
  { event: 'funding_expired', from: ['pending', 'active'], to: 'cancelled', by: 'workflow' },
  { event: 'credit_partial', from: ['active', 'in_escrow'], to: 'in_escrow', by: 'payment' },
  { event: 'credit_full', from: ['active', 'in_escrow'], to: 'fully_funded', by: 'payment' },
  { event: 'mark_delivered', from: ['fully_funded'], to: 'delivered', by: 'creator' },
  // Before delivery this is the payer's early acceptance; after it, acceptance within the inspection window.
  { event: 'mark_satisfied', from: ['in_escrow', 'fully_funded', 'delivered'], to: 'payer_marked_satisfied', by: 'payer' },
  // Silence until the inspection window ends counts as satisfaction.
  { event: 'inspection_ended', from: ['delivered'], to: 'payer_marked_satisfied', by: 'workflow' },
  { event: 'request_release', from: ['payer_marked_satisfied'], to: 'releasing', by: 'creator' },
  { event: 'payout_succeeded', from: ['releasing'], to: 'completed', by: 'workflow' },
  {
    event: 'open_dispute',
    from: ['in_escrow', 'fully_funded', 'delivered', 'payer_marked_satisfied'],
    to: 'disputed',
    by: 'party',
  },
  // A split both parties agreed, the creator's full refund, or ops' decision after 7 days without agreement.
  { event: 'settle', from: ['disputed'], to: 'settling', by: 'party' },
  { event: 'settled_refunded', from: ['settling'], to: 'refunded', by: 'workflow' },
  { event: 'settled_partially_refunded', from: ['settling'], to: 'partially_refunded', by: 'workflow' },
  { event: 'settled_paid_out', from: ['settling'], to: 'completed', by: 'workflow' },
  // Before delivery: the creator cancels, or accepts the payer's request; a partly paid contract after its funding window, either party.
  { event: 'cancel', from: ['in_escrow', 'fully_funded'], to: 'refunding', by: 'party' },
  // Nothing delivered by the delivery deadline: everything goes back to the payer.
  { event: 'delivery_expired', from: ['in_escrow', 'fully_funded'], to: 'refunding', by: 'workflow' },
  { event: 'refunds_confirmed', from: ['refunding'], to: 'cancelled', by: 'workflow' },
  // A contract with milestones: every milestone ended (each paid out, settled or refunded through its own milestone contract).
  { event: 'milestones_ended', from: ['fully_funded'], to: 'completed', by: 'workflow' },
] as const satisfies readonly ContractTransition[];

export type ContractEvent = (typeof contractTransitions)[number]['event'];

/** The status an event leads to from `from` (null for a new contract), or undefined when the table has no such move. */
export function transitionTarget(from: ContractStatus | null, event: ContractEvent): ContractStatus | undefined {
  const row = contractTransitions.find((t) => t.event === event);
  if (!row) return undefined;
  const allowed: readonly ContractStatus[] = row.from;
  if (from === null ? allowed.length > 0 : !allowed.includes(from)) return undefined;
  return row.to;
}

/** Like {@link transitionTarget}, but a move the table does not allow is a 409 with `refusal`. */
export function nextStatus(from: ContractStatus | null, event: ContractEvent, refusal?: string): ContractStatus {
  const to = transitionTarget(from, event);
  if (!to) throw new ConflictError(refusal ?? contractMessages.notAllowedNow(from ?? 'new'));
  return to;
}

/** Which credit event a payment is, from the amount paid after it and the total owed. */
export function creditEvent(
  paidAfterMinor: number,
  totalMinor: number,
): Extract<ContractEvent, 'credit_partial' | 'credit_full'> {
  return paidAfterMinor >= totalMinor ? 'credit_full' : 'credit_partial';
}

/** Which settlement event ends a dispute, from how much of the held money goes back to the payer. */
export function settledEvent(
  refundMinor: number,
  heldMinor: number,
): Extract<ContractEvent, 'settled_refunded' | 'settled_partially_refunded' | 'settled_paid_out'> {
  if (refundMinor <= 0) return 'settled_paid_out';
  return refundMinor >= heldMinor ? 'settled_refunded' : 'settled_partially_refunded';
}

/** Whether the payer may pay into escrow now (a payment can be credited in this status). */
export function isPayable(status: ContractStatus): boolean {
  return transitionTarget(status, 'credit_partial') !== undefined;
}

/** Whether the payer has marked the contract completed (satisfied): that status or one after it. */
export function isSatisfied(status: ContractStatus): boolean {
  return status === 'payer_marked_satisfied' || status === 'releasing' || status === 'completed';
}

/** Whether the creator has asked for the release: that status or the one after it. */
export function isReleaseRequested(status: ContractStatus): boolean {
  return status === 'releasing' || status === 'completed';
}

/** The statuses of a dispute and its settlement: release is frozen, and the workflow follows the dispute branch. */
export const disputeBranchStatuses = [
  'disputed',
  'settling',
  'refunded',
  'partially_refunded',
] as const satisfies readonly ContractStatus[];

/** Whether the contract is in (or was settled through) a dispute. */
export function isInDispute(status: ContractStatus): boolean {
  return (disputeBranchStatuses as readonly ContractStatus[]).includes(status);
}

/** Whether an unfunded contract's funding window may cancel it: nothing paid, and the table allows it. */
export function mayExpireUnfunded(contract: Pick<Contract, 'status' | 'amount_paid_minor'>): boolean {
  return contract.amount_paid_minor === 0 && transitionTarget(contract.status, 'funding_expired') !== undefined;
}

/** Statuses with no way out. */
export function isFinal(status: ContractStatus): boolean {
  return !contractTransitions.some((t) => (t.from as readonly ContractStatus[]).includes(status));
}

/** Terms (title, description, value, currency) freeze at acceptance: they change, and the contract is deleted, only while pending. */
export function termsEditable(status: ContractStatus): boolean {
  return status === 'pending';
}

/** The contract as the service keeps it: its view plus the optimistic-lock version every change is conditional on. */
/** The two ways a whole contract is refunded: a cancellation, or a delivery deadline that passed. */
export type RefundEverythingEvent = 'cancel' | 'delivery_expired';

export interface Contract {
  id: string;
  creator_id: string;
  /**
   * The one person it was made for (the payer of a template instance); while an invitation by
   * email waits for its person to sign up, a placeholder (`invitationPlaceholder`) nobody is.
   */
  acceptor_id: string;
  /** The email the seller named the buyer by, when it was an email; null when named by User ID. */
  invited_email?: string | null;
  title: string;
  description: string;
  value_minor: number;
  currency: Currency;
  status: ContractStatus;
  amount_paid_minor: number;
  total_amount_minor: number;
  payer_user_ids: string[];
  /** Who marked it completed (satisfied), once someone has. */
  marked_as_cc: string | null;
  /** Days the payer has to inspect a delivery before silence counts as satisfaction (1-14). */
  inspection_days: number;
  /** When the creator marked it delivered, and what they said was sent; null before. */
  delivered_at: string | null;
  delivery_note: string | null;
  /** When the inspection window ends (delivered_at + inspection_days, scaled locally); null before delivery. */
  inspection_ends_at: string | null;
  /** Undelivered by then, it is refunded in full (first money in + 30 days, scaled locally); null before any money. */
  delivery_due_at: string | null;
  accepted_by: string[];
  rejected_by: string[];
  created_at: string;
  /** When it became active (accepted, or made from a template): its funding window starts then. */
  accepted_at: string | null;
  /** The payer who asked the creator to cancel it before delivery, while the request stands. */
  cancellation_requested_by: string | null;
  /** Why everything paid is going back (set when it goes to `refunding`): its closing email says which. */
  refunded_because?: RefundEverythingEvent | null;
  /** Split into milestones (issue 38): each runs as its own milestone contract, in order; absent or null otherwise. */
  milestones?: ContractMilestone[] | null;
  /** On a milestone contract: which contract and which of its milestones it is. */
  milestone_of?: MilestoneOf | null;
  version: number;
}

/** The spec's refusals about contracts (§8), the server's and the browser's alike. */
export const contractMessages = {
  notFound: 'Contract not found.',
  termsChanged: 'The seller changed this contract after you opened it. Please review the new terms before accepting.',
  ownContract: 'You are not allowed to accept your own contract.',
  ownContractReject: 'You are not allowed to reject your own contract.',
  notAcceptor: 'You are not the named acceptor of this contract.',
  alreadyPaid: 'You have already paid for this contract.',
  notAcceptable: (status: string) => `This contract is currently "${status}" and cannot be accepted.`,
  notRejectable: (status: string) => `This contract is currently "${status}" and cannot be rejected.`,
  notCreator: 'Access Denied: You are not the creator of this contract.',
  notPending: (status: string) => `This contract is currently "${status}" and can no longer be changed.`,
  notAllowedNow: (status: string) => `This contract is currently "${status}" and cannot be changed that way.`,
  forYourself: 'You cannot create a contract for yourself.',
  unknownAcceptor: 'No user has this Acceptor ID.',
  invitationSent: (email: string) => `Invitation sent to ${email}. We emailed them a link to this contract.`,
  /** `create-contract` answered that the buyer named by email was not emailed (api/contracts.ts `invitation_emailed`). */
  invitationNotEmailed: (email: string) =>
    `The invitation was not emailed to ${email}. Copy the link below and send it to them yourself.`,
  changedMeanwhile: 'This contract was just changed. Please reload it and try again.',
} as const;

type Parties = Pick<Contract, 'creator_id' | 'acceptor_id' | 'payer_user_ids'>;

/** Days from activation the payer has to fund the contract (the AwaitFunding state's window). */
export const fundingWindowDays = 7;

/** When the contract's funding window ends, under the time scale `factor`. */
export function fundingEndsAt(contract: Pick<Contract, 'accepted_at' | 'created_at'>, factor: number): string {
  const from = Date.parse(contract.accepted_at ?? contract.created_at);
  return new Date(from + scaledMs(fundingWindowDays * 24 * 60 * 60 * 1000, factor)).toISOString();
}

export const cancellationMessages = {
  notParty: 'Only the creator or the payer of this contract can cancel it.',
  notCancellable: (status: string) =>
    `This contract is currently "${status}": it can only be cancelled while money is in escrow and before it is delivered.`,
  cancelled: 'The contract is cancelled: everything paid into escrow is being refunded to the buyer.',
  requested: 'Your request to cancel was sent to the seller. If they agree, everything you paid is refunded.',
  alreadyRequested: 'You have already asked the seller to cancel this contract.',
} as const;

/**
 * What a party's cancellation of a funded contract before delivery does: the creator cancels at
 * once (the buyer loses nothing); so may the payer of a contract only partly paid once its funding
 * window ended (a way out of a deal that was never fully funded); otherwise the payer's request
 * waits for the creator to agree (the creator's cancel then accepts it). A 409 when not cancellable.
 */
export function cancellationBy(
  contract: Pick<Contract, 'status' | 'accepted_at' | 'created_at' | 'cancellation_requested_by'>,
  side: 'creator' | 'payer',
  now: number,
  factor: number,
): 'cancel' | 'request' {
  if (!transitionTarget(contract.status, 'cancel')) throw new ConflictError(cancellationMessages.notCancellable(contract.status));
  if (side === 'creator') return 'cancel';
  if (contract.status === 'in_escrow' && now >= Date.parse(fundingEndsAt(contract, factor))) return 'cancel';
  if (contract.cancellation_requested_by) throw new ConflictError(cancellationMessages.alreadyRequested);
  return 'request';
}

/**
 * The acceptor of a contract offered by email to someone without an account yet: no person's id
 * (Cognito's are UUIDs), so nobody is its acceptor until the invitation is taken up.
 */
export const invitationPlaceholder = (contractId: string) => `invited:${contractId}`;

export const isInvitation = (acceptorId: string) => acceptorId.startsWith('invited:');

/** The payer side of a contract: the named acceptor (once a person) and everyone who paid, each once. */
export function payersOf(contract: Pick<Contract, 'acceptor_id' | 'payer_user_ids'>): string[] {
  return [...new Set([contract.acceptor_id, ...contract.payer_user_ids])].filter((id) => !isInvitation(id));
}

export function isParty(contract: Parties, sub: string): boolean {
  return contract.creator_id === sub || contract.acceptor_id === sub || contract.payer_user_ids.includes(sub);
}

/** Accept and reject: only the named acceptor, never the creator, only a pending contract not yet paid for. */
export function assertMayRespond(
  contract: Parties & Pick<Contract, 'status'>,
  sub: string,
  response: 'accept' | 'reject' = 'accept',
): void {
  if (contract.creator_id === sub) {
    throw new ForbiddenError(response === 'accept' ? contractMessages.ownContract : contractMessages.ownContractReject);
  }
  if (contract.acceptor_id !== sub) throw new ForbiddenError(contractMessages.notAcceptor);
  if (contract.payer_user_ids.includes(sub)) throw new ConflictError(contractMessages.alreadyPaid);
  if (contract.status !== 'pending') {
    const refusal = response === 'accept' ? contractMessages.notAcceptable : contractMessages.notRejectable;
    throw new ConflictError(refusal(contract.status));
  }
}

/** Edit and delete: the creator only, while the terms are not frozen. */
export function assertMayChange(contract: Pick<Contract, 'creator_id' | 'status'>, sub: string): void {
  if (contract.creator_id !== sub) throw new ForbiddenError(contractMessages.notCreator);
  if (!termsEditable(contract.status)) throw new ConflictError(contractMessages.notPending(contract.status));
}

/**
 * Spec §5 "Accept contract", the part the browser can check before asking: not by someone who
 * already paid, only a pending contract. Returns the refusal, or null. The server checks again.
 */
export function acceptRefusal(contract: Pick<Contract, 'status' | 'payer_user_ids'>, sub: string): string | null {
  if (contract.payer_user_ids.includes(sub)) return contractMessages.alreadyPaid;
  if (contract.status !== 'pending') return contractMessages.notAcceptable(contract.status);
  return null;
}
