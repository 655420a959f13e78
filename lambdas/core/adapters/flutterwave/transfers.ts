import { roundedMinorFromProvider } from '../../domain/money';
import * as z from '../../domain/zod';
import { minorFromProvider, providerAmount, providerInstantToIso } from './amounts';
import { call, ProviderRejectedError, providerAmountSchema, readPages, readRefusal, unexpectedResponse } from './client';

/** Payouts' transfers: money to a seller's bank account, with the provider's retries and its webhook. */

/** A transfer's life at the provider: NEW -> PENDING -> SUCCESSFUL | FAILED. */
export const transferStatuses = ['NEW', 'PENDING', 'SUCCESSFUL', 'FAILED'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

const transferStatusSchema = z.pipe(z.string().check(z.toUpperCase()), z.enum(transferStatuses));

// Wallet transfers write the account number as a JSON number.
const accountNumberSchema = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

const transferSchema = z.object({
  id: z.int().check(z.positive()),
  reference: z.string().check(z.minLength(1)),
  status: transferStatusSchema,
  amount: providerAmountSchema,
  currency: z.string(),
  // The wallet it was paid from (v3 names it on every transfer; absent: the transfer's own currency).
  debit_currency: z.nullish(z.string()),
  account_number: accountNumberSchema,
  bank_code: z.string(),
  complete_message: z.nullish(z.string()),
  // With 7.5% VAT the fee is not a whole number of kobo (26.875).
  fee: z.nullish(providerAmountSchema),
  created_at: z.nullish(z.string()),
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
  /** What the beneficiary receives, in `currency`. */
  amountMinor: number;
  currency: string;
  /**
   * The wallet it was paid from, with its fee: another currency than `currency` for a converted
   * payout, whose debit v3 does not list (services/payouts/record.ts reads it from the payout).
   */
  debitCurrency: string;
  accountNumber: string;
  bankCode: string;
  /** The provider's word on the outcome ('' until it has one), e.g. "DISBURSE FAILED: ...". */
  completeMessage: string;
  /**
   * The fee debited with the transfer (reversed with it when it fails), rounded half up to the
   * kobo, the one way the ledger rounds it: 26.875 -> 2688. 0 when the provider names none.
   */
  feeMinor: number;
  /** When the provider made this attempt (ISO), '' when it does not say. */
  createdAt: string;
}

function toProviderTransfer(transfer: z.infer<typeof transferSchema>): ProviderTransfer {
  return {
    id: transfer.id,
    reference: transfer.reference,
    status: transfer.status,
    amountMinor: minorFromProvider(transfer.amount),
    currency: transfer.currency.toUpperCase(),
    debitCurrency: (transfer.debit_currency ?? transfer.currency).toUpperCase(),
    accountNumber: transfer.account_number,
    bankCode: transfer.bank_code,
    completeMessage: transfer.complete_message ?? '',
    feeMinor: transfer.fee == null ? 0 : roundedMinorFromProvider(transfer.fee),
    createdAt: providerInstantToIso(transfer.created_at),
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
  /** What the beneficiary receives, in minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** The wallet it is paid from: `currency`'s own unless told (a naira payout of a dollar contract debits dollars). */
  debitCurrency?: string;
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
      debit_currency: input.debitCurrency ?? input.currency,
    });
    return toProviderTransfer(answer.data);
  } catch (error) {
    if (error instanceof ProviderRejectedError && refusesReusedReference(error)) {
      throw new DuplicateTransferReferenceError(input.reference, error.message, error.statusCode);
    }
    throw readRefusal(error);
  }
}

const rateReplySchema = z.object({
  status: z.literal('success'),
  data: z.object({
    rate: z.number().check(z.positive()),
    source: z.object({ currency: z.string(), amount: providerAmountSchema }),
    destination: z.object({ currency: z.string(), amount: providerAmountSchema }),
  }),
});

/** The provider's transfer rate for paying `destinationMinor` of one currency from a wallet in another. */
export interface TransferRate {
  /** v3's `rate`, kept as said: its docs give it one way round in one example and the other way in another, so the amounts are what count. */
  rate: number;
  /** What the source wallet is debited for the destination amount, rounded half up to its minor unit. */
  sourceMinor: number;
  destinationMinor: number;
}

/**
 * `GET /transfers/rates`: what a transfer of `destinationMinor` in `destinationCurrency` costs from
 * the `sourceCurrency` wallet. An estimate that moves 3-4 times a day, so it is read again before
 * each payout and never kept as a price.
 */
export async function getTransferRate(input: {
  sourceCurrency: string;
  destinationCurrency: string;
  destinationMinor: number;
}): Promise<TransferRate> {
  const route = 'GET /transfers/rates';
  const query = new URLSearchParams({
    amount: String(providerAmount(input.destinationMinor)),
    destination_currency: input.destinationCurrency,
    source_currency: input.sourceCurrency,
  });
  const answer = await call('GET', `/transfers/rates?${query}`, route, rateReplySchema);
  const { source, destination, rate } = answer.data;
  if (source.currency.toUpperCase() !== input.sourceCurrency || destination.currency.toUpperCase() !== input.destinationCurrency)
    throw unexpectedResponse(
      route,
      `asked ${input.sourceCurrency} to ${input.destinationCurrency}, answered ${source.currency} to ${destination.currency}`,
    );
  // The source amount is a rate times an amount: it may carry fractions of a cent, rounded the ledger's one way.
  return { rate, sourceMinor: roundedMinorFromProvider(source.amount), destinationMinor: minorFromProvider(destination.amount) };
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
  meta: z.nullish(z.partial(z.object({ page_info: z.partial(z.object({ current_page: z.int(), total_pages: z.int() })) }))),
  // Only the reference is read from every row; the rows that match are parsed in full.
  data: z.array(z.looseObject({ reference: z.nullish(z.string()) })),
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

/** Pages listTransfersSince reads (10 transfers each) before it gives up rather than answer from part of the list. */
const transferSincePageLimit = 100;

/**
 * Every transfer attempt made at or after `sinceIso`, oldest first, each id once, with its fee.
 * v3's list (`GET /transfers`) has no date filter and answers newest first, so this reads pages
 * until one holds nothing made since then (or the list ends). A row without a readable
 * `created_at` cannot be placed, and over 100 pages cannot be read whole: both throw.
 */
export async function listTransfersSince(sinceIso: string): Promise<ProviderTransfer[]> {
  const since = Date.parse(sinceIso);
  if (!Number.isFinite(since)) throw new RangeError(`An instant is ISO 8601, not ${JSON.stringify(sinceIso)}`);
  const rows = await readPages({
    path: '/transfers',
    route: 'GET /transfers',
    query: {},
    row: transferSchema,
    pageLimit: transferSincePageLimit,
    more: (page) => page.some((row) => madeAt(row) >= since),
  });
  const byId = new Map<number, ProviderTransfer>();
  // A transfer made while the pages are read pushes rows onto the next page: keep each id once.
  for (const row of rows) if (madeAt(row) >= since) byId.set(row.id, toProviderTransfer(row));
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

/**
 * Every transfer attempt the provider has in `status` now (`GET /transfers?status=`), each id
 * once: the ones still NEW or PENDING are what it has taken out of the balance and not paid yet.
 */
export async function listTransfersInStatus(status: TransferStatus): Promise<ProviderTransfer[]> {
  const rows = await readPages({
    path: '/transfers',
    route: 'GET /transfers',
    query: { status },
    row: transferSchema,
    pageLimit: transferSincePageLimit,
  });
  const byId = new Map(rows.map((row) => [row.id, toProviderTransfer(row)]));
  return [...byId.values()].filter((t) => t.status === status).sort((a, b) => a.id - b.id);
}

/** When a listed transfer was made (epoch ms). */
function madeAt(row: z.infer<typeof transferSchema>): number {
  const iso = providerInstantToIso(row.created_at);
  if (!iso) throw unexpectedResponse('GET /transfers', `transfer ${row.id} has no readable created_at`);
  return Date.parse(iso);
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
  'event.type': z.optional(z.string()),
  data: z.looseObject({
    id: z.int().check(z.positive()),
    reference: z.string().check(z.minLength(1)),
    status: transferStatusSchema,
    complete_message: z.nullish(z.string()),
    amount: providerAmountSchema,
    currency: z.string(),
    // A fee with VAT is not a whole number of kobo (26.875): kept as the provider wrote it.
    fee: z.nullish(providerAmountSchema),
  }),
});

/** A parsed `transfer.completed` webhook. */
export type TransferWebhook = z.infer<typeof transferWebhookSchema>;
