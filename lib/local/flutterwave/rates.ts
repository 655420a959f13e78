import type { SandboxFaults } from './webhooks';

/**
 * The sandbox's exchange rates, in naira per unit: fixed, so a test knows what a conversion costs
 * (v3's move 3-4 times a day and are estimates). Every pair is worked out through naira, so USD to
 * GBP is 1500/1900. Only the currencies a merchant wallet is documented to hold besides naira are
 * here (NGN, USD, EUR, GBP: v3's payout-subaccount wallets); JPY and CAD have no documented wallet
 * or transfer corridor, so they have no rate and every use of them is refused.
 */
export const defaultNairaRates = { NGN: 1, USD: 1500, EUR: 1620, GBP: 1900 } as const;

export type RateCurrency = keyof typeof defaultNairaRates;

/** The currencies whose rate the `nairaRates` fault can move (naira's is 1 by definition). */
export const movableRateCurrencies = ['USD', 'EUR', 'GBP'] as const satisfies readonly RateCurrency[];

export const isRateCurrency = (code: string): code is RateCurrency => Object.hasOwn(defaultNairaRates, code);

/** Naira per unit of `currency` now: the `nairaRates` fault where a test set one, else the table. */
export function nairaPerUnit(faults: SandboxFaults, currency: RateCurrency): number {
  if (currency === 'NGN') return 1;
  return faults.nairaRates[currency] ?? defaultNairaRates[currency];
}

// Rates are held as integers of a millionth of a naira so that conversions are exact in BigInt.
const rateScale = 1_000_000;
const scaled = (rate: number) => BigInt(Math.round(rate * rateScale));

/**
 * What the `source` wallet pays, in its minor units, for `destinationMinor` of `destination`:
 * destination x (naira per destination unit) / (naira per source unit), rounded half up to the
 * source's minor unit (2 decimals in every currency here). Same currency: the amount itself.
 */
export function sourceAmountMinor(
  faults: SandboxFaults,
  source: RateCurrency,
  destination: RateCurrency,
  destinationMinor: number,
): number {
  if (source === destination) return destinationMinor;
  const numerator = BigInt(destinationMinor) * scaled(nairaPerUnit(faults, destination));
  const denominator = scaled(nairaPerUnit(faults, source));
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * v3's `rate`: how much of the destination currency one unit of the source currency buys
 * (destination.amount = source.amount x rate, as v3's transfer-rates guide defines it), to 9
 * decimals as its example writes one (0.000694329).
 */
export function quotedRate(faults: SandboxFaults, source: RateCurrency, destination: RateCurrency): number {
  return Number((nairaPerUnit(faults, source) / nairaPerUnit(faults, destination)).toFixed(9));
}
