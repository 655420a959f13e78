/**
 * Money is an integer count of minor units (kobo, cents) with its currency, everywhere.
 * Decimal strings are parsed by hand, never through floating point, so "0.1" + "0.2" stays exact.
 */
export const currencyCodes = ['NGN', 'USD', 'EUR', 'GBP', 'JPY', 'CAD'] as const;
export type Currency = (typeof currencyCodes)[number];

export const currencies = {
  NGN: { symbol: '₦' },
  USD: { symbol: '$' },
  EUR: { symbol: '€' },
  GBP: { symbol: '£' },
  JPY: { symbol: '¥' },
  CAD: { symbol: 'C$' },
} as const satisfies Record<Currency, { symbol: string }>;

/** Currencies offered by the create forms; detail and edit views add JPY and CAD. */
export const createCurrencies = ['USD', 'EUR', 'GBP', 'NGN'] as const satisfies readonly Currency[];
export const editCurrencies = [...createCurrencies, 'JPY', 'CAD'] as const satisfies readonly Currency[];
export const defaultCurrency = 'NGN' satisfies Currency;

/**
 * The currencies money can go through escrow in, end to end: charged (bank transfer, card, OPay),
 * held, paid out to a Nigerian bank account and refunded. Only NGN: the payout and the transfer and
 * OPay charges are NGN-only at the provider, so the forms show the others as not yet available and
 * the server refuses them (never take money that cannot be paid out).
 */
export const escrowCurrencies = ['NGN'] as const satisfies readonly Currency[];

export function isEscrowCurrency(currency: Currency): boolean {
  return (escrowCurrencies as readonly Currency[]).includes(currency);
}

/** The refusal of a currency escrow cannot carry yet. */
export const currencyNotAvailable = (currency: Currency) =>
  `Only NGN (₦) can go through escrow for now: ${currency} contracts are not available yet.`;

/** Minor units per major unit. Amounts in this product are entered with a 0.01 step, so 100 for all. */
export const minorPerMajor = 100;

const amountPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * The most one contract may be worth, in minor units of any currency: 1,000,000,000.00. Contracts
 * typed in and contracts made from a template (base price x quantity) are held to it alike.
 */
export const maxAmountMinor = 100_000_000_000;

/** Whether an amount as typed is a plain positive number beyond {@link maxAmountMinor} (too many digits for parseAmount). */
export function exceedsMaxAmount(input: string | number): boolean {
  if (typeof input === 'number') return Number.isFinite(input) && input * minorPerMajor > maxAmountMinor;
  const minor = parseAmount(input);
  if (minor !== null) return minor > maxAmountMinor;
  return /^\d{14,}(?:\.\d{1,2})?$/.test(input.trim());
}

/**
 * "1234.5" -> 123450. Accepts a plain decimal with at most two decimals (also a number, as typed
 * in a form); returns null for anything else (negative, exponent, three decimals, empty).
 */
export function parseAmount(input: string | number): number | null {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  if (text === null) return null;
  const match = amountPattern.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * minorPerMajor + Number(fraction.padEnd(2, '0'));
}

function numberToPlainString(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  // toString gives the shortest decimal that round-trips, e.g. 0.1 -> "0.1", 1e21 -> exponent (refused).
  return n.toString();
}

/** 123450 -> "1234.50": the amount as a plain two-decimal string (for inputs and the provider). */
export function toDecimalString(minor: number): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / minorPerMajor)}.${String(abs % minorPerMajor).padStart(2, '0')}`;
}

/** 123450, 'NGN' -> "₦1,234.50": what a person reads, always two decimals. */
export function formatAmount(minor: number, currency: Currency): string {
  const [whole = '0', fraction] = toDecimalString(Math.abs(minor)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${currencies[currency].symbol}${grouped}.${fraction}`;
}

/** The platform's commission, in basis points: a flat 2%. */
export const platformFeeBasisPoints = 200;

/**
 * The fee on a released amount, the one place it is computed: 2% rounded half up to the minor
 * unit. fee + payout always equals the amount, so no kobo is created or lost.
 */
export function platformFee(amountMinor: number): number {
  assertMinor(amountMinor);
  if (amountMinor < 0) throw new RangeError('amount must not be negative');
  // BigInt: amount x basis points can pass 2^53 for large amounts.
  return Number((BigInt(amountMinor) * BigInt(platformFeeBasisPoints) + 5_000n) / 10_000n);
}

/** What the creator receives for a released amount. */
export function payoutAfterFee(amountMinor: number): number {
  return amountMinor - platformFee(amountMinor);
}

function assertMinor(n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError('amounts are integers of minor units');
}
