import type { Currency } from '../../domain/money';
import * as z from '../../domain/zod';
import { minorFromProvider, providerAmount, providerExpiryToIso } from './amounts';
import { call, providerAmountSchema, unexpectedResponse } from './client';

/** Money in: the charges a payer pays (bank transfer to a one-off account, OPay) and their webhook. */

/**
 * The `charge.completed` webhook body. Only a hint that something happened: credit only what
 * verifyTransaction confirms. Unknown fields are dropped; the descriptive ones are optional so a
 * genuine event is not lost over a field the provider left out.
 */
export const chargeWebhookSchema = z.object({
  event: z.literal('charge.completed'),
  data: z.object({
    id: z.int().check(z.positive()),
    tx_ref: z.string().check(z.minLength(1)),
    flw_ref: z.optional(z.string()),
    amount: providerAmountSchema,
    charged_amount: z.optional(providerAmountSchema),
    app_fee: z.nullish(providerAmountSchema),
    currency: z.string(),
    status: z.string(),
    payment_type: z.optional(z.string()),
    customer: z.nullish(z.object({ email: z.nullish(z.string()), name: z.nullish(z.string()) })),
    created_at: z.optional(z.string()),
  }),
});

/** A parsed `charge.completed` webhook. */
export type ChargeWebhook = z.infer<typeof chargeWebhookSchema>;

// ---------------------------------------------------------------------------------------------
// Bank transfer

const bankTransferChargeSchema = z.object({
  status: z.literal('success'),
  meta: z.object({
    authorization: z.object({
      transfer_reference: z.string(),
      transfer_account: z.string().check(z.regex(/^\d{10}$/)),
      transfer_bank: z.string(),
      account_expiration: z.union([z.number(), z.string()]),
      transfer_amount: providerAmountSchema,
    }),
  }),
});

/** What the payer is told to send, for a bank-transfer charge. */
export interface BankTransferAccount {
  /** The 10-digit account made for this charge only. */
  accountNumber: string;
  bankName: string;
  /** What to send, in minor units: the charge amount (plus fees if the account passes them to the customer). */
  amountMinor: number;
  /** ISO instant after which the account takes no more transfers. */
  expiresAt: string;
  /** The provider's reference for the charge. */
  reference: string;
}

/**
 * Makes a one-off account for `amountMinor` in `currency` (`POST /charges?type=bank_transfer`).
 * The money arrives later as a `charge.completed` webhook for `txRef`. The provider takes NGN only
 * (and refuses another currency).
 */
export async function createBankTransferCharge(input: {
  txRef: string;
  amountMinor: number;
  currency: Currency;
  email: string;
  fullName: string;
  phoneNumber?: string;
}): Promise<BankTransferAccount> {
  const route = 'POST /charges?type=bank_transfer';
  const answer = await call('POST', '/charges?type=bank_transfer', route, bankTransferChargeSchema, {
    tx_ref: input.txRef,
    amount: providerAmount(input.amountMinor),
    currency: input.currency,
    email: input.email,
    fullname: input.fullName,
    ...(input.phoneNumber ? { phone_number: input.phoneNumber } : {}),
  });
  const account = answer.meta.authorization;
  return {
    accountNumber: account.transfer_account,
    bankName: account.transfer_bank,
    amountMinor: minorFromProvider(account.transfer_amount),
    expiresAt: providerExpiryToIso(account.account_expiration),
    reference: account.transfer_reference,
  };
}
// ---------------------------------------------------------------------------------------------
// OPay

const redirectAuthorizationSchema = z.object({
  authorization: z.object({ mode: z.optional(z.string()), redirect: z.url({ protocol: /^https?$/ }) }),
});

// v3 documents OPay's redirect under data.meta.authorization; some charge types put meta beside data.
const opayChargeSchema = z.object({
  status: z.literal('success'),
  data: z.nullish(z.object({ meta: z.nullish(redirectAuthorizationSchema) })),
  meta: z.nullish(redirectAuthorizationSchema),
});

/**
 * Starts an OPay wallet payment (`POST /charges?type=opay`) and answers the link the payer's
 * browser goes to; afterwards the provider sends them to `redirectUrl`. The provider takes NGN
 * only; the charge names the payment's own currency all the same, so an amount is never sent as
 * naira that was meant in another (the provider refuses it instead).
 */
export async function createOpayCharge(input: {
  txRef: string;
  amountMinor: number;
  currency: Currency;
  email: string;
  fullName: string;
  phoneNumber?: string;
  redirectUrl: string;
}): Promise<{ paymentLink: string }> {
  const route = 'POST /charges?type=opay';
  const answer = await call('POST', '/charges?type=opay', route, opayChargeSchema, {
    tx_ref: input.txRef,
    amount: providerAmount(input.amountMinor),
    currency: input.currency,
    email: input.email,
    fullname: input.fullName,
    ...(input.phoneNumber ? { phone_number: input.phoneNumber } : {}),
    redirect_url: input.redirectUrl,
  });
  const paymentLink = answer.data?.meta?.authorization.redirect ?? answer.meta?.authorization.redirect;
  if (!paymentLink) throw unexpectedResponse(route, 'no meta.authorization.redirect');
  return { paymentLink };
}
