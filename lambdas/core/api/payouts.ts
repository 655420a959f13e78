import { payoutDestinations } from '../domain/conversion';
import { currencyCodes } from '../domain/money';
import { payoutStatuses } from '../domain/payout';
import * as z from '../domain/zod';
import { pinSchema } from './account';
import { idSchema } from './common';
import { contractViewSchema, enterContractId } from './contracts';

/**
 * Money out (spec §4, §7): once the payer is satisfied (api/satisfaction.ts), the creator asks for
 * the release with the payment PIN, the workflow pays the creator's bank. Amounts come from the
 * stored contract, never from a body.
 */

export const payoutMessages = {
  notSatisfied: (status: string) => `Funds can only be released when the payer is satisfied. Current status: ${status}.`,
  onlyCreatorReleases: 'Only the creator of this contract can release its funds.',
  analyticsCreatorOnly: 'Access Denied: Only the contract creator can view these analytics.',
  noBankDetails: 'Add your bank details before releasing funds.',
  releaseRequested: 'Release requested. Your payout is on its way to your bank account.',
  releaseRequestedToDollars: 'Release requested. Your payout is on its way to your dollar account.',
  releaseAlreadyRequested: 'The release of this contract was already requested.',
  rateConfirmed: 'New exchange rate confirmed. Your payout is on its way to your bank account.',
  notWaitingForRate: 'This payout is not waiting for you to confirm a new exchange rate.',
} as const;

/**
 * `release-funds`. The spec's body also carries payerId, releaseAmount and creatorId; they are
 * accepted and ignored: who releases is the signed-in caller, how much is the stored contract.
 */
export const releaseFundsRequestSchema = z.object({
  contractId: idSchema(enterContractId),
  pin: pinSchema,
  /** A contract in another currency: the naira per unit the seller was shown and confirms (payoutQuote). */
  rate: z.optional(z.number().check(z.positive(), z.maximum(1_000_000))),
  /**
   * Where the payout goes: the naira account (the default; converted for a contract in another
   * currency), or `own_currency`, the seller's account in the contract's currency (a dollar contract
   * to the dollar account, no rate).
   */
  payTo: z.optional(z.enum(payoutDestinations, { message: 'Choose where the payout goes: naira or own_currency.' })),
  payerId: z.optional(z.unknown()),
  releaseAmount: z.optional(z.unknown()),
  creatorId: z.optional(z.unknown()),
});
export type ReleaseFundsRequest = z.input<typeof releaseFundsRequestSchema>;

export const releaseFundsResponseSchema = z.object({ message: z.string(), contract: contractViewSchema });

/**
 * `confirm-payout-rate`: the seller confirms the new figures of a converted payout whose rate fell
 * beyond the tolerance before its transfer was made, with the PIN and the rate now shown.
 */
export const confirmPayoutRateRequestSchema = z.object({
  contractId: idSchema(enterContractId),
  pin: pinSchema,
  rate: z.number().check(z.positive(), z.maximum(1_000_000)),
});
export type ConfirmPayoutRateRequest = z.input<typeof confirmPayoutRateRequestSchema>;

export const confirmPayoutRateResponseSchema = z.object({ message: z.string() });

/** The payout of a contract as its creator sees it. */
export const payoutViewSchema = z.object({
  status: z.enum(payoutStatuses),
  released_minor: z.int(),
  fee_minor: z.int(),
  payout_minor: z.int(),
  /** The one transfer reference, once the payout is prepared. */
  reference: z.nullable(z.string()),
  /** What the provider last said about the transfer (e.g. why it failed). */
  provider_message: z.nullable(z.string()),
  /** Where it goes (or went): the bank details the release used, or those on file before it. */
  bank_code: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  account_name: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
  /**
   * A contract in another currency paid to a naira account: the rate (naira per unit) and the naira
   * the bank receives; before the release, the provider's rate now (null when it cannot be read).
   */
  conversion: z.optional(z.nullable(z.object({ currency: z.literal('NGN'), rate: z.number(), amount_minor: z.int() }))),
  /** The currency the bank receives (or received): NGN, or the contract's own for a payout to the seller's dollar account. */
  destination_currency: z.optional(z.enum(currencyCodes)),
  /**
   * Before the release of a dollar contract: the seller's dollar account, when one is on file, the
   * other place the payout may go (the bank details above are the naira account's).
   */
  own_currency_account: z.optional(
    z.nullable(z.object({ bank_code: z.string(), account_number: z.string(), account_name: z.string() })),
  ),
  /**
   * `rate`: the rate fell beyond the tolerance before the transfer was made; it waits for the
   * seller to confirm `conversion`, then the provider's rate now (null when it cannot be read).
   */
  waiting_for: z.optional(z.literal('rate')),
  /** The rate the seller confirmed at the release, while it waits for a new one. */
  confirmed_rate: z.optional(z.number()),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** `GET /contracts/{id}/analytics`: creator only. */
export const contractAnalyticsResponseSchema = z.object({ contract: contractViewSchema, payout: payoutViewSchema });
export type ContractAnalytics = z.infer<typeof contractAnalyticsResponseSchema>;
