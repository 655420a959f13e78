import type { ContractView } from './contracts/escrow';
import { ConflictError, ForbiddenError } from './errors';

/**
 * Who may do what with a contract (spec §5-6), as plain functions: each returns nothing or throws
 * the spec's refusal. No AWS here; the handlers call these before any write.
 */
export const contractMessages = {
  notFound: 'Contract not found.',
  ownContract: 'You are not allowed to accept your own contract.',
  notAcceptor: 'You are not the named acceptor of this contract.',
  alreadyPaid: 'You have already paid for this contract.',
  notAcceptable: (status: string) => `This contract is currently "${status}" and cannot be accepted.`,
  notCreator: 'Access Denied: You are not the creator of this contract.',
  notPending: (status: string) => `This contract is currently "${status}" and can no longer be changed.`,
} as const;

type Contract = Pick<ContractView, 'creator_id' | 'acceptor_id' | 'payer_user_ids' | 'status' | 'accepted_by'>;

export function isParty(contract: Contract, sub: string): boolean {
  return contract.creator_id === sub || contract.acceptor_id === sub || contract.payer_user_ids.includes(sub);
}

/** Accept (and reject): only the named acceptor, never the creator, only a pending contract not yet paid for. */
export function assertMayRespond(contract: Contract, sub: string): void {
  if (contract.creator_id === sub) throw new ForbiddenError(contractMessages.ownContract);
  if (contract.acceptor_id !== sub) throw new ForbiddenError(contractMessages.notAcceptor);
  if (contract.payer_user_ids.includes(sub)) throw new ConflictError(contractMessages.alreadyPaid);
  if (contract.status !== 'pending') throw new ConflictError(contractMessages.notAcceptable(contract.status));
}

/** Edit and delete: the creator only, while pending. */
export function assertMayChange(contract: Contract, sub: string): void {
  if (contract.creator_id !== sub) throw new ForbiddenError(contractMessages.notCreator);
  if (contract.status !== 'pending') throw new ConflictError(contractMessages.notPending(contract.status));
}

/** Value of a template instance: base price x quantity, exact in minor units. */
export function instanceValue(basePriceMinor: number, quantity: number): number {
  const value = basePriceMinor * quantity;
  if (!Number.isSafeInteger(value)) throw new RangeError('amount too large');
  return value;
}
