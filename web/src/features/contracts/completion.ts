import type { ContractView } from '@escrow/api/contracts';
import { transitionTarget } from '@escrow/domain/escrow-contract';

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
 * Whether marking it completed now would accept it before delivery: the spec lets a payer do so
 * while it is in escrow, but the expected way is to wait for the delivery and check it first.
 */
export function wouldAcceptEarly(contract: Pick<ContractView, 'delivered_at'>): boolean {
  return contract.delivered_at === null;
}
