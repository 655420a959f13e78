import * as z from 'zod';
import { exceedsMaxAmount, maxAmountMinor, parseAmount, toDecimalString } from '../domain/money';

/**
 * Pieces every API schema uses. The API schemas are the wire shapes shared by the Lambdas (they
 * validate requests with them) and the web app (it types requests and parses replies with them).
 */

/** Non-empty trimmed text of at most `max` characters, with one message for every way it can be wrong. */
export const requiredText = (max: number, message?: string) =>
  z
    .string(message ? { message } : undefined)
    .trim()
    .min(1, message)
    .max(max, message);

/** The refusal of an amount above the cap of one contract (domain/money.ts `maxAmountMinor`). */
export const amountTooLarge = `Amount must not be more than ${toDecimalString(maxAmountMinor).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.`;

/**
 * A positive amount (or, with `allowZero`, 0 or more) with at most two decimals, as typed (string
 * or number) -> integer minor units, never through floats; above the cap of one contract it is
 * refused with its own message.
 */
export const amountSchema = (message: string, { allowZero = false } = {}) =>
  z.union([z.string(), z.number()], { message }).transform((value, ctx) => {
    if (exceedsMaxAmount(value)) {
      ctx.addIssue({ code: 'custom', message: amountTooLarge });
      return z.NEVER;
    }
    const minor = parseAmount(value);
    if (minor === null || minor < 0 || (minor === 0 && !allowZero)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return minor;
  });

/** The `{id}` of a resource path. */
export const pathIdSchema = z.object({ id: z.string().trim().min(1).max(128) });

// The `error` of a 500 and of an unworded 400, defined where the web app's entry can read them without zod.
export { internalErrorMessage, invalidRequestMessage } from './http';

/** A reply that only says what happened. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The reply of a create: the new item's id. */
export const createdResponseSchema = z.object({ id: z.string() });
