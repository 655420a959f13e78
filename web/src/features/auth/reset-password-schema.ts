import { confirmPasswordResetRequestSchema } from '@escrow/api/identity';
import * as z from 'zod';
import { authPageMessages } from './messages';
import { requiredField } from './required-field';

/**
 * The new password of the reset request (the link's token is added on submit), plus the
 * confirmation the server never sees; spec §8 "Reset" has one text for either field left empty.
 */
export const resetPasswordFormSchema = z
  .object({
    newPassword: requiredField(authPageMessages.fillBothPasswords, confirmPasswordResetRequestSchema.shape.newPassword),
    confirmPassword: requiredField(authPageMessages.fillBothPasswords, z.string()),
  })
  .refine(({ newPassword, confirmPassword }) => newPassword === confirmPassword, {
    path: ['confirmPassword'],
    message: authPageMessages.passwordsDoNotMatch,
  });
