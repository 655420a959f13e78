import { exceedsMaxAmount, maxAmountMinor, readAmount, toDecimalString } from '../domain/money';
import * as z from '../domain/zod';

/**
 * Pieces every API schema uses. The API schemas are the wire shapes shared by the Lambdas (they
 * validate requests with them) and the web app (it types requests and parses replies with them).
 */

/** Non-empty trimmed text of at most `max` characters, with one message for every way it can be wrong. */
export const requiredText = (max: number, message?: string) =>
  z.string(message ? { message } : undefined).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

/** The refusal of an amount above the cap of one contract (domain/money.ts `maxAmountMinor`). */
export const amountTooLarge = `Amount must not be more than ${toDecimalString(maxAmountMinor).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.`;

/**
 * A positive amount (or, with `allowZero`, 0 or more) as typed (string or number: "85000.50",
 * "85,000.50") -> integer minor units, never through floats. Text that could mean two amounts
 * ("85.000,50", "85k", three decimals) is refused saying what it seems to mean (domain/money.ts
 * `readAmount`), never reread; above the cap of one contract it is refused with its own message.
 */
export const amountSchema = (message: string, { allowZero = false } = {}) =>
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
        ctx.issues.push({ code: 'custom', message: (!reading.ok && reading.reason) || message, input: value });
        return z.NEVER;
      }
      return reading.minor;
    }),
  );

/**
 * The product's ids (contracts, templates, notifications) are ULIDs, upper case; one typed or
 * pasted in lower case is the same id (Crockford base32 ignores case).
 */
export const idSchema = (message?: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(64, message), z.toUpperCase());

/** The `{id}` of a resource path. */
export const pathIdSchema = z.object({ id: idSchema() });

// The `error` of a 500 and of an unworded 400, defined where the web app's entry can read them without zod.
export { internalErrorMessage, invalidRequestMessage } from './http';

/** A reply that only says what happened. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The reply of a create: the new item's id. */
export const createdResponseSchema = z.object({ id: z.string() });
