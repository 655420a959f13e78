/**
 * Money is an integer count of minor units (kobo, cents, yen) with its currency, everywhere. How
 * many minor units make a major one is the currency's own (ISO 4217), never assumed to be 100.
 * Decimal strings are parsed by hand, never through floating point, so "0.1" + "0.2" stays exact.
 */
export const currencyCodes = ['NGN', 'USD', 'EUR', 'GBP', 'JPY', 'CAD'] as const;
export type Currency = (typeof currencyCodes)[number];

/** Each currency's symbol and its minor digits (ISO 4217's exponent: the yen has no minor unit). */
export const currencies = {
  NGN: { symbol: '₦', minorDigits: 2 },
  USD: { symbol: '$', minorDigits: 2 },
  EUR: { symbol: '€', minorDigits: 2 },
  GBP: { symbol: '£', minorDigits: 2 },
  JPY: { symbol: '¥', minorDigits: 0 },
  CAD: { symbol: 'C$', minorDigits: 2 },
} as const satisfies Record<Currency, { symbol: string; minorDigits: number }>;

/** Minor units per major unit of `currency`: 100 kobo to the naira, 1 to the yen. */
export function minorPerMajorOf(currency: Currency): number {
  return 10 ** currencies[currency].minorDigits;
}

/** Currencies offered by the create forms; detail and edit views add JPY and CAD. */
export const createCurrencies = ['USD', 'EUR', 'GBP', 'NGN'] as const satisfies readonly Currency[];
export const editCurrencies = [...createCurrencies, 'JPY', 'CAD'] as const satisfies readonly Currency[];
export const defaultCurrency = 'NGN' satisfies Currency;

/**
 * The currencies money can go through escrow in, end to end: charged, held, paid out and refunded.
 * The provider charges cards in each of them and refunds in the charged currency; its bank-transfer
 * and OPay charges take NGN only (domain/payment.ts says which way to pay takes which). The others
 * (JPY, CAD) the forms show as not yet available and the server refuses (never take money that
 * cannot be paid out).
 */
export const escrowCurrencies = ['NGN', 'USD', 'EUR', 'GBP'] as const satisfies readonly Currency[];
export type EscrowCurrency = (typeof escrowCurrencies)[number];

/**
 * The minor digits of every escrow currency. Amounts are typed, parsed (parseAmount, readAmount,
 * describeAmount, usableAmount, exceedsMaxAmount), sent to and read from the provider with two
 * decimals, whatever the currency: right only because money goes through escrow in two-decimal
 * currencies alone. So a currency with other minor digits (JPY) added to `escrowCurrencies` fails
 * here, at compile time and on import (every test), until parsing is made per currency; it must
 * never silently read "1500" yen as 150000.
 */
export const escrowMinorDigits = 2;
const escrowMinorPerMajor = 10 ** escrowMinorDigits;

/** Throws unless each of `escrow` has {@link escrowMinorDigits} minor digits (see there). */
export function assertEscrowMinorDigits(escrow: readonly Currency[]): void {
  const others = escrow.filter((currency) => currencies[currency].minorDigits !== escrowMinorDigits);
  if (others.length > 0)
    throw new Error(
      `Escrow currencies must have ${escrowMinorDigits} minor digits, as amounts are parsed with ${escrowMinorDigits} decimals: ${others.map((c) => `${c} has ${currencies[c].minorDigits}`).join(', ')}. Make parsing per currency first.`,
    );
}
assertEscrowMinorDigits(escrowCurrencies);
// The same check for the compiler: an escrow currency of other minor digits makes this `never`.
true satisfies (typeof currencies)[EscrowCurrency]['minorDigits'] extends typeof escrowMinorDigits ? true : never;

/** Whether a code (from a provider, say) is a currency the product knows. */
export const isCurrency = (code: string): code is Currency => (currencyCodes as readonly string[]).includes(code);

export function isEscrowCurrency(currency: Currency): boolean {
  return (escrowCurrencies as readonly Currency[]).includes(currency);
}

/** The refusal of a currency escrow cannot carry yet, naming those it can. */
export const currencyNotAvailable = (currency: Currency) =>
  `Only ${escrowCurrencies.map((code) => `${code} (${currencies[code].symbol})`).join(', ')} can go through escrow for now: ${currency} contracts are not available yet.`;

const amountPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * The most one contract may be worth, in minor units of any currency: 1,000,000,000.00. Contracts
 * typed in and contracts made from a template (base price x quantity) are held to it alike.
 */
export const maxAmountMinor = 100_000_000_000;

/** Whether an amount as typed is a plain positive number beyond {@link maxAmountMinor} (too many digits for parseAmount). */
export function exceedsMaxAmount(input: string | number): boolean {
  if (typeof input === 'number') return Number.isFinite(input) && input * escrowMinorPerMajor > maxAmountMinor;
  const minor = parseAmount(input);
  if (minor !== null) return minor > maxAmountMinor;
  return /^\d{14,}(?:\.\d{1,2})?$/.test(input.trim());
}

/**
 * "1234.5" -> 123450: an amount of an escrow currency (two minor digits, see
 * {@link escrowMinorDigits}), as typed or as the provider writes it. Accepts a plain decimal with
 * at most two decimals (also a number, as typed in a form); returns null for anything else
 * (negative, exponent, three decimals, empty).
 */
export function parseAmount(input: string | number): number | null {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  if (text === null) return null;
  const match = amountPattern.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * escrowMinorPerMajor + Number(fraction.padEnd(escrowMinorDigits, '0'));
}

/**
 * How an amount as typed reads: its minor units, or why it cannot be read, naming what the text
 * seems to say. Accepts "85000", "85000.5", "85,000.50" (commas only between thousands) and a
 * leading currency symbol. Refuses what could mean two things, never guessing: "85.000,50"
 * (dots for thousands), "85,50" (a comma for kobo), "85.000" or "123.456" (three decimals),
 * "85k". `reason` is null for text that is no amount at all (the caller's own message). The reason
 * names `currency`'s minor unit ({@link minorUnitNames}), or says "decimals" without one.
 */
export type AmountReading = { ok: true; minor: number } | { ok: false; reason: string | null };

/**
 * What a refusal calls the decimals of an amount: the currency's minor unit, plural, as a person
 * says it ("85,50" in a dollar contract is a comma before the cents, not the kobo). The yen has
 * none; it and an amount of no known currency (a refund typed before its contract is read) say
 * "decimals".
 */
export const minorUnitNames = {
  NGN: 'kobo',
  USD: 'cents',
  EUR: 'euro cents',
  GBP: 'pence',
  JPY: null,
  CAD: 'cents',
} as const satisfies Record<Currency, string | null>;

export function readAmount(input: string | number, currency?: Currency): AmountReading {
  if (typeof input === 'number') {
    const text = numberToPlainString(input);
    return text === null ? { ok: false, reason: null } : readAmount(text, currency);
  }
  const minorUnit = (currency && minorUnitNames[currency]) ?? null;
  const text = input.trim().replace(/^[₦$€£¥]\s*/, '');
  const quoted = `"${input.trim()}"`;
  const plain = /^\d+(?:\.\d{1,2})?$/.test(text)
    ? text
    : /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/.test(text)
      ? text.replaceAll(',', '')
      : null;
  if (plain !== null) {
    if (/^\d{14,}/.test(plain)) return { ok: false, reason: null };
    const minor = parseAmount(plain);
    return minor === null ? { ok: false, reason: null } : { ok: true, minor };
  }
  const dottedThousands = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(text);
  if (dottedThousands?.[1] && (dottedThousands[2] || dottedThousands[1].split('.').length > 2)) {
    const whole = dottedThousands[1].replaceAll('.', '');
    const read = `${groupThousands(whole)}${dottedThousands[2] ? `.${dottedThousands[2].padEnd(2, '0')}` : ''}`;
    return { ok: false, reason: `${quoted} looks like ${read} written with dots between thousands. Type it as ${read}.` };
  }
  const threeDecimals = /^(\d+)\.(\d{3,})$/.exec(text);
  if (threeDecimals?.[1] && threeDecimals[2]) {
    const [, whole, fraction] = threeDecimals;
    const asThousands = fraction.length === 3 ? `${groupThousands(`${whole}${fraction}`)} or ` : '';
    return {
      ok: false,
      reason: `${quoted} has ${fraction.length} decimals: did you mean ${asThousands}${groupThousands(whole)}.${fraction.slice(0, 2)}? An amount has at most two decimals${minorUnit ? ` (${minorUnit})` : ''}.`,
    };
  }
  const commaDecimals = /^(\d+),(\d{1,2})$/.exec(text);
  if (commaDecimals?.[1] && commaDecimals[2]) {
    const read = `${groupThousands(commaDecimals[1])}.${commaDecimals[2].padEnd(2, '0')}`;
    const decimals = minorUnit ?? 'decimals';
    return {
      ok: false,
      reason: `${quoted} uses a comma before the ${decimals}: did you mean ${read}? Type a dot before the ${decimals}.`,
    };
  }
  const shorthand = /^(\d+(?:\.\d+)?)\s*([kKmM])$/.exec(text);
  if (shorthand?.[1] && shorthand[2]) {
    const times = shorthand[2].toLowerCase() === 'k' ? 1_000 : 1_000_000;
    const [whole = '0', fraction = ''] = shorthand[1].split('.');
    const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
    const zeros = String(times).length - 1 - fraction.length;
    const read = zeros >= 0 ? groupThousands(`${digits}${'0'.repeat(zeros)}`) : null;
    return {
      ok: false,
      reason: `${quoted} is short for ${read ?? `${shorthand[1]} × ${groupThousands(String(times))}`}: type the amount in full${read ? `, ${read}` : ''}.`,
    };
  }
  if (/^\d{1,3}(?:,\d+)+(?:\.\d+)?$/.test(text) || /^\d+,\d{3,}/.test(text))
    return { ok: false, reason: `${quoted} has commas in the wrong places: commas go between thousands, as in 85,000.50.` };
  return { ok: false, reason: null };
}

/** The refusal of text that is no amount at all ("abc"): what an amount looks like, never "greater than zero". */
export const amountNotANumber = 'Amount must be a number, such as 85000 or 85,000.50.';

/** The refusal of an amount above the cap of one contract ({@link maxAmountMinor}). */
export const amountTooLarge = `Amount must not be more than ${groupThousands(String(maxAmountMinor / escrowMinorPerMajor))}.00.`;

/**
 * An amount as typed, as a person reads it back under the box: "₦85,000.50", or why it cannot be
 * taken (`readAmount`'s reason, above the cap of one contract, or `unreadable`).
 */
export function describeAmount(input: string, currency: Currency, unreadable = amountNotANumber): { ok: boolean; text: string } {
  if (
    exceedsMaxAmount(
      input
        .trim()
        .replace(/^[₦$€£¥]\s*/, '')
        .replaceAll(',', ''),
    )
  )
    return { ok: false, text: amountTooLarge };
  const reading = readAmount(input, currency);
  if (reading.ok) return { ok: true, text: formatAmount(reading.minor, currency) };
  return { ok: false, text: reading.reason ?? unreadable };
}

/**
 * The amount typed, in minor units, when a contract can carry it (above zero, at most the cap of
 * one contract); null otherwise. Figures derived from an amount (the fee, the payout) are shown
 * only for one of these, never beside a refusal.
 */
export function usableAmount(input: string): number | null {
  const reading = readAmount(input);
  return reading.ok && reading.minor > 0 && reading.minor <= maxAmountMinor ? reading.minor : null;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function numberToPlainString(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  // toString gives the shortest decimal that round-trips, e.g. 0.1 -> "0.1", 1e21 -> exponent (refused).
  return n.toString();
}

/** 123450 -> "1234.50", 1500 yen -> "1500": a plain decimal string with `digits` decimals. */
function decimalString(minor: number, digits: number): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const perMajor = 10 ** digits;
  return `${sign}${Math.trunc(abs / perMajor)}.${String(abs % perMajor).padStart(digits, '0')}`;
}

/**
 * 123450, 'NGN' -> "1234.50"; 1500, 'JPY' -> "1500": the amount as a plain string with the
 * currency's own decimals (for inputs and the provider).
 */
export function toDecimalString(minor: number, currency: Currency): string {
  return decimalString(minor, currencies[currency].minorDigits);
}

/**
 * 123450 -> "1234.50": the inverse of parseAmount, for an amount with no Currency in hand that is
 * two-decimal by construction: one of an escrow currency on the provider's wire (escrow currencies
 * all have two minor digits, checked above), or one the provider wrote in a currency the product
 * does not know, read through parseAmount. An amount of a known currency takes toDecimalString.
 */
export function toTwoDecimalString(minor: number): string {
  return decimalString(minor, escrowMinorDigits);
}

/** 123450, 'NGN' -> "₦1,234.50"; 1500, 'JPY' -> "¥1,500": what a person reads, in the currency's own decimals. */
export function formatAmount(minor: number, currency: Currency): string {
  const [whole = '0', fraction] = toDecimalString(Math.abs(minor), currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${currencies[currency].symbol}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
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

/** The platform fee as people read it: "2%". */
export const platformFeePercent = `${platformFeeBasisPoints / 100}%`;

/** What the seller will be paid for a contract of `amountMinor`, told before it is made: "You will receive X after the 2% fee". */
export function feePreview(amountMinor: number, currency: Currency): string {
  return `You will receive ${formatAmount(payoutAfterFee(amountMinor), currency)} after the ${platformFeePercent} fee`;
}

function assertMinor(n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError('amounts are integers of minor units');
}

/**
 * A provider's major-unit amount that may carry fractions of a kobo, as whole minor units rounded
 * half up: 26.875 -> 2688, 10.75 -> 1075, 0.005 -> 1, "53.75" -> 5375. The provider's fees are
 * the only amounts it writes with sub-kobo parts (a transfer fee with 7.5% VAT); the sandbox's
 * balance and the ledger both round them this one way, so the two agree to the kobo. The decimal
 * text is read digit by digit (BigInt), never multiplied as a float. Throws a RangeError for a
 * negative, NaN, an exponent, or anything else that is not a plain decimal.
 */
export function roundedMinorFromProvider(amount: number | string): number {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = text === null ? null : /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Provider amount ${JSON.stringify(amount)} is not a plain non-negative decimal`);
  const [, whole = '0', fraction = ''] = match;
  const kobo = BigInt(whole) * BigInt(escrowMinorPerMajor) + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  // Half up: the digit after the kobo decides, whatever follows it (0.0049 -> 0, 0.005 -> 1).
  const minor = (fraction[2] ?? '0') >= '5' ? kobo + 1n : kobo;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Provider amount ${JSON.stringify(amount)} is too large`);
  return Number(minor);
}
