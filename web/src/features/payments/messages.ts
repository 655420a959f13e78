import { paymentMessages } from '@escrow/api/payments';
import { sharedMessages } from '../../lib/messages';

/**
 * The payment pages' texts (spec §8 "Payment"): the ones the server says too come from the shared
 * `paymentMessages`; the rest are the pages' own.
 */
export const paymentPageMessages = {
  ...paymentMessages,
  delayedTitle: 'Confirmation is Taking Longer Than Usual',
  failed: 'Your payment was not completed. The contract has not been funded.',
  // Not in the spec: a payment the contract could not take (it no longer takes payments) goes back.
  refunding:
    'This contract could not take your payment (it no longer takes payments, or it was paid in another currency), so all of it is being refunded to you.',
  // The spec's text on the contract pages, for the same failure here.
  loadContractFailed: sharedMessages.loadContractFailed,
  // Not in the spec: plain texts for outcomes it leaves unnamed.
  cardStartFailed: 'Could not start card payment.',
} as const;

/** The spec's payment timings (§9). */
export const paymentPolling = {
  /** Bank-transfer status and payment verification are both checked this often... */
  intervalMs: 5_000,
  /** ...and verification gives up after this many checks (about 2 minutes), showing the delayed state. */
  maxVerificationAttempts: 24,
  /** How long the card widget's script may take to load before the page says the service is not ready. */
  checkoutScriptTimeoutMs: 15_000,
} as const;
