import { type Currency, formatAmount } from './money';

/**
 * A payout of a contract in dollars, euros or pounds to the seller's naira account: the provider
 * converts it at its transfer rate, debiting the contract's currency. The contract's money is held,
 * released and charged its 2% fee in its own currency; only what reaches the bank is naira. Plain
 * functions, no AWS.
 */

/** The currency a converted payout reaches the seller's bank in. */
export const nairaCurrency = 'NGN' satisfies Currency;

/** Whether a payout of a contract in `currency` is converted to reach the seller's naira account. */
export const isConverted = (currency: Currency) => currency !== nairaCurrency;

/**
 * How far the rate may fall between what the seller was shown and what is paid: within it the payout
 * goes at the provider's rate of the moment (at most 1% less naira than shown); beyond it the release
 * is refused and the new figures are shown again.
 */
export const rateToleranceBasisPoints = 100;
export const rateTolerancePercent = `${rateToleranceBasisPoints / 100}%`;

/** A conversion as the payout records it: the naira per unit of the contract's currency, and the naira the bank receives. */
export interface Conversion {
  currency: typeof nairaCurrency;
  /** Naira per one unit of the contract's currency (1500 for ₦1,500 per $1), the provider's rate then. */
  rate: number;
  /** What the seller's bank receives, in kobo. */
  amount_minor: number;
}

/**
 * The naira per unit of a currency, to the kobo, from what the provider says a naira amount costs in
 * it (`destinationMinor` kobo for `sourceMinor` cents): 1500 for ₦15,000,000 costing $10,000. Read
 * from the amounts, never from v3's `rate` field, which its docs give one way round (naira per
 * dollar) in one example and the other way in another. A probe of millions of naira keeps the cent
 * the source amount is rounded to far below the kobo of the rate.
 */
export function nairaPerUnit(quote: { sourceMinor: number; destinationMinor: number }): number {
  const { sourceMinor, destinationMinor } = quote;
  if (!(sourceMinor > 0 && destinationMinor > 0)) throw new RangeError('A rate is read from two positive amounts');
  return Math.round((destinationMinor / sourceMinor) * 100) / 100;
}

/**
 * The naira (kobo) a payout of `payoutMinor` (cents) reaches the bank as at `rate` naira per unit:
 * rounded down, so what the provider debits for it (rounded to the cent) is never more than the
 * payout. One cent at any naira rate above 2 is more than a kobo, so it is exactly the payout.
 */
export function convertedMinor(payoutMinor: number, rate: number): number {
  if (!Number.isSafeInteger(payoutMinor) || payoutMinor <= 0)
    throw new RangeError('a payout is a positive whole number of minor units');
  // The rate has at most 6 decimals: scale it to an integer and divide exactly (BigInt), never a float product.
  const micro = BigInt(Math.round(rate * 1e6));
  return Number((BigInt(payoutMinor) * micro) / 1_000_000n);
}

/** Whether the rate now (`fresh`) fell beyond the tolerance below the one the seller confirmed. */
export function rateMovedBeyondTolerance(confirmed: number, fresh: number): boolean {
  return fresh * 10_000 < confirmed * (10_000 - rateToleranceBasisPoints);
}

/**
 * Whether a payout's conversion about to be fixed at `fresh` must wait for its seller to confirm
 * it: only a payout whose seller confirmed a rate (a release; a settlement's confirmed none) and
 * only when the rate fell beyond the tolerance below it.
 */
export function awaitsSellerRate(confirmed: number | null | undefined, fresh: number): boolean {
  return typeof confirmed === 'number' && rateMovedBeyondTolerance(confirmed, fresh);
}

/** "₦1,500.00 per $1": a rate as a person reads it. */
export function describeRate(rate: number, currency: Currency): string {
  const naira = formatAmount(Math.round(rate * 100), nairaCurrency);
  return `${naira} per ${formatAmount(100, currency).replace(/\.00$/, '')}`;
}

/** "₦1,470,000.00 at ₦1,500.00 per $1": the naira a converted payout of a `currency` contract reaches the bank as, and its rate. */
export function describeConversion(conversion: Pick<Conversion, 'rate' | 'amount_minor'>, currency: Currency): string {
  return `${formatAmount(conversion.amount_minor, nairaCurrency)} at ${describeRate(conversion.rate, currency)}`;
}

/** The words of a conversion the seller reads before confirming, and on the payout afterwards. */
export const conversionMessages = {
  rateUnavailable: 'The exchange rate cannot be read right now. Try again in a minute.',
  rateRequired: (currency: Currency) =>
    `This contract is in ${currency}: it is paid to your naira account at the current exchange rate. Reload the page to see the rate, then confirm.`,
  rateMoved: (shown: string, now: string) =>
    `The exchange rate moved from ${shown} to ${now} since it was shown, more than the ${rateTolerancePercent} we honour. Check the new amount and confirm again.`,
  converted: (payout: string, rate: string, naira: string) => `${payout} at ${rate} is ${naira}, paid to your naira account.`,
} as const;

/**
 * A seller of a dollar contract may be paid in dollars instead, to their own dollar (domiciliary)
 * account at a Nigerian bank: no conversion, the 2% fee in dollars as ever. Only dollars: v3 pays
 * euros and pounds only to SEPA and UK accounts (IBAN, sort code, the beneficiary's address), which a
 * Nigerian seller rarely has, so those contracts are always paid in naira.
 */
export const ownCurrencyAccountCurrencies = ['USD'] as const satisfies readonly Currency[];
export type OwnCurrencyAccountCurrency = (typeof ownCurrencyAccountCurrencies)[number];

/** Whether a contract in `currency` can be paid to the seller's account in that currency. */
export function paysToOwnCurrency(currency: Currency): currency is OwnCurrencyAccountCurrency {
  return (ownCurrencyAccountCurrencies as readonly Currency[]).includes(currency);
}

/** Where the seller chooses, at the release, that a payout goes: their naira account, or their account in the contract's currency. */
export const payoutDestinations = ['naira', 'own_currency'] as const;
export type PayoutDestination = (typeof payoutDestinations)[number];

/**
 * The currency a payout reaches the bank in: the one it recorded, else naira (a payout written before
 * the choice existed went to the naira account, converted when its contract was not in naira).
 */
export const destinationCurrencyOf = (payout: { destination_currency?: Currency | null }): Currency =>
  payout.destination_currency ?? nairaCurrency;

/** Whether a payout is converted on its way: it goes to the naira account from a contract that is not in naira. */
export const isConvertedPayout = (payout: { currency: Currency; destination_currency?: Currency | null }) =>
  destinationCurrencyOf(payout) !== payout.currency;

/** The words of a payout to the seller's own-currency account. */
export const ownCurrencyMessages = {
  onlyDollars: (currency: Currency) =>
    `Only a dollar contract can be paid to your dollar account. This one is in ${currency}: it is paid to your naira account.`,
  noAccount: 'Add your dollar account in My Account to be paid in dollars.',
  /** "$980.00 to your dollar account Ade Obi at GTBank ******1234." */
  toAccount: (payout: string, account: string) => `${payout} to your dollar account ${account}.`,
  /** Why only dollars, on the page where the account is saved. */
  onlyUsd: 'Only US dollars: euro and pound contracts are paid to your naira account.',
} as const;
