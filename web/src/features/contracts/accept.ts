import type { ContractForAcceptor } from '../../../../lambdas/core/contracts/escrow';
import { contractMessages } from './messages';

/**
 * Spec §5 "Accept contract", the part the browser can see: only a pending contract, and not by
 * someone who already paid. The server checks again (and that the caller is not the creator).
 */
export function acceptRefusal(contract: Pick<ContractForAcceptor, 'status' | 'payer_user_ids'>, userId: string): string | null {
  if (contract.payer_user_ids.includes(userId)) return contractMessages.alreadyPaid;
  if (contract.status !== 'pending') return contractMessages.notAcceptable(contract.status);
  return null;
}
