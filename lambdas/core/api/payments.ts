import { type Currency, currencies, currencyCodes } from '../domain/money';
import { type PaymentMethod, paymentMethodCurrencies } from '../domain/payment';
import * as z from '../domain/zod';

/** A way to pay as the checkout's tab names it. */
export const paymentMethodLabels: Record<PaymentMethod, string> = { bank_transfer: 'Bank transfer', card: 'Card', opay: 'OPay' };

/** "NGN (₦)", or "NGN (₦) or USD ($)": the currencies a way to pay takes, as a person reads them. */
const currenciesOf = (method: PaymentMethod) =>
  paymentMethodCurrencies[method].map((code) => `${code} (${currencies[code].symbol})`).join(' or ');

/**
 * The payments API (spec §7): money into escrow by bank transfer, card or OPay. Amounts are what
 * the server stored as due, in minor units; the browser never says how much.
 */

export const paymentMessages = {
  accountDetailsFailed: 'Could not generate account details.',
  opayFailed: 'Could not initiate OPay payment.',
  opayLinkMissing: 'OPay payment link was not provided.',
  serviceNotReady: 'Payment service is not ready. Please try again.',
  verificationUnavailable: 'Verification service is temporarily unavailable.',
  referenceMissing: 'Transaction reference or Contract ID is missing.',
  notPayer: 'Only the buyer of this contract can pay into its escrow.',
  notPayable: (status: string) => `This contract is currently "${status}" and cannot be paid into.`,
  nothingDue: 'This contract is already fully funded.',
  /** The refusal of a way to pay that does not take the contract's currency (409), naming what does. */
  methodNotForCurrency: (method: Exclude<PaymentMethod, 'card'>, currency: Currency) =>
    `${paymentMethodLabels[method]} is only available for contracts in ${currenciesOf(method)}. Pay this ${currency} contract by card.`,
  /** The checkout's one sentence of why a contract in another currency is offered the card only. */
  cardOnly: (currency: Currency) =>
    `Bank transfer and OPay are only available for contracts in ${currenciesOf('bank_transfer')}, so this ${currency} contract is paid by card.`,
} as const;

export const payContractRequestSchema = z.object({
  contractId: z.string().check(z.trim(), z.minLength(1, paymentMessages.referenceMissing), z.maxLength(64)),
});

/** `generate-transfer-account`: the account to send the amount due to (spec §3 "Transfer account details"). */
export const transferAccountResponseSchema = z.object({
  txRef: z.string(),
  amount_minor: z.int(),
  currency: z.enum(currencyCodes),
  title: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  expires_at: z.string(),
});
export type TransferAccountResponse = z.infer<typeof transferAccountResponseSchema>;

/** `initiate-opay-payment`: the browser navigates to the link. */
export const opayPaymentResponseSchema = z.object({ txRef: z.string(), paymentLink: z.url() });

/**
 * `start-card-payment`: the reference and amount the server recorded as due before the hosted card
 * widget opens (spec §7 Other: prefix, contract id, first 8 characters of the user id, timestamp).
 */
export const cardPaymentResponseSchema = z.object({
  txRef: z.string(),
  amount_minor: z.int(),
  currency: z.enum(currencyCodes),
  customer: z.object({ email: z.string(), name: z.string() }),
});
export type CardPaymentResponse = z.infer<typeof cardPaymentResponseSchema>;

export const paymentStatusRequestSchema = z.object({
  txRef: z.string().check(z.trim(), z.minLength(1, paymentMessages.referenceMissing), z.maxLength(128)),
});

/** What a payment is now: 'successful' once it is credited into escrow (spec: 'successful' counts as success). */
/** `refunding`: the contract took none of it (it no longer takes payments): all of it goes back to the payer. */
export const paymentStatuses = ['pending', 'successful', 'failed', 'cancelled', 'refunding'] as const;
export const paymentStatusResponseSchema = z.object({
  status: z.enum(paymentStatuses),
  contractId: z.string(),
  /** What was credited, once it was (may be less than due: a part payment). */
  amount_minor: z.optional(z.int()),
  /** What of the payment goes back to the payer: beyond what was due, or all of it. */
  refunding_minor: z.optional(z.int()),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** `flutterwave-webhook`: the delivery was taken (the provider retries anything else). */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });
