import { accountNumberLength } from '../domain/banks';
import { nairaCurrency, ownCurrencyAccountCurrencies } from '../domain/conversion';
import { throttles } from '../domain/throttle-rules';
import * as z from '../domain/zod';

/**
 * The account API of a seller who wants to be paid: the payment PIN, the bank details, and the two
 * reads of the payment provider the bank page needs (spec §2 Bank info, §7 flutterwave-proxy).
 */

/** The spec's bank texts (§8), shown by the bank page; the server uses the same words. */
export const bankMessages = {
  banksUnavailable: 'Could not load bank list at this time.',
  selectBankAndAccount: 'Please select a bank and enter a valid 10-digit account number.',
  verifyFailed: 'Could not verify account. Please check details and try again.',
  verified: 'Account verified successfully!',
  verifyFirst: 'Please verify your account details first.',
  signInToSave: 'You must be logged in to save bank details.',
  saveFailed: 'Failed to save bank info. Please try again later.',
  saved: 'Bank details saved successfully!',
} as const;

/** Texts of the payment PIN, which guards releases and bank changes (the spec names the PIN, not these words). */
export const pinMessages = {
  format: 'Your payment PIN must be exactly 4 digits.',
  mismatch: 'The two PINs do not match.',
  wrong: 'Incorrect payment PIN.',
  notSet: 'Set your payment PIN first (My Account > Set Payment PIN).',
  throttled: throttles.pinEntry.message,
  codeSent: 'Correct answer. A 6-digit code has been sent to your email.',
  codeInvalid: 'Invalid or expired code.',
  saved: 'Your payment PIN has been set.',
} as const;

export const pinSchema = z.string({ message: pinMessages.format }).check(z.regex(/^\d{4}$/, pinMessages.format));
export const accountNumberSchema = z
  .string({ message: bankMessages.selectBankAndAccount })
  .check(z.regex(new RegExp(`^\\d{${accountNumberLength}}$`), bankMessages.selectBankAndAccount));
export const bankCodeSchema = z
  .string({ message: bankMessages.selectBankAndAccount })
  .check(z.trim(), z.regex(/^[0-9A-Za-z]{2,10}$/, bankMessages.selectBankAndAccount));

/**
 * `flutterwave-proxy` (spec §7): only the two reads the bank page makes; anything else is a 400,
 * so the route is never an open proxy holding our secret key.
 */
export const providerProxyRequestSchema = z.discriminatedUnion(
  'path',
  [
    z.object({ path: z.literal('/banks/NG'), method: z._default(z.literal('GET'), 'GET') }),
    z.object({
      path: z.literal('/accounts/resolve'),
      method: z._default(z.literal('POST'), 'POST'),
      flutterwavePayload: z.object({ account_number: accountNumberSchema, account_bank: bankCodeSchema }),
    }),
  ],
  { message: 'Only the bank list and account-name lookups are available.' },
);
export type ProviderProxyRequest = z.input<typeof providerProxyRequestSchema>;

export const bankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const banksResponseSchema = z.object({ status: z.literal('success'), message: z.string(), data: z.array(bankSchema) });
export const resolveAccountResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ account_number: z.string(), account_name: z.string() }),
});
/** `flutterwave-proxy`'s reply: the bank list or the account name, as the request asked (the caller knows which). */
export const providerProxyResponseSchema = z.union([banksResponseSchema, resolveAccountResponseSchema]);

/** The currencies of the accounts a seller saves: naira (where every payout goes unless they choose), or dollars (a domiciliary account). */
export const accountCurrencySchema = z.enum([nairaCurrency, ...ownCurrencyAccountCurrencies], {
  message: 'Bank accounts are saved in NGN or USD.',
});

/**
 * `save-bank-info`: the server resolves the name again; a name from the browser is never trusted.
 * `currency: 'USD'` saves the dollar (domiciliary) account instead of the naira one, with
 * `preferred`: whether a dollar contract's payout that no release chooses (a settlement's) goes there.
 */
export const saveBankInfoRequestSchema = z.object({
  bank_code: bankCodeSchema,
  account_number: accountNumberSchema,
  pin: pinSchema,
  currency: z.optional(accountCurrencySchema),
  preferred: z.optional(z.boolean({ message: 'Choose where dollar settlements are paid.' })),
});
export type SaveBankInfoRequest = z.input<typeof saveBankInfoRequestSchema>;
export const saveBankInfoResponseSchema = z.object({
  message: z.string(),
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  currency: z.optional(accountCurrencySchema),
  preferred: z.optional(z.boolean()),
});

/** A saved account in a contract's own currency, as its owner sees it. */
export const foreignAccountSchema = z.object({
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  preferred: z.boolean(),
});

/** `request-pin-code`: the security answer, then a 6-digit code goes to the account's email. */
export const pinCodeRequestSchema = z.object({
  securityAnswer: z.string().check(z.trim(), z.minLength(1, 'Please enter your security answer.'), z.maxLength(200)),
});

/** `reset-pin`: the emailed code and the new PIN, twice. */
export const resetPinRequestSchema = z
  .object({
    code: z.string().check(z.regex(/^\d{6}$/, pinMessages.codeInvalid)),
    pin: pinSchema,
    confirmPin: pinSchema,
  })
  .check(z.refine((body) => body.pin === body.confirmPin, { message: pinMessages.mismatch, path: ['confirmPin'] }));
export type ResetPinRequest = z.input<typeof resetPinRequestSchema>;
