import { pinMessages, pinSchema, resetPinRequestSchema } from '@escrow/api/account';
import * as z from 'zod';
import { accountPageMessages } from './messages';

/**
 * The PIN page's second step: the server's request, each problem said once, where it is. A code
 * that is not 6 digits is asked for (never called expired before anything was sent); a new PIN
 * that is not 4 digits is refused under its own box only, and the confirmation is refused only
 * for not matching a new PIN that could be taken (it would otherwise repeat the new PIN's refusal).
 */
export const resetPinFormSchema = z
  .object({
    code: z.string().regex(/^\d{6}$/, accountPageMessages.enterPinCode),
    pin: resetPinRequestSchema.shape.pin,
    confirmPin: z.string(),
  })
  .refine(({ pin, confirmPin }) => !pinSchema.safeParse(pin).success || pin === confirmPin, {
    message: pinMessages.mismatch,
    path: ['confirmPin'],
  });
