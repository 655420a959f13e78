import { signupRequestSchema } from '@escrow/api/identity';
import * as z from 'zod';
import { authPageMessages } from './messages';
import { isCompleteOtp } from './otp';
import { requiredField } from './required-field';

/**
 * The answer to the security question goes to Cognito's challenge, not to an API request: it is
 * the answer sign-up stored, so sign-up's rule for it is the one it meets.
 */
export const securityAnswerFormSchema = z.object({
  securityAnswer: requiredField(authPageMessages.enterAnswer, signupRequestSchema.shape.userData.shape.security_answer),
});

/** The emailed code; its button stays disabled until the code is complete (spec §5), so this is the last guard. */
export const otpFormSchema = z.object({
  otp: z.string().refine(isCompleteOtp, authPageMessages.invalidOtp),
});
