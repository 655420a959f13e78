import { cancelUnfunded } from '../escrow-workflow';
import { reconcilePayments } from './reconcile';

/**
 * CancelUnfunded: the funding window ended. Money the provider already holds for the contract is
 * credited first; only a contract that still holds nothing is cancelled (both parties told).
 * Returns whether it is cancelled.
 */
export async function endFundingWindow(contractId: string): Promise<boolean> {
  await reconcilePayments(contractId);
  return cancelUnfunded(contractId);
}
