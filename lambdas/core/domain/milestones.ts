import { deliveryDueAt } from './delivery';
import { ConflictError } from './errors';
import type { Contract, ContractStatus } from './escrow-contract';

/**
 * Milestones (issue 38): a contract split into 2 to 10 parts, each delivered, inspected, accepted
 * or disputed and released on its own. The buyer funds the whole contract (the sum of the
 * milestones) once, up front. The contract's execution then runs its milestones in order: each is
 * a contract of its own (a "milestone contract", `milestone_of` set) holding that milestone's amount,
 * made when the one before it ended, and run by the unchanged escrow workflow, so its delivery,
 * inspection (lapsing into acceptance, the last one too), dispute, refunds and payout (its amount
 * minus 2% of it) are a plain contract's. Money never moves between ledgers: every posting of a
 * milestone is written to its contract's ledger with the milestone's number.
 * Plain functions, no AWS.
 */

export const milestoneLimits = { min: 2, max: 10, titleMaxLength: 200 } as const;

/** One milestone as its seller wrote it. */
export interface MilestoneTerms {
  title: string;
  amount_minor: number;
  /** The day it should be delivered by (`YYYY-MM-DD`), shown to both; null when none was given. */
  due_date: string | null;
}

/** A milestone of a contract: its terms, its number (1..n) and the id its milestone contract has (made when it starts). */
export interface ContractMilestone extends MilestoneTerms {
  number: number;
  contract_id: string;
}

/** On a milestone contract: the contract it is part of, and which of its milestones it is. */
export interface MilestoneOf {
  contract_id: string;
  number: number;
  count: number;
  /** The whole contract's title. */
  title: string;
}

export const milestoneMessages = {
  count: `A contract can have from ${milestoneLimits.min} to ${milestoneLimits.max} milestones.`,
  title: `Please give each milestone a title of at most ${milestoneLimits.titleMaxLength} characters.`,
  amount: 'Each milestone must have an amount greater than zero.',
  dueDate: 'A milestone’s due date must be a date (YYYY-MM-DD) that is not in the past.',
  valueIsSum: 'The contract’s value must be the sum of its milestones.',
  deliverAMilestone: 'This contract has milestones: each milestone is delivered, accepted or disputed on its own page.',
  cancelTheContract: 'This is one milestone of a contract: to cancel, cancel the whole contract from its page.',
  notCancellable:
    'This contract can only be cancelled while its current milestone is not yet delivered or disputed: what no milestone released is then refunded.',
} as const;

/** The contract's value: the sum of its milestones. */
export function milestonesValue(terms: readonly Pick<MilestoneTerms, 'amount_minor'>[]): number {
  return terms.reduce((sum, m) => sum + m.amount_minor, 0);
}

/** The milestones of a new contract: numbered in order, each with the id its milestone contract will have. */
export function numberMilestones(terms: readonly MilestoneTerms[], newId: () => string): ContractMilestone[] {
  return terms.map((m, index) => ({ ...m, number: index + 1, contract_id: newId() }));
}

/** Delivery, acceptance, disputes and the release are each milestone's (on its own page), never the whole contract's: a 409. */
export function assertNotSplit(contract: Pick<Contract, 'milestones'>): void {
  if (hasMilestones(contract)) throw new ConflictError(milestoneMessages.deliverAMilestone);
}

/** Whether a contract is split into milestones (it is then run through them, never delivered whole). */
export function hasMilestones(
  contract: Pick<Contract, 'milestones'>,
): contract is Contract & { milestones: ContractMilestone[] } {
  return Array.isArray(contract.milestones) && contract.milestones.length > 0;
}

/**
 * The milestone contract of `milestone`, as it starts: funded with the milestone's amount (the
 * money stays in the whole contract's escrow and ledger; `milestone_of` says whose), the same
 * parties and inspection window, its delivery deadline counted from now.
 */
export function milestoneContract(parent: Contract, milestone: ContractMilestone, now: string, factor: number): Contract {
  const count = parent.milestones?.length ?? 0;
  return {
    id: milestone.contract_id,
    creator_id: parent.creator_id,
    acceptor_id: parent.acceptor_id,
    invited_email: null,
    // The whole contract's title first: every email and notification of the milestone says what deal it is part of.
    title: `${parent.title}: ${milestone.title}`,
    description: parent.description,
    value_minor: milestone.amount_minor,
    currency: parent.currency,
    status: 'fully_funded',
    amount_paid_minor: milestone.amount_minor,
    total_amount_minor: milestone.amount_minor,
    payer_user_ids: parent.payer_user_ids,
    marked_as_cc: null,
    inspection_days: parent.inspection_days,
    delivered_at: null,
    delivery_note: null,
    inspection_ends_at: null,
    delivery_due_at: deliveryDueAt(now, factor),
    accepted_by: parent.accepted_by,
    rejected_by: [],
    created_at: now,
    accepted_at: now,
    cancellation_requested_by: null,
    milestones: null,
    milestone_of: { contract_id: parent.id, number: milestone.number, count, title: parent.title },
    version: 1,
  };
}

/** Where each milestone stands: its milestone contract's status, or `not_started` before it was made. */
export type MilestoneState = ContractStatus | 'not_started';

/**
 * What the whole contract's execution does next, from its milestone contracts (by number; a
 * missing one has not started): start the first milestone not started once every one before it
 * ended; wait while one runs; end when all ended.
 */
export function nextMilestoneStep(
  milestones: readonly ContractMilestone[],
  states: ReadonlyMap<number, MilestoneState>,
  isFinal: (status: ContractStatus) => boolean,
): { kind: 'start'; milestone: ContractMilestone } | { kind: 'wait'; milestone: ContractMilestone } | { kind: 'ended' } {
  for (const milestone of milestones) {
    const state = states.get(milestone.number) ?? 'not_started';
    if (state === 'not_started') return { kind: 'start', milestone };
    if (!isFinal(state)) return { kind: 'wait', milestone };
  }
  return { kind: 'ended' };
}

/**
 * What of the whole contract's escrow no milestone took: everything paid less the amount of each
 * milestone that started (a milestone contract settles its own money: paid out, refunded, split).
 */
export function heldOutsideMilestones(
  paidMinor: number,
  milestones: readonly ContractMilestone[],
  states: ReadonlyMap<number, MilestoneState>,
): number {
  const taken = milestones
    .filter((m) => (states.get(m.number) ?? 'not_started') !== 'not_started')
    .reduce((sum, m) => sum + m.amount_minor, 0);
  return Math.max(0, paidMinor - taken);
}
