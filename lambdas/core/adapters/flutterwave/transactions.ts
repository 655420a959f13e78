import { roundedMinorFromProvider } from '../../domain/money';
import * as z from '../../domain/zod';
import { minorFromProvider, providerDayRange, providerInstantToIso } from './amounts';
import { call, ProviderRejectedError, providerAmountSchema, readPages } from './client';

/**
 * A payer's transaction as the provider's verify endpoints report it (what a credit trusts), and
 * as its list does (what a reconciliation reads).
 */

/** A transaction as verify's `data` and as a row of `GET /transactions`. */
const transactionDataSchema = z.object({
  id: z.int().check(z.positive()),
  tx_ref: z.string(),
  status: z.string(),
  amount: providerAmountSchema,
  charged_amount: providerAmountSchema,
  // The provider's fee on the payment; it can carry sub-kobo parts, like every provider fee.
  app_fee: z.nullish(providerAmountSchema),
  currency: z.string(),
  payment_type: z.string(),
  created_at: z.nullish(z.string()),
  customer: z.nullish(z.object({ email: z.nullish(z.string()) })),
});

const transactionSchema = z.object({ status: z.literal('success'), data: transactionDataSchema });

/** A transaction as the provider's verify endpoints and its list report it, in minor units. */
export interface ProviderTransaction {
  id: number;
  txRef: string;
  /** 'successful', 'failed', 'pending', ...: only 'successful' is money received. */
  status: string;
  /** The amount the transaction was for. */
  amountMinor: number;
  /** What the payer was charged (the amount plus any fees passed to them). */
  chargedAmountMinor: number;
  /** The provider's fee, kept from what it settles to the merchant (0 when it names none). */
  appFeeMinor: number;
  /** When the provider made it (ISO), '' when it does not say. */
  createdAt: string;
  currency: string;
  /** 'card', 'bank_transfer', 'opay', ... */
  paymentType: string;
  customerEmail: string | null;
}

function toTransaction(tx: z.infer<typeof transactionDataSchema>): ProviderTransaction {
  return {
    id: tx.id,
    txRef: tx.tx_ref,
    status: tx.status,
    amountMinor: minorFromProvider(tx.amount),
    chargedAmountMinor: minorFromProvider(tx.charged_amount),
    appFeeMinor: tx.app_fee == null ? 0 : roundedMinorFromProvider(tx.app_fee),
    createdAt: providerInstantToIso(tx.created_at),
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
    return toTransaction((await call('GET', path, route, transactionSchema)).data);
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

/** Pages listTransactions reads (10 transactions each: 5,000 a range) before it gives up rather than answer from part of the list. */
const transactionListPageLimit = 500;

/**
 * Every transaction the provider made on the days `range.from` to `range.to` (YYYY-MM-DD, both
 * inclusive, cut where the provider cuts its days: Lagos days), whatever their status, each id
 * once, oldest (lowest id) first: what a reconciliation holds the ledger's receipts against.
 * `GET /transactions` is read to its last page; a range over 500 pages throws (ask for fewer days).
 */
export async function listTransactions(range: {
  from: string;
  to: string;
  /** Only transactions in this status (v3's `status` filter): a reconciliation needs the successful ones only. */
  status?: 'successful';
}): Promise<ProviderTransaction[]> {
  const rows = await readPages({
    path: '/transactions',
    route: 'GET /transactions',
    query: { ...providerDayRange(range), ...(range.status ? { status: range.status } : {}) },
    row: transactionDataSchema,
    pageLimit: transactionListPageLimit,
  });
  // A payment made while the pages are read pushes rows onto the next page: keep each id once.
  const byId = new Map(rows.map((row) => [row.id, toTransaction(row)]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
