import { roundedMinorFromProvider } from '../../domain/money';
import * as z from '../../domain/zod';
import { call, providerAmountSchema, unexpectedResponse } from './client';

/** The merchant's wallet at the provider: what a reconciliation holds the ledger's provider account against. */

const balanceReplySchema = z.object({
  status: z.literal('success'),
  data: z.object({
    currency: z.string(),
    available_balance: providerAmountSchema,
    ledger_balance: providerAmountSchema,
  }),
});

/** One wallet's balance, in minor units. */
export interface ProviderBalance {
  currency: string;
  /** What transfers and refunds can be paid from now. */
  availableMinor: number;
  /** Available plus what is still settling. */
  ledgerMinor: number;
}

/**
 * A balance in minor units. A live balance is a running sum of amounts and fees, so it can carry
 * the fees' sub-kobo parts: rounded half up, the one way the ledger rounds them. A chargeback can
 * take it below zero, so the sign is kept (and the half rounded away from zero).
 */
function balanceMinor(amount: number | string): number {
  const text = String(amount).trim();
  if (!text.startsWith('-')) return roundedMinorFromProvider(amount);
  const magnitude = roundedMinorFromProvider(text.slice(1));
  // "-0.004" is no debt: 0, not -0.
  return magnitude === 0 ? 0 : -magnitude;
}

/** The merchant's balance in `currency` (`GET /balances/{currency}`); a RangeError for a code that is not three letters. */
export async function getBalance(currency: string): Promise<ProviderBalance> {
  if (!/^[A-Za-z]{3}$/.test(currency)) throw new RangeError(`A currency is a three-letter code, not ${JSON.stringify(currency)}`);
  const code = currency.toUpperCase();
  const route = 'GET /balances/{currency}';
  const answer = await call('GET', `/balances/${code}`, route, balanceReplySchema);
  if (answer.data.currency.toUpperCase() !== code)
    throw unexpectedResponse(route, `asked for ${code}, answered ${answer.data.currency}`);
  return {
    currency: code,
    availableMinor: balanceMinor(answer.data.available_balance),
    ledgerMinor: balanceMinor(answer.data.ledger_balance),
  };
}
