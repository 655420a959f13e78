import { payoutMessages } from '@escrow/api/payouts';
import { conversionMessages, rateTolerancePercent } from '@escrow/domain/conversion';
import type { PayoutStatus } from '@escrow/domain/payout';
import { sharedMessages } from '../../lib/messages';

/** The analytics page's texts: the ones the server says too are the shared `payoutMessages` (spec §8). */
export const payoutPageMessages = {
  ...payoutMessages,
  ...conversionMessages,
  loadFailed: sharedMessages.loadContractFailed,
  // Not in the spec: plain texts for outcomes it leaves unnamed.
  releaseFailed: 'Could not release the funds. Please try again.',
  chooseDestination: 'Where should the payout go?',
  // The server honours the shown rate down to the tolerance, and refuses the release beyond it (services/payouts/release.ts).
  confirmRateFailed: 'Could not confirm the new rate. Please try again.',
  waitingForRate: 'Waiting for you to confirm the new exchange rate',
  // The payout waits for the seller: the rate fell beyond the tolerance before its transfer was made (services/payouts/transfer.ts).
  rateMovedBeforeTransfer: (shown: string, now: string) =>
    `The exchange rate moved from ${shown} to ${now} before your payout was sent, more than the ${rateTolerancePercent} we honour. Check the new amount and confirm it with your PIN.`,
  rateNotice: `This is the provider's exchange rate now; the naira paid follows its rate when the payout is sent. If the rate falls by more than ${rateTolerancePercent} before you release, you are shown the new figures to confirm.`,
} as const;

/** Readable names of the payout statuses; the spec names none. */
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  not_requested: 'Not requested',
  preparing: 'Preparing',
  transferring: 'Transferring',
  failed: 'Failed',
  paid: 'Paid',
};

/** While the release is under way the page asks again this often (spec §9: status polls every 5 seconds). */
export const releasePollMs = 5_000;
