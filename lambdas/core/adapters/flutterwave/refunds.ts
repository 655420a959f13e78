import * as z from '../../domain/zod';
import { minorFromProvider, providerAmount, providerDayRange, providerInstantToIso } from './amounts';
import {
  call,
  ProviderRejectedError,
  providerAmountSchema,
  readPages,
  readRefusal,
  saysInsufficientFunds,
  unexpectedResponse,
} from './client';
import { verifyTransaction } from './transactions';

/**
 * Refunds: money back to the payer through the transaction's own payment method
 * (`POST /transactions/{id}/refund`), with the provider's list, its detail read and its webhook.
 *
 * v3 takes no reference of ours for a refund, so the same request sent twice refunds twice. The
 * caller does what payouts do with transfers, minus the reference:
 * 1. Claim before asking: record the refund it is about to ask for (transaction, amount) in its
 *    own store with a conditional write, so a second worker or a retry sees the claim.
 * 2. Ask once (createRefund). When the answer is lost (ProviderUnavailableError, a timeout, a
 *    crash after the call), do not ask again blind: follow up first with
 *    findRefundsForTransaction. Refunds there that are not failed and cover the claim mean the
 *    request went through; only when the provider has nothing for it is asking again safe.
 * 3. A refund exceeding what remains (RefundExceedsRemainingError) usually means an earlier
 *    request already took the money: follow up the same way rather than asking for less.
 * 4. RefundNotSupportedError means this payment cannot go back the way it came: pay the buyer by
 *    bank transfer (a payout with its own reference) instead.
 */

/** Where a refund stands, on our side. Anything the provider writes that is not clearly final is 'pending'. */
export const refundStatuses = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * v3's words for a refund: 'completed' (also 'completed-mpgs', 'successful' in the list filter's
 * documentation) and 'failed'. Any other word (e.g. 'pending', or one the docs never named) is
 * read as not final: the caller waits or asks a person, and never pays the buyer a second way
 * on a word it does not know.
 */
export function normaliseRefundStatus(status: string): RefundStatus {
  const word = status.trim().toLowerCase();
  if (word.startsWith('completed') || word === 'successful' || word === 'succeeded') return 'completed';
  if (word.startsWith('fail') || word === 'declined' || word === 'rejected') return 'failed';
  return 'pending';
}

// The create answer names the transaction `tx_id`, the list `transaction_id`; ids arrive as numbers or digits.
const providerIdSchema = z.union([
  z.int().check(z.positive()),
  z.pipe(z.string().check(z.regex(/^\d{1,19}$/)), z.transform(Number)),
]);

const refundSchema = z
  .looseObject({
    id: providerIdSchema,
    tx_id: z.nullish(providerIdSchema),
    transaction_id: z.nullish(providerIdSchema),
    flw_ref: z.nullish(z.string()),
    amount_refunded: providerAmountSchema,
    status: z.string().check(z.minLength(1)),
    comments: z.nullish(z.string()),
    comment: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    // v3's answers name no currency (a refund is in its transaction's); the sandbox's webhook does.
    currency: z.nullish(z.string()),
  })
  .check(
    z.refine((r) => (r.tx_id ?? r.transaction_id) != null, 'the refund names no transaction (tx_id or transaction_id)'),
    z.refine(
      (r) => r.tx_id == null || r.transaction_id == null || r.tx_id === r.transaction_id,
      'tx_id and transaction_id differ',
    ),
  );

const refundReplySchema = z.object({ status: z.literal('success'), data: refundSchema });

/** One refund as the provider reports it, in minor units. */
export interface ProviderRefund {
  /** The provider's id of the refund (`GET /refunds/{id}`). */
  id: number;
  /** The refunded transaction's provider id (the `data.id` of verify). */
  transactionId: number;
  amountMinor: number;
  status: RefundStatus;
  /** The provider's own word, kept for logs and people ('completed-mpgs', ...). */
  providerStatus: string;
  /** The provider's reference of the refund ('URF_...'), '' when it gave none. */
  flwRef: string;
  /** The note sent with the refund, '' when the answer carries none. */
  comments: string;
  createdAt: string | null;
}

function toProviderRefund(refund: z.infer<typeof refundSchema>): ProviderRefund {
  return {
    id: refund.id,
    transactionId: (refund.tx_id ?? refund.transaction_id) as number,
    amountMinor: minorFromProvider(refund.amount_refunded),
    status: normaliseRefundStatus(refund.status),
    providerStatus: refund.status,
    flwRef: refund.flw_ref ?? '',
    comments: refund.comments ?? refund.comment ?? '',
    createdAt: refund.created_at ?? null,
  };
}

/**
 * The provider will not refund this payment at all (its payment method or type takes no refunds):
 * not retryable, and no other amount will help. Pay the buyer back by bank transfer instead.
 */
export class RefundNotSupportedError extends ProviderRejectedError {
  constructor(
    readonly transactionId: number,
    message: string,
    statusCode: number,
  ) {
    super(message, statusCode);
    this.name = 'RefundNotSupportedError';
  }
}

/**
 * The amount is more than what is left to refund on the transaction. After a lost answer this is
 * usually our own earlier refund: reconcile with findRefundsForTransaction before anything else.
 */
export class RefundExceedsRemainingError extends ProviderRejectedError {
  constructor(
    readonly transactionId: number,
    message: string,
    statusCode: number,
  ) {
    super(message, statusCode);
    this.name = 'RefundExceedsRemainingError';
  }
}

// v3 documents neither wording; these read the refusals the way their words mean them.
const notRefundablePattern =
  /cannot be refunded|can ?not refund|not refundable|non-refundable|not eligible for (a )?refund|refunds? (is |are )?not (supported|allowed|available)/i;
const exceedsPattern = /exceed|greater than|more than|above|fully refunded|already been refunded/i;

function isRefusal(error: unknown): error is ProviderRejectedError {
  return error instanceof ProviderRejectedError && error.statusCode >= 400 && error.statusCode < 500;
}

const idPattern = /^\d{1,19}$/;

function idText(id: number | string, what: string): string {
  const text = String(id);
  if (!idPattern.test(text)) throw new RangeError(`A ${what} id is numeric, not ${JSON.stringify(text)}`);
  return text;
}

/**
 * Refunds `amountMinor` of transaction `transactionId` to the payer (`POST
 * /transactions/{id}/refund`, the amount in major units; always sent, so a full refund is never
 * left to the provider's reading of "no amount"). Answers the refund as accepted, often 'pending';
 * the outcome comes by webhook or getRefund. Read the module comment first: the provider takes no
 * reference, so a second call is a second refund.
 */
export async function createRefund(input: {
  transactionId: number | string;
  amountMinor: number;
  comments?: string;
}): Promise<ProviderRefund> {
  const id = idText(input.transactionId, 'transaction');
  const body = {
    amount: providerAmount(input.amountMinor),
    ...(input.comments ? { comments: input.comments } : {}),
  };
  try {
    const answer = await call('POST', `/transactions/${id}/refund`, 'POST /transactions/{id}/refund', refundReplySchema, body);
    return toProviderRefund(answer.data);
  } catch (error) {
    // A wallet that cannot cover it says so in words of its own: nothing was made, ops top it up.
    if (isRefusal(error) && saysInsufficientFunds(error.message)) throw readRefusal(error);
    // "Exceeds" first: a refusal naming both ("cannot be refunded, already refunded") means our own
    // earlier refund took it, and reading it as "not refundable" would pay the buyer a second way.
    if (isRefusal(error) && exceedsPattern.test(error.message)) {
      throw new RefundExceedsRemainingError(Number(id), error.message, error.statusCode);
    }
    if (isRefusal(error) && notRefundablePattern.test(error.message)) {
      throw new RefundNotSupportedError(Number(id), error.message, error.statusCode);
    }
    throw error;
  }
}

/** The refund with provider id `id` (`GET /refunds/{id}`), or null when the provider has none. */
export async function getRefund(id: number | string): Promise<ProviderRefund | null> {
  const text = String(id);
  if (!idPattern.test(text)) return null;
  try {
    return toProviderRefund((await call('GET', `/refunds/${text}`, 'GET /refunds/{id}', refundReplySchema)).data);
  } catch (error) {
    const notFound =
      error instanceof ProviderRejectedError &&
      (error.statusCode === 404 || (error.statusCode === 400 && /not found|no refund/i.test(error.message)));
    if (notFound) return null;
    throw error;
  }
}

/** Pages read before findRefundsForTransaction gives up rather than answer from part of the list. */
const refundListPageLimit = 100;

const refundPageSchema = z.object({
  status: z.literal('success'),
  meta: z.nullish(z.partial(z.object({ page_info: z.partial(z.object({ current_page: z.int(), total_pages: z.int() })) }))),
  // Only the transaction is read from every row; the rows that match are parsed in full.
  data: z.array(z.looseObject({ tx_id: z.optional(z.unknown()), transaction_id: z.optional(z.unknown()) })),
});

/**
 * Every refund the provider has for transaction `transactionId`, oldest first (failed ones
 * included); empty when it has none. The list (`GET /refunds`) is read page by page and filtered
 * here: v3 documents a transaction filter but not its parameter's name, and a wrongly named
 * filter that the provider ignored, or misread, would hide a refund and invite a second one. It
 * is the look-up after a lost answer, not a routine read: it throws rather than answer from a
 * partial list past 100 pages.
 */
export async function findRefundsForTransaction(transactionId: number | string): Promise<ProviderRefund[]> {
  const wanted = Number(idText(transactionId, 'transaction'));
  const found = new Map<number, ProviderRefund>();
  for (let page = 1; ; page++) {
    if (page > refundListPageLimit) {
      throw new Error(
        `Flutterwave GET /refunds: more than ${refundListPageLimit} pages, transaction ${wanted} not searched fully`,
      );
    }
    const answer = await call('GET', `/refunds?${new URLSearchParams({ page: String(page) })}`, 'GET /refunds', refundPageSchema);
    for (const row of answer.data) {
      if (Number(row.tx_id ?? row.transaction_id) !== wanted) continue;
      const parsed = refundSchema.safeParse(row);
      if (!parsed.success) throw unexpectedResponse('GET /refunds', z.prettifyError(parsed.error));
      // A refund made while the pages are read pushes rows onto the next page: keep each id once.
      found.set(parsed.data.id, toProviderRefund(parsed.data));
    }
    const totalPages = answer.meta?.page_info?.total_pages;
    if (answer.data.length === 0 || totalPages === undefined || page >= totalPages) break;
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/**
 * A refund as a reconciliation reads it: with the currency it was paid back in and when it was
 * made (ISO, '' when the provider does not say). Kept apart from ProviderRefund because finding
 * the currency costs a verify, which the refund flow's own reads have no use for.
 */
export interface ListedRefund extends ProviderRefund {
  currency: string;
  createdAt: string;
}

/** Pages listRefunds reads (20 refunds each) before it gives up rather than answer from part of the list. */
const refundRangePageLimit = 100;

/**
 * Every refund the provider made on the days `range.from` to `range.to` (YYYY-MM-DD, both
 * inclusive, cut where the provider cuts its days: Lagos days), failed ones included, each id once,
 * oldest (lowest id) first. `GET /refunds` is read to its last page (over 100 pages throws). Its
 * rows name no currency, so each refunded transaction is verified once for its own: a refund goes
 * back in the currency it was paid in.
 */
export async function listRefunds(range: {
  from: string;
  to: string;
  /** Only refunds in this status (the list's `status` filter): those still pending are taken out of the balance and not paid yet. */
  status?: 'pending';
}): Promise<ListedRefund[]> {
  const rows = await readPages({
    path: '/refunds',
    route: 'GET /refunds',
    query: { ...providerDayRange(range), ...(range.status ? { status: range.status } : {}) },
    row: refundSchema,
    pageLimit: refundRangePageLimit,
  });
  // A refund made while the pages are read pushes rows onto the next page: keep each id once.
  const byId = new Map(rows.map((row) => [row.id, row]));
  // One at a time, each transaction once: a day's refunds must not become a burst of verifies.
  const currencies = new Map<number, string>();
  const listed: ListedRefund[] = [];
  for (const row of byId.values()) {
    const refund = toProviderRefund(row);
    const currency = row.currency ?? currencies.get(refund.transactionId) ?? (await currencyOfTransaction(refund.transactionId));
    currencies.set(refund.transactionId, currency);
    listed.push({ ...refund, currency: currency.toUpperCase(), createdAt: providerInstantToIso(row.created_at) });
  }
  return listed.sort((a, b) => a.id - b.id);
}

/** The currency a transaction was paid in, as verify answers it. */
async function currencyOfTransaction(transactionId: number): Promise<string> {
  const tx = await verifyTransaction(transactionId);
  if (!tx) throw unexpectedResponse('GET /refunds', `a refund names transaction ${transactionId}, which verify does not find`);
  return tx.currency;
}

/**
 * A refund webhook body. v3's public docs name no refund event; this accepts `refund.completed`
 * (what the sandbox sends, with the outcome in `data.status`, like `transfer.completed`) and
 * `refund.failed`. Like the other webhooks it is a hint: read the refund with getRefund before
 * acting on it. Unknown fields are kept.
 */
export const refundWebhookSchema = z.looseObject({
  event: z.enum(['refund.completed', 'refund.failed']),
  'event.type': z.optional(z.string()),
  data: refundSchema,
});

/** A parsed refund webhook. */
export type RefundWebhook = z.infer<typeof refundWebhookSchema>;

/** The refund a webhook reports, read as getRefund would answer it. */
export function refundFromWebhook(webhook: RefundWebhook): ProviderRefund {
  return toProviderRefund(webhook.data);
}
