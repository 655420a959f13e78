import { evidenceMessages, evidencePerMessage } from '../domain/evidence';
import {
  type AmountReading,
  amountNotANumber,
  amountTooLarge,
  type Currency,
  createCurrencies,
  currencyNotAvailable,
  defaultCurrency,
  editCurrencies,
  exceedsMaxAmount,
  isCurrency,
  isEscrowCurrency,
  maxAmountMinor,
  readAmount,
} from '../domain/money';
import * as z from '../domain/zod';

/**
 * Pieces every API schema uses. The API schemas are the wire shapes shared by the Lambdas (they
 * validate requests with them) and the web app (it types requests and parses replies with them).
 */

/** Non-empty trimmed text of at most `max` characters, with one message for every way it can be wrong. */
export const requiredText = (max: number, message?: string) =>
  z.string(message ? { message } : undefined).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

export { amountNotANumber, amountTooLarge } from '../domain/money';

/**
 * A positive amount (or, with `allowZero`, 0 or more) as typed (string or number: "85000.50",
 * "85,000.50") -> integer minor units, never through floats. One refusal per problem, each saying
 * that problem: blank, zero or negative is `message`; text that is no number at all ("abc") is
 * `notANumber`; text that could mean two amounts ("85.000,50", "85k", three decimals) says what it
 * seems to mean (domain/money.ts `readAmount`), never reread; above the cap of one contract,
 * `amountTooLarge`.
 */
export const amountSchema = (message: string, { allowZero = false, notANumber = amountNotANumber } = {}) =>
  z.pipe(
    z.union([z.string(), z.number()], { message }),
    z.transform((value: string | number, ctx) => {
      const reading = readAmount(value);
      if (
        exceedsMaxAmount(typeof value === 'string' ? value.trim().replaceAll(',', '') : value) ||
        (reading.ok && reading.minor > maxAmountMinor)
      ) {
        ctx.issues.push({ code: 'custom', message: amountTooLarge, input: value });
        return z.NEVER;
      }
      if (!reading.ok || (reading.minor === 0 && !allowZero)) {
        ctx.issues.push({ code: 'custom', message: amountRefusal(value, reading, message, notANumber), input: value });
        return z.NEVER;
      }
      return reading.minor;
    }),
  );

/**
 * The check of an offer (contract, template) that words its refused amount in the offer's
 * currency. The amount's field (`amountSchema`) is read before the currency beside it, so a
 * refusal of `readAmount`'s says "decimals"; once the offer is read, it is said again naming the
 * currency's minor unit ("a comma before the cents", "at most two decimals (pence)"). It runs
 * although the field failed (`when`): rewording that refusal is all it is for. A currency that is
 * not one leaves the neutral words (its own refusal follows).
 */
export const amountInOfferCurrency = (field: string) =>
  z.check<unknown>(
    (payload) => {
      const offer = payload.value;
      if (typeof offer !== 'object' || offer === null || !('currency' in offer)) return;
      const { currency } = offer;
      if (typeof currency !== 'string' || !isCurrency(currency)) return;
      for (const [index, issue] of payload.issues.entries()) {
        if (issue.code !== 'custom' || issue.path?.length !== 1 || issue.path[0] !== field) continue;
        const input = issue.input;
        if (typeof input !== 'string' && typeof input !== 'number') continue;
        const neutral = readAmount(input);
        const inCurrency = readAmount(input, currency);
        if (!neutral.ok && neutral.reason !== null && issue.message === neutral.reason && !inCurrency.ok && inCurrency.reason)
          payload.issues[index] = { ...issue, message: inCurrency.reason };
      }
    },
    { when: () => true },
  );

/** Why `value` is refused: what `readAmount` says of it, or `message` for blank, zero or negative, or `notANumber`. */
function amountRefusal(value: string | number, reading: AmountReading, message: string, notANumber: string): string {
  if (!reading.ok && reading.reason) return reading.reason;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const blankZeroOrNegative = text === '' || reading.ok || /^-\s*[₦$€£¥]?\s*[\d.,]+$/.test(text);
  return blankZeroOrNegative ? message : notANumber;
}

/**
 * The product's ids (contracts, templates, notifications) are ULIDs, upper case; one typed or
 * pasted in lower case is the same id (Crockford base32 ignores case).
 */
export const idSchema = (message?: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(64, message), z.toUpperCase());

/** The `{id}` of a resource path. */
// A currency the product knows but does not hold in escrow is refused with the spec's words for it.
const heldInEscrow = z.refine<Currency>(isEscrowCurrency, { error: (i) => currencyNotAvailable(i.input as Currency) });

/** The currency of a new contract or template: one of the spec's, the default when left out. */
export const newOfferCurrencySchema = () => z._default(z.enum(createCurrencies), defaultCurrency).check(heldInEscrow);

/** The currency of an edited contract or template: required; `message` is the form's own refusal of anything else. */
export const editedOfferCurrencySchema = (message: string) => z.enum(editCurrencies, { message }).check(heldInEscrow);

export const pathIdSchema = z.object({ id: idSchema() });

// The `error` of a 500 and of an unworded 400, defined where the web app's entry can read them without zod.
export { internalErrorMessage, invalidRequestMessage } from './http';

/** A reply that only says what happened. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The reply of a create: the new item's id. */
export const createdResponseSchema = z.object({ id: z.string() });

/** `health`: the API answers. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * The evidence files a message carries (a delivery, a dispute statement: issue 38), by id: at most
 * 5, none twice. Whether each is the caller's own confirmed file for it is the service's check.
 */
export const attachedEvidenceSchema = () =>
  z.optional(
    z.array(idSchema(evidenceMessages.notAttachable), { message: evidenceMessages.tooMany }).check(
      z.maxLength(evidencePerMessage, evidenceMessages.tooMany),
      z.refine((ids) => new Set(ids).size === ids.length, evidenceMessages.notAttachable),
    ),
  );
