import { cancelUnfunded } from '../escrow-workflow';
import { followUpPayments } from './follow-up';

/**
 * CancelUnfunded: the funding window ended. Money the provider already holds for the contract is
 * credited first; only a contract that still holds nothing is cancelled (both parties told).
 * Returns whether it is cancelled.
 */
export async function endFundingWindow(contractId: string): Promise<boolean> {
  await followUpPayments(contractId);
  return cancelUnfunded(contractId);
}
