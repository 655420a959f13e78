import type { ContractView } from '../api/contracts';
import type { Contract } from '../domain/escrow-contract';

/**
 * A contract as its parties see it. Named by email and not yet accepted, its acceptor is shown to
 * nobody but themselves (`viewer`): the seller must not learn whether that email has an account.
 */
export function toContractView(contract: Contract, viewer?: string): ContractView {
  const { version, ...view } = contract;
  return undisclosedTo(contract, viewer) ? { ...view, acceptor_id: '' } : view;
}

/** Whether the contract's acceptor is still hidden from `viewer` (named by email, not yet accepted). */
export function undisclosedTo(contract: Contract, viewer?: string): boolean {
  return Boolean(contract.invited_email) && !contract.accepted_at && contract.acceptor_id !== viewer;
}
