import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { type Currency, parseAmount, toDecimalString } from '../domain/money';
import { optionalEnv } from './env';
import { getSecret } from './secrets';

/**
 * Flutterwave v3, the payment provider: the only code that talks to it. In AWS it calls the real
 * API; locally FLUTTERWAVE_BASE_URL points it at lib/local/flutterwave, which speaks the same
 * protocol. The provider speaks major-unit decimals (1500.5); everything on this side of the
 * module is integer minor units (kobo).
 */

const defaultBaseUrl = 'https://api.flutterwave.com/v3';
const requestTimeoutMs = 10_000;

/**
 * The provider could not be reached or failed on its side (5xx, 429, timeout, network): the same
 * call may succeed later. Internal, never shown to a person as such.
 */
export class ProviderUnavailableError extends Error {
  readonly retryable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (4xx) with `message`: repeating it unchanged will not help. */
export class ProviderRejectedError extends Error {
  readonly retryable = false;
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'ProviderRejectedError';
  }
}

// ---------------------------------------------------------------------------------------------
// Amounts and dates as the provider writes them

/**
 * A provider amount (number 1500.5 or string "1500.50") as minor units, exactly. Throws a
 * RangeError for anything that is not a whole number of kobo (1500.555, 0.30000000000000004,
 * negative, exponent): money is never rounded silently.
 */
export function minorFromProvider(amount: number | string): number {
  const minor = parseAmount(amount);
  if (minor === null) throw new RangeError(`Provider amount ${JSON.stringify(amount)} is not an exact number of minor units`);
  return minor;
}

/**
 * Minor units as the number the provider's JSON expects (150050 -> 1500.5). Refuses zero,
 * negatives, fractions of a kobo and amounts too large to print exactly.
 */
export function providerAmount(minor: number): number {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new RangeError('A provider amount is a positive whole number of minor units');
  const amount = Number(toDecimalString(minor));
  // JSON prints the shortest decimal that round-trips; it must read back as the same kobo.
  if (parseAmount(amount) !== minor) throw new RangeError(`Amount ${minor} cannot be sent to the provider exactly`);
  return amount;
}

const lagosLocalTime = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/**
 * A bank-transfer account's `account_expiration` as an ISO instant. The live API writes Lagos wall
 * time ("2025-01-31 14:05:00", WAT = UTC+1 all year); its test mode writes epoch milliseconds
 * (seconds are accepted too).
 */
export function providerExpiryToIso(value: number | string): string {
  let instant: number;
  if (typeof value === 'number' || /^\d+$/.test(value.trim())) {
    const epoch = Number(value);
    instant = epoch < 1e11 ? epoch * 1000 : epoch;
  } else {
    const local = lagosLocalTime.exec(value.trim());
    instant = local ? Date.parse(`${local[1]}T${local[2]}+01:00`) : Date.parse(value);
  }
  if (!Number.isFinite(instant)) throw new Error(`Unexpected account_expiration from the provider: ${JSON.stringify(value)}`);
  return new Date(instant).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/**
 * True when `received` is exactly the dashboard's secret hash. Constant time for equal lengths;
 * a different length (or nothing, or an unset secret) is simply false.
 */
export function matchesWebhookHash(received: string | undefined, expected: string): boolean {
  if (received === undefined || expected.length === 0) return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a webhook request came from the provider: its `verif-hash` header (any letter case, as
 * API Gateway or Node hand it over) equals the webhook hash secret. A repeated header is refused.
 */
export async function isAuthenticWebhook(headers: Record<string, string | string[] | undefined>): Promise<boolean> {
  const values = Object.entries(headers)
    .filter(([name]) => name.toLowerCase() === 'verif-hash')
    .flatMap(([, value]) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  if (values.length !== 1) return false;
  return matchesWebhookHash(values[0], await getSecret('flutterwaveWebhookHash'));
}

const providerAmountSchema = z.union([z.number(), z.string()]);

/**
 * The `charge.completed` webhook body. Only a hint that something happened: credit only what
 * verifyTransaction confirms. Unknown fields are dropped; the descriptive ones are optional so a
 * genuine event is not lost over a field the provider left out.
 */
export const chargeWebhookSchema = z.object({
  event: z.literal('charge.completed'),
  data: z.object({
    id: z.number().int().positive(),
    tx_ref: z.string().min(1),
    flw_ref: z.string().optional(),
    amount: providerAmountSchema,
    charged_amount: providerAmountSchema.optional(),
    app_fee: providerAmountSchema.nullish(),
    currency: z.string(),
    status: z.string(),
    payment_type: z.string().optional(),
    customer: z.object({ email: z.string().nullish(), name: z.string().nullish() }).nullish(),
    created_at: z.string().optional(),
  }),
});

/** A parsed `charge.completed` webhook. */
export type ChargeWebhook = z.infer<typeof chargeWebhookSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

type Method = 'GET' | 'POST';

const errorBodySchema = z.object({ message: z.string().optional() });

function baseUrl(): string {
  return (optionalEnv('flutterwaveBaseUrl') ?? defaultBaseUrl).replace(/\/+$/, '');
}

/** A 2xx whose body is not what v3 documents: a contract break, not a transient failure. */
function unexpectedResponse(route: string, detail: string): Error {
  return new Error(`Unexpected Flutterwave response to ${route}: ${detail}`);
}

/**
 * One call; answers the parsed body of a 2xx. `route` names the call in errors without the
 * values in its path. The secret key never leaves this function except in the header.
 */
async function call<T>(method: Method, path: string, route: string, schema: z.ZodType<T>, body?: object): Promise<T> {
  const secretKey = await getSecret('flutterwaveSecretKey');
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    // The timeout covers the body too, so a provider that stalls mid-answer is also "unavailable".
    text = await response.text();
  } catch (error) {
    throw new ProviderUnavailableError(`Flutterwave ${route} did not answer: ${describe(error)}`, { cause: error });
  }
  const payload = parseJson(text);
  // Rate limiting is the provider asking us to come back later, not a refusal of the request.
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnavailableError(`Flutterwave ${route} answered ${response.status}`);
  }
  if (response.status >= 400) {
    const message = errorBodySchema.safeParse(payload).data?.message ?? `HTTP ${response.status}`;
    throw new ProviderRejectedError(message, response.status);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw unexpectedResponse(route, z.prettifyError(parsed.error));
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? `timed out after ${requestTimeoutMs} ms` : error.message;
  return String(error);
}

// ---------------------------------------------------------------------------------------------
// Bank transfer

const bankTransferChargeSchema = z.object({
  status: z.literal('success'),
  meta: z.object({
    authorization: z.object({
      transfer_reference: z.string(),
      transfer_account: z.string().regex(/^\d{10}$/),
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
 * Makes a one-off account for `amountMinor` (`POST /charges?type=bank_transfer`). The money
 * arrives later as a `charge.completed` webhook for `txRef`. The provider takes NGN only.
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
  authorization: z.object({ mode: z.string().optional(), redirect: z.url({ protocol: /^https?$/ }) }),
});

// v3 documents OPay's redirect under data.meta.authorization; some charge types put meta beside data.
const opayChargeSchema = z.object({
  status: z.literal('success'),
  data: z.object({ meta: redirectAuthorizationSchema.nullish() }).nullish(),
  meta: redirectAuthorizationSchema.nullish(),
});

/**
 * Starts an OPay wallet payment (`POST /charges?type=opay`, NGN only) and answers the link the
 * payer's browser goes to; afterwards the provider sends them to `redirectUrl`.
 */
export async function createOpayCharge(input: {
  txRef: string;
  amountMinor: number;
  email: string;
  fullName: string;
  phoneNumber?: string;
  redirectUrl: string;
}): Promise<{ paymentLink: string }> {
  const route = 'POST /charges?type=opay';
  const answer = await call('POST', '/charges?type=opay', route, opayChargeSchema, {
    tx_ref: input.txRef,
    amount: providerAmount(input.amountMinor),
    currency: 'NGN',
    email: input.email,
    fullname: input.fullName,
    ...(input.phoneNumber ? { phone_number: input.phoneNumber } : {}),
    redirect_url: input.redirectUrl,
  });
  const paymentLink = answer.data?.meta?.authorization.redirect ?? answer.meta?.authorization.redirect;
  if (!paymentLink) throw unexpectedResponse(route, 'no meta.authorization.redirect');
  return { paymentLink };
}

// ---------------------------------------------------------------------------------------------
// Verification

const transactionSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.number().int().positive(),
    tx_ref: z.string(),
    status: z.string(),
    amount: providerAmountSchema,
    charged_amount: providerAmountSchema,
    currency: z.string(),
    payment_type: z.string(),
    customer: z.object({ email: z.string().nullish() }).nullish(),
  }),
});

/** A transaction as the provider's verify endpoints report it, in minor units. */
export interface ProviderTransaction {
  id: number;
  txRef: string;
  /** 'successful', 'failed', 'pending', ...: only 'successful' is money received. */
  status: string;
  /** The amount the transaction was for. */
  amountMinor: number;
  /** What the payer was charged (the amount plus any fees passed to them). */
  chargedAmountMinor: number;
  currency: string;
  /** 'card', 'bank_transfer', 'opay', ... */
  paymentType: string;
  customerEmail: string | null;
}

function toTransaction(answer: z.infer<typeof transactionSchema>): ProviderTransaction {
  const tx = answer.data;
  return {
    id: tx.id,
    txRef: tx.tx_ref,
    status: tx.status,
    amountMinor: minorFromProvider(tx.amount),
    chargedAmountMinor: minorFromProvider(tx.charged_amount),
    currency: tx.currency.toUpperCase(),
    paymentType: tx.payment_type,
    customerEmail: tx.customer?.email ?? null,
  };
}

/** v3 answers an unknown id or reference with 400 "No transaction was found for this id". */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof ProviderRejectedError &&
    (error.statusCode === 404 || (error.statusCode === 400 && /no transaction/i.test(error.message)))
  );
}

async function verify(path: string, route: string): Promise<ProviderTransaction | null> {
  try {
    return toTransaction(await call('GET', path, route, transactionSchema));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The transaction with provider id `id` (`GET /transactions/{id}/verify`), or null when the
 * provider has none. The caller still checks status, tx_ref, currency and amount before crediting.
 */
export async function verifyTransaction(id: number | string): Promise<ProviderTransaction | null> {
  const text = String(id);
  // Ids are numeric; anything else (e.g. a tampered redirect parameter) names no transaction.
  if (!/^\d{1,19}$/.test(text)) return null;
  return verify(`/transactions/${text}/verify`, 'GET /transactions/{id}/verify');
}

/** The latest transaction for `txRef` (`GET /transactions/verify_by_reference`), or null when there is none. */
export async function verifyByReference(txRef: string): Promise<ProviderTransaction | null> {
  if (!txRef) return null;
  return verify(
    `/transactions/verify_by_reference?${new URLSearchParams({ tx_ref: txRef })}`,
    'GET /transactions/verify_by_reference',
  );
}

// ---------------------------------------------------------------------------------------------
// Banks and account names

const banksSchema = z.object({
  status: z.literal('success'),
  data: z.array(z.object({ code: z.string().min(1), name: z.string() })),
});

/**
 * Nigerian banks that take transfers (`GET /banks/NG`), in the provider's order. The live list
 * repeats some codes under other names; the first name a code appears with is kept.
 */
export async function listBanks(): Promise<Array<{ code: string; name: string }>> {
  const answer = await call('GET', '/banks/NG', 'GET /banks/NG', banksSchema);
  const byCode = new Map<string, string>();
  for (const bank of answer.data) if (!byCode.has(bank.code)) byCode.set(bank.code, bank.name.trim());
  return [...byCode].map(([code, name]) => ({ code, name }));
}

const resolvedAccountSchema = z.object({
  status: z.literal('success'),
  data: z.object({ account_name: z.string().min(1) }),
});

/**
 * The holder's name of `accountNumber` at `bankCode` (`POST /accounts/resolve`), or null when the
 * provider cannot resolve it (any 4xx but a refused secret key, which stays a ProviderRejectedError:
 * our configuration is wrong, not the account). Unavailable provider: ProviderUnavailableError.
 */
export async function resolveAccount(accountNumber: string, bankCode: string): Promise<string | null> {
  try {
    const answer = await call('POST', '/accounts/resolve', 'POST /accounts/resolve', resolvedAccountSchema, {
      account_number: accountNumber,
      account_bank: bankCode,
    });
    return answer.data.account_name;
  } catch (error) {
    if (error instanceof ProviderRejectedError && error.statusCode !== 401 && error.statusCode !== 403) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Transfers (payouts)

/** A transfer's life at the provider: NEW -> PENDING -> SUCCESSFUL | FAILED. */
export const transferStatuses = ['NEW', 'PENDING', 'SUCCESSFUL', 'FAILED'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

const transferStatusSchema = z
  .string()
  .transform((status) => status.toUpperCase())
  .pipe(z.enum(transferStatuses));

// Wallet transfers write the account number as a JSON number.
const accountNumberSchema = z.union([z.string(), z.number()]).transform(String);

const transferSchema = z.object({
  id: z.number().int().positive(),
  reference: z.string().min(1),
  status: transferStatusSchema,
  amount: providerAmountSchema,
  currency: z.string(),
  account_number: accountNumberSchema,
  bank_code: z.string(),
  complete_message: z.string().nullish(),
});

const transferReplySchema = z.object({ status: z.literal('success'), data: transferSchema });
const transferListReplySchema = z.object({ status: z.literal('success'), data: z.array(transferSchema) });

/** One transfer attempt as the provider reports it, in minor units. */
export interface ProviderTransfer {
  /** The provider's id of this attempt; a retry is a new attempt with a new id. */
  id: number;
  /** Ours, sent with the transfer; every attempt of one payout carries it. */
  reference: string;
  status: TransferStatus;
  amountMinor: number;
  currency: string;
  accountNumber: string;
  bankCode: string;
  /** The provider's word on the outcome ('' until it has one), e.g. "DISBURSE FAILED: ...". */
  completeMessage: string;
}

function toProviderTransfer(transfer: z.infer<typeof transferSchema>): ProviderTransfer {
  return {
    id: transfer.id,
    reference: transfer.reference,
    status: transfer.status,
    amountMinor: minorFromProvider(transfer.amount),
    currency: transfer.currency.toUpperCase(),
    accountNumber: transfer.account_number,
    bankCode: transfer.bank_code,
    completeMessage: transfer.complete_message ?? '',
  };
}

/**
 * The provider already has a transfer with this reference, so it sent nothing now. Usually our
 * earlier request went through and only its reply was lost: look the transfer up with
 * findTransfersByReference instead of sending the money again.
 */
export class DuplicateTransferReferenceError extends ProviderRejectedError {
  constructor(
    readonly reference: string,
    message: string,
    statusCode: number,
  ) {
    super(message, statusCode);
    this.name = 'DuplicateTransferReferenceError';
  }
}

// v3 does not document its wording for a reused reference; read any refusal that calls the
// reference a duplicate or already used/existing as one.
function refusesReusedReference(error: ProviderRejectedError): boolean {
  if (error.statusCode !== 400 && error.statusCode !== 409 && error.statusCode !== 422) return false;
  return /duplicate/i.test(error.message) || (/reference/i.test(error.message) && /already|exist|used/i.test(error.message));
}

/**
 * Sends `amountMinor` to a bank account (`POST /transfers`) under our `reference`, which the
 * provider keeps unique: the same call twice cannot pay twice. Answers the queued attempt (status
 * NEW); the outcome arrives as a `transfer.completed` webhook, or through getTransfer. A reused
 * reference throws DuplicateTransferReferenceError; a 5xx or a timeout (ProviderUnavailableError)
 * says nothing about whether the transfer was made.
 */
export async function createTransfer(input: {
  reference: string;
  amountMinor: number;
  currency: string;
  bankCode: string;
  accountNumber: string;
  narration: string;
}): Promise<ProviderTransfer> {
  try {
    const answer = await call('POST', '/transfers', 'POST /transfers', transferReplySchema, {
      account_bank: input.bankCode,
      account_number: input.accountNumber,
      amount: providerAmount(input.amountMinor),
      currency: input.currency,
      narration: input.narration,
      reference: input.reference,
      debit_currency: input.currency,
    });
    return toProviderTransfer(answer.data);
  } catch (error) {
    if (error instanceof ProviderRejectedError && refusesReusedReference(error)) {
      throw new DuplicateTransferReferenceError(input.reference, error.message, error.statusCode);
    }
    throw error;
  }
}

const transferIdPattern = /^\d{1,19}$/;

/** v3 answers an unknown transfer id with 404 (or a 400 saying it found nothing). */
function isTransferNotFound(error: unknown): boolean {
  return (
    error instanceof ProviderRejectedError &&
    (error.statusCode === 404 || (error.statusCode === 400 && /not found|no transfer/i.test(error.message)))
  );
}

/** The transfer attempt with provider id `id` (`GET /transfers/{id}`), or null when there is none. */
export async function getTransfer(id: number | string): Promise<ProviderTransfer | null> {
  const text = String(id);
  if (!transferIdPattern.test(text)) return null;
  try {
    return toProviderTransfer((await call('GET', `/transfers/${text}`, 'GET /transfers/{id}', transferReplySchema)).data);
  } catch (error) {
    if (isTransferNotFound(error)) return null;
    throw error;
  }
}

/** Pages read before findTransfersByReference gives up rather than answer from part of the list. */
const transferListPageLimit = 100;

const transferPageSchema = z.object({
  status: z.literal('success'),
  meta: z
    .object({ page_info: z.object({ current_page: z.number().int(), total_pages: z.number().int() }).partial() })
    .partial()
    .nullish(),
  // Only the reference is read from every row; the rows that match are parsed in full.
  data: z.array(z.looseObject({ reference: z.string().nullish() })),
});

/**
 * Every attempt the provider has under our `reference` (the first transfer and its retries),
 * oldest first; empty when it has none. v3's list (`GET /transfers`) filters by `page` and
 * `status` only, not by reference, so this reads the list page by page and keeps the matches.
 * It is the look-up after a lost reply or a DuplicateTransferReferenceError, not a routine read:
 * it throws rather than answer from a partial list when the account has over
 * 100 pages of transfers.
 */
export async function findTransfersByReference(reference: string): Promise<ProviderTransfer[]> {
  if (!reference) return [];
  const found = new Map<number, ProviderTransfer>();
  for (let page = 1; ; page++) {
    if (page > transferListPageLimit) {
      throw new Error(
        `Flutterwave GET /transfers: more than ${transferListPageLimit} pages, reference ${reference} not searched fully`,
      );
    }
    const answer = await call(
      'GET',
      `/transfers?${new URLSearchParams({ page: String(page) })}`,
      'GET /transfers',
      transferPageSchema,
    );
    for (const row of answer.data) {
      if (row.reference !== reference) continue;
      const parsed = transferSchema.safeParse(row);
      if (!parsed.success) throw unexpectedResponse('GET /transfers', z.prettifyError(parsed.error));
      // A transfer made while the pages are read pushes rows onto the next page: keep each id once.
      found.set(parsed.data.id, toProviderTransfer(parsed.data));
    }
    const totalPages = answer.meta?.page_info?.total_pages;
    if (answer.data.length === 0 || totalPages === undefined || page >= totalPages) break;
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/**
 * Tries a FAILED transfer again (`POST /transfers/{id}/retries`): a new attempt with a new id and
 * its reference with the retry suffix, answered queued (NEW) and settled like the first, with its own webhook. The
 * provider refuses to retry a transfer that has not failed, or one refused for a lasting reason
 * (insufficient balance, amount under the minimum): ProviderRejectedError.
 */
export async function retryTransfer(id: number | string): Promise<ProviderTransfer> {
  const text = String(id);
  if (!transferIdPattern.test(text)) throw new RangeError(`A transfer id is numeric, not ${JSON.stringify(text)}`);
  const answer = await call('POST', `/transfers/${text}/retries`, 'POST /transfers/{id}/retries', transferReplySchema);
  return toProviderTransfer(answer.data);
}

/**
 * The retry attempts of a transfer (`GET /transfers/{id}/retries`), oldest first: how a payout
 * finds the retry it asked for when the answer was lost, without asking for another.
 */
export async function listTransferRetries(id: number | string): Promise<ProviderTransfer[]> {
  const text = String(id);
  if (!transferIdPattern.test(text)) throw new RangeError(`A transfer id is numeric, not ${JSON.stringify(text)}`);
  const answer = await call('GET', `/transfers/${text}/retries`, 'GET /transfers/{id}/retries', transferListReplySchema);
  return answer.data.map(toProviderTransfer).sort((a, b) => a.id - b.id);
}

/** What v3 puts after a payout's reference on each retry (`<reference>_PMCK_ST_FDU_1_RETRY_1`, ...). */
export const transferRetrySuffix = '_PMCK_ST_FDU_1_RETRY_';

/** Whether a transfer's reference is `reference` itself or one of its retries'. */
export function isAttemptOf(transferReference: string, reference: string): boolean {
  return transferReference === reference || transferReference.startsWith(`${reference}${transferRetrySuffix}`);
}

/**
 * The `transfer.completed` webhook body: a payout's attempt reached SUCCESSFUL or FAILED. Like the
 * charge webhook it is a hint (read the transfer with getTransfer before acting on it); unknown
 * fields are kept. `event.type` is optional here: losing an outcome over a label would be worse.
 */
export const transferWebhookSchema = z.looseObject({
  event: z.literal('transfer.completed'),
  'event.type': z.string().optional(),
  data: z.looseObject({
    id: z.number().int().positive(),
    reference: z.string().min(1),
    status: transferStatusSchema,
    complete_message: z.string().nullish(),
    amount: providerAmountSchema,
    currency: z.string(),
    // A fee with VAT is not a whole number of kobo (26.875): kept as the provider wrote it.
    fee: providerAmountSchema.nullish(),
  }),
});

/** A parsed `transfer.completed` webhook. */
export type TransferWebhook = z.infer<typeof transferWebhookSchema>;

/** A webhook body's `event` ('charge.completed', 'transfer.completed', ...), for dispatch; undefined when it has none. */
export function webhookEvent(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const event = (body as { event?: unknown }).event;
  return typeof event === 'string' && event.length > 0 ? event : undefined;
}
