import { securityQuestionRequestSchema, verifyAnswerAndResetRequestSchema } from '@escrow/api/identity';
import * as z from 'zod';
import { authPageMessages } from './messages';
import { requiredField } from './required-field';

/** The first step: the account's email, for its security question (the device is added on submit). */
export const forgotPasswordEmailSchema = z.object({
  email: requiredField(authPageMessages.enterEmail, securityQuestionRequestSchema.shape.email),
});

/** The second step: the answer to that question (the email found and the device are added on submit). */
export const forgotPasswordAnswerSchema = z.object({
  securityAnswer: requiredField(authPageMessages.enterAnswer, verifyAnswerAndResetRequestSchema.shape.securityAnswer),
});
