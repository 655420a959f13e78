import { signupRequestSchema } from '@escrow/api/identity';
import * as z from 'zod';
import { authPageMessages } from './messages';
import { requiredField } from './required-field';

const { email, password, userData } = signupRequestSchema.shape;

/**
 * The sign-up request's fields as the person fills them in (the captcha token and the device are
 * added on submit), each marked when missing, plus the confirmation the server never sees.
 */
export const signupFormSchema = z
  .object({
    email: requiredField(authPageMessages.enterEmail, email),
    password: requiredField(authPageMessages.enterPassword, password),
    confirmPassword: requiredField(authPageMessages.confirmYourPassword, z.string()),
    userData: z.object({
      full_name: requiredField(authPageMessages.enterFullName, userData.shape.full_name),
      phone_number: requiredField(authPageMessages.enterPhoneNumber, userData.shape.phone_number),
      security_question: requiredField(authPageMessages.chooseSecurityQuestion, userData.shape.security_question),
      security_answer: requiredField(authPageMessages.enterAnswer, userData.shape.security_answer),
    }),
  })
  .refine(({ password, confirmPassword }) => password === confirmPassword, {
    path: ['confirmPassword'],
    message: authPageMessages.passwordsDoNotMatch,
  });
