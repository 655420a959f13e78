import { platformFee } from './money';

/**
 * The payout of a contract's escrow to its creator (ARCHITECTURE §5): what is released, the
 * platform's fee on it, what reaches the bank. Plain functions, no AWS.
 */

/** Where a contract's payout stands; `failed` waits for ops to resume it. */
export const payoutStatuses = ['not_requested', 'preparing', 'transferring', 'failed', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export interface PayoutFigures {
  /** Everything paid into the escrow (an overpayment included: nothing is left behind). */
  released_minor: number;
  /** 2% of what is released, by the one {@link platformFee}. */
  fee_minor: number;
  /** What the creator's bank receives: released - fee. */
  payout_minor: number;
}

/** The figures of releasing `releasedMinor`; fee + payout always equals it. */
export function payoutFigures(releasedMinor: number): PayoutFigures {
  const fee = platformFee(releasedMinor);
  return { released_minor: releasedMinor, fee_minor: fee, payout_minor: releasedMinor - fee };
}

/**
 * The transfer reference of a contract's payout to its `destination`-th bank account: every attempt
 * to one account carries it; a payout redirected to corrected bank details gets a new one
 * (`payout-<id>-to-2`, ...), so no attempt to the old account is ever mistaken for the new.
 */
export function payoutReference(contractId: string, destination = 1): string {
  return destination === 1 ? `payout-${contractId}` : `payout-${contractId}-to-${destination}`;
}

/** The contract a payout's transfer reference (or a retry's, `<reference>_PMCK_...`) belongs to, or null for another reference. */
export function payoutContractId(transferReference: string): string | null {
  const match = /^payout-(.+?)(?:-to-\d+)?(?:_PMCK_.*)?$/.exec(transferReference);
  return match?.[1] ?? null;
}

/** How many times a failed transfer is tried again by the workflow before it waits for ops. */
export const payoutRetryLimit = 2;
