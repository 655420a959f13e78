import * as z from 'zod';
import { minorFromProvider } from './amounts';
import { call, ProviderRejectedError, providerAmountSchema } from './client';

/** A payer's transaction as the provider's verify endpoints report it: what a credit trusts. */

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
