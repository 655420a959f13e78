import { parseAmount, toTwoDecimalString } from '../../domain/money';

/** Amounts and dates as the provider writes them, read and written exactly. */
/**
 * A provider amount (number 1500.5 or string "1500.50") as minor units, exactly. Throws a
 * RangeError for anything that is not a whole number of kobo (1500.555, 0.30000000000000004,
 * negative, exponent): money is never rounded silently.
 */
export function minorFromProvider(amount: number | string): number {
  const minor = parseAmount(amount);
  if (minor === null) throw new RangeError(`Provider amount ${JSON.stringify(amount)} is not an exact number of minor units`);
  return minor;
}

/**
 * Minor units as the number the provider's JSON expects (150050 -> 1500.5). Refuses zero,
 * negatives, fractions of a kobo and amounts too large to print exactly.
 */
export function providerAmount(minor: number): number {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new RangeError('A provider amount is a positive whole number of minor units');
  const amount = Number(toTwoDecimalString(minor));
  // JSON prints the shortest decimal that round-trips; it must read back as the same kobo.
  if (parseAmount(amount) !== minor) throw new RangeError(`Amount ${minor} cannot be sent to the provider exactly`);
  return amount;
}

const lagosLocalTime = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/**
 * A bank-transfer account's `account_expiration` as an ISO instant. The live API writes Lagos wall
 * time ("2025-01-31 14:05:00", WAT = UTC+1 all year); its test mode writes epoch milliseconds
 * (seconds are accepted too).
 */
export function providerExpiryToIso(value: number | string): string {
  let instant: number;
  if (typeof value === 'number' || /^\d+$/.test(value.trim())) {
    const epoch = Number(value);
    instant = epoch < 1e11 ? epoch * 1000 : epoch;
  } else {
    const local = lagosLocalTime.exec(value.trim());
    instant = local ? Date.parse(`${local[1]}T${local[2]}+01:00`) : Date.parse(value);
  }
  if (!Number.isFinite(instant)) throw new Error(`Unexpected account_expiration from the provider: ${JSON.stringify(value)}`);
  return new Date(instant).toISOString();
}

/** A provider's `created_at` as an ISO instant, or '' when it gave none (or none that reads as a time). */
export function providerInstantToIso(value: string | null | undefined): string {
  const instant = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(instant) ? new Date(instant).toISOString() : '';
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar day written YYYY-MM-DD (not 2025-02-30). */
function isDay(text: string): boolean {
  const at = dayPattern.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/**
 * A day range as v3's lists take it (`from`, `to`: YYYY-MM-DD, both inclusive; the provider cuts
 * the days, Lagos days in the sandbox); a RangeError for anything else.
 */
export function providerDayRange(range: { from: string; to: string }): { from: string; to: string } {
  for (const day of [range.from, range.to]) {
    if (!isDay(day)) throw new RangeError(`A day is YYYY-MM-DD, not ${JSON.stringify(day)}`);
  }
  if (range.from > range.to) throw new RangeError(`The range ${range.from}..${range.to} ends before it starts`);
  return { from: range.from, to: range.to };
}
