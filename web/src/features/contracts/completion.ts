import type { ContractView } from '@escrow/api/contracts';
import type { DisputeView } from '@escrow/api/disputes';
import { isSatisfied, transitionTarget } from '@escrow/domain/escrow-contract';

/**
 * Spec §4: a payer may mark a contract completed while it is in escrow or fully funded (the
 * transition table's `mark_satisfied`) and not already marked by them. The server checks again.
 */
export function mayMarkCompleted(
  contract: Pick<ContractView, 'status' | 'payer_user_ids' | 'marked_as_cc'>,
  userId: string,
): boolean {
  return (
    transitionTarget(contract.status, 'mark_satisfied') !== undefined &&
    contract.payer_user_ids.includes(userId) &&
    contract.marked_as_cc !== userId
  );
}

/**
 * How the buyer's acceptance came about, for the seller's page: marked completed by someone
 * (`marked_as_cc`), or the inspection window ended without the buyer acting (the workflow's
 * `inspection_ended`, which marks nobody); `not_yet` while it may still come. Null once the
 * contract went another way (a dispute, a cancellation), or while a completed contract's dispute
 * is still unknown (`dispute` undefined): it may have been settled rather than accepted.
 */
export type Acceptance = { kind: 'marked'; by: string } | { kind: 'lapsed'; at: string | null } | { kind: 'not_yet' };

export function buyerAcceptance(
  contract: Pick<ContractView, 'status' | 'marked_as_cc' | 'inspection_ends_at'>,
  dispute: DisputeView | null | undefined,
): Acceptance | null {
  if (contract.marked_as_cc) return { kind: 'marked', by: contract.marked_as_cc };
  if (isSatisfied(contract.status)) {
    if (dispute !== null && contract.status === 'completed') return null;
    return { kind: 'lapsed', at: contract.inspection_ends_at };
  }
  const stillToCome =
    contract.status === 'pending' ||
    transitionTarget(contract.status, 'credit_partial') !== undefined ||
    transitionTarget(contract.status, 'mark_satisfied') !== undefined;
  return stillToCome ? { kind: 'not_yet' } : null;
}

/**
 * Whether marking it completed now would accept it before delivery: the spec lets a payer do so
 * while it is in escrow, but the expected way is to wait for the delivery and check it first.
 */
export function wouldAcceptEarly(contract: Pick<ContractView, 'delivered_at'>): boolean {
  return contract.delivered_at === null;
}
