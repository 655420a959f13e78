import { getTransferRate } from '../../adapters/flutterwave/transfers';
import { type Conversion, conversionMessages, convertedMinor, nairaCurrency, nairaPerUnit } from '../../domain/conversion';
import { type Currency, formatAmount } from '../../domain/money';
import { withProvider } from '../payments/provider';

/**
 * A payout of a contract in dollars, euros or pounds reaches the seller's naira account converted
 * at the provider's transfer rate, the contract's own wallet debited exactly the payout
 * (domain/conversion.ts).
 */

/** A probe of ₦10,000,000: large enough that the cent its cost is rounded to does not move the rate's kobo. */
const probeMinor = 1_000_000_000;

/** The provider's naira per unit of `currency` now, to the kobo. */
export async function currentRate(currency: Currency): Promise<number> {
  return nairaPerUnit(
    await getTransferRate({ sourceCurrency: currency, destinationCurrency: nairaCurrency, destinationMinor: probeMinor }),
  );
}

/** {@link currentRate} for a person waiting on a page: the provider down is a 503 saying to try again. */
export const rateForPerson = (currency: Currency) =>
  withProvider(() => currentRate(currency), conversionMessages.rateUnavailable);

/** What `nairaMinor` kobo sent costs the `currency` wallet at the provider's rate now, in its minor units. */
async function debitFor(currency: Currency, nairaMinor: number): Promise<number> {
  const { sourceMinor } = await getTransferRate({
    sourceCurrency: currency,
    destinationCurrency: nairaCurrency,
    destinationMinor: nairaMinor,
  });
  return sourceMinor;
}

/** What a payout of `payoutMinor` (in `currency`) reaches the naira account as at the provider's rate now: the figures a seller is shown. */
export async function quoteConversion(payoutMinor: number, currency: Currency): Promise<Conversion> {
  const rate = await currentRate(currency);
  return { currency: nairaCurrency, rate, amount_minor: convertedMinor(payoutMinor, rate) };
}

/**
 * The conversion of a payout of `payoutMinor` (in `currency`) at the provider's rate now, checked
 * with the provider: the naira amount it names costs the wallet exactly the payout (not a cent more,
 * which would take another contract's money; not a cent less, which would strand it). A rate whose
 * rounding misses by a cent is corrected once by the difference; anything else throws (the step is
 * retried).
 */
export async function convertPayout(payoutMinor: number, currency: Currency): Promise<Conversion> {
  const { rate, amount_minor: quoted } = await quoteConversion(payoutMinor, currency);
  let amount = quoted;
  for (let tries = 0; ; tries++) {
    const debit = await debitFor(currency, amount);
    if (debit === payoutMinor) return { currency: nairaCurrency, rate, amount_minor: amount };
    if (tries === 1)
      throw new Error(
        `${formatAmount(amount, nairaCurrency)} would debit ${formatAmount(debit, currency)}, not the ${formatAmount(payoutMinor, currency)} to be sent`,
      );
    amount += Math.trunc((payoutMinor - debit) * rate);
  }
}

/** Whether the naira of `conversion` still costs the wallet exactly the payout at the provider's rate now. */
export async function stillCostsThePayout(
  payout: { payout_minor: number; currency: Currency },
  conversion: Conversion,
): Promise<boolean> {
  return (await debitFor(payout.currency, conversion.amount_minor)) === payout.payout_minor;
}
