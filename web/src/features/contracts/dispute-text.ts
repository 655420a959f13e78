import type { DisputeView } from '@escrow/api/disputes';
import type { DisputeSide } from '@escrow/domain/dispute';
import { type Currency, formatAmount, platformFeeBasisPoints } from '@escrow/domain/money';

/** The words a dispute is told in, for either side: who is who, and what a split gives each. */

/** "2%": the platform's fee on what the seller receives. */
export const feePercent = `${platformFeeBasisPoints / 100}%`;

/** The other side of a contract. */
export function otherSide(side: DisputeSide): DisputeSide {
  return side === 'creator' ? 'payer' : 'creator';
}

/** "the seller" for the creator, "the buyer" for the payer. */
export function sideName(side: DisputeSide): string {
  return side === 'creator' ? 'the seller' : 'the buyer';
}

/** "You" when `side` is the reader's own, else "The seller" / "The buyer". */
export function whoIs(side: DisputeSide, yourSide: DisputeSide): string {
  if (side === yourSide) return 'You';
  return side === 'creator' ? 'The seller' : 'The buyer';
}

type Split = Pick<DisputeView['proposals'][number], 'refund_minor' | 'released_minor' | 'payout_minor'>;

/** "₦20,000.00 back to the buyer · ₦30,000.00 to the seller (₦29,400.00 after the 2% fee)". */
export function splitSummary(split: Split, currency: Currency): string {
  const amount = (minor: number) => formatAmount(minor, currency);
  const back = split.refund_minor > 0 ? `${amount(split.refund_minor)} back to the buyer` : 'Nothing back to the buyer';
  const released =
    split.released_minor > 0
      ? `${amount(split.released_minor)} to the seller (${amount(split.payout_minor)} after the ${feePercent} fee)`
      : 'nothing to the seller';
  return `${back} · ${released}`;
}

/** How a settled dispute was decided, as a sentence start: "Settled by agreement". */
export function settledHow(source: NonNullable<DisputeView['settlement']>['source']): string {
  return {
    agreement: 'Settled by agreement',
    full_refund: 'Settled with a full refund by the seller',
    ops: 'Decided by our team',
  }[source];
}
