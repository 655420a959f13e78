import { roundedMinorFromProvider } from '../../../lambdas/core/domain/money';
import type { SandboxRefund } from './refunds';
import type { SandboxTransaction, SandboxTransfer } from './store';
import { majorAmount } from './wire';

/** What a balance is worked out from: the store, or a running sandbox's copies of it. */
export interface SandboxRecords {
  transactions(): SandboxTransaction[];
  transfers(): SandboxTransfer[];
  refunds(): SandboxRefund[];
  /** What the wallet holds beyond its movements: the float it started with, and a balance a test set. */
  balanceOffsetMinor(currency: string): number;
  /** The floats the wallets started with, by currency (a wallet funded before any payment is listed). */
  openingBalances?(): Record<string, number>;
}

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

/**
 * The merchant's wallet in `currency`, in minor units, as v3 moves it:
 * + the float the platform put in before its first payment (and a balance a test set);
 * + every successful payment net of the provider's fee (charged amount less the app fee);
 * - every transfer debited from it, with its fee, from the moment it is made: what the wallet paid
 *   (its debit amount, converted when the beneficiary gets another currency), not what the
 *   beneficiary gets; a FAILED one is reversed, fee included; one the wallet could not cover was
 *   never debited;
 * - every refund from the moment it is asked for; a failed one is given back.
 * Transfer fees carry sub-kobo parts (26.875) and are rounded the one way the ledger rounds them
 * (roundedMinorFromProvider). The sandbox refuses a transfer or a refund the wallet cannot cover,
 * so movements never take it below zero (a test's setBalanceMinor can; chargebacks are not modelled).
 */
export function balanceMinor(records: SandboxRecords, currency: string): number {
  const received = records
    .transactions()
    .filter((tx) => tx.currency === currency && tx.status === 'successful')
    .map((tx) => tx.chargedAmountMinor - tx.appFeeMinor);
  const paidOut = records
    .transfers()
    .filter((t) => t.debitCurrency === currency && t.status !== 'FAILED' && !t.uncovered)
    .map((t) => (t.debitAmountMinor ?? t.amountMinor) + roundedMinorFromProvider(t.fee));
  const refunded = records
    .refunds()
    .filter((r) => r.currency === currency && r.status !== 'failed')
    .map((r) => r.amountMinor);
  return records.balanceOffsetMinor(currency) + sum(received) - sum(paidOut) - sum(refunded);
}

/** Whether the wallet in `currency` can pay `minor` out now (a transfer with its fee, or a refund). */
export function covers(records: SandboxRecords, currency: string, minor: number): boolean {
  return balanceMinor(records, currency) >= minor;
}

/** The currencies `GET /v3/balances` lists: NGN, the merchant's home wallet, and every currency it was paid in. */
export function walletCurrencies(records: SandboxRecords): string[] {
  const paidIn = new Set(records.transactions().map((tx) => tx.currency));
  for (const currency of Object.keys(records.openingBalances?.() ?? {})) paidIn.add(currency);
  paidIn.delete('NGN');
  return ['NGN', ...[...paidIn].sort()];
}

/**
 * One wallet as `data` of v3's balance answers, in major units. Available and ledger balance are
 * the same figure: the sandbox makes every payment available at once, with no settlement delay between them.
 */
export function walletJson(records: SandboxRecords, currency: string) {
  const balance = majorAmount(balanceMinor(records, currency));
  return { currency, available_balance: balance, ledger_balance: balance };
}
