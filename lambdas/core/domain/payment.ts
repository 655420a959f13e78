import { type Contract, isPayable } from './escrow-contract';
import { type Currency, escrowCurrencies, isCurrency } from './money';

/**
 * Money into escrow: who may pay, how much is due, the transaction references, and what a
 * provider's confirmed transaction may credit. Plain functions, no AWS.
 */

export type PaymentMethod = 'bank_transfer' | 'card' | 'opay';

/** What is still owed into escrow; 0 once fully funded. */
export function amountDue(contract: Pick<Contract, 'total_amount_minor' | 'amount_paid_minor'>): number {
  return Math.max(0, contract.total_amount_minor - contract.amount_paid_minor);
}

/**
 * The currencies each way to pay takes. The provider charges a card in the currency the charge
 * names (every escrow currency); its bank-transfer accounts and OPay take naira only. The checkout
 * offers, and the API starts, only a way that takes the contract's currency: a contract is always
 * charged in its own, never in naira for a figure in dollars.
 */
export const paymentMethodCurrencies: Record<PaymentMethod, readonly Currency[]> = {
  bank_transfer: ['NGN'],
  card: escrowCurrencies,
  opay: ['NGN'],
};

/** Whether `method` can charge a contract in `currency`. */
export function takesCurrency(method: PaymentMethod, currency: Currency): boolean {
  return paymentMethodCurrencies[method].includes(currency);
}

const prefixes: Record<PaymentMethod, string> = { bank_transfer: 'MMBT', card: 'MMCARD', opay: 'MMOPAY' };

/**
 * A payment's transaction reference (spec §7: a prefix, the contract id, the first 8 characters
 * of the payer's id and a timestamp). Unique per payment attempt; the provider keys it too.
 */
export function paymentReference(method: PaymentMethod, contractId: string, payerId: string, now: number): string {
  return `${prefixes[method]}-${contractId}-${payerId.replace(/-/g, '').slice(0, 8)}-${now}`;
}

/** A transaction as the provider's verify endpoint reports it. */
export interface ConfirmedTransaction {
  txRef: string;
  status: string;
  amountMinor: number;
  currency: string;
}

/** What the service recorded before the payer paid. */
export interface PaymentIntent {
  tx_ref: string;
  currency: Currency;
}

export type CreditDecision =
  | { credit: true; amountMinor: number }
  | { credit: false; outcome: 'failed' | 'pending' | 'refused'; reason: string }
  /** Money the provider holds in another currency than the contract's: none of it is credited, all of it goes back. */
  | { credit: false; outcome: 'refund'; amountMinor: number; currency: Currency; reason: string };

/**
 * Credit only what the provider confirmed: its status is successful, it is this reference, in the
 * contract's currency; then the amount it confirms (less than due is a part payment, never more
 * than the provider holds). Anything else credits nothing; money that did arrive, but in another
 * currency, is refunded in full (in a currency the product does not know, it waits for ops).
 */
export function decideCredit(intent: PaymentIntent, tx: ConfirmedTransaction): CreditDecision {
  if (tx.txRef !== intent.tx_ref) return { credit: false, outcome: 'refused', reason: 'reference does not match' };
  if (tx.status === 'failed') return { credit: false, outcome: 'failed', reason: 'the provider reports it failed' };
  if (tx.status !== 'successful') return { credit: false, outcome: 'pending', reason: `provider status ${tx.status}` };
  if (!Number.isSafeInteger(tx.amountMinor) || tx.amountMinor <= 0) {
    return { credit: false, outcome: 'refused', reason: 'no positive amount' };
  }
  if (tx.currency !== intent.currency) {
    const reason = `paid in ${tx.currency}, due in ${intent.currency}`;
    if (!isCurrency(tx.currency)) return { credit: false, outcome: 'refused', reason };
    return { credit: false, outcome: 'refund', amountMinor: tx.amountMinor, currency: tx.currency, reason };
  }
  return { credit: true, amountMinor: tx.amountMinor };
}

/**
 * What the provider kept of a transaction, the platform's cost: the transaction's amount less
 * the transaction net of the provider's fee (charged - app fee). When the account passes fees to payers,
 * they paid it on top and the platform's share is 0. Never below 0 nor above the amount.
 */
export function providerFeeOf(tx: { amountMinor: number; chargedAmountMinor: number; appFeeMinor: number }): number {
  const net = tx.chargedAmountMinor - tx.appFeeMinor;
  return Math.min(tx.amountMinor, Math.max(0, tx.amountMinor - net));
}

/**
 * How a confirmed amount splits between the contract and the payer: the contract takes at most
 * what is still due, and nothing when it takes no payments (cancelled, already funded, delivered,
 * ...); the rest is excess that goes back to the payer, never into escrow, never paid out, never
 * charged a fee.
 */
export function splitCredit(
  amountMinor: number,
  contract: Pick<Contract, 'status' | 'total_amount_minor' | 'amount_paid_minor'>,
): { creditMinor: number; excessMinor: number } {
  const due = isPayable(contract.status) ? amountDue(contract) : 0;
  const creditMinor = Math.min(amountMinor, due);
  return { creditMinor, excessMinor: amountMinor - creditMinor };
}
