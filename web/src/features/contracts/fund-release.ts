import { type ContractStatus, isReleaseRequested, transitionTarget } from '@escrow/domain/escrow-contract';

/**
 * Which way to a contract's payout page (`/contract-analytics/{id}`) the seller's list offers:
 * Fund Release only while a release can be asked for (the buyer satisfied: spec §5 "Release funds",
 * the table's `request_release`); once it was asked for, the payout's progress; before (unpaid,
 * still under way) and after any other ending (cancelled, refunded), none: nothing is to be released.
 */
export function payoutEntry(status: ContractStatus): 'release' | 'payout' | null {
  if (transitionTarget(status, 'request_release') !== undefined) return 'release';
  return isReleaseRequested(status) ? 'payout' : null;
}
